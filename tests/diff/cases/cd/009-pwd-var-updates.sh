base=$PWD
mkdir d
cd d
echo "${PWD#$base} ${OLDPWD#$base}|"
