export MYVAR='a b'
export -p | grep MYVAR
