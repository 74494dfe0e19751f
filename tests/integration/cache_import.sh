#!/bin/bash
# tests/integration/cache_import.sh — `policy cache import` is all or
# nothing (issue 20, item 7; docs/explain.md, "policy cache import"), as
# root and as nobody, under --backend landlock, namespace and none (the
# refusals are sbxsh's own, so they hold without a sandbox too):
#   - every hostile archive (made with python3 tarfile, so each name is
#     exact) is refused with ONE line naming the member and the reason,
#     and the cache is unchanged: a listing of names, types, modes,
#     owners, sizes, link targets, mtimes and contents taken here,
#     outside the session, before and after. Among them the two findings:
#     `a/./././././b -> ../../../../../..` (accepted before: "." counted
#     as depth, and the link pointed at "/") and a file member named "."
#     (before: the whole .sandbox-cache was deleted, then the import
#     failed); also duplicates, a member beneath an archive symlink, and
#     a refusal that comes after good members which would replace pip/;
#   - a truncated archive (plain and gzip'd) and a full disk (a 2 MiB
#     tmpfs, root only: mount) fail the same way, and no staging folder
#     is left behind;
#   - a swap that fails half-way (a top-level folder of the cache is a
#     mount point: EBUSY) is undone: the entry swapped before it is back;
#   - export then import round-trips modes, symlinks and mtimes, the
#     archive is one tar(1) reads, and the import replaces whole only the
#     top-level folders the archive holds.
# TAP; 77 unless root with setpriv and python3.
set -u
SBXSH=${SBXSH:?SBXSH must name the sbxsh binary}
SRC=${SBXSH_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$SRC/tests/integration/lib/rootcase.bash" cacheimp
[ -x "$PY" ] || skip_all_for python3 "no python3"

# --- the archives -------------------------------------------------------
E=$B/evil
mkdir -p "$E"
"$PY" - "$E" <<'PYEOF'
import io, os, sys, tarfile, gzip
d = sys.argv[1]
def mk(name, members, fmt=tarfile.PAX_FORMAT):
    with tarfile.open(os.path.join(d, name), "w", format=fmt) as t:
        for m, data in members:
            if m.type == tarfile.REGTYPE:
                m.size = len(data)
                t.addfile(m, io.BytesIO(data))
            else:
                t.addfile(m)
def f(n, data=b"pwned\n"):
    i = tarfile.TarInfo(n); i.type = tarfile.REGTYPE; i.mode = 0o644; return (i, data)
def dr(n):
    i = tarfile.TarInfo(n); i.type = tarfile.DIRTYPE; i.mode = 0o755; return (i, None)
def l(n, to, t=tarfile.SYMTYPE):
    i = tarfile.TarInfo(n); i.type = t; i.linkname = to; return (i, None)
def dev(n, t):
    i = tarfile.TarInfo(n); i.type = t; i.devmajor = 1; i.devminor = 3; return (i, None)
# name -> members; the test's table below says what each must be refused for
mk("dotlink.tar", [f("ok/a"), l("a/./././././b", "../../../../../.."),
                   f("a/./././././b/escaped-dotlink")])
mk("dotfile.tar", [f("pip/new"), f(".")])
mk("dotdir.tar", [dr("./"), f("pip/new")])
mk("dotdotname.tar", [f("pip/new"), dr("..")])
mk("emptyname.tar", [f("pip/new"), f("")])
mk("dup.tar", [f("pip/f"), l("./pip//f", "g")])
mk("dupdir.tar", [f("q/r/f"), l("q/r", ".")])
mk("beneath.tar", [l("l", "pip"), f("l/escaped-beneath")])
mk("late.tar", [dr("pip"), f("pip/replaced"), f("npm-global/x"),
                f("zz/../../escaped-late")])
mk("abs.tar", [f("ok/a"), f(os.path.join(d, "escaped-abs"))])
mk("dotdot.tar", [f("ok/a"), f("ok/../../escaped-dotdot")])
mk("linkabs.tar", [l("ok/l", d)])
mk("linkout.tar", [l("l", "../evil")])
mk("climb.tar", [l("a", "."), l("b", "a/../evil")])
mk("dev.tar", [dev("ok/null", tarfile.CHRTYPE)])
mk("blk.tar", [dev("ok/vda", tarfile.BLKTYPE)])
mk("hard.tar", [l("ok/h", "pip/f", tarfile.LNKTYPE)])
mk("fifo.tar", [dev("ok/p", tarfile.FIFOTYPE)])
with open(os.path.join(d, "corrupt.tar"), "wb") as o:
    o.write(b"x" * 1024)
# truncated: good members that would replace pip/, cut inside a file
mk("whole.tar", [dr("pip"), f("pip/a", b"a" * 3000), f("pip/b", os.urandom(200000)),
                 f("newtop/c", b"c")])
data = open(os.path.join(d, "whole.tar"), "rb").read()
open(os.path.join(d, "trunc.tar"), "wb").write(data[:100000])
gz = gzip.compress(data)
open(os.path.join(d, "trunc.tar.gz"), "wb").write(gz[: len(gz) // 2])
# the full disk: 4 MiB that do not compress, into pip/
mk("big.tar", [dr("pip"), f("pip/small", b"s"), f("pip/big", os.urandom(4 << 20))])
# the half-way swap: aaa/ (swapped first) and zzz/ (a mount point)
mk("swap.tar", [f("aaa/new"), f("zzz/new")])
PYEOF
chmod -R a+rX "$E"

# CASE|MEMBER (as printed)|REASON (grep -F)
HOSTILE=(
	"dotlink|a/./././././b|a symlink out of the folder"
	"dotfile|.|named '.'"
	"dotdir|./|named '.'"
	"dotdotname|../|a '..' component"
	"emptyname||"
	"dup|./pip//f|a duplicate member"
	"dupdir|q/r|a folder of earlier members"
	"beneath|l/escaped-beneath|beneath a symlink of the archive"
	"late|zz/../../escaped-late|a '..' component"
	"abs|$E/escaped-abs|an absolute path"
	"dotdot|ok/../../escaped-dotdot|a '..' component"
	"linkabs|ok/l|a symlink to an absolute path"
	"linkout|l|a symlink out of the folder"
	"climb|b|a symlink with '..' after another component"
	"dev|ok/null|a device node"
	"blk|ok/vda|a device node"
	"hard|ok/h|a hard link"
	"fifo|ok/p|a fifo"
	"corrupt||not a tar archive"
	"trunc|pip/b|cut short or damaged"
	"trunc.tar.gz||"
)

# snap DIR: everything an import could change, as one line per entry
snap() {
	(cd "$1" && find . -printf '%p %y %m %U %s %l %T@\n' | LC_ALL=C sort &&
		find . -type f -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum)
}

# fill WS WHO: a cache with a bit of everything
fill() {
	local c=$1/.sandbox-cache
	mkdir -p "$c/pip/sub" "$c/npm-global/bin" "$c/npm-global/lib/x" "$c/go"
	printf 'old\n' >"$c/pip/f"
	printf 'exec\n' >"$c/pip/sub/run"
	chmod 750 "$c/pip/sub/run"
	chmod 640 "$c/pip/f"
	printf 'cli\n' >"$c/npm-global/lib/x/cli.js"
	ln -s ../lib/x/cli.js "$c/npm-global/bin/x"
	printf 'top\n' >"$c/topfile"
	# names are bytes: UTF-8 and not
	printf 'u\n' >"$c/pip/café-$(printf '\377')"
	ln -s café-x "$c/pip/sub/lien-é"
	touch -h -d '2021-03-04 05:06:07' "$c/npm-global/bin/x" "$c/pip/f"
	touch -d '2020-01-02 03:04:05' "$c/pip/sub" "$c/go"
	[ "$2" = nobody ] && chown -R 65534:65534 "$1"
	return 0
}

run() { # WHO BACKEND WS COMMAND: $OUT (stdout+stderr), $ERR (stderr), $RC
	local priv=()
	[ "$1" = nobody ] && priv=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	OUT=$(cd "$3" && timeout -k 5 120 "${priv[@]}" env -i HOME="$B/home" \
		PATH=/usr/bin:/bin "$SBXSH" --workspace "$3" --backend "$2" \
		-c "$4" 2>"$B/err" </dev/null)
	RC=$?
	ERR=$(cat "$B/err")
	OUT="$OUT$ERR"
}
mkdir -p "$B/home"
chmod 777 "$B/home"

for who in root nobody; do
	for be in landlock namespace none; do
		tag="[$who $be]"
		W=$B/$who-$be/ws
		mkdir -p "$W"
		chmod 755 "$B/$who-$be"
		fill "$W" "$who"
		run "$who" "$be" "$W" true
		if [ "$RC" != 0 ]; then
			not_ok "$tag a session starts (rc=$RC)"
			continue
		fi
		before=$(snap "$W/.sandbox-cache")
		for h in "${HOSTILE[@]}"; do
			IFS='|' read -r name member why <<<"$h"
			file=$name
			case $file in *.tar.gz) ;; *) file=$file.tar ;; esac
			run "$who" "$be" "$W" "policy cache import $E/$file"
			lines=$(printf '%s\n' "$ERR" | grep -c .)
			OK=1
			[ "$RC" != 0 ] || OK=
			[ "$lines" = 1 ] || OK=
			printf '%s' "$ERR" | grep -qF "policy cache import: $E/$file: refused: " || OK=
			printf '%s' "$ERR" | grep -qF "nothing was imported" || OK=
			[ -z "$member" ] || printf '%s' "$ERR" | grep -qF "member '$member' " || OK=
			[ -z "$why" ] || printf '%s' "$ERR" | grep -qF "$why" || OK=
			check "$tag $file: refused in one line naming ${member:-the archive}${why:+: $why} (rc=$RC)" test -n "$OK"
			after=$(snap "$W/.sandbox-cache")
			if [ "$after" = "$before" ]; then
				ok "$tag $file: the cache is unchanged (listing from outside)"
			else
				OUT=$(diff <(printf '%s\n' "$before") <(printf '%s\n' "$after") | head -8)
				not_ok "$tag $file: the cache is unchanged (listing from outside)"
				fill "$W" "$who"
				before=$(snap "$W/.sandbox-cache")
			fi
		done
		check "$tag nothing escaped next to the cache or the archives" \
			test -z "$(find "$B" -name 'escaped-*' -print -quit)"
		check "$tag no link of the archives anywhere (a/b, l, b)" \
			eval '! test -L "$W/.sandbox-cache/a/b" -o -L "$W/.sandbox-cache/l" -o -L "$W/.sandbox-cache/b"'
		check "$tag no staging folder left behind" \
			test -z "$(find "$W" -maxdepth 1 -name '.sandbox-cache.import-*' -print -quit)"
	done
done

# Control: the dotlink member, made by hand where the archive put it,
# resolves out of the cache: what the import refuses is an escape.
W=$B/root-none/ws
mkdir -p "$W/.sandbox-cache/a"
ln -s ../../../../../.. "$W/.sandbox-cache/a/b"
res=$(realpath "$W/.sandbox-cache/a/b")
case $res/ in
"$W/.sandbox-cache/"*) not_ok "control: a/b -> ../../../../../.. leaves the cache (resolves to $res)" ;;
*) ok "control: a/b -> ../../../../../.. leaves the cache (resolves to $res)" ;;
esac
rm -rf "$W/.sandbox-cache/a"

