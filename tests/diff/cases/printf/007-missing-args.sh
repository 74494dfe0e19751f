printf '%s-%s\n' only
printf '%d|\n'
printf '[%s]\n'
