/* shell/interp/trapx.c — bash's pseudo-signal traps ERR, RETURN and DEBUG
 * (not in posix mode, where `trap ... ERR` is a bad trap as in dash), and
 * $BASH_COMMAND.
 *
 * ERR runs where set -e would end the shell (eval.c's check_errexit): not
 * for a condition, a command of && / || but the last, or a ! pipeline.
 * RETURN runs when a function or a `.` script ends. DEBUG runs before
 * each simple command, each `for` iteration, `case`, `[[` and `((`. As in
 * bash, a function does not inherit them (ERR is inherited with set -E,
 * errtrace; DEBUG and RETURN with set -T, functrace): on entry the
 * caller's actions are put aside, on leaving they come back unless the
 * function set its own. A forked subshell keeps ERR only with set -E,
 * DEBUG and RETURN only with set -T. The action runs with $? the failing
 * (returning, previous) status, and leaves $? as it was; none of them
 * fires inside an action. */
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
	if (!strcasecmp(name, "DEBUG"))
		return TRAPX_DEBUG;
	return 0;
}

static char **slot(struct shell *sh, int which)
{
	return which == TRAPX_ERR      ? &sh->err_trap
	       : which == TRAPX_RETURN ? &sh->return_trap
				       : &sh->debug_trap;
}

void trapx_set(struct shell *sh, int which, const char *action)
{
	char **p = slot(sh, which);

	free(*p);
	*p = action ? xstrdup(action) : NULL;
}

void trapx_print(struct shell *sh, struct sbx_buf *out, int which)
{
	/* bash's order: DEBUG, ERR, RETURN */
	static const int order[] = {TRAPX_DEBUG, TRAPX_ERR, TRAPX_RETURN};
	static const char *const names[] = {"", " ERR\n", " RETURN\n",
					    " DEBUG\n"};

	for (int k = 0; k < 3; k++) {
		int w = order[k];
		const char *act = *slot(sh, w);

		if (!act || (which && which != w))
			continue;
		buf_puts(out, "trap -- ");
		var_quote(out, act);
		buf_puts(out, names[w]);
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

void trapx_before(struct shell *sh, const struct node *n)
{
	struct sbx_buf b = {0};

	/* no trap to show it to (none set, none put aside by a caller):
	 * $BASH_COMMAND is made when read */
	if (sh->in_trapx ||
	    (!sh->debug_trap && !sh->err_trap && !sh->trapx_hidden))
		return;
	fnprint_head(&b, n);
	buf_putn(&b, "", 0);
	free(sh->cmd_text);
	sh->cmd_text = b.s;
	if (sh->debug_trap && *sh->debug_trap)
		run_action(sh, sh->debug_trap, sh->status);
}

void trapx_func_entry(struct shell *sh)
{
	if (sh->opt[O_FUNCTRACE] && sh->debug_trap && *sh->debug_trap &&
	    !sh->in_trapx)
		run_action(sh, sh->debug_trap, sh->status);
}

/* Inside an action, and while a trap may read it later, the text kept by
 * trapx_before (an ERR action names the command that failed, even in a
 * function that returned since); else the command running now. */
const char *trapx_command(struct shell *sh, char **tmp)
{
	struct sbx_buf b = {0};

	if (sh->cmd_text && (sh->in_trapx || sh->debug_trap || sh->err_trap ||
			     sh->trapx_hidden || !sh->cur_cmd))
		return sh->cmd_text;
	if (sh->cur_cmd)
		fnprint_head(&b, sh->cur_cmd);
	buf_putn(&b, "", 0);
	return *tmp = b.s;
}

void trapx_enter(struct shell *sh, struct trapx_save *sv)
{
	sv->err = sv->ret = sv->dbg = NULL;
	if (!sh->opt[O_FUNCTRACE]) {
		sv->ret = sh->return_trap;
		sh->return_trap = NULL;
		sv->dbg = sh->debug_trap;
		sh->debug_trap = NULL;
	}
	if (!sh->opt[O_ERRTRACE]) {
		sv->err = sh->err_trap;
		sh->err_trap = NULL;
	}
	if (sv->err || sv->dbg)
		sh->trapx_hidden++;
}

/* A caller's action put aside comes back where the function left none. */
static void restore(char **cur, char *saved)
{
	if (!*cur)
		*cur = saved;
	else
		free(saved);
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
	if (sv->err || sv->dbg)
		sh->trapx_hidden--;
	restore(&sh->return_trap, sv->ret);
	restore(&sh->err_trap, sv->err);
	restore(&sh->debug_trap, sv->dbg);
}

void trapx_run_return(struct shell *sh, int st)
{
	if (sh->return_trap && *sh->return_trap && !sh->in_trapx && !sh->jump)
		run_action(sh, sh->return_trap, st);
}

void trapx_reset_child(struct shell *sh)
{
	if (!sh->opt[O_FUNCTRACE]) {
		free(sh->return_trap);
		sh->return_trap = NULL;
		free(sh->debug_trap);
		sh->debug_trap = NULL;
	}
	if (!sh->opt[O_ERRTRACE]) {
		free(sh->err_trap);
		sh->err_trap = NULL;
	}
}
