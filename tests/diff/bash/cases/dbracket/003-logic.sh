[[ 1 -eq 1 && ( 2 -gt 3 || 3 -gt 2 ) ]] && echo paren
[[ ! 1 -eq 2 ]] && echo not
[[ -n a || -n $(echo x >&2) ]] && echo short-or
[[ -z a && -n $(echo y >&2) ]] || echo short-and
[[ a == b || a == a && b == b ]] && echo prec
[[ 1 -eq 1 &&
   2 -eq 2 ]] && echo newline
if [[ -d / ]]; then echo dir; fi
while [[ $i != xxx ]]; do i+=x; done; echo "$i"
