x=$(trap 'echo from-trap' EXIT; echo body)
echo "[$x]"
