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
#include <linux/seccomp.h>
#include <seccomp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "be_seccomp.h"
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

#if defined(__x86_64__)
/* Refuses the syscall |name| whole with EPERM, where libseccomp knows it
 * (i386's multiplexers, below). 0 or -errno with |diag| filled. */
static int refuse_by_name(scmp_filter_ctx ctx, const char *name,
			  struct sbx_diag *diag)
{
	int nr = seccomp_syscall_resolve_name(name), e;

	if (nr == __NR_SCMP_ERROR)
		return 0;
	e = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 0);
	return e < 0 ? scg_fail(diag, e, "seccomp_rule_add", name) : 0;
}
#endif

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
	case SC_IOCTL_REQ_ARG:
		/* The argument whole: any bit set in either half is a
		 * non-zero argument. */
		e = seccomp_rule_add(
		    ctx, act, nr, 2,
		    SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffUL, r->val),
		    SCMP_A2(SCMP_CMP_NE, 0));
		break;
	case SC_ARG0_LO32_NE:
		break; /* compiled into the prefix (scg_prefix) */
	case SC_NOT_AF_UNIX:
		/* The whole 64 bits: a family with high bits set is "not
		 * AF_UNIX" here and denied, the safe direction. */
		e = seccomp_rule_add(ctx, act, nr, 1,
				     SCMP_A0(SCMP_CMP_NE, AF_UNIX));
		break;
	}
	return e;
}

/* A rule libseccomp cannot name is only allowed if every ABI's table
 * (sc_abis[], seccomp.c) denies that name by number, whole and with the
 * same errno: else the call would pass the filter (what open_tree_attr
 * did). 0, or -ENOENT naming the rule and the ABI. */
static int scg_covered(const struct sc_rule *r, struct sbx_diag *diag)
{
	for (size_t a = 0; a < sc_nabis; a++) {
		const struct sc_abi *abi = &sc_abis[a];
		bool found = false;

		for (size_t i = 0; !found && i < abi->nunnamed; i++)
			found = abi->unnamed[i].err == r->err &&
				strcmp(abi->unnamed[i].what, r->name) == 0;
		if (!found || r->arg != SC_ANY)
			return sbx_diag_set(diag, -ENOENT,
					    "libseccomp cannot name %s and "
					    "sc_abis[] does not deny it whole "
					    "by number on %s",
					    r->name, abi->name);
	}
	return 0;
}

/* The filter of a session of |variant| (SC_NO_NETWORK, SC_NO_IPCNS: the
 * rows whose condition it meets are added). 0 or -errno (+diag);
 * on success the caller releases *out. */
