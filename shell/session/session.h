/* shell/session/session.h — opening a workflow's session: facts, folders,
 * policy.
 *
 * Lifecycle: ses_init() → cr_load() into s->conf → es_filter() into
 * s->env → ses_open() (gathers facts, creates the state folders, builds
 * the policy) → be_confine() → the shell runs, the hooks (shell/hooktab.c)
 * getting the session as their ctx (live_init() exports the routing
 * variables into its own) → ses_close(). shell/main.c's start_session()
 * is that sequence, and says why each step stands where it does.
 * ses_preview() builds the same policy without creating anything, for
 * --print-policy and --check-line.
 *
 * All of a session's state lives here, in the modules' own structs,
 * except the git scan's (gitscan.c): its end-of-session report runs from
 * a signal handler, which has no way to reach a struct session, so that
 * state is preallocated file statics (docs/architecture.md, "Session
 * state").
 */
#ifndef SBX_SESSION_H
#define SBX_SESSION_H

#include <sys/types.h>

#include "cfgread.h"
#include "envsec.h"
#include "denials.h"
#include "live.h"
#include "opts.h"
#include "policy.h"

struct le_state;

struct session {
	/* What the configuration file set (cfgread.c): before the options
	 * are final, so before everything else. */
	struct cr_state conf;
	/* The credential variables withheld (envsec.c): before anything
	 * reads the environment. */
	struct es_state env;
	/* Made by ses_open() / ses_preview(): */
	struct sbx_policy *pol;
	/* The built-in policy: this session's without any configuration
	 * (workspace scope, the workspace, temp, caches, routed and run
	 * folders; its roots only). No writable root of it may hold a
	 * configuration or rc file (cr_check_roots(), cr_open_rc()). */
	struct sbx_policy *builtin;
	int run_lock_fd; /* flock(LOCK_EX) on our run's mark: not pruned
			    while we live */
	/* What the hooks keep while the shell runs: */
	struct live_state live; /* live routing: the bin dirs seen (live.c) */
	/* The interactive layer's own state (struct le_state,
	 * shell/interactive/lineedit.h): main's, named here only so that
	 * the hooks, whose ctx is the session, reach it. NULL: none. */
	struct le_state *ia;
	struct dl_state dl; /* the denial lines (denials.c) */
};

/* Zeroes |s|: nothing read, filtered or opened yet. */
void ses_init(struct session *s);

/* 0, or -errno with |diag|; main exits 2 for bad input (missing folder)
 * and 125 for a session that cannot be set up. Reads s->conf and s->env
 * (zeroed: no configuration, nothing filtered) and sets the rest. */
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
