#!/bin/bash
# Escape battery against --backend landlock (see tests/kernel/escape_lib.bash):
# as root and as nobody, each case checks what the kernel actually did;
# then the filesystem cases once more on Landlock alone (no mount layer).
BACKEND=landlock
. "${SBXSH_SRC:-$(dirname "$0")/../..}/tests/kernel/escape_lib.bash"

# The ABI the kernel reports (0: no Landlock).
kernel_abi() {
	"$PY" -c 'import ctypes; r=ctypes.CDLL(None).syscall(444, None, 0, 1); print(r if r > 0 else 0)'
}

landlock_extra() {
	local kabi
	kabi=$(kernel_abi)
	if [ "$kabi" -ge 6 ]; then
		scope_cases
	else
		skip_case_for landlock-abi6 "[$WHO] Landlock ABI $kabi < 6: no signal/abstract socket scoping"
	fi
	# The banner and `policy` name the ABI that is enforced: the
	# kernel's, or a lower one followed by "(kernel: N)".
	if [ "$DRIVER" = harness ]; then
		sbx_argv 'true'
		OUTPUT=$("${ARGV[@]:0:${#ARGV[@]}-4}" -v -- true 2>&1)
		check "[$WHO] the effective Landlock ABI is reported" \
			eval 'printf "%s\n" "$OUTPUT" | grep -Eqx "note: landlock_abi: ($kabi|[1-9][0-9]* \(kernel: $kabi\))"'
	else
		sbx_argv 'policy'
		ARGV=("${ARGV[@]:0:${#ARGV[@]}-2}" --banner -c 'policy')
		OUTPUT=$("${ARGV[@]}" 2>&1 </dev/null)
		check "[$WHO] the banner names the effective Landlock ABI" \
			eval 'printf "%s\n" "$OUTPUT" | head -1 | grep -Eq "backend landlock \(Landlock ABI ($kabi|[1-9][0-9]* \(kernel: $kabi\))\)"'
		check "[$WHO] policy names it as landlock_abi" \
			eval 'printf "%s\n" "$OUTPUT" | grep -Eqx "landlock_abi: ($kabi|[1-9][0-9]* \(kernel: $kabi\))"'
	fi
	landlock_alone
}

escape_main landlock_extra
