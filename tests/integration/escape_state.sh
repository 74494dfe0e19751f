#!/bin/bash
# tests/integration/escape_state.sh — what one session (or the
# environment it is started with) can do to the NEXT session, and to the
# shell's own descriptors: the security review's items 2-5 and the refused
# workspaces of the side-doors issue. Every check looks from outside the
# sandbox: the folder outside still absent, the file unchanged, the history
# file intact, the start-up finished within a bound.
#
#   1. symlinks planted in .sandbox-cache (cache -> /outside, go -> /other)
#      are not followed by the next session: nothing created there,
#      nothing granted there, a "refused" note in the banner;
#   2. roots from the environment (GOMODCACHE, TMPDIR, XDG_CACHE_HOME)
#      that would hand out the system or the home are refused; a missing
#      one is never created;
#   3. a job cannot reach the shell's history fd (>&N, exec N>x, N>&-):
#      the history file keeps every typed line and nothing else;
#   4. a FIFO swapped in for an old run's mark, and a lock held on the
#      history file, do not make the next start-up hang;
#   5. workspaces that would hand out the home or the system are refused
#      (exit 2, nothing created): from ~, from /, --workspace /etc, ...
# Under both Linux backends, as root and as nobody (setpriv). TAP.
set -u

SBXSH=${SBXSH:?SBXSH must name the sbxsh binary}
SRC=${SBXSH_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$(dirname "$0")/lib/tap.bash"
PY=/usr/bin/python3
[ -x "$PY" ] || PY=$(command -v python3)
export PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin
unset TMPDIR XDG_CACHE_HOME GOMODCACHE GOPATH GOCACHE XDG_STATE_HOME

setup_user() { # root | nobody
	WHO=$1
	B=$(mktemp -d /var/tmp/sbxstate.XXXXXX)
	chmod 755 "$B"
	WS=$B/ws H=$B/home OUT=$B/outside
	mkdir -p "$WS" "$H" "$OUT"
	echo orig >"$OUT/file"
	if [ "$WHO" = nobody ]; then
		chown -R 65534:65534 "$B"
		PRIV=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	else
		PRIV=()
	fi
}

# as CMD...: runs CMD as the current test user, with the test's HOME.
as() { "${PRIV[@]}" env HOME="$H" PATH="$PATH" XDG_STATE_HOME="$H/.state" "$@"; }

# sbx BACKEND CMD [ENV=V...]: a -c session in $WS; $OUTPUT, $RC.
sbx() {
	local be=$1 cmd=$2
	shift 2
	OUTPUT=$(cd "$WS" && timeout -k 5 60 "${PRIV[@]}" env HOME="$H" \
		PATH="$PATH" XDG_STATE_HOME="$H/.state" "$@" \
		"$SBXSH" --banner --backend "$be" -c "$cmd" 2>&1 </dev/null)
	RC=$?
}
has() { case $OUTPUT in *"$1"*) return 0 ;; esac; return 1; }

# 1. Symlinks planted in the persistent folder by an earlier session.
planted_links() {
	local be=$1 tag="[$WHO $be]"

	sbx "$be" "rm -rf .sandbox-cache/cache .sandbox-cache/go; ln -s $OUT .sandbox-cache/cache && ln -s $B/other .sandbox-cache/go && echo PLANTED"
	check "$tag session 1 plants .sandbox-cache/cache -> outside, go -> missing" has PLANTED
	sbx "$be" "echo x > $OUT/new; mkdir -p $B/other/pkg/x; echo \"\$XDG_CACHE_HOME\" > /dev/null"
	check "$tag session 2 starts (the planted links do not stop it)" [ "$RC" = 0 ]
	check "$tag session 2 wrote nothing through cache -> outside" [ ! -e "$OUT/new" ]
	check "$tag session 2 created nothing where go -> points" [ ! -e "$B/other" ]
	check "$tag the banner says both were refused" \
		eval 'has "refused: XDG_CACHE_HOME=" && has "go/pkg"'
	check "$tag sandbox_writable names neither target" \
		eval '! printf "%s\n" "$OUTPUT" | grep "^sandbox_writable:" | grep -q -e "$OUT" -e "$B/other"'
	# go -> /etc: --print-policy must not list /etc/pkg (nor create it).
	as sh -c "cd '$WS' && rm -f .sandbox-cache/go && ln -s /etc .sandbox-cache/go"
	OUTPUT=$(cd "$WS" && as "$SBXSH" --print-policy 2>&1)
	check "$tag --print-policy with go -> /etc lists no /etc/pkg" \
		eval '! printf "%s\n" "$OUTPUT" | grep "^sandbox_writable:" | grep -q /etc/pkg'
	check "$tag ... and /etc/pkg was not created" [ ! -e /etc/pkg ]
	# .sandbox-cache itself replaced by a link to a folder outside.
	as sh -c "cd '$WS' && rm -rf .sandbox-cache && ln -s '$OUT' .sandbox-cache"
	sbx "$be" "echo x > \$SANDBOX_PERSISTENT_DIR/f2; echo x > $OUT/f3"
	check "$tag .sandbox-cache -> outside: refused, nothing written there" \
		[ ! -e "$OUT/f2" -a ! -e "$OUT/f3" ]
	check "$tag ... with a clear message" has "sandbox-cache"
	as rm -f "$WS/.sandbox-cache"
	rm -f "$OUT/new" "$OUT/f2" "$OUT/f3"
	rm -rf "$B/other"
}

