sh -c 'kill -9 $$'
echo $?
sh -c 'kill -INT $$'
echo $?
