/* tests/unit/test_httphead.c — the proxy's request-head parser
 * (shell/proxy/httphead.c): what it forwards, and every ambiguous or
 * oversized form it refuses. */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "httphead.h"

static int parse(const char *s, struct hh_request *rq)
{
	return hh_parse(s, strlen(s), rq);
}

static void refused(const char *s, int status, const char *why)
{
	struct hh_request rq;

	if (parse(s, &rq) != -EINVAL)
		fail_msg("accepted: %s", s);
	if (rq.status != status || !strstr(rq.why, why))
		fail_msg("%d %s, want %d %s", rq.status, rq.why, status, why);
	assert_null(rq.upstream);
}

static void test_connect(void **state)
{
	struct hh_request rq;

	(void)state;
	assert_int_equal(parse("CONNECT Example.com:443 HTTP/1.1\r\n"
			       "Host: example.com:443\r\nUser-Agent: x\r\n\r\n",
			       &rq),
			 0);
	assert_true(rq.connect);
	assert_string_equal(rq.host, "Example.com");
	assert_int_equal(rq.port, 443);
	assert_null(rq.upstream);
	assert_int_equal(
	    parse("CONNECT [2001:db8::1]:22 HTTP/1.1\r\n\r\n", &rq), 0);
	assert_string_equal(rq.host, "2001:db8::1");
	assert_int_equal(rq.port, 22);
	refused("CONNECT example.com HTTP/1.1\r\n\r\n", 400, "host:port");
	refused("CONNECT example.com:0 HTTP/1.1\r\n\r\n", 400, "host:port");
	refused(
	    "CONNECT example.com:443 HTTP/1.1\r\nHost: other.com:443\r\n\r\n",
	    400, "Host header");
	refused("CONNECT a@example.com:443 HTTP/1.1\r\n\r\n", 400, "host:port");
	refused("CONNECT ex%61mple.com:443 HTTP/1.1\r\n\r\n", 400, "host:port");
}

static void test_absolute(void **state)
{
	struct hh_request rq;

	(void)state;
	assert_int_equal(
	    parse(
		"GET http://ok.test:8080/a/b?c HTTP/1.1\r\nHost: OK.test:8080"
		"\r\nProxy-Connection: keep-alive\r\nConnection: keep-alive\r\n"
		"Accept:  */* \r\nProxy-Authorization: Basic eA==\r\n\r\n",
		&rq),
	    0);
	assert_false(rq.connect);
	assert_string_equal(rq.host, "ok.test");
	assert_int_equal(rq.port, 8080);
	assert_string_equal(rq.upstream,
			    "GET /a/b?c HTTP/1.1\r\nAccept: */*\r\n"
			    "Host: ok.test:8080\r\nConnection: close\r\n\r\n");
	assert_int_equal(rq.upstream_len, strlen(rq.upstream));
	hh_free(&rq);
	assert_int_equal(parse("POST http://ok.test HTTP/1.0\r\n"
			       "Content-Length: 5\r\n\r\n",
			       &rq),
			 0);
	assert_int_equal(rq.port, 80);
	assert_int_equal(rq.content_length, 5);
	assert_string_equal(rq.upstream, "POST / HTTP/1.0\r\nContent-Length: 5"
					 "\r\nHost: ok.test\r\nConnection: "
					 "close\r\n\r\n");
	hh_free(&rq);
	assert_int_equal(
	    parse("GET http://ok.test?q HTTP/1.1\r\nHost: ok.test:80"
		  "\r\n\r\n",
		  &rq),
	    0);
	assert_string_equal(rq.upstream, "GET /?q HTTP/1.1\r\nHost: ok.test\r\n"
					 "Connection: close\r\n\r\n");
	hh_free(&rq);
	assert_int_equal(parse("GET http://[::1]:81/ HTTP/1.1\r\n\r\n", &rq),
			 0);
	assert_non_null(strstr(rq.upstream, "Host: [::1]:81\r\n"));
	hh_free(&rq);
}

