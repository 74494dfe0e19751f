#!/bin/bash
# tests/integration/config.sh — the policy made the user's own (docs/design.md
# §8): --allow-write, the configuration file, where it may come
# from, precedence and provenance. What the kernel allowed is checked
# from OUTSIDE the session (the file there or not, its content); every
# check that something is refused has a control that shows the same
# step succeeds without the rule (--backend none, or the flag left out).
# Both Linux backends, as root and as nobody (setpriv). TAP.
set -u

SBXSH=${SBXSH:?SBXSH must name the sbxsh binary}
SRC=${SBXSH_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$SRC/tests/integration/lib/rootcase.bash" sbxcfg
unset XDG_CONFIG_HOME XDG_STATE_HOME SBXSH_CONFIG ENV

setup_user() { # root | nobody
	WHO=$1
	U=$B/$WHO
	WS=$U/ws H=$U/home
	mkdir -p "$WS" "$H/.config/sbxsh" "$U/data" "$U/other" "$H/.ssh" \
		"$U/sec/inner"
	echo key >"$U/sec/inner/key"
	if [ "$WHO" = nobody ]; then
		chown -R 65534:65534 "$U"
		PRIV=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	else
		PRIV=()
	fi
	CFG=$H/.config/sbxsh/config
}

# sbx BACKEND CMD [sbxsh options...]: a -c session in $WS; $OUTPUT, $RC.
sbx() {
	local be=$1 cmd=$2
	shift 2
	OUTPUT=$(cd "$WS" && timeout -k 5 60 "${PRIV[@]}" env HOME="$H" \
		PATH="$PATH" "$SBXSH" --backend "$be" "$@" -c "$cmd" 2>&1 </dev/null)
	RC=$?
}
has() { case $OUTPUT in *"$1"*) return 0 ;; esac; return 1; }
# put FILE < TEXT: the test user's own file, mode 644.
put() {
	cat >"$1"
	chmod 644 "$1"
	[ "$WHO" = nobody ] && chown 65534:65534 "$1"
	return 0
}
# in_dir DIR BACKEND CMD: a session whose workspace is DIR.
in_dir() {
	OUTPUT=$(cd "$1" && timeout -k 5 60 "${PRIV[@]}" env HOME="$H" \
		PATH="$PATH" "$SBXSH" --backend "$2" -c "$3" 2>&1 </dev/null)
	RC=$?
}

allow_write() {
	local be=$1; local tag="[$WHO $be]"
	rm -f "$U/data/f" "$U/other/f"
	sbx "$be" "echo in-data > $U/data/f; echo in-other > $U/other/f"
	check "$tag control: without --allow-write the folder is read-only" \
		eval '[ ! -e "$U/data/f" ] && [ ! -e "$U/other/f" ]'
	sbx "$be" "echo in-data > $U/data/f; echo in-other > $U/other/f" \
		--allow-write "$U/data"
	check "$tag --allow-write DIR: a job writes in DIR (seen outside)" \
		eval '[ "$(cat "$U/data/f" 2>/dev/null)" = in-data ]'
	check "$tag --allow-write DIR: its sibling stays read-only" \
		eval '[ ! -e "$U/other/f" ]'
	sbx none "echo in-other > $U/other/f"
	check "$tag control: --backend none writes the sibling" \
		eval '[ "$(cat "$U/other/f" 2>/dev/null)" = in-other ]'
	rm -f "$U/data/f" "$U/other/f"
	# A relative DIR is taken from where sbxsh starts (the workspace
	# here), through a symlink to its target.
	ln -sfn "$U/data" "$WS/link"
	sbx "$be" "policy --json" --allow-write link
	check "$tag --allow-write link: canonical, reason user, from flag" \
		has "{\"path\": \"$U/data\", \"reason\": \"user\", \"why\": \"you asked for it (allow-write)\", \"from\": \"flag\"}"
	rm -f "$WS/link"
	sbx "$be" true --allow-write "$U/data" --print-profile bwrap
	check "$tag --print-profile bwrap binds the --allow-write folder" \
		has "--bind $U/data $U/data"
	sbx "$be" true --allow-write "$U/data" --print-profile seatbelt
	check "$tag --print-profile seatbelt allows writes in it" \
		has "(allow file-write* (subpath \"$U/data\")"
}

refusals() {
	local be=$1; local tag="[$WHO $be]" d
	# Each refused DIR: exit 2, a message naming why, nothing created.
	for d in "/:the whole system" "$H:your home folder" \
		"$H/.ssh:the masked secret $H/.ssh" \
		"$U/sec:it holds the masked secret $U/sec/inner" \
		"$U/missing:does not exist"; do
		rm -rf "$WS/.sandbox-runs" "$WS/.sandbox-cache"
		sbx "$be" "echo RAN" --mask "$U/sec/inner" --allow-write "${d%%:*}"
		check "$tag --allow-write ${d%%:*} is refused (exit 2, '${d#*:}', nothing ran or was made)" \
			eval '[ "$RC" = 2 ] && has "${d#*:}" && ! has RAN && [ ! -e "$WS/.sandbox-runs" ]'
	done
	sbx "$be" "echo RAN" --mask "$U/sec/inner" --allow-write "$U/other"
	check "$tag control: the same line with a plain folder runs" \
		eval '[ "$RC" = 0 ] && has RAN'
}

