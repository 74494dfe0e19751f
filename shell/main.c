/* shell/main.c — argv → session → confinement → shell.
 *
 * The order matters and is the whole security story in five lines: the
 * state folders are created and the policy computed while we are still
 * free; then the shell process itself is confined once (every job, every
 * builtin redirection and every glob inherits it); only then does any
 * user input run. If confinement fails, nothing runs (exit 125).
 * start_session() is that order, written out step by step.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend.h"
#include "cfgread.h"
#include "cli.h"
#include "envsec.h"
#include "gitscan.h"
#include "hooktab.h"
#include "lineedit.h"
#include "netses.h"
#include "opts.h"
#include "session.h"
#include "interp_api.h"

enum { EXIT_USAGE = 2, EXIT_SANDBOX = 125, EXIT_RUN = -1 };

/* What start_session() hands the shell, and what main frees after it. */
struct startup {
	struct sbx_opts o;
	struct sh_config cfg;
	struct sh_hooks hooks; /* the session's, with it as their ctx */
	const char *backend;
	char *script;  /* o.script made absolute, if it had to be */
	char *rc_path; /* the rc file opened, if any */
};

/* What a program in the session can tell from its environment: SBXSH=1,
 * the documented marker that it runs inside sbxsh; SHELL, this binary,
 * so an editor's `:sh` (or anything else that starts "the user's shell")
 * opens a session nested in this one, which can only narrow it
 * (docs/design.md §5), instead of an unconfined-looking bash prompt that
 * the user takes for their own. A session started inside another says so
 * once in its banner and in `policy`. */
static void session_env(struct session *s, bool nested)
{
	char self[4096];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	if (nested)
		pol_add_note(s->pol, "nested",
			     "inside another sbxsh session (SBXSH=1): this one "
			     "can only narrow what that one allows; exit goes "
			     "back to it");
	setenv("SBXSH", "1", 1);
	if (n > 0 && self[0] == '/') {
		self[n] = 0;
		setenv("SHELL", self, 1);
	}
}

/* The informational modes: they preview a policy into |s| and run
 * nothing. -1 when the action is to run a shell. */
static int one_shot(struct sbx_opts *o, struct session *s)
{
	switch (o->action) {
	case OPT_HELP:
		fputs(opt_usage, stdout);
		return 0;
	case OPT_VERSION:
		printf("sbxsh %s\n", SBXSH_VERSION);
		return 0;
	case OPT_PRINT_POLICY:
		return cli_print_policy(o, s);
	case OPT_CHECK_LINE:
		return cli_check_line(o, s);
	case OPT_PRINT_PROFILE:
		return cli_print_profile(o, s);
	case OPT_RUN:
		break;
	}
	return -1;
}

/* The sh_config the shell runs with, from the options and the session. */
static void fill_config(struct startup *u, struct session *s, bool pidns,
			int exit_fd)
{
	struct sh_config *cfg = &u->cfg;
	const struct sbx_opts *o = &u->o;

	/* The interpreter reaches the session only through these. */
	u->hooks = hk_for(s);
	cfg->hooks = &u->hooks;
	cfg->arg0 = o->arg0;
	cfg->args = o->args;
	cfg->nargs = o->nargs;
	cfg->command = o->command;
	cfg->script = u->script ? u->script : o->script;
	cfg->set_flags = o->set_flags;
	cfg->unset_flags = o->unset_flags;
	cfg->check = o->check;
	cfg->no_denials = o->no_denials;
	cfg->posix = o->posix;
	cfg->pol = s->pol;
	cfg->builtin = s->builtin;
	cfg->agent = o->agent;
	cfg->backend = u->backend;
	cfg->reap_at_exit = !pidns && strcmp(u->backend, "none") != 0;
	cfg->exit_fd = pidns ? exit_fd : -1;
}

