/* core/lang/parse.c — recursive-descent parser for the POSIX shell command
 * language (XCU 2.10), producing the tree of parse.h from the tokens of
 * lex.c. Errors never unwind: they set p->err, after which every token is
 * T_EOF and every function returns NULL.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"

#define peek(p) lex_peek(p, false)
#define peek_cmd(p) lex_peek(p, true)

static struct node *parse_command(struct parser *p);
static struct node *parse_arith_for(struct parser *p);

static const char *const tok_names[] = {
    "end of file", "newline", ";",  "&",	   "&&",   "||", "|",
    "(",	   ")",	      ";;", "redirection", "word", ";&", ";;&",
};

static bool tok_is_kw(struct parser *p, const char *kw)
{
	return p->tok == T_WORD && p->tw->raw && !strcmp(p->tw->raw, kw);
}

static const char *tok_text(struct parser *p)
{
	if (p->tok == T_WORD)
		return p->tw->raw ? p->tw->raw : "word";
	return tok_names[p->tok];
}

static void unexpected(struct parser *p)
{
	if (!p->o.posix)
		syn_unexpected(p); /* bash's words */
	else if (p->tok == T_EOF)
		lex_perr_eof(p, "unexpected end of file");
	else
		lex_perr(p, "unexpected '%s'", tok_text(p));
}

/* |n|, or (NULL) the error: a command was needed there, and a parse
 * that failed without saying why gets "unexpected". */
static struct node *need(struct parser *p, struct node *n)
{
	if (!n && !p->err)
		unexpected(p);
	return n;
}

static bool expect_kw(struct parser *p, const char *kw)
{
	peek_cmd(p);
	if (p->err)
		return false;
	if (!tok_is_kw(p, kw)) {
		if (!p->o.posix)
			syn_unexpected(p);
		else if (p->tok == T_EOF)
			lex_perr_eof(p, "unexpected end of file");
		else
			lex_perr(p, "unexpected '%s' (expecting '%s')",
				 tok_text(p), kw);
		return false;
	}
	lex_consume(p);
	return true;
}

static void linebreak(struct parser *p)
{
	while (peek_cmd(p) == T_NL)
		lex_consume(p);
}

/* Whether the word ahead opens a compound command (bash's function
 * bodies). */
static bool body_opener(struct parser *p)
{
	static const char *const open[] = {"{",	  "if",	  "while", "until",
					   "for", "case", "[[",	   NULL};

	for (int i = 0; open[i]; i++)
		if (tok_is_kw(p, open[i]) ||
		    (p->tw->raw && !strcmp(p->tw->raw, open[i])))
			return true;
	return false;
}

/* The rest of a function definition once "NAME (" is read (or, with
 * want_rp false, "function NAME"): the ")", newlines, and the body.
 * One copy for both spellings, so they cannot drift apart. */
static struct node *func_rest(struct parser *p, struct node *f, bool want_rp)
{
	if (want_rp) {
		if (peek(p) != T_RP) {
			unexpected(p);
			return NULL;
		}
		lex_consume(p);
	}
	linebreak(p);
	/* bash takes only a compound command as the body (dash also a
	 * simple one): "f() rm -rf x" is an error there, never a definition
	 * whose body an agent did not mean. */
	if (!p->o.posix && peek_cmd(p) == T_WORD && !body_opener(p)) {
		unexpected(p);
		return NULL;
	}
	if (!(f->a = need(p, parse_command(p))))
		return NULL;
	return f;
}

/* --- grammar -------------------------------------------------------------- */

static struct node *mknode(struct parser *p, enum node_type t)
{
	struct node *n = arena_alloc(p->a, sizeof(*n));

	n->type = t;
	n->lineno = p->lineno;
	return n;
}

static bool is_terminator(struct parser *p)
{
	static const char *const terms[] = {
	    "then", "else", "elif", "fi", "do", "done", "esac", "}", NULL,
	};

	switch (p->tok) {
	case T_EOF:
	case T_RP:
	case T_DSEMI:
	case T_SEMIAND:
	case T_DSEMIAND:
		return true;
	case T_WORD:
		if (!p->tw->raw)
			return false;
		for (int i = 0; terms[i]; i++)
			if (!strcmp(p->tw->raw, terms[i]))
				return true;
		return false;
	default:
		return false;
	}
}

/* A plain literal word (the "1" of the 2>&1 that &> and |& stand for). */
static struct word *lit_word(struct parser *p, const char *s)
{
	struct word *w = arena_alloc(p->a, sizeof(*w));
	struct wpart *part = arena_alloc(p->a, sizeof(*part));

	part->type = WP_LIT;
	part->s = arena_strndup(p->a, s, strlen(s));
	part->len = strlen(s);
	w->parts = part;
	w->raw = part->s;
	w->flags = W_PLAIN;
	return w;
}

/* 2>&1, made after the redirections before it (bash's &> and |&). */
static struct redir *err_to_out(struct parser *p)
{
	struct redir *r = arena_alloc(p->a, sizeof(*r));

