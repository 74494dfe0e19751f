trap 'echo "got HUP"' 1
kill -HUP $$
trap 'echo "got TERM"' TERM
kill -s TERM $$
echo done
