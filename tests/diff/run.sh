#!/usr/bin/env bash
# Differential test runner: run each case under a reference shell (dash, or
# bash --posix for cases listed in deviations.txt) and under the shell under
# test, and compare stdout, exit status and (for *-stderr cases) normalized
# stderr.  Output is TAP.  See README.md.
#
# usage: run.sh [--corpus dash|bash] [--ref auto|dash|bash] [--modes LIST] [-j N] [-v] SHELL [case...]
#   SHELL   the shell under test, e.g. build/sbxsh or /usr/bin/dash.  Extra
#           words for it (e.g. --check=off) go in $SBXSH_ARGS.  If SHELL is
#           "-" the value of $SBXSH is used.
#   case    an area ("param"), a case ("param/003-default" with or
#           without .sh) or a path to a case file; none = all cases.
#   --corpus dash (default): the cases of cases/, against dash (POSIX
#           mode); bash: the cases of bash/cases/, against plain bash (not
#           --posix: the default mode's bash extensions), stderr compared
#           for every case.
#   --ref   auto (default): dash, but bash --posix for the cases listed in
#           deviations.txt; dash: dash for every case; bash: bash --posix
#           for every case.
#   --modes comma list of file,c,stdin,pipe: how to run every case.  By
#           default cases run as files, and cases of the area invoke/ run in
#           all four modes (SHELL case.sh / SHELL -c "$(cat case.sh)" sh /
#           SHELL -s < case.sh / cat case.sh | SHELL -s), each compared
#           with the reference run the same way.
#   -j N    run N cases at once (default 1 or $DIFF_JOBS).
#   -v      print the full output of failing cases, not the first lines.
set -u

here=$(cd "$(dirname "$0")" && pwd)
cases_dir=$here/cases
ref=auto
corpus=dash
modes=
jobs=${DIFF_JOBS:-1}
verbose=0

usage() {
	sed -n '/^# usage:/,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case $1 in
	--ref) ref=${2:?}; shift 2 ;;
	--ref=*) ref=${1#--ref=}; shift ;;
	--corpus) corpus=${2:?}; shift 2 ;;
	--corpus=*) corpus=${1#--corpus=}; shift ;;
	--modes) modes=${2:?}; shift 2 ;;
	--modes=*) modes=${1#--modes=}; shift ;;
	-j) jobs=${2:?}; shift 2 ;;
	-j*) jobs=${1#-j}; shift ;;
	-v) verbose=1; shift ;;
	-h|--help) usage ;;
	--) shift; break ;;
	-?*) echo "run.sh: unknown option $1" >&2; usage ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] || usage
shell=$1; shift
if [ "$shell" = - ]; then
	shell=${SBXSH:?run.sh: SHELL is - but \$SBXSH is not set}
fi
case $corpus in
dash) ;;
bash) cases_dir=$here/bash/cases ref=bashfull ;;
*) echo "run.sh: --corpus must be dash or bash" >&2; exit 2 ;;
esac
case $ref in auto|dash|bash|bashfull) ;; *) echo "run.sh: --ref must be auto, dash or bash" >&2; exit 2 ;; esac
case $shell in */*) shell=$(cd "$(dirname "$shell")" && pwd)/$(basename "$shell") ;; esac
command -v "${shell%% *}" >/dev/null 2>&1 || { echo "run.sh: no shell $shell" >&2; exit 2; }
command -v dash >/dev/null 2>&1 || { echo "run.sh: dash is required as reference" >&2; exit 2; }
command -v bash >/dev/null 2>&1 || { echo "run.sh: bash is required as reference" >&2; exit 2; }
# shellcheck disable=SC2206
shell_cmd=("$shell" ${SBXSH_ARGS:-})
# sbxsh speaks bash's language by default: dash's is --posix
if [ "$corpus" = dash ]; then
	case ${shell##*/} in sbxsh*) shell_cmd=("$shell" --posix ${SBXSH_ARGS:-}) ;; esac
fi

