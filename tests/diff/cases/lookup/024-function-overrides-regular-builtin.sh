echo() { printf 'mine %s\n' "$1"; }
echo hi
command echo builtin
