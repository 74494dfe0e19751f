x= ; unset y
echo $((x)) $((y)) $((x + y + 1))
