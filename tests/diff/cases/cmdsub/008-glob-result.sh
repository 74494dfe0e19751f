d=$(mktemp -d)
cd "$d" && touch g1 g2
echo $(echo 'g*')
echo "$(echo 'g*')"
cd / && rm -rf "$d"
