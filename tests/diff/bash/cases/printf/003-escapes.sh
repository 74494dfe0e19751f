printf 'x\x41\u0042\e[1m\E[0m\"\?\'"'"'\101\0101|\n' | od -An -c
printf 'a\cb\n'; echo
printf 'q\z\1234|\x4g|\x\n' | od -An -c
printf '%b|\n' 'a\tb' 'c\0101' 'd\101' 'e\x41' 'g\e[0m' '\z' '\0' '\1234' '\"' | od -An -c
printf '%b|%s\n' 'stop\chere' after; echo
printf '%5b|%-5b|%.2b|\n' 'a\tb' x 'xyz'
printf '%s' '\n'; echo
