/* shell/proxy/proxy.c — the egress proxy of `--network domains`: accepts
 * HTTP proxy and SOCKS5 clients, decides each target by the rules
 * (core/netrule.c), resolves and connects outside the sandbox, relays
 * with bounded buffers, and writes one event line per connection or
 * refusal (proxy.h says the format). */
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/dns.h>
#include <event2/event.h>
#include <event2/listener.h>
#include <event2/util.h>

#include "httphead.h"
#include "proxy.h"
#include "relay.h"

/* Per direction of a connection at most this many bytes wait in the
 * proxy (bufferevent watermarks): a client that sends faster than the
 * server reads, or reads slower than it sends, is paused rather than
 * buffered, so 512 connections cost at most ~130 MiB even when every
 * one of them stalls. 128 KiB keeps a fast download fast. */
#define PX_BUF_MAX (128 * 1024)
#define PX_DEFAULT_CONNS 512
#define PX_DEFAULT_HEAD_MS 10000
#define PX_CONNECT_MS 30000

enum px_state {
	ST_HEAD,       /* reading the request head / SOCKS5 greeting */
	ST_SOCKS_REQ,  /* SOCKS5: greeting answered, reading the request */
	ST_RESOLVING,  /* evdns at work */
	ST_CONNECTING, /* a connect() to one of the addresses in flight */
	ST_RELAY,      /* bytes flow both ways */
};

struct px;

struct px_conn {
	struct px *px;
	struct px_conn *prev, *next; /* px->conns: every live connection */
	bool socks;
	enum px_state state;
	struct bufferevent *cli, *up;
	struct event *rcli, *rup; /* the relay's reads (raw_read()) */
	struct evdns_getaddrinfo_request *dnsreq;
	struct evutil_addrinfo *ai, *ai_next; /* resolved, and the next */
	struct evutil_addrinfo lit_ai;	      /* an address literal's */
	struct sockaddr_storage lit_sa;
	struct nr_verdict v; /* the decision that let it out */
	char host[NR_NAME_MAX + 1];
	unsigned port;
	struct hh_request rq;
	long long body_left; /* absolute-form: request body bytes to pass */
	size_t scanned;	     /* head bytes searched for CRLF CRLF */
	bool line_seen;	     /* the request line ended within its bound */
	bool absolute;	     /* absolute-form plain HTTP: one request */
	bool cli_eof, up_eof, cli_shut, up_shut;
	bool connected;
	bool spliced; /* relayed by relay.c (splice), not by the buffers */
	struct rl_relay relay;
	uint64_t bytes_up, bytes_down;
};

struct px {
	const struct px_config *cfg;
	struct event_base *base;
	struct evdns_base *dns;
	struct bufferevent *events;
	struct event *hup;
	/* HTTP on 127.0.0.1, SOCKS5 there, HTTP on ::1, SOCKS5 there: an
	 * odd index is SOCKS5 */
	struct evconnlistener *l[4];
	unsigned nconns, max_conns;
	struct px_conn *conns;
	struct timeval head_tv, connect_tv;
};

/* --- event lines --------------------------------------------------------- */

/* |s| with every byte outside [lo, 0x7e], and the backslash, as \xNN: a
 * job chooses host names and the session prints these lines at a
 * terminal (docs/design.md §2b, "Nothing a job chose reaches the terminal
 * raw"); a newline would also forge a second event. */
static void put_clean(struct sbx_buf *b, const char *s, unsigned char lo)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c < lo || c > 0x7e || c == '\\')
			buf_printf(b, "\\x%02x", c);
		else
			buf_putc(b, (char)c);
	}
}

static void px_event(struct px *px, const char *kind, const char *host,
		     unsigned port, const struct px_conn *c, const char *text)
{
	struct sbx_buf b = {0};
	struct evbuffer *out;

	if (!px->events)
		return;
	out = bufferevent_get_output(px->events);
	buf_puts(&b, kind);
	buf_putc(&b, ' ');
	put_clean(&b, host && *host ? host : "-", 0x21);
	buf_printf(&b, " %u ", host && *host ? port : 0);
	if (c)
		buf_printf(&b, "%llu %llu ", (unsigned long long)c->bytes_up,
			   (unsigned long long)c->bytes_down);
	put_clean(&b, text, 0x20);
	buf_putc(&b, '\n');
	/* Written now, before the refusal's answer is even queued for the
	 * client: the client reads its 403 and exits, the shell reaps it and
	 * reads this pipe, so the line is there before the prompt comes
	 * back. Queued behind the bufferevent's loop, the answer could go
	 * out first and the line come a command late (or, after the last
	 * command, never). Only when nothing waits before it (the order of
	 * the lines), and never blocking: the pipe is non-blocking. */
	if (!evbuffer_get_length(out)) {
		ssize_t k;

		do
			k = write(bufferevent_getfd(px->events), b.s, b.len);
		while (k < 0 && errno == EINTR);
		if (k > 0) {
			memmove(b.s, b.s + k, b.len - (size_t)k);
			b.len -= (size_t)k;
		}
	}
	/* a session that stopped reading must not stall the proxy, nor
	 * grow it without end: the line is dropped */
	if (b.len && evbuffer_get_length(out) + b.len <= PX_EVENT_BUF_MAX)
		evbuffer_add(out, b.s, b.len);
	buf_free(&b);
}