# --- select the cases ---------------------------------------------------
list=()
add_area() {
	local f
	for f in "$cases_dir/$1"/*.sh; do
		[ -f "$f" ] && list+=("$f")
	done
}
if [ $# -eq 0 ]; then
	for d in "$cases_dir"/*/; do
		add_area "$(basename "$d")"
	done
else
	for a in "$@"; do
		a=${a%/}
		if [ -f "$a" ]; then
			list+=("$(cd "$(dirname "$a")" && pwd)/$(basename "$a")")
		elif [ -d "$cases_dir/$a" ]; then
			add_area "$a"
		elif [ -f "$cases_dir/$a" ]; then
			list+=("$cases_dir/$a")
		elif [ -f "$cases_dir/$a.sh" ]; then
			list+=("$cases_dir/$a.sh")
		else
			echo "run.sh: no case or area $a" >&2
			exit 2
		fi
	done
fi

# deviations.txt: "area/name  reason" -> bash is the reference for them
declare -A deviant=()
if [ "$corpus" = dash ] && [ -f "$here/deviations.txt" ]; then
	while read -r id _; do
		case $id in ''|'#'*) continue ;; esac
		deviant[${id%.sh}]=1
	done <"$here/deviations.txt"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/sbxsh-diff.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# Expand the selection into (case, mode) tests.
tests=()
for f in "${list[@]}"; do
	area=${f%/*} area=${area##*/}
	if [ -n "$modes" ]; then
		m=$modes
	elif [ "$area" = invoke ] || [ "$corpus:$area" = bash:syntax ]; then
		m=file,c,stdin,pipe
		# bash's syntax errors: a file and -c (each names its input
		# its own way); "#MODES: file,stdin" on a line of its own:
		# those
		[ "$area" = syntax ] && m=file,c
		while IFS= read -r line; do
			case $line in '#MODES: '*) m=${line#'#MODES: '}; break ;; esac
		done <"$f"
	else
		m=file
	fi
	IFS=, read -r -a ms <<<"$m"
	for mm in "${ms[@]}"; do
		case $mm in file|c|stdin|pipe) ;; *) echo "run.sh: bad mode $mm" >&2; exit 2 ;; esac
		tests+=("$mm:$f")
	done
done

# slurp FILE: the whole of FILE in $REPLY, without a fork.
slurp() {
	REPLY=
	IFS= read -r -d '' REPLY <"$1" || true
}

# run_in WHO MODE CASE DIR: run CASE under WHO (ref|sut) in a fresh cwd and
# a fixed environment; leave out, err (normalized) and st in DIR.  Both
# shells run in the same directory, one after the other, so that paths a
# case prints are the same.
run_in() {
	local who=$1 mode=$2 f=$3 d=$4 id args=() cmd line box in=/dev/null st
	id=${f%/*} id=${id##*/}/${f##*/} id=${id%.sh}
	if [ "$who" = sut ]; then
		cmd=("${shell_cmd[@]}")
	elif [ "$ref" = bashfull ]; then
		cmd=(bash)
	elif [ "$ref" = bash ] || { [ "$ref" = auto ] && [ -n "${deviant[$id]:-}" ]; }; then
		cmd=(bash --posix)
	else
		cmd=(dash)
	fi
	# "#ARGS: a b c" on a line of its own passes positional parameters.
	while IFS= read -r line; do
		case $line in '#ARGS: '*) read -r -a args <<<"${line#'#ARGS: '}"; break ;; esac
	done <"$f"
	case $mode in
	file) set -- "${cmd[@]}" "$f" "${args[@]}" ;;
	c) slurp "$f"; set -- "${cmd[@]}" -c "$REPLY" sh "${args[@]}" ;;
	stdin|pipe) set -- "${cmd[@]}" -s "${args[@]}" ;;
	esac
	[ "$mode" = stdin ] && in=$f
	box=${d%/*}/box
	mkdir -p "$d" "$box/cwd" "$box/home" "$box/tmp"
	# (the braces keep bash's "Floating point exception" job notices quiet)
	{ (
		cd "$box/cwd" || exit 99
		if [ "$mode" = pipe ]; then
			# a pipe: the shell cannot seek back, it must not read ahead
			cat "$f" | env -i PATH=/usr/bin:/bin HOME="$box/home" LC_ALL=C \
				TMPDIR="$box/tmp" timeout -k 2 10 "$@" >"$d/out" 2>"$d/err"
		else
			exec env -i PATH=/usr/bin:/bin HOME="$box/home" LC_ALL=C \
				TMPDIR="$box/tmp" timeout -k 2 10 "$@" <"$in" >"$d/out" 2>"$d/err"
		fi
	); } 2>/dev/null
	st=$?
	chmod -R u+rwx "$box" 2>/dev/null
	rm -rf "$box"
	# Stderr is compared only for *-stderr cases, after the shell's name
	# (or the script's path) at the start of a line becomes SH.
	slurp "$d/out"
	local all="status $st"$'\n'
	case $st in 124|137) all+="(timed out after 10 s)"$'\n' ;; esac
	all+="--- stdout"$'\n'$REPLY
	case $corpus:$f in bash:* | *-stderr.sh)
		local sn=${cmd[0]}
		# (sbxsh names the script after its own name where bash
		# names it alone: "sbxsh: PATH: line 3:" is bash's "PATH:
		# line 3:")
		sed -e "s|^${sn##*/}: $f: line |SH: line |" \
			-e "s|^$f:|SH:|" -e "s|^$sn:|SH:|" -e "s|^${sn##*/}:|SH:|" \
			-e 's/^\(sbxsh\|dash\|bash\|sh\):/SH:/' "$d/err" >"$d/err.n"
		slurp "$d/err.n"
		all+="--- stderr"$'\n'$REPLY ;;
	esac
	printf '%s' "$all" >"$d/all"
}

