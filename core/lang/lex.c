/* core/lang/lex.c — the lexer: characters from a stack of input frames,
 * words with their quoting kept per part, here-document bodies, tokens,
 * alias substitution.
 *
 * The bottom frame holds the current line from the reader, aliases push
 * frames on top, and the text of backquotes and here-document bodies is
 * read in "isolated" frames whose end is the end of input. Errors never
 * unwind: they set p->err, after which every token is T_EOF.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ansic.h"
#include "assign.h"
#include "lex.h"

/* CTX_ARITHFOR: (( ... )) of a for loop, also ended by ';' at depth 0.
 * CTX_REGEX: the right side of =~ in [[ ]]. */
void lex_read_parts(struct parser *p, struct wb *wb, enum ctx ctx, int dq,
		    int op);
static int read_parts_to(struct parser *p, struct wb *wb, enum ctx ctx, int dq,
			 int op, int stop);
static void quoted_mark(struct wb *wb);

/* --- characters ------------------------------------------------------- */

int lex_getc(struct parser *p)
{
	if (p->npb)
		return p->pb[--p->npb];
	for (;;) {
		struct frame *f = p->top;

		if (f->pos < f->len) {
			int c = (unsigned char)f->s[f->pos++];

			if (c == 0) {
				snprintf(p->warn, sizeof(p->warn),
					 "line %d: warning: NUL byte in input "
					 "ignored",
					 p->lineno);
				continue;
			}
			return c;
		}
		if (f->isolate)
			return EOF;
		if (!f->base) {
			if (f->blank_after)
				p->alias_next = true;
			p->top = f->prev;
			f->prev = p->dead;
			p->dead = f;
			continue;
		}
		if (p->reof || p->err)
			return EOF;
		size_t len;
		const char *line = p->r->read_line(p->r, p->cont, &len);

		if (!line) {
			p->reof = true;
			return EOF;
		}
		if (p->r->interrupted) {
			/* Ctrl-C at PS2: no message, no command (run.c) */
			p->r->interrupted = false;
			p->err = -EINTR;
			return EOF;
		}
		p->cont = true;
		p->lineno++;
		p->nl_missing = !len || line[len - 1] != '\n';
		f->s = line;
		f->len = len;
		f->pos = 0;
		if (p->text)
			buf_putn(p->text, line, len);
	}
}

void lex_ungetc(struct parser *p, int c)
{
	if (c != EOF && p->npb < 4)
		p->pb[p->npb++] = c;
}

/* lex_getc, with backslash-newline (line continuation) removed. */
int lex_getc_nl(struct parser *p)
{
	for (;;) {
		int c = lex_getc(p);

		if (c != '\\')
			return c;
		int d = lex_getc(p);

		if (d != '\n') {
			lex_ungetc(p, d);
			return c;
		}
		/* "echo \" at the end of interactive input: need more */
		if (p->o.probe) {
			d = lex_getc(p);
			if (d == EOF && p->reof) {
				lex_perr_eof(p, "");
				return EOF;
			}
			lex_ungetc(p, d);
		}
	}
}

/* The next byte (line continuations skipped) is |c|: taken; else left. */
static bool next_is(struct parser *p, int c)
{
	int d = lex_getc_nl(p);

	if (d == c)
		return true;
	lex_ungetc(p, d);
	return false;
}

void lex_push_frame(struct parser *p, const char *s, size_t len,
		    const char *alias, bool isolate)
{
	struct frame *f = xcalloc(1, sizeof(*f));

	f->s = s;
	f->len = len;
	f->alias = alias ? xstrdup(alias) : NULL;
	f->isolate = isolate;
	f->prev = p->top;
	p->top = f;
}

void lex_pop_frame(struct parser *p)
{
	struct frame *f = p->top;

	if (f->base)
		return;
	p->top = f->prev;
	free(f->alias);
	free(f->own);
	free(f);
}

/* --- words ---------------------------------------------------------------- */

void lex_wb_init(struct wb *wb, struct parser *p)
{
	memset(wb, 0, sizeof(*wb));
	wb->p = p;
	wb->tail = &wb->head;
}

static void wb_flush(struct wb *wb)
{
	struct wpart *w;

	if (!wb->lit.len)
		return;
	w = arena_alloc(wb->p->a, sizeof(*w));
	w->type = WP_LIT;
	w->quoted = (unsigned char)wb->litq;
	w->s = arena_strndup(wb->p->a, wb->lit.s, wb->lit.len);
	w->len = wb->lit.len;
	*wb->tail = w;
	wb->tail = &w->next;
	wb->lit.len = 0;
}

static void wb_lit(struct wb *wb, int c, int quoted)
{
	if (wb->lit.len && wb->litq != quoted)
		wb_flush(wb);
	wb->litq = quoted;
	wb->n++;
	buf_putc(&wb->lit, (char)c);
}

