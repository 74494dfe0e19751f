#!/bin/bash
# tests/bench/bench-session.sh — what confinement costs (issue 4, "Cost is
# measured"). One run prints, side by side:
#
#   1. start-up: the wall time of `sbxsh -c true` (a full session: state
#      folders, run folder, policy, Landlock + seccomp), and with
#      --backend namespace, against `bash -c true` and `dash -c true`; and
#      the CPU time of each run's whole process tree (with turns: the
#      supervisor, the PID namespace's init and the shell; hyperfine's
#      User/System sees only the first);
#   2. per command: a loop of N (2000) /bin/true inside ONE sbxsh session,
#      the same loop in dash, and N × `bwrap <sbxsh's bwrap args> /bin/true`
#      (bubblewrap builds a new sandbox per command; sbxsh confines the shell
#      once and every job inherits it);
#
# and the ratios against the targets: sbxsh -c true no slower than bash -c
# true; the in-session loop no slower than dash's; both at least 5x faster
# than bwrap per command;
#
#   3. where sbxsh's start-up goes, in the same run: the
#      kernel confinement alone (tests/kernel/sbx_confine applying the plan
#      sbxsh would apply, then exec'ing /bin/true, against the same harness
#      with --backend none), the private mount namespace alone (`unshare -m
#      /bin/true` against `unshare /bin/true`: copying the mount table, and
#      tearing it down when the last process in it exits), and the session
#      and shell without confinement (`sbxsh --backend none -c true`
#      against `dash -c true`).
#
# Usage: tests/bench/bench-session.sh [SBXSH|BUILD_DIR] [N]
#   The sbxsh binary, or the build folder holding it; defaults to $SBXSH,
#   then build/sbxsh. The start-up figures are medians from turns (built
#   next to sbxsh, tests/bench/turns.c: every command once per round, so
#   a noisy machine shifts them alike); without it, hyperfine's means
#   (and no breakdown), else its own loop. Exits 0 whatever the numbers:
#   it measures, it does not gate.
set -u

SBXSH=${1:-${SBXSH:-build/sbxsh}}
[ -d "$SBXSH" ] && SBXSH=$SBXSH/sbxsh
N=${2:-2000}
STARTUP_RUNS=${STARTUP_RUNS:-200}
LOOP_RUNS=${LOOP_RUNS:-5}

command -v "$SBXSH" >/dev/null 2>&1 || [ -x "$SBXSH" ] || {
	echo "bench-session: no sbxsh at '$SBXSH' (give its path)" >&2
	exit 2
}
SBXSH=$(cd "$(dirname "$SBXSH")" && pwd)/$(basename "$SBXSH")
for t in bash dash python3; do
	command -v $t >/dev/null || { echo "bench-session: needs $t" >&2; exit 2; }
done

