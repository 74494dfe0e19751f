d=$(mktemp -d); cd "$d"
echo *.none
echo no?match
echo [z]
set -- *.none
echo $#
cd /; rm -rf "$d"
