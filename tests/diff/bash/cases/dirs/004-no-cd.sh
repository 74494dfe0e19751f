# -n keeps the current folder; dirs -c clears; HOME shows as ~
mkdir -p ds4/a && cd ds4 && base=$PWD
show() { "$@" | sed "s#$base#B#g"; }
HOME=$base
pushd -n a
show pwd
dirs
show dirs -l
pushd a >/dev/null
dirs
popd -n
dirs
dirs -c
dirs
pushd -n
echo "nothing: $?"
