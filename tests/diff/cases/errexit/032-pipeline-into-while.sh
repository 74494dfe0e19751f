set -e
printf 'a\nb\n' | while read l; do echo "$l"; done
echo end
