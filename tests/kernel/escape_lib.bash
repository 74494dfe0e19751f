# tests/kernel/escape_lib.bash — the escape battery, shared by
# tests/integration/escape_landlock.sh, escape_namespace.sh and
# escape_control.sh.
#
# Every case asks the kernel to do something the policy forbids from
# inside a session, then checks from OUTSIDE what actually happened (the
# file's content, mode, owner, mtime, existence; what the listening server
# received), not just an exit code. Run as root and again as nobody
# (setpriv), in which case every "outside" file belongs to nobody: plain
# permissions would allow the change, so only the sandbox can be what
# refused it.
#
# Two kinds of case: `deny DESC COND...` is an attack, COND the evidence
# that it was refused; `check DESC COND...` is something that must keep
# working. ESCAPE_CONTROL=1 (with BACKEND=none: escape_control.sh) turns
# the battery into its own control: every attack must then SUCCEED, so a
# case whose evidence holds even with no sandbox at all (a typo, a python
# that never started, a check of the wrong file) fails there. The fixture
# is rebuilt before each command in that mode, since the attacks land.
#
# Landlock alone: with the sbxsh driver, escape_landlock.sh also runs the
# filesystem cases in an inner session whose mount layer an outer session
# (--scope unrestricted: no filesystem rules, the seccomp filter on)
# refuses, so that Landlock's own rules are what is tested there, not the
# read-only mounts that back them up as root.
#
# Driver: the real binary ($SBXSH --workspace ... -c CMD). The harness
# tests/kernel/sbx_confine (the same backends, no shell language, roots
# written by this file) only when ESCAPE_DRIVER=harness asks for it, or
# outside strict mode when $SBXSH cannot run (tests/README.md). TAP
# output; exit 77 when the backend cannot run here at all (a failure in
# strict mode).
set -u

: "${BACKEND:?}"
SRC=${SBXSH_SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
. "$SRC/tests/integration/lib/strict.bash"
BUILD=${SBXSH_BUILD:-}
HARNESS=${SBX_CONFINE:-${BUILD:+$BUILD/sbx_confine}}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=$(command -v python3)
DEVS="/dev/null /dev/zero /dev/full /dev/random /dev/urandom /dev/tty /dev/pts /dev/ptmx"
export PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin
unset TMPDIR
CONTROL=
[ "${ESCAPE_CONTROL:-}" = 1 ] && CONTROL=1
ALONE= # set while the Landlock-alone pass runs

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
# check DESC CMD...: must hold in every mode. A compound condition goes
# in one `eval '...'`: `check D a && b` would count a alone.
check() { local d=$1; shift; if "$@"; then ok "$d"; else not_ok "$d"; fi; }
# deny DESC CMD...: an attack; CMD is the evidence it was refused. In
# control mode (no sandbox) the evidence must be absent.
# The file in /etc the root cases aim at: one name per battery run, so a
# control run of another battery (escape_namespace.sh beside
# escape_landlock.sh in one CTest run) never makes it exist under us.
ETC_TARGET=/etc/sbxsh-escape-test.${BACKEND:-x}.$$

deny() {
	local d=$1; shift
	if [ -z "$CONTROL" ]; then
		check "$d" "$@"
	elif "$@"; then
		not_ok "control: $d: holds with no sandbox at all, so this case cannot fail"
	else
		ok "control: $d: the attack works unconfined"
	fi
}
# deny_root DESC CMD...: as deny, but as nobody the kernel refuses the
# attack whatever the sandbox does (no CAP_MKNOD in the initial user
# namespace), so there is no control for it as nobody.
deny_root() {
	if [ -n "$CONTROL" ] && [ "$WHO" = nobody ]; then
		ok "control: $1: n/a as nobody (the kernel refuses it to an unprivileged user anyway)"
	else
		deny "$@"
	fi
}
has() { case $OUTPUT in *"$1"*) return 0 ;; esac; return 1; }
hasnt() { ! has "$1"; }

