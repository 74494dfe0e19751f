#!/bin/bash
# tests/integration/env_secrets.sh — credential variables never reach the
# session (docs/design.md §2b, "Secrets in the environment"), checked from
# outside.
#
# Real sessions are started (landlock, namespace and none: the filter does
# not depend on the backend; as root and as nobody) with credential
# variables set, each with a value of its own. Inside, a probe prints
# everything a job could read the environment from: `env`, `set`,
# `export -p`, a python3 child's os.environ, and the shell's own
# /proc/$$/environ; from outside, while a session runs, the harness reads
# the sbxsh process's /proc/<pid>/environ itself (the kernel keeps the
# environment a process was started with there, whatever it did to
# environ). None of the values may show anywhere; `policy env` and
# --print-policy --json must list the names and never a value; ordinary
# variables (GIT_AUTHOR_NAME, EDITOR, KEYTIMEOUT, LANG ...) must arrive
# unchanged; --keep-env passes exactly the ones it names.
#
# Controls, so each check can fail: the same probe sees a kept variable's
# value in every one of those places (--keep-env), and the harness's own
# read of /proc/<pid>/environ sees a value that was not withheld.
#
# TAP; 77 when not root.
set -u
SBXSH=${SBXSH:?SBXSH must name the sbxsh binary}
SRC=${SBXSH_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$SRC/tests/integration/lib/rootcase.bash" sbxenv
H=$B/home WS=$B/ws
mkdir -p "$H" "$WS"

# NAME=VALUE pairs. Every value holds a marker of its own (V<n>V), so a
# leak is found wherever it lands and says which variable leaked.
SECRETS=(
	"GITHUB_TOKEN=ghp_V1Vabcdefghijklmnopqrstuvwxyz0123456"
	"AWS_SECRET_ACCESS_KEY=V2V/wJalrXUtnFEMI/K7MDENG"
	"AWS_ACCESS_KEY_ID=AKIAV3V0000000000000"
	"OPENAI_API_KEY=sk-proj-V4V"
	"ANTHROPIC_API_KEY=sk-ant-V5V"
	"NPM_TOKEN=npm_V6V"
	"MYAPP_DB_PASSWORD=V7V-hunter2"
	"SSH_AUTH_SOCK=/tmp/ssh-V8V/agent.42"
	"GPG_AGENT_INFO=/run/user/0/gnupg/V9V:0:1"
	"github_token=V10V"
	"DB_Password=V11V"
	"DATABASE_URL=postgres://app:V12V@db.example:5432/app"
	"MY_GH=ghp_V13Vabcdefghijklmnopqrstuvwxyz012345"
	"HTTPS_PROXY=http://user:V14V@proxy.example:3128"
	"GOOGLE_APPLICATION_CREDENTIALS=/keys/V15V.json"
)
ORDINARY=(
	"GIT_AUTHOR_NAME=Ada Lovelace" "EDITOR=vi" "KEYTIMEOUT=1"
	"LANG=C.UTF-8" "LC_ALL=C.UTF-8" "TERM=dumb"
	"TOKENIZERS_PARALLELISM=false" "SSH_TTY=/dev/pts/9"
	"DATABASE_HOST=db.example" "http_proxy=http://proxy.example:3128"
)
NSECRETS=${#SECRETS[@]}
ENVV=(env -i "HOME=$H" "PATH=$PATH" "XDG_STATE_HOME=$B/state"
	"${SECRETS[@]}" "${ORDINARY[@]}")

cat >"$B/probe.sh" <<'EOF'
echo "--- env"; env
echo "--- set"; set
echo "--- export -p"; export -p
echo "--- python"; /usr/bin/python3 -c 'import os; print(os.environ)'
echo "--- proc"; tr '\0' '\n' </proc/$$/environ
echo "--- done"
EOF
chmod 644 "$B/probe.sh"

# run WHO BACKEND [SBXSH ARGS...] -- CMD: one session; $OUT, $RC.
run() {
	local who=$1 be=$2 priv=()
	shift 2
	[ "$who" = nobody ] && priv=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	OUT=$(cd "$WS" && timeout -k 5 60 "${priv[@]}" "${ENVV[@]}" "$SBXSH" \
		--workspace "$WS" --backend "$be" "$@" 2>&1 </dev/null)
	RC=$?
}

# leaks TEXT: the markers of the secrets found in TEXT, space-separated.
leaks() {
	local i out=
	for ((i = 1; i <= NSECRETS; i++)); do
		case $1 in *"V${i}V"*) out="$out V${i}V" ;; esac
	done
	echo "${out# }"
}

# section NAME: that part of the probe's output.
section() { printf '%s\n' "$OUT" | sed -n "/^--- $1\$/,/^--- /p"; }

name_of() { echo "${1%%=*}"; }

for who in root nobody; do
	for be in landlock namespace none; do
		tag="[$who $be]"
		run "$who" "$be" -c ". $B/probe.sh"
		if [ "$RC" != 0 ] || ! printf '%s' "$OUT" | grep -q '^--- done$'; then
			not_ok "$tag the probe ran (rc=$RC)"
			printf '%s\n' "$OUT" | head -5 | sed 's/^/#   /'
			continue
		fi
		l=$(leaks "$OUT")
		check "$tag no value of a credential variable reaches env, set, export -p, python, /proc/\$\$/environ${l:+ (leaked: $l)}" \
			test -z "$l"
		for s in "${SECRETS[@]}"; do
			nm=$(name_of "$s")
			# by name: not even an empty one is left
			if printf '%s\n' "$OUT" | grep -Eq "(^|[ '\"])(export )?$nm="; then
				not_ok "$tag $nm is absent"
			else
				ok "$tag $nm is absent"
			fi
		done
		for o in "${ORDINARY[@]}"; do
			nm=$(name_of "$o")
			# exactly as set, in env and in a child's environment
			if section env | grep -qxF -- "$o" &&
				section python | grep -qF -- "'$nm': '${o#*=}'"; then
				ok "$tag $nm arrives unchanged"
			else
				not_ok "$tag $nm arrives unchanged"
			fi
		done

		# --keep-env passes exactly the one named, value intact, to
		# every place the probe looks (the control for the checks
		# above: they see a value that is there).
		run "$who" "$be" --keep-env GITHUB_TOKEN -c ". $B/probe.sh"
		l=$(leaks "$OUT")
		v=${SECRETS[0]#*=}
		# The shell's /proc/$$/environ: root reads it (CAP_SYS_PTRACE
		# passes the dumpable check), so it must hold the kept value
		# and, above, none of the withheld ones; for nobody a confined
		# shell is not dumpable and its jobs cannot open the file.
		procok() {
			section proc | grep -qxF "${SECRETS[0]}" && return
			[ "$who" = nobody ] && [ "$be" != none ] &&
				printf '%s' "$OUT" | grep -q "environ: Permission denied"
		}
		if [ "$l" = V1V ] && section env | grep -qxF "${SECRETS[0]}" &&
			section python | grep -qF "'GITHUB_TOKEN': '$v'" && procok &&
			section "export -p" | grep -qF "export GITHUB_TOKEN='$v'"; then
			ok "$tag --keep-env GITHUB_TOKEN passes it, and only it"
		else
			not_ok "$tag --keep-env GITHUB_TOKEN passes it, and only it (seen: ${l:-none})"
		fi
		# a pattern
		run "$who" "$be" --keep-env 'AWS_*' -c 'env'
		l=$(leaks "$OUT")
		check "$tag --keep-env 'AWS_*' passes the two AWS variables, nothing else (seen: ${l:-none})" \
			test "$l" = "V2V V3V"

		# policy env: every name, no value
		run "$who" "$be" -c 'policy env'
		l=$(leaks "$OUT")
		miss=
		for s in "${SECRETS[@]}"; do
			nm=$(name_of "$s")
			printf '%s\n' "$OUT" | grep -qE "^  $nm +" || miss="$miss $nm"
		done
		check "$tag policy env names every withheld variable${miss:+ (missing:$miss)}" test -z "$miss"
		check "$tag policy env shows no value${l:+ (leaked: $l)}" test -z "$l"
		check "$tag policy env says how many" \
			eval 'printf "%s" "$OUT" | grep -q "withheld from the session (names only; --keep-env NAME passes one): $NSECRETS$"'
	done
done

# The banner says it, once, without values; --print-policy --json lists
# names with their rule, and the kept ones apart.
run root landlock --banner --keep-env NPM_TOKEN -c true
check "banner: withheld N credential variables" \
	eval 'printf "%s" "$OUT" | grep -q "^sbxsh: env: withheld $((NSECRETS - 1)) credential variables from the session (policy env names them"'
check "banner: names the one passed on purpose" \
	eval 'printf "%s" "$OUT" | grep -qx "sbxsh: env: passed on purpose (--keep-env): NPM_TOKEN"'
check "banner: no value" test -z "$(leaks "$OUT")"
json=$(cd "$WS" && "${ENVV[@]}" "$SBXSH" --workspace "$WS" --keep-env NPM_TOKEN --print-policy --json 2>&1)
check "--print-policy --json: env_withheld names all but the kept one, env_passed the kept one" \
	"$PY" -c '
import json, sys
d = json.loads(sys.argv[1])
names = [w["name"] for w in d["env_withheld"]]
want = [s.split("=", 1)[0] for s in sys.argv[2:] if not s.startswith("NPM_TOKEN=")]
assert sorted(names) == sorted(want), (names, want)
assert all(w["rule"] and w["why"] for w in d["env_withheld"])
assert d["env_passed"] == ["NPM_TOKEN"], d["env_passed"]
' "$json" "${SECRETS[@]}"
# GOOGLE_APPLICATION_CREDENTIALS names a key file: the variable is
# withheld, and the file it names is masked (so that path, not a secret
# itself, is listed); no other value shows.
check "--print-policy --json: no value (but the masked key file's path)" \
	test "$(leaks "$json")" = V15V
check "--print-policy --json: the file GOOGLE_APPLICATION_CREDENTIALS names is masked" \
	"$PY" -c 'import json, sys; assert "/keys/V15V.json" in json.loads(sys.argv[1])["masked"]' "$json"

# From outside: the sbxsh process's /proc/<pid>/environ, read by the
# harness while the session runs. The control: a variable that is not
# withheld is there, so the read itself works.
for be in landlock namespace; do
	rm -f "$WS/ready"
	(cd "$WS" && exec "${ENVV[@]}" SBXSH_TEST_PLAIN=V0V "$SBXSH" --workspace "$WS" \
		--backend "$be" -c ": > $WS/ready; sleep 5" </dev/null >/dev/null 2>&1) &
	pid=$!
	for _ in $(seq 100); do [ -e "$WS/ready" ] && break; sleep 0.05; done
	pe=$(tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null)
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	check "[outside $be] control: /proc/<sbxsh>/environ is readable and holds an ordinary variable" \
		eval 'printf "%s\n" "$pe" | grep -qx "SBXSH_TEST_PLAIN=V0V"'
	l=$(leaks "$pe")
	check "[outside $be] /proc/<sbxsh>/environ holds no withheld value${l:+ (leaked: $l)}" test -z "$l"
done

# Bad input: a value where a name belongs is refused, nothing runs.
out=$("$SBXSH" --keep-env GITHUB_TOKEN=x -c 'echo ran' 2>&1); rc=$?
check "--keep-env NAME=VALUE is refused with exit 2 and one line" \
	eval '[ $rc = 2 ] && [ "$(printf "%s\n" "$out" | wc -l)" = 1 ] && printf "%s" "$out" | grep -q "never a value"'
tap_done
