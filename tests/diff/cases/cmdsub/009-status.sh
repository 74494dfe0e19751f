x=$(exit 3)
echo $?
x=$(true)
echo $?
