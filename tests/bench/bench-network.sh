#!/bin/bash
# tests/bench/bench-network.sh — what `--network domains` costs at start-up
# (docs/network.md, issue 22): `sbxsh -c true` with --network domains (the
# proxy forked in the host's namespace, the network namespace, loopback
# up, two listening sockets handed over, the proxy's confinement) against
# --network on, in one run, measured in turns (tests/bench/turns.c: every
# command once per round, so a noisy machine shifts both alike), and for
# scale `bwrap --ro-bind / / --unshare-net /bin/true` (bubblewrap's
# sandbox with a network namespace of its own, no proxy: what one command
# costs there) where bwrap can make namespaces. Prints the medians and
# the ratios. Exits 0 whatever the numbers: it measures,
# it does not gate. The proxy's throughput, its concurrency and memory are
# the proxy's own bench (shell/proxy/).
#
# Usage: tests/bench/bench-network.sh [BUILD_DIR] [ROUNDS]
set -u
BUILD=${1:-build}
ROUNDS=${2:-100}
SBXSH=$(cd "$BUILD" && pwd)/sbxsh
TURNS=$(cd "$BUILD" && pwd)/turns
[ -x "$SBXSH" ] && [ -x "$TURNS" ] || {
	echo "bench-network: needs $BUILD/sbxsh and $BUILD/turns" >&2
	exit 2
}
T=$(mktemp -d "${TMPDIR:-/tmp}/bench-network.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/ws"
cd "$T/ws" || exit 1
"$SBXSH" --no-config --network domains --allow-domain example.com -c true || {
	echo "bench-network: --network domains does not start here" >&2
	exit 2
}
BW=()
if command -v bwrap >/dev/null && bwrap --ro-bind / / --unshare-net /bin/true 2>/dev/null; then
	BW=(::: bwrap-net "$(command -v bwrap)" --ro-bind / / --unshare-net /bin/true)
else
	echo "bench-network: no bwrap that can make namespaces here: its row is left out" >&2
fi
OUT=$("$TURNS" "$ROUNDS" \
	on "$SBXSH" --no-config --network on -c true ::: \
	domains "$SBXSH" --no-config --network domains --allow-domain example.com -c true \
	"${BW[@]}")
printf '%s\n' "$OUT" | awk -F'\t' '
	{ med[$1] = $2; printf "%-9s median %.2f ms  mean %.2f ms  min %.2f ms\n", $1, $2 * 1000, $3 * 1000, $4 * 1000 }
	END {
		if (med["on"] > 0) printf "domains / on: %.2fx (start-up with the namespace and the proxy)\n", med["domains"] / med["on"]
		if (med["bwrap-net"] > 0) printf "domains / bwrap-net: %.2fx (a whole session with its proxy against one bwrap command with --unshare-net)\n", med["domains"] / med["bwrap-net"]
	}'
