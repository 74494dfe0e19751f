/* backends/backend.h — kernel enforcement behind one small ops table.
 *
 * Lifecycle (docs/style.md §6): probe → prepare → apply → release.
 * prepare() opens path fds and builds the ruleset and the seccomp filter,
 * reporting errors with full detail; apply() does syscalls only, once, in
 * the shell process itself, so that every job, builtin redirection and glob
 * of the session is confined.
 */
#ifndef SBX_BACKEND_H
#define SBX_BACKEND_H

#include <stdbool.h>

#include "policy.h"
#include "sbx.h"

/* Options that are not part of the policy proper. */
struct be_opts {
	bool private_tmp; /* --private-tmp: run tmp bound over /tmp */
	/* The run folder's lock (shell/session/session.c), or below 3: none.
	 * The PID namespace's init keeps it open too, so the run folder stays
	 * locked while any process of the session lives: after `exec cmd`
	 * has replaced the shell (whose copy is close-on-exec), a session
	 * starting meanwhile would prune or recycle the folder under cmd. */
	int session_fd;
	/* Out, from be_confine(): the session runs in a private PID
	 * namespace, whose init ends whatever the session leaves behind;
	 * |exit_fd| is for be_session_end() (-1: none). */
	bool pidns;
	int exit_fd;
};

/* The shell is about to exit with |status|: with nothing else left in
 * the session's PID namespace, tells the supervisor at once, so the
 * caller does not wait for the namespaces to be torn down. Else (or
 * with |exit_fd| -1) does nothing: the namespace's init reports. */
void be_session_end(int exit_fd, int status);

/*
 * What be_confine() or be_preview() found, for the caller to merge into
 * the policy with be_report_merge(): the backends read the policy and
 * never write into it (the session owns it).
 */
struct be_report {
	struct sbx_strv keys, vals; /* display notes (pol_add_note()) */
	enum pol_guard guard;	    /* how the protected paths are held */
	struct sbx_strv drop;	    /* guarded roots the session must drop */
};
/* Adds |r|'s notes to |pol|, sets its guard, drops its roots. */
void be_report_merge(const struct be_report *r, struct sbx_policy *pol);
void be_report_free(struct be_report *r);

/*
 * Confines the calling process for the rest of its life, as the backend
 * named |name| ("landlock", "namespace", "seatbelt", "none"; NULL: the
 * platform default) enforces |pol|. Fills |rep| (may be NULL; the caller
 * frees it, even on failure) with display notes (effective Landlock ABI,
 * rights not enforced, layers unavailable) and what the policy must
 * learn. 0, or -errno with |diag| naming the backend, the step that
 * failed and the kernel's errno. Never returns 0 without confinement
 * (except for "none").
 */
int be_confine(const char *name, const struct sbx_policy *pol,
	       struct be_opts *o, struct be_report *rep, struct sbx_diag *diag);

/*
 * What be_confine() would enforce, without confining: probes the kernel
 * and prepares (the Landlock ABI, rights that cannot be enforced, secrets
 * that cannot be masked), puts those notes in |rep| (as be_confine())
 * and releases everything. For --print-policy. 0, or -errno (+diag) when
 * the backend could not be applied here (the session would then refuse
 * to start).
 */
/* What the seccomp filter of a landlock or namespace session refuses:
 * one "family: call, call" line per family of sc_rules[] (seccomp.c),
 * for a session with or without |network|; appended to |out|. */
void be_seccomp_families(bool network, struct sbx_strv *out);

int be_preview(const char *name, const struct sbx_policy *pol,
	       const struct be_opts *o, struct be_report *rep,
	       struct sbx_diag *diag);

/* One line naming the other backends to try when |name| cannot be
 * applied (be_confine() appends it to its diag already). Static text. */
const char *be_hint(const char *name);

/*
 * Opens |path| (absolute and canonical: it holds no symlink) with |flags|
 * (O_CLOEXEC is added) without following a symlink anywhere on the way,
 * so a component swapped for a link after the path was checked fails the
 * open (-ELOOP or -ENOTDIR) instead of leading elsewhere. With
 * |create_below| (a prefix of |path|), the missing folders strictly
 * beneath it are created (0755) on the way, each inside the one just
 * opened. Returns the fd or -errno. No allocation. backends/nosym.c.
 */
int be_open_nosym(const char *path, int flags, const char *create_below);

/*
 * THE way start-up opens a file a job could have written or named (the
 * workspace's git metadata, what a git config includes) or that sits in
 * sbxsh's own folders (the configuration, the rc file). Returns an fd
 * (O_RDONLY|O_NONBLOCK|O_NOCTTY, close-on-exec) of a regular file and
 * its stat in |st|, or -errno: -EINVAL for anything else (a device: the
 * unconfined start-up opened /dev/ptmx for `include.path = /dev/ptmx`;
 * a FIFO; a socket), -EISDIR, -ELOOP/-ENOTDIR for a symlink on the way,
 * -EXDEV for a |path| not beneath |root|.
 *
 * |path|: absolute and canonical (with BE_OPEN_FOLLOW: any path, a
 * relative one from the working folder). |root| (NULL: none): a canonical
 * folder |path| must stay beneath (openat2 RESOLVE_BENEATH from it).
 * Symlinks are never followed (RESOLVE_NO_SYMLINKS; before Linux 5.6 one
 * O_NOFOLLOW step per component) unless |how| has BE_OPEN_FOLLOW, for
 * the user's own files whose trust is then judged on the fd. The type
 * is judged on an O_PATH descriptor before anything is opened for
 * reading, so no driver is asked and no FIFO opened; the file is then
 * opened through that descriptor (/proc/self/fd/N: no second walk to
 * race), or without /proc resolved again and its identity compared. No
 * allocation:
 * the end of a session calls it from a signal handler. backends/nosym.c.
 */
enum { BE_OPEN_FOLLOW = 1 };
struct stat;
int be_open_regular(const char *root, const char *path, unsigned how,
		    struct stat *st);

/*
 * Start-up timing marks for tests/bench (the sbxsh_knobs binary only,
 * with $SBXSH_BENCH_TRACE set): be_mark() notes the time at a named
 * point, be_marks_dump() prints the deltas on stderr. No-ops in sbxsh.
 */
#ifdef SBXSH_BENCH_KNOBS
void be_mark(const char *what);
void be_marks_dump(void);
#else
static inline void be_mark(const char *what)
{
	(void)what;
}
static inline void be_marks_dump(void)
{
}
#endif

/* The registry, for the tests and tests/kernel/sbx_confine (the ops
 * table and the plan are be_base.h's). */
struct be_ops;
struct be_plan;
struct be_notes;
extern const struct be_ops be_none;
/* probe → prepare → apply → report → release for |plan| (its caps
 * member is filled here). What be_confine() does after flattening the
 * policy; tests and tests/kernel/sbx_confine call it directly. */
int be_confine_plan(const struct be_ops *ops, const struct be_plan *plan,
		    struct be_notes *notes, struct sbx_diag *diag);
/* NULL if |name| is not a backend this build has. */
const struct be_ops *be_lookup(const char *name);

/* The names be_confine() accepts, NULL-terminated. */
extern const char *const be_names[];

#endif
