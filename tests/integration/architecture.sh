#!/usr/bin/env bash
# docs/architecture.md names every source file of core/, backends/ and
# shell/ (a module added without its line fails here), and names no file
# that is not there (a rename leaves no stale line). TAP output.
set -u
SRC=${SBXSH_SRC:?set SBXSH_SRC to the source tree}
. "$(dirname "$0")/lib/tap.bash"
page=$SRC/docs/architecture.md
tmp=$(mktemp -d /tmp/sbxsh-arch.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

# named PAGE: the source paths PAGE names; unnamed PAGE: the source
# files it does not.
named() { grep -oE '(core|backends|shell)/([A-Za-z0-9_]+/)?[A-Za-z0-9_]+\.[ch]' "$1" | sort -u; }
unnamed() {
	(cd "$SRC" && ls core/*.[ch] core/*/*.[ch] backends/*.[ch] shell/*.[ch] \
		shell/*/*.[ch]) | sort |
		comm -23 - <(named "$1")
}
OUT=$(unnamed "$page")
check "every source file of core/, backends/, shell/ is on the page" test -z "$OUT"
OUT=$(named "$page" | while read -r f; do [ -e "$SRC/$f" ] || echo "$f"; done)
check "the page names no file that does not exist" test -z "$OUT"
# The control: the page without guard's line misses those two files
# more than the page does.
grep -v 'core/guard\.c' "$page" >"$tmp/cut.md"
OUT=$(comm -13 <(unnamed "$page") <(unnamed "$tmp/cut.md"))
check "control: a module without its line is caught" \
	test "$OUT" = "$(printf 'core/guard.c\ncore/guard.h')"
tap_done
