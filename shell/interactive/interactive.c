/* shell/interactive/interactive.c — glue between the shell's state (interp.h)
 * and the interactive layer (lineedit, prompt, complete, bi_policy, term): the
 * callbacks those modules take, the interactive reader, and the `policy`
 * and `history` builtins. */
#include <stdlib.h>
#include <string.h>

#include "canon.h"
#include "lineedit.h"
#include "bi_policy.h"
#include "interp.h"
#include "term.h"
#include "interactive.h"

static const char *g_getvar(void *ctx, const char *name)
{
	return var_get(ctx, name);
}

static int g_status(void *ctx)
{
	return ((struct shell *)ctx)->status;
}

static int g_njobs(void *ctx)
{
	return job_count(ctx);
}

/* Before each PS1: reap, and say what ended or stopped. */
static void g_before_prompt(void *ctx)
{
	job_notify(ctx);
}

/* Ctrl-C at the prompt: $? is 130, as in dash and bash. */
static void g_interrupted(void *ctx)
{
	((struct shell *)ctx)->status = 130;
}

/* set -b (notify): report a job's end at once, even mid-line. */
static bool g_async_notices(void *ctx, struct sbx_buf *out)
{
	struct shell *sh = ctx;

	if (!sh->opt[O_NOTIFY] || !job_monitor(sh))
		return false;
	return out ? job_notices(sh, out) : true;
}

/* Until jobs.c exports its own list: the POSIX and sbxsh builtins that
 * bi_find() knows. */
static const char *const bi_guess[] = {
    ".",       ":",	   "[",	    "alias",	"bg",	  "break",   "cd",
    "command", "continue", "dirs",  "disown",	"echo",	  "eval",    "exec",
    "exit",    "export",   "false", "fc",	"fg",	  "getopts", "hash",
    "history", "jobs",	   "kill",  "local",	"policy", "popd",    "printf",
    "pushd",   "pwd",	   "read",  "readonly", "return", "set",     "shift",
    "test",    "times",	   "trap",  "true",	"type",	  "ulimit",  "umask",
    "unalias", "unset",	   "wait",  NULL,
};

/* Every name of |v| (a NULL-ended array the caller no longer needs),
 * pushed as a completion candidate. */
static void push_names(struct sbx_strv *out, const char **v)
{
	for (size_t i = 0; v && v[i]; i++)
		strv_push(out, v[i]);
	free(v);
}

static void g_names(void *ctx, enum cmp_kind kind, struct sbx_strv *out)
{
	struct shell *sh = ctx;

	switch (kind) {
	case CMP_BUILTIN:
		for (int i = 0; bi_guess[i]; i++)
			if (bi_find(sh, bi_guess[i]))
				strv_push(out, bi_guess[i]);
		break;
	case CMP_ALIAS:
		push_names(out, alias_names(sh));
		break;
	case CMP_VAR:
		push_names(out, var_names(sh, 0));
		break;
	case CMP_JOB:
		job_specs(sh, out);
		break;
	case CMP_FUNCTION:
		push_names(out, func_names(sh));
		break;
	}
}

static bool g_histexpand(void *ctx)
{
	struct shell *sh = ctx;

	return sh->opt[O_HISTEXPAND] && !sh->opt[O_POSIX] && !sh->cfg->agent;
}

struct sh_reader *sh_interactive_reader(struct le_state *st, struct shell *sh)
{
	const struct sh_config *cfg = sh->cfg;
	struct le_config c = {0};
	struct sh_reader *r;
	const char *ps1;

	c.st = st;
	c.prog = "sbxsh";
	c.in_fd = 0;
	c.out_fd = 2;
	c.hist_fd = cfg->hist_fd;
	c.agent = cfg->agent;
	c.mode = sh->opt[O_VI] ? "vi" : "emacs";
	c.prompt.ctx = sh;
	c.prompt.getvar = g_getvar;
	c.prompt.status = g_status;
	c.prompt.njobs = g_njobs;
	c.before_prompt = g_before_prompt;
	c.async_notices = g_async_notices;
	c.interrupted = g_interrupted;
	c.histexpand = g_histexpand;
	c.ctx = sh;
	c.prompt.workflow = sh->pol ? pol_layout(sh->pol)->workflow_id : NULL;
	c.prompt.backend = cfg->backend;
	c.complete.ctx = sh;
	c.complete.names = g_names;
	c.complete.getvar = g_getvar;
	r = le_reader(&c);
	/* vars.c gives PS1 the POSIX default; interactively ours replaces
	 * it (workflow, sandbox marker, cwd; "sbxsh$ " for --agent). A PS1
	 * exported in the environment is kept, even "$ ": a program that
	 * drives the shell through a pty sets it to know the prompt. */
	ps1 = var_get(sh, "PS1");
	if (!ps1 || !(var_flags(sh, "PS1", NULL) & V_EXPORT))
		var_set(sh, "PS1",
			cfg->agent ? PR_AGENT_PS1
				   : pr_default_ps1(term_colour(&st->term)),
			0);
	return r;
}

int bi_history(struct le_state *st, struct shell *sh, int argc, char **argv)
{
	struct sbx_buf out = {0};
	int rc = le_history_bi(st, argc, argv, &out);

	if (bi_flush(sh, "history", &out, rc == 2 ? 2 : 1) && !rc)
		rc = 1;
	return rc;
}
