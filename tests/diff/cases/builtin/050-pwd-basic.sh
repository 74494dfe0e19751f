mkdir -p a/b
cd a/b
pwd | sed 's|.*/\(a/b\)$|\1|'
[ "$(pwd)" = "$PWD" ] && echo "pwd matches PWD"