	r->fd = 2;
	r->type = R_DUPOUT;
	r->target = lit_word(p, "1");
	return r;
}

static struct redir *parse_redir(struct parser *p)
{
	struct redir *r = arena_alloc(p->a, sizeof(*r));
	bool strip = false, both = p->tboth;
	int fd = p->tfd;

	r->type = p->trt;
	if (r->type == R_HEREDOC && fd <= -2) {
		strip = true;
		fd = fd == -2 ? -1 : -3 - fd;
	}
	if (fd < 0)
		fd = (r->type == R_IN || r->type == R_DUPIN ||
		      r->type == R_RDWR || r->type == R_HEREDOC ||
		      r->type == R_HERESTR)
			 ? 0
			 : 1;
	r->fd = fd;
	lex_consume(p);
	p->want_delim = r->type == R_HEREDOC;
	if (peek(p) != T_WORD) {
		unexpected(p);
		return NULL;
	}
	lex_consume(p);
	if (r->type != R_HEREDOC) {
		r->target = p->tw;
		if (both) /* &>file: >file 2>&1 */
			r->next = err_to_out(p);
		return r;
	}
	struct heredoc *h = xcalloc(1, sizeof(*h));
	struct sbx_buf d = {0};

	buf_putn(&d, "", 0);
	for (struct wpart *w = p->tw->parts; w; w = w->next) {
		if (w->type == WP_LIT)
			buf_putn(&d, w->s, w->len);
		else if (w->type == WP_PARAM)
			buf_printf(&d, "$%s", w->s);
	}
	h->delim = d.s;
	h->strip = strip;
	h->r = r;
	r->hd_quoted = p->tw->flags & W_QUOTED;
	*p->hd_tail = h;
	p->hd_tail = &h->next;
	return r;
}

static bool parse_redirs(struct parser *p, struct redir **tail)
{
	while (peek(p) == T_REDIR) {
		struct redir *r = parse_redir(p);

		if (!r)
			return false;
		while (*tail)
			tail = &(*tail)->next;
		*tail = r;
	}
	return !p->err;
}

/* declare, typeset, local, export, readonly (after `command`) */
static bool decl_cmd(const struct word *w)
{
	static const char *const names[] = {"declare", "typeset",  "local",
					    "export",  "readonly", NULL};

	if (w->raw && !strcmp(w->raw, "command") && w->next)
		w = w->next;
	for (int i = 0; w->raw && names[i]; i++)
		if (!strcmp(w->raw, names[i]))
			return true;
	return false;
}

/* A simple command; |first|: its first word, already read (coproc). */
static struct node *parse_simple(struct parser *p, struct word *first)
{
	struct node *n = mknode(p, N_CMD);
	struct word **at = &n->assigns, **ar = &n->args;
	struct redir **rt = &n->redirs;

	if (first) {
		*ar = first;
		ar = &first->next;
	}

	for (;;) {
		enum tok t = n->args ? peek(p) : peek_cmd(p);

		if (t == T_REDIR) {
			struct redir *r = parse_redir(p);

			if (!r)
				return NULL;
			*rt = r;
			while (r->next)
				r = r->next;
			rt = &r->next;
			continue;
		}
		if (t != T_WORD)
			break;
		lex_consume(p);
		if (p->tw->flags & W_LIST ||
		    (!n->args && p->tw->flags & W_ARRAY))
			p->saw_array = true;
		/* NAME=(...) as an argument is an array after a declaration
		 * utility only (declare a=(1 2)); elsewhere bash refuses the
		 * line, and so does the checker with it: `echo x=(rm -rf b)`
		 * is never "x=" and a subshell */
		if (p->tw->flags & W_LIST && n->args && !decl_cmd(n->args)) {
			syn_bash(p, p->lineno, PERR_ST_2, true,
				 "syntax error near unexpected token `('");
			lex_perr(p, "unexpected '('");
			return NULL;
		}
		if (!n->args && (p->tw->flags & W_ASSIGN)) {
			*at = p->tw;
			at = &p->tw->next;
			continue;
		}
		*ar = p->tw;
		ar = &p->tw->next;
		if (n->args == p->tw && !n->assigns && !n->redirs &&
		    peek(p) == T_LP) {
			struct node *f;

			if (!p->tw->raw ||
			    !str_is_name(p->tw->raw, strlen(p->tw->raw))) {
				lex_perr(p, "bad function name '%s'",
					 p->tw->raw ? p->tw->raw : "?");
				return NULL;
			}
			lex_consume(p);
			f = mknode(p, N_FUNC);
			f->arena = p->a;
			f->name = n->args->raw;
			return func_rest(p, f, true);
		}
	}
	if (p->err)
		return NULL;
	if (!n->args && !n->assigns && !n->redirs)
		return NULL;
	return n;
}

