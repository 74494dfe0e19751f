/* backends/seccomp.c — the seccomp filter that accompanies both Linux
 * backends (SPEC section 5). Built once with libseccomp in prepare(),
 * loaded once in apply(), inherited by every job of the session.
 *
 * Default action: allow. Listed calls fail with EPERM, never kill: a
 * killed process tells a person (or an agent) nothing, an EPERM is an
 * error message they can act on.
 */
#include <errno.h>
#include <linux/sched.h>
#include <seccomp.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include "be_internal.h"

#ifndef TIOCLINUX
#define TIOCLINUX 0x541C
#endif
#ifndef CLONE_NEWTIME
#define CLONE_NEWTIME 0x00000080
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

/* Every namespace flag clone() accepts. */
static const unsigned long sc_clone_ns[] = {
    CLONE_NEWNS,  CLONE_NEWUTS, CLONE_NEWIPC,	 CLONE_NEWUSER,
    CLONE_NEWPID, CLONE_NEWNET, CLONE_NEWCGROUP,
};

struct sc_filter {
	scmp_filter_ctx ctx;
};

static int add_one(scmp_filter_ctx ctx, int nr, const struct sc_rule *r)
{
	uint32_t act = SCMP_ACT_ERRNO((uint32_t)r->err);
	int e = 0;

	switch (r->arg) {
	case SC_ANY:
		e = seccomp_rule_add(ctx, act, nr, 0);
		break;
	case SC_IOCTL_REQ:
		e = seccomp_rule_add(
		    ctx, act, nr, 1,
		    SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffUL, r->val));
		break;
	case SC_CLONE_NS:
		for (size_t i = 0;
		     !e && i < sizeof(sc_clone_ns) / sizeof(*sc_clone_ns); i++)
			e = seccomp_rule_add(ctx, act, nr, 1,
					     SCMP_A0(SCMP_CMP_MASKED_EQ,
						     sc_clone_ns[i],
						     sc_clone_ns[i]));
		break;
	case SC_MKNOD_DEV:
	case SC_MKNODAT_DEV: {
		unsigned int a = r->arg == SC_MKNOD_DEV ? 1 : 2;

		e = seccomp_rule_add(
		    ctx, act, nr, 1,
		    SCMP_CMP(a, SCMP_CMP_MASKED_EQ, S_IFMT, S_IFCHR));
		if (!e)
			e = seccomp_rule_add(
			    ctx, act, nr, 1,
			    SCMP_CMP(a, SCMP_CMP_MASKED_EQ, S_IFMT, S_IFBLK));
		break;
	}
	case SC_NOT_AF_UNIX:
		/* The whole 64 bits: a family with high bits set is "not
		 * AF_UNIX" here and denied, the safe direction. */
		e = seccomp_rule_add(ctx, act, nr, 1,
				     SCMP_A0(SCMP_CMP_NE, AF_UNIX));
		break;
	}
	return e;
}

int sc_build(const struct be_plan *plan, const char *backend,
	     struct sc_filter **out, struct sbx_diag *diag)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	struct sc_filter *f;
	int e;

	*out = NULL;
	if (!ctx)
		return be_fail(diag, ENOMEM, backend, "seccomp_init");
	/* A syscall made with an architecture the filter does not know
	 * fails (fail closed) instead of bypassing every rule. */
	e = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH,
			     SCMP_ACT_ERRNO(EPERM));
	if (e < 0)
		goto fail_attr;
	/* The kernel's own errno on a failed load, not -ECANCELED. */
	(void)seccomp_attr_set(ctx, SCMP_FLTATR_API_SYSRAWRC, 1);
#if defined(__x86_64__)
	/* The same rules for 32-bit (int 0x80) and x32 syscalls, which an
	 * x86_64 process can make too. */
	e = seccomp_arch_add(ctx, SCMP_ARCH_X86);
	if (e < 0 && e != -EEXIST)
		goto fail_arch;
	e = seccomp_arch_add(ctx, SCMP_ARCH_X32);
	if (e < 0 && e != -EEXIST)
		goto fail_arch;
#endif
	for (size_t i = 0; i < sc_nrules; i++) {
		const struct sc_rule *r = &sc_rules[i];
		int nr;

		if (r->no_network && plan->network)
			continue;
		nr = seccomp_syscall_resolve_name(r->name);
		if (nr == __NR_SCMP_ERROR)
			continue; /* unknown to this libseccomp: not callable */
		e = add_one(ctx, nr, r);
		if (e < 0) {
			seccomp_release(ctx);
			return be_fail(diag, e, backend, "seccomp_rule_add(%s)",
				       r->name);
		}
	}
#if defined(__x86_64__)
	/* i386 programs multiplex sockets through socketcall(), whose
	 * arguments are in memory: without network, refuse it whole (unix
	 * sockets of 32-bit programs go with it). libseccomp already maps
	 * socket() rules onto socketcall where it can. */
	if (!plan->network) {
		int nr = seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86,
							   "socketcall");

		if (nr != __NR_SCMP_ERROR) {
			e = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 0);
			(void)e; /* not present in the x86_64 table: fine */
		}
	}
#endif
	f = xcalloc(1, sizeof(*f));
	f->ctx = ctx;
	*out = f;
	return 0;
fail_attr:
	seccomp_release(ctx);
	return be_fail(diag, e, backend, "seccomp_attr_set(BADARCH)");
#if defined(__x86_64__)
fail_arch:
	seccomp_release(ctx);
	return be_fail(diag, e, backend, "seccomp_arch_add");
#endif
}

int sc_load(const struct sc_filter *f, const char *backend,
	    struct sbx_diag *diag)
{
	int e;

	/* Without it an unprivileged process may not load a filter; it also
	 * keeps setuid programs from running with the filter, so they
	 * cannot be confused by it. */
	if (be_sys->prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return be_fail(diag, errno, backend,
			       "prctl(PR_SET_NO_NEW_PRIVS)");
	e = be_sys->seccomp_load(f->ctx);
	if (e < 0)
		return be_fail(diag, e, backend, "seccomp_load");
	return 0;
}

void sc_free(struct sc_filter *f)
{
	if (!f)
		return;
	seccomp_release(f->ctx);
	free(f);
}