# --- set-up per user ---------------------------------------------------------

setup_user() { # $1: root | nobody
	WHO=$1
	B=$(mktemp -d /var/tmp/sbxesc.XXXXXX)
	chmod 755 "$B"
	WS=$B/ws HOME_F=$B/home OUT=$B/outside RUNTMP=$B/runtmp
	mkdir -p "$WS" "$HOME_F" "$RUNTMP" "$B/outer"
	echo "not secret" >"$HOME_F/notes"
	cp "$SRC/tests/kernel/tiocsti.py" "$SRC/tests/kernel/pty_run.py" \
		"$SRC/tests/kernel/net_probe.py" "$B/"
	if [ "$WHO" = nobody ]; then
		chown -R 65534:65534 "$B"
		PRIV=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	else
		PRIV=()
	fi
	fixture
}

# The files the attacks aim at, as they were before any of them. Also
# what control mode rebuilds before every command.
fixture() {
	rm -rf "$OUT" "$HOME_F/.ssh" "$WS/a" "$WS/link" "$WS/hardlink" \
		"$WS/stolen" "$WS/stolen2" "$WS/blk" "$WS/chr" "$WS/ro-scope"
	[ "$WHO" = root ] && rm -f "$ETC_TARGET"
	mkdir -p "$OUT" "$HOME_F/.ssh"
	echo SECRET-KEY-42 >"$HOME_F/.ssh/id_rsa"
	echo orig >"$OUT/file"
	chmod 644 "$OUT/file"
	touch -d '2020-01-01 00:00:00' "$OUT/file"
	echo ws >"$WS/a"
	if [ "$WHO" = nobody ]; then
		chown -R 65534:65534 "$OUT" "$HOME_F/.ssh" "$WS/a"
	fi
}

cleanup_user() {
	rm -rf "$B" 2>/dev/null
}

# q WORD: WORD quoted for a POSIX shell.
q() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }

# The argv that runs shell command $1 in a session. Extra sbx options
# (--no-network, --private-tmp, --scope ...) come from $SBX_EXTRA.
sbx_argv() {
	local cmd=$1
	local env=(env "HOME=$HOME_F" "PATH=$PATH" "XDG_STATE_HOME=$HOME_F/.state")
	local x=()

	ARGV=("${PRIV[@]}" "${env[@]}")
	if [ "$DRIVER" = sbxsh ]; then
		# shellcheck disable=SC2206
		x=(${SBX_EXTRA:-})
		if [ -n "$ALONE" ]; then
			# The outer session: no filesystem rules, but its seccomp
			# filter refuses unshare, so the inner one gets no mount
			# layer (it says so) and runs on Landlock alone.
			# env -i: the outer session's TMPDIR and routing stay out.
			local inner="exec env -i" e
			for e in "${env[@]:1}"; do inner+=" $(q "$e")"; done
			inner+=" $(q "$SBXSH") --workspace $(q "$WS") --backend $BACKEND"
			for o in "${x[@]}"; do inner+=" $(q "$o")"; done
			ARGV+=("$SBXSH" --workspace "$B/outer" --backend landlock
				--scope unrestricted -c "$inner -c $(q "$cmd")")
		else
			ARGV+=("$SBXSH" --workspace "$WS" --backend "$BACKEND" "${x[@]}" -c "$cmd")
		fi
	else
		x=(--backend "$BACKEND" --rw "$WS" --rw /tmp --rw "$RUNTMP")
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
	[ -n "$CONTROL" ] && fixture
	sbx_argv "$1"
	OUTPUT=$(cd "$WS" && timeout -k 5 60 "${ARGV[@]}" 2>&1 </dev/null)
	RC=$?
}

