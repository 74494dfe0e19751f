f() { local a=1; echo "a=$a"; }
f
echo "[${a-unset}]"
