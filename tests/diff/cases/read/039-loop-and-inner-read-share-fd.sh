printf 'l1\nl2\nl3\nl4\n' >f
exec 4<f
while read a; do echo "got $a"; read b <&4; echo "and $b"; done <&4
