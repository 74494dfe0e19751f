sh -c 'kill -TERM $$' | cat
echo $?
