# break and continue inside select, nested in a function, readonly name,
# the body's status
f() {
	local n=0
	select x in a b; do
		n=$((n + 1))
		[ "$n" = 1 ] && continue
		echo "$n $x"
		[ "$n" = 3 ] && break
	done
	return 7
}
f <<< $'1\n2\n1\n'
echo "f=$?"
readonly r=1
PS3=$'#?\n' # the error starts a line of its own
select r in a; do echo body; done <<< 1
echo "ro=$?"
select x in a; do false; done <<< 1
echo "st=$?"
