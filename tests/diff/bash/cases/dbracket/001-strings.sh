x='a b'
[[ $x == 'a b' ]] && echo eq
[[ $x = a* ]] && echo glob
[[ $x == "a*" ]] || echo quoted-star-literal
[[ $x != b* ]] && echo ne
[[ -n $x && -z $nope ]] && echo nz
[[ abc < abd ]] && echo lt
[[ b > a ]] && echo gt
[[ $x ]] && echo nonempty
[[ ! -e /nonexistent/x ]] && echo missing
