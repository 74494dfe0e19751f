/* tests/fuzz/fuzz_httphead.c — proxy request heads through hh_parse
 * (shell/proxy/httphead.c), the bytes a job sends the egress proxy. What
 * must hold of a head accepted:
 *  - the target has a host of letters, digits, '-', '.' (or an IPv6
 *    literal's hex digits, ':' and '.') and a port 1-65535;
 *  - the input held no Transfer-Encoding beside a Content-Length, at
 *    most one Content-Length and at most one Host, and no bare CR or LF;
 *  - for plain HTTP, the head sent upstream is one request line in
 *    origin form, exactly one Host line naming the target, Connection:
 *    close, no Transfer-Encoding or Proxy-* line, CRLF line ends only,
 *    ending in the one blank line;
 * and of a head refused: a status of 400, 411, 414, 431 or 501 and a
 * reason. */
#include <string.h>
#include <strings.h>

#include "fuzz.h"
#include "httphead.h"

static size_t count_lines(const char *s, size_t n, const char *name)
{
	size_t k = 0, nl = strlen(name);

	for (size_t i = 0; i < n; i++)
		if ((i == 0 || s[i - 1] == '\n') && n - i >= nl &&
		    !strncasecmp(s + i, name, nl))
			k++;
	return k;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hh_request rq;
	const char *s = (const char *)data;

	if (hh_parse(s, size, &rq) < 0) {
		FZ_CHECK(rq.why && *rq.why);
		FZ_CHECK(rq.status == 400 || rq.status == 411 ||
			 rq.status == 414 || rq.status == 431 ||
			 rq.status == 501);
		FZ_CHECK(!rq.upstream);
		return 0;
	}
	FZ_CHECK(rq.port >= 1 && rq.port <= 65535);
	FZ_CHECK(rq.host[0]);
	for (const char *p = rq.host; *p; p++)
		FZ_CHECK(strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRS"
				"TUVWXYZ0123456789-.:",
				*p));
	FZ_CHECK(!memchr(s, '\0', size));
	for (size_t i = 0; i < size; i++) {
		if (s[i] == '\r')
			FZ_CHECK(i + 1 < size && s[i + 1] == '\n');
		if (s[i] == '\n')
			FZ_CHECK(i > 0 && s[i - 1] == '\r');
	}
	FZ_CHECK(count_lines(s, size, "content-length:") <= 1);
	FZ_CHECK(count_lines(s, size, "host:") <= 1);
	FZ_CHECK(!(count_lines(s, size, "transfer-encoding:") &&
		   count_lines(s, size, "content-length:")));
	if (rq.connect) {
		FZ_CHECK(!rq.upstream);
		return 0;
	}
	const char *u = rq.upstream;
	size_t n = rq.upstream_len;

	FZ_CHECK(u && strlen(u) == n);
	FZ_CHECK(n >= 4 && !memcmp(u + n - 4, "\r\n\r\n", 4));
	FZ_CHECK(strstr(u, "\r\n\r\n") == u + n - 4);
	FZ_CHECK(strchr(u, ' ') && strchr(u, ' ')[1] == '/');
	for (size_t i = 0; i < n; i++) {
		if (u[i] == '\r')
			FZ_CHECK(u[i + 1] == '\n');
		if (u[i] == '\n')
			FZ_CHECK(i > 0 && u[i - 1] == '\r');
	}
	/* the header lines, after the request line (a method is any token,
	 * "Host:" or "proxy-x" too) */
	const char *h = strstr(u, "\r\n") + 2;
	size_t hn = n - (size_t)(h - u);
	FZ_CHECK(count_lines(h, hn, "host:") == 1);
	FZ_CHECK(count_lines(h, hn, "connection:") == 1);
	FZ_CHECK(count_lines(h, hn, "transfer-encoding:") == 0);
	FZ_CHECK(count_lines(h, hn, "proxy-") == 0);
	hh_free(&rq);
	return 0;
}
