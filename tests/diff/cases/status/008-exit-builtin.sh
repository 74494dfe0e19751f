(exit); echo $?
(false; exit); echo $?
(exit 3); echo $?
(exit 300); echo $?
