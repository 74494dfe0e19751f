a=$(false) b=$(true)
echo $?
a=$(true) b=$(false)
echo $?
