trap 'echo trap-out' EXIT
exec > f
echo body
exec >&2 2>/dev/null
