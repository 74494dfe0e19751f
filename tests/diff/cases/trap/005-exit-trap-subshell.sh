trap 'echo "main exit"' EXIT
(trap 'echo "subshell exit"' EXIT; echo in-subshell)
echo after-subshell
