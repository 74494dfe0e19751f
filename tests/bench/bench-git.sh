#!/bin/bash
# tests/bench/bench-git.sh — what protecting git metadata costs at start-up
# (issue 16): `sbxsh -c true` in a workspace that is one repository with
# 20 000 files against the same in an empty workspace, timed in turns
# (tests/bench/turns.c), with the target: the difference under 10% of
# `sbxsh -c true`. Also, from the same run:
#
#   - the repository with --git-depth 0 (only the workspace's own .git is
#     looked at): what is left is the repository's own part (its pointer
#     files, config read for includes, the bind mounts of its hooks,
#     config and git dir); the rest of the difference is the scan below
#     the workspace;
#   - `sbxsh -c /bin/true` in both: a session that started a command, so
#     the end-of-session scan for new repositories runs too (`-c true`
#     starts nothing and opens nothing for writing: it has nothing to
#     look at, and skips it);
#   - the repository without the scan cache (its state folder made
#     unusable, XDG_STATE_HOME=/proc/none: every start walks it all), each
#     behind `env` like its empty-workspace pair;
#   - `bash -c true`, for the start-up target of issue 4.
#
# The repository: 25 top folders of 12 with 4 below each (1 525 folders,
# 300 of them two levels down, where the default depth stops), the files
# spread over all levels, committed. What the scan costs grows with the
# folders within its depth, not with the files.
#
# Usage: tests/bench/bench-git.sh [SBXSH|BUILD_DIR] [ROUNDS]
# Exits 0 whatever the numbers: it measures, it does not gate.
set -u

SBXSH=${1:-${SBXSH:-build/sbxsh}}
[ -d "$SBXSH" ] && SBXSH=$SBXSH/sbxsh
ROUNDS=${2:-200}
[ -x "$SBXSH" ] || { echo "bench-git: no sbxsh at '$SBXSH'" >&2; exit 2; }
SBXSH=$(cd "$(dirname "$SBXSH")" && pwd)/$(basename "$SBXSH")
TURNS=$(dirname "$SBXSH")/turns
[ -x "$TURNS" ] || { echo "bench-git: no turns next to sbxsh (build it)" >&2; exit 2; }
for t in git python3 bash; do
	command -v $t >/dev/null || { echo "bench-git: needs $t" >&2; exit 2; }
done

T=$(mktemp -d "${TMPDIR:-/tmp}/bench-git.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/empty" "$T/repo"
python3 - "$T/repo" <<'EOF'
import os, sys
ws = sys.argv[1]
n = 0
for a in range(25):
    top = os.path.join(ws, "top%d" % a)
    os.makedirs(top)
    for f in range(3):
        open(os.path.join(top, "f%d.c" % f), "w").write("x%d\n" % n); n += 1
    for b in range(12):
        mid = os.path.join(top, "mid%d" % b)
        os.makedirs(mid)
        for f in range(4):
            open(os.path.join(mid, "g%d.c" % f), "w").write("y%d\n" % n); n += 1
        for c in range(4):
            low = os.path.join(mid, "low%d" % c)
            os.makedirs(low)
            for f in range(16):
                open(os.path.join(low, "h%d.c" % f), "w").write("z%d\n" % n); n += 1
print("bench-git: %d files in %s" % (n, ws), file=sys.stderr)
EOF
(cd "$T/repo" && git init -q && git add -A &&
	git -c user.name=b -c user.email=b@b commit -qm files) ||
	{ echo "bench-git: cannot make the repository" >&2; exit 1; }
# One session in each first: state folders made, runs recycled from then
# on, as in steady use.
for w in empty repo; do "$SBXSH" --workspace "$T/$w" -c true; done

echo "sbxsh -c true, repository of $(cd "$T/repo" && git ls-files | wc -l) files against an empty workspace (median of $ROUNDS rounds in turns)"
# bash first: each round then starts from the same state (a session's
# namespaces are torn down by the kernel after it exits, on its time).
OUT=$(TURNS_WARMUP=20 "$TURNS" "$ROUNDS" \
	bash bash -c true ::: \
	empty "$SBXSH" --workspace "$T/empty" -c true ::: \
	repo "$SBXSH" --workspace "$T/repo" -c true ::: \
	repo-depth0 "$SBXSH" --workspace "$T/repo" --git-depth 0 -c true ::: \
	empty-cmd "$SBXSH" --workspace "$T/empty" -c /bin/true ::: \
	repo-cmd "$SBXSH" --workspace "$T/repo" -c /bin/true ::: \
	empty-env env XDG_STATE_HOME=/proc/none "$SBXSH" --workspace "$T/empty" -c true ::: \
	repo-nocache env XDG_STATE_HOME=/proc/none "$SBXSH" --workspace "$T/repo" -c true) || { echo "bench-git: a command failed" >&2; exit 1; }
python3 - "$OUT" <<'EOF'
import sys
med, low = {}, {}
for line in sys.argv[1].splitlines():
    name, m, _mean, mn = line.split("\t")
    med[name] = float(m) * 1000
    low[name] = float(mn) * 1000
def show(label, name):
    print("  %-44s %7.3f ms   (fastest %.3f)" % (label, med[name], low[name]))
show("sbxsh -c true, empty workspace", "empty")
show("sbxsh -c true, the repository", "repo")
show("sbxsh -c true, the repository, --git-depth 0", "repo-depth0")
show("sbxsh -c /bin/true, empty workspace", "empty-cmd")
show("sbxsh -c /bin/true, the repository", "repo-cmd")
show("bash -c true", "bash")
d = med["repo"] - med["empty"]
pct = 100 * d / med["empty"]
print("difference (repository - empty)      %+7.3f ms = %+5.1f%% of sbxsh -c true "
      "(target < 10%%: %s)" % (d, pct, "meets target" if pct < 10 else "MISSES target"))
print("  of which the repository's own part  %+7.3f ms (--git-depth 0 - empty)"
      % (med["repo-depth0"] - med["empty"]))
print("  of which the scan below it          %+7.3f ms (default depth 2 - depth 0)"
      % (med["repo"] - med["repo-depth0"]))
d = med["repo-nocache"] - med["empty-env"]
print("without the scan cache                %+7.3f ms = %+5.1f%% (fastest %+.3f ms): the first session, "
      "or state in /proc/none" % (d, 100 * d / med["empty-env"],
                                  low["repo-nocache"] - low["empty-env"]))
print("with a command (end-of-session scan)  %+7.3f ms = %+5.1f%% of sbxsh -c /bin/true"
      % (med["repo-cmd"] - med["empty-cmd"],
         100 * (med["repo-cmd"] - med["empty-cmd"]) / med["empty-cmd"]))
d = low["repo"] - low["empty"]
print("fastest runs: difference              %+7.3f ms = %+5.1f%% (scan below: %+.3f ms)"
      % (d, 100 * d / low["empty"], low["repo"] - low["repo-depth0"]))
r = med["repo"] / med["bash"]
print("sbxsh -c true (repository) / bash -c true  %.2fx (target <= 1: %s)"
      % (r, "meets target" if r <= 1 else "MISSES target"))
r = med["empty"] / med["bash"]
print("sbxsh -c true (empty) / bash -c true       %.2fx (target <= 1: %s)"
      % (r, "meets target" if r <= 1 else "MISSES target"))
EOF
