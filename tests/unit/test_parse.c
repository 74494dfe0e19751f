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

/* Parses |s| (one complete command) in the current mode: the tree. */
static struct node *one(struct pr *x, const char *s)
{
	pr_open(x, s, false);
	assert_int_equal(pr_next(x), PARSE_OK);
	assert_non_null(x->n);
	return x->n;
}

/* The one literal text of a word's parts (quoted or not). */
static const char *lit(const struct word *w)
{
	static char buf[256];
	size_t k = 0;

	for (const struct wpart *p = w->parts; p; p = p->next) {
		assert_int_equal(p->type, WP_LIT);
		assert_true(k + p->len < sizeof(buf));
		memcpy(buf + k, p->s, p->len);
		k += p->len;
	}
	buf[k] = 0;
	return buf;
}

static void bash_dbracket(void **state)
{
	struct pr x;
	struct node *n;
	struct cond *c;

	(void)state;
	n = one(&x, "[[ $a == b* && ( -f x || ! y < z ) ]] >out\n");
	assert_int_equal(n->type, N_COND);
	assert_non_null(n->redirs);
	c = n->cond;
	assert_int_equal(c->type, C_AND);
	assert_int_equal(c->a->type, C_BINARY);
	assert_string_equal(c->a->op, "==");
	assert_int_equal(c->a->l->parts->type, WP_PARAM);
	assert_int_equal(c->b->type, C_OR);
	assert_int_equal(c->b->a->type, C_UNARY);
	assert_string_equal(c->b->a->op, "-f");
	assert_int_equal(c->b->b->type, C_NOT);
	assert_string_equal(c->b->b->a->op, "<"); /* not a redirection */
	pr_close(&x);

	/* || binds looser than &&; chains are right-deep */
	c = one(&x, "[[ a || b && c || d ]]\n")->cond;
	assert_int_equal(c->type, C_OR);
	assert_int_equal(c->a->type, C_WORD);
	assert_int_equal(c->b->type, C_OR);
	assert_int_equal(c->b->a->type, C_AND);
	pr_close(&x);

	/* =~: ( ) | are the regex's; an operator where an operand is due
	 * is an operand */
	c = one(&x, "[[ $v =~ ^(a|b)+[0-9]$ ]]\n")->cond;
	assert_string_equal(c->op, "=~");
	assert_string_equal(lit(c->r), "^(a|b)+[0-9]$");
	pr_close(&x);
	c = one(&x, "[[ -n -n ]]\n")->cond;
	assert_int_equal(c->type, C_UNARY);
	assert_string_equal(c->l->raw, "-n");
	pr_close(&x);
	/* "-f ]]": an operand is missing (bash 5.2), not a word test */
	pr_open(&x, "[[ -f ]]\n", false);
	assert_int_equal(pr_next(&x), -EINVAL);
	assert_string_equal(x.d.msg, "line 1: unexpected argument `]]' to "
				     "conditional unary operator");
	pr_close(&x);

	/* only in command position */
	n = one(&x, "echo [[ a ]]\n");
	assert_int_equal(n->type, N_CMD);
	pr_close(&x);

	/* bash's words for each (its status: parse_error_info) */
	static const char *const bad[][2] = {
	    {"[[ ]]\n", "syntax error near unexpected token `]]'"},
	    {"[[ a\n",
	     "unexpected token `newline', conditional binary operator "
	     "expected"},
	    {"[[ a == ]]\n",
	     "unexpected argument `]]' to conditional binary operator"},
	    {"[[ ( a ]]\n", "unexpected token `]]', expected `)'"},
	    {"[[ a b ]]\n", "conditional binary operator expected"},
	    {"[[ a ) ]]\n",
	     "syntax error in conditional expression: unexpected token `)'"},
	    {"[[ -f a b ]]\n", "syntax error in conditional expression"},
	    {"[[ a =~ ]]\n",
	     "unexpected argument `]]' to conditional binary operator"},
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		pr_open(&x, bad[i][0], false);
		assert_int_equal(pr_next(&x), -EINVAL);
		assert_non_null(parse_error_info(x.p));
		assert_string_equal(parse_error_info(x.p)->msg, bad[i][1]);
		assert_false(parse_error_info(x.p)->show_line);
		pr_close(&x);
	}
	/* [[ ]] is an error bash reports with no words */
	pr_open(&x, "[[ ]]\n", false);
	assert_int_equal(pr_next(&x), -EINVAL);
	assert_true(parse_error_info(x.p)->quiet);
	assert_int_equal(parse_error_info(x.p)->status, PERR_ST_LAST);
	pr_close(&x);
}

