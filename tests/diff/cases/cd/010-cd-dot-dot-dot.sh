base=$PWD
mkdir -p a/b/c
cd a/b/c
cd ../..
echo "${PWD#$base}"
cd ./b/../b
echo "${PWD#$base}"