# run_test TEST: print "ok"/"not ok" (without a number) and diagnostics.
run_test() {
	local mode=${1%%:*} f=${1#*:} d name exp
	name=${f%/*} name=${name##*/}/${f##*/} name=${name%.sh}
	[ "$mode" = file ] || name="$name [$mode]"
	d=$work/t$BASHPID
	run_in ref "$mode" "$f" "$d/ref"
	run_in sut "$mode" "$f" "$d/sut"
	slurp "$d/ref/all"; exp=$REPLY
	slurp "$d/sut/all"
	if [ "$exp" = "$REPLY" ]; then
		echo "ok - $name"
	else
		echo "not ok - $name"
		{
			if [ "$verbose" = 1 ]; then
				diff -u --label expected --label got "$d/ref/all" "$d/sut/all"
				echo "--- stderr of the shell under test"
				cat "$d/sut/err"
			else
				diff -u --label expected --label got "$d/ref/all" "$d/sut/all" | head -n 25
				if [ -s "$d/sut/err" ]; then
					echo "--- stderr of the shell under test (first lines)"
					head -n 5 "$d/sut/err"
				fi
			fi
		} | sed 's/^/# /'
	fi
	rm -rf "$d"
}

n=${#tests[@]}
echo "1..$n"
pass=0 fail=0 i=0
mkdir -p "$work/res"
while [ $i -lt $n ]; do
	# run a batch of $jobs tests at once, then print them in order
	b=0 pids=()
	while [ $b -lt "$jobs" ] && [ $((i + b)) -lt $n ]; do
		if [ "$jobs" -gt 1 ]; then
			run_test "${tests[$((i + b))]}" >"$work/res/$((i + b))" &
			pids+=($!)
		else
			run_test "${tests[$i]}" >"$work/res/$i"
			pids+=(0)
		fi
		b=$((b + 1))
	done
	[ "$jobs" -gt 1 ] && wait "${pids[@]}"
	b=0
	while [ $b -lt ${#pids[@]} ]; do
		k=$((i + b))
		slurp "$work/res/$k"
		r=$REPLY
		case $r in
		ok*) pass=$((pass + 1)); printf 'ok %d%s' $((k + 1)) "${r#ok}" ;;
		*) fail=$((fail + 1)); printf 'not ok %d%s' $((k + 1)) "${r#not ok}" ;;
		esac
		b=$((b + 1))
	done
	i=$((i + ${#pids[@]}))
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
