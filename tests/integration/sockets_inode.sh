#!/bin/bash
# tests/integration/sockets_inode.sh — sockets are covered by inode, not by
# name (issue 20, item 5; backends/doors.c). /proc/net/unix shows the name
# a socket was bound with, so before this a daemon outside accepted a
# job's connection through a socket (a) bound with a relative path, (b)
# renamed after bind, (c) reached through a hard link; (d) is a plain one.
# An outside daemon (python3, run as root, its sockets chmod 666 so nobody
# can connect too) listens on all of them and logs every connection it
# accepts to a file outside the sandbox; a job tries each path; the log
# must stay empty. Controls: --backend none connects through every path
# (the check can fail); --allow-socket on the renamed socket lets it
# through, and --allow-socket on the hard link lets the other name through
# (an allowed socket is allowed by inode, whatever name reaches it). The
# banner's not_enforced line about sockets is checked too.
# Both Linux backends, as root and as nobody (setpriv). TAP.
set -u

SBXSH=${SBXSH:?SBXSH must name the sbxsh binary}
. "$(dirname "$0")/lib/tap.bash"
PY=/usr/bin/python3
[ -x "$PY" ] || PY=$(command -v python3)
[ -n "$PY" ] || skip_all_for python3 "no python3 for the daemon"
export PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin
unset TMPDIR XDG_STATE_HOME XDG_RUNTIME_DIR

# sock_diag (NETLINK_SOCK_DIAG with unix_diag) is what matching by inode
# stands on; without it sbxsh falls back to names and says so.
"$PY" - <<'EOF' || skip_all_for sock-diag "no NETLINK_SOCK_DIAG unix_diag here"
import socket, struct, sys
try:
    s = socket.socket(socket.AF_NETLINK, socket.SOCK_DGRAM, 4)
    s.settimeout(5)
    req = struct.pack("=LHHLLBBHLLLLL", 16 + 24, 20, 0x301, 1, 0,
                      socket.AF_UNIX, 0, 0, 0xffffffff, 0, 2, 0, 0)
    s.sendto(req, (0, 0))
    d = s.recv(65536)
    _, t = struct.unpack("=LH", d[:6])
    sys.exit(0 if t in (3, 20) else 1)
except OSError:
    sys.exit(1)
EOF
[ "$(id -u)" = 0 ] || skip_all_for root "the daemon runs as root, the job as root and nobody"

B=$(mktemp -d /var/tmp/sbxsock.XXXXXX)
chmod 755 "$B"
D=$B/d
# One workspace and home per user: a session refuses state another
# user made.
mkdir -p "$D/a" "$D/b" "$D/c" "$D/c2" "$D/d" "$B/ws-root" "$B/home-root" \
	"$B/ws-nobody" "$B/home-nobody"
chmod -R 755 "$D"
LOG=$B/accepted.log
: >"$LOG"
REL=$D/a/rel.sock
REN=$D/b/renamed.sock
ORIG=$D/c/orig.sock
LINK=$D/c2/link.sock
PLAIN=$D/d/plain.sock
ALL="$REL $REN $LINK $ORIG $PLAIN"

cat >"$B/daemon.py" <<'EOF'
# The daemon outside: binds the four kinds, logs each connection it
# accepts (with what the client sent) to LOG, prints READY.
import os, selectors, socket, sys
d, log = sys.argv[1], sys.argv[2]
sel = selectors.DefaultSelector()
def listen(bind_as, final, tag):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(bind_as)
    s.listen(16)
    os.chmod(final if os.path.exists(final) else bind_as, 0o666)
    sel.register(s, selectors.EVENT_READ, tag)
    return s
os.chdir(d + "/a")
listen("rel.sock", d + "/a/rel.sock", "relative")    # (a)
os.chdir("/")
listen(d + "/b/orig.sock", d + "/b/orig.sock", "renamed")  # (b)
os.rename(d + "/b/orig.sock", d + "/b/renamed.sock")
listen(d + "/c/orig.sock", d + "/c/orig.sock", "linked")   # (c)
os.link(d + "/c/orig.sock", d + "/c2/link.sock")
listen(d + "/d/plain.sock", d + "/d/plain.sock", "plain")  # (d)
print("READY", flush=True)
while True:
    for key, _ in sel.select():
        c, _ = key.fileobj.accept()
        c.settimeout(2)
        try:
            data = c.recv(200).decode(errors="replace")
        except OSError:
            data = ""
        with open(log, "a") as f:
            f.write("ACCEPTED %s %s\n" % (key.data, data))
        c.close()