# sbx_pty [--send X]... -- CMD: the same on a fresh controlling pty.
sbx_pty() {
	local sends=()
	while [ "$1" != "--" ]; do sends+=("$1" "$2"); shift 2; done
	shift
	[ -n "$CONTROL" ] && fixture
	sbx_argv "$1"
	OUTPUT=$(cd "$WS" && "$PY" "$B/pty_run.py" --timeout 20 "${sends[@]}" -- "${ARGV[@]}" 2>&1)
	RC=$(printf '%s\n' "$OUTPUT" | sed -n 's/^PTY_EXIT=//p' | tail -1)
}

pick_driver() {
	local why=
	DRIVER=
	if [ "${ESCAPE_DRIVER:-}" = harness ]; then
		why="ESCAPE_DRIVER=harness"
	elif [ -z "${SBXSH:-}" ] || [ ! -x "$SBXSH" ]; then
		why="\$SBXSH is not set to the sbxsh binary"
	else
		setup_user root
		DRIVER=sbxsh # so that sbx_argv builds sbxsh's argv
		sbx_argv 'echo driver-ok'
		OUTPUT=$("${ARGV[@]}" 2>&1 </dev/null)
		if [ "$OUTPUT" != driver-ok ]; then
			DRIVER=
			why="$SBXSH --backend $BACKEND -c does not run here: $(printf '%s' "$OUTPUT" | head -1)"
		fi
		cleanup_user
	fi
	if [ -z "$DRIVER" ]; then
		# The harness confines with roots this file writes, not with the
		# policy sbxsh computes: a weaker test, never taken silently.
		if [ "${ESCAPE_DRIVER:-}" != harness ] && ! may_skip sbxsh; then
			echo "not ok 1 - $(strict_why sbxsh "no fallback to sbx_confine: $why")"
			echo "1..1"
			exit 1
		fi
		if [ -z "$HARNESS" ] || [ ! -x "$HARNESS" ]; then
			skip_all_for harness "neither \$SBXSH -c nor sbx_confine runs ($why)"
		fi
		DRIVER=harness
		diag "driver: harness, because $why"
	fi
	diag "driver: $DRIVER, backend: $BACKEND${CONTROL:+ (control run: every attack must work)}"
}

mode_of() { stat -c %a "$1"; }
owner_of() { stat -c %u:%g "$1"; }
mtime_of() { stat -c %Y "$1"; }
untouched() { # the outside file as fixture() made it
	[ "$(cat "$OUT/file" 2>/dev/null)" = orig ] &&
		[ "$(mode_of "$OUT/file")" = "$M0" ] &&
		[ "$(owner_of "$OUT/file")" = "$O0" ] &&
		[ "$(mtime_of "$OUT/file")" = "$T0" ]
}

# --- the cases ---------------------------------------------------------------

