#!/bin/bash
# tests/integration/renames.sh — the three features once all called
# "explain" got names of their own (docs/design.md, "Glossary"; issue 21),
# and every old spelling stays an alias: each old and new spelling gives
# the same result, and the result is the feature's (not two alike
# refusals).
#
#   the line check:   --check-line LINE  = --explain LINE,
#                     policy check-line  = policy explain
#   the denial lines: --denial-lines on|off = --explain-denials on|off,
#                     set -o denials     = set -o explain,
#                     config denial-lines = config explain-denials
#
# The denial lines are checked in real sessions under both Linux backends,
# as root and as nobody (who owns the test's home, so only the sandbox
# can refuse the write), and checked from outside: the file stays absent.
# A control per user and backend shows the line is there when nothing
# turned it off, so each "no line" can fail.
#
# TAP; 77 when not root (a failure under SBXSH_TEST_STRICT=1).
set -u
SBXSH=${SBXSH:?SBXSH must name the sbxsh binary}
SRC=${SBXSH_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$SRC/tests/integration/lib/rootcase.bash" sbxrenames
TOOL=$B/deny_tool.py
cp "$SRC/tests/kernel/deny_tool.py" "$TOOL"
chmod 755 "$TOOL"

H=$B/home WS=$B/ws
D='sbxsh: denied: '

# --- the line check: nothing is run, nothing created ---------------------
mkdir -p "$B/lc" "$B/lchome"
# lc ARGS...: "status|stdout|stderr" of sbxsh ARGS in an empty workspace
lc() {
	local out err rc
	out=$(cd "$B/lc" && env -i HOME="$B/lchome" PATH="$PATH" "$SBXSH" "$@" 2>"$B/lc.err")
	rc=$?
	err=$(cat "$B/lc.err")
	printf '%s|%s|%s' "$rc" "$out" "$err"
}
for l in 'cat /etc/passwd > /tmp/../etc/hosts' 'ls /tmp/x' \
	'cat ~/.ssh/id_rsa' 'echo ('; do
	case $l in
	'ls '*) want=0 ;;
	'echo ('*) want=2 ;;
	*) want=1 ;;
	esac
	new=$(lc --check-line "$l")
	OUT=$new
	check "--check-line '$l': the line check's verdict (status $want)" \
		test "${new%%|*}" = "$want"
	for old in --check-line= --explain --explain=; do
		case $old in
		*=) got=$(lc "$old$l") ;;
		*) got=$(lc "$old" "$l") ;;
		esac
		OUT="new: $new
old: $got"
		check "'$old' '$l': the same status, output and messages as --check-line" \
			test "$got" = "$new"
	done
done
check "the line check created nothing" test -z "$(ls -A "$B/lc")"
OUT=$(lc --check-line)
check "--check-line with no line: a usage error naming it" \
	eval '[ "${OUT%%|*}" = 2 ] && printf "%s" "$OUT" | grep -q "option '"'"'--check-line'"'"' needs an argument"'
OUT=$("$SBXSH" --help)
check "--help names --check-line and --denial-lines" \
	eval 'printf "%s" "$OUT" | grep -q -- "--check-line" && printf "%s" "$OUT" | grep -q -- "--denial-lines on|off"'

# `policy check-line` and `policy explain`, in a session (--backend none:
# the verdict is the checker's, not the kernel's)
# pol ARGS...: "status|stdout+stderr" of `policy ARGS` in a session
pol() {
	local out rc
	out=$(cd "$B/lc" && env -i HOME="$B/lchome" PATH="$PATH" XDG_STATE_HOME="$B/lcstate" \
		"$SBXSH" --backend none -c 'policy "$@"' sh "$@" 2>&1)
	rc=$?
	printf '%s|%s' "$rc" "$out"
}
for l in 'cp a /etc/x' 'ls /tmp/x'; do
	new=$(pol check-line "$l")
	old=$(pol explain "$l")
	OUT="new: $new
old: $old"
	check "policy check-line '$l': a verdict" \
		eval 'printf "%s" "$new" | grep -Eq "^[01]\|(sbxsh: scope: |nothing flagged)"'
	check "policy explain '$l': the same as policy check-line" test "$old" = "$new"
done
new=$(pol check-line cat /etc/shadow)
old=$(pol explain cat /etc/shadow)
OUT="new: $new
old: $old"
check "unquoted words: policy explain = policy check-line" \
	eval '[ "$old" = "$new" ] && printf "%s" "$new" | grep -q "/etc/shadow"'
new=$(pol check-line)
old=$(pol explain)
OUT="new: $new
old: $old"
check "no line: a usage error (2) from each, naming the spelling typed" \
	eval '[ "${new%%|*}" = 2 ] && [ "${old%%|*}" = 2 ] &&
		printf "%s" "$new" | grep -q "policy check-line: which command line?" &&
		printf "%s" "$old" | grep -q "policy explain: which command line?"'

