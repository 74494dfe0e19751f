/* tests/unit/test_parse.c — the parser: tree shapes, here-documents,
 * keywords, aliases, syntax errors, "need more" for interactive input and
 * the nesting limit. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "input.h"
#include "parse.h"

struct pr {
	struct sh_reader *r;
	struct parser *p;
	struct arena *a;
	struct sbx_diag d;
	struct node *n;
	int rc;
};

static const char *test_alias(void *ctx, const char *name)
{
	(void)ctx;
	if (!strcmp(name, "ll"))
		return "ls -l";
	if (!strcmp(name, "loop"))
		return "loop again";
	return NULL;
}

/* dash's language (sbxsh --posix) for the next pr_open()s, else bash's */
static bool posix_mode;

static void pr_open(struct pr *x, const char *text, bool probe)
{
	struct parse_opts o = {.alias = test_alias,
			       .lineno = 1,
			       .probe = probe,
			       .posix = posix_mode};

	memset(x, 0, sizeof(*x));
	x->r = in_string(text, strlen(text));
	x->p = parse_new(x->r, &o);
	x->a = arena_new();
}

static int pr_next(struct pr *x)
{
	x->rc = parse_next(x->p, x->a, &x->n, NULL, &x->d);
	return x->rc;
}

static void pr_close(struct pr *x)
{
	parse_free(x->p);
	in_free(x->r);
	arena_unref(x->a);
}

static int nwords(struct word *w)
{
	int n = 0;

	for (; w; w = w->next)
		n++;
	return n;
}

static void simple_and_lists(void **state)
{
	struct pr x;

	(void)state;
	pr_open(&x, "echo a 'b c' >out; x=1 y=2 cmd & a && b || c\n", false);
	assert_int_equal(pr_next(&x), PARSE_OK);
	/* echo ... ; (bg ...) ; and-or chain */
	assert_int_equal(x.n->type, N_SEQ);
	assert_int_equal(x.n->a->type, N_CMD);
	assert_int_equal(nwords(x.n->a->args), 3);
	assert_non_null(x.n->a->redirs);
	assert_int_equal(x.n->a->redirs->type, R_OUT);
	assert_int_equal(x.n->a->redirs->fd, 1);
	assert_int_equal(x.n->b->type, N_SEQ);
	assert_int_equal(x.n->b->a->type, N_BG);
	assert_int_equal(nwords(x.n->b->a->a->assigns), 2);
	assert_int_equal(x.n->b->b->type, N_AND);
	assert_int_equal(x.n->b->b->next_stage->type, N_AND);
	assert_int_equal(x.n->b->b->next_stage->next_stage->type, N_OR);
	assert_int_equal(pr_next(&x), PARSE_EOF);
	pr_close(&x);
}

static void compound_commands(void **state)
{
	struct pr x;

	(void)state;
	pr_open(&x,
		"if a; then b; elif c; then d; else e; fi\n"
		"for i in 1 2 3; do :; done\n"
		"for j do :; done\n"
		"case $x in a|b) one;; (c) ;; *) three\nesac\n"
		"f() { echo; } 2>/dev/null\n"
		"! a | b | c\n"
		"while a; do b; done; until a; do b; done\n"
		"(sub; shell)\n",
		false);
	assert_int_equal(pr_next(&x), PARSE_OK);
	assert_int_equal(x.n->type, N_IF);
	assert_non_null(x.n->c);
	assert_int_equal(x.n->c->type, N_IF);
	assert_int_equal(x.n->c->c->type, N_CMD);
	assert_int_equal(pr_next(&x), PARSE_OK);
	assert_int_equal(x.n->type, N_FOR);
	assert_string_equal(x.n->name, "i");
	assert_true(x.n->for_in);
	assert_int_equal(nwords(x.n->args), 3);
	assert_int_equal(pr_next(&x), PARSE_OK);
	assert_false(x.n->for_in);
	assert_int_equal(pr_next(&x), PARSE_OK);
	assert_int_equal(x.n->type, N_CASE);
	assert_int_equal(nwords(x.n->items->pats), 2);
	assert_null(x.n->items->next->body);
	assert_non_null(x.n->items->next->next->body);
	assert_int_equal(pr_next(&x), PARSE_OK);
	assert_int_equal(x.n->type, N_FUNC);
	assert_string_equal(x.n->name, "f");
	assert_int_equal(x.n->a->type, N_BRACE);
	assert_non_null(x.n->a->redirs);
	assert_int_equal(x.n->a->redirs->fd, 2);
	assert_int_equal(pr_next(&x), PARSE_OK);
	assert_int_equal(x.n->type, N_NOT);
	assert_int_equal(x.n->a->type, N_PIPE);
	assert_non_null(x.n->a->a->next_stage->next_stage);
	assert_int_equal(pr_next(&x), PARSE_OK);
	assert_int_equal(x.n->a->type, N_WHILE);
	assert_int_equal(x.n->b->type, N_UNTIL);
	assert_int_equal(pr_next(&x), PARSE_OK);
	assert_int_equal(x.n->type, N_SUBSHELL);
	pr_close(&x);
}

