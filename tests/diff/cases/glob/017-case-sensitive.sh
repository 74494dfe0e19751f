d=$(mktemp -d); cd "$d"
touch File file
echo [Ff]ile
echo f*
cd /; rm -rf "$d"
