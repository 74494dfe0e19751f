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

/* ---- history file --------------------------------------------------- */

void le_hist_encode(struct sbx_buf *b, const char *line, size_t n, bool cont)
{
	if (cont)
		buf_puts(b, "\\c");
	for (size_t i = 0; i < n; i++) {
		if (line[i] == '\\')
			buf_puts(b, "\\\\");
		else if (line[i] == '\n')
			buf_puts(b, "\\n");
		else
			buf_putc(b, line[i]);
	}
	buf_putc(b, '\n');
}

void le_hist_decode(const char *text, size_t len, unsigned keep,
		    struct sbx_strv *out)
{
	struct sbx_strv all = {0};
	size_t i = 0, first;

	while (i < len) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t end = nl ? (size_t)(nl - text) : len;
		bool cont =
		    end - i >= 2 && text[i] == '\\' && text[i + 1] == 'c';
		size_t st = i + (cont ? 2 : 0);
		struct sbx_buf e = {0};

		if (!memchr(text + st, '\\', end - st)) {
			/* The common case: nothing escaped, one copy. */
			e.s = xstrndup(text + st, end - st);
			e.len = end - st;
		} else {
			buf_puts(&e, "");
			for (size_t k = st; k < end; k++) {
				if (text[k] == '\\' && k + 1 < end) {
					k++;
					buf_putc(&e, text[k] == 'n' ? '\n'
								    : text[k]);
				} else {
					buf_putc(&e, text[k]);
				}
			}
		}
		if (cont && all.n) {
			char *joined =
			    xasprintf("%s\n%s", all.v[all.n - 1], e.s);

			free(all.v[all.n - 1]);
			all.v[all.n - 1] = joined;
			buf_free(&e);
		} else if (e.len) {
			strv_take(&all, e.s);
		} else {
			buf_free(&e);
		}
		i = end + 1;
	}
	first = keep && all.n > keep ? all.n - keep : 0;
	for (i = first; i < all.n; i++)
		strv_push(out, all.v[i]);
	strv_free(&all);
}

static int read_all(int fd, struct sbx_buf *b)
{
	char tmp[65536];
	off_t off = 0;
	ssize_t k;

	buf_puts(b, "");
	while ((k = pread(fd, tmp, sizeof(tmp), off)) != 0) {
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return -errno;
		buf_putn(b, tmp, (size_t)k);
		off += k;
	}
	return 0;
}

/* Keeps the newest |keep| entries when the file has more than twice that:
 * rewriting on every start would cost more than the file is worth. Runs
 * under LOCK_EX, so a second session appending (under LOCK_SH) waits.
 *
 * The file is rewritten in place, not replaced by a rename: a session
 * already open keeps appending through its descriptor, and inside the
 * sandbox it cannot open the (masked) file again, so its lines would go
 * to an unlinked inode. A write that fails after the truncation (EIO,
 * ENOSPC) must not lose the history either (faults.sh): the compacted
 * text is first written whole to |file|.compact, the original is put
 * back if the rewrite fails, and only if that fails too does the copy
 * replace the file. Returns the descriptor to use from now on: |fd|, or
 * the copy's after that last resort. */
static int hist_compact(int fd, unsigned keep, const char *file)
{
	SBX_AUTOFREE char *tmp = NULL;
	int tfd = -1;
	struct sbx_buf all = {0}, out = {0};
	struct sbx_strv ents = {0};

	size_t nrec = 0;

	if (read_all(fd, &all) < 0)
		goto out;
	/* Count entries without decoding them: the usual start-up. */
	for (const char *p = all.s, *e = all.s + all.len; p < e;) {
		const char *nl = memchr(p, '\n', (size_t)(e - p));

		nrec += !(e - p >= 2 && p[0] == '\\' && p[1] == 'c');
		p = nl ? nl + 1 : e;
	}
	if (nrec <= 2 * (size_t)keep)
		goto out;
	le_hist_decode(all.s, all.len, 0, &ents);
	buf_puts(&out, "");
	for (size_t i = ents.n - keep; i < ents.n; i++) {
		/* Multi-line entries go back as a first record plus "\c"
		 * continuations, the way they were written. */
		const char *s = ents.v[i];
		bool cont = false;

		for (;;) {
			const char *nl = strchr(s, '\n');
			size_t n = nl ? (size_t)(nl - s) : strlen(s);

			le_hist_encode(&out, s, n, cont);
			cont = true;
			if (!nl)
				break;
			s = nl + 1;
		}
	}
	tmp = xasprintf("%s.compact", file);
	tfd = open(tmp,
		   O_RDWR | O_APPEND | O_CREAT | O_TRUNC | O_CLOEXEC |
		       O_NOFOLLOW | O_NONBLOCK | O_NOCTTY,
		   0600);
	if (tfd < 0)
		goto out;
	if (out_write(tfd, out.s, out.len) < 0)
		goto drop; /* nothing changed: compacted another time */
	if (ftruncate(fd, 0) == 0 && out_write(fd, out.s, out.len) == 0)
		goto drop;
	/* The rewrite failed half-way: the original back, else the copy. */
	if (ftruncate(fd, 0) == 0 && out_write(fd, all.s, all.len) == 0)
		goto drop;
	if (FLT("rename", rename(tmp, file)) == 0) {
		close(fd);
		fd = tfd;
		tfd = -1;
		goto out;
	}
drop:
	unlink(tmp);
out:
	if (tfd >= 0)
		close(tfd);
	buf_free(&all);
	buf_free(&out);
	strv_free(&ents);
	return fd;
}

