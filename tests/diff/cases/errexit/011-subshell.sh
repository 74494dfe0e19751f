set -e
(false; echo never-in-subshell)
echo never
