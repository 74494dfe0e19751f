/* core/lang/heredoc.c — here-documents: the delimiter word after << and
 * <<-, and the bodies read at the next newline (XCU 2.7.4). Split from
 * lex.c, whose character reader and word builder it uses (lex.h). Pure. */
#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "parse.h"

/*
 * The word after << or <<-: its text after quote removal and nothing
 * else, as one literal part (XCU 2.7.4). "$x", "${x}", "$(x)" and "`x`"
 * are not expanded: the body ends at a line that reads just that.
 * W_QUOTED if any of it was quoted (the body is then taken literally).
 */
struct word *lex_read_delim(struct parser *p)
{
	struct word *w = arena_alloc(p->a, sizeof(*w));
	struct wpart *part = arena_alloc(p->a, sizeof(*part));
	struct sbx_buf d = {0};
	int c, depth = 0;

	buf_putn(&d, "", 0);
	for (;;) {
		c = lex_getc_nl(p);
		if (c == EOF)
			break;
		if (!depth && strchr(" \t\n;&|()<>", c)) {
			lex_ungetc(p, c);
			break;
		}
		if (c == '\\') {
			w->flags |= W_QUOTED;
			if ((c = lex_getc(p)) == EOF)
				break;
		} else if (c == '\'') {
			w->flags |= W_QUOTED;
			while ((c = lex_getc(p)) != EOF && c != '\'')
				buf_putc(&d, (char)c);
			if (c == EOF)
				lex_perr_match(p, "unterminated quoted string",
					       '\'', p->lineno, PERR_ST_2);
			continue;
		} else if (c == '"') {
			w->flags |= W_QUOTED;
			while ((c = lex_getc_nl(p)) != EOF && c != '"') {
				if (c == '\\') {
					int e = lex_getc(p);

					if (e == EOF)
						break;
					if (!strchr("$`\"\\", e))
						buf_putc(&d, '\\');
					c = e;
				}
				buf_putc(&d, (char)c);
			}
			if (c == EOF)
				lex_perr_match(p, "unterminated quoted string",
					       '"', p->lineno, PERR_ST_2);
			continue;
		} else if (c == '$') {
			int e = lex_getc(p);

			buf_putc(&d, '$');
			if (e != '(' && e != '{') {
				lex_ungetc(p, e);
				continue;
			}
			depth++;
			c = e;
		} else if (depth && (c == '(' || c == '{')) {
			depth++;
		} else if (depth && (c == ')' || c == '}')) {
			depth--;
		}
		buf_putc(&d, (char)c);
	}
	part->type = WP_LIT;
	part->s = arena_strndup(p->a, d.s, d.len);
	part->len = d.len;
	w->parts = d.len || (w->flags & W_QUOTED) ? part : NULL;
	buf_free(&d);
	return w;
}

void lex_read_heredocs(struct parser *p)
{
	struct heredoc *h, *list = p->hd;
	struct sbx_buf line = {0}, body = {0};
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
				c = lex_getc(p);
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
					lex_perr_eof(p, "");
					break;
				}
				buf_putn(&body, line.s, line.len);
				/* bash has read a newline after the last
				 * line (synerr.c) */
				if (line.len && !p->o.posix)
					buf_putc(&body, '\n');
				/* bash quotes the delimiter its own way */
				snprintf(
				    p->warn, sizeof(p->warn),
				    "line %d: warning: here-document at line "
				    "%d delimited by end-of-file (wanted "
				    "%s%s')",
				    p->lineno, start, p->o.posix ? "'" : "`",
				    h->delim);
				break;
			}
			buf_putn(&body, line.s, line.len);
			buf_putc(&body, '\n');
		}
		char *text = arena_strndup(p->a, body.s, body.len);
		struct wb wb;

		lex_wb_init(&wb, p);
		if (h->r->hd_quoted) {
			struct wpart *w = lex_wb_part(&wb, WP_LIT, 1);

			w->s = text;
			w->len = body.len;
		} else {
			int npb = p->npb;

			p->npb = 0;
			lex_push_frame(p, text, body.len, NULL, true);
			lex_read_parts(p, &wb, CTX_HEREDOC, 1, 0);
			lex_pop_frame(p);
			p->npb = npb;
		}
		h->r->target = lex_wb_finish(&wb);
		free(h->delim);
		free(h);
	}
	buf_free(&line);
	buf_free(&body);
}
