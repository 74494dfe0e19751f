#!/usr/bin/env bash
# `policy` short, `policy --all` long, and the seccomp families in both and
# in the JSON (issue 23): the summary keeps the contract line and counts
# that match the JSON of the same session; --all has every table; the
# seccomp lines come from the filter's table (socket only with
# --no-network; none with --backend none), and a family it names is
# refused in the session (unshare; control: --backend none). Both Linux
# backends. TAP output; runs the real binary ($SBXSH).
set -u
SBXSH=${SBXSH:?set SBXSH to the sbxsh binary}
n=0 fails=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
no() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $1"; [ $# -gt 1 ] && printf '#   %s\n' "$2"; }
check() { if eval "$2"; then ok "$1"; else no "$1" "${3:-}"; fi; }
. "$(dirname "$0")/lib/strict.bash"

tmp=$(mktemp -d /var/tmp/sbxsh-policy-brief.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
ws=$tmp/demo
mkdir -p "$ws" "$tmp/home"
export HOME=$tmp/home XDG_STATE_HOME=$tmp/state
cd "$ws" || exit 1
j() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }

for be in landlock namespace; do
	if ! "$SBXSH" --backend "$be" -c true 2>/dev/null; then
		skip_case_for "$([ $be = landlock ] && echo landlock || echo userns)" "$be: no session here"
		continue
	fi
	for f in short:policy all:'policy --all' json:'policy --json'; do
		"$SBXSH" --backend "$be" --workspace "$ws" -c "${f#*:}" >"$tmp/${f%%:*}" 2>/dev/null
	done
	short=$(cat "$tmp/short") all=$(cat "$tmp/all")
	nr=$(j 'len(d["sandbox_writable"])' <"$tmp/json") nm=$(j 'len(d["masked"])' <"$tmp/json")
	check "$be: policy is short (under 50 lines), --all long" \
		'[ "$(wc -l <"$tmp/short")" -lt 50 ] && [ "$(wc -l <"$tmp/all")" -gt "$(wc -l <"$tmp/short")" ]' "$(wc -l "$tmp/short" "$tmp/all")"
	# (two sessions: two run folders)
	cl() { grep "^sandbox_writable: " "$1" | sed -E 's|/\.sandbox-runs/[^,/]*|/RUN|g'; }
	check "$be: policy keeps the contract line, as --all has it" \
		'[ "$(cl "$tmp/short")" = "$(cl "$tmp/all")" ] && grep -q "^sandbox_writable: \[" "$tmp/short"' "$(cl "$tmp/short") / $(cl "$tmp/all")"
	check "$be: policy counts the roots and masked secrets the JSON lists" \
		'grep -q "^$nr writable roots, [0-9]* routed variables, $nm masked secrets, " "$tmp/short"' "$nr $nm: $short"
	check "$be: policy --all has the tables, plain policy does not" \
		'grep -q "^writable roots:$" "$tmp/all" && grep -q "^masked secrets (neither" "$tmp/all" && ! grep -q "^writable roots:$" "$tmp/short" && grep -q "policy --all" "$tmp/short"'
	check "$be: both name the seccomp families (ptrace, mount, keyrings)" \
		'(for f in short all; do grep -q "^system calls refused (seccomp" "$tmp/$f" && grep -q "^  other processes.* memory: ptrace, " "$tmp/$f" && grep -q "^  mounts and namespaces.*: mount, " "$tmp/$f" && grep -q "^  keyrings: keyctl" "$tmp/$f" || exit 1; done)' "$short"
	check "$be: ... with network: no socket family" '! grep -q "network sockets" "$tmp/short"'
	check "$be: policy --json has them as seccomp" \
		'[ "$(j "sum(1 for x in d[\"seccomp\"] if x.startswith(\"keyrings: keyctl\"))" <"$tmp/json")" = 1 ]'
	out=$("$SBXSH" --backend "$be" --workspace "$ws" --no-network -c 'policy --json' | j '"|".join(d["seccomp"])')
	check "$be: --no-network: socket and socketpair are listed" 'printf "%s" "$out" | grep -q "network sockets other than AF_UNIX: socket, socketpair"' "$out"
	out=$("$SBXSH" --backend "$be" --workspace "$ws" -c 'unshare -U true 2>&1; echo "st=$?"')
	check "$be: ... and unshare, which it names, is refused in the session" 'printf "%s" "$out" | grep -q "st=[1-9]"' "$out"
done
"$SBXSH" --backend none --workspace "$ws" -c 'policy --json' >"$tmp/json" 2>&1
out=$("$SBXSH" --backend none --workspace "$ws" -c 'policy; unshare -U true; echo "st=$?"' 2>&1)
check "--backend none: no seccomp block, seccomp [] in the JSON" \
	'! printf "%s" "$out" | grep -q "seccomp" && [ "$(j "d[\"seccomp\"]" <"$tmp/json")" = "[]" ]' "$out"
check "control: --backend none: unshare runs" 'printf "%s" "$out" | grep -q "st=0"' "$out"
out=$("$SBXSH" --backend none --print-policy --json | j '"seccomp" in d')
check "--print-policy --json has the seccomp key" '[ "$out" = True ]'
out=$("$SBXSH" --backend landlock --print-policy)
check "--print-policy (long) has the seccomp block" 'printf "%s" "$out" | grep -q "^system calls refused (seccomp"' "$out"

echo "1..$n"
echo "$((n - fails)) passed, $fails failed"
[ "$fails" = 0 ]
