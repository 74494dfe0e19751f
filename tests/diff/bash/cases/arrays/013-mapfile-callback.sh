# mapfile -C callback -c quantum: `callback index 'line'` before that line
# is stored, the array filled so far visible to it (issue 24)
f() { echo "cb $1 [$2] n=${#arr[@]} last=${arr[${#arr[@]}-1]}"; }
mapfile -t -C f -c 2 arr < <(printf '%s\n' a b c d e)
declare -p arr
mapfile -C 'echo x' -c 1 b < <(printf '%s\n' "it's" 'two $x')
declare -p b
mapfile -C f arr < <(printf '%s\n' a b)
echo "default quantum, st=$?"
declare -p arr
mapfile -t -C 'echo; false' -c 1 arr < <(echo a)
echo "the callback's status is not mapfile's: $?"
mapfile -t -O 3 -C f -c 1 arr < <(echo a; echo b)
declare -p arr
mapfile -t -s 1 -n 2 -C f -c 1 arr < <(printf '%s\n' a b c d)
declare -p arr
readarray -C 'printf "<%s>"' -c 3 arr < <(seq 7)
wait $!
echo
mapfile -d , -t -C 'echo' -c 1 arr <<<'p,q'
