# fi without if, after a command on the same line
echo a; fi
echo after