# Writes outside the writable roots, direct and through indirections.
write_cases() {
	local who=$WHO f=$OUT/file

	sbx "echo pwned > $f"
	deny "[$who] builtin redirection outside is refused" \
		eval '[ "$(cat "$f" 2>/dev/null)" = orig ] && [ "$RC" != 0 ]'
	sbx "cp $WS/a $f; echo pwned >> $f; echo x > $OUT/new"
	deny "[$who] external write/append/create outside are refused" \
		eval '[ "$(cat "$f" 2>/dev/null)" = orig ] && [ ! -e "$OUT/new" ]'
	if [ "$who" = root ]; then
		sbx "echo x > $ETC_TARGET"
		deny "[$who] echo x > /etc/f is refused" [ ! -e "$ETC_TARGET" ]
		rm -f "$ETC_TARGET"
	fi
	sbx "ln -s $f $WS/link && echo pwned > $WS/link"
	deny "[$who] write through a symlink in the workspace is refused" \
		eval '[ "$(cat "$f" 2>/dev/null)" = orig ]'
	sbx "ln $f $WS/hardlink; echo pwned >> $WS/hardlink"
	deny "[$who] hard link of an outside file, then written: file unchanged" \
		eval '[ "$(cat "$f" 2>/dev/null)" = orig ]'
	sbx "mv $WS/a $OUT/moved"
	deny "[$who] rename out of the workspace is refused" \
		eval '[ -e "$WS/a" ] && [ ! -e "$OUT/moved" ]'
	# mv falls back to copy + unlink across mounts: the copy is a plain
	# read (allowed), the unlink must fail. rename(2) itself too.
	sbx "mv $f $WS/stolen; $PY -c 'import os; os.rename(\"$f\", \"$WS/stolen2\")'"
	deny "[$who] rename into the workspace is refused" \
		eval '[ "$(cat "$f" 2>/dev/null)" = orig ] && [ ! -e "$WS/stolen2" ]'
	sbx "$PY -c 'import os; os.rename(\"$WS/a\", \"$OUT/moved2\")'"
	deny "[$who] rename(2) out of the workspace is refused" \
		eval '[ -e "$WS/a" ] && [ ! -e "$OUT/moved2" ]'
	sbx "echo pwned > /proc/self/root$f"
	deny "[$who] /proc/self/root/... is refused" \
		eval '[ "$(cat "$f" 2>/dev/null)" = orig ] && [ "$RC" != 0 ]'
	sbx "cd $WS && echo pwned > ../outside/file; echo pwned > $WS/../outside/file"
	deny "[$who] .. paths are refused" eval '[ "$(cat "$f" 2>/dev/null)" = orig ]'
	sbx "truncate -s 0 $f"
	deny "[$who] truncate -s 0 (open, ftruncate) of a read-only file is refused" \
		eval '[ "$(cat "$f" 2>/dev/null)" = orig ] && [ "$RC" != 0 ]'
	# truncate(2) by path opens nothing: Landlock's TRUNCATE right (ABI 3)
	# is all that refuses it, WRITE_FILE does not come into it.
	sbx "$PY -c 'import os; os.truncate(\"$f\", 0)'"
	deny "[$who] truncate(2) by path of a read-only file is refused" \
		eval '[ "$(cat "$f" 2>/dev/null)" = orig ] && [ "$RC" != 0 ]'
	sbx ": > $f"
	deny "[$who] O_TRUNC of a read-only file is refused" eval '[ "$(cat "$f" 2>/dev/null)" = orig ]'
	if [ "$who" = root ] && [ -w /dev/kmsg ]; then
		# A device outside the device roots (harmless to write); the
		# kernel log is read back to see whether it arrived.
		local tag=sbxsh-escape-kmsg-$$-$RANDOM
		sbx "echo $tag > /dev/kmsg"
		deny "[$who] writing a device outside the device roots is refused" \
			eval '! dmesg 2>/dev/null | grep -q "$tag" && [ "$RC" != 0 ]'
	fi
}

# Metadata: Landlock alone cannot stop these; the mount layer does.
metadata_cases() {
	local who=$WHO f=$OUT/file

	sbx "chmod 777 $f"
	deny "[$who] chmod outside is refused" \
		eval '[ "$(mode_of "$f")" = "$M0" ] && [ "$RC" != 0 ]'
	if [ "$who" = root ]; then
		sbx "chown 12345:12345 $f"
		deny "[$who] chown outside is refused" \
			eval '[ "$(owner_of "$f")" = "$O0" ] && [ "$RC" != 0 ]'
	fi
	sbx "touch -d '2001-02-03 04:05:06' $f"
	deny "[$who] touch -d outside is refused" \
		eval '[ "$(mtime_of "$f")" = "$T0" ] && [ "$RC" != 0 ]'
	sbx "$PY -c 'import os; os.setxattr(\"$f\", \"user.sbx\", b\"1\")'"
	deny "[$who] setxattr outside is refused" \
		"$PY" -c "import os,sys; sys.exit('user.sbx' in os.listxattr('$f'))"
}

