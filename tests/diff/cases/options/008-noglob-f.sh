d=$(mktemp -d); cd "$d"; touch a
set -f
for x in *; do echo "[$x]"; done
set +f
for x in *; do echo "[$x]"; done
cd /; rm -rf "$d"
