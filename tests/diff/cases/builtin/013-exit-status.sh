(exit 3); echo $?
sh -c 'false; exit'; echo $?
