v=foo123bar
if [[ $v =~ [0-9]+ ]]; then echo "match $BASH_REMATCH"; fi
[[ $v =~ ^foo ]] && echo anchored
[[ $v =~ ^(foo|bar)[0-9]{3} ]] && echo group
[[ a.c =~ "." ]] && echo dot-literal-quoted
[[ abc =~ "." ]] || echo no-dot
re='^a.c$'
[[ abc =~ $re ]] && echo var-re
[[ x =~ y ]]; echo "st=$?"
[[ 'a b' =~ a\ b ]] && echo escaped-space
re="("; [[ x =~ $re ]]; echo "bad=$?"
