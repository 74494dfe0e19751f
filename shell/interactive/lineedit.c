/* shell/interactive/lineedit.c — the interactive line reader: libedit, history,
 * completion, prompt marks; and the plain reader for dumb terminals. */
#include "fault.h"
#include "lineedit.h"

#include <errno.h>
#include <fcntl.h>
#include <histedit.h>
#include <limits.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

#include "backend.h"
#include "histexp.h"
#include "histfile.h"
#include "output.h"
#include "session.h"
#include "term.h"

struct le {
	struct le_state *st; /* cfg.st: the layer's state, shared */
	struct le_config cfg;
	struct pr_ctx pctx;
	EditLine *el;
	History *hist;
	HistEvent ev;
	FILE *fin, *fout;
	struct sh_reader *plain; /* the plain reader's line source */
	struct cmp *cmp;
	char *prompt;	     /* what libedit's prompt callback returns */
	struct sbx_buf pend; /* lines of a multi-line entry not yet given */
	size_t pend_off;
	struct sbx_buf line;  /* the line returned to the parser */
	struct sbx_buf entry; /* the history entry being built */
	bool entry_stored;
	bool accepted;		 /* a line was read: OSC 133 C is due */
	bool cmd_started;	 /* C was sent: D is due */
	struct sbx_buf tab_line; /* the line at the last ambiguous TAB */
	size_t tab_cursor;
	bool tab_armed;
	bool fn_added; /* sbx-complete is a libedit function */
	char mode[8];
	int hist_fd;
	bool record; /* lines go into history */
	bool hist_loaded;
	unsigned hist_keep;
	struct hx_mem hxmem; /* :s and ^a^b's last strings, for :& */
};

/* Signal flags only (docs/style.md §7); the handlers are installed for
 * the duration of el_gets() and the previous ones put back after it.
 * File statics: a signal handler can reach nothing else (the rest of
 * the layer's state is struct le_state's). */
static volatile sig_atomic_t le_sigint, le_sigwinch;
/* The mode a reader made now starts in (struct le_state's, "" before
 * any `set -o vi|emacs`). */
static const char *default_mode(const struct le_state *st)
{
	return st->default_mode[0] ? st->default_mode : "emacs";
}

static void on_sigint(int sig)
{
	(void)sig;
	le_sigint = 1;
}

static void on_sigwinch(int sig)
{
	(void)sig;
	le_sigwinch = 1;
}

static bool blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n')
			return false;
	return true;
}

static void hist_ensure(struct le *le);

static void hist_write(struct le *le, const char *s, size_t n, bool cont)
{
	hf_append(le->hist_fd, s, n, cont);
}

/* The |k|th entry counted from |from| (H_FIRST: the newest, H_LAST: the
 * oldest) in the direction |step|, or NULL. */
static const char *hx_walk(struct le *le, int k, int from, int step)
{
	if (k < 1 || history(le->hist, &le->ev, from) != 0)
		return NULL;
	while (--k > 0)
		if (history(le->hist, &le->ev, step) != 0)
			return NULL;
	return le->ev.str;
}

static const char *hx_recent(void *ctx, int k)
{
	return hx_walk(ctx, k, H_FIRST, H_NEXT);
}

static const char *hx_numbered(void *ctx, int n)
{
	return hx_walk(ctx, n, H_LAST, H_PREV);
}

/* bash's history expansion of a typed line (core/histexp.c), for a
 * person at a prompt only: an agent's `!` is always literal (cfg.agent),
 * as is any `!` with set +H. The expanded line is shown, as bash does; an
 * event not found drops the line (it is not run, not recorded). 0: |*s|
 * unchanged; 1: |*s| now |xb|'s text; 2: |*s| now |xb|'s text, shown and
 * recorded but not run (`:p`); -1: dropped. */
static int hist_expand_line(struct le *le, const char **s, size_t *n,
			    struct sbx_buf *xb)
{
	struct sbx_buf err = {0};
	struct hx_src src = {hx_recent, hx_numbered, le, &le->hxmem};
	size_t body = *n - (*n && (*s)[*n - 1] == '\n');
	int rc;

	if (le->cfg.agent || !le->cfg.histexpand ||
	    !le->cfg.histexpand(le->cfg.ctx) || !le->hist)
		return 0;
	hist_ensure(le);
	rc = hx_expand(*s, body, &src, xb, &err);
	if (rc < 0) {
		struct sbx_buf m = {0};

		buf_printf(&m, "%s: %.*s\n",
			   le->cfg.prog ? le->cfg.prog : "sbxsh", (int)err.len,
			   err.s ? err.s : "");
		term_write(le->cfg.out_fd, &m);
		buf_free(&m);
		buf_free(&err);
		return -1;
	}
	buf_free(&err);
	if (rc == 0)
		return 0;
	buf_putc(xb, '\n');
	{
		struct sbx_buf m = {0};

		buf_putn(&m, xb->s, xb->len);
		term_write(le->cfg.out_fd, &m);
		buf_free(&m);
	}
	*s = xb->s;
	*n = xb->len;
	return rc;
}

