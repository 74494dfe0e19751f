#!/usr/bin/env bash
# The shell language end to end (TAP): `sbxsh -c`, `sbxsh FILE args`,
# `sbxsh < FILE` and `... | sbxsh` give the same output and status; a script
# on stdin that reads stdin itself sees its own following lines (POSIX sh
# STDIN: the shell must not read ahead); syntax errors, 126/127/128+N; the
# scope checker runs before each command (deny runs nothing of it).
set -u
SBXSH=${SBXSH:?}
work=$(mktemp -d "${TMPDIR:-/tmp}/sbxsh-modes.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
sh() { "$SBXSH" --backend none --check off "$@"; }
n=0 fail=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
nok() { n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n - $1"; shift; printf '# %s\n' "$@"; }
check() { # name expected got
	if [ "$2" = "$3" ]; then ok "$1"; else nok "$1" "expected: $2" "got:      $3"; fi
}

cat >script.sh <<'S'
f() { printf '%s|' "$@"; echo; }
f "$@"
x=$(cat <<EOF
doc $((6 * 7))
EOF
)
echo "$x"
for i in 1 2 3; do case $i in 2) continue ;; esac; echo "i=$i"; done
echo "${0##*/}"
exit 3
S
want="a|b c|
doc 42
i=1
i=3"
got=$(sh script.sh a 'b c'); st=$?
check "file: output" "$want
script.sh" "$got"
check "file: status" 3 "$st"
got=$(sh -c "$(cat script.sh)" script.sh a 'b c'); st=$?
check "-c: output" "$want
script.sh" "$got"
check "-c: status" 3 "$st"
sh -s a 'b c' <script.sh >out; st=$?; got=$(sed '$d' out)
check "stdin (file): output" "$want" "$got"
check "stdin (file): status" 3 "$st"
cat script.sh | sh -s a 'b c' >out; st=$?; got=$(sed '$d' out)
check "stdin (pipe): output" "$want" "$got"
check "stdin (pipe): status" 3 "$st"

# A script on stdin that reads its own stdin: read must get the next line.
printf 'read x\nhello there\necho "got [$x]"\nread y; echo "then [$y]"\nsecond\necho end\n' >reads.sh
want='got [hello there]
then [second]
end'
got=$(cat reads.sh | sh 2>&1)
check "pipe: read sees the script's next line" "$want" "$got"
got=$(sh <reads.sh 2>&1)
check "seekable stdin: read sees the script's next line" "$want" "$got"
got=$(printf 'head -n 1\nfrom head\necho after\n' >h.sh; sh <h.sh 2>&1)
check "seekable stdin: a child process reads the script's next line" "from head
after" "$got"
# The read-ahead goes back to the script's own file before anything that
# could read or redirect fd 0 (sbxsh syncs lazily, not before every line):
# a redirected read, then one from the script; a subshell; a command
# substitution; and after `exit`, the rest is the next reader's.
printf '%s\n' ':' ':' 'read x < ./reads.sh' 'read y' 'next-line' \
	'echo "x=$x y=$y"' '(read w; echo "w=$w")' 'wline' \
	'echo "$(head -n 1)"' 'subst-line' 'exit 3' 'echo never' >lazy.sh
got=$( (sh; echo "rest: $(cat)") <lazy.sh 2>&1)
check "seekable stdin: read-ahead given back when it matters" "x=read x y=next-line
w=wline
subst-line
rest: echo never" "$got"

# Syntax errors: message with the line, status 2, nothing after runs.
printf 'echo one\nif true; then\n  echo two\nfi fi\necho three\n' >syn.sh
got=$(sh syn.sh 2>&1); st=$?
check "syntax error: status 2" 2 "$st"
case $got in
*"sbxsh: syn.sh: line 4: syntax error near unexpected token \`fi'"*) ok "syntax error: message names line and token" ;;
*) nok "syntax error: message names line and token" "$got" ;;
esac
case $got in *three*) nok "syntax error: later commands do not run" "$got" ;; *) ok "syntax error: later commands do not run" ;; esac
got=$(sh -c 'echo "unterminated' 2>&1); st=$?
check "-c unterminated quote: status" 2 "$st"
case $got in *"sbxsh: -c: line 1: unexpected EOF while looking for matching \`\"'"*) ok "-c unterminated quote: message" ;; *) nok "-c unterminated quote: message" "$got" ;; esac

