/* backends/backend.c — backend selection, the policy flattened into a
 * be_plan, the "none" backend, and the shared error helpers.
 */
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>
#include <linux/capability.h>
#include <linux/securebits.h>

#include "be_internal.h"

const char *const be_names[] = {"landlock", "namespace", "seatbelt", "none",
				NULL};

/* clang-format off */
static const struct be_ops *const be_table[] = {
#ifdef __linux__
	&be_landlock,
	&be_namespace,
#endif
#ifdef __APPLE__
	&be_seatbelt, /* backends/seatbelt.c, the profiles helper's */
#endif
	&be_none,
};
/* clang-format on */

const struct be_ops *be_lookup(const char *name)
{
	for (size_t i = 0; i < sizeof(be_table) / sizeof(*be_table); i++)
		if (strcmp(be_table[i]->name, name) == 0)
			return be_table[i];
	return NULL;
}

const char *be_hint(const char *name)
{
	if (!name || strcmp(name, "landlock") == 0)
		return "alternatives: --backend namespace (needs root or "
		       "unprivileged user namespaces), or --backend none "
		       "(NOT confined, only if you accept that)";
	if (strcmp(name, "namespace") == 0)
		return "alternatives: --backend landlock (Linux >= 5.13 with "
		       "Landlock enabled), or --backend none (NOT confined, "
		       "only if you accept that)";
	if (strcmp(name, "seatbelt") == 0)
		return "alternatives: --backend landlock or --backend "
		       "namespace on Linux";
	return "backends: landlock, namespace, seatbelt (macOS), none";
}

const char *be_errstr(int err, char *buf, size_t n)
{
	const char *name = strerrorname_np(err);

	snprintf(buf, n, "%s (%s)", strerror(err), name ? name : "?");
	return buf;
}

int be_fail(struct sbx_diag *diag, int err, const char *backend,
	    const char *fmt, ...)
{
	char step[256], es[96];
	va_list ap;

	if (err > 0)
		err = -err;
	if (err == 0)
		err = -EIO;
	va_start(ap, fmt);
	vsnprintf(step, sizeof(step), fmt, ap);
	va_end(ap);
	return sbx_diag_set(diag, err, "%s: %s failed: %s", backend, step,
			    be_errstr(-err, es, sizeof(es)));
}

void be_note(struct be_notes *n, const char *key, const char *fmt, ...)
{
	va_list ap;
	struct sbx_buf b = {0};

	if (!n)
		return;
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	strv_push(&n->keys, key);
	strv_take(&n->vals, b.s);
}

#ifdef SBXSH_BENCH_KNOBS
#include <time.h>
/* Bench-only state: a static table is fine for a measuring build. */
static struct {
	const char *what;
	long long ns;
} be_marks[64];
static int be_nmarks;