struct wpart *lex_wb_part(struct wb *wb, int type, int quoted)
{
	struct wpart *w;

	wb_flush(wb);
	w = arena_alloc(wb->p->a, sizeof(*w));
	w->type = (unsigned char)type;
	w->quoted = (unsigned char)quoted;
	*wb->tail = w;
	wb->tail = &w->next;
	wb->n++;
	return w;
}

struct word *lex_wb_finish(struct wb *wb)
{
	struct word *w = arena_alloc(wb->p->a, sizeof(*w));
	struct wpart *h;

	wb_flush(wb);
	buf_free(&wb->lit);
	w->parts = wb->head;
	w->flags = wb->flags;
	h = w->parts;
	if (h && !h->next && h->type == WP_LIT && !h->quoted &&
	    !(wb->flags & W_QUOTED)) {
		char *lb = strchr(h->s, '[');

		if (!strpbrk(h->s, "*?(") && (!lb || !strchr(lb, ']')))
			w->flags |= W_PLAIN;
		w->raw = h->s;
	}
	/* bash's brace expansion looks only at unquoted characters: a word
	 * without an unquoted '{' skips it at no cost */
	for (struct wpart *q = h; q; q = q->next)
		if (q->type == WP_LIT && !q->quoted &&
		    memchr(q->s, '{', q->len))
			w->flags |= W_BRACE;
	if (h && h->type == WP_LIT && !h->quoted) {
		char *eq = memchr(h->s, '=', h->len);

		if (eq && str_is_name(h->s, (size_t)(eq - h->s)))
			w->flags |= W_ASSIGN;
		else if (!wb->p->o.posix)
			assign_bash_flags(w, h, eq);
	}
	if (wb->flags & W_ARRAY) {
		/* not a plain word: nothing may take "a=" for the whole */
		w->elems = wb->elems;
		w->raw = NULL;
		w->flags &= ~(unsigned)W_PLAIN;
	}
	return w;
}

static bool is_special_param(int c)
{
	return c && strchr("@*#?-$!0", c);
}

static bool is_name_start(int c)
{
	return c != EOF && (isalpha(c) || c == '_');
}

static bool is_name_char(int c)
{
	return c != EOF && (isalnum(c) || c == '_');
}

static struct wpart *read_cmdsubst(struct parser *p, struct wb *wb, int dq)
{
	struct wpart *w;
	struct node *n;
	bool ready = p->ready;
	bool an = p->alias_next;

	if (++p->depth > PARSE_MAXDEPTH) {
		lex_perr(p, "nesting too deep");
		return NULL;
	}
	p->ready = false;
	n = parse_list(p, false);
	if (!p->err && p->tok == T_EOF)
		lex_perr_match(p, "unterminated $(...)", ')', 0, PERR_ST_2);
	else if (!p->err && p->tok != T_RP && !p->o.posix)
		syn_unexpected(p); /* bash: $(fi) is near `fi' */
	else if (!p->err && p->tok != T_RP)
		lex_perr_eof(p, "unexpected token in $(...)");
	p->ready = ready;
	p->alias_next = an;
	p->depth--;
	w = lex_wb_part(wb, WP_CMD, dq);
	w->cmd = n;
	return w;
}

/* bash's <(cmd) and >(cmd): the '(' has been read. */
static void read_procsub(struct parser *p, struct wb *wb, int dir)
{
	struct wpart *w = read_cmdsubst(p, wb, 0);

	if (w) {
		w->type = WP_PROCSUB;
		w->op = (unsigned char)dir;
	}
}

/* bash's NAME=(word...): the '(' has been read. Elements are words
 * (blanks and newlines between them, '#' comments), never a nested
 * array or an operator. */
static void read_array(struct parser *p, struct wb *wb)
{
	struct word **t = &wb->elems;
	int c, start = p->lineno;

	if (++p->depth > PARSE_MAXDEPTH) {
		lex_perr(p, "nesting too deep");
		return;
	}
	wb_flush(wb);
	wb->flags |= W_ARRAY | W_LIST;
	p->in_array = true;
	while (!p->err) {
		c = lex_getc_nl(p);
		if (c == ' ' || c == '\t' || c == '\n')
			continue;
		if (c == '#') {
			while ((c = lex_getc(p)) != EOF && c != '\n')
				;
			continue;
		}
		if (c == ')')
			break;
		if (c == EOF) {
			lex_perr_match(p, "unterminated array (...)", ')',
				       start, PERR_ST_1);
			break;
		}
		if (strchr(";&|<>(", c)) {
			lex_perr(p, "unexpected '%c' in an array (...)", c);
			break;
		}
		lex_ungetc(p, c);

		struct wb e;

		lex_wb_init(&e, p);
		lex_read_parts(p, &e, CTX_WORD, 0, 0);
		if (p->err) {
			buf_free(&e.lit);
			break;
		}
		*t = lex_wb_finish(&e);
		t = &(*t)->next;
	}
	p->in_array = false;
	p->depth--;
	c = lex_getc_nl(p);
	lex_ungetc(p, c);
	if (!p->err && c != EOF && !strchr(" \t\n;&|<>)", c))
		lex_perr(p, "unexpected '%c' after an array (...)", c);
}

