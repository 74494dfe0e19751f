d=$(mktemp -d); cd "$d"
touch a1 b2 C3 _4 .5
echo [[:alpha:]]*
echo [![:alpha:]]*
echo *[[:digit:]]
echo [a-b]*
cd /; rm -rf "$d"
