/* backends/be_internal.h — what the backends share with each other and
 * with their unit tests: the ops table, the plan they enforce, and the
 * sys_ops indirection through which every confining syscall goes.
 *
 * Lifecycle (STYLE.md section 6), driven by be_confine() in backend.c:
 *   probe(caps) → prepare(plan, &ctx, diag) → apply(ctx, diag)
 *   → report(ctx, notes) → release(ctx).
 * prepare() opens path fds, builds the Landlock ruleset and the list of
 * mount operations, picks the seccomp program, and reports errors with
 * full detail. apply() only makes syscalls (through be_sys) and does not
 * allocate; it confines the calling process for good. report() adds the
 * display notes that depend on what apply() found (a mount layer that the
 * kernel refused, say). release() frees what prepare() made.
 */
#ifndef SBX_BE_INTERNAL_H
#define SBX_BE_INTERNAL_H

#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>

#include "backend.h"
#include "policy.h"
#include "sbx.h"

/* Facts about the kernel and the caller, gathered once by probe(). */
struct be_caps {
	int landlock_abi; /* 0: none; else the ABI the kernel reports */
	bool root;	  /* euid 0: a mount namespace needs no user ns */
	bool seatbelt;
};

/*
 * What a backend enforces, flattened out of the policy (backend.c) so the
 * backends and their tests need no struct sbx_policy. All paths are
 * absolute and canonical; the arrays are borrowed.
 */
struct be_plan {
	enum pol_scope scope;
	bool network;	       /* false: --no-network */
	bool private_tmp;      /* namespace backend: run tmp over /tmp */
	const char *run_tmp;   /* the run folder's tmp/ (may be NULL) */
	const char *const *rw; /* writable roots that are not devices */
	size_t nrw;
	const char *const *dev; /* device roots (/dev/null, /dev/pts, tty) */
	size_t ndev;
	const char *const *masked; /* secrets: neither readable nor writable */
	size_t nmasked;
	const bool *masked_present; /* per masked path: false if it did not
				       exist when the policy was made (no need
				       to look again); NULL: unknown */
	const char *tty; /* the session's own terminal, or NULL */
	/* --allow-socket: sockets a job may connect to though they were
	 * made outside the session (canonical). */
	const char *const *sockets;
	size_t nsockets;
	/* Cover the sockets and terminals of others in the mount layer
	 * (doors.c). Sessions ask for it; unit tests with a fake kernel do
	 * not, unless they test it: it reads this machine's /proc/net/unix
	 * and /dev/pts. */
	bool doors;
	/* A private PID namespace with its own /proc where the mount layer
	 * is had (backends/pidns.c). Sessions ask for it; unit tests with a
	 * fake kernel and tests/kernel/sbx_confine --no-pidns do not. */
	bool pidns;
	/* SPEC 2b: paths in the writable roots that must stay read-only
	 * (git hooks and config, --protect), parent first, as the policy
	 * holds them: the mount layer binds each over itself, read-only
	 * (GM_P_PIN: writable, holding only the name; GM_P_MKDIR: made
	 * empty first; GM_P_ABSENT and GM_P_LINK: nothing a mount can
	 * hold). */
	const struct gm_path *prot;
	size_t nprot;
	/* Writable roots (also in rw) that may be writable only where the
	 * mount layer holds the protected paths in them: a linked
	 * worktree's common dir, whose hooks and config lie next to the
	 * packed-refs git writes. */
	const char *const *guarded;
	size_t nguarded;
	const struct be_caps *caps;
};

/* Display notes, key and value pairs: copied into the policy by
 * be_confine() with pol_add_note(). */
struct be_notes {
	struct sbx_strv keys, vals;
	/* A fact apply() established for the caller, not for display: the
	 * session runs in a private PID namespace, whose init ends every
	 * process left behind (else the shell does, as a subreaper), and
	 * the shell tells the supervisor its status on |exit_fd|. */
	bool pidns;
	int exit_fd;
	/* SPEC 2b, what apply() (or, previewing, prepare()) found: > 0 the
	 * mount layer holds plan->prot; else checker-only. */
	int protect;
	struct sbx_strv drop; /* guarded roots that could not be granted */
};
/* The note a backend adds when it cannot hold plan->prot: |why| says
 * what is missing. Nothing when there is nothing to protect. */