# bash's words and statuses for syntax errors (issue 24; the corpus is
# tests/diff/bash/cases/syntax): the exact lines of -c, a script, eval,
# stdin; the status a quote or [[ ]] leaves; dash's under --posix.
got=$(sh -c 'echo a; fi' 2>&1); st=$?
check "bash's syntax error under -c: both lines" "sbxsh: -c: line 1: syntax error near unexpected token \`fi'
sbxsh: -c: line 1: \`echo a; fi'" "$got"
check "bash's syntax error under -c: status" 2 "$st"
got=$(sh -c 'eval "echo ("; echo "after=$?"' 2>&1); st=$?
check "eval: bash's prefix, the script goes on" "sbxsh: eval: line 1: syntax error near unexpected token \`newline'
sbxsh: eval: line 1: \`echo ('
after=2" "$got"
printf '(exit 5)\necho "abc\n' >quote.sh
got=$(sh quote.sh 2>&1); st=$?
check "a script's unterminated quote: the path, the line it opened on" "sbxsh: quote.sh: line 2: unexpected EOF while looking for matching \`\"'" "$got"
check "... and the last status, as bash leaves it" 5 "$st"
got=$(printf 'true\necho "abc\n' | sh 2>&1); st=$?
check "stdin: no name; a quote after status 0 leaves 2" "sbxsh: line 2: unexpected EOF while looking for matching \`\"'
2" "$got
$st"
got=$(printf '(exit 3)\n[[ a b ]]\necho no\n' | sh 2>&1); st=$?
check "[[ a b ]]: bash's words, the script ends with the last status" "sbxsh: line 2: conditional binary operator expected
3" "$got
$st"
got=$(sh -c 'x=(a b' 2>&1); st=$?
check "an unterminated array: status 1" "sbxsh: -c: line 1: unexpected EOF while looking for matching \`)'
1" "$got
$st"
got=$(sh --posix -c 'echo a; fi' 2>&1); st=$?
check "--posix: dash's words" "sbxsh: line 1: syntax error: unexpected 'fi'
2" "$got
$st"

# Exit statuses.
sh -c 'no_such_cmd_sbxsh' 2>err; st=$?
check "not found: 127" 127 "$st"
check "not found: message (bash's words in the default mode)" "sbxsh: line 1: no_such_cmd_sbxsh: command not found" "$(cat err)"
sh --posix -c 'no_such_cmd_sbxsh' 2>err; st=$?
check "--posix not found: 127" 127 "$st"
check "--posix not found: message (dash's words)" "sbxsh: line 1: no_such_cmd_sbxsh: not found" "$(cat err)"
sh -c '/no/such/dir/cmd' 2>err; st=$?
check "a missing path: 127" 127 "$st"
check "a missing path: the error itself, as bash says it" "sbxsh: line 1: /no/such/dir/cmd: No such file or directory" "$(cat err)"
sh -c 'exec no_such_cmd_sbxsh' 2>err; st=$?
check "exec of a missing command: 127" 127 "$st"
check "exec of a missing command: bash's words" "sbxsh: line 1: exec: no_such_cmd_sbxsh: not found" "$(cat err)"
# A redirection's target is brace-expanded in bash's mode: several words
# are an ambiguous redirect and no file is made; dash (posix) writes a
# file named "{a,b}".
mkdir amb && (cd amb && sh -c 'echo hi > {a,b}' 2>../err); st=$?
check "redirect to {a,b}: status 1" 1 "$st"
check "redirect to {a,b}: bash's words" "sbxsh: line 1: {a,b}: ambiguous redirect" "$(cat err)"
check "redirect to {a,b}: nothing created (the session's own .sandbox-* aside)" "" "$(ls amb)"
(cd amb && sh --posix -c 'echo hi > {a,b}'); st=$?
check "--posix redirect to {a,b}: a file of that name" "0 hi" "$st $(cat 'amb/{a,b}')"
printf 'echo x\n' >noexec; chmod -x noexec
sh -c './noexec' 2>err; st=$?
check "not executable: 126" 126 "$st"
sh -c 'sh -c "kill -KILL \$\$"'; st=$?
check "killed by SIGKILL: 137" 137 "$st"
printf 'echo "no shebang $1"\n' >plain; chmod +x plain
check "file without #! runs as a script" "no shebang arg" "$(sh -c './plain arg')"

# Scope checker (sbxsh opens a session, and so a policy, for the cwd).
cs() { "$SBXSH" --backend none --check "$@"; }
got=$(cs deny -c 'touch ran1; echo hi > /etc/sbxsh-nodir/never' 2>err); st=$?
check "deny -c: status 126" 126 "$st"
if [ -e ran1 ]; then nok "deny -c: no part of the line ran"; else ok "deny -c: no part of the line ran"; fi
if grep -q '^sbxsh: scope: write to /etc/sbxsh-nodir/never' err; then ok "deny -c: flag on stderr"; else nok "deny -c: flag on stderr" "$(cat err)"; fi
printf 'echo one\necho hi > /etc/sbxsh-nodir/never\necho three\n' | cs deny >out 2>err
check "deny per command on stdin" "one
three" "$(cat out)"
got=$(cs deny -c 'eval "echo hi > /etc/sbxsh-nodir/never"; echo "eval status $?"' 2>/dev/null)
check "deny eval string" "eval status 126" "$got"
printf 'echo sourced\necho hi > /etc/sbxsh-nodir/never\n' >dot.sh
got=$(cs deny -c '. ./dot.sh; echo "dot status $?"' 2>/dev/null)
check "deny . file (whole file checked first)" "dot status 126" "$got"
got=$(cs warn -c 'echo hi > /etc/sbxsh-nodir/never 2>/dev/null; echo ran' 2>err)
check "warn: runs" "ran" "$got"
if grep -q '^sbxsh: scope:' err; then ok "warn: flag printed"; else nok "warn: flag printed" "$(cat err)"; fi
got=$(cs off -c 'cat /etc/hostname >/dev/null; echo ran' 2>&1)
check "off: silent" "ran" "$got"
# The checker reads what the shell parsed: an alias is judged as what it
# runs (the line "w" alone names no path), and a line in the shell's
# language: bash's <(...) holds a command, which --posix refuses whole.
printf 'alias w="echo hi > /etc/sbxsh-nodir/never"\nw\necho after\n' | cs deny >out 2>err
check "deny: an alias judged as what it runs" "after" "$(cat out)"
if grep -q '^sbxsh: scope: write to /etc/sbxsh-nodir/never' err && ! grep -q 'cannot create' err; then
	ok "deny: the alias's write flagged, not run"
else
	nok "deny: the alias's write flagged, not run" "$(cat err)"
fi
cs deny -c 'touch ran2; cat <(echo hi > /etc/sbxsh-nodir/never)' 2>err; st=$?
check "deny: a write inside <(...) refuses the line" 126 "$st"
if [ -e ran2 ]; then nok "deny <(...): no part of the line ran"; else ok "deny <(...): no part of the line ran"; fi
cs deny --posix -c 'touch ran3; cat <(echo hi > /etc/sbxsh-nodir/never)' 2>err; st=$?
check "--posix: <(...) is the shell's syntax error (2)" 2 "$st"
if grep -q '^sbxsh: scope:' err || [ -e ran3 ]; then
	nok "--posix: no flag for a line the shell refuses, nothing ran" "$(cat err)"
else
	ok "--posix: no flag for a line the shell refuses, nothing ran"
fi

# Live routing across the commands of a script: re-applied before every
# line (PATH reset on one line leads with the bin dirs again on the next),
# and a user's export or unset noticed on the line after it even when
# nothing changed for many lines before (the pass is skipped then).
{
	i=0
	while [ $i -lt 50 ]; do echo ':'; i=$((i + 1)); done
	printf 'PATH=/usr/bin\necho "$PATH"\n'
	printf 'export GOCACHE=/elsewhere\n:\necho "$GOCACHE"\nunset GOCACHE\n:\necho "${GOCACHE-unset}"\n'
} >live.sh
got=$(sh live.sh 2>err)
case $got in
"$PWD/.sandbox-cache/bin:"*) ok "live: a PATH reset is routed again on the next line" ;;
*) nok "live: a PATH reset is routed again on the next line" "$got" ;;
esac
check "live: the user's export and unset are kept" "/elsewhere
unset" "$(printf '%s\n' "$got" | tail -n 2)"
check "live: each override reported once" 2 "$(grep -c '^sbxsh: routing: GOCACHE' err)"

# read's block of a regular file is given back when the shell leaves:
# the next program on the same open file sees exactly the bytes after
# the line read took (issue 15), from -c, a script file and a subshell.
seq 20 >lines
got=$({ sh -c 'read a; read b; echo "sbxsh [$a $b]"'; head -n 2; } <lines)
check "read then exit: the next reader gets line 3 on" "sbxsh [1 2]
3
4" "$got"
printf 'while read x; do [ "$x" = 5 ] && break; done\necho "at $x"\n' >rl.sh
got=$({ sh rl.sh; cat; } <lines | tr '\n' ' ')
check "while read in a script file, break: the rest for cat" \
	"at 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 " "$got"
got=$({ sh -c '(read a; exit 3); echo "sub $?"; read b; echo "main $b"'; cat; } <lines | head -n 4 | tr '\n' ' ')
check "read in a subshell, then the parent, then cat" "sub 3 main 2 3 4 " "$got"
# ... and a pipe is never read past the newline (one byte at a time)
got=$(seq 5 | { sh -c 'read a; echo "got $a"'; cat; } | tr '\n' ' ')
check "read from a pipe leaves the rest in the pipe" "got 1 2 3 4 5 " "$got"
# The control: a reader that takes a block (not POSIX read) leaves less.
got=$(seq 5 | { dd bs=4096 count=1 status=none >/dev/null; cat; } | wc -l)
check "control: a block reader on the pipe takes all of it" 0 "$got"

# PATH unset when the shell starts: dash's default, so commands are found.
got=$(env -u PATH "$SBXSH" --backend none --check off -c 'command -v ls; echo "$PATH" | tr : "\n" | grep -v sandbox-cache | paste -sd:')
check "PATH unset at start-up: a default (after the bin dirs)" "/usr/bin/ls
/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" "$got"

echo "1..$n"
[ $fail -eq 0 ]
