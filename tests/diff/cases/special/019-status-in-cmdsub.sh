false
echo "$(echo $?)"
x=$(false)
echo $?
