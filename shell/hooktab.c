/* shell/hooktab.c — the session's and the interactive layer's side of
 * the interpreter's hooks (shell/interp/hooks.h): which module answers which
 * event. The interpreter calls none of these modules by name. Every hook
 * gets the struct session (shell/session/session.h) as its ctx: the state
 * the modules keep between events is there, not in their files (the git
 * scan's aside: gitscan.h says why). */
#include "hooktab.h"

#include <errno.h>
#include <string.h>

#include "canon.h"
#include "cfgread.h"
#include "denials.h"
#include "gitscan.h"
#include "bi_policy.h"
#include "interactive.h"
#include "lineedit.h"
#include "live.h"
#include "netses.h"
#include "scope.h"
#include "session.h"
#include "interp.h"
#include "term.h"

static const char *scope_getvar(void *ctx, const char *name)
{
	return var_get(ctx, name);
}

/* The scope checker's flags on stderr; in deny mode a flagged line is
 * refused whole. */
static bool hk_check_line(void *ctx, struct shell *sh, const char *text,
			  size_t len, const struct node *tree)
{
	struct scope_report rep = {0};
	struct scope_env env;
	bool deny;

	(void)ctx;
	if (!sh->pol || sh->check == SCOPE_MODE_OFF)
		return true;
	env.getvar = scope_getvar;
	env.cwd = sh->pwd ? sh->pwd : "/";
	env.canon = sh_canon;
	env.ctx = sh;
	env.posix = sh->opt[O_POSIX]; /* the language the shell reads */
	env.extglob = sh->shopt[SHOPT_EXTGLOB];
	if (tree)
		scope_check_tree(sh->pol, &env, tree, len, &rep);
	else
		scope_check(sh->pol, &env, text, len, &rep);
	for (size_t i = 0; i < rep.n; i++) {
		if (sh->check == SCOPE_MODE_WRITES &&
		    rep.flags[i].kind == SCOPE_FLAG_READ)
			continue; /* a read that will work: not a warning */
		out_write(2, rep.flags[i].msg, strlen(rep.flags[i].msg));
		out_write(2, "\n", 1);
	}
	/* deny refuses what the sandbox will refuse; a line whose only
	 * flags are notes for reads that work runs (the note says so). */
	deny = scope_report_refusals(&rep) && sh->check == SCOPE_MODE_DENY;
	scope_report_free(&rep);
	return !deny;
}

static int hk_open_rc(void *ctx, struct shell *sh, const char *path,
		      struct sbx_diag *d)
{
	int fd = cr_open_rc_at(sh->cfg->builtin, sh->cfg->pol, path, d);

	(void)ctx;
	if (fd == CR_RC_REFUSED)
		return -EPERM;
	return fd < 0 ? -ENOENT : fd;
}

static struct sh_reader *hk_reader(void *ctx, struct shell *sh)
{
	struct session *s = ctx;

	return sh_interactive_reader(s->ia, sh);
}

static int hk_builtin(void *ctx, struct shell *sh, int argc, char **argv)
{
	struct session *s = ctx;

	if (!strcmp(argv[0], "history"))
		return bi_history(s->ia, sh, argc, argv);
	return bi_policy(s, sh, argc, argv);
}

static bool hk_marks(void *ctx, int on)
{
	struct session *s = ctx;

	if (on >= 0)
		term_set_osc133(&s->ia->term, on);
	return term_osc133(&s->ia->term);
}

static void hk_end_session(void *ctx, struct shell *sh, int status)
{
	(void)ctx;
	sh_end_session(sh, status);
}

static void hk_init(void *ctx, struct shell *sh)
{
	(void)ctx;
	live_init(sh);
}

static void hk_start(void *ctx, struct shell *sh)
{
	struct session *s = ctx;

	dl_start(&s->dl, sh);
}

static void hk_line(void *ctx, struct shell *sh)
{
	(void)ctx;
	live_apply(sh);
}

static void hk_cmd_begin(void *ctx, struct shell *sh)
{
	struct session *s = ctx;

	dl_begin(&s->dl, sh);
}

static void hk_cmd_end(void *ctx, struct shell *sh, const struct node *n)
{
	struct session *s = ctx;

	/* the proxy's refusals first: they are known, not guessed; read by
	 * the shell itself, never a subshell (a background one would take
	 * them from it) */
	if (!sh->subshell)
		nets_after_cmd(sh->opt[O_DENIALS]);
	dl_end(&s->dl, sh, n);
}

/* A fork: the pipe forwarder of the denial lines is started first (the
 * child inherits its end), and the git scan learns that something may
 * change files (the end-of-session report compares only then). */
static void hk_before_fork(void *ctx, struct shell *sh)
{
	struct session *s = ctx;

	dl_fork(&s->dl, sh);
	gs_touch();
}

/* Before execve and at exit: the forwarder thread of the denial lines
 * ends, and what it holds goes out first. */
static void hk_stop_forwarder(void *ctx, struct shell *sh)
{
	struct session *s = ctx;

	dl_stop(&s->dl, sh);
}

static void hk_file_written(void *ctx, struct shell *sh)
{
	(void)ctx;
	(void)sh;
	gs_touch();
}

static void hk_path_search(void *ctx, struct shell *sh)
{
	struct session *s = ctx;

	if (sh->path_changed)
		live_path(sh);
	/* A tool installed by the previous command must be found now. */
	if (sh->live_bins_stale)
		live_check_bins(&s->live, sh);
}

static void hk_edit_mode(void *ctx, const char *mode)
{
	struct session *s = ctx;

	le_set_mode(s->ia, NULL, mode);
}

/* The git report, at the end and on a fatal signal. Async-signal-safe:
 * gs_end() only writes the preallocated report. It is why the git scan's
 * state stays in gitscan.c's statics: a signal handler cannot be handed
 * |ctx|. */
static void hk_git_report(void *ctx)
{
	(void)ctx;
	gs_end();
}

static const struct sh_hooks hk_session = {
    .check_line = hk_check_line,
    .open_rc = hk_open_rc,
    .reader = hk_reader,
    .builtin = hk_builtin,
    .marks = hk_marks,
    .end_session = hk_end_session,
    .init = hk_init,
    .start = hk_start,
    .line = hk_line,
    .cmd_begin = hk_cmd_begin,
    .cmd_end = hk_cmd_end,
    .before_fork = hk_before_fork,
    .before_exec = hk_stop_forwarder,
    .file_written = hk_file_written,
    .path_search = hk_path_search,
    .edit_mode = hk_edit_mode,
    .at_exit = hk_stop_forwarder,
    .at_end = hk_git_report,
    .at_fatal_signal = hk_git_report,
};

struct sh_hooks hk_for(struct session *s)
{
	struct sh_hooks h = hk_session;

	h.ctx = s;
	return h;
}
