#!/usr/bin/env bash
# bash's variables and expansions in sbxsh's default language (issue 24,
# docs/language.md), once each, where the mutations are tried (the bash
# corpus, tests/diff/bash/cases/{vars,arith,declare,brace}, compares them
# with bash in detail): PIPESTATUS and the call stack as arrays, a
# redirection's target brace-expanded to one word (the file seen from
# outside the shell, and what --explain judges), arithmetic errors in
# bash's words and statuses (dash's under --posix), declare -l/-u/-n. TAP.
set -u
SBXSH=${SBXSH:?}
# shellcheck source=tests/integration/lib/strict.bash
. "${SBXSH_SRC:?}/tests/integration/lib/strict.bash"
work=$(mktemp -d "${TMPDIR:-/tmp}/sbxsh-langvars.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
sh() { "$SBXSH" --backend none --check off "$@"; }
n=0 fail=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
nok() { n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n - $1"; shift; printf '# %s\n' "$@"; }
check() { # name expected got
	if [ "$2" = "$3" ]; then ok "$1"; else nok "$1" "expected: $2" "got:      $3"; fi
}

got=$(sh -c 'true | false | true; echo ${PIPESTATUS[@]} ${#PIPESTATUS[@]}; (exit 3) | true; echo "${PIPESTATUS[0]}" $PIPESTATUS')
check "PIPESTATUS is an array of each stage's status" "0 1 0 3
3 3" "$got"
got=$(sh --posix -c 'false | true; echo "[$PIPESTATUS]"')
check "--posix: PIPESTATUS is an ordinary (unset) variable" "[]" "$got"

printf '%s\n' 'f() { echo "${FUNCNAME[*]}|${BASH_SOURCE[*]##*/}|${BASH_LINENO[*]}"; }' \
	'g() { f; }' 'g' 'echo "top ${#FUNCNAME[@]} ${BASH_SOURCE[0]##*/}"' '. ./lib.sh' >main.sh
printf '%s\n' 'echo "lib ${BASH_SOURCE[0]##*/} ${BASH_SOURCE[1]##*/}"' >lib.sh
got=$(sh main.sh 2>&1)
check "FUNCNAME, BASH_SOURCE, BASH_LINENO: bash's call stack" "f g main|main.sh main.sh main.sh|2 3 0
top 0 main.sh
lib lib.sh main.sh" "$got"

got=$(sh -c 'echo a > x{1..1}; echo b > "y{1..1}"; echo c > z{1,2}; echo "st=$?"' 2>&1)
check "a redirection's target brace-expands (one word; more are ambiguous)" \
	"sbxsh: line 1: z{1,2}: ambiguous redirect
st=1" "$got"
if [ -f x1 ] && [ "$(cat x1)" = a ] && [ -f 'y{1..1}' ] && ! [ -e 'x{1..1}' ] && ! [ -e z1 ]; then
	ok "the files made, seen from outside: x1 and 'y{1..1}', no z1"
else
	nok "the files made, seen from outside: x1 and 'y{1..1}', no z1" "$(ls)"
fi
got=$("$SBXSH" --explain 'echo a > /etc/x{1..1}' 2>&1)
case $got in *"/etc/x1"*) ok "--explain judges the expanded target /etc/x1" ;;
*) nok "--explain judges the expanded target /etc/x1" "got: $got" ;; esac

printf '%s\n' 'echo $((1+)); echo never' 'echo "st=$?"' '(( 1/0 )); echo "st=$?"' 'let 08; echo "st=$?"' >ar.sh
got=$(sh ar.sh 2>&1; echo "exit=$?")
check "arithmetic errors: bash's words, status 1, the script goes on" "sbxsh: line 1: 1+: syntax error: operand expected (error token is \"+\")
st=1
sbxsh: line 3: ((: 1/0 : division by 0 (error token is \"0 \")
st=1
sbxsh: line 4: let: 08: value too great for base (error token is \"08\")
st=1
exit=0" "$got"
got=$(sh --posix ar.sh 2>&1; echo "exit=$?")
check "--posix: dash's words, the script ends with 2" "sbxsh: line 1: arithmetic expression: expecting primary: \"1+\"
exit=2" "$got"

got=$(sh -c 'declare -u u=abc; declare -l l=XyZ; u+=d; echo "$u $l"')
check "declare -u and -l convert every value" "ABCD xyz" "$got"
got=$(sh -c 'f() { local -n out=$1; out=(a b); }; f res; declare -n r=x; r=5; echo "${res[1]} $x ${!r}"; unset -n r; echo "${r-unset} $x"')
check "declare -n: a name reference" "b 5 x
unset 5" "$got"

echo "1..$n"
[ "$fail" -eq 0 ]
