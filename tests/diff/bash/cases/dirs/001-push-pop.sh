# pushd and popd change the stack; the top is the current folder
mkdir -p ds1/a ds1/b && cd ds1 && base=$PWD
show() { "$@" | sed "s#$base#B#g"; }
pushd a >/dev/null; show dirs
pushd ../b >/dev/null; show dirs
show dirs -v
show dirs -p
popd >/dev/null; show dirs
popd >/dev/null; show dirs
popd
echo "status $?"
