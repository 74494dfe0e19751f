set -f -- a b
echo "$# $1 $2"
case $- in *f*) echo f-on ;; esac
set -- -x
echo "$1"
set -- --
echo "$# [$1]"
