d=$(mktemp -d); cd "$d"
touch 'a b' c
for f in *; do echo "[$f]"; done
set -- *
echo $#
cd /; rm -rf "$d"
