#!/bin/bash
# tests/integration/seccomp_rules.sh — every rule of the seccomp filter,
# refused for real inside sbxsh sessions: --backend landlock and
# namespace, with and without network, as root and as nobody.
#
# tests/kernel/sc_probe makes each call of the filter (every row of
# sc_rules[], every by-number rule, numbers above the maximum, x32; both
# entry points, x86_64 and i386) with arguments for which the kernel
# itself answers something else than the filter's errno, and that are
# harmless when the call runs (SysV IPC: refused only in a session with
# no private IPC namespace, the nested run). It runs twice per user: unconfined (the
# control) and in the session. A case is a proof when the session gives
# the filter's errno and the control does not; when the control gives the
# same errno too (a privilege check that fails as nobody first, or ENOSYS
# above the maximum, which is the kernel's own answer) it is reported as
# not a proof (SKIP), never counted. Allowed cases (TIOCSCTTY 0, the
# personality query, fork-like clone, FIFOs, AF_UNIX) must answer in the
# session as they do unconfined.
#
# Then TIOCSCTTY from a real pty: as root, setsid() + TIOCSCTTY 1 takes the
# terminal from the session holding it (the control shows it does); in a
# session it is refused and the shell keeps its terminal.
. "${SBXSH_SRC:-$(dirname "$0")/../..}/tests/kernel/sc_lib.bash"

proofs=0 unproven=0

# compare LABEL CONTROL-FILE: the session's output is in $OUTPUT.
compare() {
	local label=$1 id want got w c
	local -A ctl=()
	local seen=0
	while read -r id want got; do
		[ "${id#\#}" = "$id" ] || continue
		ctl[$id]=${got#got=}
	done <"$2"
	while read -r id want got; do
		case $id in x86_64:* | i386:* | x32:*) ;; *) continue ;; esac
		seen=$((seen + 1))
		want=${want#want=} got=${got#got=} c=${ctl[$id]:-missing}
		case $want in
		EPERM) w=-1 ;;
		ENOSYS) w=-38 ;;
		*) w= ;;
		esac
		if [ -z "$w" ]; then
			check "[$label] $id: allowed, $got as unconfined" \
				[ "$got" = "$c" ]
		elif [ "$got" != "$w" ]; then
			not_ok "[$label] $id: got $got, want $want ($w)"
		elif [ "$c" = "$w" ]; then
			skip "[$label] $id: $want, but the unconfined control says $c too: not a proof"
			unproven=$((unproven + 1))
		else
			ok "[$label] $id: $want, unconfined $c"
			proofs=$((proofs + 1))
		fi
	done <<<"$OUTPUT"
	check "[$label] the session ran every case of the control ($seen)" \
		[ "$seen" = "${#ctl[@]}" -a "$seen" -gt "$MIN_CASES" ]
}

rules_for_user() {
	local be net ctl=$B/control.txt
	(cd "$WS" && "${PRIV[@]}" "$B/sc_probe" rules >"$ctl" 2>&1)
	check "[$WHO] sc_probe has a case for every sc_rules[] row and sc_nrs.h call" \
		[ $? = 0 ]
	# No IA32 emulation (int $0x80 is SIGSEGV there; the probe asks in a
	# child): the i386 entry point does not exist to be refused. Counted.
	MIN_CASES=150
	grep -q '^i386:' "$ctl" || MIN_CASES=75
	grep -q '^i386:' "$ctl" ||
		skip "[$WHO] i386 cases: this kernel has no IA32 emulation (int \$0x80 raises SIGSEGV); x86_64 and x32 only"
	for be in landlock namespace; do
		BACKEND=$be
		for net in "" --no-network; do
			SBX_EXTRA=$net sbx "$B/sc_probe rules $net"
			if [ "$RC" = 125 ]; then
				skip_case_for "$be" "[$WHO/$be] $be cannot run here: $(printf '%s' "$OUTPUT" | head -1)"
				continue 2
			fi
			compare "$WHO/$be${net:+ $net}" "$ctl"
		done
	done
	# No mount layer (a session nested in another, whose filter refuses
	# unshare): no private IPC namespace, so SysV IPC is refused too.
	BACKEND=landlock ALONE=1
	sbx "$B/sc_probe rules --no-ipcns"
	ALONE=
	if [ "$RC" = 125 ]; then
		skip_case_for landlock "[$WHO/landlock nested] cannot run here: $(printf '%s' "$OUTPUT" | head -1)"
	else
		compare "$WHO/landlock nested, no IPC namespace" "$ctl"
	fi
	BACKEND=landlock
}

# As root a job could take the session's terminal; as nobody the kernel
# refuses without CAP_SYS_ADMIN (then nothing is proved, and said so).
tiocsctty_for_user() {
	local be
	OUTPUT=$(cd "$WS" && "${PRIV[@]}" "$PY" "$B/pty_run.py" -- "$B/sc_probe" tiocsctty 2>&1)
	diag "[$WHO] control, unconfined: $(printf '%s' "$OUTPUT" | grep TIOCSCTTY | tr '\n' ' ')"
	local stolen=0
	has "steal=0" && has "still-mine=0" && stolen=1
	for be in landlock namespace; do
		BACKEND=$be
		sbx_pty -- "$B/sc_probe tiocsctty; echo SHELL-STILL-HERE"
		if [ "$stolen" = 1 ]; then
			check "[$WHO/$be] setsid + TIOCSCTTY 1 is refused, the shell keeps its terminal" \
				eval 'has "steal=-1" && has "still-mine=1" && has SHELL-STILL-HERE'
		elif has "steal=-1" && has "still-mine=1"; then
			skip "[$WHO/$be] TIOCSCTTY 1 refused, but the unconfined control could not steal either: not a proof"
		else
			not_ok "[$WHO/$be] setsid + TIOCSCTTY 1 is refused"
		fi
	done
	BACKEND=landlock
}

both_for_user() {
	rules_for_user
	tiocsctty_for_user
}

sc_each_user both_for_user
diag "$proofs refusals proved against their control, $unproven not provable here (reported as SKIP)"
[ "$fails" = 0 ] || exit 1
[ "$proofs" -gt 0 ] || { may_skip seccomp && exit 77; echo "# $(strict_why seccomp "no refusal could be proved here")"; exit 1; }
exit 0
