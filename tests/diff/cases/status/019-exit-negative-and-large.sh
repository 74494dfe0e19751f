(exit 257); echo $?
sh -c 'exit 128'; echo $?
