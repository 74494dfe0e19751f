cd /
cd /tmp
sh -c 'echo "[$OLDPWD] [$PWD]"'
