/* shell/parse.c — lexer and recursive-descent parser for the POSIX shell
 * command language (XCU 2.10), producing the tree of parse.h.
 *
 * The lexer pulls characters from a stack of frames: the bottom one holds
 * the current line from the reader, aliases push frames on top, and the
 * text of backquotes and here-document bodies is parsed in "isolated"
 * frames that end the input at their end. Errors never unwind: they set
 * p->err, after which every token is T_EOF and every function returns NULL.
 */
#include "parse.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"

#define PARSE_MAXDEPTH 1000

enum tok {
	T_EOF, T_NL, T_SEMI, T_AMP, T_AND, T_OR, T_PIPE, T_LP, T_RP, T_DSEMI,
	T_REDIR, T_WORD,
};

static const char *const tok_names[] = {
	"end of file", "newline", ";", "&", "&&", "||", "|", "(", ")", ";;",
	"redirection", "word",
};

struct frame {
	struct frame *prev;
	const char *s;
	size_t len, pos;
	char *alias;      /* alias being expanded (recursion guard) */
	bool isolate;     /* end of this frame is end of input */
	bool blank_after; /* alias value ended in a blank: check the next
	                     word for an alias too (XCU 2.3.1) */
	bool base;        /* lines from the reader */
};

struct heredoc {
	struct heredoc *next;
	struct redir *r;
	char *delim;
	bool strip;
};

struct parser {
	struct sh_reader *r;
	struct parse_opts o;
	struct frame base;
	struct frame *top;
	struct frame *dead;  /* alias frames ended during this token: still
	                        count for the recursion check */
	struct arena *a;
	struct sbx_buf *text;
	struct sbx_diag *diag;
	int lineno;
	bool reof;        /* the reader returned NULL */
	bool cont;        /* inside a command: PS2 */
	int pb[4];
	int npb;
	/* current token */
	bool ready;
	enum tok tok;
	struct word *tw;
	int tfd;
	enum redir_type trt;
	int err;          /* 0, -EINVAL, -EAGAIN */
	int depth;
	bool alias_next;  /* previous alias ended in a blank */
	struct heredoc *hd, **hd_tail;
	char warn[256];
};

enum ctx { CTX_WORD, CTX_PARAM, CTX_HEREDOC, CTX_ARITH };

struct wb {
	struct parser *p;
	struct wpart *head, **tail;
	struct sbx_buf lit;
	int litq;
	unsigned flags;
	unsigned long n;  /* parts and characters added so far */
};

static struct node *parse_list(struct parser *p, bool top);
static struct node *parse_command(struct parser *p);
static void read_parts(struct parser *p, struct wb *wb, enum ctx ctx, int dq,
		       int op);

