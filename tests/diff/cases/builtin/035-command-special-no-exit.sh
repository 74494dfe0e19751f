readonly R=1
command eval 'R=2' 2>/dev/null
echo "still alive $?" | sed 's/[1-9][0-9]*$/N/'
