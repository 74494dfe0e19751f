set --
for w in "$@"; do echo "should not print [$w]"; done
echo "no iterations"
n() { echo $#; }
n "$@"
n "$*"
n "$@" x
