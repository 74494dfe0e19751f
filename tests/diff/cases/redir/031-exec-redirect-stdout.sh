exec > f
echo into-file
exec >&2
cat f >&2
