mkdir -p a/tool2
PATH=$PWD/a:$PATH
tool2 2>/dev/null
echo "status $?"
