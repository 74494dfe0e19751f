/* shell/interp/fnprint.c — a function's definition printed as bash prints
 * it (`type f`, and for `declare -f`): the body over several lines, four
 * spaces a level, a ';' after each command of a list but the last, `if`,
 * `while` and `for` bodies closed by ';', an elif as an else holding an if.
 * bash's output is the reference: an agent that reads `type f` gets the
 * same text under both shells. Here-document bodies are shown as "..."
 * (unparse.c's one-line form), not re-printed. */
#include <string.h>

#include "interp.h"

#define FNP_MAXDEPTH 40

static void node_out(struct sbx_buf *b, const struct node *n, int lvl);

static void indent(struct sbx_buf *b, int lvl)
{
	for (int i = 0; i < lvl; i++)
		buf_puts(b, "    ");
}

static void redirs_out(struct sbx_buf *b, const struct redir *r)
{
	for (; r; r = r->next) {
		bool dup = r->type == R_DUPIN || r->type == R_DUPOUT;

		buf_putc(b, ' ');
		unparse_redir_op(b, r);
		if (r->type == R_HEREDOC) {
			buf_puts(b, "...");
			continue;
		}
		if (!dup) /* bash: "> file", but "2>&1" */
			buf_putc(b, ' ');
		if (r->target)
			unparse_word(b, r->target);
	}
}

static void words_out(struct sbx_buf *b, const struct word *w, bool *sp)
{
	for (; w; w = w->next) {
		if (*sp)
			buf_putc(b, ' ');
		unparse_word(b, w);
		*sp = true;
	}
}

/* A list: each element on its own line at |lvl|, ';' between; the caller
 * has indented the first line. */
static void list_out(struct sbx_buf *b, const struct node *n, int lvl)
{
	while (n && n->type == N_SEQ) {
		node_out(b, n->a, lvl);
		if (!n->b)
			return;
		buf_puts(b, ";\n");
		indent(b, lvl);
		n = n->b;
	}
	node_out(b, n, lvl);
}

/* A body inside a compound command: own lines one level down, ';'
 * after its last command (bash's if/while/for). */
static void body_out(struct sbx_buf *b, const struct node *n, int lvl,
		     bool semi)
{
	indent(b, lvl);
	list_out(b, n, lvl);
	buf_puts(b, semi ? ";\n" : "\n");
}

/* body_out() one level down, then |close| ("}", "done") at |lvl|. */
static void body_close(struct sbx_buf *b, const struct node *n, int lvl,
		       bool semi, const char *close)
{
	body_out(b, n, lvl + 1, semi);
	indent(b, lvl);
	buf_puts(b, close);
}

static void if_out(struct sbx_buf *b, const struct node *n, int lvl)
{
	buf_puts(b, "if ");
	list_out(b, n->a, lvl);
	buf_puts(b, "; then\n");
	body_out(b, n->b, lvl + 1, true);
	if (n->c) {
		indent(b, lvl);
		buf_puts(b, "else\n");
		body_out(b, n->c, lvl + 1, true);
	}
	indent(b, lvl);
	buf_puts(b, "fi");
}

static void case_out(struct sbx_buf *b, const struct node *n, int lvl)
{
	buf_puts(b, "case ");
	unparse_word(b, n->args);
	buf_puts(b, " in \n");
	for (const struct case_item *ci = n->items; ci; ci = ci->next) {
		indent(b, lvl + 1);
		for (const struct word *p = ci->pats; p; p = p->next) {
			unparse_word(b, p);
			if (p->next)
				buf_puts(b, " | ");
		}
		buf_puts(b, ")\n");
		if (ci->body)
			body_out(b, ci->body, lvl + 2, false);
		indent(b, lvl + 1);
		buf_puts(b, ";;\n");
	}
	indent(b, lvl);
	buf_puts(b, "esac");
}

