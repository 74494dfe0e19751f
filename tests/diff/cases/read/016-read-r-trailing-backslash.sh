printf 'end\\\n' > f
read -r a < f
echo "[$a]"
