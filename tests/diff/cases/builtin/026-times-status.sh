times > /dev/null
echo "status $?"
times | wc -l | tr -d ' '