/* --- connections --------------------------------------------------------- */

static void conn_free(struct px_conn *c)
{
	struct px *px = c->px;

	if (c->spliced) {
		c->bytes_up += c->relay.bytes[0];
		c->bytes_down += c->relay.bytes[1];
		rl_free(&c->relay);
	}
	if (c->connected)
		px_event(px, "conn", c->host, c->port, c, c->v.text);
	if (c->dnsreq) {
		struct evdns_getaddrinfo_request *r = c->dnsreq;

		c->dnsreq = NULL;
		/* calls dns_done() with EVUTIL_EAI_CANCEL, which leaves c
		 * alone */
		evdns_getaddrinfo_cancel(r);
	}
	if (c->ai)
		evutil_freeaddrinfo(c->ai);
	if (c->rcli)
		event_free(c->rcli);
	if (c->rup)
		event_free(c->rup);
	if (c->cli)
		bufferevent_free(c->cli);
	if (c->up)
		bufferevent_free(c->up);
	hh_free(&c->rq);
	if (c->prev)
		c->prev->next = c->next;
	else
		px->conns = c->next;
	if (c->next)
		c->next->prev = c->prev;
	free(c);
	px->nconns--;
}

/* Refuses the request: the protocol's refusal, a deny event, and the
 * connection ends once the answer is written (or the client fails to
 * read it within the head timeout). */
static void cli_write_then_close(struct bufferevent *bev, void *arg);

static void close_event(struct bufferevent *bev, short what, void *arg)
{
	conn_free(arg);
}

static void answer_and_close(struct px_conn *c, const void *msg, size_t n)
{
	bufferevent_disable(c->cli, EV_READ);
	evbuffer_drain(bufferevent_get_input(c->cli),
		       evbuffer_get_length(bufferevent_get_input(c->cli)));
	if (c->up) {
		bufferevent_free(c->up);
		c->up = NULL;
	}
	bufferevent_setcb(c->cli, NULL, cli_write_then_close, close_event, c);
	bufferevent_set_timeouts(c->cli, NULL, &c->px->head_tv);
	bufferevent_setwatermark(c->cli, EV_WRITE, 0, 0);
	bufferevent_write(c->cli, msg, n);
	bufferevent_enable(c->cli, EV_WRITE);
}

static void cli_write_then_close(struct bufferevent *bev, void *arg)
{
	struct px_conn *c = arg;

	if (evbuffer_get_length(bufferevent_get_output(bev)) == 0)
		conn_free(c);
}

/* SOCKS5 replies (RFC 1928 §6) */
enum {
	S5_OK = 0,
	S5_FAIL = 1,
	S5_RULESET = 2,
	S5_HOSTUNREACH = 4,
	S5_REFUSED = 5,
	S5_CMD = 7,
	S5_ATYP = 8,
};

static void socks_reply(struct px_conn *c, int code, bool close)
{
	uint8_t r[10] = {5, (uint8_t)code, 0, 1, 0, 0, 0, 0, 0, 0};

	if (close)
		answer_and_close(c, r, sizeof(r));
	else
		bufferevent_write(c->cli, r, sizeof(r));
}

static void http_reply(struct px_conn *c, int status, const char *reason,
		       const char *body)
{
	char *m = xasprintf("HTTP/1.1 %d %s\r\nContent-Type: text/plain\r\n"
			    "Content-Length: %zu\r\nConnection: close\r\n\r\n"
			    "%s",
			    status, reason, strlen(body), body);

	answer_and_close(c, m, strlen(m));
	free(m);
}

static const char *reason_of(int status)
{
	switch (status) {
	case 403:
		return "Forbidden";
	case 411:
		return "Length Required";
	case 414:
		return "URI Too Long";
	case 431:
		return "Request Header Fields Too Large";
	case 501:
		return "Not Implemented";
	case 502:
		return "Bad Gateway";
	case 504:
		return "Gateway Timeout";
	default:
		return "Bad Request";
	}
}

/* A refusal the rules made (or a malformed request): event and answer. */
static void refuse(struct px_conn *c, int status, const char *host,
		   unsigned port, const char *text)
{
	px_event(c->px, "deny", host, port, NULL, text);
	if (c->socks) {
		socks_reply(c, status == 403 ? S5_RULESET : S5_FAIL, true);
	} else {
		struct sbx_buf body = {0};

		buf_puts(&body, "sbxsh: denied: network ");
		if (host && *host) {
			put_clean(&body, host, 0x21);
			buf_printf(&body, ":%u ", port);
		}
		buf_puts(&body, "(");
		put_clean(&body, text, 0x20);
		buf_puts(&body, ")\n");
		http_reply(c, status, reason_of(status), body.s);
		buf_free(&body);
	}
}

/* A failure that is not a refusal (no such name, the server refused):
 * answered, no deny event. */
static void fail(struct px_conn *c, int status, int s5, const char *text)
{
	if (c->socks) {
		socks_reply(c, s5, true);
	} else {
		char *b = xasprintf("sbxsh proxy: %s\n", text);

		http_reply(c, status, reason_of(status), b);
		free(b);
	}
}

/* --- relaying ------------------------------------------------------------ */

