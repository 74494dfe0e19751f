cd /tmp
cd /
cd ""
echo "status $? [$OLDPWD] [$PWD]"
