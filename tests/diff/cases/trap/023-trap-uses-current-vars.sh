x=before
trap 'echo "x=$x"' EXIT
x=after
