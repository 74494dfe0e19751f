f() {
	echo before
	return 0
	echo after
}
f
