# tests/integration/lib/tap.bash — the TAP helpers the shell-script
# integration tests share. Source it; end the test with tap_done. A test
# that cannot run here calls skip_all_for NAME WHY (lib/strict.bash): a
# skip, or a failure under SBXSH_TEST_STRICT=1.
n=0
fails=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
# not_ok also shows what the test last captured ($OUTPUT or $OUT, the
# names the scripts use), so a failure on a machine we cannot reach (CI)
# says why.
not_ok() {
	n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $*"
	local got=${OUTPUT:-${OUT:-}}
	[ -n "$got" ] && printf '%s\n' "$got" | head -15 | sed 's/^/#   /'
	# SBXSH_TEST_FAIL_FAST=1 (tests/mutate.sh, for a mutant's tests):
	# one failure is the verdict; the EXIT trap still cleans up
	if [ "${SBXSH_TEST_FAIL_FAST:-}" = 1 ]; then
		echo "# fail-fast: the test ends at its first failure"
		exit 1
	fi
	return 0
}
# check DESC CMD...: ok if CMD succeeds. A compound condition goes in
# one eval '...' (check D a && b would count a alone).
check() {
	local desc=$1
	shift
	if "$@"; then ok "$desc"; else not_ok "$desc"; fi
}
. "$(dirname "${BASH_SOURCE[0]}")/strict.bash"
tap_done() {
	echo "1..$n"
	[ "$fails" = 0 ]
}
