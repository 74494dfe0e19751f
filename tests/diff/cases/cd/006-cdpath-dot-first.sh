base=$PWD
mkdir -p p/sub sub
CDPATH=:$base/p
cd sub > out
echo "${PWD#$base}"
echo "printed: $(wc -c < out | tr -d ' ')"
