x=1 >created
echo "[$x]"
[ -f created ] && echo file made
