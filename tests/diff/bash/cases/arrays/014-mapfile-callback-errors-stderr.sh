# mapfile's callback options and their errors, as bash words them
mapfile -c 0 -C f arr < /dev/null; echo "st=$?"
mapfile -c x arr < /dev/null; echo "st=$?"
mapfile -c -1 arr < /dev/null; echo "st=$?"
mapfile -C; echo "st=$?"
mapfile -c; echo "st=$?"
mapfile -n; echo "st=$?"
mapfile -C arr < /dev/null; echo "st=$? ${#MAPFILE[@]}"
mapfile -C nosuchcmd -c 1 arr < <(echo a) 2>/dev/null; echo "st=$? ${arr[0]}"
readonly ro
mapfile -C echo -c 1 ro <<<a; echo "st=$?"
