set -e
set -- a
shift 2 2>/dev/null || echo not run
echo not reached
