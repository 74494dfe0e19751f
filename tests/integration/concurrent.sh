#!/bin/bash
# tests/integration/concurrent.sh — sessions of one workflow started
# together never fail (issue 20, item 9). Two races are closed and looked
# at here, each from outside the sessions:
#
#   1. run folders: 16 sessions of one workflow start at once, 50 rounds
#      (800 starts) under each Linux backend as root, and 25 rounds as
#      nobody. Each writes its own word into its $TMPDIR and reads it back:
#      every start must succeed (exit 0, no line on stderr), print its own
#      word, and the 16 of a round must have had 16 different TMPDIRs. On
#      the build before the fix about 1 start in 100 failed with "cannot
#      create .../.sandbox-runs/RUN/tmp: No such file or directory": a
#      session starting at the same time found the new run folder's mark
#      before its owner had locked it, and pruned or recycled the folder
#      under it. After the rounds no run folder is left half-made. And
#      after `exec cmd` has replaced the shell (whose lock is
#      close-on-exec), the run folder stays locked while cmd runs: four
#      sessions with --keep-runs 1 leave it and what cmd wrote there.
#   2. the PATH bin folders: two tools in two sessions making the same
#      folder with check-then-create (pip's distlib: exists() then
#      mkdir(), FileOperator.ensure_dir) race, and one fails with EEXIST.
#      The session makes every PATH bin folder of .sandbox-cache before a
#      job runs: after one `true` each is there, a real folder of the
#      user; two sessions running the distlib pattern with a barrier
#      between the check and the mkdir (so the race happens every time
#      where the folders are missing) both succeed; and two sessions
#      pip-installing local packages at once into a new .sandbox-cache
#      both succeed, with both console scripts on PATH afterwards.
#
# Prints the figures (starts, failures, seconds). TAP; about 60 s on two
# cores. Needs python3 with pip (lib/localpkgs.bash; no index is used).
set -u

SBXSH=${SBXSH:?SBXSH must name the sbxsh binary}
. "$(dirname "$0")/lib/tap.bash"
export PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin
unset TMPDIR XDG_CACHE_HOME XDG_STATE_HOME

ROUNDS=${CONCURRENT_ROUNDS:-50}
N=16

T=$(mktemp -d /var/tmp/sbxconc.XXXXXX) || exit 1
trap 'rm -rf "$T"' EXIT
chmod 755 "$T"
H=$T/home
WS=$T/pk
mkdir -p "$H" "$WS"
. "$(dirname "$0")/lib/localpkgs.bash"

