echo hello
printf '%s\n' "two words"
sh -c 'exit 3'
