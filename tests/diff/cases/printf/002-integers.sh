printf '%d %i\n' 42 -7
printf '%5d|%-5d|%05d\n' 42 42 42
printf '%x %X %o\n' 255 255 8
printf '%d\n' 0x1f 010 "'A"
printf '%+d % d\n' 5 5
