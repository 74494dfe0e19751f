/* backends/landlock.c — the default Linux backend: Landlock (ABI 1-7, best
 * effort; the rule layer is ll_rules.c), a read-only mount layer for what
 * Landlock cannot see (mounts.c), the PID namespace and the seccomp
 * filter (be_tail.c).
 *
 * Model (docs/backends.md): the shell process confines itself once, so
 * every job, builtin redirection and glob runs inside the same domain.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "be_tail.h"
#include "landlock.h"
#include "landlock_compat.h"
#include "ll_rules.h"
#include "mounts.h"
#include "pidns.h"
#include "audit_mnt.h"
#include "be_seccomp.h"

#define LL "landlock"

struct be_ctx {
	struct ll_rules *ll;
	struct mnt_plan *mnt; /* NULL: no mount layer attempted */
	bool mnt_userns;
	bool want_pidns;
	enum pol_scope scope;
	int mnt_err; /* apply(): errno the namespace failed with */
	struct be_tail tail;
	struct sc_filter *sc;
	const char *const *guarded; /* the plan's, for report() */
	size_t nguarded, nprot;
};

static int ll_probe(struct be_caps *caps, struct sbx_diag *diag)
{
	int v = be_sys->landlock_create_ruleset(
	    NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);

	caps->root = geteuid() == 0;
	if (v < 0)
		return be_fail(diag, errno, LL, "landlock_create_ruleset");
	if (v == 0)
		return be_fail(diag, EOPNOTSUPP, LL,
			       "landlock_create_ruleset (ABI 0)");
	caps->landlock_abi = v;
	return 0;
}

static void ll_release(struct be_ctx *c)
{
	if (!c)
		return;
	ll_rules_free(c->ll);
	mnt_free(c->mnt);
	sc_free(c->sc);
	free(c);
}

static int ll_prepare(const struct be_plan *plan, struct be_notes *notes,
		      struct be_ctx **out, struct sbx_diag *diag)
{
	struct be_ctx *c = xcalloc(1, sizeof(*c));
	int r;

	if (!plan->caps || plan->caps->landlock_abi < 1) {
		r = be_fail(diag, EOPNOTSUPP, LL, "probing the Landlock ABI");
		goto fail;
	}
	r = ll_rules_prepare(plan, LL, false, notes, &c->ll, diag);
	be_mark("prep: landlock rules");
	if (r < 0)
		goto fail;
	if (plan->private_tmp)
		be_note(notes, "not_enforced",
			"--private-tmp needs --backend namespace; /tmp is the "
			"shared one");
	if (plan->scope != POL_SCOPE_UNRESTRICTED) {
		/* The mount layer covers what the Landlock ABI actually in
		 * force cannot refuse (sockets before ABI 9). */
		struct be_caps caps = *plan->caps;
		struct be_plan mp = *plan;

		caps.landlock_abi = ll_rules_abi(c->ll);
		mp.caps = &caps;
		/* Landlock cannot stop chmod/chown/utimes/xattrs: a private
		 * mount namespace can, by making every mount outside the
		 * roots read-only. Built before the Landlock domain exists:
		 * a Landlock-restricted process cannot mount any more. */
		if (mnt_prepare(&mp, MNT_METADATA, LL, notes, &c->mnt, diag) <
		    0) {
			be_note(notes, "not_enforced",
				"metadata changes (chmod, chown, utimes, "
				"xattrs) outside the writable roots: %s",
				diag ? diag->msg : "no mount layer");
			c->mnt = NULL;
		}
		c->mnt_userns = plan->caps && !plan->caps->root;
	}
	c->guarded = plan->guarded;
	c->nguarded = plan->nguarded;
	c->nprot = plan->nprot;
	/* A preview stops here: what a session would get. */
	if (c->mnt)
		notes->protect = 1;
	else
		be_note_checker_only(notes, plan->nprot, "scope unrestricted");
	be_mark("prep: mount plan");
	c->want_pidns = plan->pidns;
	c->scope = plan->scope;
	r = sc_build(plan, LL, &c->sc, diag);
	be_mark("prep: seccomp build");
	if (r < 0)
		goto fail;
	*out = c;
	return 0;
fail:
	ll_release(c);
	*out = NULL;
	return r;
}

/* Order, from sandboxer.c: mounts → NO_NEW_PRIVS → landlock_restrict_self
 * → seccomp; the PID namespace between the mounts and the rest
 * (be_apply_tail()). */
static int ll_apply(struct be_ctx *c, struct sbx_diag *diag)
{
	int lp = c->mnt && c->want_pidns ? pns_open_last_pid() : -1;
	int r = 0;

	/* /proc is read-only past the mount layer (audit_mnt.c) */
	if (c->mnt && c->want_pidns)
		am_prepare();

	if (c->mnt)
		r = mnt_apply(c->mnt, &c->mnt_err, diag);
	be_mark("apply: mount layer");
	if (r >= 0)
		r = be_apply_tail(c->mnt && !c->mnt_err ? c->mnt : NULL,
				  c->want_pidns, lp, c->ll, c->sc, LL, &c->tail,
				  diag);
	if (lp >= 0)
		close(lp);
	return r;
}

static void ll_report(const struct be_ctx *c, struct be_notes *notes)
{
	char es[96];

	if (c->mnt && c->mnt_err) {
		char why[160];

		be_note(notes, "not_enforced",
			"metadata changes (chmod, chown, utimes, xattrs) "
			"outside the writable roots: no private mount "
			"namespace (unshare: %s)",
			be_errstr(c->mnt_err, es, sizeof(es)));
		/* docs/design.md §2b: nothing holds the protected paths, and
		 * the guarded roots got no rule (ll_rules_grant_guarded()). */
		snprintf(why, sizeof(why), "no private mount namespace: %s",
			 es);
		be_note_checker_only(notes, c->nprot, why);
		for (size_t i = 0; i < c->nguarded; i++)
			strv_push(&notes->drop, c->guarded[i]);
	} else if (c->mnt)
		be_note(notes, "mount_layer",
			c->mnt_userns
			    ? "read-only outside the writable roots (in a "
			      "user namespace: other users' files show as "
			      "nobody)"
			    : "read-only outside the writable roots");
	be_tail_report(&c->tail, c->mnt && !c->mnt_err, c->want_pidns, notes);
	mnt_note_doors(ll_rules_abi(c->ll), c->scope, c->mnt,
		       c->mnt && !c->mnt_err, notes);
}

const struct be_ops be_landlock = {
    .name = "landlock",
    .probe = ll_probe,
    .prepare = ll_prepare,
    .apply = ll_apply,
    .report = ll_report,
    .release = ll_release,
};
