base=$PWD
mkdir -p a/b
cd a
echo "${PWD#$base}"
cd b
echo "${PWD#$base}"
cd ..
echo "${PWD#$base}"