static struct node *need_list(struct parser *p)
{
	struct node *n = parse_list(p, false);

	if (!n && !p->err)
		unexpected(p);
	return n;
}

static struct node *parse_if(struct parser *p)
{
	struct node *n = mknode(p, N_IF);

	lex_consume(p);
	if (!(n->a = need_list(p)) || !expect_kw(p, "then") ||
	    !(n->b = need_list(p)))
		return NULL;
	peek_cmd(p);
	if (tok_is_kw(p, "elif")) {
		n->c = parse_if(p);
		return n->c ? n : NULL;
	}
	if (tok_is_kw(p, "else")) {
		lex_consume(p);
		if (!(n->c = need_list(p)))
			return NULL;
	}
	if (!expect_kw(p, "fi"))
		return NULL;
	return n;
}

/* "do LIST done", the body of every loop, into |n|->b: |n|, or NULL. */
static struct node *do_done(struct parser *p, struct node *n)
{
	if (!expect_kw(p, "do") || !(n->b = need_list(p)) ||
	    !expect_kw(p, "done"))
		return NULL;
	return n;
}

static struct node *parse_loop(struct parser *p, enum node_type t)
{
	struct node *n = mknode(p, t);

	lex_consume(p);
	if (!(n->a = need_list(p)))
		return NULL;
	return do_done(p, n);
}

/* for NAME [in WORDS]; do LIST; done, and bash's select, which has the
 * same grammar (a menu loop instead of a walk through the words). */
static struct node *parse_for(struct parser *p, bool select)
{
	struct node *n = mknode(p, N_FOR);
	struct word **wt = &n->args;

	n->select = select;
	lex_consume(p);
	if (!select && peek(p) == T_LP && !p->o.posix && lex_dparen(p))
		return parse_arith_for(p);
	if (peek(p) != T_WORD || !p->tw->raw ||
	    !str_is_name(p->tw->raw, strlen(p->tw->raw))) {
		if (p->tok == T_WORD)
			lex_perr(p, "bad %s loop variable",
				 select ? "select" : "for");
		else
			unexpected(p);
		return NULL;
	}
	n->name = p->tw->raw;
	lex_consume(p);
	linebreak(p);
	if (tok_is_kw(p, "in")) {
		lex_consume(p);
		n->for_in = true;
		while (peek(p) == T_WORD) {
			*wt = p->tw;
			wt = &p->tw->next;
			lex_consume(p);
		}
		if (p->tok != T_NL && p->tok != T_SEMI) {
			unexpected(p);
			return NULL;
		}
		lex_consume(p);
	} else if (p->tok == T_SEMI) {
		lex_consume(p);
	}
	linebreak(p);
	return do_done(p, n);
}

static struct node *parse_case(struct parser *p)
{
	struct node *n = mknode(p, N_CASE);
	struct case_item **it = &n->items;

	lex_consume(p);
	if (peek(p) != T_WORD) {
		unexpected(p);
		return NULL;
	}
	n->args = p->tw;
	lex_consume(p);
	linebreak(p);
	if (!expect_kw(p, "in"))
		return NULL;
	for (;;) {
		struct case_item *ci;
		struct word **pt;

		linebreak(p);
		if (tok_is_kw(p, "esac")) {
			lex_consume(p);
			return n;
		}
		ci = arena_alloc(p->a, sizeof(*ci));
		pt = &ci->pats;
		if (p->tok == T_LP) {
			lex_consume(p);
			peek(p);
		}
		for (;;) {
			if (p->tok != T_WORD) {
				unexpected(p);
				return NULL;
			}
			*pt = p->tw;
			pt = &p->tw->next;
			lex_consume(p);
			if (peek(p) != T_PIPE)
				break;
			lex_consume(p);
			peek(p);
		}
		if (p->tok != T_RP) {
			unexpected(p);
			return NULL;
		}
		lex_consume(p);
		ci->body = parse_list(p, false);
		if (p->err)
			return NULL;
		*it = ci;
		it = &ci->next;
		peek_cmd(p);
		if (p->tok == T_DSEMI || p->tok == T_SEMIAND ||
		    p->tok == T_DSEMIAND) {
			ci->term = p->tok == T_SEMIAND	  ? CASE_FALL
				   : p->tok == T_DSEMIAND ? CASE_TEST
							  : CASE_END;
			lex_consume(p);
			continue;
		}
		if (tok_is_kw(p, "esac")) {
			lex_consume(p);
			return n;
		}
		unexpected(p);
		return NULL;
	}
}

/* --- bash's compound commands (not in posix mode) ----------------------- */

static bool is_word(struct parser *p, const char *s)
{
	return p->tok == T_WORD && p->tw->raw && !strcmp(p->tw->raw, s);
}

static struct cond *cond_or(struct parser *p);
static int cond_status(struct parser *p);

/* An error bash reports with no words at all ([[ ]], [[ ! ]], [[ a &&
 * ]]): the script ends with the last status, and the diag (--explain)
 * still says what is wrong. */
