false
for x in; do :; done
echo "empty for: $?"
for x in a; do false; done
echo "body: $?"