static void test_refusals(void **state)
{
	char *big;

	(void)state;
	refused("GET https://ok.test/ HTTP/1.1\r\n\r\n", 400, "CONNECT");
	refused("GET /local HTTP/1.1\r\n\r\n", 400, "absolute");
	refused("GET http://ok.test/ HTTP/2.0\r\n\r\n", 400, "HTTP/1");
	refused("GET http://ok.test/  HTTP/1.1\r\n\r\n", 400, "HTTP/1");
	refused("GET http://u:p@ok.test/ HTTP/1.1\r\n\r\n", 400, "host");
	refused("GET http://ok.test/ HTTP/1.1\r\nHost: evil.test\r\n\r\n", 400,
		"Host header");
	refused("GET http://ok.test/ HTTP/1.1\r\nHost: ok.test:81\r\n\r\n", 400,
		"Host header");
	refused("GET http://ok.test/ HTTP/1.1\r\nHost: ok.test\r\nHost: ok.test"
		"\r\n\r\n",
		400, "repeated Host");
	refused("POST http://ok.test/ HTTP/1.1\r\nContent-Length: 3\r\n"
		"Transfer-Encoding: chunked\r\n\r\n",
		400, "Transfer-Encoding with Content-Length");
	refused(
	    "POST http://ok.test/ HTTP/1.1\r\nTransfer-Encoding: chunked\r\n"
	    "Content-Length: 3\r\n\r\n",
	    400, "Transfer-Encoding with Content-Length");
	refused("POST http://ok.test/ HTTP/1.1\r\nContent-Length: 3\r\n"
		"Content-Length: 3\r\n\r\n",
		400, "repeated Content-Length");
	refused("POST http://ok.test/ HTTP/1.1\r\nContent-Length: 3, 3\r\n\r\n",
		400, "bad Content-Length");
	refused("POST http://ok.test/ HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
		400, "bad Content-Length");
	refused(
	    "POST http://ok.test/ HTTP/1.1\r\nTransfer-Encoding: chunked\r\n"
	    "\r\n",
	    411, "Transfer-Encoding");
	refused("GET http://ok.test/ HTTP/1.1\r\nContent-Length : 3\r\n\r\n",
		400, "space before the colon");
	refused("GET http://ok.test/ HTTP/1.1\r\nX: a\r\n b\r\n\r\n", 400,
		"folded");
	refused("GET http://ok.test/ HTTP/1.1\nHost: ok.test\r\n\r\n", 400,
		"bare LF");
	refused("GET http://ok.test/ HTTP/1.1\r\nX: a\rb\r\n\r\n", 400,
		"bare CR");
	refused("GET http://ok.test/ HTTP/1.1\r\nX: a\x01\r\n\r\n", 400,
		"control byte");
	refused("GET http://ok.test/ HTTP/1.1\r\nX a\r\n\r\n", 400,
		"malformed header");
	refused("GET http://ok.test/ HTTP/1.1\r\n", 400, "CRLF CRLF");
	/* NUL: the copy is cut there, the head is not */
	struct hh_request rq;
	assert_int_equal(
	    hh_parse("GET http://ok.test/ HTTP/1.1\r\nX: \0a\r\n\r\n", 39, &rq),
	    -EINVAL);
	assert_int_equal(rq.status, 400);

	/* bounds: a request line over 8 KiB, a head over 64 KiB, 101 headers
	 * (and exactly 100 pass) */
	big = xmalloc(HH_HEAD_MAX + 100);
	strcpy(big, "GET http://ok.test/");
	memset(big + strlen(big), 'a', HH_LINE_MAX);
	strcpy(big + 19 + HH_LINE_MAX, " HTTP/1.1\r\n\r\n");
	refused(big, 414, "8192");
	strcpy(big, "GET http://ok.test/ HTTP/1.1\r\nX: ");
	memset(big + strlen(big), 'a', HH_HEAD_MAX);
	strcpy(big + 33 + HH_HEAD_MAX, "\r\n\r\n");
	refused(big, 431, "65536");
	strcpy(big, "GET http://ok.test/ HTTP/1.1\r\n");
	for (int i = 0; i < 100; i++)
		sprintf(big + strlen(big), "X-%d: v\r\n", i);
	strcat(big, "\r\n");
	assert_int_equal(parse(big, &rq), 0);
	hh_free(&rq);
	big[strlen(big) - 2] = '\0';
	strcat(big, "X-100: v\r\n\r\n");
	refused(big, 431, "100");
	free(big);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_connect),
	    cmocka_unit_test(test_absolute),
	    cmocka_unit_test(test_refusals),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
