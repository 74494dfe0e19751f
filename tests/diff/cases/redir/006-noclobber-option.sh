set -o noclobber
case $- in *C*) echo C-set ;; esac
set +o noclobber
case $- in *C*) echo still ;; *) echo C-unset ;; esac