static void quiet_err(struct parser *p)
{
	syn_unexpected(p);
	p->perr.quiet = true;
	p->perr.show_line = false;
	p->perr.status = cond_status(p);
}

static struct cond *mkcond(struct parser *p, enum cond_type t)
{
	struct cond *c = arena_alloc(p->a, sizeof(*c));

	c->type = t;
	return c;
}

static bool cond_unary_op(const char *s)
{
	return s && s[0] == '-' && s[1] && !s[2] &&
	       strchr("abcdefghknoprstuvwxzGLNORS", s[1]);
}

static const char *cond_binary_op(struct parser *p)
{
	static const char *const ops[] = {
	    "==",  "=",	  "!=",	 "=~",	"-eq", "-ne", "-lt",
	    "-le", "-gt", "-ge", "-nt", "-ot", "-ef", NULL,
	};

	if (p->tok == T_REDIR && p->tfd < 0 && !p->tboth &&
	    (p->trt == R_IN || p->trt == R_OUT))
		return p->trt == R_IN ? "<" : ">";
	if (p->tok != T_WORD || !p->tw->raw)
		return NULL;
	for (int i = 0; ops[i]; i++)
		if (!strcmp(p->tw->raw, ops[i]))
			return ops[i];
	return NULL;
}

/* bash's words for an error inside [[ ]] (cond_error and the messages
 * of its callers in bash's parse.y): no offending line, and a script ends
 * with the last command's status, as bash's does. */
#define cond_err(p, ...)                                                       \
	syn_bash(p, (p)->lineno, cond_status(p), false, __VA_ARGS__)

/* ... and 2 when that was 0 if the error is at the end of the input */
static int cond_status(struct parser *p)
{
	if (p->tok == T_EOF || (p->tok == T_NL && p->reof))
		return PERR_ST_LAST_OR_2;
	if (p->tok == T_NL && p->top == &p->base && p->base.pos >= p->base.len)
		return PERR_ST_LAST_NL;
	return PERR_ST_LAST;
}

/* An operand: any word but "]]" (operators are operands where an operand
 * is due, as in bash: [[ -n -n ]]). |after|: the operator it is for (NULL:
 * none, a first operand). */
static struct word *cond_word(struct parser *p, const char *after)
{
	if (peek(p) != T_WORD || is_word(p, "]]")) {
		if (after)
			cond_err(p,
				 "unexpected argument `%s' to conditional "
				 "%s operator",
				 syn_tok_text(p),
				 cond_unary_op(after) ? "unary" : "binary");
		else if (p->tok == T_EOF || is_word(p, "]]") ||
			 p->tok == T_AND || p->tok == T_OR)
			quiet_err(p); /* [[ ! ]], [[ a && ]]: bash is silent */
		if (p->tok == T_WORD || p->tok == T_EOF)
			lex_perr_eof(p, "unexpected end of [[ ... ]]");
		else
			unexpected(p);
		return NULL;
	}
	lex_consume(p);
	return p->tw;
}

static struct cond *cond_prim(struct parser *p)
{
	struct cond *c;
	const char *op;

	p->cond_lone = false;
	if (peek(p) == T_LP) {
		if (++p->depth > PARSE_MAXDEPTH) {
			lex_perr(p, "nesting too deep");
			return NULL;
		}
		lex_consume(p);
		c = cond_or(p);
		p->depth--;
		if (!c)
			return NULL;
		if (peek(p) != T_RP) {
			cond_err(p, "unexpected token `%s', expected `)'",
				 syn_tok_text(p));
			unexpected(p);
			return NULL;
		}
		lex_consume(p);
		return c;
	}
	if (p->tok == T_WORD && cond_unary_op(p->tw->raw)) {
		struct word *w = p->tw;

		lex_consume(p);
		/* "-f ]]": -f is the word tested for non-emptiness in dash's
		 * test; bash's [[ ]] refuses it */
		if (peek(p) != T_WORD || is_word(p, "]]") ||
		    cond_binary_op(p)) {
			if ((p->tok != T_WORD || is_word(p, "]]")) &&
			    !cond_binary_op(p)) {
				(void)cond_word(p, w->raw);
				return NULL;
			}
			if (p->tok == T_WORD && !is_word(p, "]]")) {
				/* -a = b: the binary operator's operand */
				goto binary_after_left;
			}
			c = mkcond(p, C_WORD);
			c->l = w;
			return c;
		}
		c = mkcond(p, C_UNARY);
		c->op = w->raw;
		c->l = cond_word(p, w->raw);
		return c->l ? c : NULL;
	binary_after_left:
		c = mkcond(p, C_BINARY);
		c->l = w;
		goto binary;
	}
	c = mkcond(p, C_WORD);
	if (!(c->l = cond_word(p, NULL)))
		return NULL;
	peek(p);
	if (!cond_binary_op(p)) {
		p->cond_lone = true; /* bash: "binary operator expected" */
		return c;
	}
	c->type = C_BINARY;
binary:
	op = cond_binary_op(p);
	c->op = op;
	lex_consume(p);
	if (!strcmp(op, "=~")) {
		c->r = lex_regex_word(p);
		/* [[ a =~ ]]: the "]]" was no regex */
		if (c->r && c->r->raw && !strcmp(c->r->raw, "]]")) {
			syn_bash(p, p->lineno, PERR_ST_LAST, false,
				 "unexpected argument `]]' to conditional "
				 "binary operator");
			return NULL;
		}
		if (c->r && !c->r->parts) {
			lex_perr_eof(p, "unexpected end of [[ ... ]]");
			return NULL;
		}
		return c->r ? c : NULL;
	}
	c->r = cond_word(p, op);
	return c->r ? c : NULL;
}