static int scg_filter(unsigned variant, scmp_filter_ctx *out,
		      struct sbx_diag *diag)
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

		if (r->when & ~variant)
			continue;
		nr = seccomp_syscall_resolve_name(r->name);
		if (nr == __NR_SCMP_ERROR) {
			/* Unknown to this libseccomp, not to the kernel:
			 * the prefix must deny it by number. */
			e = scg_covered(r, diag);
			if (e < 0)
				goto fail;
			continue;
		}
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
	if (variant & SC_NO_NETWORK) {
		e = refuse_by_name(ctx, "socketcall", diag);
		if (e < 0)
			goto fail;
	}
	/* Likewise i386's ipc() multiplexer, without a private IPC
	 * namespace: every one of its operations is SysV IPC (shmat, semop,
	 * msgsnd, ...), each refused by name above. */
	if (variant & SC_NO_IPCNS) {
		e = refuse_by_name(ctx, "ipc", diag);
		if (e < 0)
			goto fail;
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

/*
 * The prefix: what sc_abis[] (seccomp.c) asks and libseccomp 2.5 cannot
 * compile (a range of syscall numbers; a number it cannot name, on a
 * second ABI; "the low 32 bits of an argument are not val", for the
 * SC_ARG0_LO32_NE rows of sc_rules[]), as a few instructions ahead of
 * libseccomp's program:
 *
 *          ld   [arch]
 *   abi_i: jeq  AUDIT_ARCH_i, 0, abi_i+1   (after the last ABI: prog)
 *          ld   [nr]
 *          jgt  max_i, over_i, 0
 *          jeq  nr of an SC_ARG0_LO32_NE row, lo32_i_j, 0   (each row)
 *          jge  lowest listed number, 0, tramp_i
 *          jeq  n, ret(err), 0              (one listed number, or a range:
 *                                            jge lo, 0, +1; jgt hi, 0, ret)
 *          ...
 *          ja   tramp_i
 *  over_i: jeq  0xffffffff, ret(ENOSYS), 0 (with a foreign bit: x32 is
 *          jset foreign, prog, ret(ENOSYS)  libseccomp's to refuse; without
 *                                            one, jgt jumps to ret(ENOSYS))
 * lo32_i_j: ld  [args[0], its low word]
 *          jeq  val, tramp_i, ret(err)
 *          ret  ERRNO(ENOSYS)
 *          ret  ERRNO(err), one per errno listed
 * tramp_i: ja   entry_i                    (one per ABI: scg_entries())
 *   prog:  libseccomp's program; entry_i is where ABI i's tree starts in
 *          it, past its own arch dispatch (or prog itself).
 *
 * -1 is above every maximum: the kernel answers ENOSYS for it too. Only
 * the argument rows load an argument; the rest are instructions the
 * kernel's action cache can evaluate (loads of nr and arch, jumps on
 * constants, returns), so calls that the whole filter lets through
 * whatever their arguments still skip it after the load.
 */
struct scg_label {
	size_t pos;
	bool placed;
};
struct scg_asm {
	struct sock_filter *v;
	size_t n;
	struct {
		size_t at;
		struct scg_label *jt, *jf; /* ja: jt, into k */
	} * fix;
	size_t nfix;
};

static void scg_op(struct scg_asm *a, uint16_t code, uint32_t k,
		   struct scg_label *jt, struct scg_label *jf)
{
	a->v = xrealloc(a->v, (a->n + 1) * sizeof(*a->v));
	a->v[a->n] = (struct sock_filter){code, 0, 0, k};
	if (jt || jf) {
		a->fix = xrealloc(a->fix, (a->nfix + 1) * sizeof(*a->fix));
		a->fix[a->nfix].at = a->n;
		a->fix[a->nfix].jt = jt;
		a->fix[a->nfix].jf = jf;
		a->nfix++;
	}
	a->n++;
}

static void scg_place(struct scg_asm *a, struct scg_label *l)
{
	l->pos = a->n;
	l->placed = true;
}

/* Fills in the jumps. 0, or -E2BIG when one cannot reach its target in
 * the 8 bits of jt/jf (the prefix grew past 255 instructions). */
static int scg_link(struct scg_asm *a, struct sbx_diag *diag)
{
	for (size_t i = 0; i < a->nfix; i++) {
		struct sock_filter *in = &a->v[a->fix[i].at];
		struct scg_label *t[2] = {a->fix[i].jt, a->fix[i].jf};
		size_t off[2] = {0, 0};

		for (int j = 0; j < 2; j++) {
			if (!t[j])
				continue;
			if (!t[j]->placed || t[j]->pos <= a->fix[i].at)
				return sbx_diag_set(diag, -EINVAL,
						    "seccomp prefix: jump from "
						    "%zu has no target",
						    a->fix[i].at);
			off[j] = t[j]->pos - a->fix[i].at - 1;
		}
		if (in->code == (BPF_JMP | BPF_JA)) {
			in->k = (uint32_t)off[0];
			continue;
		}
		if (off[0] > 255 || off[1] > 255)
			return sbx_diag_set(diag, -E2BIG,
					    "seccomp prefix: jump from %zu "
					    "is too long",
					    a->fix[i].at);
		in->jt = (uint8_t)off[0];
		in->jf = (uint8_t)off[1];
	}
	return 0;
}

/* The errnos a prefix returns: ENOSYS first, then each other one the
 * tables list, in order. At most SCG_MAXLO32 SC_ARG0_LO32_NE rows per
 * ABI, SCG_MAXABI ABIs. */
#define SCG_MAXERR 8
#define SCG_MAXLO32 4
#define SCG_MAXABI 8

/* The index of |err| in |errs|, added if new. -E2BIG when full. */
static int scg_errno(int *errs, size_t *nerr, int err, struct sbx_diag *diag)
{
	size_t k = 0;

	while (k < *nerr && errs[k] != err)
		k++;
	if (k < *nerr)
		return (int)k;
	if (*nerr == SCG_MAXERR)
		return sbx_diag_set(diag, -E2BIG, "sc_abis[]: too many errnos");
	errs[(*nerr)++] = err;
	return (int)k;
}

/*
 * Where each ABI's syscall tree starts in libseccomp's program, so that the
 * prefix, which has checked the arch and the number already, can jump
 * there instead of to the top, past libseccomp's own arch dispatch and x32
 * guard: about 5 instructions fewer on every path, and the kernel runs
 * every path once per syscall number of each ABI at load time (its action
 * cache). Recognised layout (libseccomp 2.5, one arch after the other):
 *
 *      ld [arch]
 *      jeq ARCH_0, 0, next        next: jeq ARCH_1, 0, ...
 *      [ld [nr]; jge 0x40000000, 0, 1; jeq -1, 0, badarch]   (x32 guard)
 *      ld [nr]                    <- entry of ABI 0
 *
 * The entry is always an "ld [nr]", so nothing before it is needed. When
 * the program looks any other way, every entry is 0, the top: slower, as
 * correct. Fills entry[i] for sc_abis[i]; true when all were found.
 */
static bool scg_entries(const struct scg_prog *lib, size_t *entry)
{
	const struct sock_filter *v = lib->insns;
	const uint16_t ld = BPF_LD | BPF_W | BPF_ABS;
	const uint16_t jeq = BPF_JMP | BPF_JEQ | BPF_K;
	const uint32_t nr = offsetof(struct seccomp_data, nr);
	size_t pc = 1;

	for (size_t i = 0; i < sc_nabis; i++)
		entry[i] = 0;
	if (lib->len < 2 || v[0].code != ld ||
	    v[0].k != offsetof(struct seccomp_data, arch))
		return false;
	for (size_t i = 0; i < sc_nabis; i++) {
		size_t b = pc + 1;

		if (pc + 5 >= lib->len || v[pc].code != jeq ||
		    v[pc].k != sc_abis[i].audit_arch || v[pc].jt != 0)
			goto none;
		if (v[b].code == ld && v[b].k == nr &&
		    v[b + 1].code == (BPF_JMP | BPF_JGE | BPF_K) &&
		    v[b + 1].k == 0x40000000U && v[b + 1].jt == 0 &&
		    v[b + 1].jf == 1 && v[b + 2].code == jeq &&
		    v[b + 2].k == 0xffffffffU && v[b + 2].jt == 0)
			b += 3;
		if (v[b].code != ld || v[b].k != nr)
			goto none;
		entry[i] = b;
		pc = pc + 1 + v[pc].jf;
	}
	return true;
none:
	for (size_t i = 0; i < sc_nabis; i++)
		entry[i] = 0;
	return false;
}

/* The low word of argument 0 in struct seccomp_data (a __u64). */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SCG_ARG0_LO offsetof(struct seccomp_data, args)
#else
#define SCG_ARG0_LO (offsetof(struct seccomp_data, args) + 4)
#endif

static int scg_prefix(unsigned variant, const struct scg_prog *lib,
		      struct scg_prog *out, struct sbx_diag *diag)
{
	/* tramp[i]: "ja" to ABI i's entry in libseccomp's program (far,
	 * so the 8-bit jumps of the prefix reach it through this). */
	struct scg_label tramp[SCG_MAXABI] = {{0}}, ent[SCG_MAXABI] = {{0}};
	size_t entry[SCG_MAXABI];
	struct scg_label abi[SCG_MAXABI] = {{0}}, over[SCG_MAXABI] = {{0}},
			 ret[SCG_MAXERR] = {{0}};
	struct scg_label lo32[SCG_MAXABI][SCG_MAXLO32] = {{{0}}};
	const struct sc_rule *lo32r[SCG_MAXLO32];
	struct scg_label prog = {0};
	int errs[SCG_MAXERR] = {ENOSYS};
	size_t nerr = 1, nlo32;
	struct scg_asm a = {0};
	int e;

	if (sc_nabis >= sizeof(abi) / sizeof(*abi))
		return sbx_diag_set(diag, -E2BIG, "sc_abis[]: too many ABIs");
	scg_op(&a, BPF_LD | BPF_W | BPF_ABS,
	       offsetof(struct seccomp_data, arch), NULL, NULL);
	for (size_t i = 0; i < sc_nabis; i++) {
		const struct sc_abi *x = &sc_abis[i];
		struct scg_label *next = i + 1 < sc_nabis ? &abi[i + 1] : &prog;
		unsigned lowest = x->max, floor;

		for (size_t r = 0; r < x->nunnamed; r++)
			if (x->unnamed[r].err && x->unnamed[r].lo < lowest)
				lowest = x->unnamed[r].lo;
		scg_place(&a, &abi[i]);
		scg_op(&a, BPF_JMP | BPF_JEQ | BPF_K, x->audit_arch, NULL,
		       next);
		scg_op(&a, BPF_LD | BPF_W | BPF_ABS,
		       offsetof(struct seccomp_data, nr), NULL, NULL);
		scg_op(&a, BPF_JMP | BPF_JGT | BPF_K, x->max,
		       x->foreign ? &over[i] : &ret[0], NULL);
		nlo32 = 0;
		for (size_t r = 0; r < sc_nrules; r++) {
			const struct sc_rule *rule = &sc_rules[r];
			int nr;

			if (rule->arg != SC_ARG0_LO32_NE ||
			    (rule->when & ~variant))
				continue;
			nr = seccomp_syscall_resolve_name_arch(x->audit_arch,
							       rule->name);
			if (nr < 0)
				continue; /* none on this ABI */
			if (nlo32 == SCG_MAXLO32) {
				e = sbx_diag_set(diag, -E2BIG,
						 "sc_rules[]: too many "
						 "SC_ARG0_LO32_NE rows");
				goto fail;
			}
			lo32r[nlo32] = rule;
			scg_op(&a, BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)nr,
			       &lo32[i][nlo32++], NULL);
		}
		scg_op(&a, BPF_JMP | BPF_JGE | BPF_K, lowest, NULL, &tramp[i]);
		/* Every number from |floor| up is known to be >= |floor|:
		 * a range starting there needs no lower compare. */
		floor = lowest;
		for (size_t r = 0; r < x->nunnamed; r++) {
			const struct sc_nrs *u = &x->unnamed[r];
			size_t k = 0;

			if (u->lo > u->hi || u->hi > x->max ||
			    (r > 0 && u->lo <= x->unnamed[r - 1].hi)) {
				e = sbx_diag_set(diag, -EINVAL,
						 "sc_abis[] %s: range %u-%u is "
						 "not above the last one and "
						 "up to the maximum",
						 x->name, u->lo, u->hi);
				goto fail;
			}
			if (!u->err)
				continue; /* reviewed, allowed */
			e = scg_errno(errs, &nerr, u->err, diag);
			if (e < 0)
				goto fail;
			k = (size_t)e;
			if (u->lo == u->hi) {
				scg_op(&a, BPF_JMP | BPF_JEQ | BPF_K, u->lo,
				       &ret[k], NULL);
				if (u->lo == floor)
					floor++;
			} else if (u->lo <= floor) {
				scg_op(&a, BPF_JMP | BPF_JGT | BPF_K, u->hi,
				       NULL, &ret[k]);
				floor = u->hi + 1;
			} else {
				/* Below lo: skip the second compare. */
				scg_op(&a, BPF_JMP | BPF_JGE | BPF_K, u->lo,
				       NULL, NULL);
				a.v[a.n - 1].jf = 1;
				scg_op(&a, BPF_JMP | BPF_JGT | BPF_K, u->hi,
				       NULL, &ret[k]);
			}
		}
		scg_op(&a, BPF_JMP | BPF_JA, 0, &tramp[i], NULL);
		if (x->foreign) {
			scg_place(&a, &over[i]);
			scg_op(&a, BPF_JMP | BPF_JEQ | BPF_K, 0xffffffffU,
			       &ret[0], NULL);
			scg_op(&a, BPF_JMP | BPF_JSET | BPF_K, x->foreign,
			       &prog, &ret[0]);
		}
		for (size_t j = 0; j < nlo32; j++) {
			e = scg_errno(errs, &nerr, lo32r[j]->err, diag);
			if (e < 0)
				goto fail;
			scg_place(&a, &lo32[i][j]);
			scg_op(&a, BPF_LD | BPF_W | BPF_ABS, SCG_ARG0_LO, NULL,
			       NULL);
			scg_op(&a, BPF_JMP | BPF_JEQ | BPF_K,
			       (uint32_t)lo32r[j]->val, &tramp[i], &ret[e]);
		}
	}
	for (size_t k = 0; k < nerr; k++) {
		scg_place(&a, &ret[k]);
		scg_op(&a, BPF_RET | BPF_K,
		       SECCOMP_RET_ERRNO |
			   ((uint32_t)errs[k] & SECCOMP_RET_DATA),
		       NULL, NULL);
	}
	(void)scg_entries(lib, entry);
	for (size_t i = 0; i < sc_nabis; i++) {
		scg_place(&a, &tramp[i]);
		scg_op(&a, BPF_JMP | BPF_JA, 0, &ent[i], NULL);
	}
	scg_place(&a, &prog);
	for (size_t i = 0; i < sc_nabis; i++)
		ent[i] = (struct scg_label){prog.pos + entry[i], true};
	e = scg_link(&a, diag);
	if (e < 0)
		goto fail;
	free(a.fix);
	out->insns = a.v;
	out->len = a.n;
	return 0;
fail:
	free(a.fix);
	free(a.v);
	return e;
}

