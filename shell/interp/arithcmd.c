/* shell/interp/arithcmd.c — bash's arithmetic commands: (( expr )) (N_ARITH)
 * and for (( init; test; step )) (N_ARITHFOR). The expression is expanded
 * as the inside of $((...)) is, then evaluated by arith.c (which has **).
 * An error in it is printed and makes the status 1; it does not end the
 * shell, as in bash. */
#include <stdlib.h>
#include <string.h>

#include "interp.h"

/* An empty expression of for (( ; ; )): nothing but blanks. */
static bool blank(const struct word *w)
{
	for (const struct wpart *p = w->parts; p; p = p->next)
		if (p->type != WP_LIT || strspn(p->s, " \t\n") != p->len)
			return false;
	return true;
}

/* 0: value not zero; 1: zero; -1: error (printed). An empty expression
 * is |empty|. */
static int ac_value(struct shell *sh, struct word *w, int empty)
{
	intmax_t v;

	int rc;

	if (!w || blank(w))
		return empty;
	sh->arith_who = "((";
	rc = exp_arith_word(sh, w, &v);
	sh->arith_who = NULL;
	if (rc < 0)
		return -1;
	return v ? 0 : 1;
}

int ac_eval(struct shell *sh, struct node *n)
{
	int rc;

	sh->lineno = n->lineno;
	rc = ac_value(sh, n->args, 1);
	return rc < 0 ? 1 : rc;
}

int ac_eval_for(struct shell *sh, struct node *n, int flags)
{
	struct word *init = n->args, *test = init ? init->next : NULL,
		    *step = test ? test->next : NULL;
	int st = 0, rc;

	flags &= ~EV_EXIT;
	sh->lineno = n->lineno;
	if (ac_value(sh, init, 0) < 0)
		return 1;
	sh->loopdepth++;
	for (;;) {
		rc = ac_value(sh, test, 0);
		if (rc) {
			if (rc < 0)
				st = 1;
			break;
		}
		st = eval_node(sh, n->b, flags);
		if (sh->jump && eval_loop_jump(sh))
			break;
		if (ac_value(sh, step, 0) < 0) {
			st = 1;
			break;
		}
	}
	sh->loopdepth--;
	return st;
}

/* let EXPR...: each argument evaluated as $((...))'s text; 0 if the last
 * is not zero. BI_BASH: absent under posix mode (dash has none). */
int bi_let(struct shell *sh, int argc, char **argv)
{
	int rc = 1;

	if (argc < 2) {
		sh_err(sh, "let: expression expected");
		return 1;
	}
	for (int i = 1; i < argc; i++) {
		/* the argument is already expanded: a quoted literal */
		struct wpart part = {.type = WP_LIT,
				     .quoted = 1,
				     .s = argv[i],
				     .len = strlen(argv[i])};
		struct word w = {.parts = &part};
		intmax_t v;
		int r;

		sh->arith_who = "let";
		r = exp_arith_word(sh, &w, &v);
		sh->arith_who = NULL;
		if (r < 0)
			return 1;
		rc = v ? 0 : 1;
	}
	return rc;
}