static struct cond *cond_not(struct parser *p)
{
	int bang = 0;
	struct cond *c;

	while (peek(p) == T_WORD && is_word(p, "!")) {
		lex_consume(p);
		bang++;
	}
	c = cond_prim(p);
	if (c && bang % 2) {
		struct cond *x = mkcond(p, C_NOT);

		x->a = c;
		c = x;
	}
	return c;
}

/* && binds tighter than ||; newlines may follow either. A chain is
 * built right-deep in a loop (a && (b && c): the same, both short-cut
 * left to right), so eval walks its right spine in a loop too and
 * neither recurses on a long chain; the nesting of ( ) is bounded. */
static struct cond *cond_chain(struct parser *p, enum cond_type t)
{
	struct cond *head, **tail = &head;
	enum tok op = t == C_AND ? T_AND : T_OR;

	for (;;) {
		struct cond *c =
		    t == C_AND ? cond_not(p) : cond_chain(p, C_AND);

		if (!c)
			return NULL;
		if (peek(p) != op) {
			*tail = c;
			return head;
		}
		struct cond *x = mkcond(p, t);

		lex_consume(p);
		linebreak(p);
		x->a = c;
		*tail = x;
		tail = &x->b;
	}
}

static struct cond *cond_or(struct parser *p)
{
	return cond_chain(p, C_OR);
}

/* [[ expression ]] ("[[" has been seen) */
static struct node *parse_cond(struct parser *p)
{
	struct node *n = mknode(p, N_COND);

	/* bash reads extglob patterns inside [[ ]] whatever the option */
	p->cond_ext = true;
	lex_consume(p);
	if (peek(p) == T_WORD && is_word(p, "]]")) {
		p->cond_ext = false;
		quiet_err(p); /* [[ ]]: bash says nothing */
		unexpected(p);
		return NULL;
	}
	n->cond = cond_or(p);
	p->cond_ext = false;
	if (!n->cond)
		return NULL;
	if (peek(p) != T_WORD || !is_word(p, "]]")) {
		if (p->tok == T_RP)
			cond_err(p, "syntax error in conditional expression: "
				    "unexpected token `)'");
		else if (p->cond_lone && p->tok == T_WORD)
			cond_err(p, "conditional binary operator expected");
		else if (p->cond_lone && p->tok != T_EOF)
			cond_err(p,
				 "unexpected token `%s', conditional binary "
				 "operator expected",
				 syn_tok_text(p));
		else if (p->tok == T_WORD)
			cond_err(p, "syntax error in conditional expression");
		if (p->tok == T_EOF)
			lex_perr_eof(p,
				     "unexpected end of file (expecting ']]')");
		else
			lex_perr(p, "unexpected '%s' (expecting ']]')",
				 tok_text(p));
		return NULL;
	}
	lex_consume(p);
	return n;
}

/* (( expression )) (the two '(' have been read) */
static struct node *parse_arith_cmd(struct parser *p)
{
	struct node *n = mknode(p, N_ARITH);
	int end;

	lex_consume(p);
	n->args = lex_arith_word(p, false, &end);
	return n->args ? n : NULL;
}

/* bash's second line for a bad for ((...)): "syntax error: `((...))'",
 * the text from |at| in |line| to its "))" (when still on that line) */
static void arith_for_text(struct parser *p, const char *line, size_t at)
{
	const char *s;
	size_t n, k;

	/* checked before the sum: base.s may be NULL (UBSan, fuzz/parse) */
	if (!p->base.s || line != p->base.s || at >= p->base.len)
		return;
	/* the input is |base.len| bytes, not a C string: every scan below
	 * is bounded by it (fuzz/scope: strstr read past its end) */
	s = p->base.s + at;
	n = p->base.len - at;
	for (k = 0; k < n && s[k] != '\n'; k++)
		if (k + 1 < n && s[k] == ')' && s[k + 1] == ')') {
			k += 2;
			break;
		}
	p->perr.expr_line = true;
	snprintf(p->perr.text, sizeof(p->perr.text), "%.*s", (int)k, s);
}

/* for (( init; test; step )) [;] do list done ("for" consumed, the
 * "((" read) */
