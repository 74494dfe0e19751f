(exec echo in-subshell)
echo after