/* In the relay the proxy reads each socket itself, straight into the
 * other side's output buffer: libevent 2.1 reads at most 4 KiB per call
 * (EVBUFFER_MAX_READ), which held a download through the proxy to a
 * fifth of its direct speed (tests/bench/bench-proxy.sh). The
 * bufferevents still do the writing, with its watermark callbacks. */
static void relay_write(struct bufferevent *bev, void *arg);

static bool done_both(struct px_conn *c)
{
	size_t co = evbuffer_get_length(bufferevent_get_output(c->cli));
	size_t uo =
	    c->up ? evbuffer_get_length(bufferevent_get_output(c->up)) : 0;

	/* absolute-form: the server's close ends the exchange once the
	 * answer reached the client */
	if (c->absolute)
		return c->up_eof && !co;
	return c->cli_eof && c->up_eof && !co && !uo;
}

/* Whether the side |is_cli| may be read now. */
static bool may_read(const struct px_conn *c, bool is_cli)
{
	if (is_cli)
		return !c->cli_eof && !(c->absolute && !c->body_left);
	return !c->up_eof;
}

static void side_eof(struct px_conn *c, bool is_cli)
{
	struct bufferevent *other = is_cli ? c->up : c->cli;
	bool *shut = is_cli ? &c->up_shut : &c->cli_shut;

	if (is_cli)
		c->cli_eof = true;
	else
		c->up_eof = true;
	event_del(is_cli ? c->rcli : c->rup);
	/* pass the half-close on once everything before it went */
	if (!evbuffer_get_length(bufferevent_get_output(other)) && !*shut) {
		*shut = true;
		shutdown(bufferevent_getfd(other), SHUT_WR);
	}
	if (done_both(c))
		conn_free(c);
}

static void raw_read(evutil_socket_t fd, short what, void *arg)
{
	struct px_conn *c = arg;
	bool is_cli = fd == bufferevent_getfd(c->cli);
	struct event *self = is_cli ? c->rcli : c->rup;
	struct evbuffer *dst = bufferevent_get_output(is_cli ? c->up : c->cli);
	size_t have = evbuffer_get_length(dst), want, left;
	struct evbuffer_iovec v[2];
	struct iovec iov[2];
	int nv, used = 0;
	ssize_t r;

	/* backpressure: a full buffer pauses this side until relay_write()
	 * sees the other drain */
	if (have >= PX_BUF_MAX || !may_read(c, is_cli)) {
		event_del(self);
		return;
	}
	want = PX_BUF_MAX - have;
	if (is_cli && c->absolute && (long long)want > c->body_left)
		/* only the declared body: bytes after it would reach the
		 * server as a request nobody checked */
		want = (size_t)c->body_left;
	nv = evbuffer_reserve_space(dst, (ev_ssize_t)want, v, 2);
	if (nv <= 0) {
		conn_free(c);
		return;
	}
	left = want;
	for (int i = 0; i < nv; i++) {
		if (v[i].iov_len > left)
			v[i].iov_len = left;
		left -= v[i].iov_len;
		iov[i].iov_base = v[i].iov_base;
		iov[i].iov_len = v[i].iov_len;
	}
	r = readv(fd, iov, nv);
	if (r <= 0) {
		evbuffer_commit_space(dst, v, 0);
		if (r == 0)
			side_eof(c, is_cli);
		else if (errno != EAGAIN && errno != EINTR)
			conn_free(c);
		return;
	}
	left = (size_t)r;
	for (int i = 0; i < nv && left; i++, used++) {
		if (v[i].iov_len > left)
			v[i].iov_len = left;
		left -= v[i].iov_len;
	}
	evbuffer_commit_space(dst, v, used);
	if (is_cli) {
		c->bytes_up += (uint64_t)r;
		if (c->absolute)
			c->body_left -= r;
	} else {
		c->bytes_down += (uint64_t)r;
	}
	if (evbuffer_get_length(dst) >= PX_BUF_MAX || !may_read(c, is_cli))
		event_del(self);
}

/* |bev|'s output drained below the low watermark: let the other side
 * read again, and pass on a half-close once everything before it went. */
static void relay_write(struct bufferevent *bev, void *arg)
{
	struct px_conn *c = arg;
	bool other_is_cli = bev != c->cli;
	bool other_eof = other_is_cli ? c->cli_eof : c->up_eof;
	bool *shut = bev == c->cli ? &c->cli_shut : &c->up_shut;

	if (!evbuffer_get_length(bufferevent_get_output(bev)) && other_eof &&
	    !*shut) {
		*shut = true;
		shutdown(bufferevent_getfd(bev), SHUT_WR);
	}
	if (done_both(c)) {
		conn_free(c);
		return;
	}
	if (may_read(c, other_is_cli))
		event_add(other_is_cli ? c->rcli : c->rup, NULL);
}

/* Only errors reach here: the bufferevents no longer read. */
static void relay_event(struct bufferevent *bev, short what, void *arg)
{
	struct px_conn *c = arg;

	if (what & (BEV_EVENT_ERROR | BEV_EVENT_TIMEOUT | BEV_EVENT_EOF))
		conn_free(c);
}

static const char connect_ok[] = "HTTP/1.1 200 Connection established\r\n\r\n";

