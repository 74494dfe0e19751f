/* shell/proxy/httphead.h — the strict parser of a proxy request's head
 * (CONNECT and absolute-form plain HTTP). Pure: takes bytes, gives data. */
#ifndef SBX_HTTPHEAD_H
#define SBX_HTTPHEAD_H

#include <stdbool.h>
#include <stddef.h>

#include "sbx.h"

/* Fixed bounds (docs/network.md): past them a request is refused, so a
 * client cannot make the proxy buffer without end. */
#define HH_LINE_MAX (8 * 1024)	/* request line */
#define HH_HEAD_MAX (64 * 1024) /* request line, headers, blank line */
#define HH_HEADERS_MAX 100

struct hh_request {
	bool connect;	/* CONNECT host:port; else absolute-form http:// */
	char host[256]; /* the target's host (an IPv6 literal unbracketed);
			   set as soon as the target parsed, even when a
			   later check refuses the request */
	unsigned port;
	long long content_length; /* -1: none */
	/* Absolute-form: the head to send upstream, rebuilt from the parts
	 * that were checked (origin-form target, one Host, no hop-by-hop
	 * or Proxy-* headers, Connection: close). NULL for CONNECT. */
	char *upstream;
	size_t upstream_len;
	/* On refusal: the status to answer and why, in one line. */
	int status;
	const char *why;
};

/* Parses |head| of |len| bytes (the request line through the blank
 * line's CRLF CRLF) into |*rq|. 0, or -EINVAL (malformed, ambiguous:
 * rq->status 400, 411, 414, 431 or 501 and rq->why). rq->upstream is
 * allocated on success of an absolute-form request; hh_free() frees
 * it. */
int hh_parse(const char *head, size_t len, struct hh_request *rq);
void hh_free(struct hh_request *rq);

#endif