/* "name=" or "name+=" so far, nothing quoted: '(' begins an array. */
static bool array_start(struct parser *p, struct wb *wb)
{
	size_t n = wb->lit.len;

	if (p->o.posix || p->in_array || wb->head || wb->litq || n < 2 ||
	    wb->lit.s[n - 1] != '=')
		return false;
	n--;
	if (n && wb->lit.s[n - 1] == '+')
		n--;
	return str_is_name(wb->lit.s, n);
}

/* bash's $'...' (the "$'" has been read): the text up to the closing
 * quote (\' does not close it), decoded now (ansic.c) into quoted
 * literal characters. */
static void read_ansi(struct parser *p, struct wb *wb)
{
	struct sbx_buf raw = {0}, dec = {0};
	unsigned long n0 = wb->n;
	int c, start = p->lineno;

	wb->flags |= W_QUOTED;
	for (;;) {
		c = lex_getc(p);
		if (c == '\\') {
			buf_putc(&raw, (char)c);
			c = lex_getc(p);
		} else if (c == '\'') {
			break;
		}
		if (c == EOF) {
			buf_free(&raw);
			lex_perr_match(p, "unterminated quoted string", '\'',
				       start, PERR_ST_LAST_OR_2);
			return;
		}
		buf_putc(&raw, (char)c);
	}
	ansic_decode(raw.s ? raw.s : "", raw.len, &dec);
	for (size_t i = 0; i < dec.len; i++)
		wb_lit(wb, (unsigned char)dec.s[i], 1);
	buf_free(&raw);
	buf_free(&dec);
	if (wb->n == n0)
		quoted_mark(wb);
}

static void read_backquote(struct parser *p, struct wb *wb, int dq)
{
	struct sbx_buf b = {0};
	struct wpart *w;
	char *text;
	int c, d, start = p->lineno;

	for (;;) {
		c = lex_getc_nl(p);
		if (c == EOF) {
			buf_free(&b);
			lex_perr_match(p, "unterminated `...`", '`', start,
				       PERR_ST_LAST_OR_2);
			return;
		}
		if (c == '`')
			break;
		if (c == '\\') {
			d = lex_getc(p);
			if (d == '$' || d == '`' || d == '\\' ||
			    (dq && d == '"')) {
				buf_putc(&b, (char)d);
				continue;
			}
			buf_putc(&b, '\\');
			lex_ungetc(p, d);
			continue;
		}
		buf_putc(&b, (char)c);
	}
	text = arena_strndup(p->a, b.s ? b.s : "", b.len);
	buf_free(&b);
	if (++p->depth > PARSE_MAXDEPTH) {
		lex_perr(p, "nesting too deep");
		return;
	}
	w = lex_wb_part(wb, WP_CMD, dq);
	w->cmd = parse_program_isolated(p, text, strlen(text));
	p->depth--;
}

static void read_arith(struct parser *p, struct wb *wb, int dq)
{
	struct wb sub;
	struct wpart *w;

	lex_wb_init(&sub, p);
	lex_read_parts(p, &sub, CTX_ARITH, 1, 0);
	w = lex_wb_part(wb, WP_ARITH, dq);
	w->arg = lex_wb_finish(&sub);
}

/* The operands of bash's ${x/p/r}, ${x:o:l}, ${x^p} and ${x@Q}: the
 * first up to |stop| (or '}'), a second after it up to '}'. Patterns
 * and replacements are quoted by their own quotes only, as the pattern of
 * ${x#p} (bash 5.2: "${x/a/'&'}" replaces with a plain '&'); the
 * offsets of ${x:o:l} are arithmetic, as in "...". */
static void read_param_args(struct parser *p, struct wpart *w, int op, int stop,
			    int dq)
{
	struct wb sub;
	int end, adq = op == PO_SUBSTR ? dq : 0;

	w->op = (unsigned char)op;
	if (++p->depth > PARSE_MAXDEPTH) {
		lex_perr(p, "nesting too deep");
		return;
	}
	lex_wb_init(&sub, p);
	if (op == PO_REPL || op == PO_REPLALL) {
		/* a pattern may start with its own '/': ${p////:} (bash) */
		int c = lex_getc_nl(p);

		if (c == '/')
			wb_lit(&sub, c, 0);
		else
			lex_ungetc(p, c);
	}
	end = read_parts_to(p, &sub, CTX_PARAM, adq, 0, stop);
	w->arg = lex_wb_finish(&sub);
	if (end == stop && stop && !p->err) {
		lex_wb_init(&sub, p);
		read_parts_to(p, &sub, CTX_PARAM, adq, 0, 0);
		w->arg->next = lex_wb_finish(&sub);
	}
	p->depth--;
}

