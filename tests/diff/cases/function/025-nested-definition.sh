outer() {
	inner() { echo "inner defined by outer"; }
}
inner 2>/dev/null || echo "not yet"
outer
inner
