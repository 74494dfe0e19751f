sh -c 'exit 0'; echo $?
sh -c 'exit 1'; echo $?
sh -c 'exit 255'; echo $?
sh -c 'exit 256'; echo $?
