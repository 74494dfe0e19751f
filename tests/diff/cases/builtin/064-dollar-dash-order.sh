set -e; echo "$-"
set -u; echo "$-"
set -f; echo "$-"
set -C -a -b -v; echo "$-" 2>/dev/null
set -x; echo "$-" 2>/dev/null