static void read_brace_param(struct parser *p, struct wb *wb, int dq)
{
	struct sbx_buf name = {0};
	struct wpart *w;
	struct word *subw = NULL;
	bool length = false, indirect = false;
	int c = lex_getc_nl(p), d;

	if (c == '!') {
		/* ${!name}, ${!prefix*} (bash); ${!} stays $! */
		d = lex_getc_nl(p);
		if (is_name_start(d) || (d != EOF && isdigit(d)) ||
		    (d == '@' || d == '*' || d == '#')) {
			indirect = true;
			c = d;
			goto name;
		}
		lex_ungetc(p, d);
	}
	if (c == '#') {
		d = lex_getc_nl(p);
		if (d == '}') {
			lex_ungetc(p, d);
		} else if (is_name_char(d) ||
			   (d != ':' && is_special_param(d))) {
			length = true;
			c = d;
			goto name;
		} else {
			lex_ungetc(p, d);
		}
		buf_putc(&name, '#');
		goto op;
	}
name:
	if (is_name_start(c)) {
		while (is_name_char(c)) {
			buf_putc(&name, (char)c);
			c = lex_getc_nl(p);
		}
		if (c == '[' && !p->o.posix) {
			/* bash's ${a[sub]}: dash has no arrays (a syntax
			 * error there, as before) */
			struct wb sb;

			lex_wb_init(&sb, p);
			if (read_parts_to(p, &sb, CTX_PARAM, 0, 0, ']') !=
			    ']') {
				buf_free(&sb.lit);
				buf_free(&name);
				lex_perr_subst(p, 0);
				return;
			}
			subw = lex_wb_finish(&sb);
			c = lex_getc_nl(p);
		}
		lex_ungetc(p, c);
	} else if (c != EOF && isdigit(c)) {
		while (c != EOF && isdigit(c)) {
			buf_putc(&name, (char)c);
			c = lex_getc_nl(p);
		}
		lex_ungetc(p, c);
	} else if (is_special_param(c)) {
		buf_putc(&name, (char)c);
	} else {
		buf_free(&name);
		if (c == EOF)
			lex_perr_match(p, "unterminated ${...}", '}', p->lineno,
				       PERR_ST_LAST_OR_2);
		else
			lex_perr_subst(p, c);
		return;
	}
op:
	w = lex_wb_part(wb, WP_PARAM, dq);
	w->s = arena_strndup(p->a, name.s, name.len);
	w->len = name.len;
	w->indirect = indirect;
	w->sub = subw;
	buf_free(&name);
	c = lex_getc_nl(p);
	if (indirect && (c == '*' || c == '@') && is_name_start(w->s[0])) {
		d = lex_getc_nl(p);
		if (d == '}') {
			w->op = PO_NAMES;
			w->colon = c == '@';
			return;
		}
		lex_ungetc(p, d);
	}
	if (length) {
		if (c != '}') {
			lex_perr_subst(p, c);
			return;
		}
		w->op = PO_LEN;
		return;
	}
	switch (c) {
	case '}':
		return;
	case ':':
		d = lex_getc_nl(p);
		if (d == EOF) {
			lex_perr_match(p, "unterminated ${...}", '}', p->lineno,
				       PERR_ST_LAST_OR_2);
			return;
		}
		if (d && strchr("-=?+", d)) {
			w->colon = 1;
			w->op = (unsigned char)d;
			break;
		}
		lex_ungetc(p, d);
		{
			read_param_args(p, w, PO_SUBSTR, ':', dq);
			return;
		}
	case '/':
		d = lex_getc_nl(p);
		if (d == '/' || d == '#' || d == '%') {
			read_param_args(p, w,
					d == '/'   ? PO_REPLALL
					: d == '#' ? PO_REPLBEG
						   : PO_REPLEND,
					'/', dq);
			return;
		}
		lex_ungetc(p, d);
		{
			read_param_args(p, w, PO_REPL, '/', dq);
			return;
		}
	case '^':
	case ',':
	case '~':
		d = lex_getc_nl(p);
		if (d == c) {
			read_param_args(p, w,
					c == '^'   ? PO_UPPER
					: c == ',' ? PO_LOWER
						   : PO_TOGGLE,
					0, dq);
			return;
		}
		lex_ungetc(p, d);
		{
			read_param_args(p, w, c, 0, dq);
			return;
		}
	case '@': {
		read_param_args(p, w, PO_TRANSFORM, 0, dq);
		return;
	}
	case '-':
	case '=':
	case '?':
	case '+':
		w->op = (unsigned char)c;
		break;
	case '%':
	case '#':
		/* %% and ## are the longest match, % and # the shortest */
		d = lex_getc_nl(p);
		if (d == c)
			w->op = c == '%' ? PO_RLARGE : PO_LLARGE;
		else {
			lex_ungetc(p, d);
			w->op = c == '%' ? PO_RSMALL : PO_LSMALL;
		}
		break;
	default:
		if (c == EOF)
			lex_perr_match(p, "unterminated ${...}", '}', p->lineno,
				       PERR_ST_LAST_OR_2);
		else
			lex_perr_subst(p, c);
		return;
	}
	if (++p->depth > PARSE_MAXDEPTH) {
		lex_perr(p, "nesting too deep");
		return;
	}
	struct wb sub;

	/* The pattern of ${x#p} is quoted by its own quotes only, even
	 * inside "..." (XCU 2.6.2). */
	bool pat = w->op == PO_RSMALL || w->op == PO_RLARGE ||
		   w->op == PO_LSMALL || w->op == PO_LLARGE;
	lex_wb_init(&sub, p);
	lex_read_parts(p, &sub, CTX_PARAM, pat ? 0 : dq, w->op);
	w->arg = lex_wb_finish(&sub);
	p->depth--;
}

