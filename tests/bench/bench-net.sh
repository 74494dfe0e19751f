#!/bin/bash
# tests/bench/bench-net.sh — the figures of `--network domains` side by
# side, in one run: bench-network.sh (start-up: --network on, domains,
# bwrap --unshare-net, in turns) then bench-proxy.sh (200 MiB direct,
# through the proxy as plain HTTP and through a CONNECT tunnel, in turns;
# 200 concurrent tunnels; the proxy's CPU and memory), one after the
# other (never at once: they would time each other), then one table
# (tests/bench/report_net.py, the same section report.sh puts in
# docs/bench/REPORT.md). Each benchmark's own output is kept in OUT_DIR.
#
# Usage: bash tests/bench/bench-net.sh [BUILD_DIR] [OUT_DIR]   (root)
#   NETWORK_ROUNDS (100) start-ups, RUNS (3) downloads of each kind.
# Measures, never fails on the numbers; fails when a benchmark fails.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
BUILD=$(cd "${1:-build}" && pwd)
OUT=${2:-$(mktemp -d "${TMPDIR:-/tmp}/bench-net.XXXXXX")}
mkdir -p "$OUT"
[ "$(id -u)" = 0 ] || {
	echo "bench-net: needs root (bench-proxy.sh makes a network namespace)" >&2
	exit 2
}
echo "bench-net: $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -sr), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
bash "$here/bench-network.sh" "$BUILD" "${NETWORK_ROUNDS:-100}" >"$OUT/network.txt"
bash "$here/bench-proxy.sh" "$BUILD" >"$OUT/proxy.txt"
echo "bench-net: load after $(cut -d' ' -f1-3 /proc/loadavg); raw output in $OUT"
echo
python3 "$here/report_net.py" "$OUT"