static void relay_done(void *arg, int err)
{
	(void)err;
	conn_free(arg);
}

/* The relay by splice(2) (relay.c): what waits in the buffers (the
 * protocol's answer, a rebuilt request head, what the client sent after
 * its head) goes into the pipes first, then the bufferevents rest and
 * the bytes go socket to socket (or, with no pipe to be had, through
 * relay.c's own buffers). false: neither pipes nor memory, nothing
 * touched, the bufferevents' relay takes it. */
static bool start_splice(struct px_conn *c)
{
	struct evbuffer *in = bufferevent_get_input(c->cli);
	struct evbuffer *cliout = bufferevent_get_output(c->cli);
	struct evbuffer *upout = bufferevent_get_output(c->up);
	size_t n = evbuffer_get_length(in), need0, need1;
	int r;

	if (c->absolute && (long long)n > c->body_left)
		n = (size_t)c->body_left;
	need0 = evbuffer_get_length(upout) + n +
		(c->absolute ? c->rq.upstream_len : 0);
	need1 = evbuffer_get_length(cliout) + (c->socks ? 10
					       : c->absolute
						   ? 0
						   : sizeof(connect_ok) - 1);
	if (rl_init(&c->relay, bufferevent_getfd(c->cli),
		    bufferevent_getfd(c->up), PX_BUF_MAX, need0, need1) < 0)
		return false;
	c->spliced = true;
	c->state = ST_RELAY;
	c->connected = true;
	bufferevent_disable(c->cli, EV_READ | EV_WRITE);
	bufferevent_disable(c->up, EV_READ | EV_WRITE);
	bufferevent_setcb(c->cli, NULL, NULL, NULL, NULL);
	bufferevent_setcb(c->up, NULL, NULL, NULL, NULL);
	bufferevent_set_timeouts(c->cli, NULL, NULL);
	bufferevent_set_timeouts(c->up, NULL, NULL);
	if (c->socks)
		socks_reply(c, S5_OK, false);
	else if (!c->absolute)
		evbuffer_add(cliout, connect_ok, sizeof(connect_ok) - 1);
	if (c->absolute) {
		evbuffer_add(upout, c->rq.upstream, c->rq.upstream_len);
		c->bytes_up += c->rq.upstream_len;
		c->body_left -= (long long)n;
	}
	evbuffer_remove_buffer(in, upout, n);
	c->bytes_up += n;
	evbuffer_drain(in, evbuffer_get_length(in));
	c->relay.body_left = c->absolute ? c->body_left : -1;
	c->relay.one_request = c->absolute;
	c->relay.done = relay_done;
	c->relay.arg = c;
	/* a socket bufferevent's output is read by the bufferevent alone
	 * (its start frozen); it writes no more */
	evbuffer_unfreeze(upout, 1);
	evbuffer_unfreeze(cliout, 1);
	r = rl_prefill(&c->relay, 0, upout);
	if (!r)
		r = rl_prefill(&c->relay, 1, cliout);
	evbuffer_freeze(upout, 1);
	evbuffer_freeze(cliout, 1);
	if (r < 0 || rl_start(&c->relay, c->px->base) < 0)
		conn_free(c);
	return true;
}

static void start_relay(struct px_conn *c)
{
	struct evbuffer *in = bufferevent_get_input(c->cli);
	struct evbuffer *upout = bufferevent_get_output(c->up);
	size_t n = evbuffer_get_length(in);

	if (start_splice(c))
		return;
	c->state = ST_RELAY;
	c->connected = true;
	bufferevent_setcb(c->cli, NULL, relay_write, relay_event, c);
	bufferevent_setcb(c->up, NULL, relay_write, relay_event, c);
	bufferevent_disable(c->cli, EV_READ);
	bufferevent_disable(c->up, EV_READ);
	bufferevent_set_max_single_write(c->cli, PX_BUF_MAX);
	bufferevent_set_max_single_write(c->up, PX_BUF_MAX);
	bufferevent_setwatermark(c->cli, EV_WRITE, PX_BUF_MAX / 2, 0);
	bufferevent_setwatermark(c->up, EV_WRITE, PX_BUF_MAX / 2, 0);
	c->rcli = event_new(c->px->base, bufferevent_getfd(c->cli),
			    EV_READ | EV_PERSIST, raw_read, c);
	c->rup = event_new(c->px->base, bufferevent_getfd(c->up),
			   EV_READ | EV_PERSIST, raw_read, c);
	if (!c->rcli || !c->rup) {
		conn_free(c);
		return;
	}
	if (c->socks) {
		socks_reply(c, S5_OK, false);
	} else if (c->absolute) {
		bufferevent_write(c->up, c->rq.upstream, c->rq.upstream_len);
		c->bytes_up += c->rq.upstream_len;
	} else {
		bufferevent_write(c->cli, connect_ok, sizeof(connect_ok) - 1);
	}
	/* bytes the client sent after its head (a TLS ClientHello sent
	 * early) go first; of a plain request, its declared body only */
	if (c->absolute && (long long)n > c->body_left)
		n = (size_t)c->body_left;
	evbuffer_remove_buffer(in, upout, n);
	c->bytes_up += n;
	if (c->absolute)
		c->body_left -= (long long)n;
	evbuffer_drain(in, evbuffer_get_length(in));
	bufferevent_enable(c->cli, EV_WRITE);
	bufferevent_enable(c->up, EV_WRITE);
	if (may_read(c, true))
		event_add(c->rcli, NULL);
	event_add(c->rup, NULL);
	/* No idle limit on a connection that went out (an ssh session may
	 * sit idle for hours). Cleared after the enables: libevent drops a
	 * pending event's timer only when the event is pending, and the head
	 * timeout left on a disabled read event came back with it, cutting
	 * quiet downloads after 10 s. */
	bufferevent_set_timeouts(c->cli, NULL, NULL);
	bufferevent_set_timeouts(c->up, NULL, NULL);
}

