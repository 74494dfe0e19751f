exec 3>&1
echo via3 >&3
{ echo inner >&3; } 3>f
echo after >&3
cat f
