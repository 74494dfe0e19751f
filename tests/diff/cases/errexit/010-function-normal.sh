set -e
f() { false; echo "never"; }
f
echo never-either