int scg_compile(unsigned variant, struct scg_prog *out, struct sbx_diag *diag)
{
	struct scg_prog pre = {0}, lib = {0};
	scmp_filter_ctx ctx;
	int e;

	out->insns = NULL;
	out->len = 0;
	e = scg_filter(variant, &ctx, diag);
	if (e < 0)
		return e;
	e = scg_export(ctx, &lib, diag);
	seccomp_release(ctx);
	if (e < 0)
		return e;
	e = scg_prefix(variant, &lib, &pre, diag);
	if (e < 0)
		goto out;
	if (pre.len + lib.len > BPF_MAXINSNS) {
		e = sbx_diag_set(diag, -E2BIG,
				 "seccomp: %zu + %zu instructions is more than "
				 "the kernel loads",
				 pre.len, lib.len);
		goto out;
	}
	out->insns = xmalloc((pre.len + lib.len) * sizeof(*out->insns));
	memcpy(out->insns, pre.insns, pre.len * sizeof(*out->insns));
	memcpy(out->insns + pre.len, lib.insns, lib.len * sizeof(*out->insns));
	out->len = pre.len + lib.len;
	out->prefix = pre.len;
out:
	scg_free(&pre);
	scg_free(&lib);
	return e;
}

void scg_free(struct scg_prog *p)
{
	free(p->insns);
	p->insns = NULL;
	p->len = 0;
	p->prefix = 0;
}
