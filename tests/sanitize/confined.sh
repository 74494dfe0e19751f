#!/bin/bash
# tests/sanitize/confined.sh — the sanitizer pass of .ci/setup sees what
# happens in a confined shell (sanitizer builds only: tests.cmake).
#
# A library preloaded into sbxsh leaks 77 bytes before the session opens;
# LeakSanitizer must then report that leak from the confined shell when
# it exits, into a report folder outside every writable root, and the
# session's exit status must say so. Each of the three sanitizer-build
# exceptions is needed for it (their comments say why):
#   - the seccomp filter lets LeakSanitizer's tracer ptrace the shell
#     (backends/seccomp.c): without it "LeakSanitizer has encountered a
#     fatal error" and no report;
#   - the shell's exit is waited for (backends/pidns.c): without it the
#     caller's exit kills the shell in the middle of the check, no report
#     and status 0;
#   - the report folder stays writable (backends/backend.c): without it
#     "Can't open file" on stderr, the report lost.
# Control: --backend none reports the same leak (the library does leak).
. "${SBXSH_SRC:-$(dirname "$0")/../..}/tests/integration/lib/tap.bash"

SBXSH=${SBXSH:?}
command -v cc >/dev/null || skip_all_for cc "no C compiler for the leaking library"
T=$(mktemp -d "${SBXSH_BUILD:-/var/tmp}/sanitize.XXXXXX")
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/ws" "$T/logs"
chmod 1777 "$T/logs"
cat >"$T/leak.c" <<'C'
#include <stdlib.h>
#include <string.h>
void *volatile sbx_keep;
__attribute__((constructor)) static void sbx_leak(void)
{
	char *p = malloc(77);

	memset(p, 1, 77);
	sbx_keep = p;
	sbx_keep = 0;
}
C
cc -shared -fPIC -O0 -o "$T/leak.so" "$T/leak.c" ||
	skip_all_for cc "cannot build the leaking library"
ASAN_SO=$(cc -print-file-name=libasan.so)

# run LABEL ARGS...: sbxsh ARGS -c 'echo $$' with the leak preloaded and
# the reports in $T/logs; sets RC, OUTPUT (stdout and stderr) and LOG
# (every report written).
run() {
	local label=$1
	shift
	rm -f "$T/logs/"*
	OUTPUT=$(cd "$T/ws" && LD_PRELOAD="$ASAN_SO:$T/leak.so" \
		ASAN_OPTIONS="detect_leaks=1:log_path=$T/logs/asan" \
		UBSAN_OPTIONS="halt_on_error=1:log_path=$T/logs/ubsan" \
		"$SBXSH" "$@" -c 'echo started' 2>&1)
	RC=$?
	LOG=$(cat "$T/logs/"* 2>/dev/null)
	OUT=$OUTPUT$'\n'$LOG
	check "[$label] the session ran" eval 'printf "%s" "$OUTPUT" | grep -q "^started$"'
	check "[$label] LeakSanitizer reported the 77-byte leak into the folder" \
		eval 'printf "%s" "$LOG" | grep -q "Direct leak of 77 byte"'
	check "[$label] no fatal error, nothing lost on stderr" \
		eval '! printf "%s\n%s" "$OUTPUT" "$LOG" | grep -q -e "fatal error" -e "Can.t open file"'
	check "[$label] the exit status is not 0 ($RC)" test "$RC" != 0
}

run "control: --backend none" --backend none
run "landlock" --backend landlock
run "landlock, read-only scope" --backend landlock --scope read-only
run "namespace" --backend namespace

# Where LeakSanitizer's tracer cannot attach, its check is off (its
# __lsan_is_turned_off() hook, backends/seccomp.c), not a fatal error in
# the folder: a session nested in another one (the outer shell still
# reports its own leak), and a session under strace -f.
rm -f "$T/logs/"*
OUTPUT=$(cd "$T/ws" && LD_PRELOAD="$ASAN_SO:$T/leak.so" \
	ASAN_OPTIONS="detect_leaks=1:log_path=$T/logs/asan" \
	"$SBXSH" -c "'$SBXSH' -c 'echo inner' && echo outer" 2>&1)
LOG=$(cat "$T/logs/"* 2>/dev/null)
OUT=$OUTPUT$'\n'$LOG
check "[nested] both sessions ran" eval 'printf "%s" "$OUTPUT" | grep -q "^inner$" && printf "%s" "$OUTPUT" | grep -q "^outer$"'
check "[nested] one leak report (the outer shell's), no fatal error" \
	eval '[ "$(printf "%s" "$LOG" | grep -c "Direct leak of 77 byte")" = 1 ] && ! printf "%s" "$LOG" | grep -q "fatal error"'
if command -v strace >/dev/null; then
	rm -f "$T/logs/"*
	OUTPUT=$(cd "$T/ws" && ASAN_OPTIONS="detect_leaks=1:log_path=$T/logs/asan" \
		strace -f -qq -o /dev/null "$SBXSH" -c 'echo traced' 2>&1)
	LOG=$(cat "$T/logs/"* 2>/dev/null)
	OUT=$OUTPUT$'\n'$LOG
	check "[strace -f] the session ran, no fatal error in the folder" \
		eval 'printf "%s" "$OUTPUT" | grep -q "^traced$" && [ -z "$LOG" ]'
else
	skip_case_for strace-inject "no strace"
fi
# Regressions: sessions that leaked, or left LeakSanitizer a thread it
# could not stop, with nothing preloaded. Each must exit 0 and leave the
# folder empty.
clean() { # LABEL CMD...: run CMD in $T/ws with the reports in $T/logs
	local label=$1
	shift
	rm -f "$T/logs/"*
	OUTPUT=$(cd "$T/ws" && "$@" 2>&1)
	RC=$?
	LOG=$(cat "$T/logs/"* 2>/dev/null)
	OUT=$OUTPUT$'\n'$LOG
	check "[$label] exit 0, no report" eval '[ "$RC" = 0 ] && [ -z "$LOG" ] &&
		! printf "%s" "$OUTPUT" | grep -q -e Sanitizer -e "Can.t open file" -e "Running thread"'
}
SAN="ASAN_OPTIONS=detect_leaks=1:log_path=$T/logs/asan"
mkdir -p "$T/state"
for i in $(seq 200); do mkdir -p "$T/ws/d$i"; done
# gitscan.c: a workspace worth a scan cache (200 folders), none yet.
clean "git scan cache made" env "$SAN" XDG_STATE_HOME="$T/state" "$SBXSH" -c true
# envsec.c: the environment array, once setenv() had copied it.
clean "env -i, a withheld variable" env -i PATH=/usr/bin:/bin HOME="$T" \
	GITHUB_TOKEN=ghp_x "$SAN" "$SBXSH" -c true
# main.c: a relative script made absolute for --workspace.
echo 'echo script' >"$T/ws/s.sh"
clean "relative script" env "$SAN" "$SBXSH" --workspace "$T/ws" s.sh
# main.c: the rc file's path of an interactive shell.
clean "interactive, rc file" sh -c "env '$SAN' HOME='$T' '$SBXSH' -i </dev/null"
# denials.c: stderr a pipe starts the forwarder thread at the first job;
# a job still holding the pipe at exit keeps it reading.
clean "explain forwarder" bash -o pipefail -c \
	"env '$SAN' '$SBXSH' -c 'ls /nonexistent; sleep 1 & true' 2>&1 | cat"
tap_done
