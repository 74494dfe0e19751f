[ 1 -eq 1 ] && echo eq
[ 1 -ne 2 ] && echo ne
[ 1 -lt 2 ] && echo lt
[ 2 -le 2 ] && echo le
[ 3 -gt 2 ] && echo gt
[ 3 -ge 4 ] || echo not-ge
[ -5 -lt 0 ] && echo negative
