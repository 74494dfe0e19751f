/* shell/interactive/term.c — OSC 133 / OSC 7 marks and the colour decision. */
#include "term.h"
#include "output.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

/* NULL, "" and "dumb" are dumb terminals. */
static bool term_is_dumb(const char *term)
{
	return !term || !*term || !strcmp(term, "dumb");
}

bool term_colour_allowed(const struct term_facts *f)
{
	/* https://no-color.org: "when present and not an empty string". */
	if (f->no_color && *f->no_color)
		return false;
	return !f->agent && f->out_tty && !term_is_dumb(f->term);
}

bool term_osc133_default(const struct term_facts *f)
{
	/* TERM=dumb (Emacs shell-mode, CI logs) prints the bytes literally:
	 * nothing, even for an agent. No TERM at all is what a harness's
	 * bare pty looks like: the agent asked for the marks, it gets them
	 * (with the plain reader, since nothing is known to edit with). */
	if (f->term && !strcmp(f->term, "dumb"))
		return false;
	if (f->agent)
		return true;
	return !term_is_dumb(f->term) && f->interactive && f->out_tty;
}

void term_init(struct term_state *ts, const struct term_facts *f)
{
	ts->dumb = term_is_dumb(f->term);
	ts->colour = term_colour_allowed(f);
	ts->osc133 = term_osc133_default(f);
	ts->osc7 = ts->osc133;
}

void term_set_osc133(struct term_state *ts, bool on)
{
	ts->osc133 = on;
}

bool term_osc133(const struct term_state *ts)
{
	return ts->osc133;
}

bool term_colour(const struct term_state *ts)
{
	return ts->colour;
}

bool term_dumb(const struct term_state *ts)
{
	return ts->dumb;
}

/* BEL terminates: every terminal that knows OSC 133 accepts it, and it is
 * one byte shorter than ST, which keeps prompt literals small. */
void term_fmt_prompt_start(const struct term_state *ts, struct sbx_buf *b)
{
	if (ts->osc133)
		buf_puts(b, "\033]133;A\007");
}

void term_fmt_prompt_end(const struct term_state *ts, struct sbx_buf *b)
{
	if (ts->osc133)
		buf_puts(b, "\033]133;B\007");
}

void term_fmt_cmd_start(const struct term_state *ts, struct sbx_buf *b)
{
	if (ts->osc133)
		buf_puts(b, "\033]133;C\007");
}

void term_fmt_cmd_end(const struct term_state *ts, struct sbx_buf *b,
		      int status)
{
	if (ts->osc133)
		buf_printf(b, "\033]133;D;%d\007", status);
}

static bool uri_plain(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' ||
	       c == '~' || c == '/';
}

void term_osc7_uri(struct sbx_buf *b, const char *host, const char *cwd)
{
	buf_puts(b, "\033]7;file://");
	for (const char *p = host ? host : ""; *p; p++)
		if (uri_plain((unsigned char)*p) && *p != '/')
			buf_putc(b, *p);
	for (const unsigned char *p = (const unsigned char *)cwd; *p; p++) {
		if (uri_plain(*p))
			buf_putc(b, (char)*p);
		else
			buf_printf(b, "%%%02X", *p);
	}
	buf_putc(b, '\007');
}

void term_fmt_cwd(const struct term_state *ts, struct sbx_buf *b,
		  const char *host, const char *cwd)
{
	if (ts->osc7 && cwd && *cwd == '/')
		term_osc7_uri(b, host, cwd);
}

void term_write(int fd, const struct sbx_buf *b)
{
	if (b->s)
		(void)out_write(fd, b->s, b->len);
}