static void read_dollar(struct parser *p, struct wb *wb, int dq)
{
	int c = lex_getc_nl(p), d;
	struct wpart *w;

	wb->flags |= 0;
	if (c == '\'' && !dq && !p->o.posix) {
		read_ansi(p, wb);
	} else if (c == '{') {
		read_brace_param(p, wb, dq);
	} else if (c == '(') {
		d = lex_getc_nl(p);
		if (d == '(') {
			read_arith(p, wb, dq);
		} else {
			lex_ungetc(p, d);
			read_cmdsubst(p, wb, dq);
		}
	} else if (is_name_start(c)) {
		struct sbx_buf name = {0};

		while (is_name_char(c)) {
			buf_putc(&name, (char)c);
			c = lex_getc_nl(p);
		}
		lex_ungetc(p, c);
		w = lex_wb_part(wb, WP_PARAM, dq);
		w->s = arena_strndup(p->a, name.s, name.len);
		w->len = name.len;
		buf_free(&name);
	} else if ((c != EOF && isdigit(c)) || is_special_param(c)) {
		char s[2] = {(char)c, 0};

		w = lex_wb_part(wb, WP_PARAM, dq);
		w->s = arena_strndup(p->a, s, 1);
		w->len = 1;
	} else {
		lex_ungetc(p, c);
		wb_lit(wb, '$', dq);
	}
}

static void quoted_mark(struct wb *wb)
{
	/* An empty quoted literal: "" and '' still make a field. */
	wb_flush(wb);
	wb->litq = 1;
	lex_wb_part(wb, WP_LIT, 1)->s = "";
	wb->flags |= W_QUOTED;
}

static void read_squote(struct parser *p, struct wb *wb)
{
	unsigned long n0 = wb->n;
	int c, start = p->lineno;

	wb->flags |= W_QUOTED;
	for (;;) {
		c = lex_getc(p);
		if (c == EOF) {
			lex_perr_match(p, "unterminated quoted string", '\'',
				       start, PERR_ST_LAST_OR_2);
			return;
		}
		if (c == '\'') {
			if (wb->n == n0)
				quoted_mark(wb);
			return;
		}
		/* 2: '...' (true as any quoting; $BASH_COMMAND shows the
		 * quotes typed, shell/interp/fnprint.c) */
		wb_lit(wb, c, 2);
	}
}

static void read_dquote(struct parser *p, struct wb *wb)
{
	unsigned long n0 = wb->n;
	int c, d, start = p->lineno;

	wb->flags |= W_QUOTED;
	for (;;) {
		c = lex_getc_nl(p);
		switch (c) {
		case EOF:
			lex_perr_match(p, "unterminated quoted string", '"',
				       start, PERR_ST_LAST_OR_2);
			return;
		case '"':
			/* "" makes a field; "$@" with no parameters none */
			if (wb->n == n0)
				quoted_mark(wb);
			return;
		case '\\':
			d = lex_getc(p);
			if (d == '$' || d == '`' || d == '"' || d == '\\') {
				wb_lit(wb, d, 1);
			} else {
				wb_lit(wb, '\\', 1);
				lex_ungetc(p, d);
			}
			break;
		case '$':
			read_dollar(p, wb, 1);
			break;
		case '`':
			read_backquote(p, wb, 1);
			break;
		default:
			wb_lit(wb, c, 1);
		}
		if (p->err)
			return;
	}
}

