x=before
echo new | read x
echo "x=$x"
echo a | { read y; echo "inside: $y"; }
