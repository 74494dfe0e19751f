#!/usr/bin/env bash
# The shell language's speed, side by side with dash and bash in one run:
#   1. a loop of 2000 external /bin/true (spawn cost: dash uses vfork)
#   2. a 100000-iteration pure-shell arithmetic loop (interpreter cost)
# Usage: bash tests/bench/bench-shell.sh [BUILD_DIR] [RUNS]
# Prints median wall times and the ratios sbxsh/dash and sbxsh/bash.
# Targets (issue 3): loop 1 no slower than dash, loop 2 within 1.5x dash.
set -eu
build=${1:-build}
runs=${2:-5}
sbxsh=$(cd "$build" && pwd)/sbxsh
[ -x "$sbxsh" ] || { echo "no sbxsh in $build: build first" >&2; exit 2; }
ws=$(mktemp -d /tmp/sbxsh-bench.XXXXXX)
trap 'rm -rf "$ws"' EXIT

spawn='i=0; while [ $i -lt 2000 ]; do /bin/true; i=$((i+1)); done'
arith='i=0; s=0; while [ $i -lt 100000 ]; do s=$((s + i * 2 % 7)); i=$((i+1)); done'

# Median of |runs| wall times in ms of "$@".
median_ms() {
	local t=() i s e
	for ((i = 0; i < runs; i++)); do
		s=$(date +%s%N)
		"$@" >/dev/null 2>&1
		e=$(date +%s%N)
		t+=($(((e - s) / 1000)))
	done
	printf '%s\n' "${t[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}'
}

row() {
	local name=$1 script=$2 sb da ba
	sb=$(cd "$ws" && median_ms "$sbxsh" --workspace "$ws" -c "$script")
	da=$(median_ms dash -c "$script")
	ba=$(median_ms bash -c "$script")
	printf '%-28s %10s %10s %10s %12s %12s\n' "$name" "$sb" "$da" "$ba" \
		"$(awk "BEGIN{printf \"%.2fx\", $sb/$da}")" \
		"$(awk "BEGIN{printf \"%.2fx\", $sb/$ba}")"
}

echo "median of $runs runs, wall ms (sbxsh with its default sandbox)"
printf '%-28s %10s %10s %10s %12s %12s\n' benchmark sbxsh dash bash sbxsh/dash sbxsh/bash
row "2000 x /bin/true" "$spawn"
row "100000 arithmetic iterations" "$arith"
