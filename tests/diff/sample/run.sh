#!/bin/bash
# tests/diff/sample/run.sh — the sample of everyday commands (issue 24):
# each line of commands.txt runs as `SHELL -c LINE` under bash (5.2, its
# default language) and under SHELL (sbxsh, its default language), each in
# a fresh copy of the same scratch folder (fixture.sh) at the same path,
# with the same environment; stdout, stderr (the shell's name at the start
# of a line becomes SH:) and the status must be identical.
#
# usage: run.sh [-j N] [-v] SHELL [LINE-NUMBER...]
#   SHELL: the shell under test; extra words for it in $SBXSH_ARGS.
#   LINE-NUMBER: only those lines of commands.txt.
# Output is TAP: one test per command, named by its line number and text.
set -u
here=$(cd "$(dirname "$0")" && pwd)
jobs=${DIFF_JOBS:-1}
verbose=0
while [ $# -gt 0 ]; do
	case $1 in
	-j) jobs=${2:?}; shift 2 ;;
	-j*) jobs=${1#-j}; shift ;;
	-v) verbose=1; shift ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] || { sed -n '/^# usage:/,/^set -u/p' "$0" >&2; exit 2; }
shell=$1; shift
case $shell in /*) ;; *) shell=$PWD/$shell ;; esac
# shellcheck disable=SC2206 # SBXSH_ARGS is a list of words
shell_cmd=("$shell" ${SBXSH_ARGS:-})
work=$(mktemp -d /tmp/sbxsample.XXXXXX)
trap 'rm -rf "$work"' EXIT
# sbxsh keeps its session state (.sandbox-cache, .sandbox-runs) in the
# workspace unless told otherwise; here it goes beside the boxes, so
# `ls -la` in the scratch folder lists what bash's does. (The routed
# cache's bin folder still leads PATH: by design, not sampled.)
case ${shell##*/} in
sbxsh*)
	mkdir "$work/state"
	shell_cmd+=(--state "$work/state")
	;;
esac
mkdir "$work/tpl"
(cd "$work/tpl" && env -i PATH=/usr/bin:/bin HOME="$work/tpl/home" LC_ALL=C \
	bash "$here/fixture.sh") || { echo "Bail out! fixture.sh failed"; exit 1; }

# run_in SLOT OUTDIR CMD SHELL...: CMD in a fresh copy of the fixture.
run_in() {
	local box=$work/box$1 d=$2 cmd=$3
	shift 3
	rm -rf "$box"
	cp -a "$work/tpl" "$box"
	mkdir -p "$d"
	(cd "$box/w" && env -i PATH=/usr/bin:/bin HOME="$box/home" LC_ALL=C \
		TZ=UTC TERM=dumb USER=sample TMPDIR="$box/home" \
		timeout -k 2 10 "$@" -c "$cmd" </dev/null >"$d/out" 2>"$d/err.raw")
	echo $? >"$d/st"
	sed -e 's/^bash: /SH: /' -e "s|^${1##*/}: |SH: |" -e "s|^$1: |SH: |" \
		-e "s|$box|BOX|g" "$d/err.raw" >"$d/err"
	sed -i "s|$box|BOX|g" "$d/out"
	rm -rf "$box"
}

# one N CMD: runs it under both shells (one after the other, same folder)
one() {
	local n=$1 cmd=$2 d=$work/r$1
	run_in "$n" "$d/ref" "$cmd" bash
	run_in "$n" "$d/got" "$cmd" "${shell_cmd[@]}"
	{
		printf -- '--- stdout\n'; cat "$d/ref/out"
		printf -- '--- stderr\n'; cat "$d/ref/err"
		printf -- '--- status\n'; cat "$d/ref/st"
	} >"$d/exp"
	{
		printf -- '--- stdout\n'; cat "$d/got/out"
		printf -- '--- stderr\n'; cat "$d/got/err"
		printf -- '--- status\n'; cat "$d/got/st"
	} >"$d/act"
	if cmp -s "$d/exp" "$d/act"; then
		echo ok >"$d/res"
	else
		echo fail >"$d/res"
		diff -u "$d/exp" "$d/act" | tail -n +3 >"$d/diff"
	fi
}

mapfile -t lines <"$here/commands.txt"
sel=()
if [ $# -gt 0 ]; then
	sel=("$@")
else
	for i in "${!lines[@]}"; do
		case ${lines[i]} in '' | '#'*) continue ;; esac
		sel+=($((i + 1)))
	done
fi
for n in "${sel[@]}"; do
	one "$n" "${lines[n - 1]}" &
	while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
done
wait
echo "1..${#sel[@]}"
pass=0 fail=0 k=0
for n in "${sel[@]}"; do
	k=$((k + 1))
	d=$work/r$n
	if [ "$(cat "$d/res" 2>/dev/null)" = ok ]; then
		pass=$((pass + 1))
		echo "ok $k - line $n: ${lines[n - 1]}"
	else
		fail=$((fail + 1))
		echo "not ok $k - line $n: ${lines[n - 1]}"
		if [ "$verbose" = 1 ]; then
			sed 's/^/# /' "$d/diff" 2>/dev/null
		else
			head -n 12 "$d/diff" 2>/dev/null | sed 's/^/# /'
		fi
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
