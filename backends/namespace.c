/* backends/namespace.c — the namespace backend: a private mount namespace
 * (inside a user namespace when not root) with "/" read-only, the writable
 * roots bound read-write, the secrets covered by empty mounts and,
 * with --private-tmp, the run folder's tmp over /tmp; plus the seccomp
 * filter. The mount work itself is mounts.c's.
 *
 * No setsid() and no new PID namespace: the shell keeps its terminal and
 * its process group, so job control works as in any shell.
 *
 * Unlike the landlock backend this one needs the namespace: when unshare()
 * is refused (an outer sbxsh session filters it, user namespaces are
 * disabled) it fails closed, since it was chosen by name.
 */
#include <errno.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "be_internal.h"

#define NS "namespace"

struct be_ctx {
	struct mnt_plan *mnt;
	struct sc_filter *sc;
	bool userns;
};

static int ns_probe(struct be_caps *caps, struct sbx_diag *diag)
{
	caps->root = geteuid() == 0;
	return 0;
}

static void ns_release(struct be_ctx *c)
{
	if (!c)
		return;
	mnt_free(c->mnt);
	sc_free(c->sc);
	free(c);
}

static int ns_prepare(const struct be_plan *plan, struct be_notes *notes,
		      struct be_ctx **out, struct sbx_diag *diag)
{
	struct be_ctx *c = xcalloc(1, sizeof(*c));
	int r = 0;

	c->userns = !(plan->caps && plan->caps->root);
	if (plan->scope != POL_SCOPE_UNRESTRICTED)
		r = mnt_prepare(plan, MNT_NAMESPACE, NS, notes, &c->mnt, diag);
	if (r >= 0)
		r = sc_build(plan, NS, &c->sc, diag);
	if (r < 0) {
		ns_release(c);
		*out = NULL;
		return r;
	}
	if (c->mnt && c->userns)
		be_note(notes, "user_namespace",
			"files of other users show as nobody");
	/* No PID namespace (a shell's first job would become its init and
	 * the namespace would die with it) and no Landlock domain: what
	 * Landlock's ptrace and signal scoping give the landlock backend. */
	be_note(notes, "not_enforced",
		"namespace backend: signals to, and /proc of, processes "
		"outside the session (same user: their environment is "
		"readable); --backend landlock scopes both");
	*out = c;
	return 0;
}

static int ns_apply(struct be_ctx *c, struct sbx_diag *diag)
{
	int uerr = 0, r;

	if (c->mnt) {
		r = mnt_apply(c->mnt, &uerr, diag);
		if (r < 0)
			return r;
		if (r == 1)
			return be_fail(diag, uerr, NS,
				       c->userns ? "unshare(CLONE_NEWUSER|"
						   "CLONE_NEWNS)"
						 : "unshare(CLONE_NEWNS)");
	}
	be_harden_self();
	return sc_load(c->sc, NS, diag);
}

const struct be_ops be_namespace = {
    .name = "namespace",
    .probe = ns_probe,
    .prepare = ns_prepare,
    .apply = ns_apply,
    .release = ns_release,
};
