set -- "a b" "c"
eval 'for x in "$@"; do echo "[$x]"; done'
eval "set -- x y z"
echo "$#"