/* --- connecting ---------------------------------------------------------- */

static void try_connect(struct px_conn *c);

static void up_event(struct bufferevent *bev, short what, void *arg)
{
	struct px_conn *c = arg;

	if (what & BEV_EVENT_CONNECTED) {
		int one = 1;

		setsockopt(bufferevent_getfd(bev), IPPROTO_TCP, TCP_NODELAY,
			   &one, sizeof(one));
		start_relay(c);
		return;
	}
	if (what & (BEV_EVENT_ERROR | BEV_EVENT_TIMEOUT | BEV_EVENT_EOF)) {
		bufferevent_free(c->up);
		c->up = NULL;
		try_connect(c);
	}
}

static void try_connect(struct px_conn *c)
{
	while (c->ai_next) {
		struct evutil_addrinfo *a = c->ai_next;

		c->ai_next = a->ai_next;
		c->up = bufferevent_socket_new(c->px->base, -1,
					       BEV_OPT_CLOSE_ON_FREE);
		if (!c->up)
			break;
		bufferevent_setcb(c->up, NULL, NULL, up_event, c);
		bufferevent_set_timeouts(c->up, NULL, &c->px->connect_tv);
		c->state = ST_CONNECTING;
		if (bufferevent_socket_connect(c->up, a->ai_addr,
					       (int)a->ai_addrlen) == 0)
			return;
		bufferevent_free(c->up);
		c->up = NULL;
	}
	fail(c, 502, S5_REFUSED, "could not connect to the server");
}

static bool addr_of(const struct sockaddr *sa, struct nr_addr *a)
{
	if (sa->sa_family == AF_INET)
		return nr_addr_from(
		    a, &((const struct sockaddr_in *)sa)->sin_addr, 4);
	if (sa->sa_family == AF_INET6)
		return nr_addr_from(
		    a, &((const struct sockaddr_in6 *)sa)->sin6_addr, 16);
	return false;
}

/* Every address the name resolved to must pass (nr_decide_addr): a name
 * that resolves to a public address and to 127.0.0.1 (DNS rebinding)
 * gets nothing, whichever a client library would try first. */
static void have_addresses(struct px_conn *c, struct evutil_addrinfo *ai,
			   bool owned)
{
	const struct px_config *cfg = c->px->cfg;
	struct nr_verdict av = {0};

	c->ai = owned ? ai : NULL;
	c->ai_next = ai;
	for (struct evutil_addrinfo *a = ai; a; a = a->ai_next) {
		struct nr_addr na;

		if (!addr_of(a->ai_addr, &na) ||
		    !nr_decide_addr(cfg->rules, &c->v, &na, cfg->hosts,
				    cfg->nhosts, &av)) {
			refuse(c, 403, c->host, c->port,
			       av.text[0] ? av.text : "not an IP address");
			return;
		}
		if (av.has_rule && (!c->v.has_rule || av.rule.kind == NR_ADDR))
			c->v = av; /* the rule naming the address decided */
		if (a->ai_family == AF_INET)
			((struct sockaddr_in *)a->ai_addr)->sin_port =
			    htons((uint16_t)c->port);
		else
			((struct sockaddr_in6 *)a->ai_addr)->sin6_port =
			    htons((uint16_t)c->port);
	}
	try_connect(c);
}

static void dns_done(int err, struct evutil_addrinfo *ai, void *arg)
{
	struct px_conn *c = arg;

	if (err == EVUTIL_EAI_CANCEL)
		return; /* conn_free() cancelled it: c is gone */
	c->dnsreq = NULL;
	if (err || !ai) {
		if (ai)
			evutil_freeaddrinfo(ai);
		fail(c, 502, S5_HOSTUNREACH, "could not resolve the name");
		return;
	}
	have_addresses(c, ai, true);
}

/* The target is known: decide the name, then resolve it (or take the
 * literal) and check every address. */
