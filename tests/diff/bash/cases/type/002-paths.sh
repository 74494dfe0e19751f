# -p prints a file's path (nothing for a builtin), -P searches PATH always
PATH=/usr/bin:/bin
type -p ls cd
echo "p: $?"
type -P cd ls
echo "P: $?"
type -a echo
type -ta printf
ls / >/dev/null
type ls
type -x
echo "bad: $?"
