ulimit -n > /dev/null && echo "ulimit -n ok"
ulimit -f | grep -Eq '^(unlimited|[0-9]+)$' && echo "ulimit -f ok"
(ulimit -n 64; ulimit -n)
