#!/usr/bin/env bash
# Shell benchmark: a loop of 2000 /bin/true (spawn cost: dash uses vfork)
# and a 100 000-iteration arithmetic while loop (interpreter cost), run in
# sbxsh, dash and bash in one go; prints mean times and sbxsh/dash ratios.
#
# usage: run.sh [SBXSH]   (default: $SBXSH, else build/sbxsh)
# Targets (issue 3): spawn loop <= 1.0x dash, arithmetic loop <= 1.5x dash.
# Uses hyperfine when installed, else the best of 5 runs with `time`.
set -u
sbxsh=${1:-${SBXSH:-build/sbxsh}}
sbx="$sbxsh --backend none --check off"
work=$(mktemp -d "${TMPDIR:-/tmp}/sbxsh-bench.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
cat >"$work/spawn.sh" <<'S'
i=0
while [ $i -lt 2000 ]; do /bin/true; i=$((i + 1)); done
S
cat >"$work/arith.sh" <<'S'
i=0
while [ $i -lt 100000 ]; do i=$((i + 1)); done
S

# mean seconds of running "$@" (a command line string)
measure() {
	if command -v hyperfine >/dev/null 2>&1; then
		hyperfine -N -w 1 -r "${RUNS:-10}" --export-json "$work/h.json" "$1" >/dev/null 2>&1 &&
			python3 -c 'import json,sys; print("%.4f" % json.load(open(sys.argv[1]))["results"][0]["mean"])' "$work/h.json"
		return
	fi
	best=
	for _ in 1 2 3 4 5; do
		s=$(date +%s.%N)
		$1 >/dev/null 2>&1
		e=$(date +%s.%N)
		t=$(echo "$e - $s" | bc)
		if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
	done
	echo "$best"
}

status=0
for b in spawn arith; do
	d=$(measure "dash $work/$b.sh")
	ba=$(measure "bash --posix $work/$b.sh")
	s=$(measure "$sbx $work/$b.sh")
	r=$(python3 -c "print('%.2f' % ($s / $d))")
	rb=$(python3 -c "print('%.2f' % ($s / $ba))")
	lim=1.0
	[ $b = arith ] && lim=1.5
	verdict=ok
	if python3 -c "import sys; sys.exit(0 if $r <= $lim * 1.05 else 1)"; then :; else verdict="SLOWER than target ${lim}x"; status=1; fi
	printf '%-6s sbxsh %ss  dash %ss  bash %ss  sbxsh/dash %sx  sbxsh/bash %sx  %s\n' \
		"$b" "$s" "$d" "$ba" "$r" "$rb" "$verdict"
done
exit $status
