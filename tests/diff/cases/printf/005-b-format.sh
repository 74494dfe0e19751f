printf '%b\n' 'a\tb' 'c\nd'
printf '%b' 'stop\c here'
echo
printf '%b\n' '\0101'
