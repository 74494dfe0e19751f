d=$(mktemp -d); cd "$d"
touch a.c b.c c.h
echo *.c
echo *
cd /; rm -rf "$d"
