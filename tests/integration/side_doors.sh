#!/bin/bash
# tests/integration/side_doors.sh — the side doors of docs/design.md §2b that
# the backends close: sockets of unconfined daemons, other terminals, the
# terminal after the session, other processes. Each attack is checked from
# OUTSIDE the sandbox (the server's log empty, the other terminal's master
# read nothing, the outer shell ran the line typed after exit and nothing
# captured it, the outside process alive and its environ unread), and each
# has a control with --backend none that shows the attack works, so the
# check can fail. What must keep working is tested alongside: a server and
# client inside the session, --allow-socket, the session's own terminal,
# tmux and python's pty inside, nested sessions; and the hang-up grace at
# the session's end (a job ending on SIGHUP ends it at once, one ignoring
# it gets the whole grace, then SIGKILL).
# Both Linux backends, as root and as nobody (setpriv). TAP.
set -u

SBXSH=${SBXSH:?SBXSH must name the sbxsh binary}
SRC=${SBXSH_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$(dirname "$0")/lib/tap.bash"
PY=/usr/bin/python3
[ -x "$PY" ] || PY=$(command -v python3)
export PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin
unset TMPDIR XDG_STATE_HOME
DOORS=$SRC/tests/kernel/doors.py

setup_user() { # root | nobody
	WHO=$1
	B=$(mktemp -d /var/tmp/sbxdoors.XXXXXX)
	chmod 755 "$B"
	WS=$B/ws H=$B/home RUN=$B/run
	mkdir -p "$WS" "$H" "$RUN"
	cp "$DOORS" "$B/doors.py"
	if [ "$WHO" = nobody ]; then
		chown -R 65534:65534 "$B"
		PRIV=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	else
		PRIV=()
	fi
	TMPS=/tmp/sbxdoors-$$-$WHO
	rm -rf "$TMPS"
	mkdir -p "$TMPS"
	[ "$WHO" = nobody ] && chown 65534:65534 "$TMPS"
}

# sbx BACKEND CMD [sbxsh options...]: a -c session; $OUTPUT, $RC.
sbx() {
	local be=$1 cmd=$2
	shift 2
	OUTPUT=$(cd "$WS" && timeout -k 5 60 "${PRIV[@]}" env HOME="$H" \
		PATH="$PATH" "$SBXSH" --banner --backend "$be" "$@" -c "$cmd" \
		2>&1 </dev/null)
	RC=$?
}
has() { case $OUTPUT in *"$1"*) return 0 ;; esac; return 1; }

# bg_as CMD...: starts CMD in the background as the test user; $BG.
bg_as() {
	: >"$B/bg.out"
	"${PRIV[@]}" env HOME="$H" "$@" >"$B/bg.out" 2>&1 &
	BG=$!
	for _ in $(seq 150); do
		grep -q READY "$B/bg.out" 2>/dev/null && return 0
		sleep 0.1
	done
	return 1
}
stop_bg() { kill "$BG" 2>/dev/null; wait "$BG" 2>/dev/null; }
# logged PATTERN FILE: the server wrote PATTERN (it logs after the
# client hung up: give it a moment).
logged() {
	for _ in $(seq 30); do
		grep -q "$1" "$2" 2>/dev/null && return 0
		sleep 0.1
	done
	return 1
}

