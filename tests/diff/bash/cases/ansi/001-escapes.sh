printf '%s\n' $'a\tb' | od -An -c
printf '%s\n' $'\a\b\e\E\f\n\r\v\\\'\"\?' | od -An -c
printf '%s\n' $'\101\x42\x4' | od -An -c
printf '%s\n' $'\cA\c?' | od -An -c
printf '%s\n' $'\u0041\U00000042' | od -An -c
printf '%s\n' $'a\0b' | od -An -c
printf '%s\n' $'\q' "$'x'" '$y'
x=$'one\ntwo'; echo "$x"
echo $'' "[$'']"
case $'\t' in $'\t') echo tab-pattern ;; esac
