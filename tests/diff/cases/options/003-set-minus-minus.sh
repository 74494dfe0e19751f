set -- -e -x
echo "$*"
case $- in *e*) echo bad ;; *) echo "options untouched" ;; esac
