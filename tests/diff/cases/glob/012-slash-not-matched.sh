d=$(mktemp -d); cd "$d"
mkdir sub; touch sub/f
echo *f
echo s*/f
cd /; rm -rf "$d"
