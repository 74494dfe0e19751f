# tests/kernel/escape_lib.bash — the escape battery, shared by
# tests/integration/escape_landlock.sh and escape_namespace.sh.
#
# Every case asks the kernel to do something the policy forbids from
# inside a session, then checks from OUTSIDE what actually happened (the
# file's content, mode, owner, mtime, existence), not just an exit code.
# Run as root and, where possible, again as nobody (setpriv), in which case
# every "outside" file belongs to nobody: plain permissions would allow
# the change, so only the sandbox can be what refused it.
#
# Driver: the real binary ($SBXSH --workspace ... -c CMD) when it runs
# commands; else tests/kernel/sbx_confine (the same backends, no shell
# language) with the equivalent roots. ESCAPE_DRIVER=harness forces the
# latter. TAP output; exit 77 when the backend cannot run here at all.
set -u

: "${BACKEND:?}"
SRC=${SBXSH_SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
BUILD=${SBXSH_BUILD:-}
HARNESS=${SBX_CONFINE:-${BUILD:+$BUILD/sbx_confine}}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=$(command -v python3)
DEVS="/dev/null /dev/zero /dev/full /dev/random /dev/urandom /dev/tty /dev/pts /dev/ptmx"
export PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin
unset TMPDIR

n=0
fails=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() {
	n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $*"
	[ -n "${OUTPUT:-}" ] && printf '%s\n' "$OUTPUT" | sed 's/^/#   /' | head -20
	return 0
}
skipped=0
skip() { n=$((n + 1)); skipped=$((skipped + 1)); echo "ok $n - # SKIP $*"; }
diag() { echo "# $*"; }
# A known gap in another module: reported, not counted as a failure.
todo() { n=$((n + 1)); echo "not ok $n - $1 # TODO $2"; }
# check DESC CMD...: ok when CMD succeeds.
check() { local d=$1; shift; if "$@"; then ok "$d"; else not_ok "$d"; fi; }
has() { case $OUTPUT in *"$1"*) return 0 ;; esac; return 1; }
hasnt() { ! has "$1"; }

# --- set-up per user ---------------------------------------------------------

setup_user() { # $1: root | nobody
	WHO=$1
	B=$(mktemp -d /var/tmp/sbxesc.XXXXXX)
	chmod 755 "$B"
	WS=$B/ws HOME_F=$B/home OUT=$B/outside RUNTMP=$B/runtmp
	mkdir -p "$WS" "$HOME_F/.ssh" "$OUT" "$RUNTMP"
	echo SECRET-KEY-42 >"$HOME_F/.ssh/id_rsa"
	echo "not secret" >"$HOME_F/notes"
	echo orig >"$OUT/file"
	chmod 644 "$OUT/file"
	touch -d '2020-01-01 00:00:00' "$OUT/file"
	echo ws >"$WS/a"
	cp "$SRC/tests/kernel/tiocsti.py" "$SRC/tests/kernel/pty_run.py" "$B/"
	if [ "$WHO" = nobody ]; then
		chown -R 65534:65534 "$B"
		PRIV=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	else
		PRIV=()
	fi
}

cleanup_user() {
	rm -rf "$B" 2>/dev/null
}

# The argv that runs shell command $1 in a session. Extra sbx options
# (--no-network, --private-tmp) come from $SBX_EXTRA.
sbx_argv() {
	local cmd=$1
	local env=(env "HOME=$HOME_F" "PATH=$PATH" "XDG_STATE_HOME=$HOME_F/.state")

	ARGV=("${PRIV[@]}" "${env[@]}")
	if [ "$DRIVER" = sbxsh ]; then
		local x=()
		for o in ${SBX_EXTRA:-}; do
			case $o in
			--private-tmp) x+=(--private-tmp) ;;
			*) x+=("$o") ;;
			esac
		done
		ARGV+=("$SBXSH" --workspace "$WS" --backend "$BACKEND" "${x[@]}" -c "$cmd")
	else
		local x=(--backend "$BACKEND" --rw "$WS" --rw /tmp --rw "$RUNTMP")
		for d in $DEVS; do x+=(--dev "$d"); done
		x+=(--mask "$HOME_F/.ssh")
		for o in ${SBX_EXTRA:-}; do
			case $o in
			--private-tmp) x+=(--private-tmp "$RUNTMP") ;;
			*) x+=("$o") ;;
			esac
		done
		ARGV+=("$HARNESS" "${x[@]}" -- /bin/bash -c "$cmd")
	fi
}