/* Reads word parts until the context's end: a metacharacter (CTX_WORD),
 * the closing brace (CTX_PARAM, consumed), end of the isolated frame
 * (CTX_HEREDOC) or "))" (CTX_ARITH, consumed). */
void lex_read_parts(struct parser *p, struct wb *wb, enum ctx ctx, int dq,
		    int op)
{
	read_parts_to(p, wb, ctx, dq, op, 0);
}

/* bash's extglob patterns @(..) !(..) +(..) *(..) ?(..): a '(' right
 * after one of those unquoted characters continues the word when extglob
 * was on as the command was read (or inside [[ ]], where bash always
 * reads them). Off, the '(' is the syntax error it is in bash. */
static bool extglob_open(struct parser *p, struct wb *wb)
{
	int last;

	if (p->o.posix || !(p->o.extglob || p->cond_ext) || !wb->lit.len ||
	    wb->litq)
		return false;
	last = (unsigned char)wb->lit.s[wb->lit.len - 1];
	return last && strchr("@!+*?", last);
}

/* The same; in CTX_PARAM an unquoted |stop| ends it too (the '/' of
 * ${x/p/r}, the ':' of ${x:o:l}). Returns the character that ended it
 * ('}' or |stop|), or 0. */
static int read_parts_to(struct parser *p, struct wb *wb, enum ctx ctx, int dq,
			 int op, int stop)
{
	int c, d, depth = 0;
	bool pattern = op == PO_RSMALL || op == PO_RLARGE || op == PO_LSMALL ||
		       op == PO_LLARGE;

	while (!p->err) {
		c = lex_getc_nl(p);
		if (c == EOF) {
			if (ctx == CTX_PARAM)
				lex_perr_match(p, "unterminated ${...}", '}',
					       p->lineno, PERR_ST_LAST_OR_2);
			else if (ctx == CTX_WORD && depth)
				lex_perr_match(p,
					       "unexpected EOF while looking "
					       "for matching `)'",
					       ')', p->lineno,
					       PERR_ST_LAST_OR_2);
			else if (ctx == CTX_ARITH || ctx == CTX_ARITHFOR)
				lex_perr_match(p, "unterminated $((...))", ')',
					       p->lineno, PERR_ST_LAST_OR_2);
			return 0;
		}
		switch (ctx) {
		case CTX_WORD:
			if (depth) {
				/* inside bash's @(a|b): blanks, '|' and
				 * nested parentheses are the pattern's */
				if (c == '(')
					depth++;
				else if (c == ')')
					depth--;
				if (strchr(" \t\n;&|<>()", c)) {
					wb_lit(wb, c, 0);
					continue;
				}
				break;
			}
			if (c == '(' && extglob_open(p, wb)) {
				depth = 1;
				wb_lit(wb, c, 0);
				continue;
			}
			if ((c == '<' || c == '>') && !p->o.posix) {
				d = lex_getc_nl(p);
				if (d == '(') {
					read_procsub(p, wb, c);
					continue;
				}
				lex_ungetc(p, d);
			}
			if (c == '(' && array_start(p, wb)) {
				read_array(p, wb);
				return 0;
			}
			if (strchr(" \t\n;&|<>()", c)) {
				lex_ungetc(p, c);
				return 0;
			}
			break;
		case CTX_REGEX:
			if (!depth &&
			    (c == ' ' || c == '\t' || c == '\n' || c == ')')) {
				lex_ungetc(p, c);
				return 0;
			}
			if (c == '(')
				depth++;
			else if (c == ')')
				depth--;
			break;
		case CTX_PARAM:
			if (c == '}' || (stop && c == stop))
				return c;
			break;
		case CTX_HEREDOC:
			if (c == '\\') {
				d = lex_getc(p);
				if (d == '$' || d == '`' || d == '\\') {
					wb_lit(wb, d, 1);
				} else {
					wb_lit(wb, '\\', 1);
					lex_ungetc(p, d);
				}
				continue;
			}
			if (c == '$')
				read_dollar(p, wb, 1);
			else if (c == '`')
				read_backquote(p, wb, 1);
			else
				wb_lit(wb, c, 1);
			continue;
		case CTX_ARITH:
		case CTX_ARITHFOR:
			if (c == '(') {
				depth++;
			} else if (c == ';' && !depth && ctx == CTX_ARITHFOR) {
				wb->endc = ';';
				return 0;
			} else if (c == ')') {
				if (depth) {
					depth--;
				} else {
					d = lex_getc_nl(p);
					wb->endc = ')';
					if (d == ')')
						return ')';
					lex_ungetc(p, d);
					lex_perr(p, "missing ')' in $((...))");
					return 0;
				}
			}
			break;
		}
		switch (c) {
		case '\'':
			if (dq && !(ctx == CTX_PARAM && pattern)) {
				wb_lit(wb, c, dq);
				break;
			}
			read_squote(p, wb);
			break;
		case '"':
			read_dquote(p, wb);
			break;
		case '\\':
			d = lex_getc(p);
			if (d == EOF) {
				wb_lit(wb, '\\', dq);
				break;
			}
			if (dq && ctx == CTX_PARAM && !strchr("$`\"\\}", d)) {
				wb_lit(wb, '\\', 1);
				lex_ungetc(p, d);
				break;
			}
			wb->flags |= W_QUOTED;
			wb_lit(wb, d, 1);
			break;
		case '$':
			read_dollar(p, wb, dq);
			break;
		case '`':
			read_backquote(p, wb, dq);
			break;
		default:
			wb_lit(wb, c, dq);
		}
	}
	return 0;
}

