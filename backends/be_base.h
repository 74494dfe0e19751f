/* backends/be_base.h — the bottom of backends/ (be_base.c): what every
 * backend and layer shares: the plan a backend enforces, the notes it
 * reports, the ops table a backend fills, the diag and note helpers, and
 * the privilege drop. It calls no other module of backends/ but sysops.
 *
 * Lifecycle, driven by be_confine_plan() in backend.c:
 *   probe(caps) → prepare(plan, &ctx, diag) → apply(ctx, diag)
 *   → report(ctx, notes) → release(ctx).
 * prepare() opens path fds, builds the Landlock ruleset and the list of
 * mount operations, picks the seccomp program, and reports errors with
 * full detail. apply() only makes syscalls (through be_sys) and does not
 * allocate; it confines the calling process for good. report() adds the
 * display notes that depend on what apply() found (a mount layer that the
 * kernel refused, say). release() frees what prepare() made.
 */
#ifndef SBX_BE_BASE_H
#define SBX_BE_BASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend.h"
#include "be_sys.h"
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
	const char *tty;	    /* the session's own terminal, or NULL */
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
	/* docs/design.md §2b: paths in the writable roots that must stay
	 * read-only (git hooks and config, --protect), parent first, as the
	 * policy holds them: the mount layer binds each over itself, read-only
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
	/* docs/design.md §2b, what apply() (or, previewing, prepare()) found:
	 * > 0 the mount layer holds plan->prot; else checker-only. */
	int protect;
	struct sbx_strv drop; /* guarded roots that could not be granted */
};
/* The note a backend adds when it cannot hold plan->prot: |why| says
 * what is missing. Nothing when there is nothing to protect. */
void be_note_checker_only(struct be_notes *n, size_t nprot, const char *why);
void be_note(struct be_notes *n, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

struct be_ctx;

/* A backend. Only name and prepare are required: a NULL probe, apply or
 * release has nothing to do (be_none's), a NULL report adds no note. */
struct be_ops {
	const char *name;
	int (*probe)(struct be_caps *caps, struct sbx_diag *diag);
	int (*prepare)(const struct be_plan *plan, struct be_notes *notes,
		       struct be_ctx **ctx, struct sbx_diag *diag);
	int (*apply)(struct be_ctx *ctx, struct sbx_diag *diag);
	void (*report)(const struct be_ctx *ctx, struct be_notes *notes);
	void (*release)(struct be_ctx *ctx);
};

/*
 * What both Linux backends do to the shell process itself, after the
 * mount layer and the PID namespace (backend.c): it becomes
 * non-dumpable, so no job can open its /proc/<pid>/fd/N (the history
 * file, reopened through the magic link with the permissions of the mount
 * it was opened on), mem or environ; jobs are dumpable again after
 * execve, and ptrace itself is denied by seccomp anyway. |subreaper| (no
 * PID namespace): the shell also becomes a child subreaper, so a job that
 * double-forks or calls setsid() stays its descendant and ends with the
 * session (shell/session/reap.c).
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

/* The directory |name| below |dfd|, opened never through a symlink (a job
 * that swaps a link in for a folder we walk must not steer the walk
 * elsewhere) and never blocking (O_NONBLOCK: a FIFO planted where a folder
 * was is refused by O_DIRECTORY, not waited on). -1 with errno on failure. */
int be_open_dir(int dfd, const char *name);

/* be_opts.session_fd of the be_confine() under way (-1: none), for the
 * PID namespace's init to keep open; set by be_confine(). */
int be_session_fd(void);
void be_set_session_fd(int fd);

#endif
