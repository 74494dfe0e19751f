x=1 y=2 env | grep -E '^(x|y)=' | sort
echo "after: [${x-unset}] [${y-unset}]"
