#!/bin/bash
# tests/bench/bench-sockets.sh — what covering sockets by inode costs at
# start-up (issue 20, item 5; backends/doors.c). Timed in turns
# (tests/bench/turns, built next to sbxsh), medians of RUNS rounds:
#
#   1. nothing stale: every outside socket's bound name still leads to its
#      file (one sock_diag dump and one lstat per socket, no walk):
#      `sbxsh -c true` against `bash -c true`, and against an older sbxsh
#      (BASELINE_SBXSH, e.g. main's build: /proc/net/unix names) if given;
#   2. worst case: an outside daemon's socket in /tmp renamed after bind
#      (its name is stale, so every start-up walks the trees on /tmp's
#      filesystem among /tmp, /run, /var/tmp, /dev/shm, $XDG_RUNTIME_DIR,
#      the home and the writable roots), with an empty home and with a
#      home of 20 000 files in 2 000 folders;
#   3. the same socket in /dev/shm, where it is another filesystem than
#      the home's: the walk takes /dev/shm alone.
#
# The homes and the workspace are made under the build folder (BENCH_DIR),
# outside the trees walked anyway, so the home is what changes. The banner
# of one start-up of each case is shown (how many entries the walk read).
# Usage: tests/bench/bench-sockets.sh [SBXSH|BUILD_DIR] [BASELINE_SBXSH]
# Exits 0 whatever the numbers: it measures, it does not gate.
set -u

SBXSH=${1:-${SBXSH:-build/sbxsh}}
[ -d "$SBXSH" ] && SBXSH=$SBXSH/sbxsh
BASE=${2:-}
RUNS=${RUNS:-100}
SBXSH=$(cd "$(dirname "$SBXSH")" && pwd)/$(basename "$SBXSH")
TURNS=$(dirname "$SBXSH")/turns
[ -x "$TURNS" ] || { echo "bench-sockets: no $TURNS (build the tree first)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "bench-sockets: needs python3" >&2; exit 2; }

T=$(mktemp -d "${BENCH_DIR:-$(dirname "$SBXSH")}/bench-sockets.XXXXXX") || exit 1
S=$(mktemp -d /tmp/bench-sockets.XXXXXX) || exit 1
DAEMON=
SHM=
trap '[ -n "$DAEMON" ] && kill $DAEMON 2>/dev/null; rm -rf "$T" "$S" ${SHM:+"$SHM"}' EXIT
mkdir -p "$T/ws" "$T/home-empty" "$T/home-20k"
python3 - "$T/home-20k" <<'EOF'
import os, sys
h = sys.argv[1]
for d in range(2000):
    p = os.path.join(h, "p%02d" % (d % 40), "d%04d" % d)
    os.makedirs(p, exist_ok=True)
    for f in range(10):
        open(os.path.join(p, "f%d" % f), "w").close()
EOF
cd "$T/ws" || exit 1

run_turns() { # OUT, then NAME CMD... ::: ...
	local out=$1
	shift
	"$TURNS" "$RUNS" "$@" >"$out" || { echo "bench-sockets: turns failed" >&2; exit 1; }
}
banner() { # HOME SBXSH: the sockets lines of one start-up
	env HOME="$1" "$2" --banner -c true 2>&1 | grep -E "^sbxsh: .*sockets" | sed 's/^/    /'
}

fresh=(::: sbxsh env HOME="$T/home-empty" "$SBXSH" -c true
	::: sbxsh-home20k env HOME="$T/home-20k" "$SBXSH" -c true)
[ -n "$BASE" ] && fresh+=(::: baseline env HOME="$T/home-empty" "$BASE" -c true)
echo "1. nothing stale (this machine's sockets as they are):"
banner "$T/home-empty" "$SBXSH"
run_turns "$T/fresh.tsv" bash bash -c true "${fresh[@]}"

# start_daemon DIR: an outside daemon whose socket in DIR is renamed
# after bind (its name stale).
start_daemon() {
	python3 - "$1" >"$T/daemon.out" 2>&1 <<'EOF' &
import os, socket, sys, time
d = sys.argv[1]
s = socket.socket(socket.AF_UNIX)
s.bind(d + "/orig.sock")
s.listen(1)
os.rename(d + "/orig.sock", d + "/renamed.sock")
print("READY", flush=True)
time.sleep(3600)
EOF
	DAEMON=$!
	for _ in $(seq 100); do grep -q READY "$T/daemon.out" && break; sleep 0.1; done
}
stop_daemon() { kill "$DAEMON" 2>/dev/null; wait "$DAEMON" 2>/dev/null; DAEMON=; }

start_daemon "$S"
echo "2. one socket in /tmp renamed after bind (its name stale: every start-up walks the trees on /tmp's filesystem):"
banner "$T/home-20k" "$SBXSH"
run_turns "$T/stale.tsv" bash bash -c true \
	::: sbxsh-stale env HOME="$T/home-empty" "$SBXSH" -c true \
	::: sbxsh-stale-home20k env HOME="$T/home-20k" "$SBXSH" -c true
stop_daemon
if [ -d /dev/shm ] && [ "$(stat -c %d /dev/shm)" != "$(stat -c %d "$T")" ]; then
	SHM=$(mktemp -d /dev/shm/bench-sockets.XXXXXX)
	start_daemon "$SHM"
	echo "3. one socket in /dev/shm (another filesystem than the home's) renamed after bind:"
	banner "$T/home-20k" "$SBXSH"
	run_turns "$T/shm.tsv" bash bash -c true \
		::: sbxsh-stale-shm-home20k env HOME="$T/home-20k" "$SBXSH" -c true
	stop_daemon
fi

python3 - "$T/fresh.tsv" "$T/stale.tsv" "$RUNS" "$T/shm.tsv" <<'EOF'
import os, sys
def read(p):
    if not os.path.exists(p):
        return {}
    return {l.split("\t")[0]: float(l.split("\t")[1]) for l in open(p) if "\t" in l}
f, s, runs, m = read(sys.argv[1]), read(sys.argv[2]), sys.argv[3], read(sys.argv[4])
print("\nstart-up, medians of %s rounds in turns (ms; ratio to bash -c true of the same run)" % runs)
for tab, name in ((f, "nothing stale"), (s, "stale name in /tmp"), (m, "stale name in /dev/shm")):
    if not tab:
        continue
    b = tab["bash"]
    print("  %s:" % name)
    for k, v in tab.items():
        print("    %-22s %7.2f ms  %5.2fx bash" % (k, v * 1e3, v / b))
if "baseline" in f:
    print("  nothing stale vs the baseline sbxsh: %+.2f ms (%.2fx)" %
          ((f["sbxsh"] - f["baseline"]) * 1e3, f["sbxsh"] / f["baseline"]))
print("  the walk (stale against nothing stale, two runs): empty home %+.2f ms (%.2fx), "
      "home of 20 000 files %+.2f ms (%.2fx)" %
      ((s["sbxsh-stale"] - f["sbxsh"]) * 1e3, s["sbxsh-stale"] / f["sbxsh"],
       (s["sbxsh-stale-home20k"] - f["sbxsh-home20k"]) * 1e3,
       s["sbxsh-stale-home20k"] / f["sbxsh-home20k"]))
EOF