# starts WHO BACKEND ROUNDS: ROUNDS rounds of N sessions of one workflow
# started at once; one ok/not_ok for the lot, and the figures.
starts() {
	local who=$1 be=$2 rounds=$3 root=$T/root-$1-$2 priv=() h=$H
	local fail=0 total=0 t0 t1 r i want got first=""
	mkdir -p "$root/Workflow/w" "$T/o-$who-$be"
	if [ "$who" = nobody ]; then
		h=$T/home-nobody
		mkdir -p "$h"
		chown -R 65534:65534 "$root" "$h"
		priv=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	fi
	t0=$(date +%s%N)
	for r in $(seq "$rounds"); do
		for i in $(seq $N); do
			(cd / && timeout -k 5 60 "${priv[@]}" env -i HOME="$h" \
				PATH="$PATH" "$SBXSH" --backend "$be" \
				--workflow w --root "$root" -c \
				'echo "w$1 $TMPDIR" >"$TMPDIR/x" && cat "$TMPDIR/x"' \
				sh "$r-$i" >"$T/o-$who-$be/$i" 2>"$T/o-$who-$be/$i.err"
			 echo $? >"$T/o-$who-$be/$i.rc") &
		done
		wait
		for i in $(seq $N); do
			total=$((total + 1))
			want="w$r-$i"
			got=$(cat "$T/o-$who-$be/$i")
			if [ "$(cat "$T/o-$who-$be/$i.rc")" != 0 ] ||
			   [ -s "$T/o-$who-$be/$i.err" ] ||
			   [ "${got%% *}" != "$want" ]; then
				fail=$((fail + 1))
				[ -n "$first" ] || first="round $r, session $i: rc=$(cat "$T/o-$who-$be/$i.rc") $(head -c 300 "$T/o-$who-$be/$i.err") $(head -c 100 "$T/o-$who-$be/$i")"
			fi
		done
		# 16 sessions, 16 run folders: no TMPDIR shared
		if [ "$(cut -d' ' -f2 "$T"/o-"$who"-"$be"/? "$T"/o-"$who"-"$be"/?? 2>/dev/null |
			sort -u | grep -c .)" != $N ]; then
			fail=$((fail + 1))
			[ -n "$first" ] || first="round $r: two sessions shared a TMPDIR"
		fi
	done
	t1=$(date +%s%N)
	echo "# $who, --backend $be: $total starts ($N at once x $rounds rounds), $fail failed, $(( (t1 - t0) / 1000000 )) ms"
	check "$who, $be: $N sessions of one workflow started at once x $rounds: every one ran, in its own TMPDIR ($fail of $total failed${first:+; first: $first})" \
		test "$fail" = 0
	# Nothing half-made left behind: every run folder carries its mark
	# (a folder without one could never be pruned) and no pending one.
	local bad
	bad=$(cd "$root/Workflow/w/.sandbox-runs" && for d in 2*; do
		[ -f "$d/.sbxsh-run" ] || echo "$d: no mark"
		[ -e "$d/.sbxsh-run.new" ] && echo "$d: a pending mark"
	done)
	OUTPUT=$bad
	check "$who, $be: every run folder left carries its mark, none a pending one" \
		test -z "$bad"
}

starts root landlock "$ROUNDS"
starts root namespace "$ROUNDS"
if command -v setpriv >/dev/null && [ "$(id -u)" = 0 ]; then
	starts nobody landlock $((ROUNDS / 2))
else
	skip_case_for setpriv "as nobody: needs root and setpriv"
fi

# --- 1b. `exec cmd`: the run folder stays locked while cmd runs ---------
# The shell's lock is close-on-exec: once `exec` has replaced the shell,
# the PID namespace's init holds it (be_opts.session_fd). Sessions of the
# same workflow started meanwhile with --keep-runs 1 prune or recycle
# every run folder they can lock: the exec'd command's must survive, with
# what it wrote in its TMPDIR (looked at from outside).
for be in landlock namespace; do
	root=$T/root-exec-$be
	mkdir -p "$root/Workflow/w"
	(cd / && env -i HOME="$H" PATH="$PATH" "$SBXSH" --backend "$be" \
		--workflow w --root "$root" -c \
		'echo kept >"$TMPDIR/mine" && echo "$TMPDIR" && exec sleep 3' \
		>"$T/exec-$be.tmpdir") &
	ep=$!
	for _ in $(seq 100); do [ -s "$T/exec-$be.tmpdir" ] && break; sleep 0.05; done
	sleep 0.3 # past the exec
	et=$(cat "$T/exec-$be.tmpdir" 2>/dev/null)
	locked=no
	[ -n "$et" ] && ! flock -n -x "$(dirname "$et")/.sbxsh-run" true && locked=yes
	for _ in 1 2 3 4; do
		(cd / && env -i HOME="$H" PATH="$PATH" "$SBXSH" --backend "$be" \
			--keep-runs 1 --workflow w --root "$root" -c true)
	done
	OUTPUT="tmpdir: $et; $(ls -la "$root/Workflow/w/.sandbox-runs" 2>&1)"
	check "$be: after \`exec sleep\` the run folder is still locked, and 4 sessions with --keep-runs 1 left it and its TMPDIR (locked: $locked)" \
		eval '[ "$locked" = yes ] && [ "$(cat "$et/mine" 2>/dev/null)" = kept ]'
	wait $ep
