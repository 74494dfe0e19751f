trap '' TERM
trap 'echo bye' EXIT
trap 'echo h' HUP
trap
