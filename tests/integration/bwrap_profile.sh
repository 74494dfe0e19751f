#!/bin/bash
# tests/integration/bwrap_profile.sh — runs the bubblewrap argument list
# that `sbxsh --print-profile bwrap` prints, for real, and checks that
# bubblewrap enforces the same policy: the workspace and TMPDIR are
# writable, /etc and $HOME are not, masked secrets cannot be read, and
# with --no-network no TCP/UDP socket can be bound. TAP output; exit 77
# (skip) when bubblewrap cannot create its namespaces here.
#
# Env: SBXSH (the binary). Run as root it also repeats the checks as an
# unprivileged user (bwrap then needs unprivileged user namespaces).
set -u

SBXSH=${SBXSH:?SBXSH must name the sbxsh binary}
. "$(dirname "$0")/lib/tap.bash"

if ! command -v bwrap >/dev/null 2>&1; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		DEBIAN_FRONTEND=noninteractive apt-get install -y bubblewrap \
			>/dev/null 2>&1
	fi
	command -v bwrap >/dev/null 2>&1 || skip_all_for bwrap "bubblewrap is not installed"
fi
BWRAP=$(command -v bwrap)
if ! "$BWRAP" --ro-bind / / --dev /dev --proc /proc /bin/true 2>/dev/null; then
	skip_all_for bwrap "bwrap cannot create namespaces here"
fi

