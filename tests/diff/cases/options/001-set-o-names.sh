set -o errexit
case $- in *e*) echo e ;; esac
set +o errexit
set -o nounset
case $- in *u*) echo u ;; esac
set +o nounset
set -o noglob
case $- in *f*) echo f ;; esac
set +o noglob
echo done
