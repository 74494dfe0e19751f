set -e
false | true
echo "only last counts"
true | false
echo never
