: anything $(echo expanded) > f
echo "status $?"
[ -f f ] && echo "redirect done"
false; :
echo $?
