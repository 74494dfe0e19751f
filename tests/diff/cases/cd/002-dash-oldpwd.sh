base=$PWD
mkdir x y
cd x
cd ../y
echo "${OLDPWD#$base}"
cd - > out
echo "${PWD#$base}"
sed "s|^$base||" out
