d=$(mktemp -d)
touch "$d/one" "$d/two"
for f in "$d"/*; do echo "${f##*/}"; done
rm -rf "$d"
