for x in a b c; do echo "$x"; done
for x in; do echo never; done
echo "empty list done"