static void bash_arith_function(void **state)
{
	struct pr x;
	struct node *n;

	(void)state;
	n = one(&x, "(( i++ ))\n");
	assert_int_equal(n->type, N_ARITH);
	assert_string_equal(lit(n->args), " i++ ");
	pr_close(&x);
	n = one(&x, "for (( i = 0; i < $n; i++ )); do echo $i; done\n");
	assert_int_equal(n->type, N_ARITHFOR);
	assert_string_equal(lit(n->args), " i = 0");
	assert_int_equal(n->args->next->parts->next->type, WP_PARAM);
	assert_string_equal(lit(n->args->next->next), " i++ ");
	assert_int_equal(n->b->type, N_CMD);
	pr_close(&x);
	n = one(&x, "for ((;;)) do :; done\n");
	assert_int_equal(n->type, N_ARITHFOR);
	assert_null(n->args->parts);
	pr_close(&x);
	pr_open(&x, "for ((i=0; i<2)); do :; done\n", false);
	assert_int_equal(pr_next(&x), -EINVAL);
	pr_close(&x);

	n = one(&x, "function f { echo; }\n");
	assert_int_equal(n->type, N_FUNC);
	assert_string_equal(n->name, "f");
	assert_int_equal(n->a->type, N_BRACE);
	pr_close(&x);
	n = one(&x, "function g() ( echo )\n");
	assert_int_equal(n->type, N_FUNC);
	assert_int_equal(n->a->type, N_SUBSHELL);
	pr_close(&x);
}

static void bash_redirs_words(void **state)
{
	struct pr x;
	struct node *n;
	struct redir *r;
	struct wpart *w;

	(void)state;
	/* &>f is >f 2>&1; &>>f is >>f 2>&1 */
	r = one(&x, "cmd &>f\n")->redirs;
	assert_int_equal(r->type, R_OUT);
	assert_int_equal(r->fd, 1);
	assert_int_equal(r->next->type, R_DUPOUT);
	assert_int_equal(r->next->fd, 2);
	assert_string_equal(r->next->target->raw, "1");
	pr_close(&x);
	r = one(&x, "cmd &>>f\n")->redirs;
	assert_int_equal(r->type, R_APPEND);
	assert_int_equal(r->next->type, R_DUPOUT);
	pr_close(&x);
	/* |&: 2>&1 after the stage's own redirections */
	n = one(&x, "a 2>e |& b\n");
	assert_int_equal(n->type, N_PIPE);
	r = n->a->redirs;
	assert_int_equal(r->fd, 2);
	assert_int_equal(r->type, R_OUT);
	assert_int_equal(r->next->type, R_DUPOUT);
	assert_null(n->a->next_stage->redirs);
	pr_close(&x);
	r = one(&x, "cat <<< \"$x y\"\n")->redirs;
	assert_int_equal(r->type, R_HERESTR);
	assert_int_equal(r->fd, 0);
	assert_int_equal(r->target->parts->type, WP_PARAM);
	pr_close(&x);

	/* <(...) and >(...): parts holding a tree */
	n = one(&x, "diff <(ls a) x>(wc -l)\n");
	w = n->args->next->parts;
	assert_int_equal(w->type, WP_PROCSUB);
	assert_int_equal(w->op, '<');
	assert_int_equal(w->cmd->type, N_CMD);
	w = n->args->next->next->parts;
	assert_int_equal(w->type, WP_LIT);
	assert_int_equal(w->next->type, WP_PROCSUB);
	assert_int_equal(w->next->op, '>');
	pr_close(&x);

	/* $'...': decoded now, quoted */
	n = one(&x, "echo $'a\\tb\\x41\\101\\u00e9\\cA\\e\\q' $'x\\0yz'w\n");
	w = n->args->next->parts;
	assert_true(w->quoted);
	assert_string_equal(lit(n->args->next), "a\tbAA\xc3\xa9\x01\x1b\\q");
	assert_string_equal(lit(n->args->next->next), "xw");
	pr_close(&x);
	n = one(&x, "echo \"$'x'\"\n"); /* not inside double quotes */
	assert_string_equal(lit(n->args->next), "$'x'");
	pr_close(&x);
}