secret_cases() {
	local who=$WHO

	sbx "cat $HOME_F/.ssh/id_rsa; echo rc=\$?; cat $HOME_F/notes"
	deny "[$who] ~/.ssh/id_rsa is unreadable" \
		eval 'hasnt SECRET-KEY-42 && ! printf "%s\n" "$OUTPUT" | grep -qx rc=0'
	check "[$who] ... while ~/notes is readable" has "not secret"
	sbx "echo x > $HOME_F/.ssh/new; echo x >> $HOME_F/.ssh/id_rsa"
	deny "[$who] ~/.ssh is not writable" \
		eval '[ ! -e "$HOME_F/.ssh/new" ] && [ "$(cat "$HOME_F/.ssh/id_rsa")" = SECRET-KEY-42 ]'
}

# What the seccomp filter refuses (tests/integration/seccomp_rules.sh has
# one case per rule; these are the battery's own).
syscall_cases() {
	local who=$WHO caps=

	# Without a sandbox nobody has no CAP_SYS_ADMIN for mount(2); in a
	# session it does (the mount layer's user namespace), so the control
	# gives it one too.
	[ -n "$CONTROL" ] && [ "$who" = nobody ] && caps="unshare -Urm"
	if [ "$who" = root ]; then
		OUTPUT=$("$PY" "$B/pty_run.py" -- "$PY" "$B/tiocsti.py" 2>&1)
		diag "control, unconfined: $(printf '%s' "$OUTPUT" | grep TIOCSTI)"
	fi
	sbx_pty -- "$PY $B/tiocsti.py"
	deny "[$who] TIOCSTI on the controlling pty: EPERM (plain and high bits)" \
		has "TIOCSTI plain=1 highbit=1"
	sbx "$PY -c 'import ctypes,os; l=ctypes.CDLL(None,use_errno=True); r=l.ptrace(0x4206,os.getppid(),0,0); e=ctypes.get_errno(); r2=l.ptrace(0,0,0,0); print(\"PTRACE\",r,e,r2,ctypes.get_errno())'"
	deny "[$who] ptrace(SEIZE) of the shell and TRACEME fail with EPERM" \
		has "PTRACE -1 1 -1 1"
	sbx "$PY -c 'import ctypes; l=ctypes.CDLL(None,use_errno=True); r=l.unshare(0x10000000); print(\"UNSHARE\",r,ctypes.get_errno())'; unshare -U true && echo UNSHARED"
	deny "[$who] unshare(CLONE_NEWUSER) and unshare -U are refused (EPERM)" \
		eval 'has "UNSHARE -1 1" && hasnt UNSHARED'
	# A mount that works (control) is taken down again at once.
	sbx "mkdir -p $WS/mnt; $caps $PY -c 'import ctypes; l=ctypes.CDLL(None,use_errno=True); r=l.mount(b\"none\",b\"$WS/mnt\",b\"tmpfs\",0,None); print(\"MOUNT\",r,ctypes.get_errno()); r == 0 and l.umount2(b\"$WS/mnt\",2)'"
	deny "[$who] mount(2) fails with EPERM" has "MOUNT -1 1"
	sbx "mknod $WS/blk b 8 0; mknod $WS/chr c 1 3"
	deny_root "[$who] mknod of device nodes is refused" \
		eval '[ ! -e "$WS/blk" ] && [ ! -e "$WS/chr" ]'
	rm -f "$WS/blk" "$WS/chr"
}

