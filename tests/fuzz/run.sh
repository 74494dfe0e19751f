#!/usr/bin/env bash
# tests/fuzz/run.sh SECONDS|--build [TARGET...] — builds the libFuzzer harnesses
# (clang, -DSBXSH_FUZZ=ON, in build-fuzz/ or $SBXSH_FUZZ_BUILD) and fuzzes
# each target for SECONDS, two at a time ($SBXSH_FUZZ_JOBS), then prints
# one line of figures per target: executions, executions per second,
# coverage (edges), features, corpus size (inputs and bytes), new inputs
# found, peak RSS and the crashes (crash, leak, timeout, OOM artifacts).
# Exit 1 on any crash, leak, timeout or OOM: the artifact is kept (its
# path is printed) and belongs, once fixed, in tests/fuzz/regress/TARGET/.
#
# The corpus starts from tests/fuzz/seeds/, the regression cases and the
# test scripts (the differential corpus, the malformed-input cases), and
# lives in a temporary folder unless $SBXSH_FUZZ_CORPUS names one to keep
# it in between runs. Each fuzzer runs in a folder of its own under that
# temporary folder, with TMPDIR there too: the harnesses call pure code,
# and the two that need the disk (complete, config) only use that.
set -euo pipefail

secs=${1:?usage: tests/fuzz/run.sh SECONDS|--build [TARGET...]}
shift
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
build=${SBXSH_FUZZ_BUILD:-$top/build-fuzz}
jobs=${SBXSH_FUZZ_JOBS:-2}
all="parse expand arith scope route json prompt complete config cachetar httphead netrule"
targets=${*:-$all}

# Build.
t0=$SECONDS
if [ ! -f "$build/CMakeCache.txt" ]; then
	CC=${CC:-clang} cmake -S "$top" -B "$build" \
		-DCMAKE_BUILD_TYPE=RelWithDebInfo -DSBXSH_FUZZ=ON >/dev/null
fi
tgts=()
for t in $targets; do tgts+=("fuzz_$t"); done
cmake --build "$build" -j"$jobs" --target "${tgts[@]}" >"$build/fuzz-build.log" 2>&1 || {
	tail -40 "$build/fuzz-build.log" >&2
	echo "fuzz: build failed ($build/fuzz-build.log)" >&2
	exit 2
}
echo "fuzz: built ${#tgts[@]} targets in $((SECONDS - t0)) s" >&2
# --build: only that (.ci/setup builds them while the tests run, then
# fuzzes with the build already done).
[ "$secs" = --build ] && exit 0

work=$(mktemp -d "${TMPDIR:-/tmp}/sbxsh-fuzz-run.XXXXXX")
keep_work=0
cleanup() { [ "$keep_work" = 1 ] || rm -rf "$work"; }
trap cleanup EXIT

# Seed corpora.
n=0
seed() { # TARGET PREFIX-BYTES FILE
	n=$((n + 1))
	{ printf "$2"; head -c 4000 "$3"; } >"$work/seed/$1/s$n"
}
scripts=$(find "$top/tests/diff/cases" "$top/tests/malformed/cases" -type f | sort)
for t in $targets; do
	mkdir -p "$work/seed/$t" "$work/run/$t/tmp" "$work/art/$t"
	[ -d "$here/seeds/$t" ] && cp "$here/seeds/$t"/* "$work/seed/$t/" 2>/dev/null || true
	cp "$here/regress/$t"/* "$work/seed/$t/" 2>/dev/null || true
	case $t in
	parse)  for f in $scripts; do seed parse '\002' "$f"; done ;;
	expand) for f in $scripts; do seed expand '' "$f"; done ;;
	scope)  for f in $scripts; do seed scope '' "$f"; done ;;
	complete) for f in $scripts; do seed complete '\377\377' "$f"; done ;;
	arith)
		grep -ohE '\$\(\([^)]*\)\)' $scripts 2>/dev/null | sort -u |
			head -500 | while IFS= read -r e; do
			n=$((n + 1))
			e=${e#'$(('}
			printf '%s' "${e%'))'}" >"$work/seed/arith/a$n"
		done ;;
	esac
done
corpus_dir() {
	if [ -n "${SBXSH_FUZZ_CORPUS:-}" ]; then
		echo "$SBXSH_FUZZ_CORPUS/$1"
	else
		echo "$work/corpus/$1"
	fi
}

dict_of() {
	case $1 in
	config) echo "$here/config.dict" ;;
	prompt) echo "$here/prompt.dict" ;;
	json)   echo "$here/json.dict" ;;
	route)  echo "$here/env.dict" ;;
	*)      echo "$here/shell.dict" ;;
	esac
}

# One target: the fuzzer's own limits say what a hang (-timeout, seconds
# for one input), a leak (LeakSanitizer after each input) and a runaway
# (-rss_limit_mb, -malloc_limit_mb) are.
fuzz_one() {
	local t=$1 c
	c=$(corpus_dir "$t")
	mkdir -p "$c"
	(cd "$work/run/$t" && TMPDIR="$work/run/$t/tmp" \
		ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=0 \
		UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
		"$build/fuzz_$t" -max_total_time="$secs" -timeout=10 \
		-rss_limit_mb=1024 -malloc_limit_mb=512 -max_len=4096 \
		-dict="$(dict_of "$t")" -close_fd_mask=1 -print_final_stats=1 \
		-artifact_prefix="$work/art/$t/" "$c" "$work/seed/$t" \
		>"$work/$t.log" 2>&1)
	echo $? >"$work/$t.rc"
}

running=0
t0=$SECONDS
for t in $targets; do
	if [ "$running" -ge "$jobs" ]; then
		wait -n || true
		running=$((running - 1))
	fi
	fuzz_one "$t" &
	running=$((running + 1))
done
wait || true
elapsed=$((SECONDS - t0))

# Figures.
bad=0
printf '%-9s %10s %8s %6s %6s %12s %6s %6s %s\n' target execs exec/s cov ft \
	corpus new rss crashes
for t in $targets; do
	log=$work/$t.log
	st() { sed -n "s/^stat::$1: *//p" "$log" | tail -1; }
	last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
	cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
	ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
	corp=$(sed -n 's/.* corp: \([0-9]*\/[0-9a-zA-Z]*\).*/\1/p' <<<"$last")
	arts=$(find "$work/art/$t" -type f | wc -l)
	rc=$(cat "$work/$t.rc" 2>/dev/null || echo 1)
	printf '%-9s %10s %8s %6s %6s %12s %6s %6s %s\n' "$t" \
		"$(st number_of_executed_units)" "$(st average_exec_per_sec)" \
		"${cov:-?}" "${ft:-?}" "${corp:-?}" "$(st new_units_added)" \
		"$(st peak_rss_mb)" "$arts"
	if [ "$arts" -gt 0 ] || [ "$rc" != 0 ]; then
		bad=1
		echo "fuzz: $t failed (exit $rc); log: $log" >&2
		grep -E 'ERROR:|SUMMARY:|check failed|Test unit written' "$log" | head -8 >&2 || true
	fi
done
echo "fuzz: ${secs} s per target, $jobs at a time: $elapsed s of fuzzing" >&2
if [ "$bad" = 1 ]; then
	keep_work=1
	echo "fuzz: artifacts and logs kept in $work (a fixed crash goes to" \
		"tests/fuzz/regress/TARGET/)" >&2
	exit 1
fi
