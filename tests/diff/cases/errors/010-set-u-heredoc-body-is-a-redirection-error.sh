# dash (and bash) treat an error in a here-document's body as a
# redirection error: the command does not run, the script goes on.
set -u
cat <<EOF 2>/dev/null
value $nope
EOF
echo "status $?"
