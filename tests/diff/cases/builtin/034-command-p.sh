PATH=/nonexistent
command -p cat </dev/null && echo "found with default path"
