# --posix: $'...' is a $ and a quoted string
printf '%s\n' $'a\tb'
x=$'y'
printf '%s\n' "$x"
