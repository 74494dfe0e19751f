f() {
	echo "f called with $1"
}
f a
f b