done

# --- 2. the PATH bin folders -------------------------------------------
P=$WS/.sandbox-cache
rm -rf "$P" "$WS/.sandbox-runs"
sbx true >/dev/null 2>&1
bins=$(sbx 'echo "$PATH"' 2>/dev/null | tr : '\n' | grep "^$P/")
missing=""
for d in $bins; do
	[ -d "$d" ] && [ ! -L "$d" ] && [ "$(stat -c %u "$d")" = "$(id -u)" ] ||
		missing="$missing ${d#"$P"/}"
done
OUTPUT=$bins
check "every PATH bin folder of .sandbox-cache ($(echo "$bins" | grep -c .)) is there after one session, a real folder of the user${missing:+ (missing:$missing)}" \
	eval '[ -n "$bins" ] && [ -z "$missing" ]'

# The distlib pattern, made certain: each session checks every PATH bin
# folder, waits until the other has checked too, then makes the ones it
# found missing. Where the session did not make them, both find them
# missing, and the second mkdir fails with EEXIST every time.
rm -rf "$P" "$WS/.sandbox-runs" "$WS/barrier"
mkdir "$WS/barrier"
ensure='import os, sys, time
me, other = sys.argv[1], sys.argv[2]
bins = [d for d in os.environ["PATH"].split(":") if "/.sandbox-cache/" in d]
todo = [d for d in bins if not os.path.exists(d)]
open("barrier/" + me, "w").close()
t = time.time() + 20
while not os.path.exists("barrier/" + other) and time.time() < t:
    time.sleep(0.01)
for d in todo:
    os.makedirs(os.path.dirname(d), exist_ok=True)
    os.mkdir(d)
print("made", len(todo), "of", len(bins))'
sbx "python3 -c '$ensure' a b" >"$T/ea" 2>&1 &
pa=$!
sbx "python3 -c '$ensure' b a" >"$T/eb" 2>&1 &
pb=$!
wait $pa
ra=$?
wait $pb
rb=$?
OUTPUT="A: $(cat "$T/ea") / B: $(cat "$T/eb")"
check "two sessions making the PATH bin folders with exists() then mkdir() at once: both succeed (rc $ra $rb)" \
	eval '[ "$ra" = 0 ] && [ "$rb" = 0 ]'

# The real thing: two pips at once into a new .sandbox-cache.
pips_ok=0
for r in 1 2; do
	rm -rf "$P" "$WS/.sandbox-runs"
	t0=$(date +%s%N)
	sbx 'python3 -m pip install -q --user --no-index --no-build-isolation ./localpkg' >"$T/pa" 2>&1 &
	pa=$!
	sbx 'python3 -m pip install -q --user --no-index --no-build-isolation ./otherpkg' >"$T/pb" 2>&1 &
	pb=$!
	wait $pa
	ra=$?
	wait $pb
	rb=$?
	echo "# two pips at once, round $r: exit $ra and $rb, $(( ($(date +%s%N) - t0) / 1000000 )) ms"
	OUTPUT="A: $(tail -3 "$T/pa") / B: $(tail -3 "$T/pb")"
	if [ "$ra" = 0 ] && [ "$rb" = 0 ] &&
	   [ -x "$P/python/bin/localpkg-hello" ] && [ -x "$P/python/bin/otherpkg-hello" ]; then
		pips_ok=$((pips_ok + 1))
	else
		not_ok "round $r: two sessions pip-installing at once (exit $ra, $rb)"
	fi
done
out=$(sbx 'localpkg-hello; otherpkg-hello' 2>&1)
OUTPUT=$out
check "two sessions pip-installing at once, twice: both installs succeed, both console scripts run from PATH ($pips_ok of 2 rounds)" \
	eval '[ "$pips_ok" = 2 ] && [ "$out" = "localpkg hello
otherpkg hello" ]'

tap_done
