#!/usr/bin/env bash
# The two languages (issue 24, docs/language.md): bash's by default, dash's
# under --posix, -o posix, `set -o posix` and when invoked as sh; the mode
# reaches the parser before each command; `set -o` lists like dash in posix
# mode; an array assignment runs nothing of its line (a file the rm would
# remove is still there, seen from outside the shell), under each backend;
# `--explain` refuses what the shell refuses (status 2). TAP.
set -u
SBXSH=${SBXSH:?}
# shellcheck source=tests/integration/lib/strict.bash
. "${SBXSH_SRC:?}/tests/integration/lib/strict.bash"
work=$(mktemp -d "${TMPDIR:-/tmp}/sbxsh-lang.XXXXXX") || exit 2
# outside every writable root of a session in $work: not under /tmp (the
# temp dir is a writable root, and a checkout may well lie there), as the
# other tests' /var/tmp: where a confined job's write must not land
outdir=$(mktemp -d /var/tmp/sbxsh-lang-out.XXXXXX 2>/dev/null) || outdir=
trap 'rm -rf "$work" ${outdir:+"$outdir"}' EXIT
cd "$work" || exit 2
sh() { "$SBXSH" --backend none --check off "$@"; }
n=0 fail=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
nok() { n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n - $1"; shift; printf '# %s\n' "$@"; }
not_ok() { nok "$@"; }
check() { # name expected got
	if [ "$2" = "$3" ]; then ok "$1"; else nok "$1" "expected: $2" "got:      $3"; fi
}

line='[[ a == a ]] && echo bash; printf "%s\n" $'"'"'t\tx'"'"
got=$(sh -c "$line" 2>&1; echo "st=$?")
check "default: bash's language" "bash
t	x
st=0" "$got"
got=$(sh --posix -c "$line" 2>/dev/null; echo "st=$?")
check "--posix: [[ is a command, \$'' a dollar" '$t\tx
st=0' "$got"
got=$(sh -o posix -c "$line" 2>/dev/null; echo "st=$?")
check "-o posix: the same" '$t\tx
st=0' "$got"
mkdir bin && ln -s "$SBXSH" bin/sh
got=$(bin/sh --backend none --check off -c "$line" 2>/dev/null; echo "st=$?")
check "invoked as sh: dash's language" '$t\tx
st=0' "$got"
got=$(sh -c 'set -o posix
echo $'"'"'a'"'"'
set +o posix
echo $'"'"'b'"'"'' 2>&1)
check "set -o posix: from the next command on" '$a
b' "$got"
got=$(sh -c 'set -o | grep -c "^posix"; set -o posix; set -o | grep -c "^posix"')
check "set -o lists posix only outside posix mode" "1
0" "$got"
got=$(sh -c 'echo a | (( 1 )) && echo one; echo $((2**5))')
check "(( )) and ** in bash's language" "one
32" "$got"
got=$(sh --posix -c 'echo $((2**5))' 2>&1; echo "st=$?")
case $got in *"expecting primary"*"st=2") ok "--posix: ** is dash's error" ;;
*) nok "--posix: ** is dash's error" "got: $got" ;; esac

