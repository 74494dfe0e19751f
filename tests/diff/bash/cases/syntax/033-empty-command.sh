# ; with no command before it
echo a; ; echo b
echo after
