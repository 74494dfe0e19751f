unset OLDPWD
cd - >out
echo "status $?"
[ "$(cat out)" = "$PWD" ] && echo printed the folder