# Each construct's evaluation, once (the bash corpus compares them with
# bash in detail; this runs where the mutations are tried).
got=$(sh -c '[[ abc =~ "." ]] || echo no-dot; [[ a.c =~ "." ]] && echo dot
[[ foo123 =~ [0-9]+ ]] && echo "$BASH_REMATCH"
cat <<< "here $((1+1))" | od -An -c | tr -s " "
cat <(echo sub); for fd in 60 61 62; do [ -e /dev/fd/$fd ] && echo "fd $fd left open"; done
{ echo o; echo e >&2; } &>f; cat f; x=a; x+=b; echo "$x"
for ((i = 0; i < 2; i++)); do echo "i=$i"; done' 2>&1)
check "bash constructs evaluated" "no-dot
dot
123
 h e r e 2 \n
sub
o
e
ab
i=0
i=1" "$got"

# x=(rm -rf build): bash's array syntax. In the default mode it is an
# array assignment, as in bash: rm never runs, the line goes on; under
# --posix (dash has no arrays) nothing of the line may run. The files are
# looked at from out here.
for be in none landlock namespace; do
	if [ "$be" != none ] && ! "$SBXSH" --backend "$be" --check off -c true 2>/dev/null; then
		skip_case_for "$be" "backend $be unavailable here: array assignment under it not run"
		continue
	fi
	mkdir -p "ws-$be/build" && touch "ws-$be/build/keep"
	got=$(cd "ws-$be" && "$SBXSH" --backend "$be" --check off \
		-c 'touch before; x=(rm -rf build); touch after; echo "${x[1]} ${#x[@]}"' 2>&1; echo "st=$?")
	[ -e "ws-$be/build/keep" ] && [ -e "ws-$be/before" ] && [ -e "ws-$be/after" ] &&
		[ "$got" = "-rf 3
st=0" ] &&
		ok "array assignment ($be): an array, rm never ran" ||
		nok "array assignment ($be): an array, rm never ran" "got: $got" \
			"$(ls -A "ws-$be" "ws-$be/build" | tr '\n' ' ')"
	rm -f "ws-$be/before" "ws-$be/after"
	got=$(cd "ws-$be" && "$SBXSH" --backend "$be" --check off --posix \
		-c 'touch before; x=(rm -rf build); touch after' 2>&1; echo "st=$?")
	[ -e "ws-$be/build/keep" ] && [ ! -e "ws-$be/before" ] && [ ! -e "ws-$be/after" ] &&
		case $got in *"syntax error"*"st=2") true ;; *) false ;; esac &&
		ok "array assignment --posix ($be): nothing of the line ran" ||
		nok "array assignment --posix ($be): nothing of the line ran" "got: $got" \
			"$(ls -A "ws-$be" "ws-$be/build" | tr '\n' ' ')"
	# a process substitution's command is a job like any: confined (the
	# write outside the workspace is refused by the kernel, seen from
	# out here; --check off: the checker does not stop it first)
	out=$outdir/outside-$be
	got=$(cd "ws-$be" && "$SBXSH" --backend "$be" --check off \
		-c "cat <(echo in 2>/dev/null >$out; echo ran)" 2>&1)
	if [ -z "$outdir" ]; then
		skip_case_for root "procsub ($be): no folder outside the temp folders this user may write"
	elif [ "$be" = none ]; then
		[[ $got == ran* ]] && [ -e "$out" ] && ok "procsub ($be, control): the write lands" ||
			nok "procsub ($be, control): the write lands" "got: $got"
	else
		[[ $got == ran* ]] && [ ! -e "$out" ] && ok "procsub ($be): confined, the write outside refused" ||
			nok "procsub ($be): confined, the write outside refused" "got: $got" "$(ls -l "$out" 2>&1)"
	fi
	# posix mode turned on later: an array word parsed before is refused
	# whole when it comes to run (rm never runs, nothing after it)
	rm -f "ws-$be/after"
	got=$(cd "ws-$be" && "$SBXSH" --backend "$be" --check off \
		-c 'set -o posix; x=(rm -rf build); touch after' 2>&1; echo "st=$?")
	[ -e "ws-$be/build/keep" ] && [ ! -e "ws-$be/after" ] &&
		case $got in *"not supported in posix mode"*"st=2") true ;; *) false ;; esac &&
		ok "array after set -o posix ($be): refused whole" ||
		nok "array after set -o posix ($be): refused whole" "got: $got"
	got=$(cd "ws-$be" && "$SBXSH" --backend "$be" --check off \
		-c 'f() { a=(rm -rf build); touch after; }; set -o posix; f; echo next' 2>&1; echo "st=$?")
	[ -e "ws-$be/build/keep" ] && [ ! -e "ws-$be/after" ] &&
		case $got in *"not supported in posix mode"*"st=2") [[ $got != *next* ]] ;; *) false ;; esac &&
		ok "array in a function, called in posix mode ($be): refused whole" ||
		nok "array in a function, called in posix mode ($be): refused whole" "got: $got"
	got=$(cd "ws-$be" && printf 'a[0]=rm\nf() { b+=(x); }\nf; echo "next ${a[0]} ${b[0]}"\n' |
		"$SBXSH" --backend "$be" --check off -s 2>&1; echo "st=$?")
	check "array element / in a function ($be): assigned" "next rm x
st=0" "$got"
	got=$(cd "ws-$be" && printf 'a[0]=rm\nf() { b+=(x); }\necho next\n' |
		"$SBXSH" --backend "$be" --check off --posix -s 2>&1; echo "st=$?")
	case $got in *"syntax error"*"st=2") [[ $got != *next* ]] &&
		ok "array element / in a function --posix ($be): refused, script ends" ||
		nok "array element / in a function --posix ($be): refused, script ends" "got: $got" ;;
	*) nok "array element / in a function --posix ($be): refused, script ends" "got: $got" ;; esac
done

"$SBXSH" --posix --explain 'echo hi; x=(rm -rf build)' >/dev/null 2>err; st=$?
check "--explain --posix: an array line is refused (2)" 2 "$st"
grep -q 'syntax error' err && ok "--explain --posix: says why" || nok "--explain --posix: says why" "$(cat err)"
# the default mode's checker reads an array's elements and its command
# substitutions as words like any other
"$SBXSH" --explain 'a=(/etc/passwd); b=( $(rm -rf /opt/outside) )' >out 2>&1; st=$?
check "--explain: array words are checked (1)" 1 "$st"
grep -q 'note: reading /etc/passwd is allowed (outside the workspace' out && ok "--explain: a path inside a=(...) is seen" ||
	nok "--explain: a path inside a=(...) is seen" "$(cat out)"
