printf 'a\r\nb\r\n' >f
while read l; do printf '%s' "$l" | od -An -c | tr -s ' '; done <f