# --- a full disk ------------------------------------------------------------
for who in root nobody; do
	for be in landlock namespace; do
		tag="[$who $be]"
		S=$B/small-$who-$be
		mkdir -p "$S"
		if ! mount -t tmpfs -o size=2m,mode=755 tmpfs "$S" 2>/dev/null; then
			skip_case_for root "$tag cannot mount a tmpfs for the full-disk case"
			continue
		fi
		mkdir -p "$S/ws"
		fill "$S/ws" "$who"
		# the session's own folders first, so the import is what fills it
		run "$who" "$be" "$S/ws" true
		before=$(snap "$S/ws/.sandbox-cache")
		used=$(df --output=used "$S" | tail -1)
		run "$who" "$be" "$S/ws" "policy cache import $E/big.tar"
		check "$tag full disk: the import fails in one line, naming ENOSPC (rc=$RC)" eval \
			'test $RC != 0 && test "$(printf "%s\n" "$ERR" | grep -c .)" = 1 && printf "%s" "$ERR" | grep -q "No space left on device; nothing was imported"'
		after=$(snap "$S/ws/.sandbox-cache")
		OUT=$(diff <(printf '%s\n' "$before") <(printf '%s\n' "$after") | head -8)
		check "$tag full disk: the cache is unchanged" test "$after" = "$before"
		check "$tag full disk: the staging folder is gone, the space is back" eval \
			'test -z "$(find "$S/ws" -maxdepth 1 -name ".sandbox-cache.import-*")" && test "$(df --output=used "$S" | tail -1)" -le "$((used + 64))"'
		umount "$S"
	done