sockets() {
	local be=$1; local tag="[$WHO $be]" s log
	for s in "$RUN/daemon.sock" "$TMPS/agent.sock"; do
		log=$B/log.$be.$(basename "$s")
		rm -f "$s" "$log"
		touch "$log"
		[ "$WHO" = nobody ] && chown 65534 "$log"
		bg_as "$PY" "$B/doors.py" serve-unix "$s" "$log"
		sbx none "$PY $B/doors.py client-unix $s control-$be"
		check "$tag control (--backend none): $s reaches the daemon" \
			logged "control-$be" "$log"
		sbx "$be" "$PY $B/doors.py client-unix $s PWNED-$be"
		check "$tag a job cannot connect to $s (made outside the session)" \
			eval '! grep -q PWNED "$log" && ! has CONNECTED'
		sbx "$be" "$PY $B/doors.py client-unix $s ALLOWED-$be" --allow-socket "$s"
		check "$tag --allow-socket $s: the job reaches it" \
			logged "ALLOWED-$be" "$log"
		stop_bg
	done
	sbx "$be" "policy --all" --allow-socket "$RUN/daemon.sock"
	check "$tag policy lists the allowed socket" has "allowed sockets (--allow-socket):"
	check "$tag the banner says how sockets are confined" \
		eval 'has "sbxsh: sockets:" || has "sockets of processes outside"'
	# Abstract sockets: Landlock's scope.
	log=$B/log.$be.abstract
	: >"$log"
	[ "$WHO" = nobody ] && chown 65534 "$log"
	bg_as "$PY" "$B/doors.py" serve-abstract "sbxdoors-$$-$WHO-$be" "$log"
	sbx none "$PY $B/doors.py client-abstract sbxdoors-$$-$WHO-$be control"
	check "$tag control: the abstract socket reaches the daemon" logged control "$log"
	sbx "$be" "$PY $B/doors.py client-abstract sbxdoors-$$-$WHO-$be PWNED"
	check "$tag a job cannot connect to an abstract socket outside" \
		eval '! grep -q PWNED "$log"'
	stop_bg
	# What keeps working: server and client inside, in the workspace and
	# in the shared /tmp.
	sbx "$be" "$PY $B/doors.py pair $WS/inside.sock; $PY $B/doors.py pair $TMPS/inside-$be.sock"
	check "$tag a server and client inside the session work (workspace, /tmp)" \
		eval '[ "$(printf "%s\n" "$OUTPUT" | grep -c "PAIR-OK ping")" = 2 ]'
	rm -f "$WS/inside.sock"
}

