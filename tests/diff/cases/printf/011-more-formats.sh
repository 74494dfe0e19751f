printf '[%5.2s]\n' abcdef
printf '[%-+5d]\n' 3
printf '%d\n' " 42" "+7"
printf '%s\n' "$(printf 'a\0b' | tr '\0' '-')"
printf '%o %x\n' 0 -1 | cut -c1-4