done

# --- a swap that fails half-way ------------------------------------------
# zzz/ of the cache is a mount point: renaming it fails (EBUSY) after aaa/
# was swapped in; the rollback must put the old aaa/ back. Inside a
# namespace session the mount point may not be visible (then the swap
# succeeds and the case says nothing): landlock and none only.
for be in landlock none; do
	tag="[root $be]"
	W=$B/swap-$be/ws
	mkdir -p "$W/.sandbox-cache/aaa" "$W/.sandbox-cache/zzz"
	printf 'old aaa\n' >"$W/.sandbox-cache/aaa/old"
	if ! mount -t tmpfs -o size=1m tmpfs "$W/.sandbox-cache/zzz" 2>/dev/null; then
		skip_case_for root "$tag cannot mount a tmpfs for the half-way swap"
		continue
	fi
	printf 'old zzz\n' >"$W/.sandbox-cache/zzz/old"
	run root "$be" "$W" true
	before=$(snap "$W/.sandbox-cache")
	run root "$be" "$W" "policy cache import $E/swap.tar"
	check "$tag half-way swap: fails in one line naming zzz (rc=$RC)" eval \
		'test $RC != 0 && printf "%s" "$ERR" | grep -q "member .zzz.: Device or resource busy; nothing was imported"'
	after=$(snap "$W/.sandbox-cache")
	OUT=$(diff <(printf '%s\n' "$before") <(printf '%s\n' "$after") | head -8)
	check "$tag half-way swap: undone, aaa/ is the old one again" test "$after" = "$before"
	check "$tag half-way swap: no staging folder left behind" \
		test -z "$(find "$W" -maxdepth 1 -name '.sandbox-cache.import-*' -print -quit)"
	umount "$W/.sandbox-cache/zzz"