# The policy (JSON) of a session in a read-only workspace, started with
# environment entry $1.
ro_ws_policy() {
	local ro=$B/ro
	mkdir -p "$ro"
	if [ "$WHO" = root ]; then
		OUTPUT=$(cd / && unshare -m --propagation private sh -c \
			'mount --bind -o ro "$1" "$1" && cd "$1" && shift && exec "$@"' \
			sh "$ro" env HOME="$H" "$1" "$SBXSH" --print-policy --json 2>&1)
	else
		chown root:root "$ro"
		chmod 755 "$ro"
		OUTPUT=$(cd "$ro" && as env "$1" "$SBXSH" --print-policy --json 2>&1)
	fi
}

# 2. Roots from the environment.
env_roots() {
	local be=$1 tag="[$WHO $be]"

	sbx "$be" "mkdir -p \$GOMODCACHE/x 2>/dev/null; echo done" GOMODCACHE="$B/anywhere/new"
	check "$tag GOMODCACHE=<missing> is not created nor granted" [ ! -e "$B/anywhere" ]
	sbx "$be" "echo x > $OUT/viaenv" GOMODCACHE="$OUT" GOPATH="$OUT"
	# An existing folder from the environment is a cache root
	# (docs/design.md §2); these are the kinds refused: the system, the
	# home. Most of these variables are routed while a state folder is
	# writable, so the environment's value counts in a read-only workspace:
	# one nobody cannot write, or a read-only bind mount for root.
	for spec in "GOMODCACHE=/etc" "TMPDIR=/etc" "XDG_CACHE_HOME=/usr/lib" "npm_config_cache=/" "GOCACHE=$H" "GOPATH=/usr/local/go" "CARGO_HOME=/usr"; do
		ro_ws_policy "$spec"
		check "$tag $spec: not in sandbox_writable, a refused note" \
			"$PY" -c '
import json, sys
p = json.loads(sys.argv[1]); home = sys.argv[2]; var = sys.argv[3]
bad = [r["path"] for r in p["sandbox_writable"]
       if r["path"] in ("/", home) or r["path"].startswith(("/etc", "/usr"))]
sys.exit(1 if bad or p["routing"] != "none" or
         var not in p["notes"].get("refused", "") else 0)' "$OUTPUT" "$H" "${spec%%=*}"
	done
	# TMPDIR=/ with HOME unset granted "/": now the write outside fails.
	OUTPUT=$(cd "$WS" && timeout 60 "${PRIV[@]}" env -u HOME PATH="$PATH" \
		TMPDIR=/ XDG_STATE_HOME="$H/.state" "$SBXSH" --banner \
		--backend "$be" -c "echo x > $OUT/tmpslash" 2>&1 </dev/null)
	check "$tag TMPDIR=/ with HOME unset: the write outside fails" [ ! -e "$OUT/tmpslash" ]
	check "$tag ... and / is not in sandbox_writable" \
		eval '! printf "%s\n" "$OUTPUT" | grep "^sandbox_writable:" | grep -Eq "\[/,|, /,|, /\]"'
	if [ "$WHO" = root ]; then
		rm -f /etc/sbxsh-env-test
		sbx "$be" "echo x > /etc/sbxsh-env-test" GOMODCACHE=/etc TMPDIR=/etc
		check "$tag GOMODCACHE=/etc TMPDIR=/etc: /etc stays read-only" [ ! -e /etc/sbxsh-env-test ]
	fi
}

# The history file of an --agent session of $WS (shell/interactive/histfile.h:
# <id>-<FNV-1a of the workspace's path>.agent.history).
hist_file() {
	"$PY" -c 'import os, sys
w = os.path.realpath(sys.argv[1])
h = 0xcbf29ce484222325
for b in w.encode():
    h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
print("%s/sbxsh/%s-%016x.agent.history" % (sys.argv[2], os.path.basename(w), h))' "$WS" "$H/.state"
}

