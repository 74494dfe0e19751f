/* shell/interactive/prompt.c — PS1/PS2 expansion and libedit-safe literal
 * groups. */
#include "prompt.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sbx.h"
#include "pw.h"

/* The sandbox marker leads so a glance (or a regex) tells a sandboxed
 * shell from the user's own: "[sbx:demo] ~/proj $ ". */
static const char ps1_plain[] = "\\S \\w \\$ ";
static const char ps1_colour[] =
    "\\[\\e[1;33m\\]\\S\\[\\e[0m\\] \\[\\e[1;34m\\]\\w\\[\\e[0m\\] \\$ ";

const char *pr_default_ps1(bool colour)
{
	return colour ? ps1_colour : ps1_plain;
}

static const char *var(const struct pr_ctx *c, const char *name)
{
	return c->getvar ? c->getvar(c->ctx, name) : NULL;
}

static void put_user(const struct pr_ctx *c, struct sbx_buf *b)
{
	const char *u = var(c, "USER");

	if (!u || !*u) {
		u = pw_name(geteuid());
		if (!u)
			u = "?";
	}
	buf_put_shown(b, u);
}

static void put_host(struct sbx_buf *b, bool full)
{
	char h[256] = "";
	char *dot;

	gethostname(h, sizeof(h) - 1);
	if (!full && (dot = strchr(h, '.')))
		*dot = 0;
	buf_put_shown(b, h);
}

static void put_cwd(const struct pr_ctx *c, struct sbx_buf *b, bool base)
{
	const char *pwd = var(c, "PWD");
	const char *home = var(c, "HOME");
	SBX_AUTOFREE char *cwd = NULL;
	size_t hl;

	if (!pwd || *pwd != '/')
		pwd = cwd = getcwd(NULL, 0);
	if (!pwd) {
		buf_putc(b, '?');
		return;
	}
	hl = home ? strlen(home) : 0;
	while (hl > 1 && home[hl - 1] == '/')
		hl--;
	if (hl > 1 && !strncmp(pwd, home, hl) &&
	    (pwd[hl] == 0 || pwd[hl] == '/')) {
		if (base && pwd[hl] == 0) {
			buf_putc(b, '~');
			return;
		}
		if (!base) {
			buf_putc(b, '~');
			buf_put_shown(b, pwd + hl);
			return;
		}
	}
	if (base && strcmp(pwd, "/")) {
		const char *s = strrchr(pwd, '/');

		buf_put_shown(b, s ? s + 1 : pwd);
		return;
	}
	buf_put_shown(b, pwd);
}

/* |s| (|n| bytes) without its PR_DELIM bytes, in place; the new length
 * (the string is NUL-terminated again). */
static size_t drop_delim(char *s, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (s[i] != PR_DELIM)
			s[k++] = s[i];
	s[k] = '\0';
	return k;
}

char *pr_expand(const struct pr_ctx *c, const char *ps)
{
	struct sbx_buf b = {0};
	bool in_group = false;
	size_t mark;
	time_t now;
	struct tm tm;

	buf_puts(&b, "");
	for (const char *p = ps; *p; p++) {
		if (*p == PR_DELIM) /* never let a stray byte open a group */
			continue;
		if (*p != '\\' || !p[1]) {
			size_t k = u8_shown_len(p, strnlen(p, 4));

			if (in_group && !c->delim)
				continue;
			/* A byte PS1 holds raw (often from $PWD or $(cmd) in
			 * it) shows escaped: a folder named $'\e]0;x\a' must
			 * not drive the terminal, and an invalid UTF-8 byte
			 * crashes libedit's prompt (SIGSEGV in its decoder).
			 * A newline stays one; inside \[ \] a control is
			 * what the group is for; \e and \a are asked for. */
			if (k || *p == '\n' ||
			    (in_group && (unsigned char)*p < 0x80)) {
				k = k ? k : 1;
				buf_putn(&b, p, k);
				p += k - 1;
			} else {
				buf_putn_shown(&b, p, 1);
			}
			continue;
		}
		p++;
		/* Inside a group dropped for a dumb terminal, only the group's
		 * end matters. */
		if (in_group && !c->delim && *p != ']')
			continue;
		mark = b.len;
		switch (*p) {
		case 'u':
			put_user(c, &b);
			break;
		case 'h':
			put_host(&b, false);
			break;
		case 'H':
			put_host(&b, true);
			break;
		case 'w':
			put_cwd(c, &b, false);
			break;
		case 'W':
			put_cwd(c, &b, true);
			break;
		case '$':
			buf_putc(&b, geteuid() ? '$' : '#');
			break;
		case 'n':
		case '\\':
		case 'e':
		case 'a':
			/* bash's one-character escapes */
			buf_putc(&b,
				 "\n\\\033\007"[strchr("n\\ea", *p) - "n\\ea"]);
			break;
		case 's':
			buf_puts(&b, "sbxsh");
			break;
		case 'v':
			buf_puts(&b, SBXSH_VERSION);
			break;
		case 'j':
			buf_printf(&b, "%d", c->njobs ? c->njobs(c->ctx) : 0);
			break;
		case '?':
			buf_printf(&b, "%d", c->status ? c->status(c->ctx) : 0);
			break;
		case 't':
			now = time(NULL);
			localtime_r(&now, &tm);
			buf_printf(&b, "%02d:%02d:%02d", tm.tm_hour, tm.tm_min,
				   tm.tm_sec);
			break;
		case 'S':
			buf_puts(&b, "[sbx:");
			buf_put_shown(&b, c->workflow ? c->workflow : "?");
			buf_putc(&b, ']');
			break;
		case 'B':
			buf_puts(&b, c->backend ? c->backend : "?");
			break;
		case '[':
			if (!in_group && c->delim)
				buf_putc(&b, c->delim);
			in_group = true;
			break;
		case ']':
			if (in_group && c->delim)
				buf_putc(&b, c->delim);
			in_group = false;
			break;
		default:
			buf_putc(&b, '\\');
			buf_putc(&b, *p);
		}
		/* What an escape brings in from outside (a folder's name in
		 * \w, $USER, the host, the workflow) may hold the delimiter
		 * byte too, and would open or close a group there: libedit
		 * would hide the rest of the prompt or show escape codes.
		 * Only \[ and \] make groups. */
		if (*p != '[' && *p != ']')
			b.len = mark + drop_delim(b.s + mark, b.len - mark);
	}
	if (in_group && c->delim) /* an unclosed "\[" closes at the end */
		buf_putc(&b, c->delim);
	if (c->delim) {
		char *fixed = pr_fix_literals(b.s, c->delim);

		buf_free(&b);
		return fixed;
	}
	return b.s;
}