/* Records |s| (|n| bytes, no trailing newline, may hold newlines: a
 * multi-line entry recalled and accepted whole). */
static void hist_add(struct le *le, const char *s, size_t n, bool cont)
{
	if (!le->record || !le->hist)
		return;
	hist_ensure(le);
	if (cont && le->entry.len) {
		buf_putc(&le->entry, '\n');
		buf_putn(&le->entry, s, n);
		if (le->entry_stored) {
			SBX_AUTOFREE char *add = xasprintf("\n%.*s", (int)n, s);

			if (history(le->hist, &le->ev, H_FIRST) == 0)
				history(le->hist, &le->ev, H_ADD, add);
			hist_write(le, s, n, true);
		} else {
			/* The first line was a duplicate and was not stored;
			 * with its continuation it is a new entry. */
			size_t first = le->entry.len - n - 1;

			history(le->hist, &le->ev, H_ENTER, le->entry.s);
			hist_write(le, le->entry.s, first, false);
			hist_write(le, s, n, true);
			le->entry_stored = true;
		}
		return;
	}
	le->entry.len = 0;
	buf_putn(&le->entry, s, n);
	le->entry_stored = false;
	if (blank(s, n))
		return;
	/* H_SETUNIQUE drops a repeat of the newest entry; so do we. */
	if (history(le->hist, &le->ev, H_FIRST) == 0 &&
	    !strcmp(le->ev.str, le->entry.s))
		return;
	history(le->hist, &le->ev, H_ENTER, le->entry.s);
	le->entry_stored = true;
	/* Each line of a multi-line entry is its own record. */
	for (size_t i = 0, st = 0; i <= n; i++) {
		if (i == n || s[i] == '\n') {
			hist_write(le, s + st, i - st, st != 0);
			st = i + 1;
		}
	}
}

/* Loads the file into libedit's list. Lazily (hist_ensure): not before
 * the first prompt is on the screen, so a long history never delays it. */
static void hist_load(struct le *le, unsigned keep)
{
	struct sbx_buf all = {0};
	struct sbx_strv ents = {0};
	bool locked;

	le->hist_loaded = true;
	if (le->hist_fd < 0 || !le->record)
		return;
	locked = hf_lock(le->hist_fd, LOCK_SH);
	hf_read_all(le->hist_fd, &all);
	if (locked)
		flock(le->hist_fd, LOCK_UN);
	hf_decode(all.s ? all.s : "", all.len, keep, &ents);
	for (size_t i = 0; i < ents.n; i++)
		history(le->hist, &le->ev, H_ENTER, ents.v[i]);
	strv_free(&ents);
	buf_free(&all);
}

static void hist_ensure(struct le *le)
{
	if (!le->hist_loaded)
		hist_load(le, le->hist_keep);
}

/* ---- marks and prompts ---------------------------------------------- */

static int last_status(struct le *le)
{
	return le->pctx.status ? le->pctx.status(le->pctx.ctx) : 0;
}

/* Before a PS1: D for the command that ran, then the cwd report. */
static void before_ps1(struct le *le)
{
	struct sbx_buf b = {0};
	const char *pwd;
	SBX_AUTOFREE char *cwd = NULL;
	char host[256] = "";

	if (le->accepted && !le->cmd_started) {
		/* The shell never called sync(): mark the command late
		 * rather than not at all. */
		term_fmt_cmd_start(&le->st->term, &b);
		le->cmd_started = true;
	}
	if (le->cmd_started)
		term_fmt_cmd_end(&le->st->term, &b, last_status(le));
	le->accepted = le->cmd_started = false;
	term_write(le->cfg.out_fd, &b);
	b.len = 0;
	if (le->cfg.before_prompt)
		le->cfg.before_prompt(le->cfg.ctx);
	pwd = le->pctx.getvar ? le->pctx.getvar(le->pctx.ctx, "PWD") : NULL;
	if (!pwd || *pwd != '/')
		pwd = cwd = getcwd(NULL, 0);
	gethostname(host, sizeof(host) - 1);
	term_fmt_cwd(&le->st->term, &b, host, pwd);
	term_write(le->cfg.out_fd, &b);
	buf_free(&b);
}

