unset x
: ${x:=assigned}
echo "$x"