static void keywords_only_in_command_position(void **state)
{
	struct pr x;

	(void)state;
	pr_open(&x, "echo if then fi done }\n", false);
	assert_int_equal(pr_next(&x), PARSE_OK);
	assert_int_equal(x.n->type, N_CMD);
	assert_int_equal(nwords(x.n->args), 6);
	pr_close(&x);
}

static void heredocs(void **state)
{
	struct pr x;
	struct wpart *w;

	(void)state;
	pr_open(
	    &x,
	    "cat <<A <<-'B'; echo x\n"
	    "one $y\nA\n\t\t$two\n\tB\necho $(cat <<C\nin $x\nC\n)\nafter\n",
	    false);
	assert_int_equal(pr_next(&x), PARSE_OK);
	struct redir *r = x.n->a->redirs;

	assert_int_equal(r->type, R_HEREDOC);
	assert_false(r->hd_quoted);
	w = r->target->parts;
	assert_int_equal(w->type, WP_LIT);
	assert_string_equal(w->s, "one ");
	assert_int_equal(w->next->type, WP_PARAM);
	assert_string_equal(w->next->s, "y");
	assert_string_equal(w->next->next->s, "\n");
	r = r->next;
	assert_true(r->hd_quoted);
	assert_string_equal(r->target->parts->s, "$two\n"); /* tabs stripped */
	/* the heredoc inside $(...) */
	assert_int_equal(pr_next(&x), PARSE_OK);
	w = x.n->args->next->parts;
	assert_int_equal(w->type, WP_CMD);
	assert_int_equal(w->cmd->redirs->type, R_HEREDOC);
	assert_string_equal(w->cmd->redirs->target->parts->s, "in ");
	assert_int_equal(pr_next(&x), PARSE_OK);
	assert_string_equal(x.n->args->raw, "after");
	pr_close(&x);
}

static void words_and_quotes(void **state)
{
	struct pr x;
	struct wpart *w;

	(void)state;
	pr_open(&x,
		"ec\\\nho \"a $b ${c:-d e}\" 'q' \\* ${#x} ${y%%.*} $((1 + "
		"$z)) `echo bq`\n",
		false);
	assert_int_equal(pr_next(&x), PARSE_OK);
	struct word *a = x.n->args;

	assert_string_equal(a->raw, "echo"); /* line continuation */
	assert_true(a->flags & W_PLAIN);
	a = a->next;
	assert_true(a->flags & W_QUOTED);
	w = a->parts;
	assert_int_equal(w->type, WP_LIT);
	assert_true(w->quoted);
	assert_int_equal(w->next->type, WP_PARAM);
	assert_true(w->next->next->next->quoted);
	assert_int_equal(w->next->next->next->op, PO_MINUS);
	assert_true(w->next->next->next->colon);
	a = a->next->next; /* \* */
	assert_true(a->parts->quoted);
	a = a->next;
	assert_int_equal(a->parts->op, PO_LEN);
	a = a->next;
	assert_int_equal(a->parts->op, PO_RLARGE);
	a = a->next;
	assert_int_equal(a->parts->type, WP_ARITH);
	a = a->next;
	assert_int_equal(a->parts->type, WP_CMD);
	assert_int_equal(a->parts->cmd->type, N_CMD);
	pr_close(&x);
}

static void aliases(void **state)
{
	struct pr x;

	(void)state;
	pr_open(&x, "ll /tmp; loop; echo ll\n", false);
	assert_int_equal(pr_next(&x), PARSE_OK);
	assert_string_equal(x.n->a->args->raw, "ls");
	assert_int_equal(nwords(x.n->a->args), 3);
	/* a recursive alias expands once */
	assert_string_equal(x.n->b->a->args->raw, "loop");
	assert_string_equal(x.n->b->a->args->next->raw, "again");
	/* not in argument position */
	assert_string_equal(x.n->b->b->args->next->raw, "ll");
	pr_close(&x);
}

