#!/bin/bash
# tests/integration/secrets.sh — every masked secret, checked from outside
# (docs/design.md §2): under a test HOME each secret is created with a content
# of its own; in a session (landlock and namespace backends, as root and
# as nobody, who then owns them: only the sandbox can refuse) a probe
# (tests/kernel/secret_probe.py) tries to read and write each one. A
# secret counts as masked when its content never reached the session's
# output and the file on disk is unchanged (nothing appended, nothing
# created in a folder); how the attempt failed inside is not judged (the
# namespace backend's /dev/null over a file reads empty and swallows
# writes without an error).
#
# Which secrets: every path `sbxsh --print-policy --json` lists as masked
# (so new rows of the table are covered as they land), and also the fixed
# list below, which is this test's own statement of what must be masked:
# one missing from the policy fails. Each is tried twice: as the type it
# has in real life (the fixed list says; a secret only the policy names
# is taken to be a file), then as the other type (a folder where a file
# was expected and the reverse), since the mask must hold whatever is at
# the path. Control: the same probe with --backend none reads and writes
# every one of them, so each case can fail.
#
# TAP; 77 when not root (a failure under SBXSH_TEST_STRICT=1).
set -u
SBXSH=${SBXSH:?SBXSH must name the sbxsh binary}
SRC=${SBXSH_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$SRC/tests/integration/lib/tap.bash"
export PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin
unset TMPDIR
PY=/usr/bin/python3
[ -x "$PY" ] || PY=$(command -v python3)

# The independent statement: d = a folder, f = a file, relative to $HOME.
FIXED=(
	d:.ssh d:.gnupg d:.aws d:.config/gh f:.netrc f:.docker/config.json
	d:.kube f:.cache/huggingface/token f:.git-credentials d:.config/gcloud
	d:.azure f:.pypirc f:.npmrc
)

[ "$(id -u)" = 0 ] || skip_all_for root "needs root (runs as root and as nobody)"
command -v setpriv >/dev/null || skip_all_for setpriv "no setpriv"

B=$(mktemp -d /var/tmp/sbxsec.XXXXXX)
trap 'rm -rf "$B"' EXIT
chmod 755 "$B"
H=$B/home WS=$B/ws RUN=$B/run
ENVV=(env -i "HOME=$H" "PATH=$PATH" "XDG_RUNTIME_DIR=$RUN" "XDG_STATE_HOME=$B/state")
mkdir -p "$H" "$WS" "$RUN"

# --- which secrets -------------------------------------------------------
json=$(cd "$WS" && "${ENVV[@]}" "$SBXSH" --workspace "$WS" --print-policy --json)
masked=$(printf '%s' "$json" | "$PY" -c 'import json,sys; print("\n".join(json.load(sys.stdin)["masked"]))')
check "--print-policy --json lists masked secrets" test -n "$masked"
declare -A KIND=()
for e in "${FIXED[@]}"; do
	p=$H/${e#*:}
	KIND[$p]=${e%%:*}
	if printf '%s\n' "$masked" | grep -qxF "$p"; then
		ok "the policy masks ~/${e#*:} (fixed list)"
	else
		not_ok "the policy masks ~/${e#*:} (fixed list): missing from --print-policy --json"
	fi
done
while IFS= read -r p; do
	[ -n "$p" ] || continue
	case $p in
	"$B"/*) [ -n "${KIND[$p]:-}" ] || KIND[$p]=f ;;
	*) echo "# not tried (outside the test's folders): $p" ;;
	esac
done <<<"$masked"
mapfile -t PATHS < <(printf '%s\n' "${!KIND[@]}" | sort)
echo "# ${#PATHS[@]} secrets: ${PATHS[*]#$H/}"

# --- the layout ------------------------------------------------------------

# layout VARIANT WHO: every secret created afresh, as its type (real) or
# as the other one (swapped), owned by WHO; the probe's list in $B/list.
layout() {
	local variant=$1 who=$2 i=0 p k
	rm -rf "$H" "$WS" "$B/state" "$RUN"
	mkdir -p "$H/.config" "$WS" "$RUN"
	echo "not secret" >"$H/notes"
	: >"$B/list"
	for p in "${PATHS[@]}"; do
		i=$((i + 1))
		k=${KIND[$p]}
		[ "$variant" = swapped ] && { [ "$k" = f ] && k=d || k=f; }
		if ! mkdir -p "$(dirname "$p")" 2>/dev/null || [ -e "$p" ]; then
			echo "# $p: cannot be made as a $k here (inside another secret?)"
			continue
		fi
		if [ "$k" = d ]; then
			mkdir "$p" && echo "SECRET-$i-$variant" >"$p/secret"
			chmod 700 "$p"
		else
			echo "SECRET-$i-$variant" >"$p"
			chmod 600 "$p"
		fi
		echo "$i $k $p" >>"$B/list"
	done
	cp "$SRC/tests/kernel/secret_probe.py" "$B/probe.py"
	if [ "$who" = nobody ]; then
		chown -R 65534:65534 "$H" "$WS" "$RUN" "$B/list" "$B/probe.py"
		[ -e "$B/state" ] && chown -R 65534:65534 "$B/state"
	fi
}

# unchanged I KIND PATH VARIANT: the secret on disk is as layout() made it.
unchanged() {
	[ "$2" = d ] && { [ ! -e "$3/new" ] && [ "$(cat "$3/secret")" = "SECRET-$1-$4" ]; return; }
	[ "$(cat "$3")" = "SECRET-$1-$4" ]
}

# probe BACKEND WHO: runs the probe in a session; $OUT, $RC.
probe() {
	local priv=()
	[ "$2" = nobody ] && priv=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	OUT=$(cd "$WS" && timeout -k 5 60 "${priv[@]}" "${ENVV[@]}" "$SBXSH" \
		--workspace "$WS" --backend "$1" -c "$PY $B/probe.py $B/list" 2>&1 </dev/null)
	RC=$?
}

for variant in real swapped; do
	for who in root nobody; do
		for be in landlock namespace none; do
			layout "$variant" "$who"
			probe "$be" "$who"
			tag="[$who $be $variant]"
			if ! case $OUT in *PROBE-DONE*"NOTES not secret"* | *"NOTES not secret"*PROBE-DONE*) true ;; *) false ;; esac; then
				not_ok "$tag the probe ran and could read ~/notes (rc=$RC)"
				printf '%s\n' "$OUT" | sed 's/^/#   /' | head -10
				continue
			fi
			while read -r i k p; do
				# shellcheck disable=SC2088 # a name to show, not a path
				name="~/${p#$H/} (as a $([ "$k" = d ] && echo folder || echo file))"
				leaked=no
				case $OUT in *"SECRET-$i-$variant"*) leaked=yes ;; esac
				if [ "$be" = none ]; then
					# The control: nothing stops the probe.
					if [ $leaked = yes ] && ! unchanged "$i" "$k" "$p" "$variant"; then
						ok "$tag control: $name is read and written without a sandbox"
					else
						not_ok "$tag control: $name is read and written without a sandbox (leaked=$leaked)"
					fi
				elif [ $leaked = no ] && unchanged "$i" "$k" "$p" "$variant" &&
					printf '%s\n' "$OUT" | grep -q "^READ $i " &&
					printf '%s\n' "$OUT" | grep -q "^WRITE $i "; then
					# Judged from outside: the namespace backend covers a
					# file with /dev/null, which reads empty and takes
					# writes without an error; neither reaches the file.
					ok "$tag $name: unreadable and unwritable"
				else
					not_ok "$tag $name: unreadable and unwritable (leaked=$leaked)"
					printf '%s\n' "$OUT" | grep -E "^(READ|WRITE) $i " | sed 's/^/#   /'
				fi
			done <"$B/list"
		done
	done
done
tap_done
