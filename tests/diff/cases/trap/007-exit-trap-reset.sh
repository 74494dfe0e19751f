trap 'echo should-not-run' EXIT
trap - EXIT
echo body
