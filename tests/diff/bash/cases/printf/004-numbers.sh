printf '%*d|%-*d|%.*f|%0*d\n' 5 1 4 2 2 3.14159 4 7
printf '%*s|%-*s|\n' -4 a 3 b
printf '%i %o %x %X %u %#x %#o\n' -1 8 255 255 -1 255 8
printf '%d\n' "'a" '"b' 0x10 010 -0 ' 7' +3
printf '%ld %lld %hd %zu %jd\n' 1 2 3 4 5
printf '%e %g %a %E %G\n' 1.5 0.0001 1 12345.678 0.00001234
printf '%f %.2f %10.3f|\n' 1e10 2.345 -1.5
printf '%.3s|%10.2s|%-4s|\n' abcdef xyz ab
printf '%c|%c|%c\n' abc 1 ''  | od -An -c
printf '%s %s\n' a; printf '%d %s|\n'
printf '%s\n' a b c; printf '%s=%s\n' k1 v1 k2
printf '%%|%5s%%\n' x
