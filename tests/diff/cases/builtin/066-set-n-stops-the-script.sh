echo before
set -n
echo not run
