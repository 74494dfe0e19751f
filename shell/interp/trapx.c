/* shell/interp/trapx.c — bash's pseudo-signal traps ERR and RETURN (not in
 * posix mode, where `trap ... ERR` is a bad trap as in dash).
 *
 * ERR runs where set -e would end the shell (eval.c's check_errexit): not
 * for a condition, a command of && / || but the last, or a ! pipeline.
 * RETURN runs when a function or a `.` script ends. As in bash, a function
 * does not inherit either (ERR is inherited with set -E, errtrace): on
 * entry the caller's actions are put aside, on leaving they come back
 * unless the function set its own. A forked subshell keeps ERR only with
 * set -E. The action runs with $? the failing (returning) status, and
 * leaves $? as it was; neither trap fires inside its own action. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "interp.h"

int trapx_name(struct shell *sh, const char *name)
{
	if (sh->opt[O_POSIX])
		return 0;
	if (!strcasecmp(name, "ERR"))
		return TRAPX_ERR;
	if (!strcasecmp(name, "RETURN"))
		return TRAPX_RETURN;
	return 0;
}

static char **slot(struct shell *sh, int which)
{
	return which == TRAPX_ERR ? &sh->err_trap : &sh->return_trap;
}

void trapx_set(struct shell *sh, int which, const char *action)
{
	char **p = slot(sh, which);

	free(*p);
	*p = action ? xstrdup(action) : NULL;
}

void trapx_print(struct shell *sh, struct sbx_buf *out, int which)
{
	for (int w = TRAPX_ERR; w <= TRAPX_RETURN; w++) {
		const char *act = *slot(sh, w);

		if (!act || (which && which != w))
			continue;
		buf_puts(out, "trap -- ");
		var_quote(out, act);
		buf_puts(out, w == TRAPX_ERR ? " ERR\n" : " RETURN\n");
	}
}

/* Runs |act| with $? = |st|; $? and $LINENO are left as they were. */
static void run_action(struct shell *sh, const char *act, int st)
{
	char *copy = xstrdup(act);
	int lineno = sh->lineno;

	sh->in_trapx = true;
	sh->status = st;
	sh_eval_string(sh, copy, strlen(copy));
	free(copy);
	sh->in_trapx = false;
	sh->lineno = lineno;
	if (sh->jump != J_EXIT && sh->jump != J_RETURN)
		sh->status = st;
}

void trapx_err(struct shell *sh, int st)
{
	if (sh->err_trap && *sh->err_trap && !sh->in_trapx)
		run_action(sh, sh->err_trap, st);
}

void trapx_enter(struct shell *sh, struct trapx_save *sv)
{
	sv->err = NULL;
	sv->ret = sh->return_trap;
	sh->return_trap = NULL;
	if (!sh->opt[O_ERRTRACE]) {
		sv->err = sh->err_trap;
		sh->err_trap = NULL;
	}
}

/* The function's own RETURN trap (set inside it) runs; the caller's
 * actions come back where the function left none. */
void trapx_leave(struct shell *sh, struct trapx_save *sv, int st)
{
	enum sh_jump jump = sh->jump;

	if (sh->return_trap && *sh->return_trap && !sh->in_trapx &&
	    (jump == J_NONE || jump == J_RETURN)) {
		sh->jump = J_NONE;
		run_action(sh, sh->return_trap, st);
		if (sh->jump == J_NONE)
			sh->jump = jump;
	}
	if (!sh->return_trap)
		sh->return_trap = sv->ret;
	else
		free(sv->ret);
	if (!sh->err_trap)
		sh->err_trap = sv->err;
	else
		free(sv->err);
}

void trapx_run_return(struct shell *sh, int st)
{
	if (sh->return_trap && *sh->return_trap && !sh->in_trapx && !sh->jump)
		run_action(sh, sh->return_trap, st);
}

void trapx_reset_child(struct shell *sh)
{
	free(sh->return_trap);
	sh->return_trap = NULL;
	if (!sh->opt[O_ERRTRACE]) {
		free(sh->err_trap);
		sh->err_trap = NULL;
	}
}
