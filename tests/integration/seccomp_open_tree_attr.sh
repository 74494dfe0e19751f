#!/bin/bash
# tests/integration/seccomp_open_tree_attr.sh — the open_tree_attr attack
# of the security review (Linux 6.15, syscall 467, unknown to libseccomp
# 2.5.4), under --backend landlock and namespace, as root and as nobody.
#
# A job asks for a detached copy of a folder outside every writable root
# with MOUNT_ATTR_RDONLY cleared (x86_64, then again through the i386
# entry point), and through it writes a file, makes the outside file
# setuid and chowns it; then takes a non-recursive copy of the home,
# which leaves out the mount that masks ~/.ssh, and reads the key.
# Checked from outside: no new file, mode and owner unchanged, the key
# not printed.
#
# Controls, which show the test can fail: the same job under
# --backend none does all of it (root); and the mount layer alone, without
# the filter (a private mount namespace, `unshare -m` as root, `unshare
# -Urm` as nobody, with the folder bind-mounted read-only and ~/.ssh under
# a tmpfs, as the namespace backend does), falls to it too: a plain write
# there is refused, the attack's write is not.
. "${SBXSH_SRC:-$(dirname "$0")/../..}/tests/kernel/sc_lib.bash"

# The outside folder as it was: file, mode, owner; no planted file.
intact() {
	[ ! -e "$OUT/planted" ] && [ "$(cat "$OUT/file")" = orig ] &&
		[ "$(mode_of "$OUT/file")" = "$M0" ] &&
		[ "$(owner_of "$OUT/file")" = "$O0" ]
}

restore() {
	rm -f "$OUT/planted"
	chmod 644 "$OUT/file"
	chown "$O0" "$OUT/file"
}

attack() { # $1: label; runs the job under the current $BACKEND
	sbx "$B/sc_probe open_tree_attr $OUT $HOME_F"
	if [ "$RC" = 125 ]; then
		skip_case_for "$BACKEND" "[$1] $BACKEND cannot run here: $(printf '%s' "$OUTPUT" | head -1)"
		return
	fi
	if [ -n "$NATURAL" ]; then
		has "x86_64 OPEN_TREE_ATTR -1" &&
			skip "[$1] open_tree_attr fails with EPERM, as unconfined: not a proof"
	else
		check "[$1] open_tree_attr fails with EPERM (x86_64)" \
			has "x86_64 OPEN_TREE_ATTR -1"
		if grep -q "^i386 " <<<"$OUTPUT"; then
			check "[$1] ... and through the i386 entry point" \
				has "i386 OPEN_TREE_ATTR -1"
		else
			skip "[$1] i386 entry point: this kernel has no IA32 emulation (int \$0x80 raises SIGSEGV)"
		fi
	fi
	check "[$1] outside: no file written, mode $M0 and owner $O0 kept" intact
	check "[$1] the masked key is not read through a copy of the home" \
		hasnt SECRET-KEY-42
	restore
}

# The mount layer without the filter: what the job could do before.
mount_layer_control() {
	local sh="mount --bind '$OUT' '$OUT' && mount -o remount,bind,ro '$OUT' &&
		mount -t tmpfs none '$HOME_F/.ssh' &&
		{ echo x > '$OUT/plain' 2>/dev/null && echo PLAIN-WRITE-WORKED; } ;
		'$B/sc_probe' open_tree_attr '$OUT' '$HOME_F'"
	local un=(unshare -m)
	[ "$WHO" = nobody ] && un=(unshare -Urm)
	OUTPUT=$("${PRIV[@]}" "${un[@]}" sh -c "$sh" 2>&1)
	if ! has "OPEN_TREE_ATTR"; then
		skip_case_for mount-layer "[$WHO] control: no private mount namespace here: $(printf '%s' "$OUTPUT" | head -1)"
		return
	fi
	check "[$WHO] control, read-only mount layer alone: a plain write is refused" \
		eval '[ ! -e "$OUT/plain" ] && hasnt PLAIN-WRITE-WORKED'
	check "[$WHO] control, read-only mount layer alone: the attack writes outside" \
		[ "$(cat "$OUT/planted" 2>/dev/null)" = pwned ]
	check "[$WHO] control, read-only mount layer alone: ... and makes it setuid" \
		[ "$(mode_of "$OUT/file")" = 4755 ]
	[ "$WHO" = root ] &&
		check "[$WHO] control, read-only mount layer alone: ... and chowns it" \
			[ "$(owner_of "$OUT/file")" = 12345:12345 ]
	check "[$WHO] control, read-only mount layer alone: ... and reads the masked key" \
		has SECRET-KEY-42
	rm -f "$OUT/plain"
	restore
}

for_user() {
	M0=$(mode_of "$OUT/file") O0=$(owner_of "$OUT/file")
	if [ "$WHO" = root ] && [ "$DRIVER" = sbxsh ]; then
		BACKEND=none sbx "$B/sc_probe open_tree_attr $OUT $HOME_F"
		check "[root] control, --backend none: the attack writes, chmods, chowns, reads" \
			eval '[ "$(cat "$OUT/planted" 2>/dev/null)" = pwned ] &&
			[ "$(mode_of "$OUT/file")" = 4755 ] &&
			[ "$(owner_of "$OUT/file")" = 12345:12345 ] && has SECRET-KEY-42'
		restore
	fi
	mount_layer_control
	# Unconfined, as this user: does the kernel refuse on its own?
	OUTPUT=$(cd "$WS" && "${PRIV[@]}" "$B/sc_probe" open_tree_attr "$OUT" "$HOME_F" 2>&1)
	NATURAL=
	if has "x86_64 OPEN_TREE_ATTR -1"; then
		NATURAL=1
		diag "[$WHO] unconfined, the kernel refuses open_tree_attr too (no CAP_SYS_ADMIN; a session's user namespace maps $WHO to itself and drops its capabilities): the outcome is checked, the filter is proved as root"
	fi
	restore
	for be in landlock namespace; do
		BACKEND=$be
		attack "$WHO/$be"
	done
}

sc_each_user for_user
[ "$fails" = 0 ] || exit 1
[ "$skipped" -lt "$n" ] || { may_skip seccomp && exit 77; echo "# $(strict_why seccomp "no case could run here")"; exit 1; }
exit 0
