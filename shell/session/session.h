/* shell/session/session.h — opening a workflow's session: facts, folders,
 * policy.
 *
 * Lifecycle: ses_open() (gathers facts, creates the state folders, builds
 * the policy) → be_confine() by main → the shell runs (live_init()
 * exports the routing variables into its own) → ses_close(). ses_preview()
 * builds the same policy without creating anything, for --print-policy and
 * --explain.
 */
#ifndef SBX_SESSION_H
#define SBX_SESSION_H

#include <sys/types.h>

#include "opts.h"
#include "policy.h"

struct session {
	struct sbx_policy *pol;
	/* The built-in policy: this session's without any configuration
	 * (workspace scope, the workspace, temp, caches, routed and run
	 * folders; its roots only). No writable root of it may hold a
	 * configuration or rc file (cr_check_roots(), cr_open_rc()). */
	struct sbx_policy *builtin;
	int run_lock_fd; /* flock(LOCK_EX) on our run's mark: not pruned
			    while we live */
};

/* 0, or -errno with |diag|; main exits 2 for bad input (missing folder)
 * and 125 for a session that cannot be set up. */
int ses_open(const struct sbx_opts *o, struct session *s,
	     struct sbx_diag *diag);
int ses_preview(const struct sbx_opts *o, struct session *s,
		struct sbx_diag *diag);
void ses_close(struct session *s);

/* sbxsh's state folder (new string): $XDG_STATE_HOME/sbxsh, else
 * ~/.local/state/sbxsh; NULL when neither XDG_STATE_HOME nor HOME is
 * absolute. The histories (hf_open()) and the git scan's cache
 * live there. The session masks it: other workflows' commands are none
 * of a job's business, and a job that could open a file there could
 * flock() it. */
char *ses_state_dir(void);
/* mkdir -p |path| (each missing folder with |mode|). 0 or -errno. */
int ses_mkdir_p(char *path, mode_t mode);

#endif
