set -u
set -- a
echo "$1"
echo "$#"
(echo "$2") 2>/dev/null || echo "unset positional fails"
