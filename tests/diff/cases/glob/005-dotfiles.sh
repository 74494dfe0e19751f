d=$(mktemp -d); cd "$d"
touch .hidden visible
echo *
echo .*h*
echo .h*
cd /; rm -rf "$d"