grep -q '/opt/outside' out && ok "--explain: a=( \$(rm ...) ) is seen" ||
	nok "--explain: a=( \$(rm ...) ) is seen" "$(cat out)"
"$SBXSH" --explain 'echo "${a[$(rm -rf /opt/sub)]}" "${x/a/$(rm -rf /opt/rep)}"' >out 2>&1
grep -q '/opt/sub' out && grep -q '/opt/rep' out &&
	ok "--explain: a subscript's and a replacement's \$(...) are seen" ||
	nok "--explain: a subscript's and a replacement's \$(...) are seen" "$(cat out)"
"$SBXSH" --explain 'cat <(ls) >(wc) &>/dev/null; [[ -n x ]]' >/dev/null 2>&1; st=$?
case $st in 0|1) ok "--explain: bash's syntax parses ($st)" ;; *) nok "--explain: bash's syntax parses" "status $st" ;; esac
"$SBXSH" --explain 'echo (' >/dev/null 2>&1; st=$?
check "--explain: a syntax error is 2" 2 "$st"

# bash's time keyword, ERR trap, set -E (issue 24): default mode only
got=$(sh -c 'TIMEFORMAT="t=%0R"; time echo x 2>/dev/null' 2>&1)
check "time: the report on the shell's stderr, not the command's" "x
t=0" "$got"
got=$(sh --posix -c 'TIMEFORMAT="t=%0R"; time echo x 2>/dev/null' 2>/dev/null)
check "--posix: time is the command in PATH" "x" "$got"
got=$(sh -c 'trap "echo ERR \$?" ERR; if false; then :; fi; false || true; sh -c "exit 3"; echo end' 2>&1)
check "trap ERR: not in conditions, fires on a failure" "ERR 3
end" "$got"
got=$(sh -c 'trap "echo ERR" ERR; f() { false; echo in-f; }; f; set -E; f' 2>&1)
check "trap ERR: functions only with set -E" "in-f
ERR
in-f" "$got"
# history expansion is a person's prompt's only: -c, a script and stdin
# keep every ! (issue 24)
printf 'echo a\necho !!:p !$:h\n' >hx.sh
got=$(sh -c 'echo a; echo !!:p !$:h'; sh hx.sh; sh <hx.sh)
check "no history expansion in -c, a script, stdin" "a
!!:p !\$:h
a
!!:p !\$:h
a
!!:p !\$:h" "$got"
# DEBUG trap, set -T, $BASH_COMMAND (issue 24): default mode only
got=$(sh -c 'trap "echo \"D: \$BASH_COMMAND\"" DEBUG; x=1; echo "a $x" '"'"'b'"'"' >/dev/null; f() { :; }; f; set -T; f' 2>&1)
check "trap DEBUG: before each command, \$BASH_COMMAND as typed; set -T" "D: x=1
D: echo \"a \$x\" 'b' > /dev/null
D: f
D: set -T
D: f
D: f
D: :" "$got"
got=$(sh -c 'trap "echo \"E: \$BASH_COMMAND\"" ERR; f() { return 3; }; f' 2>&1)
check "trap ERR: \$BASH_COMMAND is what failed" "E: return 3" "$got"
got=$(sh --posix -c 'trap "echo D" DEBUG' 2>&1; echo "st=$?")
case $got in *DEBUG*st=1) ok "--posix: DEBUG is a bad trap" ;; *) nok "--posix: DEBUG is a bad trap" "$got" ;; esac
got=$(sh -c 'f() { echo "$1 $2 ${#a[@]}"; }; mapfile -t -C f -c 2 a <<<"x
y
z"; echo "${a[*]}"' 2>&1)
check "mapfile -C -c: the callback every 2 lines, the array so far" "1 y 1
x y z" "$got"
got=$(sh -c 'cat <(sleep 0.1; echo x; exit 3); [ "$!" -gt 0 ] && echo pid; wait $!; echo "st=$?"' 2>&1)
check "process substitution: \$! and wait \$! (its status)" "x
pid
st=3" "$got"
got=$(sh -c 'coproc UP { tr a-z A-Z; }; echo hi >&"${UP[1]}"; eval "exec ${UP[1]}>&-"; read -r l <&"${UP[0]}"; echo "$l"; wait "$UP_PID"; echo "st=$? ${UP_PID-unset}"' 2>&1)
check "coproc NAME { ...; }: both ends, NAME_PID, unset after wait" "HI
st=0 unset" "$got"
"$SBXSH" --explain 'coproc X { rm -rf /opt/outside; }' >out 2>&1
grep -q '/opt/outside' out && ok "--explain: a coproc's command is checked" ||
	nok "--explain: a coproc's command is checked" "$(cat out)"
got=$(sh -c 'f() { echo "$1"; }; type f' 2>&1)
check "type f: bash's layout" "f is a function
f () 
{ 
    echo \"\$1\"
}" "$got"

echo "1..$n"
[ "$fail" -eq 0 ]
