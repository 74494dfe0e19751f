#!/usr/bin/env bash
# The banner's forms (issue 23): --banner=short and `banner = short` in the
# configuration give one line (workflow, backend, network, how many
# writable roots, `policy` for more) whose count is the session's own
# (policy --json in the same session); the long banner's sentence names
# only what the session's policy makes writable (a refused /tmp, a routed
# ~/.npm: not named, and not writable, checked from outside). Both Linux
# backends.
# TAP output; runs the real binary ($SBXSH).
set -u
SBXSH=${SBXSH:?set SBXSH to the sbxsh binary}
n=0 fails=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
no() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $1"; [ $# -gt 1 ] && printf '#   %s\n' "$2"; }
check() { if eval "$2"; then ok "$1"; else no "$1" "${3:-}"; fi; }
. "$(dirname "$0")/lib/strict.bash"

tmp=$(mktemp -d /var/tmp/sbxsh-banner.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
ws=$tmp/demo
mkdir -p "$ws" "$tmp/cfg" "$tmp/home"
export HOME=$tmp/home XDG_STATE_HOME=$tmp/state
unset SBXSH_CONFIG XDG_CONFIG_HOME
cd "$ws" || exit 1
roots() { python3 -c 'import json,sys; print(len(json.load(sys.stdin)["sandbox_writable"]))'; }

for be in landlock namespace; do
	if ! "$SBXSH" --backend "$be" -c true 2>/dev/null; then
		skip_case_for "$([ $be = landlock ] && echo landlock || echo userns)" "$be: no session here"
		continue
	fi
	json=$("$SBXSH" --backend "$be" --workspace "$ws" --banner=short -c 'policy --json' 2>"$tmp/err"); rc=$?
	nr=$(printf '%s' "$json" | roots 2>&1)
	want="sbxsh: workflow demo, backend $be, network allowed, $nr writable roots; \`policy\` for more"
	check "$be: --banner=short is one line" '[ $rc = 0 ] && [ "$(wc -l <"$tmp/err")" = 1 ]' "$(cat "$tmp/err")"
	check "$be: ... workflow, backend, network, the session's root count, policy" \
		'[ "$(cat "$tmp/err")" = "$want" ]' "got: $(cat "$tmp/err") / want: $want"
	"$SBXSH" --backend "$be" --workspace "$ws" --no-network --banner=short -c true 2>"$tmp/err"
	check "$be: ... network denied under --no-network" 'grep -q ", network denied, " "$tmp/err"' "$(cat "$tmp/err")"
	printf '[session]\nbanner = short\n' >"$tmp/cfg/config"
	out=$(SBXSH_CONFIG=$tmp/cfg/config "$SBXSH" --backend "$be" --workspace "$ws" -c 'echo ran' 2>"$tmp/err"); rc=$?
	check "$be: banner = short in the configuration: the same line" \
		'[ $rc = 0 ] && [ "$out" = ran ] && [ "$(cat "$tmp/err")" = "$want" ]' "rc=$rc out=$out err=$(cat "$tmp/err")"
	# the control: the long banner is many lines
	"$SBXSH" --backend "$be" --workspace "$ws" --banner -c true 2>"$tmp/err"
	check "$be: control: --banner is the long banner" '[ "$(wc -l <"$tmp/err")" -gt 3 ] && grep -q "^sandbox_writable: \[" "$tmp/err"' "$(cat "$tmp/err")"
done

# The people's sentence is made from the session's roots (issue 23). The
# case a new user met: the state folder under /tmp makes /tmp refused;
# the banner said so, then "temp ... directories are writable".
for be in landlock namespace; do
	"$SBXSH" --backend "$be" -c true 2>/dev/null || continue
	st=$(mktemp -d /tmp/sbxsh-banner-state.XXXXXX)
	mkdir -p "$tmp/home/.npm"
	rm -f /tmp/sbxsh-banner-probe "$tmp/home/.npm/probe"
	XDG_STATE_HOME=$st "$SBXSH" --backend "$be" --workspace "$ws" --banner \
		-c 'echo x >/tmp/sbxsh-banner-probe; echo x >~/.npm/probe; true' 2>"$tmp/err" >/dev/null
	sent=$(grep -A1 '^sandbox_writable: \[' "$tmp/err" | tail -1)
	check "$be: /tmp refused: the note and the sentence say no temp dir" \
		'grep -q "^sbxsh: refused: TMPDIR=/tmp: .*no temp dir is writable" "$tmp/err" && ! grep -q "/tmp is the temp dir" "$tmp/err" && printf "%s" "$sent" | grep -q "^writable: the workspace, " && ! printf "%s" "$sent" | grep -qi "temp"' "$(cat "$tmp/err")"
	check "$be: ... and the session could indeed not write /tmp (checked outside)" '[ ! -e /tmp/sbxsh-banner-probe ]'
	check "$be: ~/.npm exists but is routed: the sentence names no npm cache, and it was not writable" \
		'! printf "%s" "$sent" | grep -q npm && [ ! -e "$tmp/home/.npm/probe" ]' "$sent"
	rm -rf "$st" /tmp/sbxsh-banner-probe
	# each kind the sentence names is a root of the same session
	"$SBXSH" --backend "$be" --workspace "$ws" --banner -c true 2>"$tmp/err" >/dev/null
	line=$(grep '^sandbox_writable: \[' "$tmp/err")
	sent=$(grep -A1 '^sandbox_writable: \[' "$tmp/err" | tail -1)
	td=$(printf '%s' "$sent" | sed -n 's/.*the temp dir \([^,;]*\).*/\1/p')
	check "$be: the temp dir the sentence names is in sandbox_writable" \
		'[ -n "$td" ] && printf "%s" "$line" | grep -q ", $td[],]"' "$line / $sent"
done

out=$("$SBXSH" --banner=tall -c true 2>&1); rc=$?
check "--banner=tall: refused with one line" '[ $rc = 2 ] && [ "$(printf "%s\n" "$out" | wc -l)" = 1 ] && printf "%s" "$out" | grep -q "expected short or long"' "rc=$rc $out"
printf '[session]\nbanner = tall\n' >"$tmp/cfg/config"
out=$(SBXSH_CONFIG=$tmp/cfg/config "$SBXSH" -c true 2>&1); rc=$?
check "banner = tall in the configuration: refused" '[ $rc != 0 ] && printf "%s" "$out" | grep -q "banner"' "rc=$rc $out"

echo "1..$n"
echo "$((n - fails)) passed, $fails failed"
[ "$fails" = 0 ]
