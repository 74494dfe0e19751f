x=val
PS4='[$x] '
set -x
: one
x=new
: two
set +x
