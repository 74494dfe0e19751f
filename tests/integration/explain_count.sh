#!/bin/bash
# tests/integration/explain_count.sh — the denied-lines summary counts every
# refusal a failed command reported, not those of the last 64 KiB of its
# stderr (docs/explain.md). One python process tries to create N files in
# /etc and prints each refusal as Python does ("[Errno 30] Read-only file
# system: '/etc/...'", about 106 bytes: 1000 of them are over 96 KiB), then
# exits 1; a harness reads stdout and stderr through a pipe (the
# forwarder) or stderr from a file (read back). The summary must say
# "... and N-5 more" exactly; with stdout noise between the refusals the
# same; past the 1024 paths the session decides, "at least". Both
# backends, as root and as nobody. Checked from outside: no file was
# created. Control: the number of refusals the tool itself printed.
#
# TAP; 77 when not root (a failure under SBXSH_TEST_STRICT=1).
set -u
SBXSH=${SBXSH:?SBXSH must name the sbxsh binary}
SRC=${SBXSH_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$SRC/tests/integration/lib/rootcase.bash" sbxcount

D='sbxsh: denied: '
TAG=sbxcount-$$
# a home and a workspace per user (each owns its own)
for u in root nobody; do
	mkdir -p "$B/$u/home" "$B/$u/ws"
done
chown -R 65534:65534 "$B/nobody"

# tool N NOISE: N refused creations in /etc, NOISE bytes on stdout before
# each; exit 1.
tool() {
	printf '%s' "import sys
for i in range($1):
    sys.stdout.write('n' * $2 + '\\n' if $2 else '')
    sys.stdout.flush()
    try:
        open('/etc/$TAG-%d-%s' % (i, 'x' * 64), 'w')
    except OSError as e:
        print(e, file=sys.stderr, flush=True)
sys.exit(1)"
}
# run WHO BACKEND HOW N NOISE: $OUT is what the harness read (HOW: pipe,
# or file: stderr to a file, then the file).
run() {
	local who=$1 be=$2 how=$3 as=() code H=$B/$1/home WS=$B/$1/ws
	code=$(tool "$4" "$5")
	[ "$who" = nobody ] && as=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	if [ "$how" = pipe ]; then
		OUT=$(cd "$WS" && "${as[@]}" env -i HOME="$H" PATH="$PATH" \
			XDG_STATE_HOME="$H/state" "$SBXSH" --backend "$be" \
			-c "$PY -c \"\$1\"" sh "$code" 2>&1 | cat)
	else
		rm -f "$B/err"
		(cd "$WS" && "${as[@]}" env -i HOME="$H" PATH="$PATH" \
			XDG_STATE_HOME="$H/state" "$SBXSH" --backend "$be" \
			-c "$PY -c \"\$1\"" sh "$code" >/dev/null 2>"$B/err")
		OUT=$(cat "$B/err")
	fi
}
refused() { printf '%s\n' "$OUT" | grep -c "^\[Errno [0-9]*\] .*'/etc/$TAG-"; }
shown() { printf '%s\n' "$OUT" | grep -c "^${D}write /etc/$TAG-"; }
summary() { printf '%s\n' "$OUT" | grep "^${D}\.\.\. and " | tail -1; }

for who in root nobody; do
	for be in landlock namespace; do
		t="[$who $be]"
		for how in pipe file; do
			run "$who" "$be" "$how" 1000 0
			check "$t $how: the tool reported 1000 refusals, over 96 KiB (control)" \
				eval '[ "$(refused)" = 1000 ] && [ "$(printf "%s\n" "$OUT" | wc -c)" -gt 98304 ]'
			check "$t $how: 5 shown, then '... and 995 more': every one counted" \
				eval '[ "$(shown)" = 5 ] && [ "$(summary)" = "${D}... and 995 more (not shown)" ]'
		done
		run "$who" "$be" pipe 600 300
		check "$t pipe, stdout noise between them: '... and 595 more'" \
			eval '[ "$(refused)" = 600 ] && [ "$(summary)" = "${D}... and 595 more (not shown)" ]'
		run "$who" "$be" file 1500 0
		check "$t file, 1500 paths: past what is decided, 'at least'" \
			eval '[ "$(refused)" = 1500 ] && case $(summary) in "${D}... and at least "*) true ;; *) false ;; esac'
	done
done
left=$(ls /etc | grep -c "^$TAG-")
check "no file was created in /etc (seen from outside)" [ "$left" = 0 ]
tap_done
