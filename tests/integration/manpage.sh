#!/usr/bin/env bash
# docs/sbxsh.1 documents what the binary has: every option `sbxsh --help`
# prints and every subcommand the `policy` builtin's usage lists is the
# tag of an entry in the man page (read from the binary, so an option
# added to the code without its entry fails here), no long option in the
# man page is unknown to the binary, and the page is clean for
# `mandoc -T lint` and `groff -ww`. TAP output.
set -u
SBXSH=${SBXSH:?set SBXSH to the sbxsh binary}
SRC=${SBXSH_SRC:?set SBXSH_SRC to the source tree}
. "$(dirname "$0")/lib/tap.bash"
page=$SRC/docs/sbxsh.1

command -v mandoc >/dev/null || skip_all_for mandoc "mandoc is not installed"
command -v groff >/dev/null || skip_all_for groff "groff is not installed"

tmp=$(mktemp -d /tmp/sbxsh-man.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

# tags PAGE: the tags of every list entry (<dt>), one a line, spaces
# squeezed: "--workspace dir", "-e -u -x -f -C -v", "policy check path ...".
tags() {
	mandoc -T html "$1" | tr '\n' ' ' |
		sed 's/<dt/\n<dt/g; s/<\/dt>/<\/dt>\n/g' | grep '^<dt' |
		sed 's/<[^>]*>//g; s/&lt;/</g; s/&gt;/>/g; s/&amp;/\&/g' |
		tr -s ' ' | sed 's/^ //; s/ $//'
}
# has_opt TAGS OPT: OPT is a word of some entry's tag.
has_opt() {
	grep -Eq -- "(^|[[:space:][])$2([][[:space:],=]|\$)" "$1"
}
tags "$page" >"$tmp/tags"
check "the man page renders list entries" test -s "$tmp/tags"

# Every option word of --help: "-c", "-e" ... "--workspace", "--json".
"$SBXSH" --help >"$tmp/help"
grep -oE -- '(^|[][[:space:](,|])--?[A-Za-z][A-Za-z0-9-]*' "$tmp/help" |
	sed 's/^[^-]*//' | sort -u >"$tmp/opts"
check "--help lists at least 25 options" \
	test "$(wc -l <"$tmp/opts")" -ge 25
while read -r o; do
	if has_opt "$tmp/tags" "$o"; then
		ok "man page has an entry for $o"
	else
		OUT=$(cat "$tmp/tags") not_ok "man page has an entry for $o"
	fi
done <"$tmp/opts"

# ...and documents no long option the binary does not know (an option
# renamed or removed leaves a stale entry); a builtin's entry ("policy
# why PATH [--write|...]") has options of its own.
grep -Ev '^(policy|set|history|disown)( |$)' "$tmp/tags" |
	grep -oE -- '(^|[[:space:]])--[a-z][a-z0-9-]*' | tr -d ' ' |
	sort -u >"$tmp/manopts"
while read -r o; do
	grep -qx -- "$o" "$tmp/opts" || not_ok "man page option $o is not in sbxsh --help"
done <"$tmp/manopts"
check "the man page's options were compared" test -s "$tmp/manopts"

# The policy builtin's usage, from the binary: the first column of each
# line that starts with "policy", its leading subcommand words.
mkdir -p "$tmp/ws"
(cd "$tmp/ws" && "$SBXSH" --backend none -c 'policy --no-such-subcommand') \
	>"$tmp/pusage" 2>&1
sed -E 's/^usage://; s/^[[:space:]]+//' "$tmp/pusage" | grep -E '^policy( |$)' |
	sed -E 's/  .*//' | awk '{
		s = $1
		for (i = 2; i <= NF && $i ~ /^(--)?[a-z][a-z-]*$/; i++)
			s = s " " $i
		print s
	}' | sort -u >"$tmp/subs"
OUT=$(cat "$tmp/pusage") check "policy usage lists at least 5 forms" \
	test "$(wc -l <"$tmp/subs")" -ge 5
while read -r s; do
	if grep -Eq -- "^$s( |\$)" "$tmp/tags"; then
		ok "man page has an entry for '$s'"
	else
		OUT=$(grep '^policy' "$tmp/tags") not_ok "man page has an entry for '$s'"
	fi
done <"$tmp/subs"

# Lint. The cross-references (Xr) name other packages' pages, which a
# machine has or lacks; mandoc's look-ups of them are left out.
OUT=$(mandoc -T lint -W style "$page" 2>&1 | grep -v 'mandoc\.db')
check "mandoc -T lint is clean" test -z "$OUT"
OUT=$(groff -ww -z -mdoc "$page" 2>&1)
check "groff -ww -mdoc gives no warning" test -z "$OUT"
OUT=$(groff -ww -z -mandoc "$page" 2>&1)
check "groff -ww -mandoc gives no warning" test -z "$OUT"
# A control: the same check fails for a page whose --agent entry was
# deleted (it is mentioned elsewhere, but is no entry's tag then).
sed '/^\.It Fl -agent$/d' "$page" >"$tmp/cut.1"
tags "$tmp/cut.1" >"$tmp/cuttags"
check "control: the check sees a deleted --agent entry" \
	eval 'has_opt "$tmp/tags" --agent && ! has_opt "$tmp/cuttags" --agent'
tap_done
