[ -t 0 ] || echo "stdin not a tty"
[ -t 5 ] || echo "fd 5 not a tty"
