set -- "" ""
n() { echo $#; }
n "$@"
n $@
n "$*"
set -- ""
n "$@"
