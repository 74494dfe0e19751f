set -x
echo hello
x=1
set +x
echo quiet