static void node_out(struct sbx_buf *b, const struct node *n, int lvl)
{
	bool sp = false;

	if (!n)
		return;
	if (lvl > FNP_MAXDEPTH) {
		unparse_node(b, n);
		return;
	}
	switch (n->type) {
	case N_CMD:
		words_out(b, n->assigns, &sp);
		words_out(b, n->args, &sp);
		redirs_out(b, n->redirs);
		return;
	case N_SEQ:
		list_out(b, n, lvl);
		return;
	case N_PIPE:
		for (const struct node *s = n->a; s; s = s->next_stage) {
			node_out(b, s, lvl);
			if (s->next_stage)
				buf_puts(b, " | ");
		}
		return;
	case N_AND:
	case N_OR:
		node_out(b, n->b ? n->b : n->a, lvl);
		for (const struct node *l = n->next_stage; l;
		     l = l->next_stage) {
			buf_puts(b, l->type == N_AND ? " && " : " || ");
			node_out(b, l->a, lvl);
		}
		return;
	case N_NOT:
		buf_puts(b, "! ");
		node_out(b, n->a, lvl);
		return;
	case N_TIME:
		buf_puts(b, n->for_in ? "time -p" : "time");
		if (n->a) {
			buf_putc(b, ' ');
			node_out(b, n->a, lvl);
		}
		return;
	case N_BRACE:
		buf_puts(b, "{ \n");
		body_close(b, n->a, lvl, false, "}");
		break;
	case N_SUBSHELL:
		buf_puts(b, "( ");
		list_out(b, n->a, lvl);
		buf_puts(b, " )");
		break;
	case N_IF:
		if_out(b, n, lvl);
		break;
	case N_WHILE:
	case N_UNTIL:
		buf_puts(b, n->type == N_WHILE ? "while " : "until ");
		list_out(b, n->a, lvl);
		buf_puts(b, "; do\n");
		body_close(b, n->b, lvl, true, "done");
		break;
	case N_FOR:
		buf_printf(b, "for %s", n->name ? n->name : "");
		if (n->for_in) {
			buf_puts(b, " in");
			sp = true;
			words_out(b, n->args, &sp);
		} else {
			buf_puts(b, " in \"$@\""); /* bash spells it out */
		}
		buf_puts(b, ";\n");
		indent(b, lvl);
		buf_puts(b, "do\n");
		body_close(b, n->b, lvl, true, "done");
		break;
	case N_CASE:
		case_out(b, n, lvl);
		break;
	case N_FUNC:
		fnprint(b, n->name, n);
		return;
	default: /* [[ ]], (( )), for (( )): their one-line form */
		unparse_node(b, n);
		return;
	}
	redirs_out(b, n->redirs);
}

/* A word all of single-quoted text ('a b', 'x$y'), shown as typed. */
static bool literal_word(struct sbx_buf *b, const struct word *w)
{
	size_t at = b->len;

	if (w->raw || !w->parts || (w->flags & W_LIST))
		return false;
	for (const struct wpart *p = w->parts; p; p = p->next)
		if (p->type != WP_LIT || p->quoted != 2)
			return false;
	buf_putc(b, '\'');
	for (const struct wpart *p = w->parts; p; p = p->next)
		buf_putn(b, p->s, p->len);
	buf_putc(b, '\'');
	return b->len > at;
}

static void head_words(struct sbx_buf *b, const struct word *w, bool *sp)
{
	for (; w; w = w->next) {
		if (*sp)
			buf_putc(b, ' ');
		if (!literal_word(b, w))
			unparse_word(b, w);
		*sp = true;
	}
}

/* (( expr )) as typed */
static void arith_head(struct sbx_buf *b, const struct node *n)
{
	struct sbx_buf e = {0};

	for (const struct wpart *p = n->args ? n->args->parts : NULL; p;
	     p = p->next) {
		if (p->type != WP_LIT) {
			buf_free(&e);
			unparse_node(b, n);
			return;
		}
		buf_putn(&e, p->s, p->len);
	}
	buf_printf(b, "((%.*s))", (int)e.len, e.s ? e.s : "");
	buf_free(&e);
}

void fnprint_head(struct sbx_buf *b, const struct node *n)
{
	bool sp = false;

	switch (n->type) {
	case N_CMD:
		head_words(b, n->assigns, &sp);
		head_words(b, n->args, &sp);
		redirs_out(b, n->redirs);
		break;
	case N_ARITH:
		arith_head(b, n);
		break;
	case N_FOR:
		buf_printf(b, "for %s in", n->name ? n->name : "");
		if (n->for_in) {
			sp = true;
			head_words(b, n->args, &sp);
		} else {
			buf_puts(b, " \"$@\"");
		}
		break;
	case N_CASE:
		buf_puts(b, "case ");
		unparse_word(b, n->args);
		buf_puts(b, " in ");
		break;
	default:
		unparse_node(b, n);
	}
}

void fnprint(struct sbx_buf *b, const char *name, const struct node *fn)
{
	const struct node *body = fn && fn->type == N_FUNC ? fn->a : fn;

	buf_printf(b, "%s () \n{ \n", name);
	if (body && body->type == N_BRACE) {
		body_out(b, body->a, 1, false);
		buf_putc(b, '}');
		redirs_out(b, body->redirs);
		return;
	}
	/* f() ( ... ): bash wraps any other body in braces */
	body_out(b, body, 1, false);
	buf_putc(b, '}');
}