static void go(struct px_conn *c, const char *host, unsigned port)
{
	struct px *px = c->px;
	struct evutil_addrinfo hints;
	struct evdns_getaddrinfo_request *r;

	bufferevent_disable(c->cli, EV_READ);
	snprintf(c->host, sizeof(c->host), "%s", host);
	c->port = port;
	if (!nr_decide_name(px->cfg->rules, host, port, &c->v)) {
		refuse(c, 403, c->v.host[0] ? c->v.host : host, port,
		       c->v.text);
		return;
	}
	snprintf(c->host, sizeof(c->host), "%s", c->v.host);
	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_protocol = IPPROTO_TCP;
	if (c->v.literal) {
		/* the client named an address: no resolver (and no libc
		 * getaddrinfo, which a static sbxsh cannot use) involved */
		struct nr_addr a;
		uint8_t v4[4];

		nr_addr_parse(host, &a); /* nr_decide_name() parsed it */
		memset(&c->lit_sa, 0, sizeof(c->lit_sa));
		memset(&c->lit_ai, 0, sizeof(c->lit_ai));
		if (nr_addr_is_v4(&a, v4)) {
			struct sockaddr_in *sin = (void *)&c->lit_sa;

			sin->sin_family = AF_INET;
			memcpy(&sin->sin_addr, v4, 4);
			c->lit_ai.ai_addrlen = sizeof(*sin);
		} else {
			struct sockaddr_in6 *sin6 = (void *)&c->lit_sa;

			sin6->sin6_family = AF_INET6;
			memcpy(&sin6->sin6_addr, a.b, 16);
			c->lit_ai.ai_addrlen = sizeof(*sin6);
		}
		c->lit_ai.ai_family = c->lit_sa.ss_family;
		c->lit_ai.ai_addr = (struct sockaddr *)&c->lit_sa;
		have_addresses(c, &c->lit_ai, false);
		return;
	}
	c->state = ST_RESOLVING;
	r = evdns_getaddrinfo(px->dns, c->host, NULL, &hints, dns_done, c);
	/* NULL: dns_done() already ran (the hosts file answered) and c may
	 * be gone */
	if (r)
		c->dnsreq = r;
}

/* --- HTTP ---------------------------------------------------------------- */

static void http_read(struct bufferevent *bev, void *arg)
{
	struct px_conn *c = arg;
	struct evbuffer *in = bufferevent_get_input(bev);
	size_t len = evbuffer_get_length(in);
	struct evbuffer_ptr end, from;
	size_t head;

	if (c->state != ST_HEAD)
		return;
	/* Each search starts where the last one stopped: a client sending
	 * its head a byte at a time would otherwise cost a scan of all it
	 * sent per byte (quadratic: seconds of CPU for 64 KiB). */
	evbuffer_ptr_set(in, &from, c->scanned, EVBUFFER_PTR_SET);
	end = evbuffer_search(in, "\r\n\r\n", 4, &from);
	if (end.pos < 0) {
		c->scanned = len > 3 ? len - 3 : 0;
		if (len > HH_HEAD_MAX) {
			refuse(c, 431, NULL, 0,
			       "request head over 65536 bytes");
			return;
		}
		if (!c->line_seen && len > HH_LINE_MAX) {
			struct evbuffer_ptr eol =
			    evbuffer_search(in, "\r\n", 2, NULL);

			if (eol.pos < 0 || eol.pos > HH_LINE_MAX) {
				refuse(c, 414, NULL, 0,
				       "request line over 8192 bytes");
				return;
			}
			c->line_seen = true;
		}
		return;
	}
	head = (size_t)end.pos + 4;
	if (head > HH_HEAD_MAX) {
		refuse(c, 431, NULL, 0, "request head over 65536 bytes");
		return;
	}
	if (hh_parse((const char *)evbuffer_pullup(in, (ssize_t)head), head,
		     &c->rq) < 0) {
		refuse(c, c->rq.status, c->rq.host, c->rq.port, c->rq.why);
		return;
	}
	evbuffer_drain(in, head);
	c->absolute = !c->rq.connect;
	c->body_left = c->rq.content_length > 0 ? c->rq.content_length : 0;
	go(c, c->rq.host, c->rq.port);
}

/* --- SOCKS5 (RFC 1928), no authentication, CONNECT only ------------------ */

static void socks_read(struct bufferevent *bev, void *arg)
{
	struct px_conn *c = arg;
	struct evbuffer *in = bufferevent_get_input(bev);
	size_t len = evbuffer_get_length(in);
	uint8_t *p;

	if (c->state == ST_HEAD) {
		if (len < 2)
			return;
		p = evbuffer_pullup(in, 2);
		if (p[0] != 5) {
			px_event(c->px, "deny", NULL, 0, NULL,
				 "not a SOCKS5 client");
			conn_free(c);
			return;
		}
		size_t need = 2 + (size_t)p[1];
		if (len < need)
			return;
		p = evbuffer_pullup(in, (ssize_t)need);
		bool noauth = memchr(p + 2, 0, p[1]) != NULL;
		evbuffer_drain(in, need);
		if (!noauth) {
			static const uint8_t no[2] = {5, 0xff};

			px_event(c->px, "deny", NULL, 0, NULL,
				 "SOCKS5 client without the no-auth method");
			answer_and_close(c, no, 2);
			return;
		}
		bufferevent_write(bev, "\x05\x00", 2);
		c->state = ST_SOCKS_REQ;
		len = evbuffer_get_length(in);
	}
	if (c->state != ST_SOCKS_REQ || len < 5)
		return;
	p = evbuffer_pullup(in, 5);
	if (p[0] != 5 || p[2] != 0) {
		px_event(c->px, "deny", NULL, 0, NULL,
			 "malformed SOCKS5 request");
		socks_reply(c, S5_FAIL, true);
		return;
	}
	size_t need;
	switch (p[3]) {
	case 1:
		need = 4 + 4 + 2;
		break;
	case 3:
		need = 4 + 1 + (size_t)p[4] + 2;
		break;
	case 4:
		need = 4 + 16 + 2;
		break;
	default:
		px_event(c->px, "deny", NULL, 0, NULL,
			 "SOCKS5 address type not supported");
		socks_reply(c, S5_ATYP, true);
		return;
	}
	if (len < need)
		return;
	p = evbuffer_pullup(in, (ssize_t)need);
	char host[NR_NAME_MAX + 3];
	unsigned port = (unsigned)(p[need - 2] << 8 | p[need - 1]);
	int cmd = p[1];
	struct nr_addr a;

	if (p[3] == 3) {
		size_t n = p[4];

		/* a NUL inside the name would cut it short for the rules
		 * and not for a resolver */
		if (!n || memchr(p + 5, 0, n)) {
			px_event(c->px, "deny", NULL, 0, NULL,
				 "malformed SOCKS5 host name");
			socks_reply(c, S5_FAIL, true);
			return;
		}
		memcpy(host, p + 5, n);
		host[n] = '\0';
	} else {
		nr_addr_from(&a, p + 4, p[3] == 1 ? 4 : 16);
		nr_addr_format(&a, host, sizeof(host));
	}
	evbuffer_drain(in, need);
	if (cmd != 1) {
		px_event(c->px, "deny", host, port, NULL,
			 "SOCKS5 command other than CONNECT");
		socks_reply(c, S5_CMD, true);
		return;
	}
	go(c, host, port);
}

