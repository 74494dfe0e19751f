trap "echo 'a b'" INT
trap 'echo "it'"'"'s"' USR1
trap