static void bash_arrays(void **state)
{
	struct pr x;
	struct node *n;
	struct word *w;

	(void)state;
	n = one(&x, "a=(one \"two three\" $x\n  # comment\n four) b=1 cmd\n");
	w = n->assigns;
	assert_true(w->flags & W_ASSIGN);
	assert_true(w->flags & W_ARRAY);
	assert_true(w->flags & W_LIST);
	assert_null(w->raw); /* not the plain word "a=" */
	assert_string_equal(lit(w->elems), "one");
	assert_string_equal(lit(w->elems->next), "two three");
	assert_int_equal(w->elems->next->next->parts->type, WP_PARAM);
	assert_string_equal(lit(w->elems->next->next->next), "four");
	assert_null(w->elems->next->next->next->next);
	assert_true(parse_saw_array(x.p));
	pr_close(&x);
	n = one(&x, "a=() a[$i]=v a+=(x) s+=y\n");
	w = n->assigns;
	assert_true(w->flags & W_LIST);
	assert_null(w->elems);
	assert_true(w->next->flags & W_ARRAY);
	assert_true(w->next->next->flags & W_APPEND);
	assert_true(w->next->next->flags & W_LIST);
	assert_true(w->next->next->next->flags & W_APPEND);
	assert_false(w->next->next->next->flags & W_ARRAY);
	pr_close(&x);
	/* a[1]=x as an argument is a word; s+=y alone is no array */
	one(&x, "echo a[1]=x\n");
	assert_false(parse_saw_array(x.p));
	pr_close(&x);
	one(&x, "s+=y\n");
	assert_false(parse_saw_array(x.p));
	pr_close(&x);
	static const char *const bad[] = {
	    "a=(b=(c))\n", "a=(x;y)\n", "a=(x)y\n", "a=(x\n", NULL,
	};
	for (int i = 0; bad[i]; i++) {
		pr_open(&x, bad[i], false);
		assert_int_equal(pr_next(&x), -EINVAL);
		pr_close(&x);
	}
}

