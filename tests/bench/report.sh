#!/bin/bash
# tests/bench/report.sh — every benchmark of tests/bench/ in one run, one
# after the other (never two at once: they would time each other), then
# docs/bench/REPORT.md (a table of every figure beside its bash, dash,
# bwrap or zsh reference, and the ratio) and PNG plots drawn by gnuplot:
# start-up, per-command cost, loops, first prompt, memory, checker
# ns/line. Each script's own output is kept next to the report (raw/), so
# every figure can be traced to the line it came from.
#
# Usage: bash tests/bench/report.sh [BUILD_DIR] [OUT_DIR]
#   BUILD_DIR: default build (sbxsh, turns, bench_scope, sbx_confine, and
#   sbxsh_knobs, which this builds); OUT_DIR: default docs/bench.
# The rounds are cut so the whole run stays under 5 minutes on 2 cores
# (SHELL_RUNS=3 rounds of bench-shell.sh, SESSION_N=1000 commands and
# STARTUP_RUNS=200 start-ups for bench-session.sh, PROMPT_RUNS=30 first
# prompts, NETWORK_ROUNDS=100 start-ups for bench-network.sh; as root,
# bench-proxy.sh too); set them higher for steadier figures. Like the benchmarks it
# measures and never fails on the numbers; it fails when a benchmark
# fails or prints something the report cannot read.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=$(cd "${1:-$top/build}" && pwd)
OUT=${2:-$top/docs/bench}
SHELL_RUNS=${SHELL_RUNS:-3}
SESSION_N=${SESSION_N:-1000}
PROMPT_RUNS=${PROMPT_RUNS:-30}
NETWORK_ROUNDS=${NETWORK_ROUNDS:-100}
export STARTUP_RUNS=${STARTUP_RUNS:-200}

for t in gnuplot python3 bash dash; do
	command -v $t >/dev/null || {
		echo "report: needs $t (Debian: apt-get install gnuplot-nox)" >&2
		exit 2
	}
done
cmake --build "$BUILD" --target sbxsh turns bench_scope sbx_confine \
	sbxsh_knobs -j"$(nproc 2>/dev/null || echo 2)" >/dev/null

mkdir -p "$OUT/raw"
cd "$top"
t_all=$(date +%s)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
# bench NAME SCRIPT ARGS...: one benchmark, its output in raw/NAME.txt
# and its wall time in raw/times.
: >"$OUT/raw/times"
bench() {
	local name=$1 t0
	shift
	echo "report: $name ($*)" >&2
	t0=$(date +%s)
	if ! bash "$@" >"$OUT/raw/$name.txt" 2>&1; then
		echo "report: $* failed:" >&2
		tail -20 "$OUT/raw/$name.txt" >&2
		exit 1
	fi
	printf '%s\t%s\t%s\n' "$name" $(($(date +%s) - t0)) "bash $*" \
		>>"$OUT/raw/times"
}
bench scope tests/bench/bench-scope.sh "$BUILD"
bench session tests/bench/bench-session.sh "$BUILD" "$SESSION_N"
bench shell tests/bench/bench-shell.sh "$BUILD" "$SHELL_RUNS"
bench prompt tests/bench/bench-prompt.sh "$BUILD" "$PROMPT_RUNS"
bench secrets tests/bench/bench-secrets.sh "$BUILD"
bench git tests/bench/bench-git.sh "$BUILD"
# --network domains: start-up against on and bwrap --unshare-net, then the
# proxy alone (root: it makes a network namespace of its own); the
# report's Network section sets them side by side (report_net.py)
if [ "$(id -u)" = 0 ]; then
	bench network tests/bench/bench-network.sh "$BUILD" "$NETWORK_ROUNDS"
	bench proxy tests/bench/bench-proxy.sh "$BUILD"
else
	echo "report: not root: the network benchmarks are left out" >&2
	rm -f "$OUT/raw/network.txt" "$OUT/raw/proxy.txt"
fi

{
	echo "date	$(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "commit	$(git -C "$top" log -1 --format='%h %s' 2>/dev/null | cut -c1-72)"
	echo "version	$("$BUILD/sbxsh" --version)"
	echo "kernel	$(uname -sr)"
	echo "cpus	$(nproc)"
	echo "load	$load_before -> $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "user	$(id -un)"
	echo "seconds	$(($(date +%s) - t_all))"
	echo "env	SHELL_RUNS=$SHELL_RUNS SESSION_N=$SESSION_N STARTUP_RUNS=$STARTUP_RUNS PROMPT_RUNS=$PROMPT_RUNS NETWORK_ROUNDS=$NETWORK_ROUNDS"
} >"$OUT/raw/machine"
python3 "$top/tests/bench/report.py" "$OUT"
echo "report: $OUT/REPORT.md ($(($(date +%s) - t_all)) s)" >&2
