# names bash does not know: "invalid signal specification", status 1
trap 'echo x' FOO; echo "st $?"
trap -p NOSUCH; echo "st $?"
trap 'echo e' err
false
trap -p ERR
