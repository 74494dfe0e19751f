echo first
f() {
	echo in-f
}
f
g() { echo "unterminated; }
