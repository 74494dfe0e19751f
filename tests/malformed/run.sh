#!/usr/bin/env bash
# Malformed-input corpus: every case must end with the expected status and
# a clear "sbxsh:" message, never crash (signal, sanitizer report) or hang.
# Output is TAP.
#
# usage: run.sh SHELL [case...]
#   SHELL  the sbxsh binary (extra words for it go in $SBXSH_ARGS, default
#          "--backend none --check off"; the corpus tests the language, not
#          the sandbox).
# Case files in cases/ start with "# expect: status=N stderr=ERE"; the
# large inputs (100 000 nested parentheses, a 10 MiB line, NUL bytes) are
# generated here into a temporary folder instead of living in git.
set -u
here=$(cd "$(dirname "$0")" && pwd)
sh=${1:?usage: run.sh SHELL [case...]}
shift
read -r -a shargs <<<"${SBXSH_ARGS:---backend none --check off}"
limit=${MALFORMED_TIMEOUT:-60}
# written for dash's language: run with --posix (bash goes on after a
# syntax error in eval: diffbash/dbracket/006; 025, 026: dash's status
# for a failed redirection, 028 and 032 for ${x?} and set -u (049 to
# 051 are bash's); 048-bash-array runs there too: dash has no arrays, so
# nothing of that line runs; g01b-g01d are bash's language, sbxsh's
# default; 008, 021, 037, 044 and g05 are dash's arithmetic errors,
# 052 and g05b bash's)
posix_cases="008-div-by-zero 021-arith-syntax 037-arith-assign-readonly 044-deep-arith g05-nested-arith 023-eval-unterminated 025-bad-fd 026-create-fails 028-param-error 032-nounset 048-bash-array 048-paren-after-word g01-nested-parens"
work=$(mktemp -d "${TMPDIR:-/tmp}/sbxsh-malformed.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
export LSAN_OPTIONS="suppressions=$here/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

gen() { # name status ere python-expression-printing-the-script
	printf '# expect: status=%s stderr=%s\n' "$2" "$3" >"$work/$1.sh"
	python3 -c "import sys; sys.stdout.write($4)" >>"$work/$1.sh"
}
gen g01-nested-parens 2 'nesting too deep' "'('*100000 + 'echo hi' + ')'*100000 + '\n'"
gen g01b-nested-parens-bash 2 'nesting too deep' "'( '*100000 + 'echo hi' + ' )'*100000 + '\n'"
gen g01c-nested-dbracket 2 'nesting too deep' "'[[ '+'( '*100000 + 'x' + ' )'*100000 + ' ]]\n'"
gen g01d-nested-procsub 2 'nesting too deep' "'cat '+'<('*100000 + 'echo hi' + ')'*100000 + '\n'"
gen g02-nested-cmdsub 2 'nesting too deep' "'echo \$(' * 100000 + 'echo hi' + ')'*100000 + '\n'"
gen g03-nested-braces 2 'nesting too deep' "'{ ' * 100000 + 'echo hi; ' + '}; '*100000 + '\n'"
gen g04-nested-param 2 'nesting too deep' "'echo \${x:-'*100000 + 'y' + '}'*100000 + '\n'"
gen g05-nested-arith 2 'too deeply nested' "'echo \$((' + '('*100000 + '1' + ')'*100000 + '))\n'"
gen g05b-nested-arith-bash 1 'too deeply nested' "'echo \$((' + '('*100000 + '1' + ')'*100000 + '))\n'"
gen g06-nested-dquote-cmdsub 2 'nesting too deep' "'echo ' + '\"\$(echo '*100000 + '\n'"
gen g07-nested-if 2 'nesting too deep' "'if true; then '*100000 + 'echo hi; ' + 'fi; '*100000 + '\n'"
gen g08-10mib-word 0 '' "'echo ' + 'a'*10*1024*1024 + ' | wc -c\n'"
gen g09-10mib-quoted 0 '' "'x=\"' + 'ab '*(3*1024*1024) + '\"; echo \${#x}\n'"
gen g10-long-andor 0 '' "'true&&'*200000 + 'echo ok\n'"
gen g11-long-list 0 '' "'true;'*500000 + 'echo ok\n'"
gen g12-nul-bytes 0 'NUL byte in input ignored' "'echo a\0b\necho c\n'"
gen g13-10mib-heredoc 0 '' "'wc -c <<EOF\n' + ('x'*1023 + '\n')*10240 + 'EOF\n'"
gen g14-binary-garbage '[0-9]+' '' "''.join(chr(((i*7919)>>3)%256) for i in range(20000))"
gen g15-10mib-unterminated 2 "line 2: unexpected EOF while looking for matching \`\"'" "'echo \"' + 'a'*10*1024*1024"
gen g16-many-heredocs 0 '' "'cat ' + ' '.join('<<E%d' % i for i in range(1000)) + '\n' + ''.join('x\nE%d\n' % i for i in range(1000))"

cases=()
if [ $# -gt 0 ]; then
	for c in "$@"; do
		for f in "$here/cases/$c"*.sh "$work/$c"*.sh; do
			[ -f "$f" ] && cases+=("$f")
		done
	done
else
	cases=("$here"/cases/*.sh "$work"/*.sh)
fi

echo "1..${#cases[@]}"
n=0 fail=0
for f in "${cases[@]}"; do
	n=$((n + 1))
	name=$(basename "$f" .sh)
	hdr=$(head -c 300 "$f" | head -n 1)
	want=$(printf '%s\n' "$hdr" | sed -n 's/^# expect: status=\([^ ]*\).*/\1/p')
	ere=$(printf '%s\n' "$hdr" | sed -n 's/^# expect: status=[^ ]* stderr=//p')
	# cases of dash's language run under --posix (sbxsh's default is
	# bash's, where "((" begins (( expr )) and a=(x) is an array)
	mode=()
	case " $posix_cases " in *" $name "*) mode=(--posix) ;; esac
	(cd "$work" && timeout -k 5 "$limit" "$sh" "${mode[@]}" "${shargs[@]}" "$f" \
		>"$work/out" 2>"$work/err" </dev/null)
	st=$?
	why=
	if [ $st -eq 124 ] || [ $st -eq 137 ]; then
		why="timed out after ${limit}s"
	elif grep -qE 'AddressSanitizer|runtime error:|LeakSanitizer' "$work/err"; then
		why="sanitizer report"
	elif ! printf '%s\n' "$st" | grep -qxE "$want"; then
		why="status $st, expected $want"
	elif [ -n "$ere" ] && ! grep -qE "$ere" "$work/err"; then
		why="stderr does not match /$ere/"
	elif [ -z "$ere" ] && [ "$want" != 0 ] && [ -s "$work/err" ] &&
		! grep -q '^sbxsh: ' "$work/err"; then
		why="message without the sbxsh: prefix"
	fi
	if [ -z "$why" ]; then
		echo "ok $n - $name"
	else
		fail=$((fail + 1))
		echo "not ok $n - $name: $why"
		head -c 600 "$work/err" | sed 's/^/# /'
	fi
done
echo "# $((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
