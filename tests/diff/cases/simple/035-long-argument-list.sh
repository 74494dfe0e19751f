set -- $(i=0; while [ $i -lt 500 ]; do echo $i; i=$((i+1)); done)
echo "$# ${500}"
