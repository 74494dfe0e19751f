d=$(mktemp -d); cd "$d"
echo *
for f in *; do echo "loop [$f]"; done
cd /; rm -rf "$d"
