/* shell/interp/cond.c — bash's [[ ... ]] (N_COND): the tree the parser made
 * (core/lang/parse.h, struct cond) evaluated without field splitting or
 * pathname expansion. ==, = and != match a pattern (the right side's
 * quoted characters literal), =~ an extended regular expression whose
 * whole match and groups go to the array BASH_REMATCH, < and > compare
 * strings, -eq and the other numeric operators
 * evaluate both sides as arithmetic, and every unary operator of test
 * is there (plus -v NAME and -o OPTION). */
#include <fnmatch.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "bi_test.h"
#include "globx.h"
#include "interp.h"

/* 0 true, 1 false, 2 error (printed). */
static int cond_run(struct shell *sh, const struct cond *c, int depth);

/* The pattern of ==/!= turned into an ERE for =~: exp_pattern() escapes
 * every quoted punctuation character with a backslash; a regex wants
 * the escape only before its own special characters (glibc gives "\<",
 * "\'" and friends meanings of their own). */
static char *to_ere(const char *pat)
{
	struct sbx_buf b = {0};

	buf_putn(&b, "", 0);
	for (const char *p = pat; *p; p++) {
		if (*p == '\\' && p[1]) {
			p++;
			if (strchr("\\.[]()*+?{}|^$", *p))
				buf_putc(&b, '\\');
		}
		buf_putc(&b, *p);
	}
	return b.s;
}

/* The most groups BASH_REMATCH gets (the whole match and 63 more). */
#define CR_GROUPS 64

/* BASH_REMATCH as bash sets it: an array of the whole match and each
 * group's ("" for a group that took no part), empty when nothing
 * matched. */
static void set_rematch(struct shell *sh, const char *s, const regmatch_t *m,
			size_t n)
{
	char *v[CR_GROUPS];

	if (n > CR_GROUPS)
		n = CR_GROUPS;
	for (size_t i = 0; i < n; i++)
		v[i] = m[i].rm_so < 0
			   ? xstrdup("")
			   : xstrndup(s + m[i].rm_so,
				      (size_t)(m[i].rm_eo - m[i].rm_so));
	(void)av_store(sh, "[[", "BASH_REMATCH", v, n, 0, false);
	for (size_t i = 0; i < n; i++)
		free(v[i]);
}

static int cond_regex(struct shell *sh, const char *s, struct word *rw)
{
	char *pat = exp_pattern(sh, rw), *re;
	regex_t rx;
	regmatch_t m[CR_GROUPS];
	int rc;

	if (!pat)
		return 2;
	re = to_ere(pat);
	free(pat);
	rc = regcomp(
	    &rx, re,
	    REG_EXTENDED |
		(gx_fnmflags(sh, GX_COND) & FNM_CASEFOLD ? REG_ICASE : 0));
	free(re);
	if (rc) {
		/* bash: status 2, no message */
		return 2;
	}
	rc = regexec(&rx, s, CR_GROUPS, m, 0);
	set_rematch(sh, s, rc ? NULL : m, rc ? 0 : rx.re_nsub + 1);
	regfree(&rx);
	return rc ? 1 : 0;
}

static int arith_of(struct shell *sh, const char *s, intmax_t *v)
{
	struct word w = {0};
	struct wpart part = {0};
	int rc;

	/* the value is evaluated as the text of $((...)) already expanded */
	part.type = WP_LIT;
	part.quoted = 1;
	part.s = (char *)s;
	part.len = strlen(s);
	w.parts = &part;
	sh->arith_who = "[[";
	rc = exp_arith_word(sh, &w, v);
	sh->arith_who = NULL;
	return rc < 0 ? -1 : 0;
}