# Outside /tmp on purpose: /tmp is a writable root (the process temp dir),
# so a $HOME beneath it would be writable and prove nothing.
base=${SBXSH_BUILD:-/var/tmp}
T=$(mktemp -d "$base/bwrap-profile.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
chmod 755 "$T"
H=$T/home
# A space and a quote in the path: the printed line must quote them.
WS="$T/Work flow/it's demo"
mkdir -p "$H/.ssh" "$WS" "$T/tmp"
echo "SECRET-KEY-MATERIAL" >"$H/.ssh/id_test"
echo "machine example.com password SECRET-NETRC" >"$H/.netrc"
chmod 700 "$H/.ssh"
chmod 600 "$H/.ssh/id_test" "$H/.netrc"

# The script `sbxsh --print-profile bwrap` prints, saved as $T/box-VAR.sh
# and run as its first lines say (sh box.sh COMMAND...), and its bwrap
# argv in VAR, read by running the script with a `bwrap` function in
# front of the real one.
profile() { # profile VAR [sbxsh options...]
	local -n out=$1
	local name=$1
	shift
	(cd "$WS" && env -i PATH=/usr/bin:/bin HOME="$H" TMPDIR="$T/tmp" \
		"$SBXSH" --workspace "$WS" "$@" --print-profile bwrap) \
		>"$T/box-$name.sh" || return 1
	# shellcheck disable=SC2317
	bwrap() { out=(bwrap "$@"); }
	. "$T/box-$name.sh" || return 1
	unset -f bwrap
	[ "${out[0]}" = bwrap ]
}

declare -a A NN
if ! profile A; then
	echo "1..1"
	not_ok "sbxsh --print-profile bwrap works"
	exit 1
fi
profile NN --no-network || NN=()

# In the sandbox, "$@" runs as the given user; prints nothing on success.
# The saved script itself runs, as its comment tells a person to.
inbox() { # inbox USER ARGV-NAME SCRIPT
	local user=$1 name=$2 script=$3
	local pre=()
	if [ "$user" = nobody ]; then
		pre=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	fi
	"${pre[@]}" sh "$T/box-$name.sh" /bin/sh -c "$script" sh "$WS" "$H" "$T/tmp"
}

run_checks() { # run_checks USER
	local u=$1 out
	check "[$u] argv starts with bwrap --ro-bind / /" \
		test "${A[0]} ${A[1]} ${A[2]} ${A[3]}" = "bwrap --ro-bind / /"
	rm -f "$WS/written-$u" "$T/tmp/t-$u"
	check "[$u] a write in the workspace works" \
		inbox "$u" A 'echo hi >"$1/written-'"$u"'"'
	check "[$u] ... and lands on the host" \
		grep -qx hi "$WS/written-$u"
	check "[$u] a write in TMPDIR works" \
		inbox "$u" A 'echo t >"$TMPDIR/t-'"$u"'"'
	check "[$u] ... TMPDIR is the profile's run folder, made by the script" \
		grep -qx t "$WS/.sandbox-runs/bwrap/tmp/t-$u"
	out=$(inbox "$u" A 'echo "$PIP_CACHE_DIR"')
	check "[$u] the routed variables are set (PIP_CACHE_DIR)" \
		test "$out" = "$WS/.sandbox-cache/pip"
	out=$(inbox "$u" A 'echo "$PATH"')
	check "[$u] PATH's routed prefix leads the caller's PATH" \
		eval 'case $out in "$WS/.sandbox-cache/bin:"*":$PATH") true ;; *) false ;; esac'
	out=$(inbox "$u" A 'grep ^CapEff: /proc/self/status')
	check "[$u] no capability inside, root included" \
		test "$out" = "$(printf 'CapEff:\t0000000000000000')"
	check "[$u] processes outside cannot be signalled (own PID namespace)" \
		inbox "$u" A "! kill -0 $listener 2>/dev/null"
	if [ -n "$shmid" ]; then
		out=$(inbox "$u" A 'cat /proc/sysvipc/shm' | grep -c -w "$shmid")
		check "[$u] the host's SysV shared memory is not visible (own IPC namespace)" \
			test "$out" = 0
	fi
	check "[$u] /dev/null is writable, /dev/zero readable" \
		inbox "$u" A 'echo x >/dev/null && head -c 4 /dev/zero | od -An -tx1 | grep -q "00 00 00 00"'
	check "[$u] a write to /etc fails" \
		inbox "$u" A '! (echo x >/etc/sbxsh-bwrap-test) 2>/dev/null'
	check "[$u] ... and nothing appeared in /etc" \
		test ! -e /etc/sbxsh-bwrap-test
	check "[$u] a write to \$HOME (outside the roots) fails" \
		inbox "$u" A '! (echo x >"$2/new-file") 2>/dev/null'
	check "[$u] ... and nothing appeared in \$HOME" \
		test ! -e "$H/new-file"
	check "[$u] mkdir in \$HOME fails" \
		inbox "$u" A '! mkdir "$2/newdir" 2>/dev/null'
	out=$(inbox "$u" A 'cat "$2/.ssh/id_test"; ls -A "$2/.ssh"' 2>/dev/null)
	check "[$u] a masked secret folder (~/.ssh) is unreadable" \
		test -z "$out"
	check "[$u] ... and cannot be written" \
		inbox "$u" A '! (echo x >"$2/.ssh/planted") 2>/dev/null'
	out=$(inbox "$u" A 'cat "$2/.netrc"' 2>/dev/null)
	check "[$u] a masked secret file (~/.netrc) is unreadable" \
		test -z "$out"
	check "[$u] ... and cannot be written" \
		inbox "$u" A '! (echo x >"$2/.netrc") 2>/dev/null'
	check "[$u] the host's secret is intact" \
		grep -q SECRET-NETRC "$H/.netrc"
	if [ -n "$port" ]; then
		check "[$u] with network, the host's TCP listener is reachable" \
			inbox "$u" A "$connect"
	fi
	if [ ${#NN[@]} -gt 0 ]; then
		if [ -n "$port" ]; then
			check "[$u] --no-network: the host's TCP listener is unreachable" \
				inbox "$u" NN "! $connect 2>/dev/null"
		fi
		check "[$u] --no-network: UDP connect fails" \
			inbox "$u" NN '! python3 -c "import socket; s=socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.connect((\"192.0.2.1\", 9))" 2>/dev/null'
		check "[$u] --no-network: a unix socket still works" \
			inbox "$u" NN 'python3 -c "import socket; a, b = socket.socketpair(); a.send(b\"x\"); assert b.recv(1) == b\"x\""'
	else
		not_ok "[$u] sbxsh --no-network --print-profile bwrap works"
	fi
}

# A TCP listener on the host's loopback: reachable with the network,
# not from a sandbox with its own network namespace.
port=
python3 -c '
import socket, sys
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(16)
print(s.getsockname()[1], flush=True)
sys.stdout.close()
while True:
    c, _ = s.accept()
    c.close()
' >"$T/port" &
listener=$!
trap 'kill "$listener" 2>/dev/null; rm -rf "$T"' EXIT
for _ in 1 2 3 4 5 6 7 8 9 10; do
	[ -s "$T/port" ] && break
	sleep 0.2
done
port=$(cat "$T/port")
# A SysV shared memory segment of the host's, which the sandbox's own
# IPC namespace must not show.
shmid=
if command -v ipcmk >/dev/null 2>&1; then
	shmid=$(ipcmk -M 4096 2>/dev/null | grep -o '[0-9]*$')
	if [ -n "$shmid" ] && grep -qw "$shmid" /proc/sysvipc/shm; then
		trap 'kill "$listener" 2>/dev/null; ipcrm -m "$shmid"; rm -rf "$T"' EXIT
	else
		shmid=
	fi
fi
connect="python3 -c 'import socket; socket.create_connection((\"127.0.0.1\", $port), timeout=5)'"

users=(root)
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1 &&
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$BWRAP" --ro-bind / / --dev /dev --proc /proc /bin/true 2>/dev/null &&
	setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$T"; then
	users+=(nobody)
elif [ "$(id -u)" = 0 ]; then
	skip_case_for userns "bwrap as nobody cannot create namespaces here"
fi
[ "$(id -u)" = 0 ] || users=(user)

# The other way the script's comment gives: eval in an interactive-like
# shell with no arguments starts /bin/sh in the sandbox.
out=$(echo 'touch /etc/sbxsh-bwrap-eval 2>/dev/null; echo "in:$TMPDIR"' |
	BOX=$T/box-A.sh bash -c 'eval "$(cat "$BOX")"' 2>&1)
check "eval \"\$(sbxsh --print-profile bwrap)\" runs /bin/sh inside" \
	test "$out" = "in:$WS/.sandbox-runs/bwrap/tmp"
check "... where /etc stays read-only" test ! -e /etc/sbxsh-bwrap-eval

for u in "${users[@]}"; do
	if [ "$u" = nobody ]; then
		# The unprivileged user owns the workspace, as an agent would;
		# the secrets are its own (mode 600), so only the mask stops it.
		chown -R 65534:65534 "$T"
	fi
	run_checks "$u"
done
tap_done
