#!/bin/bash
# tests/integration/trust.sh — issue 20, items 1 and 2: nothing a session
# could write is trusted by a later one (docs/design.md §2b).
#   (a) a configuration planted in a writable root of the built-in policy
#       ($XDG_CONFIG_HOME under $TMPDIR) by an earlier session is refused,
#       whatever it says (scope = unrestricted; scope = read-only with
#       backend = none): exit 2, one line naming the file, nothing ran,
#       the decoy outside unchanged; and a session cannot plant it;
#   (b) sbxsh's own folders: a workspace or --allow-write inside or above
#       the configuration or state folder is refused; inside a session the
#       configuration cannot be written (checked outside);
#   (c) a configuration or rc file with a second hard link (in the
#       workspace), or writable by group or others, is refused;
#   (d) a workspace swapped for a symlink into ~/.local/bin, ~/.ssh, a
#       folder on PATH or a folder above a masked one is refused before
#       anything is created there; a symlink to a harmless folder is
#       accepted and the banner shows it resolved.
# Evidence from OUTSIDE the session; each refusal has a control (the same
# step accepted or the write landing without the rule: --backend none, a
# file outside every root). Both Linux backends, as root and as nobody.
# TAP.
set -u

SBXSH=${SBXSH:?SBXSH must name the sbxsh binary}
SRC=${SBXSH_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$SRC/tests/integration/lib/rootcase.bash" sbxtrust
unset XDG_CONFIG_HOME XDG_STATE_HOME XDG_CACHE_HOME SBXSH_CONFIG ENV

setup_user() { # root | nobody
	WHO=$1
	U=$B/$WHO
	rm -rf "$U"
	WS=$U/ws H=$U/home T=$U/t
	mkdir -p "$WS" "$H/.config/sbxsh" "$H/.local/bin" "$H/.local/state" \
		"$H/.ssh" "$T" "$U/pbin" "$U/safe" "$U/o/sec/in" "$U/out"
	echo secret-key >"$H/.ssh/id_rsa"
	echo decoy >"$U/out/decoy"
	if [ "$WHO" = nobody ]; then
		chown -R 65534:65534 "$U"
		PRIV=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	else
		PRIV=()
	fi
	CFG=$H/.config/sbxsh/config
	UPATH=$U/pbin:$PATH
}

# run BACKEND CMD [env VAR=V...] -- [sbxsh options...]: a -c session in
# $WS as the test user; $OUTPUT, $RC.
run() {
	local be=$1 cmd=$2 envs=()
	shift 2
	while [ $# -gt 0 ] && [ "$1" != -- ]; do envs+=("$1"); shift; done
	[ $# -gt 0 ] && shift
	OUTPUT=$(cd "$WS" && timeout -k 5 60 "${PRIV[@]}" env HOME="$H" \
		PATH="$UPATH" TMPDIR="$T" "${envs[@]}" "$SBXSH" --backend "$be" \
		"$@" -c "$cmd" 2>&1 </dev/null)
	RC=$?
}
has() { case $OUTPUT in *"$1"*) return 0 ;; esac; return 1; }
mine() { [ "$WHO" = nobody ] && chown -R 65534:65534 "$@"; return 0; }
# put FILE < TEXT: the test user's own file, mode 644, its folder made.
put() {
	mkdir -p "$(dirname "$1")"
	cat >"$1"
	chmod 644 "$1"
	mine "$(dirname "$1")"
}
decoy_ok() { [ "$(cat "$U/out/decoy")" = decoy ]; }
nlines() { printf '%s\n' "$OUTPUT" | grep -c .; }

# (a) A configuration in $TMPDIR (a writable root of every built-in
# policy), as an earlier session could have left it.
planted() {
	local be=$1; local tag="[$WHO $be]" x=$T/xdg kind
	local xc=$T/xdg/sbxsh/config
	# A session cannot plant it: $TMPDIR holds the configuration folder,
	# so it is no root of this session (and the write fails).
	rm -rf "$x"
	run "$be" "mkdir -p $x/sbxsh && printf '[sandbox]\nscope = unrestricted\n' > $xc" \
		XDG_CONFIG_HOME="$x" --
	check "$tag a session with XDG_CONFIG_HOME under TMPDIR cannot write the configuration (seen outside)" \
		eval '[ ! -e "$xc" ]'
	check "$tag ... and its banner says why TMPDIR is no root" \
		eval 'run "$be" true XDG_CONFIG_HOME="$x" -- --banner; has "refused: TMPDIR=$T" && has "sbxsh'"'"'s own folder"'
	run none "mkdir -p $x/sbxsh && printf '[sandbox]\nscope = unrestricted\n' > $xc" \
		XDG_CONFIG_HOME="$x" --
	check "$tag control: --backend none writes it" eval '[ -s "$xc" ]'
	for kind in unrestricted "read-only
backend = none"; do
		put "$xc" <<EOF
[sandbox]
scope = $kind
EOF
		run "$be" "echo pwned > $U/out/decoy; echo RAN" XDG_CONFIG_HOME="$x" --
		check "$tag a planted configuration (scope = ${kind%%$'\n'*}) is refused: exit 2, one line naming the file, nothing ran, the decoy unchanged" \
			eval '[ "$RC" = 2 ] && [ "$(nlines)" = 1 ] && has "config $xc" && has "writable root $T (tmp)" && ! has RAN && decoy_ok'
	done
	OUTPUT=$(cd "$WS" && "${PRIV[@]}" env HOME="$H" PATH="$UPATH" TMPDIR="$T" \
		XDG_CONFIG_HOME="$x" "$SBXSH" --print-policy 2>&1)
	RC=$?
	check "$tag --print-policy refuses it too (shows no policy the file asked for)" \
		eval '[ "$RC" = 2 ] && has "config $xc" && ! has "scope: read-only"'
	rm -rf "$x"
	# The control: the same file where no session can write it is read,
	# and then the decoy is written (the check above can fail).
	put "$CFG" <<EOF
[sandbox]
scope = unrestricted
EOF
	run "$be" "echo pwned > $U/out/decoy; echo RAN"
	check "$tag control: the same configuration in ~/.config/sbxsh is read (the decoy is written)" \
		eval 'has RAN && ! decoy_ok'
	echo decoy >"$U/out/decoy"
	mine "$U/out/decoy"
	rm -f "$CFG"
}

# (b) sbxsh's own folders are never writable.
own_folders() {
	local be=$1; local tag="[$WHO $be]" w
	for w in "$H/.config" "$H/.config/sbxsh" "$H/.local" \
		"$H/.local/state/sbxsh"; do
		mkdir -p "$w/sub"
		mine "$w"
		rm -rf "$w/.sandbox-runs" "$w/.sandbox-cache"
		run "$be" "echo x > f; echo RAN" -- --workspace "$w"
		check "$tag --workspace $w is refused (exit 2, nothing ran or was made)" \
			eval '[ "$RC" = 2 ] && has "sbxsh'"'"'s own folder" && ! has RAN && [ ! -e "$w/f" ] && [ ! -e "$w/.sandbox-runs" ]'
		run "$be" "echo x > $w/f; echo RAN" -- --allow-write "$w"
		check "$tag --allow-write $w is refused (exit 2, nothing ran)" \
			eval '[ "$RC" = 2 ] && has "sbxsh'"'"'s own folder" && ! has RAN && [ ! -e "$w/f" ]'
	done
	# The default places count whatever this session's XDG variables
	# say: a later session without them reads ~/.config/sbxsh.
	run "$be" "mkdir -p sbxsh; echo 'scope = unrestricted' > sbxsh/config; echo RAN" \
		XDG_CONFIG_HOME="$U/else" XDG_STATE_HOME="$U/else" -- --workspace "$H/.config"
	check "$tag --workspace ~/.config is refused also when XDG_CONFIG_HOME points elsewhere" \
		eval '[ "$RC" = 2 ] && has "holds sbxsh'"'"'s own folder $H/.config/sbxsh" && ! has RAN && [ ! -e "$CFG" ]'
	run "$be" "echo x > $WS/f; echo RAN" -- --workspace "$H/.config/sbxsh/sub"
	check "$tag a workspace inside the configuration folder is refused" \
		eval '[ "$RC" = 2 ] && has "lies in sbxsh'"'"'s own folder" && ! has RAN'
	# Also from the configuration file itself.
	put "$CFG" <<EOF
[sandbox]
allow-write = $H/.config
EOF
	run "$be" "echo RAN"
	check "$tag allow-write = ~/.config in the configuration is refused" \
		eval '[ "$RC" = 2 ] && ! has RAN'
	# Inside a session the configuration stays as it is.
	put "$CFG" <<EOF
# mine
EOF
	run "$be" "printf '[sandbox]\nbackend = none\n' >> $CFG; echo x > $H/.config/sbxsh/sbxshrc"
	check "$tag a job cannot write ~/.config/sbxsh/config nor create the rc file (seen outside)" \
		eval '[ "$(cat "$CFG")" = "# mine" ] && [ ! -e "$H/.config/sbxsh/sbxshrc" ]'
	run "$be" true -- --scope unrestricted --banner
	check "$tag scope unrestricted says that sbxsh's own folders are writable" \
		has "not_enforced: scope unrestricted: sbxsh's own folders"
	run none "printf '[sandbox]\nbackend = none\n' >> $CFG"
	check "$tag control: --backend none writes it" \
		eval 'grep -q "backend = none" "$CFG"'
	rm -f "$CFG"
}

# (c) Links and modes.
files() {
	local be=$1; local tag="[$WHO $be]"
	put "$WS/cfg" <<EOF
[sandbox]
allow-write = $U/safe
EOF
	ln "$WS/cfg" "$CFG"
	run "$be" "echo RAN"
	check "$tag a configuration that is a hard link to a workspace file is refused: exit 2, one line, nothing ran" \
		eval '[ "$RC" = 2 ] && [ "$(nlines)" = 1 ] && has "config $CFG" && has "2 hard links" && ! has RAN'
	rm -f "$WS/cfg"
	run "$be" "echo x > $U/safe/f; echo RAN"
	check "$tag control: with its other name gone it is read" \
		eval 'has RAN && [ -e "$U/safe/f" ]'
	rm -f "$U/safe/f"
	chmod 664 "$CFG"
	run "$be" "echo RAN"
	check "$tag a group-writable configuration is refused" \
		eval '[ "$RC" = 2 ] && has "config $CFG" && has "its group" && ! has RAN'
	chmod 646 "$CFG"
	run "$be" "echo RAN"
	check "$tag an other-writable configuration is refused" \
		eval '[ "$RC" = 2 ] && has "by others" && ! has RAN'
	rm -f "$CFG"
	# The rc file (sbxsh -i reads commands from the pipe after it).
	local rc=$H/.config/sbxsh/sbxshrc
	echo "touch $WS/rc-ran" | put "$WS/rc"
	ln "$WS/rc" "$rc"
	irun() {
		OUTPUT=$(cd "$WS" && echo "touch $WS/cmd-ran" | timeout -k 5 60 \
			"${PRIV[@]}" env HOME="$H" PATH="$UPATH" TMPDIR="$T" "$SBXSH" \
			--backend "$be" --no-config -i 2>&1)
		RC=$?
	}
	irun
	check "$tag an rc file that is a hard link to a workspace file: the session does not start (exit 2), nothing ran (seen outside)" \
		eval '[ "$RC" = 2 ] && has "rc file $rc" && has "2 hard links" && [ ! -e "$WS/rc-ran" ] && [ ! -e "$WS/cmd-ran" ]'
	rm -f "$WS/rc"
	chmod 664 "$rc"
	irun
	check "$tag a group-writable rc file: the session does not start, nothing ran" \
		eval '[ "$RC" = 2 ] && has "rc file $rc" && [ ! -e "$WS/rc-ran" ] && [ ! -e "$WS/cmd-ran" ]'
	chmod 644 "$rc"
	irun
	check "$tag control: the same rc file, one link and mode 644, is sourced" \
		eval '[ -e "$WS/rc-ran" ] && [ -e "$WS/cmd-ran" ]'
	rm -f "$rc" "$WS/rc-ran" "$WS/cmd-ran"
	# $ENV that needs the shell's expansion is judged inside, the same
	# way: an rc file in the workspace ends the session before its
	# first prompt.
	echo "touch $WS/rc-ran" | put "$WS/rc"
	OUTPUT=$(cd "$WS" && echo "touch $WS/cmd-ran" | timeout -k 5 60 \
		"${PRIV[@]}" env HOME="$H" PATH="$UPATH" TMPDIR="$T" \
		ENV='${HOME%/home}/ws/rc' "$SBXSH" --backend "$be" --no-config -i 2>&1)
	RC=$?
	check "$tag \$ENV expanded to an rc file in the workspace: exit 2, nothing ran" \
		eval '[ "$RC" = 2 ] && has "rc file $WS/rc" && has "lies in the writable root $WS" && [ ! -e "$WS/rc-ran" ] && [ ! -e "$WS/cmd-ran" ]'
	rm -f "$WS/rc" "$WS/rc-ran" "$WS/cmd-ran"
	# An rc file planted in $TMPDIR (the built-in policy's root) as
	# $XDG_CONFIG_HOME/sbxsh/sbxshrc.
	echo "touch $WS/rc-ran" | put "$T/xdg/sbxsh/sbxshrc"
	OUTPUT=$(cd "$WS" && echo "touch $WS/cmd-ran" | timeout -k 5 60 \
		"${PRIV[@]}" env HOME="$H" PATH="$UPATH" TMPDIR="$T" \
		XDG_CONFIG_HOME="$T/xdg" "$SBXSH" --backend "$be" --no-config -i 2>&1)
	RC=$?
	check "$tag an rc file in TMPDIR: the session does not start, nothing ran" \
		eval '[ "$RC" = 2 ] && has "writable root $T" && [ ! -e "$WS/rc-ran" ] && [ ! -e "$WS/cmd-ran" ]'
	rm -rf "$T/xdg" "$WS/rc-ran" "$WS/cmd-ran"
}

# (d) $TMPDIR/proj swapped for a symlink.
links() {
	local be=$1; local tag="[$WHO $be]" spec to extra before
	for spec in "$H/.local/bin:dot-folder" "$H/.ssh:dot-folder" \
		"$U/pbin:a folder on PATH" "$U/o:holds the masked secret $U/o/sec" \
		"$U/o/sec/in:lies in the masked secret $U/o/sec"; do
		to=${spec%%:*}
		rm -rf "$T/proj"
		ln -s "$to" "$T/proj"
		mine "$T/proj"
		before=$(ls -A "$to")
		run "$be" "echo x > f; echo RAN" -- --mask "$U/o/sec" --workspace "$T/proj"
		check "$tag --workspace \$TMPDIR/proj -> $to is refused (one line: the path, its target, why), nothing written there (seen outside)" \
			eval '[ "$RC" = 2 ] && [ "$(nlines)" = 1 ] && has "refusing $T/proj as the workspace: it resolves to $to" && has "${spec#*:}" && ! has RAN && [ "$(ls -A "$to")" = "$before" ]'
	done
	# Started in it: `cd $TMPDIR/proj && sbxsh` ($PWD names the link).
	rm -rf "$T/proj"
	ln -s "$H/.local/bin" "$T/proj"
	mine "$T/proj"
	OUTPUT=$(cd "$T/proj" && timeout -k 5 60 "${PRIV[@]}" env HOME="$H" \
		PATH="$UPATH" TMPDIR="$T" "$SBXSH" --backend "$be" \
		-c 'echo x > f; echo RAN' 2>&1 </dev/null)
	RC=$?
	check "$tag cd \$TMPDIR/proj (-> ~/.local/bin) && sbxsh is refused, nothing written there" \
		eval '[ "$RC" = 2 ] && has "refusing $T/proj as the workspace: it resolves to $H/.local/bin" && ! has RAN && [ -z "$(ls -A "$H/.local/bin")" ]'
	# Not through a symlink: ~/.ssh named directly is already refused
	# as a masked secret only for --allow-write; a linked --allow-write
	# is judged like the workspace.
	rm -rf "$T/proj"
	ln -s "$H/.local/bin" "$T/proj"
	mine "$T/proj"
	run "$be" "echo x > $T/proj/f; echo RAN" -- --allow-write "$T/proj"
	check "$tag --allow-write \$TMPDIR/proj -> ~/.local/bin is refused, nothing written" \
		eval '[ "$RC" = 2 ] && has "resolves to $H/.local/bin" && ! has RAN && [ ! -e "$H/.local/bin/f" ]'
	run "$be" "echo RAN" -- --state "$T/proj"
	check "$tag --state \$TMPDIR/proj -> ~/.local/bin is refused, nothing made there" \
		eval '[ "$RC" = 2 ] && has "refusing $T/proj as the --state folder: it resolves to $H/.local/bin" && ! has RAN && [ -z "$(ls -A "$H/.local/bin")" ]'
	# The control: a harmless target is accepted and shown resolved.
	rm -rf "$T/proj"
	ln -s "$U/safe" "$T/proj"
	mine "$T/proj"
	run "$be" "echo x > f; echo RAN" -- --banner --workspace "$T/proj"
	check "$tag control: \$TMPDIR/proj -> a plain folder is accepted, the banner shows it resolved, the file lands there" \
		eval '[ "$RC" = 0 ] && has "workspace: $T/proj -> $U/safe" && has RAN && [ "$(cat "$U/safe/f" 2>/dev/null)" = x ]'
	rm -rf "$T/proj" "$U/safe/f" "$U/safe/.sandbox-cache" "$U/safe/.sandbox-runs"
}

for who in root nobody; do
	setup_user "$who"
	for be in landlock namespace; do
		run "$be" 'echo probe-ok' -- --no-config
		if ! has probe-ok; then
			not_ok "[$who $be] a session starts: $(printf '%s' "$OUTPUT" | tail -1)"
			continue
		fi
		planted "$be"
		own_folders "$be"
		files "$be"
		links "$be"
	done
done
tap_done
