trap 'echo usr1' usr1
trap 'echo x' int term
trap
kill -USR1 $$
