#!/usr/bin/env bash
# tests/integration/design_refs.sh — the map stays in the territory: every
# "docs/design.md §N" and "docs/style.md §N" cited in the tree names a
# section those pages have; no comment, test or page cites a file outside
# the repository (the old SPEC.md and STYLE.md); design.md keeps its
# fixed section numbers. TAP output.
set -u
export LC_ALL=C
SRC=${SBXSH_SRC:?set SBXSH_SRC to the source tree}
. "$(dirname "$0")/lib/tap.bash"
tmp=$(mktemp -d /tmp/sbxsh-refs.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

# The files that may cite: sources, scripts, docs (not a build folder).
files() {
	(cd "$SRC" && find core backends shell tests docs completions .ci \
		README.md CMakeLists.txt -type f \
		\( -name '*.[ch]' -o -name '*.sh' -o -name '*.py' -o -name '*.md' \
		-o -name '*.bash' -o -name '*.dict' -o -name '*.cmake' -o -name '*.1' \
		-o -name 'CMakeLists.txt' -o -path '.ci/*' \) 2>/dev/null) | sort
}
# cited PAGE: "FILE §N" for each citation of docs/PAGE, also across a
# line break inside a comment ("docs/design.md\n * §5") and in
# "§2 and §5".
cited() {
	files | (cd "$SRC" && xargs perl -0777 -ne '
		while (/docs\/\Q'"$1"'\E(?:[ \t]*\n[ \t]*(?:[*#][ \t]*)?|[ \t]+)§(\d+b?)((?: and §\d+b?)*)/g) {
			my ($n, $more) = ($1, $2);
			print "$ARGV §$n\n";
			print "$ARGV §$1\n" while $more =~ /§(\d+b?)/g;
		}')
}
# sections PAGE: the numbers of its "## N. Title" headings.
sections() { sed -n 's/^## \([0-9][0-9]*b\{0,1\}\)\. .*/§\1/p' "$1" | sort -u; }
# unknown PAGE FILE: citations of PAGE that FILE (a copy of it) lacks.
unknown() { cited "$1" | awk '{print $NF, $1}' | sort | join -v1 - <(sections "$2"); }

sections "$SRC/docs/design.md" >"$tmp/have"
check "design.md keeps the fixed section numbers" \
	test "$(tr '\n' ' ' <"$tmp/have")" = "$(printf '§%s\n' 1 10 2 2b 3 4 5 5b 6 7 8 9 | sort | tr '\n' ' ')"
cited design.md >"$tmp/design"
check "the tree cites design.md (the check reads something)" \
	test "$(wc -l <"$tmp/design")" -gt 100
OUT=$(unknown design.md "$SRC/docs/design.md")
check "every docs/design.md §N cited is a section of design.md" test -z "$OUT"
OUT=$(unknown style.md "$SRC/docs/style.md")
check "every docs/style.md §N cited is a section of style.md" test -z "$OUT"
outside='(^|[^A-Za-z0-9_])SPEC([ .]|$)|SPEC\.md|STYLE\.md|shared/(SPEC|STYLE)'
OUT=$(cd "$SRC" && files | xargs grep -nE "$outside" -- 2>/dev/null |
	grep -v '^tests/integration/design_refs\.sh:')
check "no citation of a file outside the repository" test -z "$OUT"
check "control: the old citations are caught" eval \
	'printf "%s\n" "/* SPEC section 2 */" "# (SPEC 2b)" "(STYLE.md)" |
	 grep -cE "$outside" | grep -qx 3'
# The control: design.md without its §2b heading leaves the tree's §2b
# citations unknown.
grep -v '^## 2b\. ' "$SRC/docs/design.md" >"$tmp/cut.md"
OUT=$(unknown design.md "$tmp/cut.md" | awk '{print $1}' | sort -u)
check "control: a citation of a missing section is caught" test "$OUT" = "§2b"
tap_done
