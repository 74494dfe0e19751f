trap 'echo got usr1' 10
kill -USR1 $$
echo after
