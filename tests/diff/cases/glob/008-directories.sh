d=$(mktemp -d); cd "$d"
mkdir -p d1/sub d2
touch d1/f1 d1/f2 d2/f3 top
echo */
echo */f*
echo d?/*
cd /; rm -rf "$d"
