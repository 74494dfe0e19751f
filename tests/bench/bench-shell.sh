#!/usr/bin/env bash
# The shell language's speed, side by side with dash and bash in one run:
#   1. a loop of 2000 external /bin/true (spawn cost: dash uses vfork)
#   2. a 100000-iteration pure-shell arithmetic loop (interpreter cost)
#   3. `while read a b c d` over a 200 000-line file (read's cost: one
#      read(2) per byte in dash, a block and an lseek back per line in
#      bash, a block per 8 KiB in sbxsh)
#   4. 50000 ${x//-/_} and ${x/#a/A} (bash's pattern replacement, issue
#      24): sbxsh and bash only, dash has none
#   5. 50000 a+=(v) appends, each read back by ${a[i]} (bash's arrays)
#   6. 100000 [[ $i -lt N ]] tests with a [[ == pattern ]] each (bash's
#      [[ ]]); 5 and 6 sbxsh and bash only, goal 0.8x bash
# Usage: bash tests/bench/bench-shell.sh [BUILD_DIR] [RUNS]
# The three shells take turns (tests/bench/turns, built next to sbxsh:
# each round runs every shell once, so a neighbour getting busy halfway
# slows all three alike); prints median wall times and the ratios
# sbxsh/dash and sbxsh/bash. Without turns, medians of RUNS runs each.
# Targets (issues 3 and 15): loops 1 and 2 at most 1.05x dash; loop 3 at
# most 0.8x bash and 0.5x dash. The script measures and never fails on
# the numbers.
set -eu
build=${1:-build}
runs=${2:-5}
sbxsh=$(cd "$build" && pwd)/sbxsh
turns=$(cd "$build" && pwd)/turns
[ -x "$sbxsh" ] || { echo "no sbxsh in $build: build first" >&2; exit 2; }
ws=$(mktemp -d /tmp/sbxsh-bench.XXXXXX)
trap 'rm -rf "$ws"' EXIT

seq 200000 | awk '{ print $1, "alpha", "beta gamma", $1 * 7 }' >"$ws/lines.txt"

spawn='i=0; while [ $i -lt 2000 ]; do /bin/true; i=$((i+1)); done'
arith='i=0; s=0; while [ $i -lt 100000 ]; do s=$((s + i * 2 % 7)); i=$((i+1)); done'
readloop="while read a b c d; do :; done <$ws/lines.txt"
patsub='x=a-b-c-d-e-f-g-h; i=0; while [ $i -lt 50000 ]; do y=${x//-/_}; z=${y/#a/A}; i=$((i+1)); done'
arrays='a=(); i=0; while [ $i -lt 50000 ]; do a+=("v$i"); s=${a[i]}; i=$((i+1)); done; n=${#a[@]}'
dbracket='i=0; while [[ $i -lt 100000 ]]; do [[ $i == *7 ]] && :; i=$((i+1)); done'

# Median of |runs| wall times in ms of "$@" (no turns).
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

ratio() { awk "BEGIN{printf \"%.2fx\", $1/$2}"; }

# row NAME SCRIPT DASH_TARGET BASH_TARGET: one line of figures and
# whether the targets (a ratio to dash, to bash; "-" for none) are met.
row() {
	local name=$1 script=$2 tdash=$3 tbash=$4 sb da ba rd rb verdict=""
	if [ -x "$turns" ]; then
		# one warm-up round; every round runs the three in turn
		local withdash=(dash dash -c "$script" :::)
		# a bash-only loop: no dash in the round ("-" in its column)
		[ "$tdash" = none ] && withdash=() da=-
		TURNS_WARMUP=1 "$turns" "$runs" \
			sbxsh "$sbxsh" --workspace "$ws" -c "$script" ::: \
			"${withdash[@]}" \
			bash bash -c "$script" >"$ws/t.tsv"
		while IFS=$'\t' read -r n med _; do
			case $n in
			sbxsh) sb=$(awk "BEGIN{printf \"%.1f\", $med*1000}") ;;
			dash) da=$(awk "BEGIN{printf \"%.1f\", $med*1000}") ;;
			bash) ba=$(awk "BEGIN{printf \"%.1f\", $med*1000}") ;;
			esac
		done <"$ws/t.tsv"
	else
		sb=$(cd "$ws" && median_ms "$sbxsh" --workspace "$ws" -c "$script")
		da=-
		[ "$tdash" = none ] || da=$(median_ms dash -c "$script")
		ba=$(median_ms bash -c "$script")
	fi
	rd=-
	[ "$da" = - ] || rd=$(ratio "$sb" "$da")
	rb=$(ratio "$sb" "$ba")
	if [ "$tdash" != - ] && [ "$tdash" != none ]; then
		verdict+=$(awk "BEGIN{print ($sb/$da <= $tdash) ? \"dash<=${tdash}x met\" : \"dash<=${tdash}x MISSED\"}")
	fi
	if [ "$tbash" != - ]; then
		verdict+=" "$(awk "BEGIN{print ($sb/$ba <= $tbash) ? \"bash<=${tbash}x met\" : \"bash<=${tbash}x MISSED\"}")
	fi
	printf '%-34s %9s %9s %9s %11s %11s  %s\n' "$name" "$sb" "$da" "$ba" \
		"$rd" "$rb" "$verdict"
}

if [ -x "$turns" ]; then
	echo "median of $runs rounds in turns, wall ms (sbxsh with its default sandbox)"
else
	echo "median of $runs runs, wall ms (sbxsh with its default sandbox)"
fi
printf '%-34s %9s %9s %9s %11s %11s  %s\n' benchmark sbxsh dash bash \
	sbxsh/dash sbxsh/bash targets
row "2000 x /bin/true" "$spawn" 1.05 -
row "100000 arithmetic iterations" "$arith" 1.05 -
row "while read a b c d, 200000 lines" "$readloop" 0.5 0.8
row "50000 \${x//-/_} and \${x/#a/A}" "$patsub" none 0.8
row "50000 a+=(v) and \${a[i]}" "$arrays" none 0.8
row "100000 [[ -lt ]] and [[ == *7 ]]" "$dbracket" none 0.8
