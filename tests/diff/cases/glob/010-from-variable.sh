d=$(mktemp -d); cd "$d"
touch f1 f2 g1
pat='f*'
echo $pat
echo "$pat"
pre=f
echo ${pre}*
cd /; rm -rf "$d"
