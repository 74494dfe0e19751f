x=global
f() {
	local x
	x=local
	echo "in f: $x"
}
f
echo "after: $x"