# Both ends are tests/kernel/net_probe.py: the server's log says what got
# through, the client says it started and which errno it got.
net_cases() {
	local pidl port=
	local log=$B/netlog t=$$-$WHO-${ALONE:+alone}
	: >"$log"
	"$PY" "$B/net_probe.py" listen "$B/port" "$log" &
	pidl=$!
	for _ in $(seq 50); do [ -s "$B/port" ] && break; sleep 0.1; done
	port=$(cat "$B/port" 2>/dev/null)
	logged() { grep -qx "$1 $2" "$log"; }
	wait_logged() {
		for _ in $(seq 50); do logged "$1" "$2" && return 0; sleep 0.1; done
		return 1
	}
	local probe="$PY $B/net_probe.py"
	# The control (--backend none) runs the --no-network cases without
	# it: sbxsh refuses that pair (a rule no backend keeps), and the
	# control is that each attack reaches the server unconfined.
	local nonet=--no-network
	[ -n "$CONTROL" ] && nonet=
	sbx "$probe tcp $port tcp-on-$t; $probe udp $port udp-on-$t"
	check "[$WHO] control: with network, TCP connects and UDP arrives (the server got both)" \
		eval 'wait_logged TCP tcp-on-$t && wait_logged UDP udp-on-$t'
	SBX_EXTRA=$nonet sbx "$probe tcp $port tcp-off-$t"
	local o_tcp=$OUTPUT
	SBX_EXTRA=$nonet sbx "$probe udp $port udp-off-$t"
	local o_udp=$OUTPUT
	SBX_EXTRA=$nonet sbx "echo BASH-STARTED; bash -c 'echo devtcp-off-$t > /dev/tcp/127.0.0.1/$port'; echo rc=\$?"
	local o_dev=$OUTPUT
	SBX_EXTRA=$nonet sbx "$probe tcp6"
	local o_v6=$OUTPUT
	SBX_EXTRA=$nonet sbx "$probe unix $WS"
	local o_unix=$OUTPUT
	# Whatever got through has been logged once this sentinel, sent
	# from outside after every case, has.
	"$PY" "$B/net_probe.py" tcp "$port" "sentinel-$t" >/dev/null
	"$PY" "$B/net_probe.py" udp "$port" "sentinel-$t" >/dev/null
	wait_logged TCP "sentinel-$t" && wait_logged UDP "sentinel-$t" ||
		diag "the listener did not log the sentinel: $(cat "$log")"
	OUTPUT=$o_tcp
	deny "[$WHO] --no-network: TCP connect refused with EPERM, the server got nothing" \
		eval 'has "STARTED tcp" && has "ERRNO 1 tcp" && ! logged TCP tcp-off-$t'
	OUTPUT=$o_udp
	deny "[$WHO] --no-network: UDP socket refused with EPERM, the server got nothing" \
		eval 'has "STARTED udp" && has "ERRNO 1 udp" && ! logged UDP udp-off-$t'
	OUTPUT=$o_dev
	deny "[$WHO] --no-network: bash /dev/tcp refused, the server got nothing" \
		eval 'has BASH-STARTED && hasnt rc=0 && ! logged TCP devtcp-off-$t'
	OUTPUT=$o_v6
	deny "[$WHO] --no-network: IPv6 socket refused with EPERM" \
		eval 'has "STARTED tcp6" && has "ERRNO 1 tcp6"'
	OUTPUT=$o_unix
	check "[$WHO] --no-network: unix sockets still work" has "OK unix"
	kill "$pidl" 2>/dev/null
	wait "$pidl" 2>/dev/null
}

# Landlock ABI >= 6 scopes signals and abstract unix sockets to the
# session: nothing inside may signal or connect to a process outside.
scope_cases() {
	local pid lpid name=sbxesc-abstract-$$
	"${PRIV[@]}" sleep 60 &
	pid=$!
	"${PRIV[@]}" "$PY" -c "
import socket,sys
s=socket.socket(socket.AF_UNIX); s.bind('\0$name'); s.listen(4); s.settimeout(60)
while True:
    try: c,_=s.accept(); c.close()
    except Exception: sys.exit(0)
" &
	lpid=$!
	sleep 0.3
	sbx "kill $pid; kill -0 $pid && echo SIGNALLED"
	deny "[$WHO] kill of a process outside the session is refused" \
		eval 'kill -0 "$pid" 2>/dev/null && hasnt SIGNALLED'
	sbx "$PY -c 'import socket; s=socket.socket(socket.AF_UNIX); s.connect(\"\\0$name\"); print(\"ABSTRACT-CONNECTED\")' || echo CONNECT-FAILED"
	deny "[$WHO] connect to an abstract unix socket outside is refused" \
		eval 'hasnt ABSTRACT-CONNECTED && has CONNECT-FAILED'
	sbx "$PY -c 'import socket; s=socket.socket(socket.AF_UNIX); s.bind(\"\\0in-$name\"); s.listen(1); c=socket.socket(socket.AF_UNIX); c.connect(\"\\0in-$name\"); print(\"INSIDE-OK\")'"
	check "[$WHO] ... while one inside the session works" has INSIDE-OK
	kill "$pid" "$lpid" 2>/dev/null
	wait "$pid" "$lpid" 2>/dev/null
}

