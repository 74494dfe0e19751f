unset a
echo ${a?} 2>/dev/null
echo not reached
