set -u
(echo ${#nope}) 2>/dev/null || echo "length of unset fails"