config_file() {
	local be=$1; local tag="[$WHO $be]"
	rm -f "$U/data/f" "$WS/f"
	put "$CFG" <<EOF
# the user's configuration
[sandbox]
allow-write = $U/data
network = no
scope = read-only
keep-env = SBXTEST_TOKEN
mask = $U/sec/inner
protect = .envrc
allow-socket = $U/agent.sock
EOF
	sbx "$be" "echo x > $U/data/f; echo y > $WS/f"
	check "$tag the file's scope = read-only holds: the workspace is not written" \
		eval '[ ! -e "$WS/f" ] && [ ! -e "$U/data/f" ]'
	sbx "$be" "echo x > $U/data/f; echo y > $WS/f" --scope workspace
	check "$tag a flag wins over the file: --scope workspace writes the workspace" \
		eval '[ "$(cat "$WS/f" 2>/dev/null)" = y ]'
	check "$tag the file's allow-write makes its folder writable" \
		eval '[ "$(cat "$U/data/f" 2>/dev/null)" = x ]'
	rm -f "$U/data/f" "$WS/f"
	sbx "$be" "echo x > $U/data/f" --scope workspace --no-config
	check "$tag control: --no-config reads none (the folder stays read-only)" \
		eval '[ ! -e "$U/data/f" ]'
	sbx "$be" "policy --json" --scope workspace
	check "$tag policy --json: the root's from is config FILE:LINE" \
		has "\"reason\": \"user\", \"why\": \"you asked for it (allow-write)\", \"from\": \"config $CFG:3\""
	check "$tag policy --json: the kept variable's from is config FILE:LINE" \
		has "{\"pattern\": \"SBXTEST_TOKEN\", \"from\": \"config $CFG:6\""
	check "$tag policy --json names the file read" has "\"config\": \"$CFG\""
	check "$tag policy --json: the workspace's from is default" \
		has "\"reason\": \"workspace\", \"why\": \"the workflow's own files\", \"from\": \"default\""
	check "$tag policy --json: the file's mask, protected path and socket say config FILE:LINE" \
		eval 'has "\"tool\": \"--mask\", \"why\": \"you asked for it\", \"from\": \"config $CFG:7\"" &&
			has "\"path\": \"$WS/.envrc\", \"reason\": \"user\", \"why\": \"--protect\", \"state\": \"absent\", \"from\": \"config $CFG:8\"" &&
			has "{\"path\": \"$U/agent.sock\", \"from\": \"config $CFG:9\"}"'
	sbx "$be" "cat $U/sec/inner/key && echo READ-OK" --scope workspace
	check "$tag the file's mask holds: the masked key is not readable" eval '! has READ-OK'
	sbx "$be" "cat $U/sec/inner/key && echo READ-OK" --scope workspace --no-config
	check "$tag control: without the file it is" has READ-OK
	sbx "$be" "policy --all" --scope workspace --allow-write "$U/other"
	check "$tag policy: a flag's root says [flag], the file's [config FILE:LINE]" \
		eval 'has "allow-write) [flag]" && has "allow-write) [config $CFG:3]"'
	# The network: the file denies it, --network gives it back.
	sbx "$be" "$PY -c 'import socket; socket.socket(); print(\"SOCK-OK\")'"
	check "$tag the file's network = no: no socket" eval '! has SOCK-OK'
	sbx "$be" "$PY -c 'import socket; socket.socket(); print(\"SOCK-OK\")'" --network
	check "$tag --network wins over the file" has SOCK-OK

	# [workflow "ID"]: one workflow only.
	mkdir -p "$U/wfA" "$U/wfB"
	[ "$WHO" = nobody ] && chown 65534:65534 "$U/wfA" "$U/wfB"
	put "$CFG" <<EOF
[workflow "wfA"]
allow-write = $U/data
EOF
	in_dir "$U/wfA" "$be" "echo A > $U/data/f"
	check "$tag [workflow \"wfA\"] applies to the workflow wfA" \
		eval '[ "$(cat "$U/data/f" 2>/dev/null)" = A ]'
	rm -f "$U/data/f"
	in_dir "$U/wfB" "$be" "echo B > $U/data/f"
	check "$tag ... and not to the workflow wfB" eval '[ ! -e "$U/data/f" ]'
	rm -rf "$U/wfA" "$U/wfB"

	# A bad line: its file and line, nothing runs.
	put "$CFG" <<EOF
[sandbox]
mask = /x
scope = everything
EOF
	sbx "$be" "echo RAN"
	check "$tag a bad line: 'sbxsh: config FILE:3: ...', exit 2, nothing ran" \
		eval '[ "$RC" = 2 ] && has "sbxsh: config $CFG:3: --scope everything" && ! has RAN'
	rm -f "$CFG"
}

