/* shell/proxy/proxy.h — the egress proxy of `--network domains`: an HTTP
 * proxy (CONNECT, absolute-form plain HTTP) and a SOCKS5 server that let a
 * connection out only when core/netrule.h's rules allow it. */
#ifndef SBX_PROXY_H
#define SBX_PROXY_H

#include <stddef.h>

#include "netrule.h"
#include "sbx.h"

/*
 * Lifecycle: the session creates the two listening sockets inside the
 * session's network namespace (loopback), forks a child while it is
 * still in the host's namespace, and the child calls px_run(), which
 * never returns while the session lives. The proxy accepts on the
 * sockets it was handed and opens its outgoing connections from its own
 * (the host's) namespace; it resolves names itself (evdns, reading
 * /etc/resolv.conf and /etc/hosts once at start), so the sandbox never
 * resolves anything.
 *
 * Event lines, written to |event_fd| one per event, newline-terminated,
 * fields separated by one space, printable ASCII only (a byte outside
 * 0x21-0x7e in HOST, or outside 0x20-0x7e in RULE-TEXT, is written as
 * \xNN: a job chooses the host names, and the session prints the lines
 * at a terminal):
 *
 *   deny HOST PORT RULE-TEXT
 *        a refused request; RULE-TEXT (the rest of the line) is the
 *        nr_verdict text ("*.evil.example (--deny-domain)", "not in the
 *        allow list", "127.0.0.1 is loopback (...)") or the reason a
 *        request was refused before its target was known, with HOST "-"
 *        and PORT 0 ("request head over 65536 bytes", "idle client",
 *        "connection limit (512) reached", "Transfer-Encoding with
 *        Content-Length", ...)
 *   conn HOST PORT BYTES_UP BYTES_DOWN RULE-TEXT
 *        a connection that went out, written when it closes; BYTES_UP
 *        from the client, BYTES_DOWN to it (decimal), RULE-TEXT the
 *        allow rule that let it out
 *
 * A reader must ignore a line of another first word (later versions may
 * add some). Lines are dropped, never blocked on, when more than
 * PX_EVENT_BUF_MAX bytes wait unread.
 */

#define PX_EVENT_BUF_MAX (1024 * 1024)

struct px_config {
	const struct nr_set *rules; /* read only, outlives px_run() */
	int http_fd;		    /* listening socket, or -1 */
	int socks_fd;		    /* listening socket, or -1 */
	/* The same two on ::1 (clients that resolve localhost there), or
	 * -1 (no IPv6 loopback in the namespace). */
	int http6_fd, socks6_fd;
	/* Where event lines go (a pipe's write end or a socket); px_run()
	 * makes it non-blocking and returns when it hangs up (the reader
	 * closed it: the session ended). */
	int event_fd;
	/* The host's own addresses: refused even for an allowed name
	 * (nr_decide_addr()). */
	const struct nr_addr *hosts;
	size_t nhosts;
	/* 0 for the defaults: 512 connections at once; 10 000 ms for a
	 * client to send its request head (or SOCKS5 request). */
	unsigned max_conns;
	unsigned head_timeout_ms;
	/* Skip px_run()'s own confinement (no_new_privs, no capabilities,
	 * Landlock with no file access). Tests only. */
	int no_confine;
};

/* Runs the proxy's event loop in the calling process until |event_fd|
 * hangs up (returns 0) or set-up fails (-errno with |d|). Ignores
 * SIGPIPE. Takes ownership of the three descriptors. */
int px_run(const struct px_config *cfg, struct sbx_diag *d);

#endif
