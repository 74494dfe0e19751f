#!/bin/bash
# Escape battery against --backend landlock (see tests/kernel/escape_lib.bash):
# as root and as nobody, each case checks what the kernel actually did.
BACKEND=landlock
. "${SBXSH_SRC:-$(dirname "$0")/../..}/tests/kernel/escape_lib.bash"

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
	if kill -0 "$pid" 2>/dev/null && hasnt SIGNALLED; then
		ok "[$WHO] kill of a process outside the session is refused"
	else
		not_ok "[$WHO] kill of a process outside the session is refused"
	fi
	sbx "$PY -c 'import socket; s=socket.socket(socket.AF_UNIX); s.connect(\"\\0$name\"); print(\"ABSTRACT-CONNECTED\")'"
	check "[$WHO] connect to an abstract unix socket outside is refused" \
		hasnt ABSTRACT-CONNECTED
	sbx "$PY -c 'import socket; s=socket.socket(socket.AF_UNIX); s.bind(\"\\0in-$name\"); s.listen(1); c=socket.socket(socket.AF_UNIX); c.connect(\"\\0in-$name\"); print(\"INSIDE-OK\")'"
	check "[$WHO] ... while one inside the session works" has INSIDE-OK
	kill "$pid" "$lpid" 2>/dev/null
	wait "$pid" "$lpid" 2>/dev/null
}

landlock_extra() {
	if [ "$("$PY" -c 'import ctypes; print(ctypes.CDLL(None).syscall(444, None, 0, 1))')" -ge 6 ]; then
		scope_cases
	else
		skip "[$WHO] Landlock ABI < 6: no signal/abstract socket scoping"
	fi
	# The default backend names the Landlock ABI it enforces.
	if [ "$DRIVER" = harness ]; then
		sbx_argv 'true'
		OUTPUT=$("${ARGV[@]:0:${#ARGV[@]}-4}" -v -- true 2>&1)
		check "[$WHO] the effective Landlock ABI is reported" has landlock_abi
		return
	fi
	sbx_argv 'policy 2>/dev/null; true'
	ARGV=("${ARGV[@]:0:${#ARGV[@]}-2}" --banner -c 'policy 2>/dev/null; true')
	OUTPUT=$("${ARGV[@]}" 2>&1 </dev/null)
	if has landlock_abi; then
		ok "[$WHO] the banner or policy shows the effective Landlock ABI"
	else
		todo "[$WHO] the banner or policy shows the effective Landlock ABI" \
			"shell/cli.c does not print the policy notes yet"
	fi
}

escape_main landlock_extra
