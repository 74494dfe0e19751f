x=keep
f() { local x; echo "[${x-unset}]"; x=changed; }
f
echo "$x"
