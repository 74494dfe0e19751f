f() { echo f; }
f=var
unset -v f
echo "[${f-unset}]"
f
unset -f f
f 2>/dev/null || echo "function gone"
