/* shell/interp/unparse.c — an AST turned back into one line of shell text, for
 * `jobs` and the job notices ("[1]+  Stopped  sleep 100 | cat"). */
#include <stdbool.h>
#include <string.h>

#include "interp.h"

/* unparse_word() (bash's `type f`): $x rather than ${x} where that reads
 * the same, as people type it. */
static bool short_params;

/* Would "$name" run into the text after it ($ab for ${a}b, $10 for ${1}0)? */
static bool name_follows(const struct wpart *p)
{
	const struct wpart *n = p->next;
	bool digit = p->s[0] >= '0' && p->s[0] <= '9';

	if (digit && p->s[1]) /* ${10} */
		return true;
	if (!n || n->type != WP_LIT || !n->len)
		return false;
	char c = n->s[0];

	return c == '_' || (c >= '0' && c <= '9') ||
	       (!digit && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')));
}

/* The ${x OP ...} operators typed as two characters; every other one is
 * its own character. */
static const char *const po_doubled[256] = {
    [PO_RLARGE] = "%%",	 [PO_LLARGE] = "##",  [PO_REPLALL] = "//",
    [PO_REPLBEG] = "/#", [PO_REPLEND] = "/%", [PO_UPPER] = "^^",
    [PO_LOWER] = ",,",	 [PO_TOGGLE] = "~~",
};

/* short_params: an operator's argument inside "${x:-...}" is already in
 * double quotes (printed as typed, no quotes of its own). */
static bool arg_in_dq;

static void word_text(struct sbx_buf *b, const struct word *w, int depth)
{
	bool start = short_params && arg_in_dq, inq = start;

	if (w->raw) {
		buf_puts(b, w->raw);
		return;
	}
	for (const struct wpart *p = w->parts; p; p = p->next) {
		if (p->quoted && !inq)
			buf_putc(b, '"'), inq = true;
		else if (!p->quoted && inq)
			buf_putc(b, '"'), inq = false;
		switch (p->type) {
		case WP_LIT:
			for (size_t i = 0; i < p->len; i++) {
				if (inq && strchr("\"\\$`", p->s[i]))
					buf_putc(b, '\\');
				buf_putc(b, p->s[i]);
			}
			break;
		case WP_PARAM:
			if (p->op == PO_NONE && short_params && !p->indirect &&
			    p->s && !name_follows(p)) {
				buf_printf(b, "$%s", p->s);
				break;
			}
			if (p->op == PO_NONE) {
				buf_printf(b, "${%s%s}", p->indirect ? "!" : "",
					   p->s ? p->s : "");
				break;
			}
			if (p->op == PO_NAMES) {
				buf_printf(b, "${!%s%c}", p->s ? p->s : "",
					   p->colon ? '@' : '*');
				break;
			}
			if (p->op == PO_LEN) {
				buf_printf(b, "${#%s}", p->s ? p->s : "");
				break;
			}
			buf_printf(b, "${%s%s%s", p->indirect ? "!" : "",
				   p->s ? p->s : "", p->colon ? ":" : "");
			if (po_doubled[(unsigned char)p->op])
				buf_puts(b, po_doubled[(unsigned char)p->op]);
			else
				buf_putc(b, (char)p->op);
			{
				bool was = arg_in_dq;

				arg_in_dq = p->quoted;
				if (p->arg)
					word_text(b, p->arg, depth + 1);
				if (p->arg && p->arg->next) {
					/* ${x/p/r}, ${x:o:l} */
					buf_putc(b, p->op == PO_SUBSTR ? ':'
								       : '/');
					word_text(b, p->arg->next, depth + 1);
				}
				arg_in_dq = was;
			}
			buf_putc(b, '}');
			break;
		case WP_CMD:
		case WP_PROCSUB:
			buf_puts(b, p->type == WP_CMD ? "$("
				    : p->op == '<'    ? "<("
						      : ">(");
			ast_text(b, p->cmd, depth + 1);
			buf_putc(b, ')');
			break;
		case WP_ARITH:
			buf_puts(b, "$((");
			if (p->arg)
				word_text(b, p->arg, depth + 1);
			buf_puts(b, "))");
			break;
		}
	}
	if (inq != start)
		buf_putc(b, '"');
	if (w->flags & W_LIST) {
		buf_putc(b, '(');
		for (const struct word *e = w->elems; e; e = e->next) {
			word_text(b, e, depth + 1);
			if (e->next)
				buf_putc(b, ' ');
		}
		buf_putc(b, ')');
	}
}

static void cond_text(struct sbx_buf *b, const struct cond *c, int depth)
{
	if (!c || depth > 50 || b->len > 4096)
		return;
	switch (c->type) {
	case C_AND:
	case C_OR:
		buf_putc(b, '(');
		cond_text(b, c->a, depth + 1);
		buf_puts(b, c->type == C_AND ? " && " : " || ");
		cond_text(b, c->b, depth + 1);
		buf_putc(b, ')');
		break;
	case C_NOT:
		buf_puts(b, "! ");
		cond_text(b, c->a, depth + 1);
		break;
	case C_UNARY:
		buf_printf(b, "%s ", c->op);
		word_text(b, c->l, depth);
		break;
	case C_BINARY:
		word_text(b, c->l, depth);
		buf_printf(b, " %s ", c->op);
		word_text(b, c->r, depth);
		break;
	case C_WORD:
		word_text(b, c->l, depth);
		break;
	}
}

void part_text(struct sbx_buf *b, const struct wpart *p)
{
	struct wpart one = *p;
	struct word w = {.parts = &one};

	one.next = NULL;
	one.quoted = 0;
	word_text(b, &w, 0);
}

static void words_text(struct sbx_buf *b, const struct word *w, int depth)
{
	for (; w; w = w->next) {
		if (b->len && b->s[b->len - 1] != ' ' &&
		    b->s[b->len - 1] != '(')
			buf_putc(b, ' ');
		word_text(b, w, depth);
	}
}

/* The words |w| with |sep| between them. */
static void words_joined(struct sbx_buf *b, const struct word *w, int depth,
			 const char *sep)
{
	for (; w; w = w->next) {
		word_text(b, w, depth);
		if (w->next)
			buf_puts(b, sep);
	}
}

void unparse_redir_op(struct sbx_buf *b, const struct redir *r)
{
	static const char *const ops[] = {
	    [R_IN] = "<",      [R_OUT] = ">",	   [R_CLOBBER] = ">|",
	    [R_APPEND] = ">>", [R_RDWR] = "<>",	   [R_DUPIN] = "<&",
	    [R_DUPOUT] = ">&", [R_HEREDOC] = "<<", [R_HERESTR] = "<<<",
	};
	bool in = r->type == R_IN || r->type == R_RDWR || r->type == R_DUPIN ||
		  r->type == R_HEREDOC || r->type == R_HERESTR;

	if (r->fd != (in ? 0 : 1))
		buf_printf(b, "%d", r->fd);
	buf_puts(b, ops[r->type]);
}

static void redirs_text(struct sbx_buf *b, const struct redir *r, int depth)
{
	for (; r; r = r->next) {
		buf_putc(b, ' ');
		unparse_redir_op(b, r);
		if (r->type == R_HEREDOC)
			buf_puts(b, "...");
		else if (r->target)
			word_text(b, r->target, depth);
	}
}

void unparse_word(struct sbx_buf *b, const struct word *w)
{
	short_params = true;
	word_text(b, w, 0);
	short_params = false;
}

void unparse_node(struct sbx_buf *b, const struct node *n)
{
	short_params = true;
	ast_text(b, n, 0);
	short_params = false;
}

/* The nodes that are one list between two words. */
static const char *const around[][2] = {
    [N_NOT] = {"! ", ""},
    [N_SUBSHELL] = {"( ", " )"},
    [N_BRACE] = {"{ ", "; }"},
};

/* |n| between the words |open| and |close|. */
static void between(struct sbx_buf *b, const char *open, const struct node *n,
		    int depth, const char *close)
{
	buf_puts(b, open);
	ast_text(b, n, depth + 1);
	buf_puts(b, close);
}

void ast_text(struct sbx_buf *b, const struct node *n, int depth)
{
	if (!n || depth > 50 || b->len > 4096)
		return;
	switch (n->type) {
	case N_CMD:
		words_text(b, n->assigns, depth);
		words_text(b, n->args, depth);
		break;
	case N_PIPE:
		for (const struct node *s = n->a; s; s = s->next_stage) {
			ast_text(b, s, depth + 1);
			if (s->next_stage)
				buf_puts(b, " | ");
		}
		break;
	case N_AND:
	case N_OR:
		ast_text(b, n->b ? n->b : n->a, depth + 1);
		for (const struct node *l = n->next_stage; l;
		     l = l->next_stage) {
			buf_puts(b, l->type == N_AND ? " && " : " || ");
			ast_text(b, l->a, depth + 1);
		}
		break;
	case N_SEQ:
		ast_text(b, n->a, depth + 1);
		if (b->len && b->s[b->len - 1] != '&')
			buf_putc(b, ';');
		buf_putc(b, ' ');
		ast_text(b, n->b, depth + 1);
		break;
	case N_BG:
		ast_text(b, n->a, depth + 1);
		buf_puts(b, " &");
		if (n->b) {
			buf_putc(b, ' ');
			ast_text(b, n->b, depth + 1);
		}
		break;
	case N_NOT:
	case N_SUBSHELL:
	case N_BRACE:
		between(b, around[n->type][0], n->a, depth, around[n->type][1]);
		break;
	case N_IF:
		between(b, "if ", n->a, depth, "; then ");
		ast_text(b, n->b, depth + 1);
		if (n->c)
			between(b, "; else ", n->c, depth, "");
		buf_puts(b, "; fi");
		break;
	case N_WHILE:
	case N_UNTIL:
		between(b, n->type == N_WHILE ? "while " : "until ", n->a,
			depth, "");
		between(b, "; do ", n->b, depth, "; done");
		break;
	case N_FOR:
		buf_printf(b, "%s %s", n->select ? "select" : "for",
			   n->name ? n->name : "");
		if (n->for_in) {
			buf_puts(b, " in");
			words_text(b, n->args, depth);
		}
		between(b, "; do ", n->b, depth, "; done");
		break;
	case N_CASE:
		buf_puts(b, "case ");
		if (n->args)
			word_text(b, n->args, depth);
		buf_puts(b, " in");
		for (const struct case_item *ci = n->items; ci; ci = ci->next) {
			buf_putc(b, ' ');
			words_joined(b, ci->pats, depth, "|");
			buf_puts(b, ") ");
			ast_text(b, ci->body, depth + 1);
			buf_puts(b, ci->term == CASE_FALL   ? ";&"
				    : ci->term == CASE_TEST ? ";;&"
							    : ";;");
		}
		buf_puts(b, " esac");
		break;
	case N_FUNC:
		buf_printf(b, "%s() ", n->name ? n->name : "");
		ast_text(b, n->a, depth + 1);
		return;
	case N_COND:
		buf_puts(b, "[[ ");
		cond_text(b, n->cond, depth + 1);
		buf_puts(b, " ]]");
		break;
	case N_ARITH:
		buf_puts(b, "((");
		word_text(b, n->args, depth);
		buf_puts(b, "))");
		break;
	case N_ARITHFOR:
		buf_puts(b, "for ((");
		words_joined(b, n->args, depth, "; ");
		between(b, ")); do ", n->b, depth, "; done");
		break;
	case N_COPROC:
		buf_printf(b, "coproc %s ", n->name);
		ast_text(b, n->a, depth + 1);
		break;
	case N_TIME:
		buf_puts(b, n->for_in ? "time -p" : "time");
		if (n->a) {
			buf_putc(b, ' ');
			ast_text(b, n->a, depth + 1);
		}
		break;
	}
	redirs_text(b, n->redirs, depth);
}
