# pushd with no folder swaps the top two; +N and -N rotate
mkdir -p ds2/a ds2/b ds2/c && cd ds2 && base=$PWD
show() { "$@" | sed "s#$base#B#g"; }
pushd a >/dev/null
pushd ../b >/dev/null
pushd ../c >/dev/null
pushd >/dev/null; show dirs; show pwd
pushd +2 >/dev/null; show dirs; show pwd
pushd -0 >/dev/null; show dirs
show dirs +0
show dirs -1
show dirs +1
