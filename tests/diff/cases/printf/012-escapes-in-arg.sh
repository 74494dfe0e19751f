printf '%s\n' 'a\nb'
printf '%b\n' 'a\nb'
