base=$(pwd -P)
cd "$base"
mkdir -p real/sub
ln -s real link
cd link
echo "L: ${PWD#$base}"
echo "P: $(pwd -P | sed "s|^$base||")"
cd -P ../link
echo "after -P: ${PWD#$base}"
cd -L "$base/link/sub"
echo "L: ${PWD#$base}"
cd ..
echo "dotdot logical: ${PWD#$base}"
