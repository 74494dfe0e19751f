printf '%s\n' "$(echo "\"")"
printf '%s\n' "$(printf '%s' 'a\b')"
printf '%s\n' `printf '%s' 'c\\d'`
printf '%s\n' "`printf '%s' 'e\\\\f'`"
