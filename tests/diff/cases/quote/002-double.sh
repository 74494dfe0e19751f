x=val
printf '%s\n' "a $x \$x \"q\" 'sq' \\ \` \a"
