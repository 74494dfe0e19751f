/* backends/namespace.c — the namespace backend: a private mount namespace
 * (inside a user namespace when not root) with "/" read-only, the writable
 * roots bound read-write, the secrets covered by empty mounts and,
 * with --private-tmp, the run folder's tmp over /tmp; a private PID
 * namespace with its own /proc; Landlock where the kernel has it, as a
 * second layer (ns_prepare() says why); plus the seccomp filter. The
 * mount work itself is mounts.c's.
 *
 * No setsid(): the shell keeps its terminal and its process group, so job
 * control works as in any shell. The PID namespace (pidns.c) keeps the
 * shell out of pid 1 for the same reason.
 *
 * Unlike the landlock backend this one needs the namespace: when unshare()
 * is refused (an outer sbxsh session filters it, user namespaces are
 * disabled) it fails closed, since it was chosen by name.
 */
#include <errno.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "be_tail.h"
#include "ll_rules.h"
#include "mounts.h"
#include "namespace.h"
#include "pidns.h"
#include "audit_mnt.h"
#include "be_seccomp.h"

#define NS "namespace"

struct be_ctx {
	struct mnt_plan *mnt;
	struct ll_rules *ll;
	struct sc_filter *sc;
	bool userns;
	bool want_pidns;
	enum pol_scope scope;
	int abi; /* Landlock's, 0 without it */
	struct be_tail tail;
};

static int ns_probe(struct be_caps *caps, struct sbx_diag *diag)
{
	caps->root = geteuid() == 0;
	/* Not required, but used: Landlock is the second layer here. */
	caps->landlock_abi = ll_kernel_abi();
	return 0;
}

static void ns_release(struct be_ctx *c)
{
	if (!c)
		return;
	mnt_free(c->mnt);
	ll_rules_free(c->ll);
	sc_free(c->sc);
	free(c);
}

static int ns_prepare(const struct be_plan *plan, struct be_notes *notes,
		      struct be_ctx **out, struct sbx_diag *diag)
{
	struct be_ctx *c = xcalloc(1, sizeof(*c));
	struct be_caps caps = plan->caps ? *plan->caps : (struct be_caps){0};
	struct be_plan mp = *plan;
	int r;

	c->userns = !(plan->caps && plan->caps->root);
	c->want_pidns = plan->pidns;
	c->scope = plan->scope;
	/*
	 * Landlock as well, where the kernel has it. The mounts are the
	 * filesystem policy, but a descriptor opened before confinement
	 * (the shell's stdin, a file a harness passed) still names the
	 * host's writable mount, and reopening it through /proc/self/fd/N
	 * gets that mount's permissions: `echo x > /dev/stdin` would write
	 * a file outside every root. Landlock checks the file itself, so it
	 * refuses that. It also scopes signals and abstract unix sockets
	 * (ABI 6) to the session, gives --no-network its TCP rules, and at
	 * ABI 9 refuses sockets made outside.
	 */
	r = ll_rules_prepare(plan, NS, true, notes, &c->ll, diag);
	c->abi = ll_rules_abi(c->ll);
	caps.landlock_abi = c->abi;
	mp.caps = &caps;
	if (r >= 0 && plan->scope != POL_SCOPE_UNRESTRICTED)
		r = mnt_prepare(&mp, MNT_NAMESPACE, NS, notes, &c->mnt, diag);
	if (r >= 0 && !c->ll)
		be_note(notes, "not_enforced",
			"namespace backend without Landlock (kernel < 5.13 "
			"or disabled): descriptors opened before confinement "
			"can be reopened for writing through /proc/self/fd; "
			"signals and abstract unix sockets are not scoped");
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
	if (c->mnt)
		notes->protect = 1; /* no namespace, no session */
	else
		be_note_checker_only(notes, plan->nprot, "scope unrestricted");
	*out = c;
	return 0;
}

static int ns_apply(struct be_ctx *c, struct sbx_diag *diag)
{
	int lp = c->mnt && c->want_pidns ? pns_open_last_pid() : -1;
	int uerr = 0, r = 0;

	/* /proc is read-only past the mount layer (audit_mnt.c) */
	if (c->mnt && c->want_pidns)
		am_prepare();

	if (c->mnt) {
		r = mnt_apply(c->mnt, &uerr, diag);
		if (r == 1)
			r = be_fail(diag, uerr, NS,
				    c->userns ? "unshare(CLONE_NEWUSER|"
						"CLONE_NEWNS)"
					      : "unshare(CLONE_NEWNS)");
	}
	if (r >= 0)
		r = be_apply_tail(c->mnt, c->want_pidns, lp, c->ll, c->sc, NS,
				  &c->tail, diag);
	if (lp >= 0)
		close(lp);
	return r;
}

static void ns_report(const struct be_ctx *c, struct be_notes *notes)
{
	be_tail_report(&c->tail, c->mnt != NULL, c->want_pidns, notes);
	mnt_note_doors(c->abi, c->scope, c->mnt, c->mnt != NULL, notes);
}

const struct be_ops be_namespace = {
    .name = "namespace",
    .probe = ns_probe,
    .prepare = ns_prepare,
    .apply = ns_apply,
    .report = ns_report,
    .release = ns_release,
};
