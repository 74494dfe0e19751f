printf '1\n2\n3\n' >f
read a <f
read b <f
echo "$a $b"