static struct node *parse_arith_for(struct parser *p)
{
	struct node *n = mknode(p, N_ARITHFOR);
	struct word **wt = &n->args;
	int end = 0;
	/* where "((" began on the line: bash shows the whole of it */
	const char *line = p->base.s;
	size_t at = p->base.pos >= 2 ? p->base.pos - 2 : 0;

	lex_consume(p);
	for (int i = 0; i < 3; i++) {
		struct word *w = lex_arith_word(p, true, &end);

		if (!w)
			return NULL;
		if ((i < 2) != (end == ';')) {
			if (!p->o.posix) {
				syn_bash(p, p->lineno, PERR_ST_2, true,
					 "syntax error: %s",
					 i < 2
					     ? "arithmetic expression required"
					     : "`;' unexpected");
				arith_for_text(p, line, at);
			}
			lex_perr(p, "bad for (( ... )): expected 3 "
				    "expressions");
			return NULL;
		}
		*wt = w;
		wt = &w->next;
	}
	if (peek(p) == T_SEMI)
		lex_consume(p);
	linebreak(p);
	return do_done(p, n);
}

/* function NAME [()] compound-command (bash) */
static struct node *parse_function_kw(struct parser *p)
{
	struct node *f;

	lex_consume(p);
	if (peek(p) != T_WORD || !p->tw->raw ||
	    !str_is_name(p->tw->raw, strlen(p->tw->raw))) {
		if (p->tok == T_WORD)
			lex_perr(p, "bad function name '%s'",
				 p->tw->raw ? p->tw->raw : "?");
		else
			unexpected(p);
		return NULL;
	}
	f = mknode(p, N_FUNC);
	f->arena = p->a;
	f->name = p->tw->raw;
	lex_consume(p);
	if (peek(p) != T_LP)
		return func_rest(p, f, false);
	lex_consume(p);
	return func_rest(p, f, true);
}

/* A word that begins a compound command after `coproc NAME`. */
static bool compound_opener(struct parser *p)
{
	static const char *const kw[] = {"{",	"if",	"while",  "until",
					 "for", "case", "select", "[["};

	if (p->tok == T_LP)
		return true;
	for (size_t i = 0; p->tok == T_WORD && p->tw->raw && i < 8; i++)
		if (!strcmp(p->tw->raw, kw[i]))
			return true;
	return false;
}

/* bash's coproc: `coproc NAME compound-command`, or `coproc command`
 * (simple or compound) named COPROC. A name is a name only before a
 * compound command: `coproc cat file` runs cat. */
static struct node *parse_coproc(struct parser *p)
{
	struct node *n = mknode(p, N_COPROC);

	lex_consume(p);
	n->name = "COPROC";
	peek_cmd(p);
	if (p->tok == T_WORD && p->tw->raw && !lex_is_keyword(p->tw->raw) &&
	    !(p->tw->flags & W_ASSIGN)) {
		struct word *w = p->tw;

		lex_consume(p);
		peek(p);
		if (compound_opener(p) && str_is_name(w->raw, strlen(w->raw))) {
			n->name = w->raw;
			n->a = parse_command(p);
		} else {
			n->a = parse_simple(p, w);
		}
	} else {
		n->a = parse_command(p);
	}
	if (!n->a) {
		if (!p->err)
			unexpected(p);
		return NULL;
	}
	return n;
}

static struct node *parse_command(struct parser *p)
{
	struct node *n = NULL;

	if (++p->depth > PARSE_MAXDEPTH) {
		lex_perr(p, "nesting too deep");
		return NULL;
	}
	peek_cmd(p);
	if (p->tok == T_LP && !p->o.posix && lex_dparen(p)) {
		n = parse_arith_cmd(p);
	} else if (p->tok == T_WORD && !p->o.posix && is_word(p, "[[")) {
		n = parse_cond(p);
	} else if (p->tok == T_WORD && !p->o.posix && is_word(p, "select")) {
		n = parse_for(p, true);
	} else if (p->tok == T_WORD && !p->o.posix && is_word(p, "function")) {
		n = parse_function_kw(p);
		goto out;
	} else if (p->tok == T_WORD && !p->o.posix && is_word(p, "coproc")) {
		n = parse_coproc(p);
		goto out;
	} else if (p->tok == T_LP) {
		n = mknode(p, N_SUBSHELL);
		lex_consume(p);
		if (!(n->a = need_list(p)))
			goto out;
		if (peek(p) != T_RP) {
			unexpected(p);
			n = NULL;
			goto out;
		}
		lex_consume(p);
	} else if (p->tok == T_WORD && p->tw->raw &&
		   lex_is_keyword(p->tw->raw)) {
		const char *k = p->tw->raw;

		if (!strcmp(k, "if")) {
			n = parse_if(p);
		} else if (!strcmp(k, "while")) {
			n = parse_loop(p, N_WHILE);
		} else if (!strcmp(k, "until")) {
			n = parse_loop(p, N_UNTIL);
		} else if (!strcmp(k, "for")) {
			n = parse_for(p, false);
		} else if (!strcmp(k, "case")) {
			n = parse_case(p);
		} else if (!strcmp(k, "{")) {
			n = mknode(p, N_BRACE);
			lex_consume(p);
			if (!(n->a = need_list(p)) || !expect_kw(p, "}"))
				n = NULL;
		} else {
			goto out; /* a terminator: no command here */
		}
	} else {
		n = parse_simple(p, NULL);
		goto out;
	}
	if (n && !parse_redirs(p, &n->redirs))
		n = NULL;
out:
	p->depth--;
	return p->err ? NULL : n;
}