# 3. The shell's own descriptors, from an interactive session in a pty.
history_fd() {
	local be=$1 tag="[$WHO $be]" hist
	rm -rf "$H/.state"
	OUTPUT=$(cd "$WS" && as "$PY" - "$SBXSH" "$be" <<'EOF' 2>&1
import os, sys, pexpect
sbx, be = sys.argv[1], sys.argv[2]
c = pexpect.spawn(sbx, ['--agent', '--backend', be], encoding='utf-8',
                  timeout=20, env=dict(os.environ, TERM='dumb'))
def run(line):
    c.expect_exact('sbxsh$ ')
    c.sendline(line)
run('echo typed-line-one')
# Every descriptor number the shell could hold, both ways a job reaches
# one: a duplication for a job, and the shell's own redirections.
run('for n in 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do '
    'sh -c "echo INJECTED-$n" >&$n; '
    '/usr/bin/python3 -c "import os; os.ftruncate(1, 0)" >&$n; done')
run('for n in 10 11 12 13 14; do eval "exec $n>/dev/null"; eval "exec $n>&-"; done; echo typed-line-two')
# Reopening it: the shell's own redirections through the magic links (or
# a symlink to one), and a job through /proc/<shell>/fd/N.
run('cat /dev/fd/12 /proc/$$/fd/12 2>&1 | head -3; echo INJECTED >/dev/fd/12; '
    'ln -sf /proc/$$/fd/12 hl; echo INJECTED >> hl; : > hl; echo typed-line-three')
run('for n in 10 11 12 13 14; do /usr/bin/python3 -c "import os,sys; '
    'f=open(\'/proc/%d/fd/%s\' % (os.getppid(), sys.argv[1]), \'a\'); '
    'f.write(\'INJECTED-BY-JOB\\n\')" $n; done; echo typed-line-four')
run('exit')
c.expect(pexpect.EOF)
print('PTY-DONE')
EOF
)
	hist=$(cat "$(hist_file)" 2>/dev/null)
	check "$tag the pty session ran to the end" has PTY-DONE
	check "$tag history holds every typed line" \
		eval 'case $hist in *typed-line-one*typed-line-two*typed-line-three*typed-line-four*exit*) true ;; *) false ;; esac'
	check "$tag nothing wrote into the history file (>&N, /dev/fd/N, /proc/<shell>/fd/N)" \
		eval '! printf "%s" "$hist" | grep -q "^INJECTED"'
	check "$tag the history was not read through /dev/fd/12" \
		eval '! printf "%s\n" "$OUTPUT" | grep -q "^echo typed-line-one"'
}

# 4. Start-ups that cannot be made to hang.
no_hang() {
	local be=$1 tag="[$WHO $be]" i pid slow=0 t0 t1
	for i in 1 2 3 4 5 6; do sbx "$be" true; done
	# A process of the same user (left behind, or in another session
	# of this workflow) swaps every old run's mark with a FIFO.
	"${PRIV[@]}" env HOME="$H" "$PY" - "$WS/.sandbox-runs" <<'EOF' &
import ctypes, os, sys, time
libc = ctypes.CDLL(None, use_errno=True)
runs = sys.argv[1]
end = time.time() + 40
while time.time() < end:
    for r in os.listdir(runs):
        d = os.path.join(runs, r)
        f = os.path.join(d, 'fifo')
        try:
            if not os.path.exists(f):
                os.mkfifo(f)
            # renameat2(AT_FDCWD, mark, AT_FDCWD, fifo, RENAME_EXCHANGE)
            libc.syscall(316, -100, os.path.join(d, '.sbxsh-run').encode(),
                         -100, f.encode(), 2)
        except OSError:
            pass
EOF
	pid=$!
	sleep 0.3
	for i in $(seq 1 20); do
		t0=$(date +%s%N)
		sbx "$be" true
		t1=$(date +%s%N)
		[ "$RC" = 124 ] || [ $(((t1 - t0) / 1000000)) -gt 10000 ] && slow=$((slow + 1))
	done
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	check "$tag 20 start-ups with marks swapped for FIFOs: none hung" [ "$slow" = 0 ]
	# A lock held forever on the history file.
	mkdir -p "$H/.state/sbxsh"
	touch "$(hist_file)"
	[ "$WHO" = nobody ] && chown -R 65534:65534 "$H/.state"
	"${PRIV[@]}" "$PY" -c "
import fcntl, time, sys
f = open('$(hist_file)')
fcntl.flock(f, fcntl.LOCK_EX)
print('LOCKED', flush=True)
time.sleep(30)" >"$B/lock.out" &
	pid=$!
	for i in $(seq 50); do grep -q LOCKED "$B/lock.out" && break; sleep 0.1; done
	OUTPUT=$(cd "$WS" && as timeout 20 "$PY" - "$SBXSH" "$be" <<'EOF' 2>&1
import os, sys, pexpect
c = pexpect.spawn(sys.argv[1], ['--agent', '--backend', sys.argv[2]],
                  encoding='utf-8', timeout=10, env=dict(os.environ, TERM='dumb'))
c.expect_exact('sbxsh$ ')
c.sendline('echo line-under-lock')
c.expect_exact('sbxsh$ ')
c.sendline('exit')
c.expect(pexpect.EOF)
print('PROMPT-OK')
EOF
)
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	check "$tag a lock held on the history file: the prompt still comes" has PROMPT-OK
	check "$tag ... and the line typed is kept" \
		grep -q line-under-lock "$(hist_file)"
}

