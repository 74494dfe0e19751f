/* shell/proxy/relay.c — the proxy's zero-copy relay (relay.h).
 *
 * Each direction has a pipe: splice(2) moves what the source socket
 * received into it and from it to the destination socket, so the bytes
 * stay in the kernel's pages. Read into the proxy's buffers and written
 * out again, every byte was copied twice more and the proxy (a third
 * busy process next to the client and the server) held a 200 MiB
 * download to 0.4-0.6x of its direct speed (tests/bench/bench-proxy.sh).
 *
 * The bounds stay those of the buffered relay: a direction holds at most
 * the pipe's capacity, and its source is read only when its pipe is
 * empty, so a destination that does not read pauses the source instead
 * of growing anything (and a level-triggered read event cannot spin on a
 * full pipe). Where no pipe worth splicing through can be had, a buffer
 * of the proxy's own takes the pipe's place under the same rules
 * (mem_init()).
 */
#include "relay.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* Fills of a pipe per wake-up: a fast pair of sockets must not keep the
 * loop from every other connection. */
#define RL_ROUNDS 4
/* A direction that has moved RL_BULK bytes is a bulk transfer: its pipe
 * grows to RL_BIG, so each wake-up of the proxy moves up to 8 times more
 * (on two shared cores the three processes of a download through the
 * proxy mostly wait for a core, and each hand-off is a wait; the proxy's
 * CPU per 200 MiB halved in tests/bench/bench-proxy.sh). At most RL_NBIG
 * pipes at once: their capacity counts against the user's pipe budget
 * (/proc/sys/fs/pipe-user-pages-soft, 64 MiB by default, shared with every
 * process of the user), and a job opening downloads without end must not
 * spend it for the user's other programs. */
#define RL_BULK (1024 * 1024)
#define RL_BIG (1024 * 1024)
#define RL_NBIG 16
/* The smallest pipe worth splicing through. Once the user's pipe budget
 * is spent (by any of their processes, or by a job's many connections),
 * the kernel gives a new pipe two pages and refuses to grow it (EPERM:
 * the proxy holds no CAP_SYS_RESOURCE): every splice then moves 8 KiB,
 * and a 200 MiB download cost the proxy 0.25 s of CPU instead of 0.07 s
 * (tests/bench/bench-proxy.sh with the budget held by another process).
 * Buffers of the proxy's own move 128 KiB per call instead (mem_init()). */
#define RL_MIN (64 * 1024)
/* The capacity of all the proxy's relay pipes together, at most: the
 * RL_NBIG grown ones and 32 connections' pair of 128 KiB. Without it a
 * job holding 512 connections open held 128 MiB of pipes, twice the
 * user's default budget (pipe-user-pages-soft, 64 MiB), and every other
 * program of the user, outside the sandbox too, got two-page pipes
 * that cannot grow. A connection past it is relayed through buffers
 * whose memory is the proxy's own and bounded (mem_init()). */
#define RL_BUDGET (RL_NBIG * RL_BIG + 32 * 2 * 128 * 1024)

static unsigned nbig;	  /* pipes grown to RL_BIG, live */
static size_t pipe_bytes; /* the capacity of every live relay pipe */

/* No pipe to be had (|e|): each direction gets a buffer of the proxy's
 * own instead, of |cap| bytes (or what waits, if more), read into and
 * written from with the same rules as a pipe. One read and one write
 * per |cap| bytes, and the same few epoll changes as the splice relay:
 * the bufferevents' relay it replaces changed its events four times per
 * 128 KiB (a quarter of the proxy's system calls with the budget
 * spent). */
static int mem_init(struct rl_relay *r, size_t cap, const size_t *need, int e)
{
	for (int d = 0; d < 2; d++) {
		size_t sz = need[d] > cap ? need[d] : cap;

		r->h[d].buf = malloc(sz);
		if (!r->h[d].buf) {
			rl_free(r);
			return e;
		}
		r->h[d].cap = sz;
	}
	return 0;
}

int rl_init(struct rl_relay *r, int cli, int up, size_t cap, size_t need0,
	    size_t need1)
{
	size_t need[2] = {need0, need1};
	int p[2], e;

	memset(r, 0, sizeof(*r));
	r->fd[0] = cli;
	r->fd[1] = up;
	r->body_left = -1;
	for (int d = 0; d < 2; d++) {
		r->h[d].pr = r->h[d].pw = -1;
		r->h[d].r = r;
		r->h[d].dir = d;
	}
	if (pipe_bytes + 2 * cap > RL_BUDGET)
		return mem_init(r, cap, need, -ENOBUFS);
	for (int d = 0; d < 2; d++) {
		int sz;

		if (pipe2(p, O_NONBLOCK | O_CLOEXEC) < 0) {
			e = -errno;
			goto fail;
		}
		r->h[d].pr = p[0];
		r->h[d].pw = p[1];
		/* Best effort: past the user's pipe budget
		 * (/proc/sys/fs/pipe-user-pages-soft) a pipe stays small */
		(void)fcntl(p[1], F_SETPIPE_SZ, (int)cap);
		sz = fcntl(p[1], F_GETPIPE_SZ);
		if (sz > 0) {
			r->h[d].held = (size_t)sz;
			pipe_bytes += (size_t)sz;
		}
		if (sz <= 0 || (size_t)sz < need[d] ||
		    (size_t)sz < (cap < RL_MIN ? cap : RL_MIN)) {
			e = -ENOBUFS;
			goto fail;
		}
		r->h[d].cap = (size_t)sz < cap ? (size_t)sz : cap;
	}
	return 0;
fail:
	rl_free(r);
	return mem_init(r, cap, need, e);
}

