base=$PWD
mkdir -p lib/target other
CDPATH=$base/lib
cd other
cd target > out
echo "${PWD#$base}"
sed "s|^$base||" out
