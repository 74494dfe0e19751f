#!/bin/bash
# tests/integration/cache.sh — `policy cache` (docs/design.md §9, issue 13) on
# a cache filled as the persistence test fills it: pip install --user and
# npm install -g of local packages (lib/localpkgs.bash). Then:
#   - list: each folder's size matches `du --apparent-size` within 1% and
#     its file count `find ! -type d`; --json parses and says the same;
#   - prune --tool npm --dry-run removes nothing; prune --tool npm removes
#     both npm folders and nothing else; prune --older-than 1 keeps what
#     was just used, and removes it once its times are 3 days old;
#   - export FILE.tar.gz, delete the folders, import: the tools run again
#     (control: after the delete, before the import, they do not);
#   - hostile archives are refused, whole, and nothing lands anywhere: an
#     absolute name, "..", a symlink to an absolute path, a symlink out by
#     "..", the two-link climb (a -> ., b -> a/../x), a device node, a
#     hard link, a fifo, a corrupt header.
# TAP; 77 without python3+pip+setuptools or npm.
set -u

SBXSH=${SBXSH:?SBXSH must name the sbxsh binary}
. "$(dirname "$0")/lib/tap.bash"

T=$(mktemp -d "${SBXSH_BUILD:-/var/tmp}/cache.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
H=$T/home
WS=$T/ws
P=$WS/.sandbox-cache
mkdir -p "$H" "$WS"
. "$(dirname "$0")/lib/localpkgs.bash"

OUT=$(sbx 'pip install --user --no-index --no-build-isolation ./localpkg &&
npm install -g --no-audit --no-fund ./local-tool.tgz' 2>&1)
check "pip and npm fill the cache" test $? = 0

# --- list ----------------------------------------------------------------
OUT=$(sbx 'policy cache --json' 2>&1)
J=$OUT
check "policy cache --json parses" \
	eval 'printf "%s" "$J" | "$PY" -c "import json,sys; json.load(sys.stdin)"'
for d in python npm-cache npm-global; do
	want=$(du -s --apparent-size -B1 "$P/$d" | cut -f1)
	files=$(find "$P/$d" ! -type d | wc -l)
	got=$(printf '%s' "$J" | "$PY" -c "import json,sys
r=[r for r in json.load(sys.stdin)['rows'] if r['folder']=='$d']
print('%d %d' % (r[0]['bytes'], r[0]['files']) if r else '0 0')")
	check "$d: size ${got% *} within 1% of du's $want" \
		"$PY" -c "import sys; sys.exit(not abs(${got% *} - $want) <= $want / 100)"
	check "$d: ${got#* } files, find says $files" test "${got#* }" = "$files"
done
OUT=$(sbx 'policy cache' 2>&1)
check "policy cache lists the folders with their variables" \
	eval 'printf "%s\n" "$OUT" | grep -q "^python .*PYTHONUSERBASE" && printf "%s\n" "$OUT" | grep -q "^npm-global .*npm_config_prefix"'

# --- prune ---------------------------------------------------------------
OUT=$(sbx 'policy cache prune --tool npm --dry-run' 2>&1)
check "prune --dry-run names npm's folders" \
	eval 'printf "%s" "$OUT" | grep -q "would remove npm-global"'
check "... and removes nothing" test -d "$P/npm-global" -a -d "$P/npm-cache"
OUT=$(sbx 'policy cache prune --tool npm --dry-run --json' 2>&1)
check "prune --json: the two npm folders, as JSON" \
	eval 'printf "%s" "$OUT" | "$PY" -c "import json,sys; d=json.load(sys.stdin); assert d[\"dry_run\"] and sorted(r[\"folder\"] for r in d[\"removed\"])==[\"npm-cache\",\"npm-global\"]"'
OUT=$(sbx 'policy cache prune --older-than 1' 2>&1)
check "prune --older-than 1 keeps what was just used" \
	eval 'test -d "$P/python" && printf "%s" "$OUT" | grep -q "nothing to prune"'
OUT=$(sbx 'policy cache prune' 2>&1)
check "prune with no selection is a usage error, and removes nothing" \
	eval 'test -d "$P/python" -a -d "$P/npm-global"'

# --- export, delete, import ------------------------------------------------
OUT=$(sbx 'policy cache export "$TMPDIR/../../c.tar.gz" && cp "$TMPDIR/../../c.tar.gz" ./c.tar.gz' 2>&1)
check "export to FILE.tar.gz (rc=$?)" test -s "$WS/c.tar.gz"
check "... a gzip'd tar that tar(1) reads" \
	eval 'tar -tzf "$WS/c.tar.gz" | grep -q "^npm-global/bin/local-tool$"'
OUT=$(sbx 'policy cache prune --tool npm' 2>&1)
check "prune --tool npm removes both npm folders" \
	eval 'test ! -e "$P/npm-global" -a ! -e "$P/npm-cache" -a -d "$P/python"'
rm -rf "$P/python"
OUT=$(sbx 'cd "$TMPDIR" && localpkg-hello; local-tool' 2>&1)
check "control: with the folders gone the tools do not run" \
	eval '! printf "%s\n" "$OUT" | grep -qx "localpkg hello\|local-tool ok"'
OUT=$(sbx 'policy cache import c.tar.gz' 2>&1)
check "import (rc=$?)" eval 'printf "%s" "$OUT" | grep -q "^imported"'
OUT=$(sbx 'cd "$TMPDIR" && localpkg-hello && local-tool' 2>&1)
check "after the import both tools run again" \
	eval 'printf "%s\n" "$OUT" | grep -qx "localpkg hello" && printf "%s\n" "$OUT" | grep -qx "local-tool ok"'
check "... the npm bin link is a symlink again" test -L "$P/npm-global/bin/local-tool"

# age: three days old, then pruned by --older-than 2
find "$P/npm-cache" -exec touch -h -a -m -d '3 days ago' {} +
OUT=$(sbx 'policy cache prune --older-than 2' 2>&1)
check "prune --older-than 2 removes a folder last used 3 days ago" \
	eval 'test ! -e "$P/npm-cache" -a -d "$P/python"'

# --- hostile archives ---------------------------------------------------
mkdir -p "$T/evil"
"$PY" - "$T/evil" <<'PYEOF'
import io, os, sys, tarfile
d = sys.argv[1]
def mk(name, members):
    with tarfile.open(os.path.join(d, name), "w", format=tarfile.PAX_FORMAT) as t:
        for m in members:
            data = b"pwned\n"
            if m.type == tarfile.REGTYPE:
                m.size = len(data)
                t.addfile(m, io.BytesIO(data))
            else:
                t.addfile(m)
def f(n): i = tarfile.TarInfo(n); i.type = tarfile.REGTYPE; return i
def l(n, to, t=tarfile.SYMTYPE): i = tarfile.TarInfo(n); i.type = t; i.linkname = to; return i
def dev(n, t): i = tarfile.TarInfo(n); i.type = t; i.devmajor = 1; i.devminor = 3; return i
mk("abs.tar", [f("ok/a"), f(os.path.join(d, "escaped-abs"))])
mk("dotdot.tar", [f("ok/a"), f("ok/../../escaped-dotdot")])
mk("linkabs.tar", [l("ok/l", d), f("ok/l/escaped-linkabs")])
mk("linkout.tar", [l("l", "../evil")])
mk("climb.tar", [l("a", "."), l("b", "a/../evil"), f("b/escaped-climb")])
mk("dev.tar", [dev("ok/null", tarfile.CHRTYPE)])
mk("blk.tar", [dev("ok/vda", tarfile.BLKTYPE)])
mk("hard.tar", [l("ok/h", "/etc/passwd", tarfile.LNKTYPE)])
mk("fifo.tar", [dev("ok/p", tarfile.FIFOTYPE)])
with open(os.path.join(d, "corrupt.tar"), "wb") as o:
    o.write(b"x" * 1024)
PYEOF
cp "$T"/evil/*.tar "$WS/"
before=$(cd "$P" && find . | sort | md5sum)
for a in abs dotdot linkabs linkout climb dev blk hard fifo corrupt; do
	OUT=$(sbx "policy cache import $a.tar" 2>&1)
	rc=$?
	check "hostile $a.tar: refused (rc=$rc)" \
		eval 'test $rc != 0 && printf "%s" "$OUT" | grep -q "refused"'
done
check "... nothing of them landed in the cache" \
	test "$(cd "$P" && find . | sort | md5sum)" = "$before"
check "... nor next to it" \
	test -z "$(find "$T" -name 'escaped-*' -print -quit)"
# control: tar(1) itself would have put escaped-dotdot outside ok/
mkdir -p "$T/ctl/x/y"
(cd "$T/ctl/x/y" && tar -xf "$T/evil/dotdot.tar" -P 2>/dev/null)
check "control: tar -P extracts dotdot.tar outside its folder" \
	test -e "$T/ctl/x/escaped-dotdot"
tap_done
