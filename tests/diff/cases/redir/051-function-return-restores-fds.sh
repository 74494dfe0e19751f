f() {
	for i in 1 2; do
		echo "in loop $i"
		return 3
	done > out
}
f
echo "status $? and stdout restored"
cat out