# sbx CMD: runs it; $OUTPUT gets stdout+stderr, $RC the status.
sbx() {
	sbx_argv "$1"
	OUTPUT=$(cd "$WS" && timeout -k 5 60 "${ARGV[@]}" 2>&1 </dev/null)
	RC=$?
}

# sbx_pty [--send X]... -- CMD: the same on a fresh controlling pty.
sbx_pty() {
	local sends=()
	while [ "$1" != "--" ]; do sends+=("$1" "$2"); shift 2; done
	shift
	sbx_argv "$1"
	OUTPUT=$(cd "$WS" && "$PY" "$B/pty_run.py" --timeout 20 "${sends[@]}" -- "${ARGV[@]}" 2>&1)
	RC=$(printf '%s\n' "$OUTPUT" | sed -n 's/^PTY_EXIT=//p' | tail -1)
}

pick_driver() {
	DRIVER=
	if [ "${ESCAPE_DRIVER:-}" != harness ] && [ -n "${SBXSH:-}" ] && [ -x "$SBXSH" ]; then
		setup_user root
		sbx_argv 'echo driver-ok'
		if [ "$("${ARGV[@]}" 2>/dev/null </dev/null)" = driver-ok ]; then
			DRIVER=sbxsh
		fi
		cleanup_user
	fi
	if [ -z "$DRIVER" ]; then
		if [ -z "$HARNESS" ] || [ ! -x "$HARNESS" ]; then
			echo "1..0 # SKIP neither \$SBXSH -c nor sbx_confine runs"
			exit 77
		fi
		DRIVER=harness
	fi
	diag "driver: $DRIVER, backend: $BACKEND"
}

mode_of() { stat -c %a "$1"; }
owner_of() { stat -c %u:%g "$1"; }
mtime_of() { stat -c %Y "$1"; }

# --- the cases ---------------------------------------------------------------

