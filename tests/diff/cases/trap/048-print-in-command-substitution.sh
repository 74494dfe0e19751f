trap 'echo caught' USR1
saved=$(trap)
trap - USR1
eval "$saved"
kill -USR1 $$