void be_note_checker_only(struct be_notes *n, size_t nprot, const char *why);
void be_note(struct be_notes *n, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

struct be_ctx;

struct be_ops {
	const char *name;
	int (*probe)(struct be_caps *caps, struct sbx_diag *diag);
	int (*prepare)(const struct be_plan *plan, struct be_notes *notes,
		       struct be_ctx **ctx, struct sbx_diag *diag);
	int (*apply)(struct be_ctx *ctx, struct sbx_diag *diag);
	void (*report)(const struct be_ctx *ctx, struct be_notes *notes);
	void (*release)(struct be_ctx *ctx);
};

extern const struct be_ops be_landlock, be_namespace, be_none;
/* backends/seatbelt.c (the profiles helper's): a stub failing closed off
 * macOS. On Linux be_lookup() does not offer it; be_confine() answers
 * "seatbelt" with its own message. */
extern const struct be_ops be_seatbelt;

/* probe → prepare → apply → report → release for |plan| (its caps
 * member is filled here). What be_confine() does after flattening the
 * policy; tests and tests/kernel/sbx_confine call it directly. */
int be_confine_plan(const struct be_ops *ops, const struct be_plan *plan,
		    struct be_notes *notes, struct sbx_diag *diag);

/* NULL if |name| is not a backend this build has. */
const struct be_ops *be_lookup(const char *name);

struct sock_fprog;

/* A process's effective, permitted and inheritable capability sets. */
struct be_capsets {
	uint64_t eff, prm, inh;
};

/*
 * The kernel, as the backends see it. Every member follows the libc
 * convention (-1 and errno). Tests install a fake with be_set_sys_ops().
 */
struct sys_ops {
	int (*landlock_create_ruleset)(const void *attr, size_t size,
				       uint32_t flags);
	int (*landlock_add_rule)(int fd, int type, const void *attr,
				 uint32_t flags);
	int (*landlock_restrict_self)(int fd, uint32_t flags);
	int (*prctl)(int op, unsigned long a2, unsigned long a3,
		     unsigned long a4, unsigned long a5);
	int (*unshare)(int flags);
	int (*mount)(const char *src, const char *tgt, const char *type,
		     unsigned long flags, const void *data);
	int (*open)(const char *path, int flags, mode_t mode);
	ssize_t (*write)(int fd, const void *buf, size_t n);
	int (*close)(int fd);
	/* seccomp(SECCOMP_SET_MODE_FILTER, 0, prog) */
	int (*seccomp_filter)(const struct sock_fprog *prog);
	/* capget(2)/capset(2) of the calling process, the three sets as
	 * 64-bit masks (_LINUX_CAPABILITY_VERSION_3). */
	int (*capget)(struct be_capsets *out);
	int (*capset)(const struct be_capsets *in);
	/* The highest capability this kernel knows
	 * (/proc/sys/kernel/cap_last_cap, else probed with
	 * PR_CAPBSET_READ); -1 if neither answers. */
	int (*cap_last_cap)(void);
	/* The new mount API (Linux >= 5.2; mount_setattr >= 5.12): ENOSYS
	 * on older kernels. |attr| is a struct sbx_mount_attr. */
	int (*open_tree)(int dfd, const char *path, unsigned flags);
	int (*move_mount)(int from_dfd, const char *from, int to_dfd,
			  const char *to, unsigned flags);
	int (*mount_setattr)(int dfd, const char *path, unsigned flags,
			     const void *attr, size_t size);
	/* The PID namespace's processes (pidns.c): its init signals
	 * kill(-1, ...), which outside a namespace is every process the
	 * caller may signal, so a test must be able to fake all of it. */
	pid_t (*getpid)(void);
	int (*kill)(pid_t pid, int sig);
	pid_t (*waitpid)(pid_t pid, int *status, int options);
	int (*pidfd_open)(pid_t pid, unsigned flags);
	/* clone3(2) with |args| of |size| bytes: fork()'s semantics. */
	long (*clone3)(void *args, size_t size);
};

extern const struct sys_ops be_sys_real;
extern const struct sys_ops *be_sys;
/* Installs |ops| (NULL: the real kernel); returns the previous table. */
const struct sys_ops *be_set_sys_ops(const struct sys_ops *ops);

/*
 * What both Linux backends do to the shell process itself, after the
 * mount layer and the PID namespace (backend.c): it becomes
 * non-dumpable, so no job can open its /proc/<pid>/fd/N (the history
 * file, reopened through the magic link with the permissions of the mount
 * it was opened on), mem or environ; jobs are dumpable again after
 * execve, and ptrace itself is denied by seccomp anyway. |subreaper| (no
 * PID namespace): the shell also becomes a child subreaper, so a job that
 * double-forks or calls setsid() stays its descendant and ends with the
 * session (shell/reap.c).
 */
void be_harden_self(bool subreaper);

/*
 * A session holds no privilege (bubblewrap's rule, docs/side-doors.md):
 * the calling process ends with empty effective, permitted, inheritable
 * and ambient sets, an empty bounding set, the securebits that keep root
 * from regaining any (NOROOT, NO_SETUID_FIXUP, NO_CAP_AMBIENT_RAISE, KEEP_CAPS
 * off, all locked) and no_new_privs; then every one of those is read back.
 * Anything left fails closed: -EPERM (+diag naming what stuck). One
 * exception, which is not a privilege: a bounding set that cannot be
 * emptied because the caller never had CAP_SETPCAP (an ordinary user
 * without a user namespace) while it holds no capability at all;
 * *bnd_left (may be NULL) then says so for the banner, and no_new_privs
 * keeps execve from gaining any. No allocation: safe in apply() and in
 * the PID namespace's helpers.
 */
int be_drop_privs(bool *bnd_left, const char *backend, struct sbx_diag *diag);
/* The bounding-set part of it alone, best effort (be_drop_privs() judges
 * the result): done once before processes are forked, so that they
 * inherit it. */
void be_drop_bounding(void);

/* "Operation not permitted (EPERM)" for the diag of a failed step. */
const char *be_errstr(int err, char *buf, size_t n);
/* Fills |diag| as "<backend>: <step> failed: <strerror> (<ENAME>)". */
int be_fail(struct sbx_diag *diag, int err, const char *backend,
	    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/*
 * Landlock (landlock.c). Exported for the unit tests.
 */
#define LL_ABI_MAX 9
/* Every filesystem right ABI |abi| knows. */
uint64_t ll_fs_rights(int abi);
/* The rights that apply to a non-directory (a rule on a file with a
 * directory-only right fails with EINVAL). */
uint64_t ll_file_rights(void);
/* What the ruleset handles at |abi| for |plan|, lowered through one
 * fall-through table as the kernel's samples/landlock/sandboxer.c does. */
void ll_handled(int abi, const struct be_plan *plan, uint64_t *fs,
		uint64_t *net, uint64_t *scoped);
/* The size of struct ll_ruleset_attr the kernel of ABI |abi| knows. */
size_t ll_attr_size(int abi);
/* The Landlock ABI the kernel reports; 0 without Landlock. */
int ll_kernel_abi(void);
struct ll_rules;
/*
 * The session's Landlock ruleset for |plan| at plan->caps->landlock_abi:
 * write rights on the writable roots, device rights on the device roots,
 * read everywhere but the masked secrets, TCP rules without network, the
 * signal and abstract-socket scopes. *out stays NULL (and 0 is returned)
 * on a kernel without Landlock: the caller decides whether that is fatal.
 * |by_mounts|: the caller's mount layer is the filesystem policy
 * (namespace backend) and masks the secrets; Landlock is a second layer,
 * so its filesystem gaps need no note. 0 or -errno (+diag).
 */
int ll_rules_prepare(const struct be_plan *plan, const char *backend,
		     bool by_mounts, struct be_notes *notes,
		     struct ll_rules **out, struct sbx_diag *diag);
/* Read on |path| too, in apply() (syscalls only): the PID namespace's
 * /proc, mounted after the ruleset was built, is a new filesystem no
 * rule covers. No-op for NULL. 0 or -errno (+diag). */
int ll_rules_add_read(const struct ll_rules *r, const char *path,
		      const char *backend, struct sbx_diag *diag);
/* The ABI the ruleset was made for (lowered on EINVAL); 0 for NULL. */
int ll_rules_abi(const struct ll_rules *r);
/* The rules of the guarded roots (be_plan.guarded), once the mount layer
 * holds their protected paths: be_apply_tail() calls it only then. No
 * allocation. 0 or -errno (+diag). */
int ll_rules_grant_guarded(const struct ll_rules *r, const char *backend,
			   struct sbx_diag *diag);
/* landlock_restrict_self() with it (NULL: nothing); TSYNC from ABI 8.
 * 0 or -errno. */
int ll_rules_restrict(const struct ll_rules *r, const char *backend,
		      struct sbx_diag *diag);
void ll_rules_free(struct ll_rules *r);

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

/*
 * The mount layer (mounts.c), shared by the namespace backend (the whole
 * of its filesystem policy) and the landlock backend (metadata changes
 * that Landlock cannot see).
 */
struct mnt_entry {
	char *path;	    /* mount point, unescaped */
	unsigned long keep; /* MS_NOSUID|MS_NODEV|... to keep on remount */
};
/* Parses /proc/self/mountinfo text. Appends to |out| / |*n|. Pure. */
int mnt_parse_mountinfo(const char *text, struct mnt_entry **out, size_t *n);

struct mnt_plan;
enum mnt_mode {
	MNT_METADATA,  /* landlock backend: read-only outside the roots */
	MNT_NAMESPACE, /* namespace backend: that, plus masks, private tmp */
};
/* Builds the list of mount operations from the plan (the writable roots
 * to keep, the masks, the private tmp). Reads no mountinfo: only the
 * fallback in mnt_apply() needs it. 0 or -errno (+diag). */
int mnt_prepare(const struct be_plan *plan, enum mnt_mode mode,
		const char *backend, struct be_notes *notes,
		struct mnt_plan **out, struct sbx_diag *diag);
/*
 * Enters a private mount namespace (inside a user namespace when not
 * root) and performs the operations: with the new mount API (open_tree,
 * mount_setattr, move_mount) when the kernel has it, else mount by mount
 * from /proc/self/mountinfo (that fallback allocates). Returns 0; -errno
 * (+diag) on a failure; or 1 if the namespace itself could not be created
 * (*unshare_err gets the errno) and nothing changed: the caller decides
 * whether that is fatal.
 */
int mnt_apply(const struct mnt_plan *mp, int *unshare_err,
	      struct sbx_diag *diag);
/* How many sockets (|ptys| false) or terminals of others the plan
 * covers (doors.c); 0 for NULL. */
size_t mnt_covered(const struct mnt_plan *mp, bool ptys);

/*
 * Doors (doors.c): the unix sockets and the terminals of processes
 * outside the session, which the mount layer covers.
 */
/* Appends to |out| every absolute path bound in /proc/net/unix |text|,
 * once each. Pure. 0 or -EINVAL for another format. */
int dr_parse_unix(const char *text, struct sbx_strv *out);
/* The same from the kernel's /proc/net/unix. 0 or -errno. */
int dr_bound_sockets(struct sbx_strv *out);
/*
 * Sockets by inode. /proc/net/unix shows the name a socket was bound
 * with, which misleads three ways: bound with a relative path (no
 * folder to it), renamed after bind (the name is gone or another file's),
 * hard-linked (a second name nobody lists). A daemon outside accepted a
 * job's connection through each. sock_diag (NETLINK_SOCK_DIAG, unix_diag
 * with UDIAG_SHOW_VFS) gives the inode of each bound socket's file, which
 * no rename or link changes; the socket files present with that inode are
 * what must be covered.
 */
struct dr_sock {
	dev_t dev;    /* of its file, as stat(2) shows it */
	uint32_t ino; /* of its file: unix_diag gives only the low 32 bits */
	char *name;   /* the name it was bound with (NULL: none shown) */
	bool found;   /* some file of it was found */
	bool walk;    /* the name alone is not enough: stale, or nlink > 1 */
};
struct dr_socks {
	struct dr_sock *v;
	size_t n, cap;
};
void dr_socks_free(struct dr_socks *s);
/* Parses one recv()'d buffer of sock_diag answers into |out| (pathname
 * sockets only: those with a VFS inode), once per (dev, ino). Pure.
 * 1: NLMSG_DONE seen; 0: more to come; -errno: an NLMSG_ERROR (its
 * errno) or -EINVAL for a malformed message. */
int dr_parse_diag(const void *buf, size_t len, struct dr_socks *out);
/* The kernel's: every bound pathname unix socket of this network
 * namespace. 0 or -errno (no NETLINK_SOCK_DIAG, or no unix_diag). */
int dr_diag_sockets(struct dr_socks *out);
/* A file is socket |s|'s: a socket with its inode number (not its
 * device: see doors.c). Pure. */
bool dr_same(const struct dr_sock *s, const struct stat *st);
/* The fast path, pure but for |look| (lstat(2), or a test's): each
 * socket whose bound name is absolute and still leads to its file gets
 * that name in |paths|; one whose name is gone, relative, another
 * file's, or that has more links than that name, is marked to be walked
 * for. Returns how many are marked. */
size_t dr_by_name(struct dr_socks *s, int (*look)(const char *, struct stat *),
		  struct sbx_strv *paths);
/* The bounds of the walk: it never follows a symlink, and enters a
 * folder on another filesystem than its root's only when a socket to
 * find lives on that filesystem. */
struct dr_bounds {
	int depth;	/* folders below a root */
	size_t entries;	 /* directory entries read, over all the roots */
	size_t per_root; /* ...and in one root */
};
extern const struct dr_bounds dr_default_bounds;
struct dr_walked {
	size_t entries;	 /* read */
	bool truncated;	 /* a bound was reached somewhere */
	size_t roots;	 /* walked (after dropping nested ones) */
};
/* The mounts of /proc/self/mountinfo: where each is, and its
 * superblock's dev (the dev unix_diag gives, btrfs and overlayfs too). */
struct dr_mounts {
	struct sbx_strv at; /* mount points, unescaped */
	dev_t *dev;
	size_t cap;
};
/* Parses mountinfo |text| into |out|. Pure. 0 or -EINVAL. */
int dr_parse_mountinfo(const char *text, struct dr_mounts *out);
void dr_mounts_free(struct dr_mounts *m);
/* The mount canonical |p| lies on: the longest mount point above it,
 * the later of equal ones (mounted on top). Index, or -1. Pure. */
long dr_mount_of(const struct dr_mounts *m, const char *p);
/* The trees to walk out of the canonical roots |real|: with |mi| (NULL:
 * unknown, every root) each root whose mount's dev holds a socket marked
 * |walk|, and each such mount below a root; one in another on the same
 * mount is left to it. *mount gets each one's mount index (malloc'd).
 * Pure. */
void dr_pick_roots(const struct sbx_strv *real, const struct dr_mounts *mi,
		   const struct dr_socks *s, struct sbx_strv *out,
		   long **mount);
/* Walks |roots| (absolute; missing ones skipped; picked as above) for
 * the files of the sockets marked |walk|, appending each path found
 * (hard links too) to |paths| and setting found. */
void dr_walk(const char *const *roots, size_t nroots,
	     const struct dr_mounts *mi, struct dr_socks *s,
	     const struct dr_bounds *b, struct sbx_strv *paths,
	     struct dr_walked *w);
/* What the mount layer covers: every name of every outside socket. */
struct dr_found {
	struct sbx_strv paths; /* each file to cover, once */
	bool by_name;	       /* no sock_diag: /proc/net/unix names only */
	int diag_err;	       /* sock_diag's errno then */
	size_t nsocks;	       /* sockets listed (by_name: names) */
	size_t missing;	       /* sockets no file was found for */
	bool walked;
	struct dr_walked walk;
};
/* The sockets to cover: sock_diag's, each under every name found (the
 * bound one when it still leads there, else the walk of |roots|), but
 * those whose file is one of |allowed| (--allow-socket: by inode, so
 * any name of an allowed socket is allowed). Without sock_diag,
 * /proc/net/unix's absolute names. */
void dr_socket_paths(const char *const *roots, size_t nroots,
		     const char *const *allowed, size_t nallowed,
		     struct dr_found *out);
void dr_found_free(struct dr_found *f);
/* The trees a job can name where a socket's file may lie, daemons'
 * first: $XDG_RUNTIME_DIR, /run, /var/run, $HOME, /tmp, /var/tmp,
 * /dev/shm, then |rw| (the workspace among them). */
void dr_roots(const char *const *rw, size_t nrw, struct sbx_strv *out);
/* What dr_note() says about sockets: kept by the mount plan. */
struct dr_stats {
	size_t covered; /* sockets covered (each under all its names) */
	size_t names;	/* names covered */
	bool by_name;
	int diag_err;
	size_t missing;
	bool truncated;
	bool walked;	/* some name was stale, relative or not the only one */
	size_t entries; /* the walk read */
};
const struct dr_stats *mnt_door_stats(const struct mnt_plan *mp);
/* Every /dev/pts/N that is not one of |keep|, nor |tty| (the session's
 * own; may be NULL). */
int dr_other_ptys(const char *const *keep, size_t nkeep, const char *tty,
		  struct sbx_strv *out);
/* The notes about doors, once the backend knows whether its mount layer
 * stands (report()). */
void dr_note(int landlock_abi, enum pol_scope scope,
	     const struct mnt_plan *mp, bool mount_layer,
	     struct be_notes *notes);

/*
 * The PID namespace (pidns.c). Called after mnt_apply() succeeded, while
 * the process still has the capabilities the mount layer had. Returns 0
 * in the process that goes on as the shell (pid 2 of the namespace); the
 * process that was started stays outside as the supervisor, and never
 * returns, nor does the namespace's init. Returns 1 (*unshare_err set,
 * nothing changed) when the namespace cannot be had, or -errno (+diag).
 * *proc_private: the namespace's own /proc is mounted over /proc.
 * *exit_fd: for be_session_end() in the shell (-1: none).
 */
int pns_enter(int last_pid_fd, bool *proc_private, int *unshare_err,
	      int *exit_fd, struct sbx_diag *diag);
/* be_opts.session_fd of the be_confine() under way (-1: none), for the
 * PID namespace's init to keep open. */
int be_session_fd(void);
/* /proc/sys/kernel/ns_last_pid opened for pns_enter() (whose init makes
 * the shell's pid random), before the mount layer makes /proc read-only;
 * -1 if it cannot be. The caller closes it. */
int pns_open_last_pid(void);

/* P1, the namespace's init (pidns.c): 0 when the session has ended,
 * -ESRCH if no shell pid came on |rfd|, -EPERM (|diag| set, nothing
 * signalled) unless it is pid 1. Exposed for the unit test. */
int pns_init(int rfd, const sigset_t *old, struct sbx_diag *diag);

/*
 * What both Linux backends do after their mount layer (backend.c): the
 * PID namespace (when |mnt| is the mount layer that succeeded and
 * |pidns| asks for it), be_harden_self(), every privilege dropped and
 * read back (be_drop_privs()), NO_NEW_PRIVS, the Landlock domain (|ll|
 * may be NULL) and the seccomp filter, in that order: the one that lets
 * SysV IPC through where |mnt| made private IPC and UTS namespaces, else
 * the one that refuses it. |t| records what happened, for
 * be_tail_report(). 0 or -errno (+diag naming |backend|).
 */
struct be_tail {
	bool in_ns;	   /* the shell is pid 2 of a private PID ns */
	bool proc_private; /* ...with its own /proc */
	int pns_err;	   /* unshare(CLONE_NEWPID)'s errno, or 0 */
	int exit_fd;	   /* the shell's end of the status pipe, or -1 */
	bool bnd_left;	   /* be_drop_privs(): bounding set not emptied */
	bool ipc_private;  /* private IPC and UTS namespaces (mount layer) */
	bool applied;	   /* be_apply_tail() got as far as the filter */
};
struct ll_rules;
int be_apply_tail(const struct mnt_plan *mnt, bool pidns, int last_pid_fd,
		  const struct ll_rules *ll, const struct sc_filter *sc,
		  const char *backend, struct be_tail *t,
		  struct sbx_diag *diag);
/* P2's side of the fast way out (be_session_end()). */
void pns_exit_fast(int fd, int status);
/* The notes about processes (the PID namespace, or the door left open
 * and why; sets notes->pidns), about SysV IPC (private, or refused by the
 * filter) and a bounding set be_drop_privs() could not empty. */
void be_tail_report(const struct be_tail *t, bool mount_layer, bool pidns,
		    struct be_notes *notes);
void mnt_free(struct mnt_plan *mp);
/* True if mnt_apply() gives the session private IPC and UTS namespaces
 * along with the mount namespace (always, but in the bench build's
 * SBXSH_BENCH_OFF=ipcns). */
bool mnt_ipc_private(const struct mnt_plan *mp);

/*
 * The new mount API's constants, for C libraries and kernel headers that
 * predate it (glibc < 2.36 has none; Linux < 5.12 headers lack
 * mount_setattr). Each is guarded, so newer headers win; the struct gets
 * our own name (a struct cannot be tested with #ifndef). Syscall numbers
 * are the asm-generic ones every architecture shares since 5.1. Checked
 * by tests/integration/mount_compat_headers.sh against a pre-2.36
 * <sys/mount.h>.
 */
/* clang-format off */
#ifndef __NR_open_tree
#define __NR_open_tree		428
#endif
#ifndef __NR_move_mount
#define __NR_move_mount		429
#endif
#ifndef __NR_mount_setattr
#define __NR_mount_setattr	442
#endif
#ifndef OPEN_TREE_CLONE
#define OPEN_TREE_CLONE		1
#endif
#ifndef OPEN_TREE_CLOEXEC
#define OPEN_TREE_CLOEXEC	O_CLOEXEC
#endif
#ifndef AT_RECURSIVE
#define AT_RECURSIVE		0x8000
#endif
#ifndef MOVE_MOUNT_F_EMPTY_PATH
#define MOVE_MOUNT_F_EMPTY_PATH	0x00000004
#endif
#ifndef MOVE_MOUNT_T_SYMLINKS
#define MOVE_MOUNT_T_SYMLINKS	0x00000010
#endif
#ifndef MOVE_MOUNT_T_EMPTY_PATH
#define MOVE_MOUNT_T_EMPTY_PATH	0x00000040
#endif
#ifndef MOUNT_ATTR_RDONLY
#define MOUNT_ATTR_RDONLY	0x00000001
#endif
#ifndef MOUNT_ATTR_NODEV
#define MOUNT_ATTR_NODEV	0x00000004
#endif
/* clang-format on */
struct sbx_mount_attr { /* struct mount_attr, MOUNT_ATTR_SIZE_VER0 */
	uint64_t attr_set, attr_clr, propagation, userns_fd;
};

#endif
