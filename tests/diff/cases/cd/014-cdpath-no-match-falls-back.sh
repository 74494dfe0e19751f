base=$PWD
mkdir -p local elsewhere
CDPATH=$base/elsewhere
cd local
echo "${PWD#$base}"
