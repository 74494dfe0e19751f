diff <(printf 'a\nb\n') <(printf 'a\nc\n'); echo "st=$?"
cat <(echo hi)
while read -r l; do echo "got $l"; done < <(printf '1\n2\n')
{ echo x > >(cat); } | cat
paste <(seq 3) <(seq 4 6)
for i in 1 2 3; do cat <(echo $i); done
echo "$(cat <(echo nested))"