void be_mark(const char *what)
{
	struct timespec ts;

	if (!getenv("SBXSH_BENCH_TRACE") || be_nmarks >= 64)
		return;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	be_marks[be_nmarks].what = what;
	be_marks[be_nmarks++].ns = ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

void be_marks_dump(void)
{
	for (int i = 1; i < be_nmarks; i++)
		fprintf(stderr, "mark %-28s %8.1f us\n", be_marks[i].what,
			(be_marks[i].ns - be_marks[i - 1].ns) / 1e3);
}
#endif

int be_fd_private(int fd)
{
	int h;

	if (fd < 0)
		return fd;
	if (fd >= SBX_FD_PRIVATE) {
		(void)fcntl(fd, F_SETFD, FD_CLOEXEC);
		return fd;
	}
	h = fcntl(fd, F_DUPFD_CLOEXEC, SBX_FD_PRIVATE);
	if (h < 0 && fd < 10)
		h = fcntl(fd, F_DUPFD_CLOEXEC, 10);
	if (h < 0)
		return fd;
	close(fd);
	return h;
}

void be_session_end(int exit_fd, int status)
{
	pns_exit_fast(exit_fd, status);
}

void be_note_checker_only(struct be_notes *n, size_t nprot, const char *why)
{
	n->protect = -1;
	if (!nprot)
		return;
	be_note(n, "git metadata",
		"checker-only (%s): Landlock cannot keep a path inside a "
		"writable root read-only, so writes to git's hooks and "
		"config and the --protect paths are flagged, not stopped, "
		"and reported when the session ends",
		why);
}

void be_harden_self(bool subreaper)
{
	(void)be_sys->prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
	if (subreaper)
		(void)be_sys->prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

/* Root's way back to capabilities, closed and locked: NOROOT (execve as
 * uid 0 grants nothing), NO_SETUID_FIXUP (no uid change restores any),
 * KEEP_CAPS off and locked, NO_CAP_AMBIENT_RAISE. */
#define BE_SECBITS                                                             \
	(SECBIT_NOROOT | SECBIT_NOROOT_LOCKED | SECBIT_NO_SETUID_FIXUP |      \
	 SECBIT_NO_SETUID_FIXUP_LOCKED | SECBIT_KEEP_CAPS_LOCKED |             \
	 SECBIT_NO_CAP_AMBIENT_RAISE | SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED)

static int privs_left(struct sbx_diag *diag, const char *backend,
		      const char *what, unsigned long long mask)
{
	return sbx_diag_set(diag, -EPERM,
			    "%s: dropping privileges: %s left after the drop "
			    "(%#llx); refusing to run anything",
			    backend, what, mask);
}

/* prctl() through be_sys, once more when it fails: a kernel that refuses
 * a drop refuses it again (and the read-back then fails closed), while a
 * one-off failure (tests/integration/faults.sh fails the Nth call of each
 * process) must not end a session whose drop holds, nor leave a
 * capability that a second call would have dropped. */
static int pr(int op, unsigned long a2, unsigned long a3)
{
	int r = be_sys->prctl(op, a2, a3, 0, 0);

	return r < 0 ? be_sys->prctl(op, a2, a3, 0, 0) : r;
}

/* True if the kernel knows no capability above |last|: PR_CAPBSET_READ
 * says EINVAL there. Asked twice at most, and EINVAL from either will do
 * (not pr(): its second call, made after the expected failure, could be
 * the one that fails otherwise). */
static bool above_last(int last)
{
	for (int i = 0; i < 2; i++) {
		int r = be_sys->prctl(PR_CAPBSET_READ, (unsigned long)last + 1,
				      0, 0, 0);

		if (r >= 0)
			return false;
		if (errno == EINVAL)
			return true;
	}
	return false;
}

/* Every capability up to |last| out of the bounding set, but those out
 * already: each drop commits new credentials (about 2 us; 41 of them were
 * most of the drop's cost), a read does not. A read that fails counts as
 * "in". */
static void drop_bounding(int last)
{
	for (int cap = 0; cap <= last; cap++)
		if (pr(PR_CAPBSET_READ, (unsigned long)cap, 0) != 0)
			(void)pr(PR_CAPBSET_DROP, (unsigned long)cap, 0);
}

void be_drop_bounding(void)
{
	int last = be_sys->cap_last_cap();

	if (last >= 0 && last <= 62)
		drop_bounding(last);
}

/*
 * Why every set, as root too (issue 20): root kept every capability but
 * CAP_SYS_PTRACE, and with them `ip addr add` changed the host's loopback
 * (the network namespace is the host's), an AF_PACKET socket captured
 * other processes' traffic, vhangup()/TIOCVHANGUP hung up the user's
 * outer shell, FIFREEZE froze a filesystem the job could only read,
 * TIOCSLCKTRMIOS locked the user's terminal modes, /proc/kmsg was
 * drained, and CAP_DAC_OVERRIDE read other users' files wherever the
 * policy let the path be read. Each of those is a capability check in the
 * kernel: with none held, all fail at once, including the ones nobody
 * has listed yet.
 */
int be_drop_privs(bool *bnd_left, const char *backend, struct sbx_diag *diag)
{
	struct be_capsets cs, zero = {0};
	int last = be_sys->cap_last_cap();
	unsigned long long bnd = 0;
	bool setpcap;
	long bits;

	if (bnd_left)
		*bnd_left = false;
	if (last < 0 || last > 62)
		return be_fail(diag, EINVAL, backend,
			       "dropping privileges: reading cap_last_cap");
	if (be_sys->capget(&cs) < 0 && be_sys->capget(&cs) < 0)
		return be_fail(diag, errno, backend,
			       "dropping privileges: capget");
	/* What may change the bounding set and the securebits. Without it
	 * there is nothing to drop there, and nothing held (below). */
	setpcap = (cs.eff >> CAP_SETPCAP) & 1;
	/* First, while CAP_SETPCAP is still held. EPERM without it, or when
	 * an outer session locked them already: the read-back decides. */
	(void)pr(PR_SET_SECUREBITS, BE_SECBITS, 0);
	/* Every capability the kernel knows, cap_last_cap included: a
	 * capability newer than this build's headers is dropped too. One
	 * pass: a capability the read finds out (the usual case: the
	 * bounding set went before the PID namespace's forks) is already
	 * its own read-back; one still in is dropped and read again (the
	 * kernel's word, not the drop's return value: EPERM for one gone
	 * already, under an outer session). An answer but 0 counts as left
	 * (a failed read proves nothing). The set cannot grow again, so
	 * this read-back stands for the end of set-up too. */
	for (int cap = 0; cap <= last; cap++) {
		if (pr(PR_CAPBSET_READ, (unsigned long)cap, 0) == 0)
			continue;
		(void)pr(PR_CAPBSET_DROP, (unsigned long)cap, 0);
		if (pr(PR_CAPBSET_READ, (unsigned long)cap, 0) != 0)
			bnd |= 1ULL << cap;
	}
	(void)pr(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0);
	if (be_sys->capset(&zero) < 0 && be_sys->capset(&zero) < 0)
		return be_fail(diag, errno, backend,
			       "dropping privileges: capset (every set empty)");
	if (pr(PR_SET_NO_NEW_PRIVS, 1, 0) < 0)
		return be_fail(diag, errno, backend,
			       "prctl(PR_SET_NO_NEW_PRIVS)");
	/* Read back: the kernel's word, not the calls' return values. The
	 * ambient set needs no read of its own: the kernel keeps it within
	 * permitted and inheritable, both read here. */
	if (be_sys->capget(&cs) < 0 && be_sys->capget(&cs) < 0)
		return be_fail(diag, errno, backend,
			       "dropping privileges: capget");
	if (cs.eff)
		return privs_left(diag, backend, "effective capabilities",
				  (unsigned long long)cs.eff);
	if (cs.prm)
		return privs_left(diag, backend, "permitted capabilities",
				  (unsigned long long)cs.prm);
	if (cs.inh)
		return privs_left(diag, backend, "inheritable capabilities",
				  (unsigned long long)cs.inh);
	/* The kernel must know no capability above |last|, or a short
	 * cap_last_cap would have hidden some from the loop. */
	if (!above_last(last))
		return privs_left(diag, backend,
				  "capabilities above cap_last_cap",
				  (unsigned long long)last + 1);
	/* A bounding set only an ordinary user without CAP_SETPCAP can be
	 * left with: it grants nothing to a process with no capability and
	 * no_new_privs (execve then intersects with the empty permitted
	 * set). Anyone who could drop it must have. */
	if (bnd && setpcap)
		return privs_left(diag, backend, "bounding set", bnd);
	if (bnd_left)
		*bnd_left = bnd != 0;
	bits = pr(PR_GET_SECUREBITS, 0, 0);
	if (setpcap && (bits < 0 || (bits & BE_SECBITS) != BE_SECBITS))
		return privs_left(diag, backend, "securebits not locked",
				  (unsigned long long)(bits < 0 ? 0 : bits));
	if (pr(PR_GET_NO_NEW_PRIVS, 0, 0) != 1)
		return privs_left(diag, backend, "no_new_privs unset", 0);
	return 0;
}

int be_apply_tail(const struct mnt_plan *mnt, bool pidns, int last_pid_fd,
		  const struct ll_rules *ll, const struct sc_filter *sc,
		  const char *backend, struct be_tail *t,
		  struct sbx_diag *diag)
{
	int r;

	memset(t, 0, sizeof(*t));
	t->exit_fd = -1;
	/* The bounding set first, once, before the PID namespace's forks:
	 * its helpers and the shell inherit it empty, and none of them pays
	 * for the drops again (the effective set, which the PID namespace
	 * still needs, is untouched). be_drop_privs() below checks it. */
#ifdef SBXSH_BENCH_KNOBS
	if (!getenv("SBXSH_BENCH_OFF") ||
	    !strstr(getenv("SBXSH_BENCH_OFF"), "caps"))
#endif
		be_drop_bounding();
	/* The PID namespace needs the capabilities the mount layer had
	 * (in a user namespace: CLONE_NEWPID, and mounting its /proc), so
	 * it comes before they are dropped. */
	if (mnt && pidns) {
		r = pns_enter(last_pid_fd, &t->proc_private, &t->pns_err,
			      &t->exit_fd, diag);
		if (r < 0)
			return r;
		t->in_ns = r == 0;
		be_mark("tail: pidns entered");
		if (t->proc_private &&
		    (r = ll_rules_add_read(ll, "/proc", backend, diag)) < 0)
			return r;
	}
	be_harden_self(!t->in_ns);
	/* Set-up is over: nothing after this needs a privilege. */
#ifdef SBXSH_BENCH_KNOBS
	if (!getenv("SBXSH_BENCH_OFF") ||
	    !strstr(getenv("SBXSH_BENCH_OFF"), "caps"))
#endif
		if ((r = be_drop_privs(&t->bnd_left, backend, diag)) < 0)
			return r;
	be_mark("tail: privileges dropped");
	/* SPEC 2b: a linked worktree's common dir, now that the mount layer
	 * holds its hooks and config read-only. */
	if (mnt && (r = ll_rules_grant_guarded(ll, backend, diag)) < 0)
		return r;
	if (be_sys->prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return be_fail(diag, errno, backend,
			       "prctl(PR_SET_NO_NEW_PRIVS)");
	be_mark("tail: guarded, harden");
	r = ll_rules_restrict(ll, backend, diag);
	if (r < 0)
		return r;
	be_mark("tail: landlock restrict");
	/* SysV IPC: the session's own where the mount layer made a private
	 * IPC namespace, else refused by the filter. */
	t->ipc_private = mnt && mnt_ipc_private(mnt);
	r = sc_load(sc, t->ipc_private, backend, diag);
	be_mark("tail: seccomp load");
	t->applied = r == 0;
	return r;
}

void be_tail_report(const struct be_tail *t, bool mount_layer, bool pidns,
		    struct be_notes *notes)
{
	char es[96];

	if (t->applied && t->ipc_private)
		be_note(notes, "ipc",
			"private IPC and UTS namespaces: SysV shared memory, "
			"message queues and semaphores outside the session "
			"cannot be found or reached");
	else if (t->applied)
		be_note(notes, "not_enforced",
			"ipc: no private IPC namespace (%s): the filter refuses "
			"SysV shared memory, message queues and semaphores "
			"(shmget, msgget, semget, ...) with EPERM",
			mount_layer ? "not made" : "no mount layer");
	if (t->applied && t->bnd_left)
		be_note(notes, "capabilities",
			"none held; the bounding set could not be emptied "
			"(no CAP_SETPCAP without a user namespace), and "
			"no_new_privs keeps execve from gaining any");
	if (!pidns)
		return;
	notes->pidns = t->in_ns;
	notes->exit_fd = t->in_ns ? t->exit_fd : -1;
	if (t->in_ns && t->proc_private)
		be_note(notes, "processes",
			"private PID namespace with its own /proc: processes "
			"outside the session cannot be seen, read or "
			"signalled; all of the session's end with it");
	else if (t->in_ns)
		be_note(notes, "not_enforced",
			"/proc of processes outside the session (a private "
			"/proc could not be mounted); the session's own "
			"processes end with it");
	else
		be_note(notes, "not_enforced",
			"other processes: no private PID namespace (%s); "
			"Landlock scopes signals, and the shell ends what "
			"the session left behind as a subreaper",
			!mount_layer ? "no mount layer"
				     : be_errstr(t->pns_err, es, sizeof(es)));
}

/* --- none: no confinement, only when asked for by name ------------------ */

struct be_ctx {
	int unused;
};

static int none_probe(struct be_caps *caps, struct sbx_diag *diag)
{
	return 0;
}

static int none_prepare(const struct be_plan *plan, struct be_notes *notes,
			struct be_ctx **ctx, struct sbx_diag *diag)
{
	be_note(notes, "backend", "none: NOT confined");
	be_note_checker_only(notes, plan->nprot, "backend none");
	*ctx = NULL;
	return 0;
}

static int none_apply(struct be_ctx *ctx, struct sbx_diag *diag)
{
	return 0;
}

static void none_release(struct be_ctx *ctx)
{
}

const struct be_ops be_none = {
    .name = "none",
    .probe = none_probe,
    .prepare = none_prepare,
    .apply = none_apply,
    .release = none_release,
};

/* --- be_confine ---------------------------------------------------------- */

static void plan_free(struct be_plan *p)
{
	free((void *)p->rw);
	free((void *)p->dev);
	free((void *)p->masked);
	free((void *)p->sockets);
	free((void *)p->masked_present);
	free((void *)p->guarded);
}

#ifdef SBXSH_SANITIZE
/*
 * Sanitizer builds only (never installed): the folder the sanitizer
 * runtimes write their reports to, from log_path= in ASAN_OPTIONS or
 * UBSAN_OPTIONS, stays writable in the session. The runtime opens
 * <log_path>.<pid> when it first reports, inside the sandbox; refused,
 * it dies with one line on stderr and the report itself is lost. CI
 * (.ci/setup) points log_path at a folder of its own and fails when
 * anything lands there, whatever the test made of the exit status. Not
 * a policy root: `policy` shows the policy a shipped build enforces.
 * Without a log_path, the build's report folder (SBXSH_SAN_LOG_DIR) if
 * it exists. NULL if the folder does not exist, or for a log_path that
 * is not an absolute path (never "/").
 */
static const char *san_log_dir(void)
{
	static char dir[PATH_MAX];
	static bool done;
	const char *vars[] = {"ASAN_OPTIONS", "UBSAN_OPTIONS"};

	if (done)
		return dir[0] ? dir : NULL;
	done = true;
	for (size_t i = 0; i < 2 && !dir[0]; i++) {
		const char *o = getenv(vars[i]), *v;
		char want[PATH_MAX], *slash;
		size_t n;

		v = o ? strstr(o, "log_path=") : NULL;
		if (!v || (v != o && v[-1] != ':'))
			continue;
		v += strlen("log_path=");
		n = strcspn(v, ":");
		if (v[0] != '/' || n >= sizeof(want))
			continue;
		memcpy(want, v, n);
		want[n] = 0;
		slash = strrchr(want, '/');
		*slash = 0;
		if (!realpath(want[0] ? want : "/", dir) || !strcmp(dir, "/"))
			dir[0] = 0;
	}
	/* No log_path: the build's own folder, where the sanitizers then
	 * report by default (backends/seccomp.c). */
	if (!dir[0] && !realpath(SBXSH_SAN_LOG_DIR, dir))
		dir[0] = 0;
	return dir[0] ? dir : NULL;
}
#endif

/* Borrows the policy's strings. */
static void plan_from_policy(const struct sbx_policy *pol,
			     const struct be_opts *o, struct be_plan *p)
{
	size_t nr = pol_nroots(pol), nm = pol_nmasked(pol);
	const char **rw = xcalloc(nr + 2, sizeof(*rw));
	const char **dev = xcalloc(nr + 1, sizeof(*dev));
	const char **masked = xcalloc(nm + 1, sizeof(*masked));
	size_t ns = pol_nsockets(pol);
	const char **socks = xcalloc(ns + 1, sizeof(*socks));
	bool *present = xcalloc(nm + 1, sizeof(*present));
	const char **guarded = xcalloc(nr + 1, sizeof(*guarded));
	const struct lay_layout *lay = pol_layout(pol);

	memset(p, 0, sizeof(*p));
	p->scope = pol_scope(pol);
	p->network = pol_network(pol);
	p->private_tmp = o && o->private_tmp;
	p->pidns = true;
	p->doors = true;
#ifdef SBXSH_BENCH_KNOBS
	/* tests/bench only (the sbxsh_knobs binary, never installed): what
	 * each door costs at start-up, measured by leaving it out. */
	{
		const char *off = getenv("SBXSH_BENCH_OFF");

		p->pidns = !(off && strstr(off, "pidns"));
		p->doors = !(off && strstr(off, "doors"));
	}
#endif
	p->tty = pol_tty(pol);
	p->run_tmp = lay ? lay->run_tmp : NULL;
	for (size_t i = 0; i < nr; i++) {
		const struct pol_root *r = pol_root(pol, i);

		if (r->why == POL_WHY_UNRESTRICTED)
			continue;
		if (r->device)
			dev[p->ndev++] = r->path;
		else
			rw[p->nrw++] = r->path;
		if (r->guarded)
			guarded[p->nguarded++] = r->path;
	}
	for (size_t i = 0; i < nm; i++) {
		present[p->nmasked] = pol_masked_present(pol, i);
		masked[p->nmasked++] = pol_masked(pol, i);
	}
	for (size_t i = 0; i < ns; i++)
		socks[p->nsockets++] = pol_socket(pol, i);
#ifdef SBXSH_SANITIZE
	if (san_log_dir() && p->scope != POL_SCOPE_UNRESTRICTED)
		rw[p->nrw++] = san_log_dir();
#endif
	p->rw = rw;
	p->dev = dev;
	p->masked = masked;
	p->masked_present = present;
	p->sockets = socks;
	p->guarded = guarded;
	p->prot = pol_protected(pol, 0);
	p->nprot = pol_nprotected(pol);
}

static void add_hint(struct sbx_diag *diag, const char *name)
{
	size_t l;

	if (!diag)
		return;
	l = strlen(diag->msg);
	snprintf(diag->msg + l, sizeof(diag->msg) - l, "; %s", be_hint(name));
}

int be_confine_plan(const struct be_ops *ops, const struct be_plan *plan,
		    struct be_notes *notes, struct sbx_diag *diag)
{
	struct be_caps caps = {0};
	struct be_plan p = *plan;
	struct be_ctx *ctx = NULL;
	int r;

	be_mark("be_confine");
	r = ops->probe(&caps, diag);
	if (r < 0)
		goto fail;
	p.caps = &caps;
	be_mark("probe");
	r = ops->prepare(&p, notes, &ctx, diag);
	if (r < 0)
		goto fail;
	be_mark("prepare (rules, mount plan)");
	r = ops->apply(ctx, diag);
	be_mark("apply (mounts, pidns, confine)");
	if (r == 0 && ops->report)
		ops->report(ctx, notes);
	ops->release(ctx);
	if (r == 0)
		return 0;
fail:
	add_hint(diag, ops->name);
	return r;
}

static int run(const char *name, struct sbx_policy *pol,
	       const struct be_opts *o, bool apply, bool *pidns, int *exit_fd,
	       struct sbx_diag *diag)
{
	const struct be_ops *ops;
	struct be_notes notes = {0};
	struct be_plan plan;
	int r;

	if (!name)
		name = "landlock";
	ops = be_lookup(name);
	if (!ops) {
		if (strcmp(name, "seatbelt") == 0)
			r = sbx_diag_set(diag, -EOPNOTSUPP,
					 "seatbelt: not available on Linux "
					 "(use --print-profile seatbelt to "
					 "see the profile)");
		else
			r = sbx_diag_set(diag, -EINVAL, "unknown backend '%s'",
					 name);
		add_hint(diag, name);
		return r;
	}
	plan_from_policy(pol, o, &plan);
	if (apply) {
		r = be_confine_plan(ops, &plan, &notes, diag);
	} else {
		struct be_caps caps = {0};
		struct be_ctx *ctx = NULL;

		r = ops->probe(&caps, diag);
		plan.caps = &caps;
		if (r >= 0)
			r = ops->prepare(&plan, &notes, &ctx, diag);
		if (r >= 0)
			ops->release(ctx);
		else
			add_hint(diag, ops->name);
	}
	plan_free(&plan);
	if (pidns)
		*pidns = notes.pidns;
	if (exit_fd)
		*exit_fd = notes.pidns ? notes.exit_fd : -1;
	/* SPEC 2b: how the protected paths are held, and the guarded
	 * roots that are not writable without the mount layer. */
	pol_set_guard(pol, notes.protect > 0 ? POL_GUARD_MOUNT
					     : POL_GUARD_CHECKER);
	for (size_t i = 0; apply && i < notes.drop.n; i++) {
		SBX_AUTOFREE char *why = xasprintf(
		    "%s (git-common-dir): not writable without the mount "
		    "layer that keeps its hooks and config read-only; git gc "
		    "and packed-refs updates fail in this worktree",
		    notes.drop.v[i]);

		pol_drop_root(pol, notes.drop.v[i], why);
	}
	strv_free(&notes.drop);
	for (size_t i = 0; i < notes.keys.n; i++)
		/* A preview runs before the session creates its run folder
		 * and caches: "does not exist" is expected there, not news. */
		if (apply || strcmp(notes.keys.v[i], "skipped") != 0)
			pol_add_note(pol, notes.keys.v[i], notes.vals.v[i]);
	strv_free(&notes.keys);
	strv_free(&notes.vals);
	return r < 0 ? r : 0;
}

int be_preview(const char *name, struct sbx_policy *pol,
	       const struct be_opts *o, struct sbx_diag *diag)
{
	return run(name, pol, o, false, NULL, NULL, diag);
}

/* be_opts.session_fd for pns_enter(), deep below be_confine(): a file
 * static rather than one more argument through every backend's apply(),
 * as the start-up confines one process once. */
static int be_sess_fd = -1;

int be_session_fd(void)
{
	return be_sess_fd;
}

int be_confine(const char *name, struct sbx_policy *pol, struct be_opts *o,
	       struct sbx_diag *diag)
{
	bool pidns = false;
	int fd = -1;
	int r;

	be_sess_fd = o && o->session_fd >= 3 ? o->session_fd : -1;
	r = run(name, pol, o, true, &pidns, &fd, diag);

	if (o) {
		o->pidns = pidns;
		o->exit_fd = fd;
	}
	return r;
}
