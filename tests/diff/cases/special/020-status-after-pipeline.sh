sh -c 'exit 2' | sh -c 'exit 3'
echo $?
