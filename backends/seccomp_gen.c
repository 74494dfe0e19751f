/* backends/seccomp_gen.c — sc_rules[] compiled to seccomp BPF with
 * libseccomp. Build time only (seccomp_gen.h).
 *
 * libseccomp does the hard part: one program for the two ABIs an x86_64
 * process may call (x86_64, i386 through int 0x80; x32 is refused
 * whole), the 64-bit argument compares split
 * into two 32-bit halves, the syscall numbers of each ABI, socket rules
 * mapped onto i386's socketcall where it can. sbxsh then loads the exported
 * program with the raw seccomp(2) call (seccomp.c), and needs none of it
 * at run time.
 */
#include <errno.h>
#include <linux/filter.h>
#include <linux/sched.h>
#include <seccomp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "be_internal.h"
#include "seccomp_gen.h"

/*
 * Level 2 lays the syscall numbers out as a binary tree instead of a
 * linear list of compares (libseccomp >= 2.5). It matters for the load
 * itself: since Linux 5.11 seccomp(2) emulates the new filter for every
 * syscall number of every ABI to fill its action cache (the calls that
 * need no argument check then skip the filter), so the load costs about
 * (syscalls x path length). Measured: docs/backends.md, "seccomp".
 */
#if SCMP_VER_MAJOR > 2 || (SCMP_VER_MAJOR == 2 && SCMP_VER_MINOR >= 5)
#define SCG_OPTIMIZE 2
#endif

/* Every namespace flag clone() accepts. */
static const unsigned long scg_clone_ns[] = {
    CLONE_NEWNS,  CLONE_NEWUTS, CLONE_NEWIPC,	 CLONE_NEWUSER,
    CLONE_NEWPID, CLONE_NEWNET, CLONE_NEWCGROUP,
};

/* Fills |diag| as "<step>[(<what>)] failed: <strerror>"; returns the
 * -errno |e| (libseccomp's own convention). */
static int scg_fail(struct sbx_diag *diag, int e, const char *step,
		    const char *what)
{
	if (e >= 0)
		e = -EINVAL;
	return sbx_diag_set(diag, e, "%s%s%s%s failed: %s", step,
			    what ? "(" : "", what ? what : "", what ? ")" : "",
			    strerror(-e));
}

/* Adds the rule(s) of |r| for syscall |nr|. 0 or -errno. */
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
		     !e && i < sizeof(scg_clone_ns) / sizeof(*scg_clone_ns);
		     i++)
			e = seccomp_rule_add(ctx, act, nr, 1,
					     SCMP_A0(SCMP_CMP_MASKED_EQ,
						     scg_clone_ns[i],
						     scg_clone_ns[i]));
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

/* The filter of a session with or without network. 0 or -errno (+diag);
 * on success the caller releases *out. */
static int scg_filter(bool network, scmp_filter_ctx *out, struct sbx_diag *diag)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	int e;

	*out = NULL;
	if (!ctx)
		return scg_fail(diag, -ENOMEM, "seccomp_init", NULL);
	/* A syscall made with an architecture the filter does not know
	 * fails (fail closed) instead of bypassing every rule. */
	e = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH,
			     SCMP_ACT_ERRNO(EPERM));
	if (e < 0) {
		e = scg_fail(diag, e, "seccomp_attr_set", "BADARCH");
		goto fail;
	}
	/* The system's own errno when writing the export fails, not
	 * -ECANCELED. */
	(void)seccomp_attr_set(ctx, SCMP_FLTATR_API_SYSRAWRC, 1);
#ifdef SCG_OPTIMIZE
	e = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_OPTIMIZE, SCG_OPTIMIZE);
	if (e < 0) {
		e = scg_fail(diag, e, "seccomp_attr_set", "CTL_OPTIMIZE");
		goto fail;
	}
