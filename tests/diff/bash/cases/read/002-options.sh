# -d, -n, -N, -u
printf 'a:b:c' | { read -d : x; echo "[$x] $?"; }
printf 'abcdef\n' | { read -n 3 x; echo "[$x] $?"; }
printf 'ab\ncdef\n' | { read -n 3 x; echo "[$x] $?"; }
printf 'ab\ncdef\n' | { read -N 4 x; echo "[$x] $?"; }
printf 'a b c d' | { read -N 5 x y; echo "[$x][$y] $?"; }
printf 'abc' | { read -n 5 x; echo "[$x] $?"; }
printf 'x\0y' | { read -d '' a; echo "[$a] $?"; }
exec 3</dev/null
read -u 3 x
echo "u3: $?"
echo hi | { read -u 0 x; echo "$x"; }