battery() {
	local who=$WHO f=$OUT/file
	local m0 o0 t0
	m0=$(mode_of "$f") o0=$(owner_of "$f") t0=$(mtime_of "$f")

	sbx 'echo inside-ok'
	if [ "$RC" != 0 ] || ! has inside-ok; then
		not_ok "[$who] a session starts"
		return
	fi
	ok "[$who] a session starts"

	# Writes outside the writable roots.
	sbx "echo pwned > $f"
	check "[$who] builtin redirection outside is refused" \
		[ "$(cat "$f")" = orig -a "$RC" != 0 ]
	sbx "cp $WS/a $f; echo pwned >> $f; echo x > $OUT/new"
	check "[$who] external write/append/create outside are refused" \
		[ "$(cat "$f")" = orig -a ! -e "$OUT/new" ]
	if [ "$who" = root ]; then
		rm -f /etc/sbxsh-escape-test
		sbx 'echo x > /etc/sbxsh-escape-test'
		check "[$who] echo x > /etc/f is refused" [ ! -e /etc/sbxsh-escape-test ]
	fi

	# Metadata (Landlock alone cannot stop these: the mount layer does).
	sbx "chmod 777 $f"
	check "[$who] chmod outside is refused" [ "$(mode_of "$f")" = "$m0" -a "$RC" != 0 ]
	if [ "$who" = root ]; then
		sbx "chown 12345:12345 $f"
		check "[$who] chown outside is refused" [ "$(owner_of "$f")" = "$o0" -a "$RC" != 0 ]
	fi
	sbx "touch -d '2001-02-03 04:05:06' $f"
	check "[$who] touch -d outside is refused" [ "$(mtime_of "$f")" = "$t0" -a "$RC" != 0 ]
	sbx "$PY -c 'import os; os.setxattr(\"$f\", \"user.sbx\", b\"1\")'"
	check "[$who] setxattr outside is refused" \
		"$PY" -c "import os,sys; sys.exit('user.sbx' in os.listxattr('$f'))"

	# Indirections.
	sbx "ln -s $f $WS/link && echo pwned > $WS/link"
	check "[$who] write through a symlink in the workspace is refused" \
		[ "$(cat "$f")" = orig -a -L "$WS/link" ]
	sbx "ln $f $WS/hardlink; echo pwned >> $WS/hardlink"
	check "[$who] hard link of an outside file, then written: file unchanged" \
		[ "$(cat "$f")" = orig ]
	sbx "mv $WS/a $OUT/moved"
	check "[$who] rename out of the workspace is refused" [ -e "$WS/a" -a ! -e "$OUT/moved" ]
	# mv falls back to copy + unlink across mounts: the copy is a plain
	# read (allowed), the unlink must fail. rename(2) itself too.
	sbx "mv $f $WS/stolen; $PY -c 'import os; os.rename(\"$f\", \"$WS/stolen2\")'"
	check "[$who] rename into the workspace is refused" \
		[ "$(cat "$f")" = orig -a ! -e "$WS/stolen2" ]
	sbx "$PY -c 'import os; os.rename(\"$WS/a\", \"$OUT/moved2\")'"
	check "[$who] rename(2) out of the workspace is refused" [ -e "$WS/a" -a ! -e "$OUT/moved2" ]
	sbx "echo pwned > /proc/self/root$f"
	check "[$who] /proc/self/root/... is refused" [ "$(cat "$f")" = orig -a "$RC" != 0 ]
	sbx "cd $WS && echo pwned > ../outside/file; echo pwned > $WS/../outside/file"
	check "[$who] .. paths are refused" [ "$(cat "$f")" = orig ]
	sbx "truncate -s 0 $f"
	check "[$who] truncate(2) of a read-only file is refused" [ "$(cat "$f")" = orig -a "$RC" != 0 ]
	sbx ": > $f"
	check "[$who] O_TRUNC of a read-only file is refused" [ "$(cat "$f")" = orig ]
	if [ "$who" = root ] && [ -w /dev/kmsg ]; then
		# A device outside the device roots (harmless to write).
		sbx "echo sbxsh-escape-test > /dev/kmsg && echo KMSG-WRITTEN"
		check "[$who] writing a device outside the device roots is refused" hasnt KMSG-WRITTEN
	fi
	sbx "mknod $WS/blk b 8 0; mknod $WS/chr c 1 3"
	check "[$who] mknod of device nodes is refused" [ ! -e "$WS/blk" -a ! -e "$WS/chr" ]
	check "[$who] outside file still orig, 644, same owner and mtime" \
		[ "$(cat "$f")" = orig -a "$(mode_of "$f")" = "$m0" -a \
		"$(owner_of "$f")" = "$o0" -a "$(mtime_of "$f")" = "$t0" ]

	# Secrets.
	sbx "cat $HOME_F/.ssh/id_rsa; cat $HOME_F/notes"
	check "[$who] ~/.ssh/id_rsa is unreadable" hasnt SECRET-KEY-42
	check "[$who] ... while ~/notes is readable" has "not secret"
	sbx "echo x > $HOME_F/.ssh/new"
	check "[$who] ~/.ssh is not writable" [ ! -e "$HOME_F/.ssh/new" ]

	# The terminal: TIOCSTI from a real controlling pty.
	if [ "$who" = root ]; then
		OUTPUT=$("$PY" "$B/pty_run.py" -- "$PY" "$B/tiocsti.py" 2>&1)
		diag "control, unconfined: $(printf '%s' "$OUTPUT" | grep TIOCSTI)"
	fi
	sbx_pty -- "$PY $B/tiocsti.py"
	check "[$who] TIOCSTI on the controlling pty: EPERM (plain and high bits)" \
		has "TIOCSTI plain=1 highbit=1"

	# Other processes, namespaces, mounts.
	sbx "$PY -c 'import ctypes,os; l=ctypes.CDLL(None,use_errno=True); r=l.ptrace(0x4206,os.getppid(),0,0); e=ctypes.get_errno(); r2=l.ptrace(0,0,0,0); print(\"PTRACE\",r,e,r2,ctypes.get_errno())'"
	check "[$who] ptrace(SEIZE) of the shell and TRACEME fail with EPERM" has "PTRACE -1 1 -1 1"
	sbx "unshare -U true && echo UNSHARED"
	check "[$who] unshare -U is refused" [ "$RC" != 0 ] && hasnt UNSHARED
	sbx "mkdir -p $WS/mnt; $PY -c 'import ctypes; l=ctypes.CDLL(None,use_errno=True); r=l.mount(b\"none\",b\"$WS/mnt\",b\"tmpfs\",0,None); print(\"MOUNT\",r,ctypes.get_errno())'"
	check "[$who] mount(2) fails with EPERM" has "MOUNT -1 1"

	# Network.
	net_cases

	# Must keep working.
	sbx 'echo x > /dev/null && echo DEVNULL-OK; head -c 4 /dev/zero | wc -c; head -c 4 /dev/urandom | wc -c'
	check "[$who] /dev/null, /dev/zero, /dev/urandom work" has DEVNULL-OK
	sbx 'd=$(mktemp -d) && echo tmp-ok > "$d/f" && cat "$d/f" && rm -r "$d"'
	check "[$who] mktemp -d works" has tmp-ok
	sbx "echo ws-ok > $WS/new && cat $WS/new && mkdir $WS/d && mv $WS/new $WS/d/ && rm -r $WS/d && mkfifo $WS/fifo && echo fifo-ok"
	check "[$who] writing, renaming, removing in the workspace works" has ws-ok && has fifo-ok
	# The session starts in the workspace: relative paths must reach the
	# writable bind mount, not the read-only one it covers.
	sbx "echo rel-ok > relfile && cat relfile && mkdir reldir && rmdir reldir"
	check "[$who] relative paths from the starting directory are writable" \
		[ "$(cat "$WS/relfile" 2>/dev/null)" = rel-ok ]
	sbx "echo tmp2-ok > /tmp/sbxesc-\$\$ && cat /tmp/sbxesc-\$\$ && rm /tmp/sbxesc-\$\$"
	check "[$who] /tmp is writable" has tmp2-ok
	if [ "$DRIVER" = sbxsh ]; then
		sbx 'echo cache-ok > "$SANDBOX_PERSISTENT_DIR/x" && cat "$SANDBOX_PERSISTENT_DIR/x"'
		check "[$who] .sandbox-cache is writable" has cache-ok
		# Other scopes: read-only keeps only the run folder; unrestricted
		# drops the filesystem rules but keeps the seccomp filter.
		SBX_EXTRA="--scope read-only" sbx "echo x > $WS/ro-scope; echo t > \$TMPDIR/t && cat \$TMPDIR/t && echo RUN-TMP-OK"
		check "[$who] --scope read-only: workspace read-only, run tmp writable" \
			eval '[ ! -e "$WS/ro-scope" ] && has RUN-TMP-OK'
		SBX_EXTRA="--scope unrestricted" sbx "echo x > $OUT/unres && echo WROTE; unshare -U true || echo UNSHARE-DENIED"
		check "[$who] --scope unrestricted: writes anywhere, seccomp still on" \
			eval '[ -e "$OUT/unres" ] && has UNSHARE-DENIED'
		rm -f "$OUT/unres"
	fi
	sbx_pty -- "$PY -c 'import os,termios; fd=os.open(\"/dev/tty\",os.O_RDWR); termios.tcgetattr(fd); print(\"TTY-OK\")'"
	check "[$who] tcgetattr on a freshly opened /dev/tty" has TTY-OK
	sbx_pty --send 'ihello from vi\x1b' --send ':wq\r' -- "vi -u NONE -i NONE -N $WS/vi.txt"
	check "[$who] vi edits a file in a pty" [ "$(cat "$WS/vi.txt" 2>/dev/null)" = "hello from vi" ]
	sbx_pty --send 'q' -- "less $HOME_F/notes"
	check "[$who] less pages and quits in a pty" [ "$RC" = 0 ] && has "not secret"
	sbx_pty --send 'print(6*7)\r' --send 'exit()\r' -- "$PY -q"
	check "[$who] python3 REPL in a pty" [ "$RC" = 0 ] && has 42
}

