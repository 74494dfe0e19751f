printf '1\n2\n3\n' | { read x; cat; echo "x=$x"; }
