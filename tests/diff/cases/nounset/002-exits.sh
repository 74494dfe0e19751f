set -u
echo before
echo $undefined_var 2>/dev/null
echo never