/*
 * flock() that gives up: |op| | LOCK_NB, retried for about 100 ms. Any
 * process that can read the history file can flock() it and never let
 * go; a blocking lock would then hang the next session's start (before
 * confinement) or every prompt. The history folder is masked inside the
 * sandbox, so no job can open it; this is for whatever else can.
 */
static bool hist_lock(int fd, int op)
{
	for (int i = 0; i < 20; i++) {
		if (FLT("flock", flock(fd, op | LOCK_NB)) == 0)
			return true;
		if (errno != EWOULDBLOCK && errno != EINTR)
			return false;
		usleep(5000);
	}
	return false;
}

int le_open_history(const char *workflow_id, unsigned keep, char **path,
		    struct sbx_diag *diag)
{
	SBX_AUTOFREE char *dir = ses_state_dir();
	SBX_AUTOFREE char *file = NULL;
	struct stat st;
	int fd, rc;

	if (!workflow_id || !*workflow_id || strchr(workflow_id, '/'))
		return sbx_diag_set(diag, -EINVAL, "history: bad workflow id");
	if (!dir)
		return sbx_diag_set(diag, -ENOENT,
				    "history: neither XDG_STATE_HOME nor HOME");
	if ((rc = ses_mkdir_p(dir, 0700)) < 0)
		return sbx_diag_set(diag, rc, "history: cannot create %s: %s",
				    dir, strerror(-rc));
	file = xasprintf("%s/%s.history", dir, workflow_id);
	/* O_NONBLOCK: a FIFO put in its place must not hang the start-up
	 * (it is refused below, by the type of what was opened). */
	fd = open(file,
		  O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW |
		      O_NONBLOCK | O_NOCTTY,
		  0600);
	if (fd < 0)
		return sbx_diag_set(diag, -errno, "history: cannot open %s: %s",
				    file, strerror(errno));
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return sbx_diag_set(diag, -EINVAL,
				    "history: %s is not a regular file", file);
	}
	if (hist_lock(fd, LOCK_EX)) {
		int nfd = hist_compact(fd, keep ? keep : LE_HIST_DEFAULT, file);

		if (nfd == fd)
			flock(fd, LOCK_UN);
		fd = nfd; /* else the old one was closed, its lock with it */
	}
	if (path)
		*path = sbx_steal(&file);
	return fd;
}

/* Appends one record with a single write(): O_APPEND makes it land whole
 * at the end even with another session writing, and nothing is buffered,
 * so a kill -9 right after Enter loses nothing. */
static void hist_write(struct le *le, const char *s, size_t n, bool cont)
{
	struct sbx_buf b = {0};
	bool locked;

	if (le->hist_fd < 0)
		return;
	le_hist_encode(&b, s, n, cont);
	/* Without the lock too: one O_APPEND write lands whole, and losing
	 * the line to a stuck lock would be worse than racing a compaction. */
	locked = hist_lock(le->hist_fd, LOCK_SH);
	out_write(le->hist_fd, b.s, b.len);
	if (locked)
		flock(le->hist_fd, LOCK_UN);
	buf_free(&b);
}

static bool blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n')
			return false;
	return true;
}

static void hist_ensure(struct le *le);

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
	locked = hist_lock(le->hist_fd, LOCK_SH);
	read_all(le->hist_fd, &all);
	if (locked)
		flock(le->hist_fd, LOCK_UN);
	le_hist_decode(all.s ? all.s : "", all.len, keep, &ents);
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
	hist_add(le, s, (size_t)count - (s[count - 1] == '\n'), cont);
	if (!blank(s, (size_t)count))
		le->accepted = true;
	le->tab_armed = false;
	queue(le, s, (size_t)count);
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

int le_history_bi(struct le_state *st, int argc, char **argv,
		  struct sbx_buf *out)
{
	struct le *le = st->active;
	struct sbx_strv all = {0};
	long last = -1;
	HistEvent ev;
	size_t first;

	if (argc > 2 || (argc == 2 && !strcmp(argv[1], "--help"))) {
		buf_puts(out, "usage: history [-c | N]\n");
		return 2;
	}
	if (argc == 2 && !strcmp(argv[1], "-c")) {
		if (le && le->hist) {
			le->hist_loaded = true;
			history(le->hist, &ev, H_CLEAR);
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
