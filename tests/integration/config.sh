#!/bin/bash
# tests/integration/config.sh — the policy made the user's own (SPEC
# section 8): --allow-write, the configuration file, where it may come
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
# as_user CMD...: writes a file as the test user (the config must be theirs).
as_user() { "${PRIV[@]}" "$@"; }

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
	done
done
tap_done