int rl_prefill(struct rl_relay *r, int dir, struct evbuffer *src)
{
	struct rl_half *h = &r->h[dir];

	if (h->buf) {
		int k = evbuffer_remove(src, h->buf + h->n, h->cap - h->n);

		if (k < 0 || evbuffer_get_length(src))
			return -EIO;
		h->n += (size_t)k;
		return 0;
	}
	while (evbuffer_get_length(src)) {
		int k = evbuffer_write(src, h->pw);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return k < 0 ? -errno : -EIO;
		h->n += (size_t)k;
	}
	return 0;
}

static bool may_read(const struct rl_relay *r, int d)
{
	return !r->h[d].eof && !(d == 0 && r->body_left == 0);
}

static bool finished(const struct rl_relay *r)
{
	if (r->one_request)
		return r->h[1].shut;
	return r->h[0].shut && r->h[1].shut;
}

/* The events a direction waits for: its destination while its pipe holds
 * bytes, else its source. */
static void arm(struct rl_half *h)
{
	if (h->n) {
		event_del(h->rd);
		event_add(h->wr, NULL);
		return;
	}
	event_del(h->wr);
	if (may_read(h->r, h->dir))
		event_add(h->rd, NULL);
	else
		event_del(h->rd);
}

static void pump(struct rl_half *h)
{
	struct rl_relay *r = h->r;
	int d = h->dir, src = r->fd[d], dst = r->fd[!d], err = 0;
	unsigned rounds = 0;

	for (;;) {
		size_t want;
		ssize_t k;

		while (h->n) {
			if (h->buf)
				k = send(dst, h->buf + h->off, h->n,
					 MSG_NOSIGNAL | MSG_DONTWAIT);
			else
				k = splice(h->pr, NULL, dst, NULL, h->n,
					   SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
			if (k > 0) {
				h->n -= (size_t)k;
				h->off = h->n ? h->off + (size_t)k : 0;
			} else if (k < 0 && errno == EINTR) {
				continue;
			} else if (k < 0 && errno == EAGAIN) {
				break;
			} else {
				err = k < 0 ? -errno : -EIO;
				goto out;
			}
		}
		if (h->n || !may_read(r, d) || rounds++ == RL_ROUNDS)
			break;
		want = h->cap;
		if (d == 0 && r->body_left >= 0 &&
		    (long long)want > r->body_left)
			/* only the declared body: bytes after it would reach
			 * the server as a request nobody checked */
			want = (size_t)r->body_left;
		if (h->buf)
			k = recv(src, h->buf, want, MSG_DONTWAIT);
		else
			k = splice(src, NULL, h->pw, NULL, want,
				   SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
		if (k > 0) {
			h->n += (size_t)k;
			r->bytes[d] += (uint64_t)k;
			/* once: a refusal (the budget spent) is not asked
			 * again on every splice (it was: one failed fcntl
			 * per splice, a third of the proxy's calls) */
			if (!h->buf && !h->grow_tried &&
			    r->bytes[d] >= RL_BULK && nbig < RL_NBIG &&
			    pipe_bytes - h->held + RL_BIG <= RL_BUDGET) {
				h->grow_tried = true;
				if (fcntl(h->pw, F_SETPIPE_SZ, RL_BIG) >=
				    RL_BIG) {
					h->big = true;
					h->cap = RL_BIG;
					nbig++;
					pipe_bytes += RL_BIG - h->held;
					h->held = RL_BIG;
				}
			}
			if (d == 0 && r->body_left > 0)
				r->body_left -= k;
			continue;
		}
		if (k == 0) {
			h->eof = true;
			break;
		}
		if (errno == EINTR)
			continue;
		if (errno != EAGAIN)
			err = -errno;
		break;
	}
out:
	if (err) {
		r->done(r->arg, err);
		return;
	}
	/* pass the half-close on once everything before it went */
	if (h->eof && !h->n && !h->shut) {
		h->shut = true;
		(void)shutdown(dst, SHUT_WR);
	}
	if (finished(r)) {
		r->done(r->arg, 0);
		return;
	}
	arm(h);
}

static void on_ready(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	pump(arg);
}

int rl_start(struct rl_relay *r, struct event_base *base)
{
	for (int d = 0; d < 2; d++) {
		struct rl_half *h = &r->h[d];

		h->rd = event_new(base, r->fd[d], EV_READ | EV_PERSIST,
				  on_ready, h);
		h->wr = event_new(base, r->fd[!d], EV_WRITE | EV_PERSIST,
				  on_ready, h);
		if (!h->rd || !h->wr)
			return -ENOMEM;
	}
	arm(&r->h[0]);
	arm(&r->h[1]);
	return 0;
}

void rl_free(struct rl_relay *r)
{
	for (int d = 0; d < 2; d++) {
		struct rl_half *h = &r->h[d];

		if (h->rd)
			event_free(h->rd);
		if (h->wr)
			event_free(h->wr);
		h->rd = h->wr = NULL;
		if (h->big)
			nbig--;
		h->big = false;
		pipe_bytes -= h->held;
		h->held = 0;
		free(h->buf);
		h->buf = NULL;
		if (h->pr >= 0)
			close(h->pr);
		if (h->pw >= 0)
			close(h->pw);
		h->pr = h->pw = -1;
	}
}
