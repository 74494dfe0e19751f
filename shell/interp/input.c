/* shell/interp/input.c — line readers for the parser: strings, files and stdin.
 */
#include "input.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sbx.h"

struct in_str {
	char *s;
	size_t len, pos;
};

static const char *str_read(struct sh_reader *r, bool cont, size_t *len)
{
	struct in_str *st = r->priv;
	const char *nl, *p;

	if (st->pos >= st->len)
		return NULL;
	p = st->s + st->pos;
	nl = memchr(p, '\n', st->len - st->pos);
	*len = nl ? (size_t)(nl - p) + 1 : st->len - st->pos;
	st->pos += *len;
	return p;
}

static void str_destroy(struct sh_reader *r)
{
	struct in_str *st = r->priv;

	free(st->s);
	free(st);
}

struct sh_reader *in_string(const char *s, size_t len)
{
	struct sh_reader *r = xcalloc(1, sizeof(*r));
	struct in_str *st = xcalloc(1, sizeof(*st));

	st->s = xmalloc(len + 1);
	memcpy(st->s, s, len);
	st->s[len] = 0;
	st->len = len;
	r->priv = st;
	r->read_line = str_read;
	r->destroy = str_destroy;
	return r;
}

struct in_fd {
	const volatile sig_atomic_t *intr; /* in_fd_intr() */
	int fd;
	bool share, own, seekable, eof;
	bool tty;  /* a terminal's EOF (Ctrl-D) is not the end: not latched */
	char *buf; /* read-ahead */
	size_t len, pos, cap;
	struct sbx_buf line;
};

static ssize_t fd_read(int fd, char *b, size_t n)
{
	ssize_t k;

	do
		k = read(fd, b, n);
	while (k < 0 && errno == EINTR);
	return k;
}

static const char *fd_readline(struct sh_reader *r, bool cont, size_t *len)
{
	struct in_fd *st = r->priv;
	char c;

	st->line.len = 0;
	if (st->line.s)
		st->line.s[0] = 0;
	for (;;) {
		if (st->pos < st->len) {
			char *p = st->buf + st->pos;
			char *nl = memchr(p, '\n', st->len - st->pos);
			size_t n =
			    nl ? (size_t)(nl - p) + 1 : st->len - st->pos;

			buf_putn(&st->line, p, n);
			st->pos += n;
			if (nl)
				break;
			continue;
		}
		if (st->eof)
			break;
		if (st->share && !st->seekable) {
			/* A pipe shared with the commands we run: take one byte
			 * at a time so `read` in the script sees the rest. */
			ssize_t k;

			if (r->pre_read)
				r->pre_read(r->pre_ctx);
			do
				k = read(st->fd, &c, 1);
			while (k < 0 && errno == EINTR &&
			       !(st->intr && *st->intr));
			if (k < 0 && errno == EINTR) {
				/* Ctrl-C: the line is dropped (in_fd_intr) */
				st->line.len = 0;
				return NULL;
			}
			if (k <= 0) {
				st->eof = !st->tty;
				break;
			}
			buf_putc(&st->line, c);
			if (c == '\n')
				break;
			continue;
		}
		if (!st->cap) {
			st->cap = 8192;
			st->buf = xmalloc(st->cap);
		}
		if (r->pre_read)
			r->pre_read(r->pre_ctx);
		ssize_t k = fd_read(st->fd, st->buf, st->cap);

		if (k <= 0) {
			st->eof = !st->tty;
			break;
		}
		st->len = (size_t)k;
		st->pos = 0;
	}
	if (!st->line.len)
		return NULL;
	*len = st->line.len;
	return st->line.s;
}

static void fd_sync(struct sh_reader *r)
{
	struct in_fd *st = r->priv;

	if (st->share && st->seekable && st->pos < st->len) {
		lseek(st->fd, -(off_t)(st->len - st->pos), SEEK_CUR);
		st->pos = st->len = 0;
	}
}

static void fd_destroy(struct sh_reader *r)
{
	struct in_fd *st = r->priv;

	if (st->own)
		close(st->fd);
	free(st->buf);
	buf_free(&st->line);
	free(st);
}

struct sh_reader *in_fd(int fd, bool share, bool own)
{
	struct sh_reader *r = xcalloc(1, sizeof(*r));
	struct in_fd *st = xcalloc(1, sizeof(*st));

	st->fd = fd;
	st->share = share;
	st->own = own;
	st->seekable = lseek(fd, 0, SEEK_CUR) >= 0;
	st->tty = isatty(fd);
	r->priv = st;
	/* Only a seekable shared fd has read-ahead to give back. */
	r->lazy_sync = share && st->seekable;
	r->read_line = fd_readline;
	r->sync = fd_sync;
	r->destroy = fd_destroy;
	return r;
}

void in_fd_intr(struct sh_reader *r, const volatile sig_atomic_t *flag)
{
	struct in_fd *st = r->priv;

	st->intr = flag;
}

void in_free(struct sh_reader *r)
{
	if (!r)
		return;
	if (r->destroy)
		r->destroy(r);
	free(r);
}

int in_slurp(int fd, char **out, size_t *len)
{
	struct sbx_buf b = {0};
	char tmp[65536];
	ssize_t k;

	buf_putn(&b, "", 0);
	while ((k = fd_read(fd, tmp, sizeof(tmp))) > 0)
		buf_putn(&b, tmp, (size_t)k);
	if (k < 0) {
		int e = -errno;

		buf_free(&b);
		return e;
	}
	*out = b.s;
	*len = b.len;
	return 0;
}