net_cases() {
	local port pidl
	port=$("$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
	"$PY" -c "
import socket,sys
s=socket.socket(); s.setsockopt(socket.SOL_SOCKET,socket.SO_REUSEADDR,1)
s.bind(('127.0.0.1',$port)); s.listen(16); s.settimeout(60)
while True:
    try: c,_=s.accept(); c.close()
    except Exception: sys.exit(0)
" &
	pidl=$!
	sleep 0.3
	local tcp="$PY -c 'import socket; s=socket.socket(); s.connect((\"127.0.0.1\",$port)); print(\"TCP-CONNECTED\")'"
	sbx "$tcp"
	check "[$WHO] control: with network, TCP connects" has TCP-CONNECTED
	SBX_EXTRA=--no-network sbx "$tcp"
	check "[$WHO] --no-network: TCP connect refused" hasnt TCP-CONNECTED && has PermissionError
	SBX_EXTRA=--no-network sbx "$PY -c 'import socket; s=socket.socket(socket.AF_INET,socket.SOCK_DGRAM); s.sendto(b\"x\",(\"127.0.0.1\",$port)); print(\"UDP-SENT\")'"
	check "[$WHO] --no-network: UDP socket refused" hasnt UDP-SENT && has PermissionError
	SBX_EXTRA=--no-network sbx "$PY -c 'import socket; s=socket.socket(socket.AF_INET6); print(\"V6\")'"
	check "[$WHO] --no-network: IPv6 socket refused" hasnt V6
	SBX_EXTRA=--no-network sbx "bash -c 'echo hi > /dev/tcp/127.0.0.1/$port' && echo DEVTCP-OK"
	check "[$WHO] --no-network: bash /dev/tcp refused" hasnt DEVTCP-OK
	SBX_EXTRA=--no-network sbx "$PY -c 'import socket; a,b=socket.socketpair(); a.send(b\"u\"); s=socket.socket(socket.AF_UNIX); s.bind(\"$WS/sock\"); s.listen(1); c=socket.socket(socket.AF_UNIX); c.connect(\"$WS/sock\"); print(\"UNIX-OK\", b.recv(1))'"
	check "[$WHO] --no-network: unix sockets still work" has UNIX-OK
	kill "$pidl" 2>/dev/null
	wait "$pidl" 2>/dev/null
}

# escape_main [extra per-backend case function]
escape_main() {
	local extra=${1:-}
	pick_driver
	for who in root nobody; do
		if [ "$who" = root ] && [ "$(id -u)" != 0 ]; then
			continue
		fi
		if [ "$who" = nobody ]; then
			if [ "$(id -u)" != 0 ] || ! command -v setpriv >/dev/null; then
				skip "runs as nobody need root and setpriv"
				continue
			fi
		fi
		setup_user "$who"
		sbx 'echo probe-ok'
		if ! has probe-ok; then
			if [ "$RC" = 125 ]; then
				skip "[$who] $BACKEND cannot run here: $(printf '%s' "$OUTPUT" | head -1)"
				cleanup_user
				continue
			fi
		fi
		battery
		[ -n "$extra" ] && "$extra"
		cleanup_user
	done
	echo "1..$n"
	[ "$fails" = 0 ] || exit 1
	[ "$skipped" -lt "$n" ] || exit 77 # nothing could run here
	exit 0
}