/*
 * The start-up sequence, the one place its order is written. Each step
 * needs what the ones before it made, and must come before what follows:
 *
 *  1. The options (opt_parse): everything below depends on them.
 *  2. The configuration file (cr_load, into s->conf), under the flags:
 *     only its location ($SBXSH_CONFIG, $XDG_CONFIG_HOME, $HOME) is read
 *     from the environment before step 3, which needs the file's
 *     keep-env lines. docs/design.md §8.
 *  3. The credential variables are withheld (es_filter, into s->env)
 *     before anything else reads the environment: the session's facts,
 *     the shell's variable table, every job's environment.
 *     docs/design.md §2b.
 *  4. The informational modes (--help, --print-policy, --check-line ...)
 *     answer and end here: they see the filtered environment and the
 *     configuration as a session would, and create nothing. Then a
 *     network rule that the backend cannot keep (--network off with
 *     --backend none) refuses the session, before anything is created.
 *  5. The session opens (ses_open): facts, state folders, the policy,
 *     while we are still free to create them.
 *  6. The withheld values are wiped (es_wipe): the session knows where
 *     the credential files are and needs them no more; before anything
 *     of the user's can read /proc/<shell>/environ.
 *  7. The shell enters the workspace (docs/design.md §1), before
 *     confinement so the backend sees (and re-enters) the right cwd.
 *  8. History and the rc file are opened (and the rc file judged, with
 *     the real uids) before confinement: both lie outside the writable
 *     roots on purpose, and a refused rc file ends the session with
 *     nothing run (docs/design.md §8).
 *  9. The shell process confines itself (be_confine): failing closed,
 *     nothing of the user's has run (docs/design.md §5). Its report is
 *     merged into the policy, which the session owns.
 * 10. SBXSH=1 and SHELL for the shell and its jobs (session_env), then
 *     the banner, from the merged policy; with --agent on a terminal,
 *     the marks' token is read (--agent-token-fd) or drawn first and the
 *     banner hands it to the harness (docs/interactive.md), before
 *     anything of the user's runs.
 * 11. The git scan is armed (gs_arm): what a mount cannot hold is
 *     fingerprinted after confinement, before anything of the user's
 *     runs, and compared when the session ends (docs/design.md §2b).
 * 12. The shell's configuration, with the hooks getting |s| as ctx.
 *
 * EXIT_RUN when the shell is to run (u->cfg is ready), else the exit
 * status, with |s| closed.
 */
static int start_session(int argc, char **argv, struct session *s,
			 struct startup *u)
{
	struct sbx_diag d = {0};
	struct be_opts bo = {.exit_fd = -1};
	struct be_report rep = {0};
	bool interactive;
	int rc;
	/* An outer session's marker, read before anything changes it. */
	const char *outer = getenv("SBXSH");
	bool nested = outer && !strcmp(outer, "1");

