( false )
echo $?
( exit 12 )
echo $?
