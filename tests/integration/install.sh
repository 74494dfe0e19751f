#!/usr/bin/env bash
# `cmake --install`: with --prefix and with DESTDIR every file lands where
# its ecosystem looks (the guides in share/doc/sbxsh), and nothing else is
# installed; then fresh bash,
# zsh and fish, given nothing but the installed tree, complete
# `sbxsh --` to every long option `sbxsh --help` prints (bash through
# bash-completion's own loader, zsh by TAB in a pty, fish by
# `complete -C`). Each shell's control: the same with the install's
# share/ out of its search path completes none. TAP output.
set -u
SBXSH=${SBXSH:?set SBXSH to the sbxsh binary}
SRC=${SBXSH_SRC:?}
BUILD=${SBXSH_BUILD:?set SBXSH_BUILD to the build folder}
. "$(dirname "$0")/lib/tap.bash"

# deb.sh installs the package for a moment, and with it completion
# scripts in /usr/share, where bash-completion and fish also look: wait
# for it (its lock, shared here), or the controls would find those.
lock=/run/lock/sbxsh-deb-test.lock
if command -v flock >/dev/null && { [ -w "$lock" ] || [ ! -e "$lock" ]; }; then
	exec 9>>"$lock"
	flock -s -w 300 9
fi
tmp=$(mktemp -d /tmp/sbxsh-install.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
# The files, relative to the prefix, and where each comes from: the
# binary, the man page, three completion scripts, and the README and
# docs/*.md in share/doc/sbxsh.
files=$( (printf '%s\n' bin/sbxsh share/bash-completion/completions/sbxsh \
	share/fish/vendor_completions.d/sbxsh.fish share/man/man1/sbxsh.1 \
	share/zsh/site-functions/_sbxsh share/doc/sbxsh/README.md
	cd "$SRC/docs" && ls *.md | sed 's|^|share/doc/sbxsh/|') | sort)
from() {
	case $1 in
	share/doc/sbxsh/README.md) echo "$SRC/README.md" ;;
	share/doc/sbxsh/*) echo "$SRC/docs/${1##*/}" ;;
	bin/sbxsh) echo "$SBXSH" ;;
	*/completions/sbxsh) echo "$SRC/completions/sbxsh.bash" ;;
	*/sbxsh.fish) echo "$SRC/completions/sbxsh.fish" ;;
	*/sbxsh.1) echo "$SRC/docs/sbxsh.1" ;;
	*/_sbxsh) echo "$SRC/completions/_sbxsh" ;;
	esac
}
# installed ROOT PREFIX DESC: exactly $files under ROOT/PREFIX, nothing
# else under ROOT, each the same as its source, with its mode.
installed() {
	local root=$1 prefix=$2 desc=$3 f
	OUT=$(cd "$root" && find . -type f -o -type l | sed 's|^\./||' | sort)
	check "$desc: exactly the $(printf '%s\n' "$files" | wc -l) files" \
		test "$OUT" = "$(printf '%s\n' "$files" | sed "s|^|${prefix#/}${prefix:+/}|")"
	for f in $files; do
		if [ "$f" = bin/sbxsh ]; then
			check "$desc: $f runs (--version)" eval \
				'[ "$("$root$prefix/$f" --version)" = "$("$SBXSH" --version)" ]'
			check "$desc: $f is mode 755" \
				test "$(stat -c %a "$root$prefix/$f")" = 755
		else
			check "$desc: $f is the source's, mode 644" eval \
				'cmp -s "$(from "$f")" "$root$prefix/$f" &&
				 [ "$(stat -c %a "$root$prefix/$f")" = 644 ]'
		fi
	done
}

OUT=$(cmake --install "$BUILD" --prefix "$tmp/x" 2>&1)
check "cmake --install --prefix exits 0" test $? = 0
installed "$tmp/x" "" "--prefix"
configured=$(sed -n 's/^CMAKE_INSTALL_PREFIX:PATH=//p' "$BUILD/CMakeCache.txt")
OUT=$(DESTDIR=$tmp/d cmake --install "$BUILD" 2>&1)
check "DESTDIR=... cmake --install exits 0" test $? = 0
installed "$tmp/d" "$configured" "DESTDIR, prefix $configured"
OUT=$(DESTDIR=$tmp/d2 cmake --install "$BUILD" --prefix /opt/sbxsh-t 2>&1)
check "DESTDIR with --prefix exits 0" test $? = 0
installed "$tmp/d2" /opt/sbxsh-t "DESTDIR, prefix /opt/sbxsh-t"
check "DESTDIR: nothing outside it" test ! -e /opt/sbxsh-t

# --- completion from the installed tree, in fresh shells -----------------
"$SBXSH" --help | grep -oE -- '--[a-z][a-z-]+' | sort -u >"$tmp/want"
check "--help lists at least 20 long options" \
	test "$(wc -l <"$tmp/want")" -ge 20
mkdir -p "$tmp/home"
# A fresh user's environment: the install's bin leads PATH and its share
# is the only data dir (XDG_DATA_DIRS is where bash-completion and fish
# look for vendors' scripts); no rc file is read.
fresh() {
	local share=$1
	shift
	env -i HOME="$tmp/home" PATH="$tmp/x/bin:/usr/bin:/bin" TERM=dumb \
		XDG_DATA_DIRS="$share" "$@"
}
# compare GOT DESC: GOT holds every wanted option.
compare() {
	local missing
	missing=$(sort -u "$1" | comm -13 - "$tmp/want" | tr '\n' ' ')
	OUT="missing: $missing" check "$2" test -z "$missing"
}
bash_complete() {
	fresh "$1" bash --norc --noprofile -c '
		. /usr/share/bash-completion/bash_completion || exit 3
		# what bash does at the first TAB after "sbxsh": the loader
		_completion_loader sbxsh
		spec=$(complete -p sbxsh 2>/dev/null) || exit 4
		fn=${spec#*-F }; fn=${fn%% *}
		shopt -s extdebug
		declare -F "$fn" >&2
		COMP_LINE="sbxsh --" COMP_POINT=8 COMP_WORDS=(sbxsh --) COMP_CWORD=1
		"$fn" sbxsh -- sbxsh
		printf "%s\n" "${COMPREPLY[@]}"'
}
if [ -r /usr/share/bash-completion/bash_completion ]; then
	bash_complete "$tmp/x/share" >"$tmp/bash.out" 2>"$tmp/bash.err"
	compare "$tmp/bash.out" "bash: bash-completion loads the installed script, which completes every long option"
	OUT=$(cat "$tmp/bash.err")
	check "bash: the function came from the installed file" \
		grep -q " $tmp/x/share/bash-completion/completions/sbxsh\$" "$tmp/bash.err"
	bash_complete "$tmp/none" >"$tmp/bash0.out" 2>&1
	check "bash control: without the install, no option is completed" \
		eval '! grep -q -- --workspace "$tmp/bash0.out"'
else
	skip_case_for bash-completion "bash-completion is not installed"
fi
if command -v zsh >/dev/null; then
	fresh /usr/share zsh -f "$SRC/tests/integration/lib/zsh_complete.zsh" \
		"$tmp/x/share/zsh/site-functions" "$tmp/zsh.out" 'sbxsh --' \
		2>"$tmp/zsh.err"
	OUT=$(cat "$tmp/zsh.err") check "zsh: the completion ran" test $? = 0
	touch "$tmp/zsh.out"
	compare "$tmp/zsh.out" "zsh: _sbxsh from site-functions completes every long option"
	fresh /usr/share zsh -f "$SRC/tests/integration/lib/zsh_complete.zsh" \
		"$tmp/none" "$tmp/zsh0.out" 'sbxsh --' 2>/dev/null
	check "zsh control: without the install, no option is completed" \
		eval '! grep -qs -- --workspace "$tmp/zsh0.out"'
else
	skip_case_for zsh "zsh is not installed"
fi
if command -v fish >/dev/null; then
	fresh "$tmp/x/share" fish -c 'complete -C "sbxsh --"' | cut -f1 >"$tmp/fish.out"
	compare "$tmp/fish.out" "fish: the vendor completion completes every long option"
	fresh "$tmp/none" fish -c 'complete -C "sbxsh --"' | cut -f1 >"$tmp/fish0.out"
	check "fish control: without the install, no option is completed" \
		eval '! grep -q -- --workspace "$tmp/fish0.out"'
else
	skip_case_for fish "fish is not installed"
fi
tap_done