terminals() {
	local be=$1; local tag="[$WHO $be]" tty log=$B/pty.$be
	: >"$log"
	[ "$WHO" = nobody ] && chown 65534 "$log"
	rm -f "$B/pty.path"
	"${PRIV[@]}" "$PY" "$B/doors.py" hold-pty "$log" 40 >"$B/pty.path" 2>"$B/pty.err" &
	BG=$!
	for _ in $(seq 300); do [ -s "$B/pty.path" ] && break; sleep 0.1; done
	tty=$(cat "$B/pty.path")
	if [ -z "$tty" ]; then
		not_ok "$tag an outside pty could be opened for the test: $(tr '\n' ' ' <"$B/pty.err")"
		stop_bg
		return
	fi
	sbx none "$PY $B/doors.py steal-tty $tty"
	sleep 0.3
	check "$tag control: another terminal ($tty) can be opened and written" \
		eval 'has OPENED && grep -q STOLEN "$log"'
	: >"$log"
	sbx "$be" "$PY $B/doors.py steal-tty $tty; echo x > $tty; cat $tty"
	sleep 0.3
	check "$tag another terminal of the user can be neither opened nor written" \
		eval '! has OPENED && ! grep -q . "$log"'
	stop_bg
	# The session's own terminal, and ptys made inside, keep working.
	OUTPUT=$(cd "$WS" && "${PRIV[@]}" env HOME="$H" "$PY" "$SRC/tests/kernel/pty_run.py" \
		--timeout 20 -- "$SBXSH" --backend "$be" -c \
		"tty; $PY -c 'import os; f=os.open(\"/dev/tty\", os.O_RDWR); os.write(f, b\"OWN-TTY-OK\\n\")'; $PY -c 'import pty,os,sys; pid,fd=pty.fork()
if pid == 0: os.execlp(\"echo\",\"echo\",\"INNER-PTY-OK\")
print(os.read(fd,100).decode().strip())'" 2>&1)
	check "$tag the session's own terminal works (tty, /dev/tty)" \
		eval 'has OWN-TTY-OK && printf "%s\n" "$OUTPUT" | grep -q "^/dev/pts/"'
	check "$tag python's pty works inside" has INNER-PTY-OK
	if command -v tmux >/dev/null; then
		# SHELL: tmux runs its windows with $SHELL, else the passwd
		# shell, which for nobody is nologin: the window would end at
		# once and the server with it, sandbox or not (CI has no SHELL).
		sbx "$be" "SHELL=/bin/sh tmux new-session -d -s t 'sleep 30' && tmux ls && tmux kill-server && echo TMUX-OK"
		check "$tag tmux works inside the session" has TMUX-OK
	fi
}

# The terminal after the session: a real bash in a pty runs sbxsh; a job
# that ignores SIGHUP, double-forks and calls setsid() keeps reading the
# terminal; after `exit` the line typed goes to bash, and nothing else.
after_session() {
	local be=$1
	local tag="[$WHO $be]" cap=$WS/captured.$be out=$B/outer.$be
	rm -f "$cap" "$out" "$WS/job.alive"
	cat >"$B/job.py" <<EOF
import os, signal, sys, time
signal.signal(signal.SIGHUP, signal.SIG_IGN)
if os.fork(): sys.exit(0)
os.setsid()
if os.fork(): sys.exit(0)
end = time.time() + 20
cap = open("$cap", "ab", 0)
open("$WS/job.alive", "w").write(str(os.getpid()))
# Quiet while the session lives (what it types is the session's own):
# the door is what comes after it.
time.sleep(3)
while time.time() < end:
    try:
        d = os.read(0, 100)
        if d:
            cap.write(d)
    except OSError:
        time.sleep(0.05)
EOF
	[ "$WHO" = nobody ] && chown 65534 "$B/job.py"
	OUTPUT=$(cd "$WS" && "${PRIV[@]}" env HOME="$H" "$PY" - "$SBXSH" "$be" "$B/job.py" "$out" <<'EOF' 2>&1
import os, sys, time, pexpect
sbx, be, job, out = sys.argv[1:5]
b = pexpect.spawn("bash", ["--norc", "--noprofile", "-i"], encoding="utf-8",
                  timeout=10 if be == "none" else 20,
                  env=dict(os.environ, PS1="OUTER$ ", TERM="dumb"))
b.expect_exact("OUTER$ ")
# (env -u PS1: bash's PS1 came from the environment, so it is exported,
# and an exported PS1 would be sbxsh's prompt too, --agent or not)
b.sendline("env -u PS1 %s --agent --backend %s" % (sbx, be))
b.expect_exact("sbxsh$ ")
b.sendline("/usr/bin/python3 %s; sleep 0.5; cat job.alive && echo ' JOB-STARTED'" % job)
b.expect_exact("JOB-STARTED")
b.expect_exact("sbxsh$ ")
print("ALIVE-BEFORE-EXIT")
b.sendline("exit")
time.sleep(3.5) # past the job's quiet time: it now reads the terminal
b.expect_exact("OUTER$ ")
print(b.before)
b.sendline("echo OUTER-RAN > %s" % out)
b.expect_exact("OUTER$ ")
time.sleep(0.5)
b.sendline("exit")
b.expect(pexpect.EOF)
print("HARNESS-DONE")
EOF
)
	[ -n "${DOORS_DEBUG:-}" ] && printf "%s\n" "$OUTPUT" | sed "s/^/#   /"
	check "$tag the job was alive before exit" \
		eval 'has ALIVE-BEFORE-EXIT && [ -s "$WS/job.alive" ]'
	if [ "$be" = none ]; then
		# The control: unconfined, the job outlives the shell and reads
		# what the user types to the outer shell next.
		check "$tag control: the job outlives the session and steals the line" \
			eval 'grep -q OUTER "$cap" 2>/dev/null || ! grep -q OUTER-RAN "$out"'
		pkill -f "$B/job.py" 2>/dev/null
		return
	fi
	check "$tag the harness ran to its end" has HARNESS-DONE
	check "$tag the outer shell ran the line typed after exit" grep -q OUTER-RAN "$out"
	check "$tag the job left behind captured nothing of it" \
		eval '! grep -q OUTER "$cap" 2>/dev/null'
	check "$tag sbxsh said it ended what was left behind" has "ended 1 process"

	check "$tag ... and it is gone" eval '! pgrep -f "$B/job.py" >/dev/null'
	pkill -f "$B/job.py" 2>/dev/null
}

other_processes() {
	local be=$1; local tag="[$WHO $be]" pid
	"${PRIV[@]}" env SBXDOORS_MARK=secret-env-42 sleep 300 &
	pid=$!
	sleep 0.2
	sbx none "tr '\\0' '\\n' < /proc/$pid/environ | grep SBXDOORS_MARK"
	check "$tag control: the outside process's environ is readable unconfined" \
		has secret-env-42
	sbx "$be" "tr '\\0' '\\n' < /proc/$pid/environ; ls -l /proc/$pid/cwd /proc/$pid/root; kill -TERM $pid; kill -KILL $pid; echo DONE"
	check "$tag its environ is unreadable from inside" eval 'has DONE && ! has secret-env-42'
	check "$tag it is still alive after kill from inside" kill -0 "$pid"
	# Pids inside are the PID namespace's, but not all alike: two
	# sessions writing /tmp/x.$$ at once must not collide.
	local a b
	sbx "$be" 'echo "PIDS $$"'; a=$(printf '%s\n' "$OUTPUT" | sed -n 's/^PIDS //p')
	sbx "$be" 'echo "PIDS $$"'; b=$(printf '%s\n' "$OUTPUT" | sed -n 's/^PIDS //p')
	check "$tag \$\$ differs between sessions and is not 2 ($a, $b)" \
		eval '[ -n "$a" ] && [ "$a" != "$b" ] && [ "$a" != 2 ] && [ "$b" != 2 ]'
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
}

nested() {
	local be=$1; local tag="[$WHO $be]"
	sbx "$be" "$SBXSH -c 'echo INNER-RAN; echo x > /etc/sbx-nested' 2>&1; echo RC=\$?"
	check "$tag a nested sbxsh runs, still confined" \
		eval 'has INNER-RAN && [ ! -e /etc/sbx-nested ]'
}

# The hang-up grace at the session's end, by the PID namespace's init and
# (in a nested session, which has no mount layer and so no PID namespace)
# by the shell as subreaper: a job that ends on SIGHUP is ended without
# waiting out the grace; one that ignores it gets the whole grace (300 ms)
# and then SIGKILL. Both are gone afterwards, looked for from outside.
hangup_grace() {
	local be=$1; local tag="[$WHO $be]" t0 t1 inner=""
	for nest in "" nested; do
		local mark=$((RANDOM + 7000)) what="$tag${nest:+ nested}"
		local job="sleep $mark &"
		# the session ends only once the job ignores SIGHUP
		local ign="(trap \"\" HUP; : >\"\$TMPDIR/r\"; exec sleep $((mark + 1))) & while [ ! -e \"\$TMPDIR/r\" ]; do sleep 0.01; done"
		if [ -n "$nest" ]; then
			job="$SBXSH -c '$job'"
			ign="$SBXSH -c '$ign'"
		fi
		# The hang-up's own time, as the init (or the reaping shell)
		# measured it from the SIGHUP to the job's end: the session's
		# whole time also holds its start, and with a job left the
		# namespaces' teardown, which a sanitizer build under load
		# stretches past 250 ms by itself.
		t0=$(date +%s%N)
		sbx "$be" "$job"
		t1=$(date +%s%N)
		local hup
		hup=$(sed -n 's/.* \([0-9][0-9]*\) ms after the hang-up.*/\1/p' <<<"$OUTPUT")
		check "$what a job that ends on SIGHUP: ended, no SIGKILL, well within the grace (${hup:-?} ms after the hang-up; the session $(( (t1 - t0) / 1000000 )) ms)" \
			eval 'has "ended 1 process" && ! has SIGKILL &&
				[ -n "$hup" ] && [ "$hup" -lt 250 ] &&
				! pgrep -x -f "sleep $mark" >/dev/null'
		t0=$(date +%s%N)
		sbx "$be" "$ign"
		t1=$(date +%s%N)
		check "$what a job that ignores SIGHUP: the whole grace, then SIGKILL ($(( (t1 - t0) / 1000000 )) ms)" \
			eval 'has "SIGKILL after the hang-up" &&
				[ $(( (t1 - t0) / 1000000 )) -ge 300 ] &&
				! pgrep -x -f "sleep $((mark + 1))" >/dev/null'
		pkill -x -f "sleep $mark|sleep $((mark + 1))" 2>/dev/null
	done
}

for who in root nobody; do
	# A missing root or setpriv is a counted skip, a failure in strict
	# mode: the runs as nobody must not vanish as "ok # SKIP".
	if [ "$who" = nobody ] && [ "$(id -u)" != 0 ]; then
		skip_case_for root "runs as nobody need root (setpriv)"
		continue
	fi
	if [ "$who" = nobody ] && ! command -v setpriv >/dev/null; then
		skip_case_for setpriv "runs as nobody need setpriv"
		continue
	fi
	if [ "$who" = root ] && [ "$(id -u)" != 0 ]; then
		skip_case_for root "the runs as root need root"
		continue
	fi
	setup_user "$who"
	after_session none
	for be in landlock namespace; do
		sbx "$be" 'echo probe-ok'
		if ! has probe-ok; then
			not_ok "[$who $be] a session starts: $(printf '%s' "$OUTPUT" | tail -1)"
			continue
		fi
		sockets "$be"
		terminals "$be"
		after_session "$be"
		other_processes "$be"
		nested "$be"
		hangup_grace "$be"
	done
	rm -rf "$B" "$TMPS"
done
tap_done