static struct node *parse_pipeline(struct parser *p);

/* time [-p] [pipeline]: the pipeline may be missing (`time` alone times
 * nothing, as in bash), and may itself start with ! or time. */
static struct node *parse_time(struct parser *p, bool bang)
{
	struct node *n = mknode(p, N_TIME);

	lex_consume(p);
	peek_cmd(p);
	if (tok_is_kw(p, "-p")) {
		n->for_in = true;
		lex_consume(p);
		peek_cmd(p);
	}
	/* no command (a terminator, `}`, `then`...): timed nothing */
	n->a = parse_pipeline(p);
	if (p->err)
		return NULL;
	if (bang) {
		struct node *x = mknode(p, N_NOT);

		x->a = n;
		n = x;
	}
	return n;
}

static struct node *parse_pipeline(struct parser *p)
{
	struct node *n, *first, **st;
	bool bang = false;

	peek_cmd(p);
	while (tok_is_kw(p, "!")) {
		lex_consume(p);
		bang = !bang;
		peek_cmd(p);
	}
	/* bash's `time` keyword (dash has none: there it is the command
	 * found in PATH) */
	if (!p->o.posix && tok_is_kw(p, "time"))
		return parse_time(p, bang);
	first = parse_command(p);
	if (!first) {
		if (bang && !p->err)
			unexpected(p);
		return NULL;
	}
	n = first;
	if (peek(p) == T_PIPE) {
		struct node *prev = first;

		n = mknode(p, N_PIPE);
		n->a = first;
		st = &first->next_stage;
		while (peek(p) == T_PIPE) {
			struct node *c;
			struct redir **rt = &prev->redirs;

			/* bash's |&: 2>&1 after the stage's own redirections */
			if (p->tpipe_err) {
				while (*rt)
					rt = &(*rt)->next;
				*rt = err_to_out(p);
			}
			lex_consume(p);
			linebreak(p);
			if (!(c = need(p, parse_command(p))))
				return NULL;
			/* A stage already linked elsewhere cannot be: each
			 * command node is fresh. */
			*st = c;
			st = &c->next_stage;
			prev = c;
		}
	}
	if (bang) {
		struct node *x = mknode(p, N_NOT);

		x->a = n;
		n = x;
	}
	return n;
}

/* and-or lists are kept flat (a chain of N_AND/N_OR links through
 * next_stage, the first link's ->a being the first pipeline) so that a
 * long chain neither recurses in the parser nor in eval. */
static struct node *parse_and_or(struct parser *p)
{
	struct node *first = parse_pipeline(p), *head = NULL, **t = &head;

	if (!first)
		return NULL;
	while (peek(p) == T_AND || p->tok == T_OR) {
		struct node *l = mknode(p, p->tok == T_AND ? N_AND : N_OR);

		lex_consume(p);
		linebreak(p);
		if (!(l->a = need(p, parse_pipeline(p))))
			return NULL;
		*t = l;
		t = &l->next_stage;
	}
	if (!head)
		return first;
	struct node *x = mknode(p, N_AND);

	x->b = first; /* N_AND with ->b set and ->a NULL: chain head */
	x->next_stage = head;
	return x;
}

/* A list up to a terminator; |top|: stop at a newline. Sequences are
 * right-deep so eval walks them in a loop. */
struct node *parse_list(struct parser *p, bool top)
{
	struct node *head = NULL, **tailp = NULL;

	for (;;) {
		if (!top)
			linebreak(p);
		peek_cmd(p);
		if (is_terminator(p) || (top && p->tok == T_NL))
			break;
		struct node *n = parse_and_or(p);
		bool sep = true;

		if (!n) {
			if (!p->err)
				unexpected(p);
			return NULL;
		}
		if (peek(p) == T_AMP) {
			struct node *b = mknode(p, N_BG);

			b->a = n;
			n = b;
			lex_consume(p);
		} else if (p->tok == T_SEMI) {
			lex_consume(p);
		} else if (p->tok == T_NL && !top) {
			lex_consume(p);
		} else {
			sep = false;
		}
		if (!head) {
			head = n;
			tailp = &head;
		} else {
			struct node *s = mknode(p, N_SEQ);

			s->a = *tailp;
			s->b = n;
			*tailp = s;
			tailp = &s->b;
		}
		/* A command with no separator after it ends the list: whatever
		 * follows is the caller's terminator or a syntax error. Looping
		 * on would run `x=(rm -rf build)` (bash's array syntax) and
		 * `echo x (rm -rf build)` as a subshell after a command, where
		 * dash and bash refuse the line. */
		if (!sep)
			break;
		peek_cmd(p); /* command position: aliases apply */
		if (p->tok != T_WORD && p->tok != T_REDIR && p->tok != T_LP &&
		    p->tok != T_NL)
			break;
		if (top && p->tok == T_NL)
			break;
	}
	return p->err ? NULL : head;
}

