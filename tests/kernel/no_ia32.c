/* tests/kernel/no_ia32.c — run a command as on a kernel without IA32
 * emulation.
 *
 *   no_ia32 COMMAND [ARG...]
 *
 * Where the kernel has no IA32 emulation, an `int $0x80` from a 64-bit
 * process is a fault that kills it (SIGSEGV), not ENOSYS. Machines differ
 * (issue 20, item 10: the suite crashed on one such kernel), so the
 * seccomp tests must probe in a child and skip the i386 cases, counted.
 * This wrapper gives any machine that kernel's answer: a seccomp filter,
 * inherited by everything the command starts and stacked under sbxsh's
 * own, kills the thread making any i386-ABI call (SIGSYS, a death like
 * SIGSEGV's for the probe). The tests/kernel/tests.cmake entries run
 * the seccomp tests under it, so the skip path is tested everywhere.
 */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct sock_filter f[] = {
	    BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
		     offsetof(struct seccomp_data, arch)),
	    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_I386, 0, 1),
	    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_THREAD),
	    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = {sizeof(f) / sizeof(*f), f};

	if (argc < 2) {
		fprintf(stderr, "usage: no_ia32 COMMAND [ARG...]\n");
		return 2;
	}
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) < 0) {
		fprintf(stderr, "no_ia32: seccomp: %s\n", strerror(errno));
		return 125;
	}
	execvp(argv[1], argv + 1);
	fprintf(stderr, "no_ia32: %s: %s\n", argv[1], strerror(errno));
	return 127;
}
