a=b b=final
eval echo \$$a
var=name
eval "$var=assigned"
echo "$name"
