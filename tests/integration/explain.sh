#!/bin/bash
# tests/integration/explain.sh — explained denials and `policy why`
# (docs/design.md §9, issue 13). A small tool (tests/kernel/deny_tool.py) tries
# one thing and exits 1 saying "PATH: <strerror>" as C tools do; after it,
# sbxsh must print one "sbxsh: denied: ..." line naming the path and the
# rule, after the tool's own output, for each kind of denial: a write
# outside the roots, a masked secret (in a masked folder, a masked
# file), protected git metadata, a socket bound outside, the network
# under --no-network. Both Linux backends, as root and as nobody (who
# owns the test's home, so only the sandbox can refuse), with stderr a
# pipe (the forwarder) and a file (read back).
# Checked from outside: the file is unchanged. Control: the same tool
# under --backend none succeeds and gets no line, so each case can fail.
# No line after `false`, a missing file in the workspace, set +o explain
# or --explain-denials=off. A tool that prints nothing gets no line where
# the session has no kernel record of the mount layer's refusal, and the
# folder's line where it has (root, the kernel's audit on: its
# mount_denials note says which; docs/explain.md).
#
# TAP; 77 when not root (a failure under SBXSH_TEST_STRICT=1).
set -u
SBXSH=${SBXSH:?SBXSH must name the sbxsh binary}
SRC=${SBXSH_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$SRC/tests/integration/lib/rootcase.bash" sbxexplain
TOOL=$B/deny_tool.py
cp "$SRC/tests/kernel/deny_tool.py" "$TOOL"
chmod 755 "$TOOL"
command -v git >/dev/null || skip_all_for git "no git"

H=$B/home WS=$B/ws SOCK=$B/outside.sock
D='sbxsh: denied: '

# layout WHO: a home with a secret, a workspace that is a repository.
layout() {
	rm -rf "$H" "$WS" "$B/state"
	mkdir -p "$H/.ssh" "$H/.config/tool" "$WS"
	echo TOPSECRET-4711 >"$H/.ssh/id_rsa"
	echo "machine example.org password TOPSECRET-4711" >"$H/.netrc"
	git -C "$WS" init -q
	chown -R "$1" "$H" "$WS"
}
# sbx WHO BACKEND [sbxsh options...] COMMAND: stdout+stderr through a pipe
sbx() {
	local who=$1 be=$2 cmd=${*: -1}
	local as=()
	[ "$who" = nobody ] && as=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	shift 2
	(cd "$WS" && "${as[@]}" env -i HOME="$H" PATH="$PATH" \
		XDG_STATE_HOME="$B/state" "$SBXSH" --backend "$be" \
		"${@:1:$#-1}" -c "$cmd" 2>&1 | cat)
}
# has LINE: $OUT holds the line exactly
has() { printf '%s\n' "$OUT" | grep -qxF -- "$1"; }
nodeny() { ! printf '%s\n' "$OUT" | grep -q "^$D"; }
# after: the denial line comes after the tool's own message
after() {
	printf '%s\n' "$OUT" | awk -v t="deny_tool: " -v d="$D" '
		index($0, t) == 1 { seen = 1 }
		index($0, d) == 1 { if (!seen) bad = 1; got = 1 }
		END { exit !(got && !bad) }'
}

# An outside server on $SOCK, listening before the sessions open.
"$PY" - "$SOCK" <<'PYEOF' &
import os, socket, sys
s = socket.socket(socket.AF_UNIX)
s.bind(sys.argv[1]); os.chmod(sys.argv[1], 0o777); s.listen(8)
while True:
    c, _ = s.accept(); c.close()
PYEOF
SRV=$!
trap 'kill $SRV 2>/dev/null; rm -rf "$B"' EXIT
for _ in 1 2 3 4 5 6 7 8 9 10; do [ -S "$SOCK" ] && break; sleep 0.1; done

for who in root nobody; do
	uid=0
	[ "$who" = nobody ] && uid=65534
	for be in landlock namespace; do
		w="$be/$who"
		layout "$uid"
		st=$H/.config/tool/state

		# 1. a write outside the roots
		OUT=$(sbx $who $be "$TOOL write $st")
		check "$w: write outside the roots: its line" \
			has "${D}write $st (outside sandbox_writable: read-only) — policy check $st"
		check "$w: ... after the tool's own message" after
		check "$w: ... and the file was not made" test ! -e "$st"
		OUT=$(sbx $who none "$TOOL write $st")
		check "$w: control (--backend none): the write works, no line" \
			eval 'test -e "$st" && nodeny'
		rm -f "$st"

		# the same with stderr a file (read back) instead of a pipe,
		# as the same user (root refuses a .sandbox-cache nobody made)
		as=()
		[ "$who" = nobody ] && as=(setpriv --reuid=65534 --regid=65534 --clear-groups)
		(cd "$WS" && "${as[@]}" env -i HOME="$H" PATH="$PATH" XDG_STATE_HOME="$B/state" \
			"$SBXSH" --backend $be -c "$TOOL write $st" >"$B/out" 2>"$B/err")
		OUT=$(cat "$B/err")
		check "$w: stderr a file: the line is there too" \
			has "${D}write $st (outside sandbox_writable: read-only) — policy check $st"

		# 2. a masked secret: in a masked folder (~/.ssh: refused by
		# Landlock, and a tmpfs nobody may enter under the namespace
		# backend) and a masked file (~/.netrc: refused by Landlock
		# under the landlock backend; /dev/null under the namespace
		# backend, which reads empty)
		for sec in .ssh/id_rsa:ssh .netrc:netrc; do
			f=$H/${sec%%:*} kind=${sec#*:}
			OUT=$(sbx $who $be "$TOOL read $f")
			if printf '%s' "$OUT" | grep -q '^deny_tool: '; then
				check "$w: masked secret ($kind): its line" \
					has "${D}read $f (masked secret: $kind) — policy check $f"
			elif [ "$be" = namespace ] && [ "$kind" = netrc ]; then
				# by design: /dev/null over the file reads
				# empty, the tool fails without a word, and
				# sbxsh names the mask all the same
				check "$w: masked file ($kind): reads empty (/dev/null over it), and its line" \
					has "${D}read $f (masked secret: $kind) — policy check $f"
			else
				# Only a mask without Landlock (the mount
				# layer's /dev/null alone) reads empty: a
				# counted skip, a failure in strict mode,
				# never a silent pass.
				skip_case_for landlock "$w: the mask of $f read empty without an error (no Landlock rule refused it): no message to explain"
			fi
			check "$w: ... the secret ($kind) never reached the session" \
				eval '! printf "%s" "$OUT" | grep -q TOPSECRET'
			OUT=$(sbx $who none "$TOOL read $f && cat $f")
			check "$w: control: --backend none reads it ($kind), no line" \
				eval 'printf "%s" "$OUT" | grep -q TOPSECRET && nodeny'
		done

		# 3. protected git metadata
		OUT=$(sbx $who $be "policy check $WS/.git/config")
		if printf '%s' "$OUT" | grep -q 'held read-only by the mount layer'; then
			cp "$WS/.git/config" "$B/config.before"
			OUT=$(sbx $who $be "$TOOL write $WS/.git/config")
			check "$w: protected .git/config: its line" \
				has "${D}write $WS/.git/config (protected git-config: git runs commands it names outside the sandbox) — policy check $WS/.git/config"
			check "$w: ... and the config is unchanged" \
				cmp -s "$WS/.git/config" "$B/config.before"
			OUT=$(sbx $who none "$TOOL write $WS/.git/config")
			check "$w: control: --backend none writes it, no line" \
				eval '! cmp -s "$WS/.git/config" "$B/config.before" && nodeny'
			cp "$B/config.before" "$WS/.git/config"
		else
			skip_case_for mount-layer "$w: no mount layer: the protection is checker-only (nothing to explain)"
		fi

		# 4. a socket bound outside when the session opened
		OUT=$(sbx $who $be "$TOOL connect $SOCK")
		if printf '%s' "$OUT" | grep -q "deny_tool: $SOCK: Connection refused"; then
			check "$w: outside socket: its line" \
				has "${D}connect $SOCK (unix socket made outside the session) — policy check $SOCK"
		else
			not_ok "$w: outside socket: the connect was not refused"
		fi
		OUT=$(sbx $who $be --allow-socket "$SOCK" "$TOOL connect $SOCK")
		check "$w: control: --allow-socket connects, no line" \
			eval 'printf "%s" "$OUT" | grep -q "deny_tool: ok" && nodeny'

		# 5. the network under --no-network
		OUT=$(sbx $who $be --no-network "$TOOL net")
		check "$w: --no-network: its line" \
			has "${D}network (--network off) — policy why --net"
		OUT=$(sbx $who $be "$TOOL net")
		check "$w: control: with network, no line" \
			eval 'printf "%s" "$OUT" | grep -q "deny_tool: ok" && nodeny'

		# no line where the sandbox refused nothing
		OUT=$(sbx $who $be 'false; cat nothere; ls missing; mkdir -p d; touch d/x; chmod 0 d; cat d/x')
		check "$w: no line after false, missing files, a mode-bit refusal" nodeny
		OUT=$(sbx $who $be "set +o explain; $TOOL write $st")
		check "$w: set +o explain: no line" nodeny
		OUT=$(sbx $who $be --explain-denials=off "$TOOL write $st")
		check "$w: --explain-denials=off: no line" nodeny
		OUT=$(sbx $who $be --agent "$TOOL write $st")
		check "$w: --agent: the same line" \
			has "${D}write $st (outside sandbox_writable: read-only) — policy check $st"
		# A tool that says nothing: a line only from the kernel's
		# records of the mount layer's refusal (backends/audit_mnt.c:
		# root, the kernel's audit on), which the session's note says
		# it has; else none (docs/explain.md).
		OUT=$(sbx $who $be "$TOOL --quiet write $st; policy | grep '^mount_denials:'")
		if printf '%s' "$OUT" | grep -q "^mount_denials: from the kernel's audit records"; then
			check "$w: a tool that says nothing: the mount layer's record gives the folder's line" \
				eval '[ "$(printf "%s\n" "$OUT" | grep -c "^$D")" = 1 ] && has "${D}write ${st%/*} (outside sandbox_writable: read-only) — policy check ${st%/*}"'
		else
			check "$w: a tool that says nothing: no line (no audit records to read)" nodeny
		fi
		OUT=$(sbx $who $be "cp nothere /etc/sbx-explain-x")
		check "$w: cp of a missing file to /etc: no line (the copy never wrote)" nodeny
		OUT=$(sbx $who $be "touch /etc/sbx-explain-x 2>/dev/null")
		check "$w: touch /etc/x 2>/dev/null: the checker's line" \
			has "${D}write /etc/sbx-explain-x (outside sandbox_writable: read-only) — policy check /etc/sbx-explain-x"
		OUT=$(sbx $who $be "touch /etc/sbx-explain-x")
		check "$w: touch /etc/x: its line" \
			has "${D}write /etc/sbx-explain-x (outside sandbox_writable: read-only) — policy check /etc/sbx-explain-x"
		OUT=$(sbx $who $be "for i in 1 2 3 4 5 6 7; do $TOOL write /opt/sbx-x\$i 2>&1; done | cat >&2; false")
		check "$w: a pipeline whose status is 0 then false: no line for false" nodeny
		OUT=$(sbx $who $be "{ for i in 1 2 3 4 5 6 7; do $TOOL write /opt/sbx-x\$i; done; false; }")
		check "$w: seven refusals: five lines and one saying two more" \
			eval '[ "$(printf "%s\n" "$OUT" | grep -c "^$D")" = 6 ] && has "${D}... and 2 more (not shown)"'

		# policy why
		OUT=$(sbx $who $be "policy why $WS/src/a.c")
		check "$w: policy why, a root: allowed by the workspace" \
			eval 'printf "%s" "$OUT" | grep -q "verdict:   allowed" && printf "%s" "$OUT" | grep -q "writable root $WS (workspace"'
		OUT=$(sbx $who $be "policy why $st")
		check "$w: policy why, outside: --allow-write the folder" \
			has "  to allow:  --allow-write $H/.config/tool"
		OUT=$(sbx $who $be "policy why --read $H/.ssh/id_rsa")
		check "$w: policy why, a masked secret: cannot be allowed" \
			eval 'printf "%s" "$OUT" | grep -q "rule:      masked-secret" && printf "%s" "$OUT" | grep -q "^  cannot:" && ! printf "%s" "$OUT" | grep -q "to allow"'
		OUT=$(sbx $who $be "policy why $WS/.git/config")
		check "$w: policy why, a protected path: the git rule" \
			eval 'printf "%s" "$OUT" | grep -q "rule:      protected"'
		OUT=$(sbx $who $be "policy why --connect $SOCK")
		check "$w: policy why, an outside socket: --allow-socket" \
			has "  to allow:  --allow-socket $SOCK"
		OUT=$(sbx $who $be "policy why --json --read $H/.ssh/id_rsa")
		check "$w: policy why --json parses" \
			eval 'printf "%s" "$OUT" | "$PY" -c "import json,sys; d=json.load(sys.stdin); assert d[0][\"rule\"]==\"masked-secret\" and not d[0][\"allowed\"]"'
	done
done

# `policy why` alone: the last command's denials, with the remedy
layout 0
OUT=$(sbx root landlock "policy why")
check "policy why before any denial: a usage error" \
	eval 'printf "%s" "$OUT" | grep -q "no denial explained yet"'
OUT=$(sbx root landlock "$TOOL write $H/.config/tool/state; policy why")
check "policy why after a denial: its remedy" \
	has "  to allow:  --allow-write $H/.config/tool"

# The pipe forwarder changes nothing the reader sees: order of stdout and
# stderr in one pipe, every byte of a large stderr, the status, and a
# later `exec 2>FILE` of the user's.
layout 0
OUT=$(sbx root landlock 'for i in 1 2 3 4 5 6; do echo out$i; echo err$i >&2; done')
check "forwarder: 2>&1 keeps stdout and stderr in order" \
	test "$OUT" = "$(printf 'out%s\nerr%s\n' 1 1 2 2 3 3 4 4 5 5 6 6)"
nlines=$(cd "$WS" && env -i HOME="$H" PATH="$PATH" XDG_STATE_HOME="$B/state" \
	"$SBXSH" -c 'seq 1 200000 >&2; exit 3' 2>&1 >/dev/null | wc -l)
check "forwarder: 200000 lines of stderr all arrive" test "$nlines" = 200000
(cd "$WS" && env -i HOME="$H" PATH="$PATH" XDG_STATE_HOME="$B/state" \
	"$SBXSH" -c 'seq 1 10 >&2; exit 3' 2>&1 | cat >/dev/null; exit "${PIPESTATUS[0]}")
check "forwarder: the exit status is the script's (3)" test $? = 3
OUT=$(sbx root landlock "/bin/true; exec 2>$WS/log; exec sh -c 'echo to-log >&2'")
check "forwarder: exec 2>FILE then exec: the user's redirection stays" \
	eval 'test -z "$OUT" && grep -qx to-log "$WS/log"'
OUT=$(sbx root landlock "/bin/true; [ -p /dev/stderr ] && echo still-a-pipe")
check "forwarder: stderr is still a pipe for the job" has still-a-pipe
tap_done
