/* shell/proxy/relay.h — the proxy's zero-copy relay: once a connection's
 * head was checked and its upstream connected, bytes go socket to pipe to
 * socket with splice(2), never through the proxy's memory. */
#ifndef SBX_RELAY_H
#define SBX_RELAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <event2/buffer.h>
#include <event2/event.h>

struct rl_relay;

/* Direction 0: client to upstream; 1: upstream to client. */
struct rl_half {
	struct rl_relay *r;
	int dir;
	int pr, pw;	 /* the pipe: read end, write end */
	size_t n, cap;	 /* bytes in the pipe; its capacity */
	bool eof;	 /* the source said end-of-file */
	bool shut;	 /* the half-close passed on (shutdown SHUT_WR) */
	bool big;	 /* grown for a bulk transfer (relay.c, RL_BIG) */
	bool grow_tried; /* the grow was asked for (once) */
	size_t held;	 /* the pipe's capacity, counted in RL_BUDGET */
	/* No pipe (relay.c, mem_init()): the bytes wait here instead, from
	 * buf + off, n of them, in cap bytes; NULL with a pipe. */
	char *buf;
	size_t off;
	struct event *rd, *wr;
};

struct rl_relay {
	int fd[2]; /* the client's socket, the upstream's (not owned) */
	struct rl_half h[2];
	/* Bytes the client may still send upstream (a plain HTTP request's
	 * declared body), or -1: no bound (a tunnel). At 0 the client is
	 * no longer read. */
	long long body_left;
	/* A plain HTTP exchange ends with the upstream's answer; a tunnel
	 * when both directions did. */
	bool one_request;
	uint64_t bytes[2]; /* bytes read from each source */
	/* Called once when the exchange is over (|err| 0) or failed
	 * (-errno); the relay must be freed (rl_free()) by then, and is not
	 * touched after the call. */
	void (*done)(void *arg, int err);
	void *arg;
};

/* Makes the two pipes (of at most |cap| bytes each, and at least
 * |need0| and |need1| bytes: what rl_prefill() will put in them).
 * Where they cannot be had (no descriptors left, a pipe smaller than the
 * bytes waiting or than 64 KiB: the user's pipe budget spent, or the
 * relay's pipes at their bound, RL_BUDGET in relay.c), buffers of |cap|
 * bytes (or what waits, if more) take their place, with the same rules.
 * -errno only when neither can be had: the caller relays another way,
 * nothing is lost. */
int rl_init(struct rl_relay *r, int cli, int up, size_t cap, size_t need0,
	    size_t need1);

/* Bytes that go first in direction |dir| (a reply, a rebuilt request
 * head, what the client sent after its head), moved from |src|: they fit
 * (rl_init() was told). 0 or -errno. */
int rl_prefill(struct rl_relay *r, int dir, struct evbuffer *src);

/* Starts relaying on |base|. 0 or -errno (then nothing was started). */
int rl_start(struct rl_relay *r, struct event_base *base);

/* Frees the events and the pipes (not the sockets). Safe on a relay
 * that rl_init() refused, and twice. */
void rl_free(struct rl_relay *r);

#endif
