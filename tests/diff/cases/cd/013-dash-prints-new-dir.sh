base=$PWD
mkdir a b
cd a; cd ../b
x=$(cd -)
echo "${x#$base}"
echo "${PWD#$base}"