/* A character libedit can glue a literal to: wcwidth() > 0. Bytes of a
 * UTF-8 sequence count as one character (their lead byte decides). */
static bool printable(unsigned char ch)
{
	return ch >= 0x20 && ch != 0x7f;
}

struct cell {
	struct sbx_buf lit; /* literal bytes glued in front of the char */
	size_t off, n;	    /* the character in the source string */
};

char *pr_fix_literals(const char *s, char delim)
{
	struct cell *cells = xcalloc(strlen(s) + 1, sizeof(*cells));
	struct sbx_buf pend = {0}, out = {0};
	size_t ncell = 0, i = 0, last = (size_t)-1;

	while (s[i]) {
		if (s[i] == delim) {
			const char *end = strchr(s + i + 1, delim);
			size_t n =
			    end ? (size_t)(end - s - i - 1) : strlen(s + i + 1);

			buf_putn(&pend, s + i + 1, n);
			i += n + 1 + (end ? 1 : 0);
			continue;
		}
		struct cell *c = &cells[ncell++];
		size_t n = 1;

		if ((unsigned char)s[i] >= 0xc0)
			while ((s[i + n] & 0xc0) == 0x80)
				n++;
		c->off = i;
		c->n = n;
		if (printable((unsigned char)s[i]) && pend.len) {
			buf_putn(&c->lit, pend.s, pend.len);
			pend.len = 0;
		}
		if (printable((unsigned char)s[i]))
			last = ncell - 1;
		i += n;
	}
	if (pend.len) {
		if (last == (size_t)-1) {
			/* Nothing visible at all: carry the groups on a space.
			 */
			struct cell *c = &cells[ncell++];

			buf_putn(&c->lit, pend.s, pend.len);
			c->off = (size_t)-1;
		} else {
			buf_putn(&cells[last].lit, pend.s, pend.len);
		}
	}
	buf_puts(&out, "");
	for (i = 0; i < ncell; i++) {
		if (cells[i].lit.len) {
			buf_putc(&out, delim);
			buf_putn(&out, cells[i].lit.s, cells[i].lit.len);
			buf_putc(&out, delim);
		}
		if (cells[i].off == (size_t)-1)
			buf_putc(&out, ' ');
		else
			buf_putn(&out, s + cells[i].off, cells[i].n);
		buf_free(&cells[i].lit);
	}
	buf_free(&pend);
	free(cells);
	return out.s;
}

char *pr_render(const struct pr_ctx *c, bool cont)
{
	const char *ps;
	SBX_AUTOFREE char *exp = NULL;

	/* --agent: the shell starts PS1 at PR_AGENT_PS1 (interactive.c);
	 * one the harness sets (pexpect's replwrap does) wins */
	ps = var(c, cont ? "PS2" : "PS1");
	if (!ps)
		ps = cont	? PR_DEFAULT_PS2
		     : c->agent ? PR_AGENT_PS1
				: pr_default_ps1(c->colour);
	if (c->expand)
		ps = exp = c->expand(c->ctx, ps);
	return pr_expand(c, ps);
}
