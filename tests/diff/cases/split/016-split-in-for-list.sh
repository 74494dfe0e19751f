list='1 2 3'
IFS=' '
for i in $list 4 "5 6"; do echo "[$i]"; done
