# tests/kernel/sc_lib.bash — shared by tests/integration/seccomp_*.sh: the
# escape battery's helpers (escape_lib.bash: sessions, users, TAP), the
# probe of the seccomp filter (tests/kernel/sc_probe.c), and the loop over
# the users. Exits 77 when the probe was not built.
BACKEND=landlock
. "${SBXSH_SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}/tests/kernel/escape_lib.bash"

PROBE=${SBXSH_BUILD:+$SBXSH_BUILD/sc_probe}
if [ -z "$PROBE" ] || [ ! -x "$PROBE" ]; then
	skip_all_for harness "no sc_probe in \$SBXSH_BUILD (build the tests)"
fi

# sc_each_user FN: FN once as root, once as nobody (setpriv), each in a
# fresh escape_lib set-up ($B, $WS, $OUT, $HOME_F, $PRIV) with the probe
# at $B/sc_probe; $BACKEND is landlock again after each.
sc_each_user() {
	local who
	pick_driver
	for who in root nobody; do
		if [ "$(id -u)" != 0 ]; then
			[ "$who" = root ] && continue
			skip_case_for root "runs as nobody need root and setpriv"
			continue
		fi
		setup_user "$who"
		cp "$PROBE" "$B/sc_probe"
		[ "$who" = nobody ] && chown 65534:65534 "$B/sc_probe"
		"$1"
		BACKEND=landlock
		cleanup_user
	done
	echo "1..$n"
}