/* --- accepting ----------------------------------------------------------- */

static void head_event(struct bufferevent *bev, short what, void *arg)
{
	struct px_conn *c = arg;

	if (what & BEV_EVENT_TIMEOUT && c->state <= ST_SOCKS_REQ) {
		char t[80];

		snprintf(t, sizeof(t), "idle client: no request within %u ms",
			 (unsigned)(c->px->head_tv.tv_sec * 1000 +
				    c->px->head_tv.tv_usec / 1000));
		px_event(c->px, "deny", NULL, 0, NULL, t);
	}
	conn_free(c);
}

static void accept_cb(struct evconnlistener *l, evutil_socket_t fd,
		      struct sockaddr *sa, int salen, void *arg)
{
	struct px *px = arg;
	bool socks = l == px->l[1] || l == px->l[3];
	struct px_conn *c;

	if (px->nconns >= px->max_conns) {
		char t[64];

		/* a job opening connections without end exhausts nothing but
		 * its own share */
		snprintf(t, sizeof(t), "connection limit (%u) reached",
			 px->max_conns);
		px_event(px, "deny", NULL, 0, NULL, t);
		evutil_closesocket(fd);
		return;
	}
	c = xcalloc(1, sizeof(*c));
	c->px = px;
	c->socks = socks;
	c->cli = bufferevent_socket_new(px->base, fd, BEV_OPT_CLOSE_ON_FREE);
	if (!c->cli) {
		evutil_closesocket(fd);
		free(c);
		return;
	}
	px->nconns++;
	c->next = px->conns;
	if (c->next)
		c->next->prev = c;
	px->conns = c;
	bufferevent_setcb(c->cli, socks ? socks_read : http_read, NULL,
			  head_event, c);
	/* one byte past the limit, so an over-long head is seen, not
	 * waited for */
	bufferevent_setwatermark(c->cli, EV_READ, 0, HH_HEAD_MAX + 1);
	bufferevent_set_timeouts(c->cli, &px->head_tv, &px->head_tv);
	bufferevent_enable(c->cli, EV_READ);
}

/* --- the session's end --------------------------------------------------- */

static void hup_cb(evutil_socket_t fd, short what, void *arg)
{
	struct px *px = arg;
	char b[256];
	ssize_t n = read(fd, b, sizeof(b));

	/* 0: the reader closed its socket; an error other than EAGAIN: the
	 * pipe's reader is gone (EPOLLERR on a write end) */
	if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR))
		event_base_loopbreak(px->base);
}

static void events_event(struct bufferevent *bev, short what, void *arg)
{
	struct px *px = arg;

	event_base_loopbreak(px->base); /* EPIPE: the session is gone */
}

/* --- confinement --------------------------------------------------------- */

/* Defence in depth: a bug in the proxy, which parses what a job sends,
 * should give an attacker no more than the proxy's sockets. It needs no
 * file once evdns has read resolv.conf and the hosts file, no privilege
 * and no new listening port: Landlock (all file access handled, none
 * granted; binding TCP ports refused; abstract unix sockets and signals
 * scoped), no capabilities, no_new_privs. Each step is best effort: a
 * kernel without Landlock still gets the rest. */
struct px_ll_attr {
	uint64_t fs, net, scoped;
};

