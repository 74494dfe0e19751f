(set -e; false; echo never)
echo "parent continues $?"
case $- in *e*) echo bad ;; *) echo "parent has no -e" ;; esac
