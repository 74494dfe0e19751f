printf '1\n2\n3\n' >f
exec <f
read a
cat
echo "$a"