/* --- tokens --------------------------------------------------------------- */

static const char *const keywords[] = {
    "if",    "then",  "else", "elif", "fi", "do", "done", "case", "esac",
    "while", "until", "for",  "{",    "}",  "!",  "in",	  NULL,
};

bool lex_is_keyword(const char *s)
{
	for (int i = 0; keywords[i]; i++)
		if (!strcmp(s, keywords[i]))
			return true;
	return false;
}

static bool alias_active(struct parser *p, const char *name)
{
	for (struct frame *f = p->top; f; f = f->prev)
		if (f->alias && !strcmp(f->alias, name))
			return true;
	for (struct frame *f = p->dead; f; f = f->prev)
		if (f->alias && !strcmp(f->alias, name))
			return true;
	return false;
}

void lex_free_dead(struct parser *p)
{
	struct frame *f, *n;

	for (f = p->dead; f; f = n) {
		n = f->prev;
		free(f->alias);
		free(f->own);
		free(f);
	}
	p->dead = NULL;
}

static enum tok lex(struct parser *p, bool chkalias)
{
	int c, d;

again:
	if (p->err)
		return p->tok = T_EOF;
	c = lex_getc_nl(p);
	while (c == ' ' || c == '\t')
		c = lex_getc_nl(p);
	/* An alias that ended before this token no longer guards against
	 * recursion (unless it ends inside the word: see alias_active). */
	if (!p->npb)
		lex_free_dead(p);
	if (c == '#') {
		while ((c = lex_getc(p)) != EOF && c != '\n')
			;
	}
	switch (c) {
	case EOF:
		/* bash reads a newline after a last line that has none
		 * (`-c 'echo ('`: near unexpected token `newline') */
		if (!p->o.posix && p->nl_missing && p->reof && !p->err &&
		    p->top == &p->base) {
			p->nl_missing = false;
			if (p->hd)
				lex_read_heredocs(p);
			return p->tok = T_NL;
		}
		return p->tok = T_EOF;
	case '\n':
		if (p->hd)
			lex_read_heredocs(p);
		return p->tok = T_NL;
	case ';':
		if (next_is(p, ';'))
			return p->tok = !p->o.posix && next_is(p, '&')
					    ? T_DSEMIAND
					    : T_DSEMI;
		if (!p->o.posix && next_is(p, '&'))
			return p->tok = T_SEMIAND;
		return p->tok = T_SEMI;
	case '&':
		if (next_is(p, '&'))
			return p->tok = T_AND;
		if (!p->o.posix && next_is(p, '>')) {
			/* bash's &>file and &>>file: >file 2>&1 */
			p->trt = next_is(p, '>') ? R_APPEND : R_OUT;
			p->tfd = -1;
			p->tboth = true;
			return p->tok = T_REDIR;
		}
		return p->tok = T_AMP;
	case '|':
		if (next_is(p, '|'))
			return p->tok = T_OR;
		/* bash's |& */
		p->tpipe_err = !p->o.posix && next_is(p, '&');
		return p->tok = T_PIPE;
	case '(':
		return p->tok = T_LP;
	case ')':
		return p->tok = T_RP;
	case '<':
	case '>':
		if (!p->o.posix) {
			/* <(cmd) and >(cmd) begin a word (bash) */
			d = lex_getc_nl(p);
			lex_ungetc(p, d);
			if (d == '(')
				break; /* c is given back below */
		}
		p->tfd = -1;
		goto redir;
	}
	lex_ungetc(p, c);
	if (p->want_delim) {
		p->want_delim = false;
		p->tw = lex_read_delim(p);
		if (p->err)
			return p->tok = T_EOF;
		if (p->tw->parts)
			return p->tok = T_WORD;
		/* an operator right after <<: the parser's syntax error */
		return lex(p, chkalias);
	}
	struct wb wb;

