#!/bin/bash
# tests/integration/cred_files.sh — every credential file of the table
# (core/secrets.c) is neither readable nor writable in a session, found
# where the tools themselves look, checked from outside (docs/design.md §2,
# "Secrets are masked").
#
# Two environments: "defaults" (HOME, no XDG variables: every row under
# ~, ~/.config, ~/.local/share, ~/.cache and the runtime folder) and
# "variables" (XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_CACHE_HOME moved, and
# the tools' own variables set: GNUPGHOME, CARGO_HOME, KUBECONFIG (a
# list), DOCKER_CONFIG, GOOGLE_APPLICATION_CREDENTIALS, KRB5CCNAME=FILE:
# ...). In each, the paths come from `sbxsh --print-policy --json` (so
# every row is tried as it lands), and this test's own list says which
# must be there (one missing fails). Each is created with a content of
# its own, once as a file and once as a folder holding one; a probe in a
# session (landlock, namespace; root, and nobody owning the files so only
# the sandbox can refuse) tries to read and to write each. Judged from
# outside: the content never reached the session's output, the file on
# disk is unchanged, nothing was created in a folder. Control: the same
# probe with --backend none reads and writes every one. What only root
# may read (/etc/shadow ...) is not in the table: a root session says so.
#
# TAP; 77 when not root.
set -u
SBXSH=${SBXSH:?SBXSH must name the sbxsh binary}
SRC=${SBXSH_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$SRC/tests/integration/lib/rootcase.bash" sbxcred
H=$B/home WS=$B/ws V=$B/v

BASE=(env -i "HOME=$H" "PATH=$PATH" "XDG_RUNTIME_DIR=$B/run"
	"XDG_STATE_HOME=$B/state")
VARS=("XDG_CONFIG_HOME=$B/cfg" "XDG_DATA_HOME=$B/data" "XDG_CACHE_HOME=$B/cache"
	"GNUPGHOME=$V/gnupg" "CARGO_HOME=$V/cargo" "KUBECONFIG=$V/kube1:$V/kube2"
	"DOCKER_CONFIG=$V/docker" "GOOGLE_APPLICATION_CREDENTIALS=$V/sa.json"
	"AWS_SHARED_CREDENTIALS_FILE=$V/aws-creds" "GH_CONFIG_DIR=$V/gh"
	"HF_HOME=$V/hf" "CODEX_HOME=$V/codex" "CLAUDE_CONFIG_DIR=$V/claude"
	"PGPASSFILE=$V/pgpass" "KRB5CCNAME=FILE:$V/krb5cc"
	"PASSWORD_STORE_DIR=$V/pass" "REGISTRY_AUTH_FILE=$V/auth.json"
	"NETRC=$V/netrc")

# This test's own statement, relative to $B (the issue's list, today's
# and what Codex's and sandbox-runtime's users keep credentials in).
MUST_DEFAULTS=(
	home/.ssh home/.gnupg home/.aws home/.config/gh home/.netrc
	home/.docker/config.json home/.kube home/.cache/huggingface/token
	home/.git-credentials home/.config/gcloud home/.azure home/.pypirc
	home/.npmrc home/.pgpass home/.cargo/credentials.toml
	home/.codex/auth.json home/.claude/.credentials.json
	home/.terraform.d/credentials.tfrc.json home/.local/share/keyrings
	home/.password-store home/.my.cnf home/.gem/credentials
	run/containers/auth.json home/.config/containers/auth.json
	home/.vault-token home/.config/op home/.yarnrc.yml
	home/.config/helm/registry/config.json home/.bash_history
)
MUST_VARIABLES=(
	cfg/gh cfg/gcloud data/keyrings cache/huggingface/token
	cfg/containers/auth.json v/gnupg v/cargo/credentials.toml v/kube1
	v/kube2 v/docker/config.json v/sa.json v/aws-creds v/gh v/hf/token
	v/codex/auth.json v/claude/.credentials.json v/pgpass v/krb5cc v/pass
	v/auth.json v/netrc
	# and where a file from before the variable was set still is
	home/.gnupg home/.cargo/credentials.toml home/.config/gh home/.kube
)

cat >"$B/probe.py" <<'EOF'
# For every line "<i> <f|d> <path>" of argv[1]: try to read the secret
# (the file, or <path>/secret) and to write it (append, or create
# <path>/new); print READ/WRITE <i> ok [first line] | errno <n>.
import os, sys
def attempt(tag, i, fn):
    try:
        r = fn()
    except OSError as e:
        print("%s %s errno %d" % (tag, i, e.errno))
        return
    print("%s %s ok%s" % (tag, i, "" if r is None else " " + r))
def read(kind, path):
    with open(path if kind == "f" else os.path.join(path, "secret")) as f:
        return f.readline().strip()
def write(kind, path):
    with open(path if kind == "f" else os.path.join(path, "new"),
              "a" if kind == "f" else "w") as f:
        f.write("written from inside\n")
for line in open(sys.argv[1]):
    i, kind, path = line.rstrip("\n").split(" ", 2)
    attempt("READ", i, lambda: read(kind, path))
    attempt("WRITE", i, lambda: write(kind, path))
print("PROBE-DONE")
EOF

# policy ENV...: the masked paths (one a line) of --print-policy --json,
# and checks that each comes with its tool and reason.
policy() {
	local json
	mkdir -p "$WS"
	json=$(cd "$WS" && "${BASE[@]}" "$@" "$SBXSH" --workspace "$WS" --print-policy --json) || return 1
	printf '%s' "$json" | "$PY" -c '
import json, sys
d = json.load(sys.stdin)
why = d["masked_why"]
assert [w["path"] for w in why] == d["masked"], "masked_why follows masked"
assert all(w["tool"] and w["why"] for w in why), "a reason for each"
print("\n".join(d["masked"]))'
}

# layout VARIANT WHO: each secret under $B made afresh with its own
# content, as a file (file) or as a folder holding one (folder); the
# probe's list in $B/list.
layout() {
	local variant=$1 who=$2 i=0 p k=f
	[ "$variant" = folder ] && k=d
	rm -rf "$H" "$WS" "$B/cfg" "$B/data" "$B/cache" "$B/run" "$V"
	mkdir -p "$H" "$WS" "$B/run"
	: >"$B/list"
	for p in "${PATHS[@]}"; do
		i=$((i + 1))
		mkdir -p "$(dirname "$p")" 2>/dev/null
		if [ -e "$p" ]; then
			echo "# $p: exists already (inside another secret?)"
			continue
		fi
		if [ $k = d ]; then
			mkdir "$p" && echo "CRED-$i-$variant" >"$p/secret"
		else
			echo "CRED-$i-$variant" >"$p"
		fi
		echo "$i $k $p" >>"$B/list"
	done
	chmod 644 "$B/list" "$B/probe.py"
	[ "$who" = nobody ] && chown -R 65534:65534 "$H" "$WS" "$B/cfg" \
		"$B/data" "$B/cache" "$B/run" "$V" 2>/dev/null
	return 0
}

probe() { # ENVNAME BACKEND WHO: $OUT
	local priv=() extra=()
	[ "$3" = nobody ] && priv=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	[ "$1" = variables ] && extra=("${VARS[@]}")
	OUT=$(cd "$WS" && timeout -k 5 60 "${priv[@]}" "${BASE[@]}" "${extra[@]}" \
		"$SBXSH" --workspace "$WS" --backend "$2" \
		-c "$PY $B/probe.py $B/list" 2>&1 </dev/null)
}

for envname in defaults variables; do
	extra=()
	[ $envname = variables ] && extra=("${VARS[@]}")
	masked=$(policy "${extra[@]}")
	check "[$envname] --print-policy --json lists the masked paths, each with its tool and reason" \
		test -n "$masked"
	must=("${MUST_DEFAULTS[@]}")
	[ $envname = variables ] && must=("${MUST_VARIABLES[@]}")
	for m in "${must[@]}"; do
		if printf '%s\n' "$masked" | grep -qxF "$B/$m"; then
			ok "[$envname] the policy masks $m"
		else
			not_ok "[$envname] the policy masks $m (missing from --print-policy --json)"
		fi
	done
	mapfile -t PATHS < <(printf '%s\n' "$masked" | grep "^$B/" | grep -v "^$B/state/")
	echo "# [$envname] ${#PATHS[@]} secrets under the test folder"

	for variant in file folder; do
		for who in root nobody; do
			for be in landlock namespace none; do
				layout "$variant" "$who"
				probe "$envname" "$be" "$who"
				tag="[$envname $who $be $variant]"
				if ! printf '%s' "$OUT" | grep -q PROBE-DONE; then
					not_ok "$tag the probe ran"
					printf '%s\n' "$OUT" | head -5 | sed 's/^/#   /'
					continue
				fi
				# Judged from outside by tests/integration/lib/credjudge.py:
				# the count of good ones, then one line per bad one.
				printf '%s' "$OUT" >"$B/out"
				mapfile -t verdict < <("$PY" "$SRC/tests/integration/lib/credjudge.py" \
					"$B/list" "$B/out" "$variant" "$be" "$B/")
				good=${verdict[0]:-0}
				bad=("${verdict[@]:1}")
				what="every credential file unreadable and unwritable"
				[ "$be" = none ] && what="control: every one read and written without a sandbox"
				if [ ${#bad[@]} = 0 ] && [ $good -gt 0 ]; then
					ok "$tag $what ($good)"
				else
					not_ok "$tag $what ($good ok, ${#bad[@]} not)"
					printf '#   %s\n' "${bad[@]:0:10}"
				fi
			done
		done
	done
done
# Root: the system's own secrets are open, and the session says so.
# (State left by the nobody runs is nobody's: root refuses to use it.)
mkdir -p "$WS"
rm -rf "$WS/.sandbox-cache" "$WS/.sandbox-runs"
out=$(cd "$WS" && "${BASE[@]}" "$SBXSH" --workspace "$WS" --banner -c 'policy' 2>&1)
check "[root] banner and policy say what only root may read is open" \
	eval '[ "$(printf "%s\n" "$out" | grep -c "not_enforced: running as root: what only root may read")" = 2 ]'
out=$(cd "$WS" && setpriv --reuid=65534 --regid=65534 --clear-groups "${BASE[@]}" \
	"$SBXSH" --workspace "$WS" --print-policy 2>&1)
check "[nobody] no such line" eval 'printf "%s" "$out" | grep -q "^sandbox_writable: " && ! printf "%s" "$out" | grep -q "running as root"'
tap_done
