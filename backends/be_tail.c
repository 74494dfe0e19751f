/* backends/be_tail.c — what both Linux backends do after their mount
 * layer: the PID namespace, the shell's hardening, every privilege
 * dropped, the Landlock domain and the seccomp filter, in that order;
 * and the notes about them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>

#include "be_tail.h"
#include "ll_rules.h"
#include "mounts.h"
#include "pidns.h"
#include "audit_sup.h"
#include "be_seccomp.h"

int be_apply_tail(const struct mnt_plan *mnt, bool pidns, int last_pid_fd,
		  const struct ll_rules *ll, const struct sc_filter *sc,
		  const char *backend, struct be_tail *t, struct sbx_diag *diag)
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
		/* Before the forks, while CAP_AUDIT_READ is held: the
		 * supervisor keeps the socket (audit_sup.c). */
#ifdef SBXSH_BENCH_KNOBS
		/* tests/bench only: the start-up without the kernel's
		 * records (the reader and the mount layer's rules): as
		 * where Landlock has no ABI 7 */
		if (getenv("SBXSH_BENCH_OFF") &&
		    strstr(getenv("SBXSH_BENCH_OFF"), "llaudit"))
			as_open(0);
		else
#endif
			as_open(ll_rules_abi(ll));
		be_mark("tail: audit socket");
		r = pns_enter(last_pid_fd, &t->proc_private, &t->pns_err,
			      &t->exit_fd, diag);
		if (r < 0)
			return r;
		t->in_ns = r == 0;
		as_child(t->in_ns);
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
#ifdef SBXSH_BENCH_KNOBS
	if (getenv("SBXSH_BENCH_OFF") &&
	    strstr(getenv("SBXSH_BENCH_OFF"), "caps"))
		(void)be_sys->prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
#endif
	be_mark("tail: privileges dropped");
	/* docs/design.md §2b: a linked worktree's common dir, now that the
	 * mount layer holds its hooks and config read-only. */
	if (mnt && (r = ll_rules_grant_guarded(ll, backend, diag)) < 0)
		return r;
	/* NO_NEW_PRIVS, which landlock_restrict_self() needs, was set and
	 * read back by be_drop_privs() above: set once per process (sc_load()
	 * sets it only where nobody has). */
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
		be_note(
		    notes, "not_enforced",
		    "ipc: no private IPC namespace (%s): the filter refuses "
		    "SysV shared memory, message queues and semaphores "
		    "(shmget, msgget, semget, ...) with EPERM",
		    mount_layer ? "not made" : "no mount layer");
	if (t->applied && t->bnd_left)
		be_note(notes, "capabilities",
			"none held; the bounding set could not be emptied "
			"(no CAP_SETPCAP without a user namespace), and "
			"no_new_privs keeps execve from gaining any");
	if (t->applied)
		as_note(notes);
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
