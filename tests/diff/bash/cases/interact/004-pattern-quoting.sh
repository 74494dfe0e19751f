p='a*'
[[ abc == $p ]] && echo unquoted-var-is-pattern
[[ abc == "$p" ]] || echo quoted-var-literal
[[ 'a*' == "$p" ]] && echo literal-match
[[ abc == a"*" ]] || echo partly-quoted
[[ a?c == a\?c ]] && echo escaped
[[ abc == [ab]* ]] && echo bracket
[[ ABC != *[a-z]* ]] && echo no-lower
case x in x) [[ -n x ]] && echo in-case ;; esac
