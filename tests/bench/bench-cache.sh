#!/bin/bash
# tests/bench/bench-cache.sh — `policy cache` on a big cache (issue 13:
# "big caches (100 000 files) listed in under a second"): a .sandbox-cache
# whose pip/ holds N files (default 100 000, in folders of 100) and whose
# npm-global/ holds N/10 symlinks, listed by `sbxsh -c 'policy cache'`
# against `du -s --apparent-size` and `find | wc -l` over the same tree,
# each timed ROUNDS times (best of). Also the export of the whole cache
# (tar, then tar.gz) and each one's import into an empty one (once each).
# Measures; never fails on the numbers.
#
# Usage: tests/bench/bench-cache.sh [SBXSH|BUILD_DIR] [N] [ROUNDS]
set -u
SBXSH=${1:-${SBXSH:-build/sbxsh}}
[ -d "$SBXSH" ] && SBXSH=$SBXSH/sbxsh
N=${2:-100000}
ROUNDS=${3:-5}
SBXSH=$(cd "$(dirname "$SBXSH")" && pwd)/$(basename "$SBXSH")
T=$(mktemp -d "${TMPDIR:-/tmp}/bench-cache.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
WS=$T/ws P=$WS/.sandbox-cache
mkdir -p "$P/pip" "$P/npm-global/bin"
python3 - "$P" "$N" <<'PYEOF'
import os, sys
p, n = sys.argv[1], int(sys.argv[2])
for i in range(n):
    d = os.path.join(p, "pip", "d%04d" % (i // 100))
    if i % 100 == 0:
        os.mkdir(d)
    with open(os.path.join(d, "f%d" % i), "w") as f:
        f.write("x" * (i % 300))
for i in range(n // 10):
    os.symlink("../../pip/d0000/f0", os.path.join(p, "npm-global", "bin", "l%d" % i))
PYEOF
best() { # best CMD...: the fastest of ROUNDS runs, in ms
	local b= i t0 t1
	for ((i = 0; i < ROUNDS; i++)); do
		t0=$(date +%s%N)
		"$@" >/dev/null 2>&1
		t1=$(date +%s%N)
		t=$(((t1 - t0) / 1000))
		[ -z "$b" ] || [ "$t" -lt "$b" ] && b=$t
	done
	printf '%d.%03d ms' $((b / 1000)) $((b % 1000))
}
cd "$WS" || exit 1
echo "cache of $N files in pip/ and $((N / 10)) symlinks in npm-global/bin (best of $ROUNDS)"
echo "  sbxsh -c 'policy cache'      $(best "$SBXSH" -c 'policy cache')"
echo "  sbxsh -c true                $(best "$SBXSH" -c true)"
echo "  du -s --apparent-size        $(best du -s --apparent-size "$P")"
echo "  find | wc -l                 $(best sh -c "find '$P' | wc -l")"
"$SBXSH" -c 'policy cache' | sed 's/^/    /'
t0=$(date +%s%N)
"$SBXSH" -c "policy cache export $T/c.tar" >/dev/null
t1=$(date +%s%N)
echo "  export (tar, $(du -h "$T/c.tar" | cut -f1))        $(((t1 - t0) / 1000000)) ms"
rm -rf "$P/pip" "$P/npm-global"
t0=$(date +%s%N)
"$SBXSH" -c "policy cache import $T/c.tar" >/dev/null
t1=$(date +%s%N)
echo "  import (tar)                  $(((t1 - t0) / 1000000)) ms"
# the same, gzip'd (libarchive's zlib since issue 20; gzip(1) before)
t0=$(date +%s%N)
"$SBXSH" -c "policy cache export $T/c.tar.gz" >/dev/null
t1=$(date +%s%N)
echo "  export (tar.gz, $(du -h "$T/c.tar.gz" | cut -f1))      $(((t1 - t0) / 1000000)) ms"
rm -rf "$P/pip" "$P/npm-global"
t0=$(date +%s%N)
"$SBXSH" -c "policy cache import $T/c.tar.gz" >/dev/null
t1=$(date +%s%N)
echo "  import (tar.gz)               $(((t1 - t0) / 1000000)) ms"
test -d "$P/pip" || echo "  (the import left no pip/: it failed)"
