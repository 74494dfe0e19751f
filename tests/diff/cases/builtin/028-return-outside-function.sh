printf 'return 4\n' > r.sh
. ./r.sh
echo "dot returned $?"
