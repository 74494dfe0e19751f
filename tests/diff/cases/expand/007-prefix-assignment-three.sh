A=1 B=$A C=$A$B sh -c 'echo "$C"'