# `set -o`: the listing says `denials`; `set +o` restores it when eval'ed;
# `explain` sets the same option.
sh_none() {
	(cd "$B/lc" && env -i HOME="$B/lchome" PATH="$PATH" XDG_STATE_HOME="$B/lcstate" \
		"$SBXSH" --backend none -c "$1" 2>&1)
}
new=$(sh_none 'set +o denials; set -o')
old=$(sh_none 'set +o explain; set -o')
OUT="new: $new
old: $old"
check "set +o explain = set +o denials: the same set -o listing" test "$old" = "$new"
check "... which shows the option off, under its new name" \
	eval 'printf "%s\n" "$new" | grep -qx "denials *off"'
OUT=$(sh_none 'set -o | grep "^denials"; set +o explain; set -o explain; set -o | grep "^denials"')
check "set -o explain turns it on again" \
	test "$OUT" = "$(printf 'denials         on\ndenials         on')"
OUT=$(sh_none 'set +o explain; s=$(set +o); set -o denials; eval "$s"; set -o | grep "^denials"; set +o | grep denials')
check "set +o output restores it (set +o denials)" \
	test "$OUT" = "$(printf 'denials         off\nset +o denials')"

# --- the denial lines, in real sessions ----------------------------------
printf '[session]\ndenial-lines = off\n' >"$B/new.conf"
printf '[session]\nexplain-denials = off\n' >"$B/old.conf"
printf '[session]\ndenial-lines = on\n' >"$B/on.conf"
chmod 644 "$B"/*.conf

# sbx WHO BACKEND [sbxsh options...] COMMAND: stdout+stderr through a pipe
sbx() {
	local who=$1 be=$2 cmd=${*: -1}
	local as=()
	[ "$who" = nobody ] && as=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	shift 2
	(cd "$WS" && "${as[@]}" env -i HOME="$H" PATH="$PATH" \
		XDG_STATE_HOME="$B/state" "$SBXSH" --backend "$be" \
		"${@:1:$#-1}" -c "$cmd" 2>&1 | cat)
}
has() { printf '%s\n' "$OUT" | grep -qxF -- "$1"; }
nodeny() { ! printf '%s\n' "$OUT" | grep -q "^$D"; }
# same A B: two spellings' outputs, identical, into $OUT for not_ok
same() {
	OUT="new: $1
old: $2"
	[ "$1" = "$2" ]
}

for who in root nobody; do
	uid=0
	[ "$who" = nobody ] && uid=65534
	for be in landlock namespace; do
		w="$be/$who"
		rm -rf "$H" "$WS" "$B/state"
		mkdir -p "$H/.config/tool" "$WS"
		chown -R "$uid" "$H" "$WS"
		st=$H/.config/tool/state
		line="${D}write $st (outside sandbox_writable: read-only) — policy check $st"

		OUT=$(sbx $who $be "$TOOL write $st")
		check "$w: control: the denial line is on by default" has "$line"
		check "$w: ... and the file was not made" test ! -e "$st"

		new=$(sbx $who $be "set +o denials; $TOOL write $st")
		old=$(sbx $who $be "set +o explain; $TOOL write $st")
		OUT=$new
		check "$w: set +o denials: no line" \
			eval 'nodeny && printf "%s" "$OUT" | grep -q "deny_tool: $st"'
		check "$w: set +o explain: the same" same "$new" "$old"

		new=$(sbx $who $be "set +o denials; set -o denials; $TOOL write $st")
		old=$(sbx $who $be "set +o explain; set -o explain; $TOOL write $st")
		OUT=$new
		check "$w: set -o denials: the line again" has "$line"
		check "$w: set -o explain: the same" same "$new" "$old"

		new=$(sbx $who $be --denial-lines off "$TOOL write $st")
		OUT=$new
		check "$w: --denial-lines off: no line" \
			eval 'nodeny && printf "%s" "$OUT" | grep -q "deny_tool: $st"'
		for f in --denial-lines=off "--explain-denials off" --explain-denials=off; do
			# shellcheck disable=SC2086 # two words for "--opt off"
			old=$(sbx $who $be $f "$TOOL write $st")
			check "$w: $f: the same as --denial-lines off" same "$new" "$old"
		done
		new=$(sbx $who $be --explain-denials off --denial-lines on "$TOOL write $st")
		old=$(sbx $who $be --denial-lines off --explain-denials=on "$TOOL write $st")
		OUT=$new
		check "$w: --denial-lines on after the old name's off: the line" has "$line"
		check "$w: --explain-denials=on after --denial-lines off: the same" \
			same "$new" "$old"

		# the configuration file (read as the real user, then trusted:
		# root's, mode 644, outside every writable root)
		new=$(sbx $who $be --config "$B/new.conf" "$TOOL write $st")
		old=$(sbx $who $be --config "$B/old.conf" "$TOOL write $st")
		OUT=$new
		check "$w: config denial-lines = off: no line" \
			eval 'nodeny && printf "%s" "$OUT" | grep -q "deny_tool: $st"'
		check "$w: config explain-denials = off: the same" same "$new" "$old"
		OUT=$(sbx $who $be --config "$B/on.conf" "$TOOL write $st")
		check "$w: config denial-lines = on: the line" has "$line"
		check "$w: nothing was made outside" test ! -e "$st"
	done
done

tap_done
