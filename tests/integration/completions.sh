#!/usr/bin/env bash
# The completion scripts in completions/ know every long option that
# `sbxsh --help` documents, and parse in their shells.
set -u
SBXSH=${SBXSH:?}; SRC=${SBXSH_SRC:?}
n=0 fails=0
t() { n=$((n + 1)); if eval "$2"; then echo "ok $n - $1"; else fails=$((fails + 1)); echo "not ok $n - $1"; fi; }
opts=$("$SBXSH" --help | grep -oE -- '--[a-z][a-z-]+' | sort -u)
t "--help lists options" '[ -n "$opts" ]'
for f in sbxsh.bash _sbxsh sbxsh.fish; do
	for o in $opts; do
		case $f in
		sbxsh.fish) pat="-l ${o#--}( |$)" ;;
		*) pat="(^|[[:space:]'\"()*])$o([][[:space:]=]|$)" ;;
		esac
		t "$f completes $o" 'grep -Eq -- "$pat" "$SRC/completions/$f"'
	done
done
t "bash parses sbxsh.bash" 'bash -n "$SRC/completions/sbxsh.bash"'
t "bash completion offers backends" 'bash -c ". \"$SRC/completions/sbxsh.bash\"; COMP_WORDS=(sbxsh --backend l); COMP_CWORD=2; _sbxsh; [ \"\${COMPREPLY[*]}\" = landlock ]"'
if command -v zsh >/dev/null; then
	t "zsh parses _sbxsh" 'zsh -n "$SRC/completions/_sbxsh"'
fi
echo "1..$n"
echo "$((n - fails)) passed, $fails failed"
[ "$fails" = 0 ]
