echo 'f() { echo "from sourced function"; }' > lib.sh
. ./lib.sh
f
