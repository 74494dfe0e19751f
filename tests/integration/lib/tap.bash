# tests/integration/lib/tap.bash — the TAP helpers the shell-script
# integration tests share. Source it; end the test with tap_done.
n=0
fails=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $*"; }
# check DESC CMD...: ok if CMD succeeds.
check() {
	local desc=$1
	shift
	if "$@"; then ok "$desc"; else not_ok "$desc"; fi
}
skip_all() { echo "1..0 # SKIP $*"; exit 77; }
tap_done() {
	echo "1..$n"
	[ "$fails" = 0 ]
}
