command -V ls
ls >/dev/null
command -V ls
type ls