static void fresh_line(struct le *le)
{
	struct winsize ws;
	struct sbx_buf b = {0};

	/* zsh's PROMPT_SP: a mark, then enough spaces to wrap only if the
	 * cursor was not in column 0, then CR. A prompt after `printf foo`
	 * starts on its own line; after a newline the mark is overwritten.
	 * Not for agents: they get no bytes they did not ask for. */
	if (le->cfg.agent || term_dumb(&le->st->term) ||
	    ioctl(le->cfg.out_fd, TIOCGWINSZ, &ws) < 0 || ws.ws_col < 2)
		return;
	buf_puts(&b, term_colour(&le->st->term) ? "\033[7m%\033[0m" : "%");
	for (int i = 0; i < ws.ws_col - 1; i++)
		buf_putc(&b, ' ');
	buf_putc(&b, '\r');
	term_write(le->cfg.out_fd, &b);
	buf_free(&b);
}

/* The libedit prompt: the expanded PS1/PS2 with OSC 133 A glued to its
 * first character and B to its last. libedit prints a literal group only
 * in front of a visible character; to put B *after* the last character
 * (where input starts), the group repeats that character, then B, then a
 * backspace, and the character itself is drawn again over it: the
 * terminal ends in the column libedit expects. */
static char *edit_prompt(struct le *le, bool cont)
{
	SBX_AUTOFREE char *body = pr_render(&le->pctx, cont);
	struct sbx_buf b = {0};
	size_t last = (size_t)-1;
	bool in = false;

	if (!term_osc133(&le->st->term))
		return sbx_steal(&body);
	buf_puts(&b, "");
	if (!cont) {
		buf_putc(&b, PR_DELIM);
		term_fmt_prompt_start(&le->st->term, &b);
		buf_putc(&b, PR_DELIM);
	}
	buf_puts(&b, body);
	for (size_t i = 0; body[i]; i++) {
		if (body[i] == PR_DELIM)
			in = !in;
		else if (!in && (unsigned char)body[i] >= 0x20 &&
			 (unsigned char)body[i] != 0x7f &&
			 ((unsigned char)body[i] & 0xc0) != 0x80)
			last = i;
	}
	buf_putc(&b, PR_DELIM);
	if (last != (size_t)-1 && (unsigned char)body[last] < 0x7f) {
		buf_putc(&b, body[last]);
		term_fmt_prompt_end(&le->st->term, &b);
		buf_putc(&b, '\b');
	} else {
		term_fmt_prompt_end(&le->st->term, &b);
	}
	buf_putc(&b, PR_DELIM);
	{
		char *fixed = pr_fix_literals(b.s, PR_DELIM);

		buf_free(&b);
		return fixed;
	}
}

static char *prompt_cb(EditLine *el)
{
	struct le *le = NULL;

	el_get(el, EL_CLIENTDATA, &le);
	return le && le->prompt ? le->prompt : (char *)"$ ";
}

/* ---- libedit input -------------------------------------------------- */

/* set -b: a job ended while a line is being typed. Its notice goes on a
 * line of its own (the terminal is in libedit's raw mode: CR LF by hand),
 * then libedit draws the prompt and the half-typed line again below. */
static void async_notices(struct le *le, EditLine *el)
{
	struct sbx_buf b = {0}, o = {0};

	if (!le->cfg.async_notices || !le->cfg.async_notices(le->cfg.ctx, &b) ||
	    !b.len) {
		buf_free(&b);
		return;
	}
	buf_puts(&o, "\r\n");
	for (size_t i = 0; i < b.len; i++) {
		if (b.s[i] == '\n')
			buf_putc(&o, '\r');
		buf_putc(&o, b.s[i]);
	}
	fflush(le->fout);
	if (write(le->cfg.out_fd, o.s, o.len) < 0) {
		/* the terminal is gone: the read fails next */
	}
	el_set(el, EL_REFRESH);
	buf_free(&b);
	buf_free(&o);
}

/* Our own character reader (EL_GETCFN): libedit's gives up on a second
 * EINTR and el_gets() then throws the half-typed line away. Here a
 * SIGCHLD (a background job finishing while the user types) just
 * resumes the read; only Ctrl-C ends it. */
static int getc_cb(EditLine *el, wchar_t *wc)
{
	struct le *le = NULL;
	char buf[MB_LEN_MAX];
	size_t n = 0;

	el_get(el, EL_CLIENTDATA, &le);
	/* The prompt is drawn: now is the time to load the history. */
	hist_ensure(le);
	for (;;) {
		mbstate_t st;
		size_t r;
		ssize_t k = read(le->cfg.in_fd, buf + n, 1);

		if (k < 0 && errno == EINTR) {
			if (le_sigint)
				return -1;
			if (le_sigwinch) {
				le_sigwinch = 0;
				el_resize(el);
			}
			async_notices(le, el);
			continue;
		}
		if (k < 0 && errno == EAGAIN) {
			/* A program left our terminal non-blocking. */
			int fl = fcntl(le->cfg.in_fd, F_GETFL);

			fcntl(le->cfg.in_fd, F_SETFL, fl & ~O_NONBLOCK);
			continue;
		}
		if (k <= 0)
			return k == 0 ? 0 : -1;
		n++;
		memset(&st, 0, sizeof(st));
		r = mbrtowc(wc, buf, n, &st);
		if (r == (size_t)-2 && n < sizeof(buf))
			continue;
		if (r == (size_t)-1 || r == (size_t)-2)
			*wc = (unsigned char)buf[0];
		return 1;
	}
}