# What must keep working; checked from outside where it leaves a trace.
working_cases() {
	local who=$WHO

	sbx 'echo x > /dev/null && echo DEVNULL-OK; head -c 4 /dev/zero | wc -c; head -c 4 /dev/urandom | wc -c'
	check "[$who] /dev/null, /dev/zero, /dev/urandom work" \
		eval 'has DEVNULL-OK && [ "$(printf "%s\n" "$OUTPUT" | grep -cx 4)" = 2 ]'
	sbx 'd=$(mktemp -d) && echo tmp-ok > "$d/f" && cat "$d/f" && rm -r "$d"'
	check "[$who] mktemp -d works" has tmp-ok
	rm -rf "$WS/d" "$WS/fifo" "$WS/new"
	sbx "echo ws-ok > $WS/new && mkdir $WS/d && mv $WS/new $WS/d/ && mkfifo $WS/fifo && mkdir $WS/d/gone && rmdir $WS/d/gone"
	check "[$who] writing, renaming, mkfifo, mkdir, rmdir in the workspace work" \
		eval '[ "$(cat "$WS/d/new" 2>/dev/null)" = ws-ok ] && [ ! -e "$WS/new" ] && [ -p "$WS/fifo" ] && [ -d "$WS/d" ] && [ ! -e "$WS/d/gone" ]'
	sbx "rm -r $WS/d $WS/fifo"
	check "[$who] removing in the workspace works" eval '[ ! -e "$WS/d" ] && [ ! -e "$WS/fifo" ]'
	# The session starts in the workspace: relative paths must reach the
	# writable bind mount, not the read-only one it covers.
	rm -f "$WS/relfile"
	sbx "echo rel-ok > relfile && mkdir reldir && rmdir reldir"
	check "[$who] relative paths from the starting directory are writable" \
		eval '[ "$(cat "$WS/relfile" 2>/dev/null)" = rel-ok ] && [ ! -e "$WS/reldir" ]'
	local tf=/tmp/sbxesc-$$-$WHO
	rm -f "$tf"
	sbx "echo tmp2-ok > $tf"
	check "[$who] /tmp is writable" eval '[ "$(cat "$tf" 2>/dev/null)" = tmp2-ok ]'
	rm -f "$tf"
	[ "$DRIVER" = sbxsh ] || return 0
	sbx 'echo cache-ok > "$SANDBOX_PERSISTENT_DIR/x"'
	check "[$who] .sandbox-cache is writable" \
		eval '[ "$(cat "$WS/.sandbox-cache/x" 2>/dev/null)" = cache-ok ]'
	[ -n "$ALONE" ] && return 0
	# Other scopes: read-only keeps only the run folder; unrestricted
	# drops the filesystem rules but keeps the seccomp filter.
	SBX_EXTRA="--scope read-only" sbx "echo x > $WS/ro-scope; echo t > \$TMPDIR/t && cat \$TMPDIR/t && echo RUN-TMP-OK"
	deny "[$who] --scope read-only: the workspace is read-only" [ ! -e "$WS/ro-scope" ]
	check "[$who] --scope read-only: ... the run tmp writable" has RUN-TMP-OK
	rm -f "$OUT/unres"
	SBX_EXTRA="--scope unrestricted" sbx "echo x > $OUT/unres; unshare -U true || echo UNSHARE-DENIED"
	check "[$who] --scope unrestricted: writes anywhere" [ -e "$OUT/unres" ]
	deny "[$who] --scope unrestricted: ... the seccomp filter still on" has UNSHARE-DENIED
	rm -f "$OUT/unres"
	sbx_pty -- "$PY -c 'import os,termios; fd=os.open(\"/dev/tty\",os.O_RDWR); termios.tcgetattr(fd); print(\"TTY-OK\")'"
	check "[$who] tcgetattr on a freshly opened /dev/tty" has TTY-OK
	rm -f "$WS/vi.txt"
	sbx_pty --send 'ihello from vi\x1b' --send ':wq\r' -- "vi -u NONE -i NONE -N $WS/vi.txt"
	check "[$who] vi edits a file in a pty" [ "$(cat "$WS/vi.txt" 2>/dev/null)" = "hello from vi" ]
	sbx_pty --send 'q' -- "less $HOME_F/notes"
	check "[$who] less pages and quits in a pty" eval '[ "$RC" = 0 ] && has "not secret"'
	sbx_pty --send 'print(6*7)\r' --send 'exit()\r' -- "$PY -q"
	check "[$who] python3 REPL in a pty" \
		eval '[ "$RC" = 0 ] && printf "%s\n" "$OUTPUT" | tr -d "\r" | grep -qx 42'
}