#endif
#if defined(__x86_64__)
	/* The same rules for 32-bit (int 0x80) syscalls, which an x86_64
	 * process can make too. x32 (the 0x40000000 numbers) is left out on
	 * purpose, and so falls under BADARCH above: every x32 syscall fails
	 * with EPERM, as Flatpak's filter and systemd's
	 * SystemCallArchitectures=native do. Kernels mostly refuse x32
	 * anyway (Debian boots with syscall.x32=n, this one lacks
	 * CONFIG_X86_X32_ABI), and a second copy of every rule for it was a
	 * quarter of the program, which the kernel compiles at each start
	 * (docs/backends.md, "seccomp"). */
	e = seccomp_arch_add(ctx, SCMP_ARCH_X86);
	if (e < 0 && e != -EEXIST) {
		e = scg_fail(diag, e, "seccomp_arch_add", "x86");
		goto fail;
	}
#endif
	for (size_t i = 0; i < sc_nrules; i++) {
		const struct sc_rule *r = &sc_rules[i];
		int nr;

		if (r->no_network && network)
			continue;
		nr = seccomp_syscall_resolve_name(r->name);
		if (nr == __NR_SCMP_ERROR)
			continue; /* unknown to this libseccomp: not callable */
		e = add_one(ctx, nr, r);
		if (e < 0) {
			e = scg_fail(diag, e, "seccomp_rule_add", r->name);
			goto fail;
		}
	}
#if defined(__x86_64__)
	/* i386 programs multiplex sockets through socketcall(), whose
	 * arguments are in memory: without network, refuse it whole (unix
	 * sockets of 32-bit programs go with it). libseccomp already maps
	 * socket() rules onto socketcall where it can. The name is resolved
	 * for the native ABI, which gives libseccomp's pseudo number: the
	 * rule then lands on i386's socketcall only. i386's own number, 102,
	 * would be read as a native one: x86_64's getuid, which would then
	 * fail with EPERM (test_seccomp checks it does not). */
	if (!network) {
		int nr = seccomp_syscall_resolve_name("socketcall");

		if (nr != __NR_SCMP_ERROR) {
			e = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 0);
			if (e < 0) {
				e = scg_fail(diag, e, "seccomp_rule_add",
					     "socketcall");
				goto fail;
			}
		}
	}
#endif
	*out = ctx;
	return 0;
fail:
	seccomp_release(ctx);
	return e;
}

/* libseccomp 2.5 exports to a file descriptor only: a memfd, read back. */
static int scg_export(scmp_filter_ctx ctx, struct scg_prog *out,
		      struct sbx_diag *diag)
{
	int fd = memfd_create("sbxsh-seccomp", MFD_CLOEXEC);
	unsigned char *buf = NULL;
	struct stat st;
	size_t got = 0, size;
	int e;

	if (fd < 0)
		return scg_fail(diag, -errno, "memfd_create", NULL);
	e = seccomp_export_bpf(ctx, fd);
	if (e < 0) {
		e = scg_fail(diag, e, "seccomp_export_bpf", NULL);
		goto out;
	}
	if (fstat(fd, &st) < 0) {
		e = scg_fail(diag, -errno, "fstat", "memfd");
		goto out;
	}
	size = (size_t)st.st_size;
	/* What the kernel would refuse is refused here, at build time. */
	if (size == 0 || size % sizeof(struct sock_filter) != 0 ||
	    size / sizeof(struct sock_filter) > BPF_MAXINSNS) {
		e = sbx_diag_set(diag, -EINVAL,
				 "seccomp_export_bpf: %zu bytes is not a "
				 "loadable program",
				 size);
		goto out;
	}
	buf = xmalloc(size);
	while (got < size) {
		ssize_t n = pread(fd, buf + got, size - got, (off_t)got);

		if (n <= 0) {
			e = scg_fail(diag, n < 0 ? -errno : -EIO, "pread",
				     "memfd");
			goto out;
		}
		got += (size_t)n;
	}
	out->insns = (struct sock_filter *)(void *)buf;
	out->len = size / sizeof(struct sock_filter);
	buf = NULL;
	e = 0;
out:
	free(buf);
	close(fd);
	return e;
}

int scg_compile(bool network, struct scg_prog *out, struct sbx_diag *diag)
{
	scmp_filter_ctx ctx;
	int e;

	out->insns = NULL;
	out->len = 0;
	e = scg_filter(network, &ctx, diag);
	if (e < 0)
		return e;
	e = scg_export(ctx, out, diag);
	seccomp_release(ctx);
	return e;
}

void scg_free(struct scg_prog *p)
{
	free(p->insns);
	p->insns = NULL;
	p->len = 0;
}