static size_t nchars(const char *s, size_t n)
{
	size_t c = 0;
	mbstate_t st;

	memset(&st, 0, sizeof(st));
	for (size_t i = 0; i < n;) {
		size_t k = mbrlen(s + i, n - i, &st);

		if (k == 0 || k > n - i) {
			k = 1;
			memset(&st, 0, sizeof(st));
		}
		i += k;
		c++;
	}
	return c;
}

static void list_candidates(struct le *le, const struct cmp_result *r)
{
	int cols = 80, width = 0, per, rows;
	struct sbx_buf b = {0};
	struct winsize ws;

	if (ioctl(le->cfg.out_fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col)
		cols = ws.ws_col;
	struct sbx_strv shown = {0};

	/* A name is shown escaped (buf_put_shown): a file called
	 * $'\e]0;x\a' or one with invalid UTF-8 must not reach the
	 * terminal raw. */
	for (size_t i = 0; i < r->shown.n; i++) {
		struct sbx_buf e = {0};

		buf_put_shown(&e, r->shown.v[i]);
		strv_take(&shown, e.s);
	}
	for (size_t i = 0; i < shown.n; i++) {
		int w = (int)nchars(shown.v[i], strlen(shown.v[i]));

		if (w > width)
			width = w;
	}
	width += 2;
	per = cols / width > 0 ? cols / width : 1;
	rows = (int)((r->shown.n + (size_t)per - 1) / (size_t)per);
	buf_puts(&b, "\n");
	if (shown.n > 500) {
		buf_printf(&b,
			   "sbxsh: %zu candidates; type more of the "
			   "name\n",
			   shown.n);
		rows = 0;
	}
	/* Column-major, like ls and bash. */
	for (int row = 0; row < rows; row++) {
		for (int col = 0; col < per; col++) {
			size_t i = (size_t)col * (size_t)rows + (size_t)row;

			if (i >= shown.n)
				break;
			buf_puts(&b, shown.v[i]);
			if (col + 1 < per)
				buf_printf(&b, "%*s",
					   width -
					       (int)nchars(shown.v[i],
							   strlen(shown.v[i])),
					   "");
		}
		buf_putc(&b, '\n');
	}
	fflush(le->fout);
	term_write(le->cfg.out_fd, &b);
	buf_free(&b);
	strv_free(&shown);
}

/* How much of |s| the line may take: up to the first byte that could
 * only be shown escaped. libedit cannot hold an invalid UTF-8 byte (its
 * el_insertstr fails, after the typed word was deleted), and a control
 * byte would go raw to the terminal as the line is redrawn. */
static size_t insertable(const char *s)
{
	size_t n = strlen(s), i = 0;

	while (i < n) {
		size_t k = u8_shown_len(s + i, n - i);

		if (!k)
			break;
		i += k;
	}
	return i;
}

static unsigned char complete_cb(EditLine *el, int ch)
{
	struct le *le = NULL;
	const LineInfo *li = el_line(el);
	size_t len = (size_t)(li->lastchar - li->buffer);
	size_t cur = (size_t)(li->cursor - li->buffer);
	struct cmp_result r;
	unsigned char ret = CC_REFRESH;
	SBX_AUTOFREE char *common = NULL;
	SBX_AUTOFREE char *text = xstrndup(li->buffer, len);
	size_t typed;

	(void)ch;
	el_get(el, EL_CLIENTDATA, &le);
	if (!cmp_complete(le->cmp, text, len, cur, &r)) {
		cmp_result_free(&r);
		le->tab_armed = false;
		return CC_REFRESH_BEEP;
	}
	typed = r.end - r.start;
	if (r.insert.n == 1 &&
	    insertable(r.insert.v[0]) < strlen(r.insert.v[0])) {
		/* A name the line cannot hold: what can be typed of it,
		 * and the name itself listed, escaped. */
		size_t k = insertable(r.insert.v[0]);

		if (k > typed) {
			SBX_AUTOFREE char *part = xstrndup(r.insert.v[0], k);

			el_deletestr(el, (int)nchars(text + r.start, typed));
			el_insertstr(el, part);
		}
		list_candidates(le, &r);
		le->tab_armed = false;
		ret = CC_REDISPLAY;
		goto out;
	}
	if (r.insert.n == 1) {
		el_deletestr(el, (int)nchars(text + r.start, typed));
		el_insertstr(el, r.insert.v[0]);
		if (r.final[0])
			el_insertstr(el, " ");
		le->tab_armed = false;
		goto out;
	}
	common = cmp_common(&r);
	common[insertable(common)] = 0;
	if (strlen(common) > typed) {
		/* Still ambiguous: insert what all share and, as bash does,
		 * list on the next TAB. */
		el_deletestr(el, (int)nchars(text + r.start, typed));
		el_insertstr(el, common);
		li = el_line(el);
		le->tab_line.len = 0;
		buf_putn(&le->tab_line, li->buffer,
			 (size_t)(li->lastchar - li->buffer));
		le->tab_cursor = (size_t)(li->cursor - li->buffer);
		le->tab_armed = true;
		ret = CC_REFRESH_BEEP;
		goto out;
	}
	/* Ambiguous and nothing to add: beep, and list on the second TAB
	 * with the line unchanged. */
	if (le->tab_armed && le->tab_cursor == cur && le->tab_line.s &&
	    le->tab_line.len == len && !memcmp(le->tab_line.s, text, len)) {
		list_candidates(le, &r);
		le->tab_armed = false;
		ret = CC_REDISPLAY;
		goto out;
	}
	le->tab_line.len = 0;
	buf_putn(&le->tab_line, text, len);
	le->tab_cursor = cur;
	le->tab_armed = true;
	ret = CC_REFRESH_BEEP;
out:
	cmp_result_free(&r);
	return ret;
}

static void bind_keys(struct le *le)
{
	/* The function once, through the wide call with static strings:
	 * libedit keeps the pointers it is given, and its narrow EL_ADDFN
	 * copies both strings and never frees them ("XXX: The two strdup's
	 * leak", eln.c), again at every `set -o vi` (LeakSanitizer). */
	if (!le->fn_added)
		el_wset(le->el, EL_ADDFN, L"sbx-complete", L"complete a word",
			complete_cb);
	le->fn_added = true;
	el_set(le->el, EL_BIND, "^I", "sbx-complete", NULL);
}

static int apply_mode(struct le *le, const char *mode)
{
	if (strcmp(mode, "vi") && strcmp(mode, "emacs"))
		return -EINVAL;
	if (mode != le->mode)
		snprintf(le->mode, sizeof(le->mode), "%s", mode);
	if (le->el) {
		/* Changing the editor resets the key maps: bind TAB again. */
		el_set(le->el, EL_EDITOR, mode);
		bind_keys(le);
	}
	return 0;
}

/* Queues |s| (|n| bytes): a recalled multi-line entry comes back from
 * el_gets() whole, and the parser takes it one line at a time. */
static void queue(struct le *le, const char *s, size_t n)
{
	le->pend.len = 0;
	buf_putn(&le->pend, s, n);
	le->pend_off = 0;
}

static const char *next_pending(struct le *le, size_t *len)
{
	const char *p, *nl;
	size_t n;

	if (le->pend_off >= le->pend.len)
		return NULL;
	p = le->pend.s + le->pend_off;
	nl = memchr(p, '\n', le->pend.len - le->pend_off);
	n = nl ? (size_t)(nl - p) + 1 : le->pend.len - le->pend_off;
	le->line.len = 0;
	buf_putn(&le->line, p, n);
	le->pend_off += n;
	*len = n;
	return le->line.s;
}

/* The terminal does not echo: a program drives the shell (pexpect spawns
 * with echo=False, and so does replwrap) and wants no copy of what it
 * sent. libedit would draw the typed line whatever ECHO says, and turns
 * ECHO back on for the commands it runs; bash's readline does neither,
 * so such a shell gets the plain reader, which leaves the modes alone. */
static bool tty_echoes(int fd)
{
	struct termios t;

	return tcgetattr(fd, &t) < 0 || (t.c_lflag & ECHO);
}

/* Ctrl-C at a prompt dropped the line: |echo| ends it on the screen, the
 * shell hears of it ($? 130). At PS1 the caller prompts again; inside a
 * PS2 command the returned empty line, with the reader marked
 * interrupted (input.h), makes the parser drop the whole command. */
static const char *prompt_interrupted(struct sh_reader *r, const char *echo,
				      bool cont, size_t *len)
{
	struct le *le = r->priv;

	if (write(le->cfg.out_fd, echo, strlen(echo)) < 0) {
		/* the terminal is gone; EOF comes next */
	}
	le->tab_armed = false;
	if (le->cfg.interrupted)
		le->cfg.interrupted(le->cfg.ctx);
#ifdef SH_READER_INTERRUPTED
	if (cont)
		r->interrupted = true;
#endif
	le->line.len = 0;
	buf_puts(&le->line, "\n");
	*len = 1;
	return le->line.s;
}

static const char *edit_read(struct sh_reader *r, bool cont, size_t *len)
{
	struct le *le = r->priv;
	const char *s;
	int count = 0;
	struct sigaction sa = {0}, old_int, old_winch, old_chld;
	bool chld;

	if ((s = next_pending(le, len)))
		return s;

	for (;;) {
		if (!cont) {
			before_ps1(le);
			fresh_line(le);
		}
		free(le->prompt);
		le->prompt = edit_prompt(le, cont);
		sa.sa_handler = on_sigint;
		sigemptyset(&sa.sa_mask);
		sa.sa_flags = 0; /* no SA_RESTART: Ctrl-C must end the read */
		le_sigint = 0;
		sigaction(SIGINT, &sa, &old_int);
		sa.sa_handler = on_sigwinch;
		sigaction(SIGWINCH, &sa, &old_winch);
		/* set -b: the shell's own SIGCHLD handler, but interrupting
		 * the key read (getc_cb prints the notices, then redraws). */
		chld = le->cfg.async_notices &&
		       le->cfg.async_notices(le->cfg.ctx, NULL) &&
		       sigaction(SIGCHLD, NULL, &old_chld) == 0 &&
		       old_chld.sa_handler != SIG_DFL &&
		       old_chld.sa_handler != SIG_IGN;
		if (chld) {
			struct sigaction nr = old_chld;

			nr.sa_flags &= ~SA_RESTART;
			sigaction(SIGCHLD, &nr, NULL);
		}
		el_resize(le->el);
		s = el_gets(le->el, &count);
		sigaction(SIGINT, &old_int, NULL);
		sigaction(SIGWINCH, &old_winch, NULL);
		if (chld)
			sigaction(SIGCHLD, &old_chld, NULL);
		if (s && count > 0)
			break;
		if (le_sigint) {
			fflush(le->fout);
			le->entry.len = 0;
			if (!cont) {
				prompt_interrupted(r, "^C\n", cont, len);
				continue;
			}
			return prompt_interrupted(r, "^C\n", cont, len);
		}
		return NULL; /* EOF (Ctrl-D on an empty line) or error */
	}
	{
		size_t n = (size_t)count;
		struct sbx_buf xb = {0};
		int hx = hist_expand_line(le, &s, &n, &xb);

		if (hx < 0) {
			s = "\n";
			n = 1;
		} else {
			hist_add(le, s, n - (s[n - 1] == '\n'), cont);
		}
		if (hx == 2) { /* :p: recorded as bash does, not run */
			s = "\n";
			n = 1;
		}
		if (!blank(s, n))
			le->accepted = true;
		le->tab_armed = false;
		queue(le, s, n);
		buf_free(&xb);
	}
	return next_pending(le, len);
}

static void edit_sync(struct sh_reader *r)
{
	struct le *le = r->priv;
	struct sbx_buf b = {0};

	if (le->plain && le->plain->sync)
		le->plain->sync(le->plain);
	if (!le->accepted || le->cmd_started)
		return;
	term_fmt_cmd_start(&le->st->term, &b);
	term_write(le->cfg.out_fd, &b);
	buf_free(&b);
	le->cmd_started = true;
}

/* ---- the plain reader ----------------------------------------------- */

static const char *plain_read(struct sh_reader *r, bool cont, size_t *len)
{
	struct le *le = r->priv;
	struct sbx_buf b = {0};
	SBX_AUTOFREE char *ps = NULL;
	const char *s;

	struct sigaction sa = {0}, old_int;

	for (;;) {
		if (!cont)
			before_ps1(le);
		free(ps);
		ps = pr_render(&le->pctx, cont);
		if (!cont)
			term_fmt_prompt_start(&le->st->term, &b);
		buf_puts(&b, ps);
		term_fmt_prompt_end(&le->st->term, &b);
		term_write(le->cfg.out_fd, &b);
		buf_free(&b);
		/* Ctrl-C ends the read (no SA_RESTART) and drops the line,
		 * as with libedit (edit_read) */
		sa.sa_handler = on_sigint;
		sigemptyset(&sa.sa_mask);
		le_sigint = 0;
		sigaction(SIGINT, &sa, &old_int);
		s = le->plain->read_line(le->plain, cont, len);
		sigaction(SIGINT, &old_int, NULL);
		if (s || !le_sigint)
			break;
		/* the terminal echoed ^C (ECHOCTL), not the newline */
		if (!cont) {
			prompt_interrupted(r, "\n", cont, len);
			continue;
		}
		return prompt_interrupted(r, "\n", cont, len);
	}
	if (!s)
		return NULL;
	hist_add(le, s, *len - (s[*len - 1] == '\n'), cont);
	if (!blank(s, *len))
		le->accepted = true;
	return s;
}

/* ---- life cycle ----------------------------------------------------- */

static void le_destroy(struct sh_reader *r)
{
	struct le *le = r->priv;

	if (le->st->active == le)
		le->st->active = NULL;
	if (le->el)
		el_end(le->el);
	if (le->hist)
		history_end(le->hist);
	if (le->fin)
		fclose(le->fin);
	if (le->fout)
		fclose(le->fout);
	in_free(le->plain);
	cmp_free(le->cmp);
	if (le->hist_fd >= 0)
		close(le->hist_fd);
	free(le->prompt);
	buf_free(&le->pend);
	buf_free(&le->line);
	buf_free(&le->entry);
	buf_free(&le->tab_line);
	hx_mem_free(&le->hxmem);
	free(le);
}

/* Our own fds live in the shell's range (SBX_FD_PRIVATE and up), as dash
 * keeps its own above 10: `exec 3>f` in the session must not land on the
 * history file or the terminal. */
static int move_high(int fd)
{
	return out_fd_private(fd);
}

static FILE *dup_file(int fd, const char *mode)
{
	int d = out_fd_private(dup(fd));
	FILE *f;

	if (d < 0)
		return NULL;
	if (!(f = fdopen(d, mode)))
		close(d);
	return f;
}

static bool setup_editline(struct le *le)
{
	le->fin = dup_file(le->cfg.in_fd, "r");
	le->fout = dup_file(le->cfg.out_fd, "w");
	if (!le->fin || !le->fout)
		return false;
	/* Read keys and write marks through our own copies: a later
	 * `exec 2>/dev/null` must not hide the prompt's marks from the
	 * terminal the prompt itself still goes to. */
	le->cfg.in_fd = fileno(le->fin);
	le->cfg.out_fd = fileno(le->fout);
	le->el = el_init(le->cfg.prog ? le->cfg.prog : "sbxsh", le->fin,
			 le->fout, le->fout);
	if (!le->el)
		return false;
	el_set(le->el, EL_CLIENTDATA, le);
	el_set(le->el, EL_PROMPT_ESC, prompt_cb, PR_DELIM);
	el_set(le->el, EL_HIST, history, le->hist);
	el_set(le->el, EL_GETCFN, getc_cb);
	el_set(le->el, EL_SIGNAL, 0); /* the shell owns the signals */
	el_set(le->el, EL_EDITMODE, 1);
	apply_mode(le, le->mode);
	/* ~/.editrc (or $EDITRC), as every libedit program reads it; its
	 * bindings win over ours. */
	el_source(le->el, NULL);
	return true;
}

struct sh_reader *le_reader(const struct le_config *cfg)
{
	struct sh_reader *r = xcalloc(1, sizeof(*r));
	struct le *le = xcalloc(1, sizeof(*le));
	struct term_facts tf = {0};
	bool tty_in = isatty(cfg->in_fd), tty_out = isatty(cfg->out_fd);
	unsigned keep = cfg->hist_size ? cfg->hist_size : LE_HIST_DEFAULT;

	le->cfg = *cfg;
	le->st = cfg->st;
	/* 0..2 are never a history file: a zeroed config means none. */
	le->hist_fd = cfg->hist_fd > 2 ? move_high(cfg->hist_fd) : -1;
	snprintf(le->mode, sizeof(le->mode), "%s",
		 cfg->mode ? cfg->mode : default_mode(cfg->st));
	tf.term = getenv("TERM");
	tf.no_color = getenv("NO_COLOR");
	tf.out_tty = tty_out;
	tf.interactive = true;
	tf.agent = cfg->agent;
	term_init(&le->st->term, &tf);
	le->pctx = cfg->prompt;
	le->pctx.agent = cfg->agent;
	le->pctx.colour = term_colour(&le->st->term);
	le->record = tty_in;
	le->cmp = cmp_new(&cfg->complete);
	r->priv = le;
	r->destroy = le_destroy;
	r->sync = edit_sync;
	le->st->active = le;

	le->hist = history_init();
	history(le->hist, &le->ev, H_SETSIZE, (int)keep);
	history(le->hist, &le->ev, H_SETUNIQUE, 1);
	le->hist_keep = keep;

	if (!cfg->plain && tty_in && tty_out && !term_dumb(&le->st->term) &&
	    tty_echoes(cfg->in_fd)) {
		/* libedit needs the user's LC_CTYPE to draw UTF-8. */
		setlocale(LC_CTYPE, "");
		le->pctx.delim = PR_DELIM;
		if (setup_editline(le)) {
			r->read_line = edit_read;
			return r;
		}
		if (le->el)
			el_end(le->el);
		le->el = NULL;
	}
	le->pctx.delim = 0;
	le->plain = in_fd(cfg->in_fd, true, false);
	in_fd_intr(le->plain, &le_sigint);
	r->read_line = plain_read;
	return r;
}

bool le_is_editing(const struct sh_reader *r)
{
	return r && r->read_line == edit_read;
}

int le_set_mode(struct le_state *st, struct sh_reader *r, const char *mode)
{
	struct le *le = r ? r->priv : st->active;

	if (strcmp(mode, "vi") && strcmp(mode, "emacs"))
		return -EINVAL;
	snprintf(st->default_mode, sizeof(st->default_mode), "%s", mode);
	return le ? apply_mode(le, mode) : 0;
}

const char *le_mode(const struct le_state *st, const struct sh_reader *r)
{
	const struct le *le = r ? r->priv : st->active;

	return le ? le->mode : default_mode(st);
}

/* history -d N: entry N of the list `history` shows goes from the list
 * and from the file (a secret typed by mistake must not stay on disk). */
static int hist_delete(struct le *le, const char *arg, struct sbx_buf *out)
{
	SBX_AUTOFREE char *text = NULL;
	HistEvent ev;
	char *end;
	long want = strtol(arg, &end, 10), i = 0;
	int num = -1, rc;

	if (!*arg || *end) {
		buf_printf(out, "history: %s: not a number\n", arg);
		return 2;
	}
	if (le && le->hist) {
		hist_ensure(le);
		/* libedit's H_LAST is the oldest entry, H_PREV walks newer */
		if (history(le->hist, &ev, H_LAST) == 0) {
			do
				if (++i == want) {
					num = ev.num;
					text = xstrdup(ev.str);
					break;
				}
			while (history(le->hist, &ev, H_PREV) == 0);
		}
	}
	if (!text) {
		buf_printf(out, "history: %s: history position out of range\n",
			   arg);
		return 1;
	}
	/* libedit's H_DEL hands back a strdup() of the entry it removed
	 * (history_def_del): ours to free */
	if (history(le->hist, &ev, H_DEL, num) == 0)
		free((void *)ev.str);
	rc = hf_delete(le->hist_fd, text);
	if (rc < 0 && rc != -ENOENT && rc != -EBADF) {
		buf_printf(out, "history: %s: not removed from the file: %s\n",
			   arg, strerror(-rc));
		return 1;
	}
	return 0;
}

int le_history_bi(struct le_state *st, int argc, char **argv,
		  struct sbx_buf *out)
{
	struct le *le = st->active;
	struct sbx_strv all = {0};
	long last = -1;
	HistEvent ev;
	size_t first;

	if (argc == 3 && !strcmp(argv[1], "-d"))
		return hist_delete(le, argv[2], out);
	if (argc > 2 || (argc == 2 && (!strcmp(argv[1], "--help") ||
				       !strcmp(argv[1], "-d")))) {
		buf_puts(out, "usage: history [-c | -d N | N]\n");
		return 2;
	}
	if (argc == 2 && !strcmp(argv[1], "-c")) {
		int rc = 0;

		if (le && le->hist) {
			le->hist_loaded = true;
			history(le->hist, &ev, H_CLEAR);
			rc = hf_clear(le->hist_fd);
		}
		if (rc < 0 && rc != -EBADF) {
			buf_printf(out,
				   "history: -c: the file was not emptied: "
				   "%s\n",
				   strerror(-rc));
			return 1;
		}
		return 0;
	}
	if (argc == 2) {
		char *end;

		last = strtol(argv[1], &end, 10);
		if (*end || last < 0) {
			buf_printf(out, "history: %s: not a number\n", argv[1]);
			return 2;
		}
	}
	if (!le || !le->hist)
		return 0;
	hist_ensure(le);
	/* libedit's H_LAST is the oldest entry, H_PREV walks to newer. */
	if (history(le->hist, &ev, H_LAST) == 0) {
		do
			strv_push(&all, ev.str);
		while (history(le->hist, &ev, H_PREV) == 0);
	}
	first = last >= 0 && (size_t)last < all.n ? all.n - (size_t)last : 0;
	for (size_t i = first; i < all.n; i++) {
		buf_printf(out, "%5zu  ", i + 1);
		for (const char *p = all.v[i]; *p; p++) {
			buf_putc(out, *p);
			if (*p == '\n')
				buf_puts(out, "       ");
		}
		buf_putc(out, '\n');
	}
	strv_free(&all);
	return 0;
}
