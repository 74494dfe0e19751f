trap 'echo "exit trap must not run: the shell was replaced"' EXIT
echo before
exec sh -c 'echo replaced-by-child'
