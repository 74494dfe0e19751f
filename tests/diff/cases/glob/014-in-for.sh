d=$(mktemp -d); cd "$d"
touch x.txt y.txt
for f in *.txt; do echo "file $f"; done
for f in *.none; do echo "literal $f"; done
cd /; rm -rf "$d"