bool parse_is_name(const char *s, size_t n)
{
	size_t i;

	if (!n || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
		return false;
	for (i = 1; i < n; i++)
		if (!(isalnum((unsigned char)s[i]) || s[i] == '_'))
			return false;
	return true;
}

static void perr(struct parser *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void perr(struct parser *p, const char *fmt, ...)
{
	va_list ap;
	char msg[400];

	if (p->err)
		return;
	p->err = -EINVAL;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	sbx_diag_set(p->diag, -EINVAL, "line %d: syntax error: %s", p->lineno,
		     msg);
}

/* At end of input: a syntax error, or "need more" for an interactive
 * reader that asked for it. */
static void perr_eof(struct parser *p, const char *what)
{
	if (p->err)
		return;
	if (p->o.probe && p->reof) {
		p->err = -EAGAIN;
		sbx_diag_set(p->diag, -EAGAIN, "incomplete command");
		return;
	}
	perr(p, "%s", what);
}

/* --- characters ------------------------------------------------------- */

static int pgetc(struct parser *p)
{
	if (p->npb)
		return p->pb[--p->npb];
	for (;;) {
		struct frame *f = p->top;

		if (f->pos < f->len) {
			int c = (unsigned char)f->s[f->pos++];

			if (c == 0) {
				snprintf(p->warn, sizeof(p->warn),
					 "line %d: warning: NUL byte in input ignored",
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
		p->cont = true;
		p->lineno++;
		f->s = line;
		f->len = len;
		f->pos = 0;
		if (p->text)
			buf_putn(p->text, line, len);
	}
}

static void pungetc(struct parser *p, int c)
{
	if (c != EOF && p->npb < 4)
		p->pb[p->npb++] = c;
}

/* pgetc, with backslash-newline (line continuation) removed. */
static int pgetc_nl(struct parser *p)
{
	for (;;) {
		int c = pgetc(p);

		if (c != '\\')
			return c;
		int d = pgetc(p);

		if (d != '\n') {
			pungetc(p, d);
			return c;
		}
		/* "echo \" at the end of interactive input: need more */
		if (p->o.probe) {
			d = pgetc(p);
			if (d == EOF && p->reof) {
				perr_eof(p, "");
				return EOF;
			}
			pungetc(p, d);
		}
	}
}

static void push_frame(struct parser *p, const char *s, size_t len,
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

static void pop_frame(struct parser *p)
{
	struct frame *f = p->top;

	if (f->base)
		return;
	p->top = f->prev;
	free(f->alias);
	free(f);
}

/* --- words ---------------------------------------------------------------- */

static void wb_init(struct wb *wb, struct parser *p)
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

static struct wpart *wb_part(struct wb *wb, int type, int quoted)
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

static struct word *wb_finish(struct wb *wb)
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

		if (!strpbrk(h->s, "*?") && (!lb || !strchr(lb, ']')))
			w->flags |= W_PLAIN;
		w->raw = h->s;
	}
	if (h && h->type == WP_LIT && !h->quoted) {
		char *eq = memchr(h->s, '=', h->len);

		if (eq && parse_is_name(h->s, (size_t)(eq - h->s)))
			w->flags |= W_ASSIGN;
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

static struct node *parse_program_isolated(struct parser *p, const char *s,
					   size_t len);

static void read_cmdsubst(struct parser *p, struct wb *wb, int dq)
{
	struct wpart *w;
	struct node *n;
	bool ready = p->ready;
	bool an = p->alias_next;

	if (++p->depth > PARSE_MAXDEPTH) {
		perr(p, "nesting too deep");
		return;
	}
	p->ready = false;
	n = parse_list(p, false);
	if (!p->err && p->tok != T_RP)
		perr_eof(p, p->tok == T_EOF ? "unterminated $(...)" :
			 "unexpected token in $(...)");
	p->ready = ready;
	p->alias_next = an;
	p->depth--;
	w = wb_part(wb, WP_CMD, dq);
	w->cmd = n;
}

static void read_backquote(struct parser *p, struct wb *wb, int dq)
{
	struct sbx_buf b = { 0 };
	struct wpart *w;
	char *text;
	int c, d;

	for (;;) {
		c = pgetc_nl(p);
		if (c == EOF) {
			buf_free(&b);
			perr_eof(p, "unterminated `...`");
			return;
		}
		if (c == '`')
			break;
		if (c == '\\') {
			d = pgetc(p);
			if (d == '$' || d == '`' || d == '\\' ||
			    (dq && d == '"')) {
				buf_putc(&b, (char)d);
				continue;
			}
			buf_putc(&b, '\\');
			pungetc(p, d);
			continue;
		}
		buf_putc(&b, (char)c);
	}
	text = arena_strndup(p->a, b.s ? b.s : "", b.len);
	buf_free(&b);
	if (++p->depth > PARSE_MAXDEPTH) {
		perr(p, "nesting too deep");
		return;
	}
	w = wb_part(wb, WP_CMD, dq);
	w->cmd = parse_program_isolated(p, text, strlen(text));
	p->depth--;
}

static void read_arith(struct parser *p, struct wb *wb, int dq)
{
	struct wb sub;
	struct wpart *w;

	wb_init(&sub, p);
	read_parts(p, &sub, CTX_ARITH, 1, 0);
	w = wb_part(wb, WP_ARITH, dq);
	w->arg = wb_finish(&sub);
}

static void read_brace_param(struct parser *p, struct wb *wb, int dq)
{
	struct sbx_buf name = { 0 };
	struct wpart *w;
	bool length = false;
	int c = pgetc_nl(p), d;

	if (c == '#') {
		d = pgetc_nl(p);
		if (d == '}') {
			pungetc(p, d);
		} else if (is_name_char(d) || (d != ':' && is_special_param(d))) {
			length = true;
			c = d;
			goto name;
		} else {
			pungetc(p, d);
		}
		buf_putc(&name, '#');
		goto op;
	}
name:
	if (is_name_start(c)) {
		while (is_name_char(c)) {
			buf_putc(&name, (char)c);
			c = pgetc_nl(p);
		}
		pungetc(p, c);
	} else if (c != EOF && isdigit(c)) {
		while (c != EOF && isdigit(c)) {
			buf_putc(&name, (char)c);
			c = pgetc_nl(p);
		}
		pungetc(p, c);
	} else if (is_special_param(c)) {
		buf_putc(&name, (char)c);
	} else {
		buf_free(&name);
		if (c == EOF)
			perr_eof(p, "unterminated ${...}");
		else
			perr(p, "bad substitution");
		return;
	}
op:
	w = wb_part(wb, WP_PARAM, dq);
	w->s = arena_strndup(p->a, name.s, name.len);
	w->len = name.len;
	buf_free(&name);
	c = pgetc_nl(p);
	if (length) {
		if (c != '}') {
			perr(p, "bad substitution");
			return;
		}
		w->op = PO_LEN;
		return;
	}
	switch (c) {
	case '}':
		return;
	case ':':
		d = pgetc_nl(p);
		if (!d || d == EOF || !strchr("-=?+", d)) {
			perr(p, "bad substitution");
			return;
		}
		w->colon = 1;
		w->op = (unsigned char)d;
		break;
	case '-': case '=': case '?': case '+':
		w->op = (unsigned char)c;
		break;
	case '%':
		d = pgetc_nl(p);
		if (d == '%')
			w->op = PO_RLARGE;
		else {
			pungetc(p, d);
			w->op = PO_RSMALL;
		}
		break;
	case '#':
		d = pgetc_nl(p);
		if (d == '#')
			w->op = PO_LLARGE;
		else {
			pungetc(p, d);
			w->op = PO_LSMALL;
		}
		break;
	default:
		if (c == EOF)
			perr_eof(p, "unterminated ${...}");
		else
			perr(p, "bad substitution");
		return;
	}
	if (++p->depth > PARSE_MAXDEPTH) {
		perr(p, "nesting too deep");
		return;
	}
	struct wb sub;

	/* The pattern of ${x#p} is quoted by its own quotes only, even
	 * inside "..." (XCU 2.6.2). */
	bool pat = w->op == PO_RSMALL || w->op == PO_RLARGE || w->op == PO_LSMALL ||
	      w->op == PO_LLARGE;
	wb_init(&sub, p);
	read_parts(p, &sub, CTX_PARAM, pat ? 0 : dq, w->op);
	w->arg = wb_finish(&sub);
	p->depth--;
}

static void read_dollar(struct parser *p, struct wb *wb, int dq)
{
	int c = pgetc_nl(p), d;
	struct wpart *w;

	wb->flags |= 0;
	if (c == '{') {
		read_brace_param(p, wb, dq);
	} else if (c == '(') {
		d = pgetc_nl(p);
		if (d == '(') {
			read_arith(p, wb, dq);
		} else {
			pungetc(p, d);
			read_cmdsubst(p, wb, dq);
		}
	} else if (is_name_start(c)) {
		struct sbx_buf name = { 0 };

		while (is_name_char(c)) {
			buf_putc(&name, (char)c);
			c = pgetc_nl(p);
		}
		pungetc(p, c);
		w = wb_part(wb, WP_PARAM, dq);
		w->s = arena_strndup(p->a, name.s, name.len);
		w->len = name.len;
		buf_free(&name);
	} else if ((c != EOF && isdigit(c)) || is_special_param(c)) {
		char s[2] = { (char)c, 0 };

		w = wb_part(wb, WP_PARAM, dq);
		w->s = arena_strndup(p->a, s, 1);
		w->len = 1;
	} else {
		pungetc(p, c);
		wb_lit(wb, '$', dq);
	}
}

static void quoted_mark(struct wb *wb)
{
	/* An empty quoted literal: "" and '' still make a field. */
	wb_flush(wb);
	wb->litq = 1;
	wb_part(wb, WP_LIT, 1)->s = "";
	wb->flags |= W_QUOTED;
}

static void read_squote(struct parser *p, struct wb *wb)
{
	unsigned long n0 = wb->n;
	int c;

	wb->flags |= W_QUOTED;
	for (;;) {
		c = pgetc(p);
		if (c == EOF) {
			perr_eof(p, "unterminated quoted string");
			return;
		}
		if (c == '\'') {
			if (wb->n == n0)
				quoted_mark(wb);
			return;
		}
		wb_lit(wb, c, 1);
	}
}

static void read_dquote(struct parser *p, struct wb *wb)
{
	unsigned long n0 = wb->n;
	int c, d;

	wb->flags |= W_QUOTED;
	for (;;) {
		c = pgetc_nl(p);
		switch (c) {
		case EOF:
			perr_eof(p, "unterminated quoted string");
			return;
		case '"':
			/* "" makes a field; "$@" with no parameters none */
			if (wb->n == n0)
				quoted_mark(wb);
			return;
		case '\\':
			d = pgetc(p);
			if (d == '$' || d == '`' || d == '"' || d == '\\') {
				wb_lit(wb, d, 1);
			} else {
				wb_lit(wb, '\\', 1);
				pungetc(p, d);
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
static void read_parts(struct parser *p, struct wb *wb, enum ctx ctx, int dq,
		       int op)
{
	int c, d, depth = 0;
	bool pattern = op == PO_RSMALL || op == PO_RLARGE || op == PO_LSMALL ||
		       op == PO_LLARGE;

	while (!p->err) {
		c = pgetc_nl(p);
		if (c == EOF) {
			if (ctx == CTX_PARAM)
				perr_eof(p, "unterminated ${...}");
			else if (ctx == CTX_ARITH)
				perr_eof(p, "unterminated $((...))");
			return;
		}
		switch (ctx) {
		case CTX_WORD:
			if (strchr(" \t\n;&|<>()", c)) {
				pungetc(p, c);
				return;
			}
			break;
		case CTX_PARAM:
			if (c == '}')
				return;
			break;
		case CTX_HEREDOC:
			if (c == '\\') {
				d = pgetc(p);
				if (d == '$' || d == '`' || d == '\\') {
					wb_lit(wb, d, 1);
				} else {
					wb_lit(wb, '\\', 1);
					pungetc(p, d);
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
			if (c == '(') {
				depth++;
			} else if (c == ')') {
				if (depth) {
					depth--;
				} else {
					d = pgetc_nl(p);
					if (d == ')')
						return;
					pungetc(p, d);
					perr(p, "missing ')' in $((...))");
					return;
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
			d = pgetc(p);
			if (d == EOF) {
				wb_lit(wb, '\\', dq);
				break;
			}
			if (dq && ctx == CTX_PARAM && !strchr("$`\"\\}", d)) {
				wb_lit(wb, '\\', 1);
				pungetc(p, d);
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
}

/* --- here-documents ------------------------------------------------------- */

static void read_heredocs(struct parser *p)
{
	struct heredoc *h, *list = p->hd;
	struct sbx_buf line = { 0 }, body = { 0 };
	int c, start = p->lineno;

	/* Take the list: bodies may contain $(... <<X ...) of their own. */
	p->hd = NULL;
	p->hd_tail = &p->hd;
	while ((h = list)) {
		list = h->next;
		if (p->err) {
			free(h->delim);
			free(h);
			continue;
		}
		body.len = 0;
		buf_putn(&body, "", 0);
		for (;;) {
			bool eof = false;

			line.len = 0;
			buf_putn(&line, "", 0);
			for (;;) {
				c = pgetc(p);
				if (c == EOF) {
					eof = true;
					break;
				}
				if (c == '\n')
					break;
				if (c == '\t' && h->strip && !line.len)
					continue;
				buf_putc(&line, (char)c);
			}
			if (!strcmp(line.s, h->delim))
				break;
			if (eof) {
				if (p->o.probe && p->reof) {
					perr_eof(p, "");
					break;
				}
				buf_putn(&body, line.s, line.len);
				snprintf(p->warn, sizeof(p->warn),
					 "line %d: warning: here-document at line %d delimited by end-of-file (wanted '%s')",
					 p->lineno, start, h->delim);
				break;
			}
			buf_putn(&body, line.s, line.len);
			buf_putc(&body, '\n');
		}
		char *text = arena_strndup(p->a, body.s, body.len);
		struct wb wb;

		wb_init(&wb, p);
		if (h->r->hd_quoted) {
			struct wpart *w = wb_part(&wb, WP_LIT, 1);

			w->s = text;
			w->len = body.len;
		} else {
			int npb = p->npb;

			p->npb = 0;
			push_frame(p, text, body.len, NULL, true);
			read_parts(p, &wb, CTX_HEREDOC, 1, 0);
			pop_frame(p);
			p->npb = npb;
		}
		h->r->target = wb_finish(&wb);
		free(h->delim);
		free(h);
	}
	buf_free(&line);
	buf_free(&body);
}

/* --- tokens --------------------------------------------------------------- */

static const char *const keywords[] = {
	"if", "then", "else", "elif", "fi", "do", "done", "case", "esac",
	"while", "until", "for", "{", "}", "!", "in", NULL,
};

static bool is_keyword(const char *s)
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

static void free_dead(struct parser *p)
{
	struct frame *f, *n;

	for (f = p->dead; f; f = n) {
		n = f->prev;
		free(f->alias);
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
	c = pgetc_nl(p);
	while (c == ' ' || c == '\t')
		c = pgetc_nl(p);
	/* An alias that ended before this token no longer guards against
	 * recursion (unless it ends inside the word: see alias_active). */
	if (!p->npb)
		free_dead(p);
	if (c == '#') {
		while ((c = pgetc(p)) != EOF && c != '\n')
			;
	}
	switch (c) {
	case EOF:
		return p->tok = T_EOF;
	case '\n':
		if (p->hd)
			read_heredocs(p);
		return p->tok = T_NL;
	case ';':
		d = pgetc_nl(p);
		if (d == ';')
			return p->tok = T_DSEMI;
		pungetc(p, d);
		return p->tok = T_SEMI;
	case '&':
		d = pgetc_nl(p);
		if (d == '&')
			return p->tok = T_AND;
		pungetc(p, d);
		return p->tok = T_AMP;
	case '|':
		d = pgetc_nl(p);
		if (d == '|')
			return p->tok = T_OR;
		pungetc(p, d);
		return p->tok = T_PIPE;
	case '(':
		return p->tok = T_LP;
	case ')':
		return p->tok = T_RP;
	case '<':
	case '>':
		p->tfd = -1;
		goto redir;
	}
	pungetc(p, c);
	struct wb wb;

	wb_init(&wb, p);
	read_parts(p, &wb, CTX_WORD, 0, 0);
	p->tw = wb_finish(&wb);
	if (p->err)
		return p->tok = T_EOF;
	if (p->tw->raw && isdigit((unsigned char)p->tw->raw[0]) &&
	    strspn(p->tw->raw, "0123456789") == strlen(p->tw->raw)) {
		c = pgetc(p);
		if (c == '<' || c == '>') {
			long fd = strtol(p->tw->raw, NULL, 10);

			if (fd > 1000000 || strlen(p->tw->raw) > 7)
				fd = 1000000;
			p->tfd = (int)fd;
			goto redir;
		}
		pungetc(p, c);
	}
	if ((chkalias || p->alias_next) && p->tw->raw && p->o.alias &&
	    !is_keyword(p->tw->raw)) {
		const char *val = p->o.alias(p->o.ctx, p->tw->raw);

		p->alias_next = false;
		if (val && !alias_active(p, p->tw->raw)) {
			size_t n = strlen(val);

			/* The character that ended the word was read ahead:
			 * it comes after the alias text. */
			if (p->npb) {
				char *pb = arena_alloc(p->a, 4);
				int k = 0;

				while (p->npb)
					pb[k++] = (char)p->pb[--p->npb];
				push_frame(p, pb, (size_t)k, NULL, false);
			}
			/* Frames hold pointers, so copy: the alias may be
			 * redefined while it is being read. */
			push_frame(p, arena_strndup(p->a, val, n), n,
				   p->tw->raw, false);
			p->top->blank_after = n && (val[n - 1] == ' ' ||
						    val[n - 1] == '\t');
			chkalias = true;
			goto again;
		}
	} else {
		p->alias_next = false;
	}
	return p->tok = T_WORD;
redir:
	d = pgetc_nl(p);
	if (c == '<') {
		if (d == '<') {
			int e = pgetc_nl(p);

			p->trt = R_HEREDOC;
			if (e == '-')
				p->tfd = p->tfd < 0 ? -2 : -3 - p->tfd;
			else
				pungetc(p, e);
		} else if (d == '&') {
			p->trt = R_DUPIN;
		} else if (d == '>') {
			p->trt = R_RDWR;
		} else {
			pungetc(p, d);
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
			pungetc(p, d);
			p->trt = R_OUT;
		}
	}
	return p->tok = T_REDIR;
}

static enum tok peek_ex(struct parser *p, bool chkalias)
{
	if (!p->ready) {
		lex(p, chkalias);
		p->ready = true;
	}
	return p->tok;
}

#define peek(p) peek_ex(p, false)
#define peek_cmd(p) peek_ex(p, true)

static void consume(struct parser *p)
{
	p->ready = false;
}

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
	if (p->tok == T_EOF)
		perr_eof(p, "unexpected end of file");
	else
		perr(p, "unexpected '%s'", tok_text(p));
}

static bool expect_kw(struct parser *p, const char *kw)
{
	peek_cmd(p);
	if (p->err)
		return false;
	if (!tok_is_kw(p, kw)) {
		if (p->tok == T_EOF)
			perr_eof(p, "unexpected end of file");
		else
			perr(p, "unexpected '%s' (expecting '%s')", tok_text(p),
			     kw);
		return false;
	}
	consume(p);
	return true;
}

static void linebreak(struct parser *p)
{
	while (peek_cmd(p) == T_NL)
		consume(p);
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
	case T_EOF: case T_RP: case T_DSEMI:
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

static struct redir *parse_redir(struct parser *p)
{
	struct redir *r = arena_alloc(p->a, sizeof(*r));
	bool strip = false;
	int fd = p->tfd;

	r->type = p->trt;
	if (r->type == R_HEREDOC && fd <= -2) {
		strip = true;
		fd = fd == -2 ? -1 : -3 - fd;
	}
	if (fd < 0)
		fd = (r->type == R_IN || r->type == R_DUPIN ||
		      r->type == R_RDWR || r->type == R_HEREDOC) ? 0 : 1;
	r->fd = fd;
	consume(p);
	if (peek(p) != T_WORD) {
		unexpected(p);
		return NULL;
	}
	consume(p);
	if (r->type != R_HEREDOC) {
		r->target = p->tw;
		return r;
	}
	struct heredoc *h = xcalloc(1, sizeof(*h));
	struct sbx_buf d = { 0 };

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

static struct node *parse_simple(struct parser *p)
{
	struct node *n = mknode(p, N_CMD);
	struct word **at = &n->assigns, **ar = &n->args;
	struct redir **rt = &n->redirs;

	for (;;) {
		enum tok t = n->args ? peek(p) : peek_cmd(p);

		if (t == T_REDIR) {
			struct redir *r = parse_redir(p);

			if (!r)
				return NULL;
			*rt = r;
			rt = &r->next;
			continue;
		}
		if (t != T_WORD)
			break;
		consume(p);
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

			if (!p->tw->raw || !parse_is_name(p->tw->raw,
							  strlen(p->tw->raw))) {
				perr(p, "bad function name '%s'",
				     p->tw->raw ? p->tw->raw : "?");
				return NULL;
			}
			consume(p);
			if (peek(p) != T_RP) {
				unexpected(p);
				return NULL;
			}
			consume(p);
			linebreak(p);
			f = mknode(p, N_FUNC);
			f->arena = p->a;
			f->name = p->tw->raw ? n->args->raw : NULL;
			f->a = parse_command(p);
			if (!f->a) {
				if (!p->err)
					unexpected(p);
				return NULL;
			}
			return f;
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

	consume(p);
	if (!(n->a = need_list(p)) || !expect_kw(p, "then") ||
	    !(n->b = need_list(p)))
		return NULL;
	peek_cmd(p);
	if (tok_is_kw(p, "elif")) {
		n->c = parse_if(p);
		return n->c ? n : NULL;
	}
	if (tok_is_kw(p, "else")) {
		consume(p);
		if (!(n->c = need_list(p)))
			return NULL;
	}
	if (!expect_kw(p, "fi"))
		return NULL;
	return n;
}

static struct node *parse_loop(struct parser *p, enum node_type t)
{
	struct node *n = mknode(p, t);

	consume(p);
	if (!(n->a = need_list(p)) || !expect_kw(p, "do") ||
	    !(n->b = need_list(p)) || !expect_kw(p, "done"))
		return NULL;
	return n;
}

static struct node *parse_for(struct parser *p)
{
	struct node *n = mknode(p, N_FOR);
	struct word **wt = &n->args;

	consume(p);
	if (peek(p) != T_WORD || !p->tw->raw ||
	    !parse_is_name(p->tw->raw, strlen(p->tw->raw))) {
		if (p->tok == T_WORD)
			perr(p, "bad for loop variable");
		else
			unexpected(p);
		return NULL;
	}
	n->name = p->tw->raw;
	consume(p);
	linebreak(p);
	if (tok_is_kw(p, "in")) {
		consume(p);
		n->for_in = true;
		while (peek(p) == T_WORD) {
			*wt = p->tw;
			wt = &p->tw->next;
			consume(p);
		}
		if (p->tok != T_NL && p->tok != T_SEMI) {
			unexpected(p);
			return NULL;
		}
		consume(p);
	} else if (p->tok == T_SEMI) {
		consume(p);
	}
	linebreak(p);
	if (!expect_kw(p, "do") || !(n->b = need_list(p)) ||
	    !expect_kw(p, "done"))
		return NULL;
	return n;
}

static struct node *parse_case(struct parser *p)
{
	struct node *n = mknode(p, N_CASE);
	struct case_item **it = &n->items;

	consume(p);
	if (peek(p) != T_WORD) {
		unexpected(p);
		return NULL;
	}
	n->args = p->tw;
	consume(p);
	linebreak(p);
	if (!expect_kw(p, "in"))
		return NULL;
	for (;;) {
		struct case_item *ci;
		struct word **pt;

		linebreak(p);
		if (tok_is_kw(p, "esac")) {
			consume(p);
			return n;
		}
		ci = arena_alloc(p->a, sizeof(*ci));
		pt = &ci->pats;
		if (p->tok == T_LP) {
			consume(p);
			peek(p);
		}
		for (;;) {
			if (p->tok != T_WORD) {
				unexpected(p);
				return NULL;
			}
			*pt = p->tw;
			pt = &p->tw->next;
			consume(p);
			if (peek(p) != T_PIPE)
				break;
			consume(p);
			peek(p);
		}
		if (p->tok != T_RP) {
			unexpected(p);
			return NULL;
		}
		consume(p);
		ci->body = parse_list(p, false);
		if (p->err)
			return NULL;
		*it = ci;
		it = &ci->next;
		peek_cmd(p);
		if (p->tok == T_DSEMI) {
			consume(p);
			continue;
		}
		if (tok_is_kw(p, "esac")) {
			consume(p);
			return n;
		}
		unexpected(p);
		return NULL;
	}
}

static struct node *parse_command(struct parser *p)
{
	struct node *n = NULL;

	if (++p->depth > PARSE_MAXDEPTH) {
		perr(p, "nesting too deep");
		return NULL;
	}
	peek_cmd(p);
	if (p->tok == T_LP) {
		n = mknode(p, N_SUBSHELL);
		consume(p);
		if (!(n->a = need_list(p)))
			goto out;
		if (peek(p) != T_RP) {
			unexpected(p);
			n = NULL;
			goto out;
		}
		consume(p);
	} else if (p->tok == T_WORD && p->tw->raw && is_keyword(p->tw->raw)) {
		const char *k = p->tw->raw;

		if (!strcmp(k, "if")) {
			n = parse_if(p);
		} else if (!strcmp(k, "while")) {
			n = parse_loop(p, N_WHILE);
		} else if (!strcmp(k, "until")) {
			n = parse_loop(p, N_UNTIL);
		} else if (!strcmp(k, "for")) {
			n = parse_for(p);
		} else if (!strcmp(k, "case")) {
			n = parse_case(p);
		} else if (!strcmp(k, "{")) {
			n = mknode(p, N_BRACE);
			consume(p);
			if (!(n->a = need_list(p)) || !expect_kw(p, "}"))
				n = NULL;
		} else {
			goto out; /* a terminator: no command here */
		}
	} else {
		n = parse_simple(p);
		goto out;
	}
	if (n && !parse_redirs(p, &n->redirs))
		n = NULL;
out:
	p->depth--;
	return p->err ? NULL : n;
}

static struct node *parse_pipeline(struct parser *p)
{
	struct node *n, *first, **st;
	bool bang = false;

	peek_cmd(p);
	while (tok_is_kw(p, "!")) {
		consume(p);
		bang = !bang;
		peek_cmd(p);
	}
	first = parse_command(p);
	if (!first) {
		if (bang && !p->err)
			unexpected(p);
		return NULL;
	}
	n = first;
	if (peek(p) == T_PIPE) {
		n = mknode(p, N_PIPE);
		n->a = first;
		st = &first->next_stage;
		while (peek(p) == T_PIPE) {
			struct node *c;

			consume(p);
			linebreak(p);
			c = parse_command(p);
			if (!c) {
				if (!p->err)
					unexpected(p);
				return NULL;
			}
			/* A stage already linked elsewhere cannot be: each
			 * command node is fresh. */
			*st = c;
			st = &c->next_stage;
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

		consume(p);
		linebreak(p);
		l->a = parse_pipeline(p);
		if (!l->a) {
			if (!p->err)
				unexpected(p);
			return NULL;
		}
		*t = l;
		t = &l->next_stage;
	}
	if (!head)
		return first;
	struct node *x = mknode(p, N_AND);

	x->b = first;   /* N_AND with ->b set and ->a NULL: chain head */
	x->next_stage = head;
	return x;
}

/* A list up to a terminator; |top|: stop at a newline. Sequences are
 * right-deep so eval walks them in a loop. */
static struct node *parse_list(struct parser *p, bool top)
{
	struct node *head = NULL, **tailp = NULL;

	for (;;) {
		if (!top)
			linebreak(p);
		peek_cmd(p);
		if (is_terminator(p) || (top && p->tok == T_NL))
			break;
		struct node *n = parse_and_or(p);

		if (!n) {
			if (!p->err)
				unexpected(p);
			return NULL;
		}
		if (peek(p) == T_AMP) {
			struct node *b = mknode(p, N_BG);

			b->a = n;
			n = b;
			consume(p);
		} else if (p->tok == T_SEMI) {
			consume(p);
		} else if (p->tok == T_NL && !top) {
			consume(p);
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
		peek_cmd(p);    /* command position: aliases apply */
		if (p->tok != T_WORD && p->tok != T_REDIR && p->tok != T_LP &&
		    p->tok != T_NL)
			break;
		if (top && p->tok == T_NL)
			break;
	}
	return p->err ? NULL : head;
}

static struct node *parse_program_isolated(struct parser *p, const char *s,
					   size_t len)
{
	struct node *n;
	bool ready = p->ready, an = p->alias_next;
	int npb = p->npb, pb[4];
	enum tok tok = p->tok;
	struct word *tw = p->tw;

	memcpy(pb, p->pb, sizeof(pb));
	p->npb = 0;
	p->ready = false;
	push_frame(p, s, len, NULL, true);
	n = parse_list(p, false);
	if (!p->err && peek(p) != T_EOF)
		unexpected(p);
	pop_frame(p);
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

void parse_free(struct parser *p)
{
	struct heredoc *h, *n;

	if (!p)
		return;
	free_dead(p);
	while (p->top != &p->base)
		pop_frame(p);
	for (h = p->hd; h; h = n) {
		n = h->next;
		free(h->delim);
		free(h);
	}
	free(p);
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
	struct heredoc *h, *n;

	while (p->top != &p->base)
		pop_frame(p);
	for (h = p->hd; h; h = n) {
		n = h->next;
		free(h->delim);
		free(h);
	}
	p->hd = NULL;
	p->hd_tail = &p->hd;
	p->npb = 0;
	p->ready = false;
	p->err = 0;
	p->depth = 0;
	/* drop the rest of the line */
	while (p->base.pos < p->base.len)
		if (p->base.s[p->base.pos++] == '\n')
			break;
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
	p->cont = false;
	p->ready = false;
	if (text) {
		text->len = 0;
		buf_putn(text, "", 0);
		/* the unread rest of the current line belongs to this command */
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
		read_heredocs(p);
	*out = n;
	return p->err ? p->err : PARSE_OK;
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
	push_frame(p, s, strlen(s), NULL, true);
	wb_init(&wb, p);
	read_parts(p, &wb, CTX_HEREDOC, 1, 0);
	if (!p->err)
		w = wb_finish(&wb);
	else
		buf_free(&wb.lit);
	pop_frame(p);
	parse_free(p);
	return w;
}
