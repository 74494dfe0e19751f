/* backends/seccomp.c — the seccomp filter that accompanies both Linux
 * backends (SPEC section 5): the rule table, and the loader. Picked once
 * in prepare(), loaded once in apply(), inherited by every job of the
 * session.
 *
 * Default action: allow. Listed calls fail with EPERM, never kill: a
 * killed process tells a person (or an agent) nothing, an EPERM is an
 * error message they can act on.
 *
 * Compiled at build time, loaded raw. sc_rules[] below is the only
 * statement of the policy. The build turns it into BPF with libseccomp:
 * seccomp_gen (seccomp_gen.c, seccomp_gen_main.c) compiles it twice, with
 * and without network, and writes both programs into <build>/gen/
 * seccomp_bpf.c (sc_bpf_net, sc_bpf_nonet), which is compiled into sbxsh.
 * At run time sc_build() only picks one, and sc_load() hands it to the
 * kernel with prctl(PR_SET_NO_NEW_PRIVS) and seccomp(2), through be_sys.
 * Why: sbxsh -c true should start as fast as bash -c true, and building the
 * filter with libseccomp at every start cost 0.5 to 0.8 ms (its rule
 * database, then its BPF generation) plus the dynamic linking of
 * libseccomp.so. libseccomp stays the compiler, because it is right where
 * hand-written BPF goes wrong: two ABIs on x86_64, 64-bit compares as two
 * 32-bit halves, per-ABI syscall numbers. The programs use its binary-tree
 * layout (SCMP_FLTATR_CTL_OPTIMIZE 2), which makes the kernel's part of
 * the load cheaper too (seccomp_gen.c). Figures: docs/backends.md.
 *
 * Staleness: CMake regenerates the programs whenever this file or the
 * generator changes, and tests/unit/test_seccomp.c compiles the table with
 * libseccomp again and fails unless the bytes are identical. The generator
 * builds this file with -DSC_RULES_ONLY, the table alone: the loader below
 * needs the programs the generator is about to write.
 *
 * Failure to load is fatal (fail closed): the session does not start. There
 * is no fallback to prctl(PR_SET_SECCOMP) on ENOSYS, as libseccomp had:
 * seccomp(2) is in every kernel since 3.17.
 */
#include <errno.h>
#include <linux/filter.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>

#include "be_internal.h"

#ifndef TIOCLINUX
#define TIOCLINUX 0x541C
#endif

