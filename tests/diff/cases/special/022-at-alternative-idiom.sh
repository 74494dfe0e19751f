n() { echo $#; }
set --
n ${1+"$@"}
set -- "" "a b"
n ${1+"$@"}
for w in ${1+"$@"}; do echo "[$w]"; done
