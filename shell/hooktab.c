/* shell/hooktab.c — the session's and the interactive layer's side of
 * the interpreter's hooks (shell/hooks.h): which module answers which
 * event. The interpreter calls none of these modules by name. */
#include "hooktab.h"

#include "explain.h"
#include "gitscan.h"
#include "lineedit.h"
#include "live.h"
#include "sh.h"

static void hk_init(void *ctx, struct shell *sh)
{
	(void)ctx;
	live_init(sh);
}

static void hk_start(void *ctx, struct shell *sh)
{
	(void)ctx;
	ex_start(sh);
}

static void hk_line(void *ctx, struct shell *sh)
{
	(void)ctx;
	live_apply(sh);
}

static void hk_cmd_begin(void *ctx, struct shell *sh)
{
	(void)ctx;
	ex_begin(sh);
}

static void hk_cmd_end(void *ctx, struct shell *sh, const struct node *n)
{
	(void)ctx;
	ex_end(sh, n);
}

/* A fork: the pipe forwarder of the denial lines is started first (the
 * child inherits its end), and the git scan learns that something may
 * change files (the end-of-session report compares only then). */
static void hk_before_fork(void *ctx, struct shell *sh)
{
	(void)ctx;
	ex_fork(sh);
	gs_touch();
}

/* The forwarder thread ends at execve: what it holds goes out first. */
static void hk_before_exec(void *ctx, struct shell *sh)
{
	(void)ctx;
	ex_stop(sh);
}

static void hk_file_written(void *ctx, struct shell *sh)
{
	(void)ctx;
	(void)sh;
	gs_touch();
}

static void hk_path_search(void *ctx, struct shell *sh)
{
	(void)ctx;
	if (sh->path_changed)
		live_path(sh);
	/* A tool installed by the previous command must be found now. */
	if (sh->live_bins_stale)
		live_check_bins(sh);
}

static void hk_edit_mode(void *ctx, const char *mode)
{
	(void)ctx;
	le_set_mode(NULL, mode);
}

static void hk_at_exit(void *ctx, struct shell *sh)
{
	(void)ctx;
	ex_stop(sh);
}

static void hk_at_end(void *ctx)
{
	(void)ctx;
	gs_end();
}

/* Async-signal-safe: gs_end() only writes the preallocated report. */
static void hk_at_fatal_signal(void *ctx)
{
	(void)ctx;
	gs_end();
}

const struct sh_hooks hk_session = {
	.ctx = NULL,
	.init = hk_init,
	.start = hk_start,
	.line = hk_line,
	.cmd_begin = hk_cmd_begin,
	.cmd_end = hk_cmd_end,
	.before_fork = hk_before_fork,
	.before_exec = hk_before_exec,
	.file_written = hk_file_written,
	.path_search = hk_path_search,
	.edit_mode = hk_edit_mode,
	.at_exit = hk_at_exit,
	.at_end = hk_at_end,
	.at_fatal_signal = hk_at_fatal_signal,
};