battery() {
	M0=$(mode_of "$OUT/file") O0=$(owner_of "$OUT/file") T0=$(mtime_of "$OUT/file")

	sbx 'echo inside-ok'
	if [ "$RC" != 0 ] || ! has inside-ok; then
		not_ok "[$WHO] a session starts${ALONE:+ (Landlock alone)}"
		return
	fi
	ok "[$WHO] a session starts${ALONE:+ (Landlock alone)}"
	write_cases
	[ -z "$ALONE" ] && metadata_cases
	if [ -z "$CONTROL" ]; then
		check "[$WHO] outside file still orig, 644, same owner and mtime" untouched
	fi
	secret_cases
	if [ -z "$ALONE" ]; then
		syscall_cases
		net_cases
	fi
	working_cases
}

# The filesystem cases again, on Landlock's rules alone (see the header).
landlock_alone() {
	if [ "$DRIVER" != sbxsh ]; then
		skip "[$WHO] Landlock alone: needs the sbxsh driver (nesting)"
		return
	fi
	ALONE=1
	sbx 'policy'
	check "[$WHO] Landlock alone: the inner session has no mount layer, and says so" \
		eval 'has "not_enforced: metadata changes" && hasnt "mount_layer: read-only"'
	battery
	ALONE=
}

# escape_main [extra per-backend case function]
escape_main() {
	local extra=${1:-}
	pick_driver
	for who in root nobody; do
		if [ "$(id -u)" != 0 ]; then
			[ "$who" = root ] && continue
			skip_case_for root "runs as nobody need root (setpriv)"
			continue
		fi
		if [ "$who" = nobody ] && ! command -v setpriv >/dev/null; then
			skip_case_for setpriv "runs as nobody need setpriv"
			continue
		fi
		setup_user "$who"
		sbx 'echo probe-ok'
		if ! has probe-ok && [ "$RC" = 125 ]; then
			local why
			why="[$who] $BACKEND cannot run here: $(printf '%s' "$OUTPUT" | head -1)"
			if may_skip "$BACKEND"; then skip "$why"; else not_ok "$(strict_why "$BACKEND" "$why")"; fi
			cleanup_user
			continue
		fi
		battery
		[ -n "$extra" ] && "$extra"
		cleanup_user
	done
	echo "1..$n"
	[ "$fails" = 0 ] || exit 1
	if [ "$skipped" -ge "$n" ]; then # nothing could run here
		may_skip "$BACKEND" && exit 77
		echo "# $(strict_why "$BACKEND" "no case of the battery could run")"
		exit 1
	fi
	exit 0
}
