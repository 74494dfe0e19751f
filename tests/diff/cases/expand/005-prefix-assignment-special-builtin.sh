A=1 B=$A :
echo "[$A][$B]"
