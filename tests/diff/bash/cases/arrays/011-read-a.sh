printf 'a b  c\n' | { read -a x; declare -p x; }
IFS=: read -ra y <<< "p:q::r"; declare -p y; echo ${#y[@]}
y=old; read -a y <<< "n1 n2"; declare -p y
declare -A m; read -a m <<< "x"; echo st=$?