/* --posix: every construct above is what dash makes of it. */
static void posix_mode_keeps_dash(void **state)
{
	struct pr x;
	struct node *n;

	(void)state;
	posix_mode = true;
	n = one(&x, "[[ a == b ]]\n");
	assert_int_equal(n->type, N_CMD);
	assert_string_equal(n->args->raw, "[[");
	pr_close(&x);
	n = one(&x, "function f\n");
	assert_int_equal(n->type, N_CMD);
	pr_close(&x);
	n = one(&x, "((echo a))\n");
	assert_int_equal(n->type, N_SUBSHELL);
	assert_int_equal(n->a->type, N_SUBSHELL);
	pr_close(&x);
	n = one(&x, "echo $'a\\tb'\n");
	assert_int_equal(n->args->next->parts->type, WP_LIT);
	assert_string_equal(n->args->next->parts->s, "$");
	pr_close(&x);
	n = one(&x, "echo a &>f\n"); /* echo a &, then >f */
	assert_int_equal(n->type, N_SEQ);
	assert_int_equal(n->a->type, N_BG);
	pr_close(&x);
	n = one(&x, "x+=1 a[1]=2\n");
	assert_null(n->assigns);
	assert_int_equal(n->args->next->flags & W_ARRAY, 0);
	pr_close(&x);
	n = one(&x, "echo $((2**3))\n"); /* arith.c refuses ** there */
	assert_int_equal(n->args->next->parts->type, WP_ARITH);
	pr_close(&x);
	static const char *const bad[] = {
	    "cat <<< x\n",
	    "a |& b\n",
	    "cat <(ls)\n",
	    "echo >(wc)\n",
	    "a=(x)\n",
	    "cat <(sort /etc/a)\n",
	    "for ((;;)); do :; done\n",
	    NULL,
	};
	for (int i = 0; bad[i]; i++) {
		pr_open(&x, bad[i], false);
		assert_int_equal(pr_next(&x), -EINVAL);
		assert_non_null(strstr(x.d.msg, "syntax error"));
		pr_close(&x);
	}
	posix_mode = false;
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
	/* --posix: dash's words */
	posix_mode = true;
	pr_open(&x, "echo a\necho b; fi\n", false);
	assert_int_equal(pr_next(&x), PARSE_OK);
	assert_int_equal(pr_next(&x), -EINVAL);
	assert_string_equal(x.d.msg, "line 2: syntax error: unexpected 'fi'");
	assert_null(parse_error_info(x.p));
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
	posix_mode = false;

	/* the default language: bash's words, its line numbers, the
	 * offending line, the status it leaves */
	const struct parse_error *e;

	pr_open(&x, "echo a\necho b; fi\n", false);
	assert_int_equal(pr_next(&x), PARSE_OK);
	assert_int_equal(pr_next(&x), -EINVAL);
	assert_string_equal(x.d.msg,
			    "line 2: syntax error near unexpected token `fi'");
	e = parse_error_info(x.p);
	assert_non_null(e);
	assert_int_equal(e->line, 2);
	assert_true(e->show_line);
	assert_string_equal(e->text, "echo b; fi");
	assert_int_equal(e->status, PERR_ST_2);
	pr_close(&x);

	/* no newline at the end: bash reads one (`newline', not EOF) */
	pr_open(&x, "echo (", false);
	assert_int_equal(pr_next(&x), -EINVAL);
	assert_string_equal(
	    x.d.msg, "line 1: syntax error near unexpected token `newline'");
	pr_close(&x);

	/* the end of the input is named one line after the last */
	pr_open(&x, "if true; then\n", false);
	assert_int_equal(pr_next(&x), -EINVAL);
	assert_string_equal(x.d.msg,
			    "line 2: syntax error: unexpected end of file");
	assert_false(parse_error_info(x.p)->show_line);
	pr_close(&x);

	/* a quote: the line it opened on; the script's last status */
	pr_open(&x, "echo 'open\nmore\n", false);
	assert_int_equal(pr_next(&x), -EINVAL);
	assert_string_equal(x.d.msg, "line 1: unexpected EOF while looking "
				     "for matching `''");
	assert_int_equal(parse_error_info(x.p)->status, PERR_ST_LAST_OR_2);
	pr_close(&x);

	pr_open(&x, "x=(a b\n", false);
	assert_int_equal(pr_next(&x), -EINVAL);
	assert_int_equal(parse_error_info(x.p)->status, PERR_ST_1);
	pr_close(&x);

	/* $( is looked for up to the end */
	pr_open(&x, "echo $(ls\n\n", false);
	assert_int_equal(pr_next(&x), -EINVAL);
	assert_string_equal(x.d.msg, "line 3: unexpected EOF while looking "
				     "for matching `)'");
	pr_close(&x);

	/* bash's function body is a compound command */
	pr_open(&x, "f() echo hi\n", false);
	assert_int_equal(pr_next(&x), -EINVAL);
	assert_string_equal(
	    x.d.msg, "line 1: syntax error near unexpected token `echo'");
	pr_close(&x);

	/* printed as bash prints it: -c, a prompt */
	struct sbx_buf b = {0};

	pr_open(&x, "echo ok )\n", false);
	assert_int_equal(pr_next(&x), -EINVAL);
	parse_error_print(parse_error_info(x.p), "sbxsh", "-c", false, &b);
	assert_string_equal(
	    b.s, "sbxsh: -c: line 1: syntax error near unexpected token `)'\n"
		 "sbxsh: -c: line 1: `echo ok )'\n");
	b.len = 0;
	parse_error_print(parse_error_info(x.p), "sbxsh", NULL, true, &b);
	assert_string_equal(b.s,
			    "sbxsh: syntax error near unexpected token `)'\n");
	buf_free(&b);
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
			assert_non_null(strstr(
			    x.d.msg, "syntax error near unexpected token"));
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
	    cmocka_unit_test(bash_dbracket),
	    cmocka_unit_test(bash_arith_function),
	    cmocka_unit_test(bash_redirs_words),
	    cmocka_unit_test(bash_arrays),
	    cmocka_unit_test(posix_mode_keeps_dash),
	    cmocka_unit_test(syntax_errors),
	    cmocka_unit_test(incomplete_asks_for_more),
	    cmocka_unit_test(nesting_limit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