static void syntax_errors(void **state)
{
	struct pr x;

	(void)state;
	pr_open(&x, "echo a\necho b; fi\n", false);
	assert_int_equal(pr_next(&x), PARSE_OK);
	assert_int_equal(pr_next(&x), -EINVAL);
	assert_string_equal(x.d.msg, "line 2: syntax error: unexpected 'fi'");
	pr_close(&x);

	pr_open(&x, "if true; fi\n", false);
	assert_int_equal(pr_next(&x), -EINVAL);
	assert_string_equal(
	    x.d.msg,
	    "line 1: syntax error: unexpected 'fi' (expecting 'then')");
	pr_close(&x);

	pr_open(&x, "echo 'open\n", false);
	assert_int_equal(pr_next(&x), -EINVAL);
	assert_non_null(strstr(x.d.msg, "unterminated quoted string"));
	pr_close(&x);

	/* A `(` or a word after a command needs a separator first (dash
	 * refuses these too): no tree comes back, so nothing of the line
	 * runs, not even the `echo first` before it. */
	static const char *const nosep[] = {
	    "a=(echo X); echo $a\n",
	    "echo x (echo X)\n",
	    "echo first; x=(rm -rf build)\n",
	    "(echo a) (echo b)\n",
	    "{ echo a; } echo b\n",
	    "if true; then :; fi echo b\n",
	    "(echo a; x=(y))\n",
	    NULL,
	};
	posix_mode = true;
	for (int i = 0; nosep[i]; i++) {
		pr_open(&x, nosep[i], false);
		assert_int_equal(pr_next(&x), -EINVAL);
		assert_null(x.n);
		assert_non_null(strstr(x.d.msg, "syntax error: unexpected"));
		pr_close(&x);
	}
	posix_mode = false;
	/* In bash's language the array assignments parse (and the shell
	 * refuses the whole command: parse_saw_array); the rest stay
	 * errors. */
	for (int i = 0; nosep[i]; i++) {
		bool array = strstr(nosep[i], "=(") != NULL;

		pr_open(&x, nosep[i], false);
		assert_int_equal(pr_next(&x), array ? PARSE_OK : -EINVAL);
		if (array)
			assert_true(parse_saw_array(x.p));
		else
			assert_non_null(
			    strstr(x.d.msg, "syntax error: unexpected"));
		pr_close(&x);
	}
	pr_open(&x, "echo a; (echo b)\nf() (echo c)\n", false);
	assert_int_equal(pr_next(&x), PARSE_OK);
	assert_int_equal(x.n->type, N_SEQ);
	assert_int_equal(pr_next(&x), PARSE_OK);
	assert_int_equal(x.n->type, N_FUNC);
	pr_close(&x);
}

static void incomplete_asks_for_more(void **state)
{
	static const char *const partial[] = {
	    "if true; then\n", "echo 'open\n", "cat <<EOF\nbody\n", "echo $(\n",
	    "f() {\n",	       "a &&\n",       "case x in\n",	    "echo \\\n",
	};
	struct pr x;

	(void)state;
	for (size_t i = 0; i < sizeof(partial) / sizeof(partial[0]); i++) {
		pr_open(&x, partial[i], true);
		assert_int_equal(pr_next(&x), -EAGAIN);
		pr_close(&x);
	}
	/* a real error stays an error in probe mode */
	pr_open(&x, "fi\n", true);
	assert_int_equal(pr_next(&x), -EINVAL);
	pr_close(&x);
}

static void nesting_limit(void **state)
{
	size_t n = 100000;
	char *s = malloc(2 * n + 16);
	struct pr x;

	(void)state;
	memset(s, '(', n);
	strcpy(s + n, "echo hi");
	memset(s + n + 7, ')', n);
	strcpy(s + 2 * n + 7, "\n");
	posix_mode = true;
	pr_open(&x, s, false);
	assert_int_equal(pr_next(&x), -EINVAL);
	assert_non_null(strstr(x.d.msg, "nesting too deep"));
	pr_close(&x);
	posix_mode = false;
	free(s);
	/* bash's language: "((" begins (( expr )), so "( (" nests */
	s = malloc(4 * n + 16);
	for (size_t i = 0; i < n; i++)
		memcpy(s + 2 * i, "( ", 2);
	strcpy(s + 2 * n, "echo hi");
	for (size_t i = 0; i < n; i++)
		memcpy(s + 2 * n + 7 + 2 * i, " )", 2);
	strcpy(s + 4 * n + 7, "\n");
	pr_open(&x, s, false);
	assert_int_equal(pr_next(&x), -EINVAL);
	assert_non_null(strstr(x.d.msg, "nesting too deep"));
	pr_close(&x);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(simple_and_lists),
	    cmocka_unit_test(compound_commands),
	    cmocka_unit_test(keywords_only_in_command_position),
	    cmocka_unit_test(heredocs),
	    cmocka_unit_test(words_and_quotes),
	    cmocka_unit_test(aliases),
	    cmocka_unit_test(syntax_errors),
	    cmocka_unit_test(incomplete_asks_for_more),
	    cmocka_unit_test(nesting_limit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
