#!/usr/bin/env bash
# The policy-only command line: --print-policy, --explain, --help, errors.
# TAP output; runs the real binary ($SBXSH).
set -u
SBXSH=${SBXSH:?set SBXSH to the sbxsh binary}
n=0 fails=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
no() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $1"; [ $# -gt 1 ] && printf '#   %s\n' "$2"; }
not_ok() { no "$@"; }
check() { if eval "$2"; then ok "$1"; else no "$1" "${3:-}"; fi; }
. "$(dirname "$0")/lib/strict.bash"

tmp=$(mktemp -d /tmp/sbxsh-cli.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
ws=$tmp/ws
mkdir -p "$ws"
cd "$ws" || exit 1

out=$("$SBXSH" --print-policy 2>&1); rc=$?
check "--print-policy exits 0" '[ $rc = 0 ]' "rc=$rc: $out"
line=$(printf '%s\n' "$out" | grep '^sandbox_writable: \[')
check "exactly one sandbox_writable line" '[ "$(printf "%s\n" "$out" | grep -c "^sandbox_writable: \[")" = 1 ]'
check "line ends with ]" '[ "${line%]}" != "$line" ]'
check "lists the workspace" 'printf "%s" "$line" | grep -q "\[$ws, "'
check "lists .sandbox-cache" 'printf "%s" "$line" | grep -q ", $ws/.sandbox-cache, "'
check "lists the run folder tmp" 'printf "%s" "$line" | grep -Eq ", $ws/.sandbox-runs/[0-9]{8}T[0-9]{6}Z-[0-9]+-[0-9a-f]{8}/tmp[],]"'
check "lists /tmp" 'printf "%s" "$line" | grep -q ", /tmp[],]"'
check "sentence follows the line" 'printf "%s\n" "$out" | grep -A1 "^sandbox_writable:" | tail -1 | grep -qx "writable: the workspace, persistent tooling, this session.s run folder (TMPDIR), the temp dir /tmp, the user cache dir, the go cache, devices; everything else is read-only."'
check "--print-policy created nothing in the workspace" '[ -z "$(ls -A "$ws")" ]' "$(ls -A "$ws")"

json=$("$SBXSH" --print-policy --json); rc=$?
check "--print-policy --json exits 0" '[ $rc = 0 ]'
check "JSON parses with python3 -m json.tool" 'printf "%s" "$json" | python3 -m json.tool >/dev/null'
check "JSON has the core routing set, TMPDIR outside .sandbox-cache" 'printf "%s" "$json" | python3 -c "
import json, sys
d = json.load(sys.stdin)
core = \"SANDBOX_PERSISTENT_DIR PYTHONUSERBASE PIP_CACHE_DIR XDG_CACHE_HOME npm_config_cache npm_config_prefix GOPATH GOCACHE CARGO_HOME PIPX_HOME PIPX_BIN_DIR\".split()
for k in core + [\"TMPDIR\"]:
    assert k in d[\"env\"], k
p = d[\"persistent_dir\"]
assert not (d[\"env\"][\"TMPDIR\"] + \"/\").startswith(p + \"/\"), d[\"env\"][\"TMPDIR\"]
assert d[\"env\"][\"TMPDIR\"].startswith(d[\"run_dir\"] + \"/\")
assert d[\"workspace\"] == \"$ws\" and d[\"workflow\"] == \"ws\"
assert all(set(r) >= {\"path\", \"reason\"} for r in d[\"sandbox_writable\"])
assert d[\"path_prefix\"][:5] == [p + s for s in (\"/bin\", \"/python/bin\", \"/npm-global/bin\", \"/go/bin\", \"/cargo/bin\")]
assert isinstance(d[\"masked\"], list)
"'
check "--print-policy --json created nothing" '[ -z "$(ls -A "$ws")" ]'

out=$("$SBXSH" --explain 'cat /etc/passwd > /tmp/../etc/hosts'); rc=$?
check "--explain flags -> exit 1" '[ $rc = 1 ]' "rc=$rc"
check "--explain: /etc/passwd as a read, a note" 'printf "%s\n" "$out" | grep -qx "sbxsh: note: reading /etc/passwd is allowed (outside the workspace: read-only)"'
check "--explain: /etc/hosts as a write" 'printf "%s\n" "$out" | grep -q "^sbxsh: scope: write to /etc/hosts will be denied"'
check "--explain: one scope: line, one note" '[ "$(printf "%s\n" "$out" | grep -c "^sbxsh: scope:")" = 1 ] && [ "$(printf "%s\n" "$out" | wc -l)" = 2 ]' "$out"
# Reads the policy allows are no failure (issue 23): a harness that gates
# on the status must not stop at cd /etc.
for l in 'cd /etc' '[ -d /etc ]' 'ls /nonexistent' 'cat /etc/passwd'; do
	for opt in --check-line --explain; do
		out=$("$SBXSH" $opt "$l"); rc=$?
		check "$opt '$l': a read that works -> exit 0, a note" '[ $rc = 0 ] && printf "%s\n" "$out" | grep -q "^sbxsh: note: reading " && ! printf "%s" "$out" | grep -q "scope:"' "rc=$rc $out"
	done
done
# In a session (-c, default warn): the note on stderr, never a scope: line.
mkdir -p "$tmp/ws2"
err=$("$SBXSH" --workspace "$tmp/ws2" -c 'cd /etc; [ -d /etc ]; ls /nonexistent 2>/dev/null; echo done' 2>&1 >/dev/null)
check "-c: reads outside get notes, no scope: line" '! printf "%s" "$err" | grep -q "scope:" && [ "$(printf "%s\n" "$err" | grep -c "^sbxsh: note: reading ")" = 2 ] && printf "%s" "$err" | grep -q "reading /nonexistent is allowed"' "$err"
out=$("$SBXSH" --workspace "$tmp/ws2" --check deny -c 'cat /etc/hostname >/dev/null && echo ran' 2>"$tmp/deny.err"); rc=$?
check "--check deny: a line with only reads runs (its note says allowed)" '[ $rc = 0 ] && [ "$out" = ran ] && grep -q "^sbxsh: note: reading /etc/hostname is allowed" "$tmp/deny.err"' "rc=$rc out=$out err=$(cat "$tmp/deny.err")"
err=$("$SBXSH" --workspace "$tmp/ws2" --agent -c 'cd /etc; [ -d /etc ]; echo x >/etc/sbx-cli-never 2>/dev/null' 2>&1 >/dev/null)
check "--agent -c: no note for reads, the write still flagged" '! printf "%s" "$err" | grep -q "note:" && printf "%s" "$err" | grep -q "^sbxsh: scope: write to /etc/sbx-cli-never will be denied" && [ ! -e /etc/sbx-cli-never ]' "$err"
out=$("$SBXSH" --explain 'ls /tmp/x'); rc=$?
check "--explain clean line: no output, exit 0" '[ $rc = 0 ] && [ -z "$out" ]' "rc=$rc out=$out"
out=$("$SBXSH" --explain 'curl -s https://example.com/a/b'); rc=$?
check "--explain ignores URLs" '[ $rc = 0 ] && [ -z "$out" ]' "$out"
out=$("$SBXSH" --explain 'cat ~/.ssh/id_rsa'); rc=$?
check "--explain flags a masked secret" '[ $rc = 1 ] && printf "%s" "$out" | grep -q "masked secret"' "$out"
check "--explain created nothing" '[ -z "$(ls -A "$ws")" ]'

# --explain refuses what the shell refuses (issue 21): a line the shell
# would not run gets the shell's syntax error and status 2, no flags.
# (a=(x) is an array in bash's mode, sbxsh's default: refused under
# --posix only, below.)
for l in 'echo (' "echo 'abc" 'echo "abc' \
	'if true; then' 'echo x (cat /etc/passwd)' 'echo x=(cat /etc/passwd)'; do
	out=$("$SBXSH" --explain "$l" 2>"$tmp/explain.err"); rc=$?
	shrc=$("$SBXSH" --check=off -c "$l" >/dev/null 2>&1 </dev/null; echo $?)
	"$SBXSH" --check=off -c "$l" >/dev/null 2>"$tmp/shell.err" </dev/null
	# bash's words (issue 24): the same lines as `sbxsh -c LINE`
	check "--explain '$l': a syntax error, as the shell says" '[ $rc = 2 ] && [ "$shrc" = 2 ] && [ -z "$out" ] && grep -q "^sbxsh: -c: line [12]: " "$tmp/explain.err" && cmp -s "$tmp/explain.err" "$tmp/shell.err"' "rc=$rc shell=$shrc out=$out err=$(cat "$tmp/explain.err") shell said=$(cat "$tmp/shell.err")"
done

# [[ ]]: bash (and the shell) say nothing; --explain still gives a reason
out=$("$SBXSH" --explain '[[ ]]' 2>"$tmp/explain.err"); rc=$?
check "--explain '[[ ]]': status 2 and a reason the shell does not print" '[ $rc = 2 ] && [ -z "$out" ] && grep -qx "sbxsh: line 1: syntax error near unexpected token \`]]'"'"'" "$tmp/explain.err"' "rc=$rc out=$out err=$(cat "$tmp/explain.err")"

for l in 'a=(x)' 'x=(cat /etc/passwd)'; do
	out=$("$SBXSH" --posix --explain "$l" 2>"$tmp/explain.err"); rc=$?
	shrc=$("$SBXSH" --posix --check=off -c "$l" >/dev/null 2>&1 </dev/null; echo $?)
	check "--posix --explain '$l': a syntax error, as the shell says" '[ $rc = 2 ] && [ "$shrc" = 2 ] && [ -z "$out" ] && grep -q "^sbxsh: line 1: syntax error: " "$tmp/explain.err"' "rc=$rc shell=$shrc out=$out err=$(cat "$tmp/explain.err")"
done

# The checker's write table, end to end: each of these is a write to a
# read-only place (one unit case per row: tests/unit/test_scope.c).
for l in 'truncate -s 0 /etc/x' 'shred /etc/x' 'mkfifo /etc/x' \
	'chgrp staff /etc/x' 'unlink /etc/x' 'rsync -a a /etc/x' 'rm -f /etc/x' \
	'tee /etc/x' 'touch /etc/x' 'cp a /etc/x'; do
	out=$("$SBXSH" --explain "$l"); rc=$?
	check "--explain '$l': a write" '[ $rc = 1 ] && [ "$out" = "sbxsh: scope: write to /etc/x will be denied (outside sandbox_writable)" ]' "rc=$rc $out"
done

# The banner's contract line is the policy the session enforces: in one
# session, the --banner line lists exactly the roots `policy --json`
# reports, and the run folder it names exists.
bws=$tmp/bws
mkdir -p "$bws"
json=$(cd "$bws" && "$SBXSH" --workspace "$bws" --banner -c 'policy --json' 2>"$tmp/banner"); rc=$?
want=$(printf '%s' "$json" | python3 -c 'import json,sys; print("sandbox_writable: [" + ", ".join(r["path"] for r in json.load(sys.stdin)["sandbox_writable"]) + "]")' 2>&1)
line=$(grep '^sandbox_writable: \[' "$tmp/banner")
check "--banner: the sandbox_writable line is the session's policy" '[ $rc = 0 ] && [ -n "$line" ] && [ "$line" = "$want" ]' "banner: $line / policy: $want"
check "--banner: ... the run folder it lists exists" 'printf "%s" "$line" | grep -Eo "$bws/\.sandbox-runs/[^,]+/tmp" | head -1 | xargs test -d' "$line"
check "--banner: ... followed by the sentence" 'grep -A1 "^sandbox_writable:" "$tmp/banner" | tail -1 | grep -qx "writable: the workspace, persistent tooling, this session.s run folder (TMPDIR), the temp dir /tmp, the user cache dir, the go cache, devices; everything else is read-only."'

out=$("$SBXSH" --help); rc=$?
check "--help exits 0 with usage" '[ $rc = 0 ] && printf "%s" "$out" | grep -q "^usage: sbxsh"'
out=$("$SBXSH" --version); rc=$?
check "--version" '[ $rc = 0 ] && printf "%s" "$out" | grep -Eq "^sbxsh [0-9]+\.[0-9]+"'
out=$("$SBXSH" --frobnicate 2>&1); rc=$?
check "unknown option: one line, exit 2" '[ $rc = 2 ] && [ "$(printf "%s\n" "$out" | wc -l)" = 1 ] && printf "%s" "$out" | grep -q "frobnicate"' "rc=$rc $out"
out=$("$SBXSH" --workspace 2>&1); rc=$?
check "missing argument: one line, exit 2" '[ $rc = 2 ] && [ "$(printf "%s\n" "$out" | wc -l)" = 1 ]' "rc=$rc $out"
out=$("$SBXSH" --check=loud -c true 2>&1); rc=$?
check "bad --check value: exit 2" '[ $rc = 2 ]' "rc=$rc $out"
out=$("$SBXSH" --workspace "$tmp/nope" --print-policy 2>&1); rc=$?
check "missing workspace: clear error, exit 2" '[ $rc = 2 ] && printf "%s" "$out" | grep -q "mkdir -p"' "rc=$rc $out"
check "missing workspace not created" '[ ! -e "$tmp/nope" ]'

mkdir -p "$tmp/base/Workflow/wf-1"
out=$(cd / && "$SBXSH" --workflow wf-1 --root "$tmp/base" --print-policy --json); rc=$?
check "--workflow ID --root BASE opens BASE/Workflow/ID" 'printf "%s" "$out" | python3 -c "import json,sys; d=json.load(sys.stdin); assert d[\"workflow\"]==\"wf-1\" and d[\"workspace\"]==\"$tmp/base/Workflow/wf-1\", d"'
out=$(cd / && SBXSH_ROOT=$tmp/base "$SBXSH" --workflow wf-1 --print-policy --json); rc=$?
check "--workflow uses \$SBXSH_ROOT" 'printf "%s" "$out" | grep -q "\"workspace\": \"$tmp/base/Workflow/wf-1\""'
out=$("$SBXSH" --workflow ../etc --print-policy 2>&1); rc=$?
check "--workflow with a slash is refused" '[ $rc = 2 ] && printf "%s" "$out" | grep -q "contains"' "$out"

mkdir -p "$tmp/real" && ln -s "$tmp/real" "$tmp/link"
out=$("$SBXSH" --workspace "$tmp/link" --print-policy); rc=$?
check "symlinked workspace is granted as its target" 'printf "%s\n" "$out" | grep "^sandbox_writable:" | grep -q "\[$tmp/real, $tmp/real/.sandbox-cache"'

out=$("$SBXSH" --workspace "$ws" --state "$tmp/st" --print-policy --json); rc=$?
check "--state moves the state folders" 'printf "%s" "$out" | grep -q "\"persistent_dir\": \"$tmp/st/.sandbox-cache\""'
out=$("$SBXSH" --workspace "$ws" --no-persist --print-policy --json)
check "--no-persist routes into the run folder" 'printf "%s" "$out" | python3 -c "import json,sys; d=json.load(sys.stdin); assert d[\"env\"][\"GOPATH\"].startswith(d[\"run_dir\"]+\"/\"), d[\"env\"]"'

# The shell starts in the workspace (docs/design.md §1), wherever it was run.
out=$(cd / && "$SBXSH" --workspace "$ws" -c 'pwd; echo "$PWD"' 2>/dev/null)
check "--workspace: the shell starts in the workspace" '[ "$out" = "$(printf "%s\n%s" "$ws" "$ws")" ]' "$out"
out=$(cd / && "$SBXSH" --workflow wf-1 --root "$tmp/base" -c pwd 2>/dev/null)
check "--workflow: the shell starts in the workflow" '[ "$out" = "$tmp/base/Workflow/wf-1" ]' "$out"
printf 'echo "$0 $1"\n' >"$tmp/rel.sh"
out=$(cd "$tmp" && "$SBXSH" --workspace "$ws" rel.sh a1 2>/dev/null)
check "a relative script is found from where sbxsh was started" '[ "$out" = "rel.sh a1" ]' "$out"

# ~user: through NSS, and straight from /etc/passwd when NSS cannot help
# (a static sbxsh after a glibc upgrade; shell/interp/pw.c). An nsswitch.conf
# naming a module that does not exist, bound in a private mount
# namespace, makes getpwnam() fail the way that would.
home_of() { awk -F: -v u="$1" '$1 == u { print $6 }' /etc/passwd; }
want="$(home_of root) $(home_of nobody)"
out=$("$SBXSH" --workspace "$ws" -c 'echo ~root ~nobody' 2>/dev/null)
check "~user expands (NSS)" '[ "$out" = "$want" ]' "$out"
if unshare -m true 2>/dev/null; then
	printf 'passwd: sbxshnosuchmodule\ngroup: sbxshnosuchmodule\n' >"$tmp/nss.conf"
	out=$(SBXSH="$SBXSH" WS="$ws" NSS="$tmp/nss.conf" unshare -m sh -c '
		mount --bind "$NSS" /etc/nsswitch.conf &&
		"$SBXSH" --workspace "$WS" -c "echo ~root ~nobody" 2>&1')
	check "~user expands from /etc/passwd when NSS finds nothing" '[ "$out" = "$want" ]' "$out"
else
	skip_case_for mount-layer "~user without NSS: no private mount namespace here"
fi

echo "1..$n"
echo "$((n - fails)) passed, $fails failed"
[ "$fails" = 0 ]
