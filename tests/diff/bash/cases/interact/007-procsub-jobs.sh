cat <(sleep 0.1; echo late) &
wait
echo after-wait
comm -12 <(printf 'a\nb\nc\n') <(printf 'b\nc\nd\n')
x=$(cat <(echo in-cmdsub)); echo "$x"
f() { cat "$1"; }; f <(echo via-func)
read -r v < <(echo from-procsub); echo "$v"
{ tee >(wc -c) <<< hello >/dev/null; } | cat
