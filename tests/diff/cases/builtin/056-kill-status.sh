kill -0 $$; echo $?
kill -s 0 $$; echo $?
