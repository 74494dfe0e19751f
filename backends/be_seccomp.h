/* backends/be_seccomp.h — the seccomp filter (seccomp.c), its rule table
 * (also read by the build-time generator, seccomp_gen.c) and the
 * programs generated from it. */
#ifndef SBX_BE_SECCOMP_H
#define SBX_BE_SECCOMP_H

#include "be_base.h"

/*
 * seccomp (seccomp.c): one BPF program, compiled from sc_rules[] with
 * libseccomp at build time (seccomp_gen.c), behind a prefix of our own
 * built from sc_abis[] (numbers above each ABI's known maximum, numbers
 * libseccomp cannot name), picked in prepare(), loaded with the raw
 * seccomp(2) call in apply(), inherited by every job.
 */
enum sc_arg {
	SC_ANY,		  /* the call, whatever its arguments */
	SC_IOCTL_REQ,	  /* ioctl(fd, val): low 32 bits of arg 1 == val */
	SC_IOCTL_REQ_ARG, /* ioctl(fd, val, arg): likewise, and arg != 0 */
	SC_CLONE_NS,	  /* clone() with any CLONE_NEW* flag in arg 0 */
	SC_NOT_AF_UNIX,	  /* socket()/socketpair() of a family but AF_UNIX */
	SC_MKNOD_DEV,	  /* mknod(path, mode): mode is S_IFCHR or S_IFBLK */
	SC_MKNODAT_DEV,	  /* mknodat(dirfd, path, mode): likewise */
	SC_ARG0_LO32_NE,  /* the low 32 bits of arg 0 != val (the prefix's) */
};
/* When a row applies: always, or only in a session of that kind. A
 * program is built per kind (sc_bpf_*), with the rows whose bits it has. */
enum sc_when {
	SC_ALWAYS = 0,
	SC_NO_NETWORK = 1, /* --no-network */
	SC_NO_IPCNS = 2,   /* no private IPC namespace (no mount layer) */
};
struct sc_rule {
	const char *name;
	int err; /* errno the call fails with: EPERM (or ENOSYS) */
	enum sc_arg arg;
	unsigned long val;
	unsigned when; /* enum sc_when bits: the session kinds it is for */
};
extern const struct sc_rule sc_rules[];
extern const size_t sc_nrules;

/* Syscall numbers lo..hi of one ABI that libseccomp cannot name, each
 * reviewed: |err| 0 lets them through to the kernel, else they fail with
 * |err| whatever their arguments. */
struct sc_nrs {
	unsigned lo, hi;
	int err;
	const char *what; /* the kernel's names, or why there are none */
};
/* An ABI the filter admits. Numbers above |max| fail with ENOSYS; with
 * |foreign| set, a number above |max| that has that bit (and is not -1)
 * belongs to another ABI and is left to libseccomp's program (x32 on
 * x86_64, which it refuses). */
struct sc_abi {
	const char *name;
	uint32_t audit_arch;
	unsigned max;
	uint32_t foreign;
	const struct sc_nrs *unnamed;
	size_t nunnamed;
};
extern const struct sc_abi sc_abis[];
extern const size_t sc_nabis;

/* A finished program. The two below are generated at build time by
 * seccomp_gen into <build>/gen/seccomp_bpf.c. */
struct sock_filter;
struct sc_bpf {
	const struct sock_filter *insns;
	size_t len; /* instructions */
};
extern const struct sc_bpf sc_bpf_net;	 /* network allowed */
extern const struct sc_bpf sc_bpf_nonet; /* --no-network */
/* The same two without a private IPC namespace: SysV IPC refused. */
extern const struct sc_bpf sc_bpf_net_noipc;
extern const struct sc_bpf sc_bpf_nonet_noipc;

struct sc_filter;
/* Picks the programs for |plan| (sc_bpf_net or sc_bpf_nonet, and its
 * _noipc twin). 0; the signature leaves room for -errno (+diag naming
 * |backend|). */
int sc_build(const struct be_plan *plan, const char *backend,
	     struct sc_filter **out, struct sbx_diag *diag);
/* Sets NO_NEW_PRIVS and loads the program into the calling process with
 * seccomp(2): the one that refuses SysV IPC unless |ipc_private| (the
 * session has its own IPC namespace). 0 or -errno (+diag naming
 * |backend|, the step, the errno). No allocation: safe between fork and
 * exec. */
int sc_load(const struct sc_filter *f, bool ipc_private, const char *backend,
	    struct sbx_diag *diag);
void sc_free(struct sc_filter *f);
#ifdef SBXSH_SANITIZE
/* Sanitizer builds: the instructions sc_build() puts ahead of the
 * program, for LeakSanitizer (seccomp.c says why). */
size_t sc_sanitizer_prefix_len(void);
#endif

#endif
