/* core/lang/synerr.c — how a syntax error is worded. Under --posix, dash's
 * words ("line 3: syntax error: unexpected 'fi'"), unchanged since the
 * dash corpus; in the default language, Debian's bash 5.2's, with its
 * line numbers and the status it leaves, so that a person or an agent who
 * knows bash reads the line it expects ("syntax error near unexpected
 * token `fi'" and the offending line after it) and does not spend a step
 * decoding another shell's dialect. The parser only records the error
 * (struct parse_error); the shell, which knows whether it reads -c, a
 * file, stdin, eval or a terminal, prints it with parse_error_print().
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lex.h"

void lex_perr(struct parser *p, const char *fmt, ...)
{
	va_list ap;
	char msg[400];

	if (p->err)
		return;
	p->err = -EINVAL;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!p->o.posix) {
		/* a refusal bash has no words for (nesting too deep, an
		 * array where none may be): bash's plain prefix */
		p->perr.line = p->lineno;
		p->perr.status = PERR_ST_2;
		p->perr.show_line = false;
		snprintf(p->perr.msg, sizeof(p->perr.msg), "syntax error: %s",
			 msg);
	}
	sbx_diag_set(p->diag, -EINVAL, "line %d: syntax error: %s", p->lineno,
		     msg);
}

/* Interactive input that ended inside a command: "need more", no error. */
static bool need_more(struct parser *p)
{
	if (p->o.probe && p->reof) {
		p->err = -EAGAIN;
		sbx_diag_set(p->diag, -EAGAIN, "incomplete command");
		return true;
	}
	return false;
}

void lex_perr_eof(struct parser *p, const char *what)
{
	if (p->err || need_more(p))
		return;
	if (!p->o.posix) {
		syn_bash(p, p->lineno + 1, PERR_ST_2, false,
			 "syntax error: unexpected end of file");
		return;
	}
	lex_perr(p, "%s", what);
}

void syn_bash(struct parser *p, int line, int status, bool show_line,
	      const char *fmt, ...)
{
	va_list ap;
	const char *s = p->base.s ? p->base.s : "";
	size_t n = p->base.len;

	if (p->err)
		return;
	p->err = -EINVAL;
	va_start(ap, fmt);
	vsnprintf(p->perr.msg, sizeof(p->perr.msg), fmt, ap);
	va_end(ap);
	p->perr.line = line;
	p->perr.status = status;
	p->perr.show_line = show_line;
	p->perr.quiet = false;
	p->perr.expr_line = false;
	/* bash's print_offending_line: the physical line the error is on,
	 * without its newline */
	while (n && (s[n - 1] == '\n' || s[n - 1] == '\r'))
		n--;
	if (n >= sizeof(p->perr.text))
		n = sizeof(p->perr.text) - 1;
	memcpy(p->perr.text, s, n);
	p->perr.text[n] = 0;
	sbx_diag_set(p->diag, -EINVAL, "line %d: %s", line, p->perr.msg);
}

void lex_perr_match(struct parser *p, const char *what, int close, int start,
		    int status)
{
	if (p->err || need_more(p))
		return;
	if (p->o.posix) {
		lex_perr(p, "%s", what);
		return;
	}
	/* bash names the line the quote opened on, except for $( whose
	 * end it looks for at the end of the input (xparse_dolparen) */
	syn_bash(p, start ? start : p->lineno + 1, status, false,
		 "unexpected EOF while looking for matching `%c'", close);
}

void lex_perr_subst(struct parser *p, int c)
{
	int start = p->lineno;

	if (!p->o.posix && !p->err && c != '}')
		while ((c = lex_getc(p)) != '}')
			if (c == EOF) {
				lex_perr_match(p, "", '}', start,
					       PERR_ST_LAST_OR_2);
				return;
			}
	lex_perr(p, "bad substitution");
}

/* bash's name for a token (error_token_from_token) */
const char *syn_tok_text(struct parser *p)
{
	static const char *const names[] = {
	    "EOF", "newline", ";",  "&",	   "&&", "||", "|",
	    "(",   ")",	      ";;", "redirection", NULL, ";&", ";;&",
	};

	if (p->tok == T_WORD && p->tw->raw)
		return p->tw->raw;
	if (p->tok == T_WORD) {
		/* a quoted word: as typed, when it lies in the current line */
		size_t end = p->base.pos - (size_t)p->npb;

		if (p->tw_line != p->base.s || !p->tw_line || p->tw_at >= end ||
		    end > p->base.len)
			return "word";
		snprintf(p->tw_text, sizeof(p->tw_text), "%.*s",
			 (int)(end - p->tw_at), p->tw_line + p->tw_at);
		return p->tw_text;
	}
	if (p->tok == T_PIPE && p->tpipe_err)
		return "|&";
	if (p->tok == T_REDIR) {
		switch (p->trt) {
		case R_IN:
			return "<";
		case R_OUT:
			return p->tboth ? "&>" : ">";
		case R_APPEND:
			return p->tboth ? "&>>" : ">>";
		case R_CLOBBER:
			return ">|";
		case R_RDWR:
			return "<>";
		case R_DUPIN:
			return "<&";
		case R_DUPOUT:
			return ">&";
		case R_HEREDOC:
			return p->tfd <= -2 ? "<<-" : "<<";
		case R_HERESTR:
			return "<<<";
		}
	}
	return names[p->tok];
}

void syn_unexpected(struct parser *p)
{
	if (p->tok == T_EOF) {
		lex_perr_eof(p, "unexpected end of file");
		return;
	}
	syn_bash(p, p->lineno, PERR_ST_2, true,
		 "syntax error near unexpected token `%s'", syn_tok_text(p));
}

const struct parse_error *parse_error_info(const struct parser *p)
{
	return p->err == -EINVAL && !p->o.posix ? &p->perr : NULL;
}

void parse_error_print(const struct parse_error *e, const char *name,
		       const char *inname, bool interactive,
		       struct sbx_buf *out)
{
	struct sbx_buf pre = {0};

	if (e->quiet)
		return;
	buf_printf(&pre, "%s: ", name);
	if (!interactive) {
		if (inname)
			buf_printf(&pre, "%s: ", inname);
		buf_printf(&pre, "line %d: ", e->line);
	}
	buf_printf(out, "%s%s\n", pre.s, e->msg);
	if (e->show_line && !interactive)
		buf_printf(out, "%s%s`%s'\n", pre.s,
			   e->expr_line ? "syntax error: " : "", e->text);
	buf_free(&pre);
}
