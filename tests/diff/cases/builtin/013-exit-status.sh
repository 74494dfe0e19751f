(exit 3); echo $?
(false; exit); echo $?
