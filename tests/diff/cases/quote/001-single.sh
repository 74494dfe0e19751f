printf '%s\n' 'a $x `y` \n "q"'
printf '%s\n' 'multi
line'