	lex_wb_init(&wb, p);
	p->tw_line = p->top == &p->base ? p->base.s : NULL; /* synerr.c */
	p->tw_at = p->base.pos - (size_t)p->npb;
	lex_read_parts(p, &wb, CTX_WORD, 0, 0);
	p->tw = lex_wb_finish(&wb);
	if (p->err)
		return p->tok = T_EOF;
	if (p->tw->raw && isdigit((unsigned char)p->tw->raw[0]) &&
	    strspn(p->tw->raw, "0123456789") == strlen(p->tw->raw)) {
		c = lex_getc(p);
		if (c == '<' || c == '>') {
			long fd = strtol(p->tw->raw, NULL, 10);

			if (fd > 1000000 || strlen(p->tw->raw) > 7)
				fd = 1000000;
			p->tfd = (int)fd;
			goto redir;
		}
		lex_ungetc(p, c);
	}
	if ((chkalias || p->alias_next) && p->tw->raw && p->o.alias &&
	    !lex_is_keyword(p->tw->raw)) {
		const char *val = p->o.alias(p->o.ctx, p->tw->raw);

		p->alias_next = false;
		if (val && !alias_active(p, p->tw->raw)) {
			size_t n = strlen(val);

			/* The character that ended the word was read ahead:
			 * it comes after the alias text. */
			if (p->npb) {
				char *pb = xmalloc(4);
				int k = 0;

				while (p->npb)
					pb[k++] = (char)p->pb[--p->npb];
				lex_push_frame(p, pb, (size_t)k, NULL, false);
				p->top->own = pb;
			}
			/* Frames hold pointers, so copy: the alias may be
			 * redefined while it is being read. */
			char *copy = xstrndup(val, n);

			lex_push_frame(p, copy, n, p->tw->raw, false);
			p->top->own = copy;
			p->top->blank_after =
			    n && (val[n - 1] == ' ' || val[n - 1] == '\t');
			chkalias = true;
			goto again;
		}
	} else {
		p->alias_next = false;
	}
	return p->tok = T_WORD;
redir:
	p->tboth = false;
	d = lex_getc_nl(p);
	if (c == '<') {
		if (d == '<') {
			int e = lex_getc_nl(p);

			p->trt = R_HEREDOC;
			if (e == '<' && !p->o.posix)
				p->trt = R_HERESTR; /* bash's <<< word */
			else if (e == '-')
				p->tfd = p->tfd < 0 ? -2 : -3 - p->tfd;
			else
				lex_ungetc(p, e);
		} else if (d == '&') {
			p->trt = R_DUPIN;
		} else if (d == '>') {
			p->trt = R_RDWR;
		} else {
			lex_ungetc(p, d);
			p->trt = R_IN;
		}
	} else {
		if (d == '>')
			p->trt = R_APPEND;
		else if (d == '&')
			p->trt = R_DUPOUT;
		else if (d == '|')
			p->trt = R_CLOBBER;
		else {
			lex_ungetc(p, d);
			p->trt = R_OUT;
		}
	}
	return p->tok = T_REDIR;
}

enum tok lex_peek(struct parser *p, bool chkalias)
{
	if (!p->ready) {
		lex(p, chkalias);
		p->ready = true;
	}
	return p->tok;
}

void lex_consume(struct parser *p)
{
	p->ready = false;
}

bool lex_dparen(struct parser *p)
{
	int c = lex_getc_nl(p);

	if (c == '(')
		return true;
	lex_ungetc(p, c);
	return false;
}

struct word *lex_arith_word(struct parser *p, bool forsemi, int *end)
{
	struct wb wb;

	lex_wb_init(&wb, p);
	lex_read_parts(p, &wb, forsemi ? CTX_ARITHFOR : CTX_ARITH, 1, 0);
	*end = wb.endc;
	if (p->err) {
		buf_free(&wb.lit);
		return NULL;
	}
	return lex_wb_finish(&wb);
}

struct word *lex_regex_word(struct parser *p)
{
	struct wb wb;
	int c;

	do
		c = lex_getc_nl(p);
	while (c == ' ' || c == '\t');
	lex_ungetc(p, c);
	lex_wb_init(&wb, p);
	lex_read_parts(p, &wb, CTX_REGEX, 0, 0);
	if (p->err) {
		buf_free(&wb.lit);
		return NULL;
	}
	return lex_wb_finish(&wb);
}

struct word *parse_dq_string(const char *s, struct arena *a,
			     struct sbx_diag *diag)
{
	struct parser *p = parse_new(NULL, NULL);
	struct word *w = NULL;
	struct wb wb;

	p->a = a;
	p->diag = diag;
	p->reof = true;
	lex_push_frame(p, s, strlen(s), NULL, true);
	lex_wb_init(&wb, p);
	lex_read_parts(p, &wb, CTX_HEREDOC, 1, 0);
	if (!p->err)
		w = lex_wb_finish(&wb);
	else
		buf_free(&wb.lit);
	lex_pop_frame(p);
	parse_free(p);
	return w;
}
