# tests/integration/lib/cpuacct.bash — what one test costs in CPU, for
# the CI-time figures (tests/README.md, "CI time"). Source it, call
# cpu_begin NAME before the test and cpu_end after it: with
# $SBXSH_TEST_CPU_LOG set (.ci/setup sets it) and a cgroup controller
# that counts CPU writable (root: cgroup v2's cpu.stat, or v1's cpuacct),
# the caller moves into a cgroup of its own, so everything the test
# starts is counted, the processes that outlive their parent too (which
# no rusage of a wait() sees: the sessions' helpers), and cpu_end
# appends "NAME WALL USER SYS" (seconds) to the log. Without either it
# does nothing: it measures, it never changes what a test does.
cpu_begin() {
	_cpu_name=$1 _cpu_cg= _cpu_v=
	[ -n "${SBXSH_TEST_CPU_LOG:-}" ] || return 0
	local base
	if [ -f /sys/fs/cgroup/cgroup.controllers ]; then
		base=/sys/fs/cgroup _cpu_v=2
	elif [ -d /sys/fs/cgroup/cpuacct ]; then
		base=/sys/fs/cgroup/cpuacct _cpu_v=1
	else
		return 0
	fi
	[ -w "$base/cgroup.procs" ] || return 0
	_cpu_cg=$base/sbxsh-test.$$.$RANDOM
	mkdir "$_cpu_cg" 2>/dev/null && echo $$ >"$_cpu_cg/cgroup.procs" 2>/dev/null ||
		{ rmdir "$_cpu_cg" 2>/dev/null; _cpu_cg=; return 0; }
	_cpu_t0=$(date +%s%N)
}
cpu_end() {
	[ -n "${_cpu_cg:-}" ] || return 0
	local t1 u s k v
	t1=$(date +%s%N)
	if [ "$_cpu_v" = 2 ]; then
		while read -r k v; do
			case $k in user_usec) u=$((v / 10000)) ;; system_usec) s=$((v / 10000)) ;; esac
		done <"$_cpu_cg/cpu.stat"
	else
		# USER_HZ ticks (100 a second on Linux)
		while read -r k v; do
			case $k in user) u=$v ;; system) s=$v ;; esac
		done <"$_cpu_cg/cpuacct.stat"
	fi
	printf '%s %d.%02d %d.%02d %d.%02d\n' "$_cpu_name" \
		$(((t1 - _cpu_t0) / 1000000000)) $(((t1 - _cpu_t0) / 10000000 % 100)) \
		$((u / 100)) $((u % 100)) $((s / 100)) $((s % 100)) >>"$SBXSH_TEST_CPU_LOG"
	# back to the parent's cgroup, so that this one can go (a process
	# the test left behind keeps it, harmlessly, until it ends)
	echo $$ >"$(dirname "$_cpu_cg")/cgroup.procs" 2>/dev/null
	rmdir "$_cpu_cg" 2>/dev/null
	return 0
}
