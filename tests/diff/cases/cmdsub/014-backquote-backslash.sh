echo `echo '\$x'`
echo `echo "\\\\"`
x=5
echo "`echo \$x`"
