IFS=o
echo foo bar
x=foo
echo $x
echo "$x"
