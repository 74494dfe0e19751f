unset a
echo $((${a=1} + 1)) $a
