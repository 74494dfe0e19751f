x=5; declare -p x; export x; declare -p x
declare -i n=2+3; n+=4; echo $n; declare -p n
declare -a u; declare -p u; declare y; declare -p y
declare -irx z=3; declare -p z
q='a"b$c`d\e'; declare -p q
t=$'a\tb'; declare -p t
a=(); declare -p a
declare -A e; declare -p e
declare -A m=([k]=v ["a b"]=c); declare -p m