# 5. Workspaces that would hand out the home or the system.
refused_workspaces() {
	local tag="[$WHO]"

	OUTPUT=$(cd "$H" && as "$SBXSH" -c 'echo RAN' 2>&1)
	RC=$?
	check "$tag started from ~: exit 2, nothing ran" eval '[ "$RC" = 2 ] && ! has RAN'
	check "$tag ... says what to do instead" has "mkdir -p ~/work/x && sbxsh --workspace ~/work/x"
	check "$tag ... and created nothing in ~" [ ! -e "$H/.sandbox-cache" -a ! -e "$H/.sandbox-runs" ]
	OUTPUT=$(cd / && as "$SBXSH" -c 'echo RAN' 2>&1)
	RC=$?
	check "$tag started from /: exit 2, nothing ran" eval '[ "$RC" = 2 ] && ! has RAN'
	check "$tag ... nothing created in /" [ ! -e /.sandbox-cache -a ! -e /.sandbox-runs ]
	for w in /etc /usr/local /var /var/lib/dpkg /proc /sys /dev /boot /run "$H" "$H/.." ; do
		OUTPUT=$(cd "$WS" && as "$SBXSH" --workspace "$w" -c 'echo RAN' 2>&1)
		RC=$?
		check "$tag --workspace $w: exit 2, nothing ran" eval '[ "$RC" = 2 ] && ! has RAN && has refusing'
	done
	check "$tag ... nothing created in /etc" [ ! -e /etc/.sandbox-cache -a ! -e /etc/.sandbox-runs ]
	OUTPUT=$(cd "$WS" && as "$SBXSH" --state "$H" -c 'echo RAN' 2>&1)
	RC=$?
	check "$tag --state ~: exit 2" eval '[ "$RC" = 2 ] && ! has RAN'
	OUTPUT=$(cd "$WS" && as "$SBXSH" --workflow x --root / -c 'echo RAN' 2>&1)
	check "$tag --workflow under a missing base: a clear error, nothing ran" eval '! has RAN'
	# HOME unset: the passwd home still counts.
	if [ "$WHO" = root ]; then
		OUTPUT=$(cd "$WS" && env -u HOME "$SBXSH" --workspace /root -c 'echo RAN' 2>&1)
		RC=$?
		check "$tag HOME unset, --workspace /root (passwd home): exit 2" eval '[ "$RC" = 2 ] && ! has RAN'
	fi
	# What stays fine.
	mkdir -p "$B/srvlike/x"
	[ "$WHO" = nobody ] && chown -R 65534:65534 "$B/srvlike"
	OUTPUT=$(as "$SBXSH" --workspace "$B/srvlike/x" -c 'echo RAN' 2>&1)
	check "$tag a folder under /var/tmp is a fine workspace" has RAN
	mkdir -p "$H/work/x"
	[ "$WHO" = nobody ] && chown -R 65534:65534 "$H/work"
	OUTPUT=$(as "$SBXSH" --workspace "$H/work/x" -c 'echo RAN' 2>&1)
	check "$tag ~/work/x is a fine workspace" has RAN
}

for who in root nobody; do
	if [ "$who" = nobody ] && { [ "$(id -u)" != 0 ] || ! command -v setpriv >/dev/null; }; then
		skip_case_for setpriv "runs as nobody need root and setpriv"
		continue
	fi
	[ "$who" = root ] && [ "$(id -u)" != 0 ] && continue
	setup_user "$who"
	refused_workspaces
	for be in landlock namespace; do
		sbx "$be" 'echo probe-ok'
		if ! has probe-ok; then
			not_ok "[$who $be] a session starts: $(printf '%s' "$OUTPUT" | tail -1)"
			continue
		fi
		as rm -rf "$WS/.sandbox-cache" "$WS/.sandbox-runs"
		planted_links "$be"
		env_roots "$be"
		history_fd "$be"
		no_hang "$be"
	done
	rm -rf "$B"
done
tap_done
