printf 'l1\nl2\nl3\nl4\n' >f
exec 4<f
{ read a; } <&4
cat <&4
