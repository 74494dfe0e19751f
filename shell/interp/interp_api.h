/* shell/interp/interp_api.h — the shell language's entry point, as main.c calls
 * it.
 *
 * main.c parses sbxsh's own options, opens the session (folders, policy,
 * confinement, routing exported into environ) and then hands over here.
 * Everything from this call on already runs inside the sandbox.
 */
#ifndef SBX_INTERP_API_H
#define SBX_INTERP_API_H

#include <stdbool.h>

#include "scope.h"

struct sbx_policy;
struct sh_hooks;

/* sh_config.rc_fd when there is no rc file, or when it is $ENV with an
 * expansion in it, which only the shell can make (it then asks the
 * open_rc hook, shell/interp/hooks.h). */
enum { SH_RC_NONE = -1, SH_RC_EXPAND = -2 };

struct sh_config {
	const char *arg0;  /* $0 */
	char *const *args; /* $1 ... (not NULL-terminated: nargs) */
	int nargs;
	const char *command; /* -c string, or NULL */
	const char *script;  /* script file, or NULL (then stdin) */
	bool interactive;    /* -i, or stdin and stderr are terminals */
	/* docs/design.md §8: an interactive shell sources its rc file
	 * (shell/interp/run.c) only with |rc| set (main: not with --norc, -c or
	 * a script). */
	bool rc;
	int rc_fd;	     /* cr_open_rc(): the rc file, opened before
				confinement, or SH_RC_NONE / SH_RC_EXPAND */
	const char *rc_path; /* its name, for messages */
	/* -e, -u, -x, -f, -C, -v ... given on sbxsh's command line, as the
	 * letters set would take ("eux"); may be NULL. */
	const char *set_flags;
	const char *unset_flags; /* +m and friends: turned off after */
	enum scope_mode check;	 /* --check */
	bool no_denials;	 /* --denial-lines off: set +o denials */
	/* --posix, -o posix, or invoked as sh: dash's language exactly
	 * (set -o posix); otherwise bash's (docs/language.md). */
	bool posix;
	/* The session's policy: the scope checker and the policy builtin use
	 * it; NULL when no session was opened (then nothing is checked). */
	struct sbx_policy *pol;
	struct sbx_policy *builtin; /* shell/session/session.h; may be NULL */
	bool agent;		    /* --agent: plain stable prompt, OSC 133 */
	int hist_fd;		    /* hf_open() before confinement;
				       -1 (or 0) none */
	const char *backend;	    /* for the prompt's \B */
	/* No PID namespace ends the session's processes: the shell does it
	 * at exit, as the subreaper the backend made it (shell/session/reap.c).
	 */
	bool reap_at_exit;
	int exit_fd; /* be_session_end()'s, or -1 */
	/* What the session and the interactive layer do when the shell
	 * forks, runs, ends (shell/interp/hooks.h). May be NULL: then nothing.
	 */
	const struct sh_hooks *hooks;
};

/* Runs the shell until exit; returns the exit status. */
int sh_run(const struct sh_config *cfg);

#endif
