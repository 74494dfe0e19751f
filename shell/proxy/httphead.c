/* shell/proxy/httphead.c — a strict parser of proxy request heads. It
 * accepts less than RFC 9112 allows on purpose: every form two parsers
 * could read differently (a bare LF, obs-fold, a space before the colon,
 * two Content-Lengths, Transfer-Encoding with Content-Length) is refused
 * rather than interpreted, since request smuggling lives in such
 * disagreements between the proxy and the server behind it
 * (CVE-2019-18277 HAProxy, CVE-2022-26377 Apache, PortSwigger's
 * "HTTP Desync Attacks"). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "httphead.h"
#include "netrule.h"

static int refuse(struct hh_request *rq, int status, const char *why)
{
	rq->status = status;
	rq->why = why;
	free(rq->upstream);
	rq->upstream = NULL;
	return -EINVAL;
}

/* RFC 9110 §5.6.2 tchar */
static bool is_tchar(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || (c && strchr("!#$%&'*+-.^_`|~", c));
}

/* host[:port] or [v6][:port] of |n| bytes into |host|, |*port| (left
 * alone without a port). Refuses userinfo ('@': http://allowed@evil/
 * names evil to a server and allowed to a careless check),
 * percent-encoding and anything outside a host name's letters. */
static bool parse_authority(const char *s, size_t n, char host[256],
			    unsigned *port, bool *had_port)
{
	const char *hs = s, *colon = NULL;
	size_t hn;

	*had_port = false;
	if (!n)
		return false;
	if (s[0] == '[') {
		const char *close = memchr(s, ']', n);

		if (!close)
			return false;
		hs = s + 1;
		hn = (size_t)(close - hs);
		for (size_t i = 0; i < hn; i++)
			if (!strchr("0123456789abcdefABCDEF:.", hs[i]))
				return false;
		if ((size_t)(close + 1 - s) < n) {
			if (close[1] != ':')
				return false;
			colon = close + 1;
		}
	} else {
		colon = memchr(s, ':', n);
		hn = colon ? (size_t)(colon - s) : n;
		for (size_t i = 0; i < hn; i++) {
			char c = s[i];

			if (!((c >= 'a' && c <= 'z') ||
			      (c >= 'A' && c <= 'Z') ||
			      (c >= '0' && c <= '9') || c == '-' || c == '.'))
				return false;
		}
	}
	if (!hn || hn > 255)
		return false;
	if (colon) {
		if (!nr_parse_port(colon + 1, (size_t)(s + n - colon - 1),
				   port))
			return false;
		*had_port = true;
	}
	memcpy(host, hs, hn);
	host[hn] = '\0';
	return true;
}

static bool name_is(const char *name, size_t nn, const char *want)
{
	return strlen(want) == nn && !strncasecmp(name, want, nn);
}

/* Headers that belong to one hop (RFC 9110 §7.6.1) or to the proxy: not
 * forwarded. The proxy adds its own Connection: close. */
static bool hop_by_hop(const char *name, size_t nn)
{
	static const char *const hop[] = {
	    "connection",
	    "keep-alive",
	    "proxy-connection",
	    "proxy-authorization",
	    "proxy-authenticate",
	    "te",
	    "trailer",
	    "upgrade",
	    "host",
	};

	/* every Proxy-* header is the proxy's (credentials for it, its
	 * connection): never the server's */
	if (nn >= 6 && !strncasecmp(name, "proxy-", 6))
		return true;
	for (size_t i = 0; i < sizeof(hop) / sizeof(*hop); i++)
		if (name_is(name, nn, hop[i]))
			return true;
	return false;
}

