printf 'a\nb c\n\nd' > mf.txt
mapfile x < mf.txt; declare -p x
mapfile -t < mf.txt; declare -p MAPFILE
readarray -t -s 1 -n 2 y < mf.txt; declare -p y
mapfile -t -O 5 y < mf.txt; declare -p y
printf 'p:q:r' | { mapfile -d: -t z; declare -p z; }
printf '1\n2\n3\n' | { mapfile -n 1 f; read r; echo "${f[0]}" "$r"; }
rm -f mf.txt
mapfile -q; echo st=$?
