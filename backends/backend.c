/* backends/backend.c — the top of backends/: backend selection (the
 * registry), the policy flattened into a be_plan, the "none" backend, and
 * be_confine(). The helpers every backend calls are be_base.c's; the
 * apply tail both Linux backends share is be_tail.c's.
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

#include "be_base.h"
#include "landlock.h"
#include "namespace.h"
#include "pidns.h"
#include "seatbelt.h"

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

void be_session_end(int exit_fd, int status)
{
	pns_exit_fast(exit_fd, status);
}

/* --- none: no confinement, only when asked for by name ------------------ */

static int none_prepare(const struct be_plan *plan, struct be_notes *notes,
			struct be_ctx **ctx, struct sbx_diag *diag)
{
	be_note(notes, "backend", "none: NOT confined");
	be_note_checker_only(notes, plan->nprot, "backend none");
	*ctx = NULL;
	return 0;
}

/* Nothing to probe, apply or release. */
const struct be_ops be_none = {
    .name = "none",
    .prepare = none_prepare,
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
	r = ops->probe ? ops->probe(&caps, diag) : 0;
	if (r < 0)
		goto fail;
	p.caps = &caps;
	be_mark("probe");
	r = ops->prepare(&p, notes, &ctx, diag);
	if (r < 0)
		goto fail;
	be_mark("prepare (rules, mount plan)");
	r = ops->apply ? ops->apply(ctx, diag) : 0;
	be_mark("apply (mounts, pidns, confine)");
	if (r == 0 && ops->report)
		ops->report(ctx, notes);
	if (ops->release)
		ops->release(ctx);
	if (r == 0)
		return 0;
fail:
	add_hint(diag, ops->name);
	return r;
}

/* The report of |notes|: a preview (!|apply|) runs before the session
 * creates its run folder and caches, so "does not exist" is expected
 * there, not news; and it drops no root. */
static void report_of(struct be_notes *notes, bool apply, struct be_report *rep)
{
	/* docs/design.md §2b: how the protected paths are held, and the guarded
	 * roots that are not writable without the mount layer. */
	rep->guard = notes->protect > 0 ? POL_GUARD_MOUNT : POL_GUARD_CHECKER;
	for (size_t i = 0; apply && i < notes->drop.n; i++)
		strv_push(&rep->drop, notes->drop.v[i]);
	for (size_t i = 0; i < notes->keys.n; i++)
		if (apply || strcmp(notes->keys.v[i], "skipped") != 0) {
			strv_push(&rep->keys, notes->keys.v[i]);
			strv_push(&rep->vals, notes->vals.v[i]);
		}
}

void be_report_merge(const struct be_report *r, struct sbx_policy *pol)
{
	pol_set_guard(pol, r->guard);
	for (size_t i = 0; i < r->drop.n; i++) {
		SBX_AUTOFREE char *why = xasprintf(
		    "%s (git-common-dir): not writable without the mount "
		    "layer that keeps its hooks and config read-only; git gc "
		    "and packed-refs updates fail in this worktree",
		    r->drop.v[i]);

		pol_drop_root(pol, r->drop.v[i], why);
	}
	for (size_t i = 0; i < r->keys.n; i++)
		pol_add_note(pol, r->keys.v[i], r->vals.v[i]);
}

void be_report_free(struct be_report *r)
{
	if (!r)
		return;
	strv_free(&r->keys);
	strv_free(&r->vals);
	strv_free(&r->drop);
}

static int run(const char *name, const struct sbx_policy *pol,
	       const struct be_opts *o, bool apply, bool *pidns, int *exit_fd,
	       struct be_report *rep, struct sbx_diag *diag)
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

		r = ops->probe ? ops->probe(&caps, diag) : 0;
		plan.caps = &caps;
		if (r >= 0)
			r = ops->prepare(&plan, &notes, &ctx, diag);
		if (r >= 0 && ops->release)
			ops->release(ctx);
		else
			add_hint(diag, ops->name);
	}
	plan_free(&plan);
	if (pidns)
		*pidns = notes.pidns;
	if (exit_fd)
		*exit_fd = notes.pidns ? notes.exit_fd : -1;
	if (rep)
		report_of(&notes, apply, rep);
	strv_free(&notes.drop);
	strv_free(&notes.keys);
	strv_free(&notes.vals);
	return r < 0 ? r : 0;
}

int be_preview(const char *name, const struct sbx_policy *pol,
	       const struct be_opts *o, struct be_report *rep,
	       struct sbx_diag *diag)
{
	return run(name, pol, o, false, NULL, NULL, rep, diag);
}

int be_confine(const char *name, const struct sbx_policy *pol,
	       struct be_opts *o, struct be_report *rep, struct sbx_diag *diag)
{
	bool pidns = false;
	int fd = -1;
	int r;

	be_set_session_fd(o && o->session_fd >= 3 ? o->session_fd : -1);
	r = run(name, pol, o, true, &pidns, &fd, rep, diag);

	if (o) {
		o->pidns = pidns;
		o->exit_fd = fd;
	}
	return r;
}
