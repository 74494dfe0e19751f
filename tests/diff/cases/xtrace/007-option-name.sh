set -o xtrace
case $- in *x*) echo x-on ;; esac
set +o xtrace
case $- in *x*) echo x-still-on ;; *) echo x-off ;; esac
