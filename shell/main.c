/* shell/main.c — argv → session → confinement → shell.
 *
 * The order matters and is the whole security story in five lines: the
 * state folders are created and the policy computed while we are still
 * free; then the shell process itself is confined once (every job, every
 * builtin redirection and every glob inherits it); only then does any
 * user input run. If confinement fails, nothing runs (exit 125).
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
#include "opts.h"
#include "session.h"
#include "interp_api.h"

enum { EXIT_USAGE = 2, EXIT_SANDBOX = 125 };

int main(int argc, char **argv)
{
	struct sbx_opts o;
	struct sbx_diag d = {0};
	struct session s;
	struct be_opts bo = {.exit_fd = -1};
	struct be_report rep = {0};
	struct sh_config cfg = {0};
	const char *backend;
	char *script = NULL; /* o.script made absolute, if it had to be */
	char *rc_path = NULL;
	bool interactive;
	int st, rc;

	be_mark("start");
	if (opt_parse(argc, argv, &o, &d) < 0) {
		fprintf(stderr, "sbxsh: %s (see sbxsh --help)\n", d.msg);
		return EXIT_USAGE;
	}
	/* docs/design.md §8: the configuration file under the flags. Only its
	 * location ($SBXSH_CONFIG, $XDG_CONFIG_HOME, $HOME) is read from the
	 * environment before the filter below, which needs the file's
	 * keep-env lines. */
	if (o.action != OPT_HELP && o.action != OPT_VERSION &&
	    cr_load(argc, argv, &o, &d) < 0) {
		fprintf(stderr, "sbxsh: %s\n", d.msg);
		return EXIT_USAGE;
	}
	/* docs/design.md §2b: credential variables are withheld before anything
	 * reads the environment (the session's facts, the shell's variable
	 * table, every job's environment). Nothing above read any other. */
	es_filter((const char *const *)o.keep_env.v);
	switch (o.action) {
	case OPT_HELP:
		fputs(opt_usage, stdout);
		return 0;
	case OPT_VERSION:
		printf("sbxsh %s\n", SBXSH_VERSION);
		return 0;
	case OPT_PRINT_POLICY:
		return cli_print_policy(&o);
	case OPT_EXPLAIN:
		return cli_explain(&o);
	case OPT_PRINT_PROFILE:
		return cli_print_profile(&o);
	case OPT_RUN:
		break;
	}

	interactive =
	    o.interactive > 0 || (o.interactive < 0 && !o.command &&
				  !o.script && isatty(0) && isatty(2));
	be_mark("options, environment filter");
	rc = ses_open(&o, &s, &d);
	be_mark("session opened (ses_open)");
	/* The session knows where the credential files are: the withheld
	 * values themselves are no longer needed, nor kept anywhere. */
	es_wipe();
	if (rc < 0) {
		fprintf(stderr, "sbxsh: %s\n", d.msg);
		return EXIT_USAGE;
	}
	/* docs/design.md §1: the shell starts in the workspace. Done before
	 * confinement so the backend sees (and re-enters) the right cwd. */
	if (o.workspace || o.workflow) {
		/* A relative script was named from where sbxsh was started:
		 * open it from there ($0 stays as typed). */
		char *cwd = getcwd(NULL, 0);

		if (o.script && o.script[0] != '/' && cwd)
			script = path_join(cwd, o.script);
		free(cwd);
		if (chdir(pol_layout(s.pol)->workspace) == 0)
			setenv("PWD", pol_layout(s.pol)->workspace, 1);
	}
	backend = o.backend ? o.backend : "landlock";
	/* History lies outside the writable roots on purpose (the agent
	 * inside must not rewrite it): open it now, append through the fd. */
	cfg.hist_fd =
	    interactive
		? le_open_history(pol_layout(s.pol)->workflow_id, 0, NULL, NULL)
		: -1;
	bo.private_tmp = o.private_tmp;
	/* docs/design.md §8: the rc file is run inside the sandbox, but judged
	 * (its owner, the writable roots) out here, with the real uids. */
	cfg.rc = interactive && !o.norc && !o.command && !o.script;
	cfg.rc_fd =
	    cfg.rc ? cr_open_rc(s.builtin, s.pol, &rc_path, &d) : CR_RC_NONE;
	if (cfg.rc_fd == CR_RC_REFUSED) {
		/* docs/design.md §2b: fail closed, one line; nothing has
		 * run. */
		fprintf(stderr, "sbxsh: %s\n", d.msg);
		ses_close(&s);
		free(rc_path);
		free(script);
		return EXIT_USAGE;
	}
	cfg.rc_path = rc_path;
	be_mark("history, workspace entered");
	bo.session_fd = s.run_lock_fd;
	if (be_confine(backend, s.pol, &bo, &rep, &d) < 0) {
		/* Fail closed: docs/design.md §5. Nothing of the user's has
		 * run. */
		be_report_free(&rep);
		fprintf(stderr, "sbxsh: cannot confine the session: %s\n",
			d.msg);
		ses_close(&s);
		free(script);
		free(rc_path);
		return EXIT_SANDBOX;
	}
	/* What the backend found, merged by the session, which owns the
	 * policy (the notes the banner shows, the guard, dropped roots). */
	be_report_merge(&rep, s.pol);
	be_report_free(&rep);
	if (interactive || o.banner)
		cli_banner(stderr, &s, backend);
	/* docs/design.md §2b: what a mount cannot hold is fingerprinted now,
	 * before anything of the user's runs, and compared when the session
	 * ends. */
	gs_arm(s.pol);
	/* The interpreter reaches the session only through these. */
	cfg.hooks = &hk_session;

	cfg.arg0 = o.arg0;
	cfg.args = o.args;
	cfg.nargs = o.nargs;
	cfg.command = o.command;
	cfg.script = script ? script : o.script;
	cfg.interactive = interactive;
	cfg.set_flags = o.set_flags;
	cfg.unset_flags = o.unset_flags;
	cfg.check = o.check;
	cfg.no_explain = o.no_explain;
	cfg.posix = o.posix;
	cfg.pol = s.pol;
	cfg.builtin = s.builtin;
	cfg.agent = o.agent;
	cfg.backend = backend;
	cfg.reap_at_exit = !bo.pidns && strcmp(backend, "none") != 0;
	cfg.exit_fd = bo.pidns ? bo.exit_fd : -1;
	/* `policy` names the backend even when it added no note of its own */
	if (!pol_note(s.pol, "backend"))
		pol_add_note(s.pol, "backend", backend);
	be_mark("git scan, banner, config");
	st = sh_run(&cfg);
	be_mark("the shell ran");
	be_marks_dump();
#ifdef SBXSH_FREE_AT_EXIT
	ses_close(&s); /* see the end of sh_run() */
	free(script);
	free(rc_path);
#endif
	return st;
}