static int cond_numeric(struct shell *sh, const char *op, const char *l,
			const char *r)
{
	intmax_t a, b;

	if (arith_of(sh, l, &a) < 0 || arith_of(sh, r, &b) < 0)
		return 1; /* bash: an arithmetic error is false, not 2 */
	if (!strcmp(op, "-eq"))
		return a == b ? 0 : 1;
	if (!strcmp(op, "-ne"))
		return a != b ? 0 : 1;
	if (!strcmp(op, "-lt"))
		return a < b ? 0 : 1;
	if (!strcmp(op, "-le"))
		return a <= b ? 0 : 1;
	if (!strcmp(op, "-gt"))
		return a > b ? 0 : 1;
	return a >= b ? 0 : 1;
}

/* test(1) does the rest: file operators, < and > (strcoll). */
static int via_test(struct shell *sh, int argc, char **argv)
{
	struct sbx_buf err = {0};
	int rc = tst_main(argc, argv, &err);

	if (err.len) {
		sh_err(sh, "[[: %.*s", (int)err.len - 1,
		       err.s + (strncmp(err.s, "test: ", 6) ? 0 : 6));
		rc = 2;
	}
	buf_free(&err);
	return rc;
}

static int cond_unary(struct shell *sh, const struct cond *c)
{
	char *v = exp_str(sh, c->l, false);
	const char *op = c->op;
	int rc;

	if (!v)
		return 2;
	if (!strcmp(op, "-v")) {
		rc = var_get(sh, v) ? 0 : 1;
	} else if (!strcmp(op, "-o")) {
		rc = sh_option_on(sh, v) ? 0 : 1;
	} else if (!strcmp(op, "-R")) {
		rc = 1; /* no namerefs */
	} else {
		char *argv[3] = {"test", (char *)(strcmp(op, "-a") ? op : "-e"),
				 v};

		rc = via_test(sh, 3, argv);
	}
	free(v);
	return rc;
}

static int cond_binary(struct shell *sh, const struct cond *c)
{
	const char *op = c->op;
	char *l = exp_str(sh, c->l, false), *r = NULL;
	int rc;

	if (!l)
		return 2;
	if (!strcmp(op, "=~")) {
		rc = cond_regex(sh, l, c->r);
		free(l);
		return rc;
	}
	if (!strcmp(op, "==") || !strcmp(op, "=") || !strcmp(op, "!=")) {
		r = exp_pattern(sh, c->r);
		if (!r) {
			free(l);
			return 2;
		}
		rc = gx_match(sh, GX_COND, r, l) ? 0 : 1;
		if (op[0] == '!')
			rc = !rc;
	} else if (!(r = exp_str(sh, c->r, false))) {
		rc = 2;
	} else if (op[0] == '-' && strchr("eglnt", op[1]) &&
		   strcmp(op, "-ef") && strcmp(op, "-nt")) {
		rc = cond_numeric(sh, op, l, r);
	} else {
		char *argv[4] = {"test", l, (char *)op, r};

		rc = via_test(sh, 4, argv);
	}
	free(l);
	free(r);
	return rc;
}

static int cond_run(struct shell *sh, const struct cond *c, int depth)
{
	int rc;

	/* the parser bounds ( ) and ! nesting; chains are right-deep and
	 * walked in a loop */
	if (depth > 4000) {
		sh_err(sh, "[[: nesting too deep");
		return 2;
	}
	while (c->type == C_AND || c->type == C_OR) {
		rc = cond_run(sh, c->a, depth + 1);
		if (rc == 2 || sh->jump)
			return rc;
		if ((c->type == C_AND) != (rc == 0))
			return rc;
		c = c->b;
	}
	switch (c->type) {
	case C_AND:
	case C_OR:
		return 2;
	case C_NOT:
		rc = cond_run(sh, c->a, depth + 1);
		return rc == 2 ? 2 : !rc;
	case C_UNARY:
		return cond_unary(sh, c);
	case C_BINARY:
		return cond_binary(sh, c);
	case C_WORD: {
		char *v = exp_str(sh, c->l, false);

		if (!v)
			return 2;
		rc = *v ? 0 : 1;
		free(v);
		return rc;
	}
	}
	return 2;
}

int cond_eval(struct shell *sh, struct node *n)
{
	sh->lineno = n->lineno;
	return cond_run(sh, n->cond, 0);
}
