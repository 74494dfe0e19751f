set -e
(false) || echo "subshell in or-list"
