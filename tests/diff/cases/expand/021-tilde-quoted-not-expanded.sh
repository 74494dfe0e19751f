HOME=/h
a=\~ b='~' c="~" d=~\/
printf '[%s]' "$a" "$b" "$c" "$d" \~ '~' "~" ~\/; echo