int hh_parse(const char *raw, size_t len, struct hh_request *rq)
{
	/* a NUL-terminated copy, so the line search cannot run past it */
	SBX_AUTOFREE char *head = xstrndup(raw, len);
	const char *end = head + len, *p, *eol, *sp1, *sp2;
	const char *target, *path = "/";
	size_t tn, pathn = 1;
	char hhost[256];
	unsigned hport = 0;
	bool had_port, host_seen = false, te = false;
	struct sbx_buf up = {0};
	int nheaders = 0;

	memset(rq, 0, sizeof(*rq));
	rq->content_length = -1;
	if (len > HH_HEAD_MAX)
		return refuse(rq, 431, "request head over 65536 bytes");
	if (len < 4 || memcmp(end - 4, "\r\n\r\n", 4) != 0)
		return refuse(rq, 400, "request head not ended by CRLF CRLF");
	for (size_t i = 0; i < len; i++) {
		char c = raw[i];

		/* a NUL, or a CR or LF not in a CRLF pair: two parsers may
		 * split such a head into different lines */
		if (!c)
			return refuse(rq, 400, "NUL byte in the request head");
		if (c == '\r' && (i + 1 == len || raw[i + 1] != '\n'))
			return refuse(rq, 400, "bare CR in the request head");
		if (c == '\n' && (i == 0 || raw[i - 1] != '\r'))
			return refuse(rq, 400, "bare LF in the request head");
	}
	eol = strstr(head, "\r\n");
	if ((size_t)(eol - head) > HH_LINE_MAX)
		return refuse(rq, 414, "request line over 8192 bytes");
	/* METHOD SP TARGET SP HTTP/1.x */
	sp1 = memchr(head, ' ', (size_t)(eol - head));
	if (!sp1 || sp1 == head)
		return refuse(rq, 400, "malformed request line");
	for (p = head; p < sp1; p++)
		if (!is_tchar(*p))
			return refuse(rq, 400, "malformed request method");
	target = sp1 + 1;
	sp2 = memchr(target, ' ', (size_t)(eol - target));
	if (!sp2 || sp2 == target)
		return refuse(rq, 400, "malformed request line");
	tn = (size_t)(sp2 - target);
	if ((size_t)(eol - sp2 - 1) != 8 ||
	    (memcmp(sp2 + 1, "HTTP/1.1", 8) && memcmp(sp2 + 1, "HTTP/1.0", 8)))
		return refuse(rq, 400, "not HTTP/1.0 or HTTP/1.1");
	for (p = target; p < sp2; p++)
		if ((unsigned char)*p <= 0x20 || (unsigned char)*p >= 0x7f)
			return refuse(rq, 400, "malformed request target");
	rq->connect = name_is(head, (size_t)(sp1 - head), "CONNECT") &&
		      !strncmp(head, "CONNECT", 7);
	if (rq->connect) {
		if (!parse_authority(target, tn, rq->host, &rq->port,
				     &had_port) ||
		    !had_port)
			return refuse(rq, 400,
				      "CONNECT target is not host:port");
	} else {
		const char *auth, *slash;
		size_t an;

		if (tn < 7 || strncasecmp(target, "http://", 7) != 0)
			return refuse(
			    rq, 400,
			    tn >= 8 && !strncasecmp(target, "https://", 8)
				? "https:// needs CONNECT"
				: "request target is not an "
				  "absolute http:// URL");
		auth = target + 7;
		slash = memchr(auth, '/', (size_t)(sp2 - auth));
		const char *q = memchr(auth, '?', (size_t)(sp2 - auth));
		if (q && (!slash || q < slash))
			slash = q;
		an = slash ? (size_t)(slash - auth) : (size_t)(sp2 - auth);
		rq->port = 80;
		if (!parse_authority(auth, an, rq->host, &rq->port, &had_port))
			return refuse(rq, 400, "malformed host in the URL");
		if (slash) {
			path = slash;
			pathn = (size_t)(sp2 - slash);
		}
		buf_putn(&up, head, (size_t)(sp1 - head) + 1);
		if (*path == '?')
			buf_putc(&up, '/');
		buf_putn(&up, path, pathn);
		buf_putn(&up, sp2, (size_t)(eol - sp2));
		buf_puts(&up, "\r\n");
		rq->upstream = up.s;
	}
	/* headers */
	for (p = eol + 2; p < end - 2; p = eol + 2) {
		const char *colon, *v, *ve;
		size_t nn;

		eol = strstr(p, "\r\n");
		if (++nheaders > HH_HEADERS_MAX)
			return refuse(rq, 431, "over 100 request headers");
		if (*p == ' ' || *p == '\t')
			return refuse(rq, 400, "folded header line");
		colon = memchr(p, ':', (size_t)(eol - p));
		if (!colon || colon == p)
			return refuse(rq, 400, "malformed header line");
		nn = (size_t)(colon - p);
		for (size_t i = 0; i < nn; i++)
			if (!is_tchar(p[i]))
				return refuse(rq, 400,
					      "malformed header name (a "
					      "space before the colon?)");
		v = colon + 1;
		ve = eol;
		while (v < ve && (*v == ' ' || *v == '\t'))
			v++;
		while (ve > v && (ve[-1] == ' ' || ve[-1] == '\t'))
			ve--;
		for (const char *c = v; c < ve; c++)
			if (((unsigned char)*c < 0x20 && *c != '\t') ||
			    *c == 0x7f)
				return refuse(rq, 400,
					      "control byte in a header value");
		if (name_is(p, nn, "content-length")) {
			long long cl = 0;

			if (rq->content_length >= 0)
				return refuse(rq, 400,
					      "repeated Content-Length");
			if (v == ve || ve - v > 15)
				return refuse(rq, 400, "bad Content-Length");
			for (const char *c = v; c < ve; c++) {
				if (*c < '0' || *c > '9')
					return refuse(rq, 400,
						      "bad Content-Length");
				cl = cl * 10 + (*c - '0');
			}
			rq->content_length = cl;
		} else if (name_is(p, nn, "transfer-encoding")) {
			te = true;
		} else if (name_is(p, nn, "host")) {
			bool hp;
			unsigned want = rq->port;

			if (host_seen)
				return refuse(rq, 400, "repeated Host header");
			host_seen = true;
			hport = rq->connect ? rq->port : 80;
			if (!parse_authority(v, (size_t)(ve - v), hhost, &hport,
					     &hp) ||
			    strcasecmp(hhost, rq->host) != 0 || hport != want)
				return refuse(rq, 400,
					      "Host header does not match the "
					      "request target");
		}
		if (!rq->connect && !hop_by_hop(p, nn)) {
			buf_putn(&up, p, nn);
			buf_puts(&up, ": ");
			buf_putn(&up, v, (size_t)(ve - v));
			buf_puts(&up, "\r\n");
			rq->upstream = up.s;
		}
	}
	if (te && rq->content_length >= 0)
		return refuse(rq, 400, "Transfer-Encoding with Content-Length");
	if (te && !rq->connect)
		/* A chunked body's end is known only by parsing the chunks;
		 * the proxy forwards a body of a declared length only, so it
		 * can never pass on bytes after the body as a second request
		 * the server reads (RFC 9112 §6.3: 411 Length Required). */
		return refuse(rq, 411,
			      "Transfer-Encoding in a plain HTTP request "
			      "(send a Content-Length)");
	if (!rq->connect) {
		if (rq->port == 80)
			buf_printf(&up, "Host: %s%s%s\r\n",
				   strchr(rq->host, ':') ? "[" : "", rq->host,
				   strchr(rq->host, ':') ? "]" : "");
		else
			buf_printf(&up, "Host: %s%s%s:%u\r\n",
				   strchr(rq->host, ':') ? "[" : "", rq->host,
				   strchr(rq->host, ':') ? "]" : "", rq->port);
		buf_puts(&up, "Connection: close\r\n\r\n");
		rq->upstream = up.s;
		rq->upstream_len = up.len;
	}
	return 0;
}

void hh_free(struct hh_request *rq)
{
	free(rq->upstream);
	rq->upstream = NULL;
}
