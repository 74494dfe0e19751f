count() {
	local n=$1
	[ $n -eq 0 ] && return
	count $((n - 1))
	echo "n=$n"
}
count 3