struct node *parse_program_isolated(struct parser *p, const char *s, size_t len)
{
	struct node *n;
	bool ready = p->ready, an = p->alias_next;
	int npb = p->npb, pb[4];
	enum tok tok = p->tok;
	struct word *tw = p->tw;

	memcpy(pb, p->pb, sizeof(pb));
	p->npb = 0;
	p->ready = false;
	lex_push_frame(p, s, len, NULL, true);
	n = parse_list(p, false);
	if (!p->err && peek(p) != T_EOF)
		unexpected(p);
	lex_pop_frame(p);
	p->ready = ready;
	p->alias_next = an;
	p->tok = tok;
	p->tw = tw;
	p->npb = npb;
	memcpy(p->pb, pb, sizeof(pb));
	return n;
}

/* --- API ------------------------------------------------------------------ */

struct parser *parse_new(struct sh_reader *r, const struct parse_opts *o)
{
	struct parser *p = xcalloc(1, sizeof(*p));

	p->r = r;
	if (o)
		p->o = *o;
	p->base.base = true;
	p->top = &p->base;
	p->lineno = p->o.lineno > 0 ? p->o.lineno - 1 : 0;
	p->hd_tail = &p->hd;
	return p;
}

/* Pops the input frames (aliases, nested text) and forgets the
 * here-documents still waiting for their bodies. */
static void drop_pending(struct parser *p)
{
	struct heredoc *h, *n;

	while (p->top != &p->base)
		lex_pop_frame(p);
	for (h = p->hd; h; h = n) {
		n = h->next;
		free(h->delim);
		free(h);
	}
	p->hd = NULL;
	p->hd_tail = &p->hd;
}

void parse_free(struct parser *p)
{
	if (!p)
		return;
	lex_free_dead(p);
	drop_pending(p);
	free(p);
}

bool parse_saw_array(const struct parser *p)
{
	return p->saw_array;
}

void parse_set_posix(struct parser *p, bool posix)
{
	p->o.posix = posix;
}

void parse_set_extglob(struct parser *p, bool on)
{
	p->o.extglob = on;
}

int parse_lineno(const struct parser *p)
{
	return p->lineno;
}

const char *parse_warning(const struct parser *p)
{
	return p->warn[0] ? p->warn : NULL;
}

void parse_reset(struct parser *p)
{
	drop_pending(p);
	p->npb = 0;
	p->ready = false;
	p->err = 0;
	p->depth = 0;
	/* drop the rest of the line */
	while (p->base.pos < p->base.len)
		if (p->base.s[p->base.pos++] == '\n')
			break;
}

void parse_clear_eof(struct parser *p)
{
	parse_reset(p);
	p->reof = false;
}

bool parse_at_eof(const struct parser *p)
{
	return p->reof;
}

int parse_next(struct parser *p, struct arena *a, struct node **out,
	       struct sbx_buf *text, struct sbx_diag *diag)
{
	struct node *n;

	*out = NULL;
	p->a = a;
	p->text = text;
	p->diag = diag;
	p->err = 0;
	p->depth = 0;
	p->warn[0] = 0;
	p->saw_array = false;
	p->cont = false;
	p->ready = false;
	if (text) {
		text->len = 0;
		buf_putn(text, "", 0);
		/* the unread rest of the current line belongs to this command
		 */
		if (p->base.pos < p->base.len && p->top == &p->base)
			buf_putn(text, p->base.s + p->base.pos,
				 p->base.len - p->base.pos);
	}
	if (p->top == &p->base && p->base.pos < p->base.len)
		p->cont = true;
	peek_cmd(p);
	if (p->err)
		return p->err;
	if (p->tok == T_EOF) {
		p->ready = false;
		return PARSE_EOF;
	}
	if (p->tok == T_NL) {
		p->ready = false;
		return PARSE_OK;
	}
	n = parse_list(p, true);
	if (!p->err) {
		peek(p);
		if (p->tok == T_NL || p->tok == T_EOF)
			p->ready = false;
		else
			unexpected(p);
	}
	if (p->err)
		return p->err;
	/* A command that ended at EOF with here-documents pending. */
	if (p->hd)
		lex_read_heredocs(p);
	*out = n;
	return p->err ? p->err : PARSE_OK;
}
