v='a b'
set -x
echo $v "${v% b}" $((1 + 2))
set +x