refused_files() {
	local be=$1; local tag="[$WHO $be]" mine=0 t
	[ "$WHO" = nobody ] && mine=65534
	# In the workspace (a writable root): refused; the same file in
	# ~/.config is read (the control).
	put "$WS/sbxsh.conf" <<EOF
[sandbox]
allow-write = $U/data
EOF
	rm -f "$U/data/f"
	sbx "$be" "echo x > $U/data/f; echo RAN" --config "$WS/sbxsh.conf"
	check "$tag a configuration in the workspace is refused (exit 2, nothing ran)" \
		eval '[ "$RC" = 2 ] && has "lies in the writable root $WS (workspace)" && ! has RAN && [ ! -e "$U/data/f" ]'
	OUTPUT=$(cd "$WS" && timeout -k 5 60 "${PRIV[@]}" env HOME="$H" \
		SBXSH_CONFIG="$WS/sbxsh.conf" "$SBXSH" --backend "$be" -c "echo RAN" 2>&1 </dev/null)
	check "$tag SBXSH_CONFIG in the workspace is refused too" \
		eval 'has "lies in the writable root" && ! has RAN'
	# In /tmp, a writable root of every session.
	t=/tmp/sbxcfg-$$-$WHO.conf
	cp "$WS/sbxsh.conf" "$t"
	chown "$mine" "$t"
	sbx "$be" "echo RAN" --config "$t"
	check "$tag a configuration in /tmp is refused" \
		eval '[ "$RC" = 2 ] && has "writable root /tmp" && ! has RAN'
	rm -f "$t"
	mv "$WS/sbxsh.conf" "$CFG"
	sbx "$be" "echo x > $U/data/f; echo RAN"
	check "$tag control: the same file in ~/.config/sbxsh is read" \
		eval 'has RAN && [ -e "$U/data/f" ]'
	rm -f "$U/data/f"
	# Someone else's, or writable by others: refused.
	chown 4242 "$CFG"
	sbx "$be" "echo RAN"
	check "$tag a configuration owned by another user is refused" \
		eval '[ "$RC" = 2 ] && has "owned by uid 4242" && ! has RAN'
	chown "$mine" "$CFG"
	chmod 666 "$CFG"
	sbx "$be" "echo RAN"
	check "$tag a configuration others can write is refused" \
		eval '[ "$RC" = 2 ] && has "can be written by others" && ! has RAN'
	chmod 644 "$CFG"
	chmod 777 "$H/.config/sbxsh"
	sbx "$be" "echo RAN"
	check "$tag a configuration in a folder others can write is refused" \
		eval '[ "$RC" = 2 ] && has "the folder $H/.config/sbxsh can be written by others" && ! has RAN'
	chmod 755 "$H/.config/sbxsh"
	if [ "$WHO" = nobody ]; then
		chown 0:0 "$CFG"
		sbx "$be" "echo RAN"
		check "$tag a configuration owned by root is trusted" has RAN
	fi
	rm -f "$CFG"
}

# The rc file's refusals as each user (pty_rc.py drives a real terminal
# as root): sbxsh -i reads commands from the pipe, after the rc file.
rc_files() {
	local be=$1; local tag="[$WHO $be]" rc=$H/.config/sbxsh/sbxshrc
	echo 'RCVAR=sourced' | put "$rc"
	irun() {
		OUTPUT=$(cd "$WS" && echo 'echo "[$RCVAR]"' | timeout -k 5 60 \
			"${PRIV[@]}" env HOME="$H" PATH="$PATH" "$@" "$SBXSH" \
			--backend "$be" --no-config -i 2>&1)
		RC=$?
	}
	irun
	check "$tag the user's own rc file is sourced (sbxsh -i)" has "[sourced]"
	chown 4242 "$rc"
	irun
	# Refused: the session does not start (issue 20: fail closed), and
	# nothing ran, not even the command after it.
	check "$tag an rc file owned by another user: the session does not start (exit 2), nothing ran" \
		eval '[ "$RC" = 2 ] && has "owned by uid 4242" && has "does not start" && ! has "[]" && ! has "[sourced]"'
	chown "$([ "$WHO" = nobody ] && echo 65534 || echo 0)" "$rc"
	echo 'RCVAR=from-ws' | put "$WS/rc"
	irun env ENV="$WS/rc"
	check "$tag an rc file (\$ENV) in the workspace: the session does not start (exit 2), nothing ran" \
		eval '[ "$RC" = 2 ] && has "lies in the writable root $WS" && ! has "[]" && ! has "[from-ws]"'
	irun env ENV="$rc"
	check "$tag control: \$ENV naming the file in ~/.config is sourced" has "[sourced]"
	rm -f "$rc" "$WS/rc"
}

for who in root nobody; do
	setup_user "$who"
	for be in landlock namespace; do
		sbx "$be" 'echo probe-ok' --no-config
		if ! has probe-ok; then
			not_ok "[$who $be] a session starts: $(printf '%s' "$OUTPUT" | tail -1)"
			continue
		fi
		allow_write "$be"
		refusals "$be"
		config_file "$be"
		refused_files "$be"
		rc_files "$be"
	done
done
tap_done