T=$(mktemp -d "${TMPDIR:-/tmp}/bench-session.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
WS=$T/ws
mkdir -p "$WS"
cd "$WS" || exit 1

now() { date +%s%N; }
# min_ns CMD...: the fastest of LOOP_RUNS runs, in nanoseconds.
min_ns() {
	local best= i t0 t1
	for ((i = 0; i < LOOP_RUNS; i++)); do
		t0=$(now)
		"$@" >/dev/null 2>&1
		t1=$(now)
		if [ -z "$best" ] || [ $((t1 - t0)) -lt "$best" ]; then
			best=$((t1 - t0))
		fi
	done
	echo "$best"
}

# --- 1. start-up, and 3. where it goes ---------------------------------
# sbx_confine is built next to sbxsh (a test harness); it gets the plan
# sbxsh would apply here: its writable roots, devices and masks.
CONFINE=$(dirname "$SBXSH")/sbx_confine
# turns (tests/bench/turns.c) starts each command once per round, so a
# VM whose neighbours get busy during the run slows every figure alike;
# hyperfine runs all of one command before the next.
TURNS=$(dirname "$SBXSH")/turns
cargs=()
if [ -x "$CONFINE" ] && command -v unshare >/dev/null; then
	mapfile -t cargs < <("$SBXSH" --print-policy --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
for r in d["sandbox_writable"]:
    print("--dev" if r["reason"] == "device" else "--rw")
    print(r["path"])
for m in d["masked"]:
    print("--mask")
    print(m)')
	for ((i = 0; i < ${#cargs[@]}; i += 2)); do
		[ "${cargs[i]}" = --rw ] && mkdir -p "${cargs[i + 1]}"
	done
	"$CONFINE" "${cargs[@]}" -- /bin/true 2>/dev/null || cargs=()
fi
declare -A start # name -> seconds (the median with turns, else the mean)
breakdown=
declare -A cpu # name -> CPU seconds per run, the whole process tree
if [ -x "$TURNS" ]; then
	set -- "sbxsh -c true" "$SBXSH" -c true \
		::: "sbxsh --backend namespace -c true" "$SBXSH" --backend namespace -c true \
		::: "bash -c true" bash -c true \
		::: "dash -c true" dash -c true
	if [ ${#cargs[@]} -gt 0 ]; then
		set -- "$@" \
			::: confine-none "$CONFINE" --backend none "${cargs[@]}" -- /bin/true \
			::: confine "$CONFINE" "${cargs[@]}" -- /bin/true \
			::: unshare unshare /bin/true \
			::: unshare-m unshare -m /bin/true \
			::: none "$SBXSH" --backend none -c true
	fi
	TURNS_CPU=1 "$TURNS" "$STARTUP_RUNS" "$@" >"$T/turns.tsv" ||
		{ echo "bench-session: turns failed" >&2; exit 1; }
	while IFS=$'\t' read -r name med mean min c; do
		start[$name]=$med
		cpu[$name]=$c
	done <"$T/turns.tsv"
	how="tests/bench/turns, median of $STARTUP_RUNS rounds"
	[ ${#cargs[@]} -gt 0 ] && breakdown=$T/turns.tsv
elif command -v hyperfine >/dev/null; then
	hyperfine -N --warmup 10 --runs "$STARTUP_RUNS" \
		--export-json "$T/startup.json" \
		-n "sbxsh -c true" "$SBXSH -c true" \
		-n "bash -c true" "bash -c true" \
		-n "dash -c true" "dash -c true" >"$T/hyperfine.txt" 2>&1 ||
		{ cat "$T/hyperfine.txt" >&2; exit 1; }
	while IFS=$'\t' read -r name mean; do
		start[$name]=$mean
	done < <(python3 -c '
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(r["command"] + "\t" + repr(r["mean"]))' "$T/startup.json")
	how="hyperfine, mean of $STARTUP_RUNS runs"
else
	for c in "sbxsh:$SBXSH" bash dash; do
		name=${c%%:*}
		bin=${c#*:}
		t0=$(now)
		for ((i = 0; i < STARTUP_RUNS; i++)); do "$bin" -c true; done
		t1=$(now)
		start["$name -c true"]=$(python3 -c "print(($t1-$t0)/1e9/$STARTUP_RUNS)")
	done
	how="own loop, mean of $STARTUP_RUNS runs"
fi
# --- 2. per command -----------------------------------------------------
loop="i=0; while [ \$i -lt $N ]; do /bin/true; i=\$((i+1)); done"
if [ -x "$TURNS" ]; then
	# In turns as well, LOOP_RUNS rounds: the median of each.
	TURNS_WARMUP=1 "$TURNS" "$LOOP_RUNS" sbxsh "$SBXSH" -c "$loop" ::: dash dash -c "$loop" \
		>"$T/loop.tsv" || { echo "bench-session: turns failed" >&2; exit 1; }
	ns_sbx=$(awk -F'\t' '$1 == "sbxsh" { printf "%d", $2 * 1e9 }' "$T/loop.tsv")
	ns_dash=$(awk -F'\t' '$1 == "dash" { printf "%d", $2 * 1e9 }' "$T/loop.tsv")
	loop_how="median of $LOOP_RUNS rounds in turns"
else
	ns_sbx=$(min_ns "$SBXSH" -c "$loop")
	ns_dash=$(min_ns dash -c "$loop")
	loop_how="fastest of $LOOP_RUNS runs"
fi

ns_bwrap=
if command -v bwrap >/dev/null && script=$("$SBXSH" --print-profile bwrap 2>/dev/null); then
	# The printed script makes its folders, then runs bwrap: a `bwrap`
	# function in front of the real one keeps the argv instead, without
	# its trailing `-- /bin/sh`.
	# Run with no arguments of its own, it ends in `-- /bin/sh`.
	bwrap() { bw=(bwrap "$@"); }
	profile_argv() { eval "$script"; }
	profile_argv
	unset -f bwrap profile_argv
	unset 'bw[-1]' 'bw[-1]'
	if "${bw[@]}" /bin/true 2>/dev/null; then
		bwloop() {
			local i
			for ((i = 0; i < N; i++)); do "${bw[@]}" /bin/true; done
		}
		ns_bwrap=$(LOOP_RUNS=1 min_ns bwloop)
	fi
fi

# --- report -------------------------------------------------------------
python3 - "$how" "$N" "${start[sbxsh -c true]}" "${start[bash -c true]}" \
	"${start[dash -c true]}" "$ns_sbx" "$ns_dash" "${ns_bwrap:-}" \
	"${breakdown:-}" "$loop_how" \
	"${start[sbxsh --backend namespace -c true]:-}" \
	"${cpu[sbxsh -c true]:-}" "${cpu[sbxsh --backend namespace -c true]:-}" \
	"${cpu[bash -c true]:-}" <<'EOF'
import json, sys
how, n = sys.argv[1], int(sys.argv[2])
loop_how = sys.argv[10]
opt = lambda i: float(sys.argv[i]) if sys.argv[i] else None
s_ns, c_sbx, c_ns, c_bash = opt(11), opt(12), opt(13), opt(14)
s_sbx, s_bash, s_dash = (float(x) for x in sys.argv[3:6])
l_sbx, l_dash = (int(x) / 1e9 for x in sys.argv[6:8])
l_bw = int(sys.argv[8]) / 1e9 if sys.argv[8] else None
ms = lambda s: "%9.3f ms" % (s * 1e3)
us = lambda s: "%9.1f us" % (s * 1e6)

print("start-up (%s)" % how)
print("  sbxsh -c true                      %s" % ms(s_sbx))
if s_ns is not None:
    print("  sbxsh --backend namespace -c true  %s" % ms(s_ns))
print("  bash -c true                       %s" % ms(s_bash))
print("  dash -c true                       %s" % ms(s_dash))
if c_sbx is not None and c_bash:
    # The CPU of every process of the run (turns reaps the shell and the
    # PID namespace's init, which sbxsh's supervisor leaves running when
    # it answers): the wall time follows it, nothing is waited for.
    print("  CPU per run, the whole process tree (user + system; mean):")
    print("    sbxsh -c true                      %s   (%.2fx bash's)"
          % (ms(c_sbx), c_sbx / c_bash))
    if c_ns is not None:
        print("    sbxsh --backend namespace -c true  %s   (%.2fx bash's)"
              % (ms(c_ns), c_ns / c_bash))
    print("    bash -c true                       %s" % ms(c_bash))
print("per command: %d x /bin/true (%s), per command" % (n, loop_how))
print("  in one sbxsh session      %s   (total %.3f s)" % (us(l_sbx / n), l_sbx))
print("  in dash                   %s   (total %.3f s)" % (us(l_dash / n), l_dash))
if l_bw is not None:
    print("  bwrap <args> /bin/true    %s   (total %.3f s)" % (us(l_bw / n), l_bw))
else:
    print("  bwrap <args> /bin/true    (bwrap unavailable here)")
print("ratios")
def verdict(ok):
    return "meets target" if ok else "MISSES target"
r = s_sbx / s_bash
print("  sbxsh -c true / bash -c true        %6.2fx  (target <= 1: %s)" % (r, verdict(r <= 1)))
if s_ns is not None:
    r = s_ns / s_bash
    print("  ... --backend namespace / bash      %6.2fx  (target <= 1: %s)" % (r, verdict(r <= 1)))
print("  sbxsh -c true / dash -c true        %6.2fx" % (s_sbx / s_dash))
r = l_sbx / l_dash
print("  sbxsh loop / dash loop              %6.2fx  (target <= 1: %s)" % (r, verdict(r <= 1)))
if l_bw is not None:
    per_bw = l_bw / n
    r = per_bw / s_sbx
    print("  bwrap per command / sbxsh -c true   %6.2fx  (target >= 5: %s)" % (r, verdict(r >= 5)))
    print("    for scale: bwrap per command / bash -c true %.2fx, / dash -c true %.2fx"
          % (per_bw / s_bash, per_bw / s_dash))
    r = l_bw / l_sbx
    print("  bwrap loop / sbxsh loop             %6.2fx  (target >= 5: %s)" % (r, verdict(r >= 5)))
if sys.argv[9]:
    t = {}
    for line in open(sys.argv[9]):
        name, med = line.rstrip("\n").split("\t")[:2]
        t[name] = float(med)
    confine = t["confine"] - t["confine-none"]
    mntns = t["unshare-m"] - t["unshare"]
    session = t["none"] - t["dash -c true"]
    print("where sbxsh -c true goes (medians, same run)")
    print("  kernel confinement alone        %s   (sbx_confine <plan> - the same with --backend none)" % ms(confine))
    print("    of which the mount namespace  %s   (unshare -m /bin/true - unshare /bin/true)" % ms(mntns))
    print("  session + shell, unconfined     %s   (sbxsh --backend none -c true - dash -c true)" % ms(session))
    floor = s_dash + confine
    print("  floor: dash -c true + confinement = %s vs bash -c true %s (%.2fx)"
          % (ms(floor).strip(), ms(s_bash).strip(), floor / s_bash))
EOF

# --- 4. start-up with a 50-line configuration (docs/design.md §8) -------------
# The file must lie outside every writable root (/tmp is one), so it goes
# in a folder of its own under /var/tmp. 50 lines: comments, [sandbox]
# with an allow-write (which makes the session ask pol_new() twice),
# masks, protections, kept variables, [session], three [workflow]
# sections (one of them this workspace's) and [route] rows.
CFGD=$(mktemp -d /var/tmp/bench-config.XXXXXX) || exit 1
trap 'rm -rf "$T" "$CFGD"' EXIT
mkdir -p "$CFGD/data"
{
	echo "# bench-session: a 50-line configuration"
	echo "[sandbox]"
	echo "allow-write = $CFGD/data"
	for i in 1 2 3 4 5 6 7 8; do echo "mask = ~/.config/bench-vendor-$i"; done
	for p in .envrc .vscode/ .idea/ Makefile.local; do echo "protect = $p"; done
	for v in AWS_PROFILE 'BENCH_*' GH_HOST; do echo "keep-env = $v"; done
	echo "network = yes ; inline comment"
	echo "check = warn"
	echo "git-depth = 2"
	echo "[session]"
	echo "keep-runs = 5"
	echo "persist = yes"
	for w in alpha beta ws; do
		echo "[workflow \"$w\"]"
		echo "# the $w workflow"
		echo "check = warn"
		echo "mask = ~/.config/bench-$w"
	done
	echo "[route]"
	for i in 1 2 3 4 5 6; do echo "BENCH_TOOL${i}_HOME = bench/tool$i"; done
} >"$CFGD/config"
while [ "$(wc -l <"$CFGD/config")" -lt 50 ]; do echo "; padding" >>"$CFGD/config"; done
chmod 644 "$CFGD/config"
if [ -x "$TURNS" ] && "$SBXSH" --config "$CFGD/config" -c true; then
	"$TURNS" "$STARTUP_RUNS" config env SBXSH_CONFIG="$CFGD/config" "$SBXSH" -c true \
		::: no-config env "$SBXSH" --no-config -c true \
		::: bash env bash -c true >"$T/config.tsv" &&
		python3 - "$T/config.tsv" "$STARTUP_RUNS" "$(wc -l <"$CFGD/config")" <<'PY'
import sys
t = {}
for line in open(sys.argv[1]):
    name, med, mean, mn = line.rstrip("\n").split("\t")
    t[name] = (float(med), float(mn))
print("start-up with a %s-line configuration (turns: median of %s rounds;"
      " fastest in brackets)" % (sys.argv[3], sys.argv[2]))
for k in ("config", "no-config", "bash"):
    print("  %-34s %9.3f ms  (%.3f ms)" % ({"config": "sbxsh -c true, the configuration",
          "no-config": "sbxsh --no-config -c true", "bash": "bash -c true"}[k],
          t[k][0] * 1e3, t[k][1] * 1e3))
r = t["config"][0] / t["bash"][0]
print("  the configuration costs %+.1f us; sbxsh -c true (config) / bash -c true"
      " %.2fx  (target <= 1: %s)" % ((t["config"][0] - t["no-config"][0]) * 1e6, r,
      "meets target" if r <= 1 else "MISSES target"))
PY
else
	echo "start-up with a configuration: needs turns, and a configuration sbxsh accepts"
fi

# --- 5. what each side door costs at start-up ----------------------------
# sbxsh_knobs (tests/bench/tests.cmake: `cmake --build BUILD --target
# sbxsh_knobs`) is sbxsh whose $SBXSH_BENCH_OFF leaves a door out: the
# private PID namespace with its own /proc ("pidns"), the covers over
# other terminals and sockets ("doors"), the drop of every privilege and
# its read-back ("caps", backends/backend.c be_drop_privs()), the private
# IPC and UTS namespaces made with the mount namespace ("ipcns"); and the
# denial lines' kernel sources (issue 23): the Landlock audit reader
# with everything it brings ("llaudit": the read-log socket, the pipe and
# the sync socket, the mount layer's rules too), the mount layer's audit
# rules alone ("mntaudit": the session's loginuid, three rules added, the
# helper that removes them forked). Those two are on only as root with
# Landlock ABI 7: elsewhere their rows say so. In turns, same run.
KNOBS=$(dirname "$SBXSH")/sbxsh_knobs
if [ -x "$TURNS" ] && [ -x "$KNOBS" ]; then
	"$TURNS" "$STARTUP_RUNS" all env SBXSH_BENCH_OFF= "$KNOBS" -c true \
		::: no-pidns env SBXSH_BENCH_OFF=pidns "$KNOBS" -c true \
		::: no-doors env SBXSH_BENCH_OFF=doors "$KNOBS" -c true \
		::: no-caps env SBXSH_BENCH_OFF=caps "$KNOBS" -c true \
		::: no-ipcns env SBXSH_BENCH_OFF=ipcns "$KNOBS" -c true \
		::: no-llaudit env SBXSH_BENCH_OFF=llaudit "$KNOBS" -c true \
		::: no-mntaudit env SBXSH_BENCH_OFF=mntaudit "$KNOBS" -c true \
		::: neither env SBXSH_BENCH_OFF=pidns,doors "$KNOBS" -c true \
		::: bash env bash -c true >"$T/doors.tsv" &&
		python3 - "$T/doors.tsv" "$STARTUP_RUNS" \
			"$(SBXSH_BENCH_OFF= "$KNOBS" -c policy 2>/dev/null |
				grep -E '^(mount_)?denials:' |
				sed -E 's/^([a-z_]+: from [a-z]+).*: ([^:]*)$/\1 (\2)/' |
				cut -c1-110)" <<'PY'
import sys
t = {}
for line in open(sys.argv[1]):
    name, med, mean, mn = line.rstrip("\n").split("\t")
    t[name] = (float(med), float(mn))
print("what each side door costs at start-up (sbxsh_knobs, turns: median"
      " of %s rounds; fastest in brackets)" % sys.argv[2])
for k, what in (("pidns", "PID namespace + its /proc (no-pidns)"),
                ("doors", "covers over others' terminals and sockets (no-doors)"),
                ("caps", "every privilege dropped and read back (no-caps)"),
                ("ipcns", "private IPC + UTS namespaces (no-ipcns)")):
    m = t["all"][0] - t["no-" + k][0]
    f = t["all"][1] - t["no-" + k][1]
    print("  %-52s %+8.1f us  (%+.1f us)" % (what, m * 1e6, f * 1e6))
print("  all doors, against neither                           %+8.1f us"
      % ((t["all"][0] - t["neither"][0]) * 1e6))
# issue 23: the denial lines' kernel sources, side by side
src = sys.argv[3]
print("the denial lines' kernel sources at start-up (same run; the reader"
      " and the rules' helper start whether the kernel's audit is on or off,"
      " the rules themselves only where it is on; the notes:)")
for ln in src.split("\n"):
    print("    " + ln)
for k, what in (("llaudit", "the kernel's records: reader + mount rules"),
                ("mntaudit", "the mount layer's audit rules + helper")):
    m = t["all"][0] - t["no-" + k][0]
    f = t["all"][1] - t["no-" + k][1]
    print("  %-44s %+8.1f us  (%+.1f us)  with/without %.3fx  (fastest: %.3fx)"
          % (what, m * 1e6, f * 1e6, t["all"][0] / t["no-" + k][0],
             t["all"][1] / t["no-" + k][1]))
print("  sbxsh -c true without them (no-llaudit) / bash -c true  %.2fx"
      % (t["no-llaudit"][0] / t["bash"][0]))
print("  sbxsh -c true, all doors / bash -c true              %8.2fx  (fastest: %.2fx)"
      % (t["all"][0] / t["bash"][0], t["all"][1] / t["bash"][1]))
PY
else
	echo "what each side door costs: build sbxsh_knobs first (cmake --build BUILD --target sbxsh_knobs)"
fi
