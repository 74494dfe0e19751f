set -o errexit
case $- in *e*) echo e ;; esac
set +o errexit
set -o nounset
case $- in *u*) echo u ;; esac
set +o nounset
set -o noglob
case $- in *f*) echo f ;; esac
set +o noglob
set -o noexec 2>/dev/null; set +n 2>/dev/null
echo done
