warn() { echo "warning: $*" >&2; }
warn one
warn two 2>/dev/null
echo done
