cd /tmp
cd /
cd - >/dev/null
echo "[$OLDPWD] [$PWD]"