/* clang-format off */
const struct sc_rule sc_rules[] = {
	/* Terminal injection: TIOCSTI pushes bytes into the terminal's input
	 * queue, which the shell (outside the job) reads next: a sandbox
	 * escape. TIOCLINUX can do the same on a virtual console. The kernel
	 * reads the request as an unsigned int, so only the low 32 bits may
	 * be compared: CVE-2019-10063 (Flatpak) bypassed a 64-bit compare
	 * by setting high bits. */
	{ "ioctl", EPERM, SC_IOCTL_REQ, TIOCSTI, false },
	{ "ioctl", EPERM, SC_IOCTL_REQ, TIOCLINUX, false },
	/* Reading or writing other processes' memory (the shell's, too). */
	{ "ptrace", EPERM, SC_ANY, 0, false },
	{ "process_vm_readv", EPERM, SC_ANY, 0, false },
	{ "process_vm_writev", EPERM, SC_ANY, 0, false },
	/* The kernel itself. */
	{ "init_module", EPERM, SC_ANY, 0, false },
	{ "finit_module", EPERM, SC_ANY, 0, false },
	{ "delete_module", EPERM, SC_ANY, 0, false },
	{ "kexec_load", EPERM, SC_ANY, 0, false },
	{ "kexec_file_load", EPERM, SC_ANY, 0, false },
	{ "bpf", EPERM, SC_ANY, 0, false },
	{ "perf_event_open", EPERM, SC_ANY, 0, false },
	/* Keyrings are not namespaced: a job could read the user's keys. */
	{ "keyctl", EPERM, SC_ANY, 0, false },
	{ "add_key", EPERM, SC_ANY, 0, false },
	{ "request_key", EPERM, SC_ANY, 0, false },
	/* A classic primitive for kernel exploits (stalling a copy). */
	{ "userfaultfd", EPERM, SC_ANY, 0, false },
	/* The mount family: root (or a user namespace) could undo the
	 * read-only mount layer, or mount a new tree over a root. */
	{ "mount", EPERM, SC_ANY, 0, false },
	{ "umount", EPERM, SC_ANY, 0, false },
	{ "umount2", EPERM, SC_ANY, 0, false },
	{ "fsopen", EPERM, SC_ANY, 0, false },
	{ "fsmount", EPERM, SC_ANY, 0, false },
	{ "fsconfig", EPERM, SC_ANY, 0, false },
	{ "fspick", EPERM, SC_ANY, 0, false },
	{ "move_mount", EPERM, SC_ANY, 0, false },
	{ "open_tree", EPERM, SC_ANY, 0, false },
	{ "mount_setattr", EPERM, SC_ANY, 0, false },
	{ "pivot_root", EPERM, SC_ANY, 0, false },
	{ "chroot", EPERM, SC_ANY, 0, false },
	/* New namespaces: a user namespace hands out every capability in
	 * it, and with them the mount family above. */
	{ "unshare", EPERM, SC_ANY, 0, false },
	{ "setns", EPERM, SC_ANY, 0, false },
	{ "clone", EPERM, SC_CLONE_NS, 0, false },
	/* clone3() passes its flags in a struct in memory, which a seccomp
	 * (classic BPF) filter cannot read, so CLONE_NEW* cannot be told
	 * apart there. ENOSYS, not EPERM: glibc (posix_spawn, pthread_create)
	 * then falls back to clone(), which is filtered above. Docker's and
	 * Flatpak's profiles do the same. */
	{ "clone3", ENOSYS, SC_ANY, 0, false },
	/* io_uring runs operations (openat, socket, ...) on kernel workers
	 * that seccomp never sees. */
	{ "io_uring_setup", EPERM, SC_ANY, 0, false },
	{ "io_uring_enter", EPERM, SC_ANY, 0, false },
	{ "io_uring_register", EPERM, SC_ANY, 0, false },
	/* Opening a file by handle skips the path walk that Landlock and
	 * the masks rely on (the "shocker" escape from Docker, 2014): root
	 * could read a masked secret through it. */
	{ "open_by_handle_at", EPERM, SC_ANY, 0, false },
	/* Root keeps its capabilities in the sandbox; these would change
	 * the host itself, outside any filesystem policy. */
	{ "reboot", EPERM, SC_ANY, 0, false },
	{ "swapon", EPERM, SC_ANY, 0, false },
	{ "swapoff", EPERM, SC_ANY, 0, false },
	{ "acct", EPERM, SC_ANY, 0, false },
	{ "sethostname", EPERM, SC_ANY, 0, false },
	{ "setdomainname", EPERM, SC_ANY, 0, false },
	{ "settimeofday", EPERM, SC_ANY, 0, false },
	{ "clock_settime", EPERM, SC_ANY, 0, false },
	{ "clock_adjtime", EPERM, SC_ANY, 0, false },
	{ "iopl", EPERM, SC_ANY, 0, false },
	{ "ioperm", EPERM, SC_ANY, 0, false },
	{ "quotactl", EPERM, SC_ANY, 0, false },
	/* Device nodes: root could make one for the disk inside a writable
	 * root and write the disk through it (FIFOs and sockets stay). */
	{ "mknod", EPERM, SC_MKNOD_DEV, 0, false },
	{ "mknodat", EPERM, SC_MKNODAT_DEV, 0, false },
	/* --no-network: no socket but AF_UNIX (TCP, UDP, raw, packet,
	 * netlink, ...). */
	{ "socket", EPERM, SC_NOT_AF_UNIX, 0, true },
	{ "socketpair", EPERM, SC_NOT_AF_UNIX, 0, true },
};
/* clang-format on */
const size_t sc_nrules = sizeof(sc_rules) / sizeof(*sc_rules);

#ifndef SC_RULES_ONLY
/* What prepare() hands apply(): the argument of seccomp(2), ready. */
struct sc_filter {
	struct sock_fprog prog;
};

int sc_build(const struct be_plan *plan, const char *backend,
	     struct sc_filter **out, struct sbx_diag *diag)
{
	const struct sc_bpf *b = plan->network ? &sc_bpf_net : &sc_bpf_nonet;
	struct sc_filter *f = xmalloc(sizeof(*f));

	/* The generator refused anything longer than BPF_MAXINSNS. The
	 * UAPI's pointer is not const; the kernel only copies from it. */
	f->prog.len = (unsigned short)b->len;
	f->prog.filter = (struct sock_filter *)b->insns;
	*out = f;
	return 0;
}

int sc_load(const struct sc_filter *f, const char *backend,
	    struct sbx_diag *diag)
{
	/* Without it an unprivileged process may not load a filter; it also
	 * keeps setuid programs from running with the filter, so they
	 * cannot be confused by it. */
	if (be_sys->prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return be_fail(diag, errno, backend,
			       "prctl(PR_SET_NO_NEW_PRIVS)");
	/* Flags 0, as libseccomp's default: no TSYNC (the shell has one
	 * thread), no SPEC_ALLOW (keep the SSB mitigation). */
	if (be_sys->seccomp_filter(&f->prog) < 0)
		return be_fail(diag, errno, backend,
			       "seccomp(SECCOMP_SET_MODE_FILTER)");
	return 0;
}

void sc_free(struct sc_filter *f)
{
	free(f);
}
#endif /* !SC_RULES_ONLY */
