base=$(pwd -P)
cd "$base"
mkdir real
ln -s real lnk
cd lnk
pwd -L | sed "s|^$base||"
pwd -P | sed "s|^$base||"
