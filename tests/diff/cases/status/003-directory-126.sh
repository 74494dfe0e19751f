mkdir dir
./dir 2>/dev/null
echo $?
