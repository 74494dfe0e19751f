/* shell/interactive/term.c — OSC 133 / OSC 7 marks and the colour decision. */
#include "term.h"
#include "output.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
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
 * one byte shorter than ST, which keeps prompt literals small. With a
 * token (--agent) each mark ends in ";token=HEX": terminals ignore a
 * parameter they do not know, and a harness that checks it cannot be
 * handed a mark a command printed (`printf '\e]133;D;0\a'` after a
 * failure would otherwise read as status 0). */
static void put_mark(const struct term_state *ts, struct sbx_buf *b,
		     const char *what)
{
	if (!ts->osc133)
		return;
	if (ts->token[0])
		buf_printf(b, "\033]133;%s;token=%s\007", what, ts->token);
	else
		buf_printf(b, "\033]133;%s\007", what);
}

void term_fmt_prompt_start(const struct term_state *ts, struct sbx_buf *b)
{
	put_mark(ts, b, "A");
}

void term_fmt_prompt_end(const struct term_state *ts, struct sbx_buf *b)
{
	put_mark(ts, b, "B");
}

void term_fmt_cmd_start(const struct term_state *ts, struct sbx_buf *b)
{
	put_mark(ts, b, "C");
}

void term_fmt_cmd_end(const struct term_state *ts, struct sbx_buf *b,
		      int status)
{
	char what[16];

	snprintf(what, sizeof(what), "D;%d", status);
	put_mark(ts, b, what);
}

int term_draw_token(struct term_state *ts, struct sbx_diag *d)
{
	unsigned char raw[TERM_TOKEN_BYTES];
	size_t got = 0;

	/* getrandom(2) and nothing a job can reach: the token is never in
	 * argv (/proc/PID/cmdline is world-readable) nor in the
	 * environment, and the shell is not dumpable, so a job cannot read
	 * it back out of the shell's memory to forge a mark. */
	while (got < sizeof(raw)) {
		ssize_t n = getrandom(raw + got, sizeof(raw) - got, 0);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return sbx_diag_set(d, -errno,
					    "agent token: getrandom: %s",
					    strerror(errno));
		got += (size_t)n;
	}
	for (size_t i = 0; i < sizeof(raw); i++)
		snprintf(ts->token + 2 * i, 3, "%02x", raw[i]);
	explicit_bzero(raw, sizeof(raw));
	return 0;
}

int term_read_token(struct term_state *ts, int fd, struct sbx_diag *d)
{
	char buf[2 * TERM_TOKEN_BYTES + 3];
	size_t got = 0;
	ssize_t n;

	/* Read to EOF (a pipe the harness wrote and closed), then close:
	 * no job may inherit the descriptor and read a second copy. */
	do {
		n = read(fd, buf + got, sizeof(buf) - 1 - got);
		if (n > 0)
			got += (size_t)n;
	} while ((n > 0 && got < sizeof(buf) - 1) || (n < 0 && errno == EINTR));
	close(fd);
	if (n < 0)
		return sbx_diag_set(d, -EBADF, "--agent-token-fd %d: %s", fd,
				    strerror(errno));
	if (got && buf[got - 1] == '\n')
		got--;
	if (got != 2 * TERM_TOKEN_BYTES ||
	    strspn(buf, "0123456789abcdef") < got)
		return sbx_diag_set(
		    d, -EINVAL,
		    "--agent-token-fd %d: expected %d lowercase "
		    "hex digits",
		    fd, 2 * TERM_TOKEN_BYTES);
	memcpy(ts->token, buf, got);
	ts->token[got] = '\0';
	explicit_bzero(buf, sizeof(buf));
	return 0;
}

const char *term_token(const struct term_state *ts)
{
	return ts->token[0] ? ts->token : NULL;
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
