printf '%s\n' a b c
printf '%s %s\n' 1 2 3
printf 'plain\n'
printf '%s|' "with space" ''
printf '\n'