static void confine(void)
{
	struct {
		uint32_t version;
		int pid;
	} hdr = {0x20080522, 0}; /* _LINUX_CAPABILITY_VERSION_3 */
	struct {
		uint32_t eff, perm, inh;
	} data[2] = {{0, 0, 0}, {0, 0, 0}};
	struct px_ll_attr ll = {0};
	long abi;
	int fd;

	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	for (int cap = 0; cap < 64; cap++)
		prctl(PR_CAPBSET_DROP, cap, 0, 0, 0);
	syscall(SYS_capset, &hdr, data);
#if defined(SYS_landlock_create_ruleset) && !defined(SBXSH_SANITIZE)
	/* (not under the sanitizers: LeakSanitizer writes its report to a
	 * file at exit) */
	abi = syscall(SYS_landlock_create_ruleset, NULL, 0, 1UL);
	if (abi < 1)
		return;
	ll.fs = (1ULL << 13) - 1; /* ABI 1: execute .. make_sym */
	if (abi >= 2)
		ll.fs |= 1ULL << 13; /* refer */
	if (abi >= 3)
		ll.fs |= 1ULL << 14; /* truncate */
	if (abi >= 5)
		ll.fs |= 1ULL << 15; /* ioctl_dev */
	if (abi >= 4)
		ll.net = 1ULL << 0; /* bind_tcp */
	if (abi >= 6)
		ll.scoped = 1ULL << 0 | 1ULL << 1; /* abstract unix, signal */
	fd = (int)syscall(SYS_landlock_create_ruleset, &ll,
			  abi >= 6   ? sizeof(ll)
			  : abi >= 4 ? 2 * sizeof(uint64_t)
				     : sizeof(uint64_t),
			  0);
	if (fd < 0)
		return;
	syscall(SYS_landlock_restrict_self, fd, 0);
	close(fd);
#else
	(void)ll;
	(void)abi;
	(void)fd;
#endif
}

/* --- the loop ------------------------------------------------------------ */

static void px_release(struct px *px)
{
	for (int i = 0; i < 4; i++)
		if (px->l[i])
			evconnlistener_free(px->l[i]);
	if (px->hup)
		event_free(px->hup);
	if (px->events)
		bufferevent_free(px->events);
	if (px->dns)
		evdns_base_free(px->dns, 1);
	if (px->base)
		event_base_free(px->base);
}

int px_run(const struct px_config *cfg, struct sbx_diag *d)
{
	struct px px = {0};
	struct rlimit rl;
	unsigned ms =
	    cfg->head_timeout_ms ? cfg->head_timeout_ms : PX_DEFAULT_HEAD_MS;
	int rc = 0;

	signal(SIGPIPE, SIG_IGN);
	/* every connection holds two descriptors */
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
	px.cfg = cfg;
	px.max_conns = cfg->max_conns ? cfg->max_conns : PX_DEFAULT_CONNS;
	px.head_tv.tv_sec = ms / 1000;
	px.head_tv.tv_usec = (ms % 1000) * 1000;
	px.connect_tv.tv_sec = PX_CONNECT_MS / 1000;
	px.base = event_base_new();
	if (!px.base)
		return sbx_diag_set(d, -ENOMEM, "proxy: event_base_new failed");
	px.dns = evdns_base_new(px.base, 0);
	if (!px.dns) {
		px_release(&px);
		return sbx_diag_set(d, -ENOMEM, "proxy: evdns_base_new failed");
	}
	/* Name servers and the hosts file, never the search list: a short
	 * name the rules allowed must not be resolved as another (allowed
	 * "intranet" turning into "intranet.corp.example"). A missing
	 * resolv.conf leaves the hosts file alone, not 127.0.0.1:53. */
	evdns_base_resolv_conf_parse(px.dns,
				     DNS_OPTION_NAMESERVERS | DNS_OPTION_MISC |
					 DNS_OPTION_HOSTSFILE |
					 DNS_OPTION_NAMESERVERS_NO_DEFAULT,
				     "/etc/resolv.conf");
	evdns_base_search_clear(px.dns);
	evutil_secure_rng_init();
	evutil_make_socket_nonblocking(cfg->event_fd);
	px.events = bufferevent_socket_new(px.base, cfg->event_fd,
					   BEV_OPT_CLOSE_ON_FREE);
	px.hup = event_new(px.base, cfg->event_fd, EV_READ | EV_PERSIST, hup_cb,
			   &px);
	if (!px.events || !px.hup) {
		px_release(&px);
		return sbx_diag_set(d, -EBADF, "proxy: bad event descriptor");
	}
	bufferevent_setcb(px.events, NULL, NULL, events_event, &px);
	bufferevent_enable(px.events, EV_WRITE);
	event_add(px.hup, NULL);
	for (int i = 0; i < 4; i++) {
		int fds[4] = {cfg->http_fd, cfg->socks_fd, cfg->http6_fd,
			      cfg->socks6_fd};
		int fd = fds[i];
		struct evconnlistener *l;

		if (fd < 0)
			continue;
		evutil_make_socket_nonblocking(fd);
		l = evconnlistener_new(px.base, accept_cb, &px,
				       LEV_OPT_CLOSE_ON_FREE, 0, fd);
		if (!l) {
			px_release(&px);
			return sbx_diag_set(
			    d, -EBADF, "proxy: cannot listen on fd %d", fd);
		}
		px.l[i] = l;
	}
	if (!cfg->no_confine)
		confine();
	if (event_base_dispatch(px.base) < 0)
		rc = sbx_diag_set(d, -EIO, "proxy: event loop failed");
	/* the connections still open end now, each with its conn line (and
	 * LeakSanitizer finds nothing left) */
	while (px.conns)
		conn_free(px.conns);
	px_release(&px);
	return rc;
}
