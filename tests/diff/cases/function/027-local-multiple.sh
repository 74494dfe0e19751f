f() {
	local a b=2 c
	a=1
	echo "[$a] [$b] [${c-unset}]"
}
f
echo "[${a-unset}] [${b-unset}]"