EOF
"$PY" "$B/daemon.py" "$D" "$LOG" >"$B/daemon.out" 2>&1 &
DAEMON=$!
trap 'kill $DAEMON 2>/dev/null; wait $DAEMON 2>/dev/null; rm -rf "$B"' EXIT
for _ in $(seq 100); do
	grep -q READY "$B/daemon.out" 2>/dev/null && break
	sleep 0.1
done
grep -q READY "$B/daemon.out" || { not_ok "the daemon started: $(cat "$B/daemon.out")"; tap_done; exit 1; }
check "set-up: /proc/net/unix lists none of the renamed, linked or relative names" \
	eval '! grep -qE " ($REN|$LINK|$REL)\$" /proc/net/unix'

# The client a job runs: connects to each path, sends TAG, prints
# CONNECTED PATH or REFUSED PATH.
cat >"$B/client.py" <<'EOF'
import socket, sys
tag = sys.argv[1]
for p in sys.argv[2:]:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.connect(p)
        s.sendall((tag + " " + p).encode())
        print("CONNECTED", p)
    except OSError as e:
        print("REFUSED", p, e.strerror)
    s.close()
EOF
chmod 644 "$B/daemon.py" "$B/client.py"

# sbx WHO BACKEND CMD [options...]: a -c session; $OUTPUT, $RC.
sbx() {
	local who=$1 be=$2 cmd=$3 priv=()
	shift 3
	[ "$who" = nobody ] && priv=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	OUTPUT=$(cd "$B/ws-$who" && timeout -k 5 60 "${priv[@]}" env HOME="$B/home-$who" \
		PATH="$PATH" "$SBXSH" --banner --backend "$be" "$@" -c "$cmd" \
		2>&1 </dev/null)
	RC=$?
}
has() { case $OUTPUT in *"$1"*) return 0 ;; esac; return 1; }
# logged PATTERN: the daemon wrote PATTERN (give it a moment).
logged() {
	for _ in $(seq 30); do
		grep -q -- "$1" "$LOG" && return 0
		sleep 0.1
	done
	return 1
}
client() { echo "$PY $B/client.py $1 ${*:2}"; }

chown 65534:65534 "$B/ws-nobody" "$B/home-nobody"
sbx root none "$(client CONTROL $ALL)"
for p in $ALL; do
	check "[control] --backend none: a job connects through $p" \
		eval 'has "CONNECTED $p" && logged "CONTROL $p"'
done

for who in root nobody; do
	if [ "$who" = nobody ] && ! command -v setpriv >/dev/null; then
		skip_case_for setpriv "runs as nobody need setpriv"
		continue
	fi
	for be in landlock namespace; do
		tag="[$who $be]"
		sbx "$who" "$be" 'echo probe-ok'
		if ! has probe-ok; then
			not_ok "$tag a session starts: $(printf '%s' "$OUTPUT" | tail -1)"
			continue
		fi
		if has "no mount layer"; then
			skip_case_for mount-layer "$tag no mount layer"
			continue
		fi
		# sock_diag answered the probe above: falling back to names
		# here is the bug, not the machine.
		check "$tag sockets are matched by inode (sock_diag works here)" \
			eval '! has "matched by name only"'
		: >"$LOG"
		sbx "$who" "$be" "$(client "PWNED-$who-$be" $ALL)"
		for p in $ALL; do
			check "$tag a job cannot connect through $p (the daemon accepted nothing)" \
				eval '! grep -q -- "PWNED-$who-$be $p" "$LOG" && ! has "CONNECTED $p"'
		done
		check "$tag the daemon's log stayed empty" eval '! logged ACCEPTED'
		check "$tag the banner names what stays reachable" \
			has "not_enforced: sockets: one bound after the session opened"
		check "$tag the banner no longer claims every socket bound before is covered" \
			eval '! has "one bound later is reachable"'
		sbx "$who" "$be" "$(client "ALLOWED-$who-$be" $REN $PLAIN)" --allow-socket "$REN"
		check "$tag --allow-socket on the renamed socket lets it through" \
			eval 'has "CONNECTED $REN" && logged "ALLOWED-$who-$be $REN"'
		check "$tag ...and only it" eval '! has "CONNECTED $PLAIN"'
		sbx "$who" "$be" "$(client "BYINODE-$who-$be" $ORIG)" --allow-socket "$LINK"
		check "$tag --allow-socket on a hard link allows the socket under its other name" \
			eval 'has "CONNECTED $ORIG" && logged "BYINODE-$who-$be $ORIG"'
	done
done
tap_done
