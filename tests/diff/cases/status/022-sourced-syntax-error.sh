printf 'echo in-file\nif then\n' > bad.sh
(. ./bad.sh) 2>/dev/null
echo "status $?"
