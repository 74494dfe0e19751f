#!/usr/bin/env bash
# bash's pattern options (issue 24, docs/language.md), once each where the
# mutations are tried (the bash corpus, tests/diff/bash/cases/glob and
# printf, compares them with bash in detail): extglob read from the next
# command on, in pathname expansion, case, [[ ]] and ${x/p/r}; a quoted
# '|' inside a group stays literal; globstar; nocaseglob; nocasematch;
# --posix keeps none of them; printf's %q and -v. As root and as nobody
# (the walk reads the directories with the shell's own rights: an
# unreadable one is skipped, as in bash). TAP.
set -u
SBXSH=${SBXSH:?}
# shellcheck source=tests/integration/lib/strict.bash
. "${SBXSH_SRC:?}/tests/integration/lib/strict.bash"
work=$(mktemp -d /var/tmp/sbxsh-glob.XXXXXX) || exit 2
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
cd "$work" || exit 2
n=0 fail=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
nok() { n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n - $1"; shift; printf '# %s\n' "$@"; }
not_ok() { nok "$@"; }
check() { # name expected got
	if [ "$2" = "$3" ]; then ok "$1"; else nok "$1" "expected: $2" "got:      $3"; fi
}
mkdir -p t/d/e t/secret && touch t/a t/b t/ab t/c.txt t/D.TXT t/.h t/d/x t/d/e/y t/secret/s
chmod -R a+rX t && chmod 700 t/secret
mkdir home && chmod 777 home

whos=root
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
	whos="root nobody"
else
	skip_case_for setpriv "not root with setpriv: the nobody half is not run"
fi
for who in $whos; do
	if [ "$who" = root ]; then
		sh() { (cd "$work/t" && "$SBXSH" --backend none --check off "$@"); }
	else
		# a home of its own, beside the workspace t (never above it)
		sh() { (cd "$work/t" && HOME=$work/home XDG_CONFIG_HOME=$work/home \
			setpriv --reuid=65534 --regid=65534 --clear-groups \
			"$SBXSH" --backend none --check off "$@"); }
	fi
	got=$(sh -c 'shopt -s extglob
echo @(a|b) / !(*.txt|*.TXT|?) / +(a|b) / @(.h)
x=abc; echo ${x/+(b|c)/Z}; case $x in @(ab|abc)) echo case;; esac
case "a|b" in @("a|b")) echo quoted-bar;; esac' 2>&1)
	check "$who: extglob in paths, \${x/}, case, a quoted |" "a b / ab secret / a ab b / .h
aZ
case
quoted-bar" "$got"
	got=$(sh -c 'shopt -s extglob; echo @(a)' 2>&1; echo "st=$?")
	case $got in *"syntax error"*"st=2") ok "$who: extglob on the same line: a syntax error, as bash" ;;
	*) nok "$who: extglob on the same line: a syntax error, as bash" "got: $got" ;; esac
	got=$(sh -c 'shopt -s extglob
echo @(a' 2>&1; echo "st=$?")
	case $got in *"unexpected EOF while looking for matching"*"st=2") ok "$who: an unclosed group is a syntax error" ;;
	*) nok "$who: an unclosed group is a syntax error" "got: $got" ;; esac
	got=$(sh -c 'x=ab; [[ $x == @(ab|c) ]] && echo cond' 2>&1)
	check "$who: [[ == ]] reads extglob patterns always" "cond" "$got"
	got=$(sh -c 'shopt -s globstar; echo **; echo d/**/' 2>&1)
	if [ "$who" = root ]; then want="D.TXT a ab b c.txt d d/e d/e/y d/x secret secret/s"; else want="D.TXT a ab b c.txt d d/e d/e/y d/x secret"; fi
	check "$who: globstar (an unreadable folder is skipped)" "$want
d/ d/e/" "$got"
	got=$(sh -c 'shopt -s nocaseglob; echo d.* C*' 2>&1)
	check "$who: nocaseglob" "D.TXT c.txt" "$got"
	got=$(sh -c 'shopt -s nocasematch; case ABC in abc) echo m;; esac; [[ X == x ]] && echo c; x=AbC; echo ${x/b/_} ${x#a}' 2>&1)
	check "$who: nocasematch (not \${x#p}, as bash)" "m
c
A_C AbC" "$got"
	got=$(sh --posix -c 'echo +(a) 2>/dev/null; echo st=$?' 2>&1; echo "st=$?")
	case $got in *"st=2") ok "$who: --posix: no extglob (a syntax error, as dash)" ;;
	*) nok "$who: --posix: no extglob" "got: $got" ;; esac
	got=$(sh -c "printf '%q|' 'a b' \$'x\\ny' ''; printf -v v '%05d' 42; echo \"\$v\"" 2>&1)
	check "$who: printf %q and -v" "a\\ b|\$'x\\ny'|''|00042" "$got"
done
echo "1..$n"
[ "$fail" = 0 ]