	/* 1 */
	if (opt_parse(argc, argv, &u->o, &d) < 0) {
		fprintf(stderr, "sbxsh: %s (see sbxsh --help)\n", d.msg);
		return EXIT_USAGE;
	}
	/* 2 */
	if (u->o.action != OPT_HELP && u->o.action != OPT_VERSION &&
	    cr_load(&s->conf, argc, argv, &u->o, &d) < 0) {
		fprintf(stderr, "sbxsh: %s\n", d.msg);
		return EXIT_USAGE;
	}
	/* 3 */
	es_filter(&s->env, (const char *const *)u->o.keep_env.v);
	/* 4 */
	rc = one_shot(&u->o, s);
	if (rc >= 0)
		return rc;
	/* 4b: a network rule that the backend cannot keep (--backend
	 * none): refused before anything is created (docs/network.md) */
	if (opt_check_unconfined(&u->o, &d) < 0) {
		fprintf(stderr, "sbxsh: %s\n", d.msg);
		return EXIT_SANDBOX;
	}
	interactive =
	    u->o.interactive > 0 || (u->o.interactive < 0 && !u->o.command &&
				     !u->o.script && isatty(0) && isatty(2));
	be_mark("options, environment filter");
	/* 5 */
	rc = ses_open(&u->o, s, &d);
	be_mark("session opened (ses_open)");
	/* 6: even when the opening failed */
	es_wipe(&s->env);
	if (rc < 0) {
		fprintf(stderr, "sbxsh: %s\n", d.msg);
		return EXIT_USAGE;
	}
	/* 7 */
	if (u->o.workspace || u->o.workflow) {
		/* A relative script was named from where sbxsh was started:
		 * open it from there ($0 stays as typed). */
		char *cwd = getcwd(NULL, 0);

		if (u->o.script && u->o.script[0] != '/' && cwd)
			u->script = path_join(cwd, u->o.script);
		free(cwd);
		if (chdir(pol_layout(s->pol)->workspace) == 0)
			setenv("PWD", pol_layout(s->pol)->workspace, 1);
	}
	u->backend = u->o.backend ? u->o.backend : "landlock";
	/* 8: the agent inside must not rewrite its history: append through
	 * the fd opened now. */
	u->cfg.interactive = interactive;
	u->cfg.hist_fd = interactive
			     ? hf_open(pol_layout(s->pol)->workflow_id,
				       pol_layout(s->pol)->workspace,
				       u->o.agent && !u->o.agent_history_shared,
				       0, NULL, NULL)
			     : -1;
	bo.private_tmp = u->o.private_tmp;
	u->cfg.rc = interactive && !u->o.norc && !u->o.command && !u->o.script;
	u->cfg.rc_fd = u->cfg.rc
			   ? cr_open_rc(s->builtin, s->pol, &u->rc_path, &d)
			   : CR_RC_NONE;
	if (u->cfg.rc_fd == CR_RC_REFUSED) {
		/* docs/design.md §2b: fail closed, one line; nothing has
		 * run. */
		fprintf(stderr, "sbxsh: %s\n", d.msg);
		ses_close(s);
		return EXIT_USAGE;
	}
	u->cfg.rc_path = u->rc_path;
	be_mark("history, workspace entered");
	/* 9: docs/network.md: with --network domains, the proxy forked in
	 * the host's network, then this process into a namespace of its
	 * own. Fail closed: never the host's network for a session that
	 * asked for domains. */
	bo.session_fd = s->run_lock_fd;
	if (nets_open(s->pol, &d) < 0) {
		fprintf(stderr, "sbxsh: %s\n", d.msg);
		ses_close(s);
		return EXIT_SANDBOX;
	}
	if (be_confine(u->backend, s->pol, &bo, &rep, &d) < 0) {
		be_report_free(&rep);
		fprintf(stderr, "sbxsh: cannot confine the session: %s\n",
			d.msg);
		ses_close(s);
		return EXIT_SANDBOX;
	}
	/* What the backend found (the notes the banner shows, the guard,
	 * dropped roots). */
	be_report_merge(&rep, s->pol);
	be_report_free(&rep);
	/* 10 */
	session_env(s, nested);
	/* a token the harness chose (--agent-token-fd) is read, and
	 * its descriptor closed, before anything of the user's runs */
	if (u->o.agent_token_fd >= 0) {
		if (!u->o.agent) {
			close(u->o.agent_token_fd);
			snprintf(d.msg, sizeof(d.msg),
				 "--agent-token-fd needs --agent");
			rc = -1;
		} else {
			rc = term_read_token(&s->ia->term, u->o.agent_token_fd,
					     &d);
		}
		if (rc < 0) {
			fprintf(stderr, "sbxsh: %s\n", d.msg);
			ses_close(s);
			return EXIT_USAGE;
		}
	}
	if (interactive && u->o.agent && !term_token(&s->ia->term) &&
	    term_draw_token(&s->ia->term, &d) < 0) {
		/* fail closed: marks a command could forge are worse than
		 * no session */
		fprintf(stderr, "sbxsh: %s\n", d.msg);
		ses_close(s);
		return EXIT_SANDBOX;
	}
	if (interactive || u->o.banner)
		cli_banner(stderr, s, u->backend, term_token(&s->ia->term),
			   u->o.banner_short);
	/* 11 */
	gs_arm(s->pol);
	/* 12 */
	fill_config(u, s, bo.pidns, bo.exit_fd);
	/* `policy` names the backend even when it added no note of its own */
	if (!pol_note(s->pol, "backend"))
		pol_add_note(s->pol, "backend", u->backend);
	be_mark("git scan, banner, config");
	return EXIT_RUN;
}

int main(int argc, char **argv)
{
	/* The session's state, for the life of the process: the hooks reach
	 * it as their ctx (shell/hooktab.c), no module by name. Static
	 * storage rather than main's frame: the denial lines' forwarder
	 * thread may still touch its part while exit() runs after main
	 * returns. */
	static struct session s;
	/* The interactive layer's own (the terminal, the line editor): the
	 * hooks reach it through s.ia. */
	static struct le_state ia;
	struct startup u = {0};
	int st;

	be_mark("start");
	ses_init(&s);
	s.ia = &ia;
	st = start_session(argc, argv, &s, &u);
	if (st == EXIT_RUN) {
		st = sh_run(&u.cfg);
		be_mark("the shell ran");
		be_marks_dump();
#ifdef SBXSH_FREE_AT_EXIT
		ses_close(&s); /* see the end of sh_run() */
#endif
	}
#ifdef SBXSH_FREE_AT_EXIT
	free(u.script);
	free(u.rc_path);
#endif
	return st;
}
