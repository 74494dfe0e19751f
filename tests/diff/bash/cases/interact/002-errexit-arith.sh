set -e
i=0
(( i++ )) || true
echo "i=$i"
(( i-- ))
echo "i=$i"
(( i ))
echo never