done

# --- round trip ------------------------------------------------------------
for who in root nobody; do
	for be in landlock namespace; do
		tag="[$who $be]"
		W=$B/rt-$who-$be/ws
		mkdir -p "$W"
		chmod 755 "$(dirname "$W")"
		fill "$W" "$who"
		run "$who" "$be" "$W" true
		# seconds: the archive keeps mtimes to the second
		want=$(snap "$W/.sandbox-cache" | sed -E 's/\.[0-9]+$//')
		for ext in tar.gz tar; do
			run "$who" "$be" "$W" "policy cache export $W/c.$ext"
			check "$tag export c.$ext (rc=$RC)" eval \
				'test $RC = 0 && printf "%s" "$OUT" | grep -q "^exported"'
		done
		check "$tag c.tar.gz is a gzip'd tar that tar(1) reads" \
			eval 'tar -tzf "$W/c.tar.gz" 2>/dev/null | grep -qx "npm-global/bin/x"'
		check "$tag c.tar is a tar that tar(1) reads" \
			eval 'tar -tf "$W/c.tar" 2>/dev/null | grep -qx "pip/sub/run"'
		for ext in tar.gz tar; do
			rm -rf "$W/.sandbox-cache"
			mkdir "$W/.sandbox-cache"
			[ $who = nobody ] && chown 65534:65534 "$W/.sandbox-cache"
			touch -d '2020-01-02 03:04:05' "$W/.sandbox-cache"
			run "$who" "$be" "$W" "policy cache import $W/c.$ext"
			check "$tag import c.$ext (rc=$RC)" eval \
				'test $RC = 0 && printf "%s" "$OUT" | grep -q "^imported"'
			got=$(snap "$W/.sandbox-cache" | sed -E 's/\.[0-9]+$//')
			# the cache folder's own mtime moved with the swap
			OUT=$(diff <(printf '%s\n' "$want" | sed 1d) <(printf '%s\n' "$got" | sed 1d) | head -8)
			check "$tag c.$ext round-trips names, modes, owners, link targets, mtimes, contents" \
				test "$(printf '%s\n' "$want" | sed 1d)" = "$(printf '%s\n' "$got" | sed 1d)"
		done
		# an import replaces the top-level folders it holds, whole
		printf 'stray\n' >"$W/.sandbox-cache/pip/stray"
		mkdir -p "$W/.sandbox-cache/keep"
		printf 'keep\n' >"$W/.sandbox-cache/keep/k"
		[ $who = nobody ] && chown -R 65534:65534 "$W/.sandbox-cache"
		run "$who" "$be" "$W" "policy cache import $E/whole.tar"
		check "$tag whole.tar: pip/ replaced whole, newtop/ added, keep/ and npm-global/ left (rc=$RC)" eval \
			'test $RC = 0 && test ! -e "$W/.sandbox-cache/pip/stray" -a ! -e "$W/.sandbox-cache/pip/f" -a -s "$W/.sandbox-cache/pip/b" -a -f "$W/.sandbox-cache/newtop/c" -a -f "$W/.sandbox-cache/keep/k" -a -L "$W/.sandbox-cache/npm-global/bin/x"'
	done
done
tap_done
