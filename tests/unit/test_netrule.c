/* tests/unit/test_netrule.c — the rules of `--network domains`
 * (core/netrule.c): patterns, names, ports, CIDR, punycode, the refused
 * address ranges. */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "netrule.h"

static struct nr_set *mkset(const char *const *allow, const char *const *deny)
{
	struct nr_set *s = nr_set_new();
	struct sbx_diag d = {0};

	for (size_t i = 0; allow && allow[i]; i++) {
		int rc = nr_add(s, allow[i], false, "--allow-domain", &d);
		if (rc)
			fail_msg("%s: %s", allow[i], d.msg);
	}
	for (size_t i = 0; deny && deny[i]; i++) {
		int rc = nr_add(s, deny[i], true, "--deny-domain", &d);
		if (rc)
			fail_msg("%s: %s", deny[i], d.msg);
	}
	return s;
}

static void rendered(const char *pat, const char *want)
{
	struct nr_rule r;
	struct sbx_diag d = {0};

	if (nr_parse(pat, false, "t", &r, &d))
		fail_msg("%s refused: %s", pat, d.msg);
	if (strcmp(r.pattern, want))
		fail_msg("%s rendered %s, want %s", pat, r.pattern, want);
}

static void refused(const char *pat, const char *msgpart)
{
	struct nr_rule r;
	struct sbx_diag d = {0};

	if (nr_parse(pat, false, "t", &r, &d) != -EINVAL)
		fail_msg("%s accepted (%s)", pat, r.pattern);
	if (msgpart && !strstr(d.msg, msgpart))
		fail_msg("%s: message '%s' lacks '%s'", pat, d.msg, msgpart);
}

static void test_parse(void **state)
{
	(void)state;
	rendered("Example.COM", "example.com");
	rendered("example.com.", "example.com");
	rendered("*.Example.com.:443", "*.example.com:443");
	rendered("example.com:8080", "example.com:8080");
	rendered("192.0.2.7", "192.0.2.7");
	rendered("192.0.2.7:22", "192.0.2.7:22");
	rendered("10.0.0.0/8", "10.0.0.0/8");
	rendered("10.0.0.0/8:5432", "10.0.0.0/8:5432");
	rendered("2001:DB8::1", "2001:db8::1");
	rendered("[2001:db8::1]:443", "[2001:db8::1]:443");
	rendered("[2001:db8::1]", "2001:db8::1");
	rendered("2001:db8::/32", "2001:db8::/32");
	rendered("[fd00::/8]:22", "[fd00::/8]:22");
	rendered("::", "::");
	rendered("1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8");
	rendered("::ffff:1.2.3.4", "1.2.3.4");
	rendered("0.0.0.0/0", "0.0.0.0/0");
	rendered("::/0", "::/0");
	rendered("a-b.c0", "a-b.c0");

	refused("", "empty");
	refused("example.com:0", "port");
	refused("example.com:65536", "port");
	refused("example.com:", "port");
	refused("example.com:08", "port");
	refused("example.com:http", "port");
	refused("ex*ample.com", "'*'");
	refused("*example.com", "'*'");
	refused("*", "'*'");
	refused("a.*.example.com", "'*'");
	refused("exa_mple.com", "letters");
	refused("exa mple.com", "letters");
	refused("-example.com", "hyphen");
	refused("example-.com", "hyphen");
	refused("example..com", "empty label");
	refused(".example.com", "empty label");
	refused("example.com..", "empty label");
	refused("10.0.0.1/8", "host bits");
	refused("10.0.0.0/33", "over 32");
	refused("2001:db8::/129", "over 128");
	refused("10.0.0.0/", "prefix");
	refused("256.1.1.1", "IP");
	refused("1.2.3", "IP");
	refused("010.1.1.1", "IP");
	refused("1.2.3.4.5", "IP");
	refused("[2001:db8::1", "']'");
	refused("[2001:db8::1]x", "']'");
	refused("[example.com]:80", "IPv6");
	refused("1:2:3:4:5:6:7:8:9", "IP");
	refused("1::2::3", "IP");
	refused("fe80::1%eth0", NULL);
	refused(":::", "IP");
	refused("10.", "numeric");
	refused("2130706433", "IP");
	refused("0x7f.1", "numeric");
	refused("a.b.123", "numeric");

	/* labels of 63 bytes pass, 64 do not; 253 bytes in all */
	char big[300];
	memset(big, 'a', 63);
	strcpy(big + 63, ".com");
	rendered(big, big);
	memset(big, 'a', 64);
	strcpy(big + 64, ".com");
	refused(big, "63");
	big[0] = '\0';
	for (int i = 0; i < 4; i++)
		strcat(big, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
			    "aaaaaaaaaaaa.");
	/* 4 * 63 = 252 bytes + "a" = 253 */
	strcat(big, "a");
	rendered(big, big);
	strcat(big, "b");
	refused(big, "253");
}

static void test_v6_port_ambiguity(void **state)
{
	struct nr_rule r;

	(void)state;
	/* a bare IPv6 address never takes a port: 2001:db8::1:443 is the
	 * address 2001:db8::1:443 (the 443 is its last word) */
	assert_int_equal(nr_parse("2001:db8::1:1bb", false, "t", &r, NULL), 0);
	assert_int_equal(r.port, 0);
	assert_string_equal(r.pattern, "2001:db8::1:1bb");
}

static void test_punycode(void **state)
{
	char out[128];

	(void)state;
	/* RFC 3492 §7.1 sample (A) Arabic (Egyptian) and known labels */
	assert_int_equal(
	    nr_punycode("bücher", strlen("bücher"), out, sizeof(out)), 0);
	assert_string_equal(out, "bcher-kva");
	assert_int_equal(
	    nr_punycode("münchen", strlen("münchen"), out, sizeof(out)), 0);
	assert_string_equal(out, "mnchen-3ya");
	const char *ar = "\xd9\x84\xd9\x8a\xd9\x87\xd9\x85\xd8\xa7\xd8\xa8\xd8"
			 "\xaa\xd9\x83\xd9\x84\xd9\x85\xd9\x88\xd8\xb4\xd8\xb9"
			 "\xd8\xb1\xd8\xa8\xd9\x8a\xd8\x9f";
	assert_int_equal(nr_punycode(ar, strlen(ar), out, sizeof(out)), 0);
	assert_string_equal(out, "egbpdaj6bu4bxfgehfvwxn");
	/* (L) 3<nen>B<gumi><kinpachi><sensei> */
	const char *jp = "3\xe5\xb9\xb4"
			 "B\xe7\xb5\x84\xe9\x87\x91\xe5\x85"
			 "\xab\xe5\x85\x88\xe7\x94\x9f";
	assert_int_equal(nr_punycode(jp, strlen(jp), out, sizeof(out)), 0);
	assert_string_equal(out, "3B-ww4c5e180e575a65lsy2b");
	/* an emoji (4-byte UTF-8) */
	assert_int_equal(nr_punycode("\xf0\x9f\x98\x80", 4, out, sizeof(out)),
			 0);
	assert_string_equal(out, "e28h");
	/* invalid UTF-8: a lone continuation, an overlong '/', a surrogate */
	assert_int_equal(nr_punycode("a\x80", 2, out, sizeof(out)), -EINVAL);
	assert_int_equal(nr_punycode("\xc0\xaf", 2, out, sizeof(out)), -EINVAL);
	assert_int_equal(nr_punycode("\xed\xa0\x80", 3, out, sizeof(out)),
			 -EINVAL);
	assert_int_equal(nr_punycode("bücher", strlen("bücher"), out, 5),
			 -ENAMETOOLONG);

	rendered("Bücher.example", "xn--bcher-kva.example");
	rendered("*.münchen.de:443", "*.xn--mnchen-3ya.de:443");
	refused("b\xfc"
		"cher.de",
		"UTF-8"); /* Latin-1, not UTF-8 */
}

static void test_names(void **state)
{
	const char *allow[] = {"example.com", "*.sub.example.org",
			       "ports.test:8443", "bücher.example", NULL};
	struct nr_set *s = mkset(allow, NULL);
	struct nr_verdict v;

	(void)state;
	assert_true(nr_decide_name(s, "example.com", 443, &v));
	assert_string_equal(v.text, "example.com (--allow-domain)");
	assert_true(nr_decide_name(s, "EXAMPLE.com.", 80, &v));
	assert_string_equal(v.host, "example.com");
	/* the apex rule does not cover subdomains, nor a look-alike */
	assert_false(nr_decide_name(s, "www.example.com", 443, &v));
	assert_int_equal(v.why, NR_WHY_UNLISTED);
	assert_string_equal(v.text, "not in the allow list");
	assert_false(nr_decide_name(s, "badexample.com", 443, &v));
	assert_false(nr_decide_name(s, "example.com.evil.test", 443, &v));
	/* the wildcard covers subdomains at any depth, not the apex */
	assert_true(nr_decide_name(s, "a.sub.example.org", 443, &v));
	assert_true(nr_decide_name(s, "a.b.SUB.example.org", 443, &v));
	assert_string_equal(v.text, "*.sub.example.org (--allow-domain)");
	assert_false(nr_decide_name(s, "sub.example.org", 443, &v));
	assert_false(nr_decide_name(s, "xsub.example.org", 443, &v));
	assert_false(nr_decide_name(s, ".sub.example.org", 443, &v));
	assert_int_equal(v.why, NR_WHY_BAD_HOST);
	/* ports */
	assert_true(nr_decide_name(s, "ports.test", 8443, &v));
	assert_false(nr_decide_name(s, "ports.test", 443, &v));
	assert_false(nr_decide_name(s, "ports.test", 84430, &v));
	/* IDN: the client may send either form */
	assert_true(nr_decide_name(s, "xn--bcher-kva.example", 443, &v));
	assert_true(nr_decide_name(s, "bücher.example", 443, &v));
	/* junk a client might send */
	assert_false(nr_decide_name(s, "", 443, &v));
	assert_false(nr_decide_name(s, "exa mple.com", 443, &v));
	assert_false(nr_decide_name(s, "example.com\r\nX: y", 443, &v));
	/* inet_aton's forms of 127.0.0.1 are no names */
	assert_false(nr_decide_name(s, "2130706433", 443, &v));
	assert_int_equal(v.why, NR_WHY_BAD_HOST);
	assert_false(nr_decide_name(s, "0x7f.1", 443, &v));
	assert_int_equal(v.why, NR_WHY_BAD_HOST);
	assert_int_equal(v.why, NR_WHY_BAD_HOST);
	/* a name rule never matches an address literal */
	assert_false(nr_decide_name(s, "93.184.216.34", 443, &v));
	assert_true(v.literal);
	nr_set_free(s);
}

static void test_deny_wins(void **state)
{
	const char *allow[] = {"*.example.com", "example.com", NULL};
	const char *deny[] = {"evil.example.com", "*.corp.example.com",
			      "example.com:25", NULL};
	struct nr_set *s = nr_set_new();
	struct nr_verdict v;
	struct sbx_diag d = {0};

	(void)state;
	/* the deny rules first: order does not matter */
	for (int i = 0; deny[i]; i++)
		assert_int_equal(nr_add(s, deny[i], true, "config /c:2", &d),
				 0);
	for (int i = 0; allow[i]; i++)
		assert_int_equal(
		    nr_add(s, allow[i], false, "--allow-domain", &d), 0);
	assert_int_equal(nr_count(s), 5);
	assert_int_equal(nr_count_allow(s), 2);
	assert_true(nr_decide_name(s, "www.example.com", 443, &v));
	assert_false(nr_decide_name(s, "evil.example.com", 443, &v));
	assert_int_equal(v.why, NR_WHY_RULE);
	assert_true(v.has_rule && v.rule.deny);
	assert_string_equal(v.text, "deny evil.example.com (config /c:2)");
	assert_false(nr_decide_name(s, "db.corp.example.com", 443, &v));
	assert_string_equal(v.rule.pattern, "*.corp.example.com");
	assert_true(nr_decide_name(s, "corp.example.com", 443, &v));
	assert_false(nr_decide_name(s, "example.com", 25, &v));
	assert_true(nr_decide_name(s, "example.com", 26, &v));
	nr_set_free(s);
}

static bool addr_ok(const struct nr_set *s, const char *host, unsigned port,
		    const char *addr, struct nr_verdict *v)
{
	struct nr_verdict hv;
	struct nr_addr a, own[2];

	assert_true(nr_addr_parse("198.51.100.9", &own[0]));
	assert_true(nr_addr_parse("2001:db8:5::9", &own[1]));
	if (!nr_addr_parse(addr, &a))
		fail_msg("bad test address %s", addr);
	nr_decide_name(s, host, port, &hv);
	return nr_decide_addr(s, &hv, &a, own, 2, v);
}

static void test_refused_ranges(void **state)
{
	const char *allow[] = {"ok.test", NULL};
	struct nr_set *s = mkset(allow, NULL);
	struct nr_verdict v;
	/* clang-format off */
	static const char *const bad[] = {
		"127.0.0.1", "127.255.255.254", "0.0.0.0", "0.1.2.3",
		"10.0.0.1", "10.255.255.255", "172.16.0.1", "172.31.255.255",
		"192.168.0.1", "192.168.255.255", "100.64.0.1",
		"100.127.255.255", "169.254.0.1", "169.254.169.254",
		"224.0.0.1", "239.255.255.255", "255.255.255.255",
		"240.0.0.1", "::1", "::", "fe80::1", "febf::1", "fc00::1",
		"fdff:ffff::1", "fd00:ec2::254", "ff02::1", "fec0::1",
		"::ffff:127.0.0.1", "::ffff:169.254.169.254",
		"::ffff:10.1.2.3", "::127.0.0.1", "64:ff9b::127.0.0.1",
		"64:ff9b::10.0.0.1", "198.51.100.9", "2001:db8:5::9",
		"::ffff:198.51.100.9", NULL,
	};
	static const char *const good[] = {
		"93.184.216.34", "9.255.255.255", "11.0.0.0", "172.15.255.255",
		"172.32.0.0", "192.167.255.255", "192.169.0.0", "100.63.255.255",
		"100.128.0.0", "169.253.255.255", "169.255.0.0",
		"223.255.255.255", "1.0.0.0", "2606:2800:220:1::1",
		"fe7f::1",
		"fbff::1", "fe00::1", "2001:db8:5::8", "198.51.100.8",
		"64:ff9b::93.184.216.34", "::ffff:93.184.216.34", NULL,
	};
	/* clang-format on */

	(void)state;
	for (int i = 0; bad[i]; i++) {
		if (addr_ok(s, "ok.test", 443, bad[i], &v))
			fail_msg("%s allowed for ok.test", bad[i]);
		assert_int_equal(v.why, NR_WHY_ADDR);
		if (!strstr(v.text, "ok.test -> "))
			fail_msg("%s: %s", bad[i], v.text);
	}
	for (int i = 0; good[i]; i++) {
		if (!addr_ok(s, "ok.test", 443, good[i], &v))
			fail_msg("%s refused: %s", good[i], v.text);
		assert_string_equal(v.text, "ok.test (--allow-domain)");
	}
	assert_false(addr_ok(s, "ok.test", 443, "169.254.169.254", &v));
	assert_string_equal(v.text, "ok.test -> 169.254.169.254 is cloud "
				    "metadata (refused unless a rule names "
				    "the address)");
	assert_false(addr_ok(s, "ok.test", 443, "::ffff:127.0.0.1", &v));
	assert_string_equal(v.text, "ok.test -> 127.0.0.1 is loopback "
				    "(refused unless a rule names the "
				    "address)");
	/* a refused name stays refused, whatever the address */
	assert_false(addr_ok(s, "no.test", 443, "93.184.216.34", &v));
	assert_int_equal(v.why, NR_WHY_UNLISTED);
	nr_set_free(s);
}

static void test_explicit_addr(void **state)
{
	const char *allow[] = {"ok.test",	"127.0.0.1:8080",  "10.0.0.0/8",
			       "[fd00::/8]:22", "169.254.169.254", NULL};
	const char *deny[] = {"93.184.216.0/24", "10.9.0.0/16", NULL};
	struct nr_set *s = mkset(allow, deny);
	struct nr_verdict v;

	(void)state;
	/* a rule naming the address lets an allowed name reach it */
	assert_true(addr_ok(s, "ok.test", 8080, "127.0.0.1", &v));
	assert_string_equal(v.text, "127.0.0.1:8080 (--allow-domain)");
	assert_false(addr_ok(s, "ok.test", 8081, "127.0.0.1", &v));
	assert_true(addr_ok(s, "ok.test", 443, "10.20.30.40", &v));
	assert_true(addr_ok(s, "ok.test", 443, "::ffff:10.20.30.40", &v));
	assert_true(addr_ok(s, "ok.test", 22, "fd12::1", &v));
	assert_false(addr_ok(s, "ok.test", 23, "fd12::1", &v));
	assert_true(addr_ok(s, "ok.test", 80, "169.254.169.254", &v));
	/* but not a name that is not allowed */
	assert_false(addr_ok(s, "no.test", 8080, "127.0.0.1", &v));
	/* a deny rule on an address refuses a name resolving into it */
	assert_false(addr_ok(s, "ok.test", 443, "93.184.216.34", &v));
	assert_int_equal(v.why, NR_WHY_ADDR_RULE);
	assert_string_equal(v.text, "deny 93.184.216.0/24 (--deny-domain)");
	assert_false(addr_ok(s, "ok.test", 443, "10.9.1.1", &v));
	/* literals: matched by address rules only */
	assert_true(nr_decide_name(s, "10.1.2.3", 443, &v));
	assert_true(v.literal);
	assert_true(nr_decide_name(s, "[fd00::5]", 22, &v));
	assert_false(nr_decide_name(s, "[fd00::5]", 23, &v));
	assert_false(nr_decide_name(s, "10.9.9.9", 443, &v));
	assert_false(nr_decide_name(s, "11.0.0.1", 443, &v));
	assert_int_equal(v.why, NR_WHY_UNLISTED);
	assert_true(addr_ok(s, "127.0.0.1", 8080, "127.0.0.1", &v));
	nr_set_free(s);
}

/* CIDR edges: the first and last address of a range, and one outside. */
static void test_cidr_edges(void **state)
{
	const char *allow[] = {"203.0.113.0/25", "2001:db8:a::/48",
			       "198.51.100.77/32", "2001:db8:ff::/127", NULL};
	struct nr_set *s = mkset(allow, NULL);
	struct nr_verdict v;

	(void)state;
	assert_true(nr_decide_name(s, "203.0.113.0", 1, &v));
	assert_true(nr_decide_name(s, "203.0.113.127", 1, &v));
	assert_false(nr_decide_name(s, "203.0.113.128", 1, &v));
	assert_false(nr_decide_name(s, "203.0.112.255", 1, &v));
	assert_true(nr_decide_name(s, "::ffff:203.0.113.5", 1, &v));
	assert_true(nr_decide_name(s, "2001:db8:a::", 1, &v));
	assert_true(
	    nr_decide_name(s, "2001:db8:a:ffff:ffff:ffff:ffff:ffff", 1, &v));
	assert_false(nr_decide_name(s, "2001:db8:b::", 1, &v));
	assert_false(nr_decide_name(s, "2001:db8:9:ffff::", 1, &v));
	assert_true(nr_decide_name(s, "198.51.100.77", 1, &v));
	assert_false(nr_decide_name(s, "198.51.100.76", 1, &v));
	assert_true(nr_decide_name(s, "2001:db8:ff::1", 1, &v));
	assert_false(nr_decide_name(s, "2001:db8:ff::2", 1, &v));
	/* an IPv4 rule does not match the IPv6 address with the same bits
	 * outside the mapped block */
	assert_false(nr_decide_name(s, "::cb00:7105", 1, &v));
	nr_set_free(s);
}

static void test_addr_text(void **state)
{
	struct nr_addr a;
	char t[64];
	/* clang-format off */
	static const char *const round[][2] = {
		{"::", "::"}, {"::1", "::1"}, {"1::", "1::"},
		{"2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"},
		{"2001:0db8:0000:0000:0000:0000:0002:0001", "2001:db8::2:1"},
		{"1:0:2:0:3:0:4:0", "1:0:2:0:3:0:4:0"},
		{"::ffff:192.0.2.1", "192.0.2.1"},
		{"[fe80::1]", "fe80::1"}, {"1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:102:304"},
	};
	/* clang-format on */

	(void)state;
	for (size_t i = 0; i < sizeof(round) / sizeof(*round); i++) {
		if (!nr_addr_parse(round[i][0], &a))
			fail_msg("%s not parsed", round[i][0]);
		nr_addr_format(&a, t, sizeof(t));
		if (strcmp(t, round[i][1]))
			fail_msg("%s -> %s, want %s", round[i][0], t,
				 round[i][1]);
	}
	assert_false(nr_addr_parse("1:2:3:4:5:6:7:1.2.3.4", &a));
	assert_false(nr_addr_parse("12345::", &a));
	assert_false(nr_addr_parse("1.2.3.04", &a));
	assert_false(nr_addr_parse("1.2.3.4 ", &a));
	assert_false(nr_addr_parse("[1.2.3.4]", &a));
	assert_false(nr_addr_parse(":1::", &a));
	assert_false(nr_addr_parse("1::2:", &a));
	uint8_t raw4[4] = {192, 0, 2, 1}, v4[4];
	assert_true(nr_addr_from(&a, raw4, 4));
	assert_true(nr_addr_is_v4(&a, v4));
	assert_memory_equal(v4, raw4, 4);
	assert_false(nr_addr_from(&a, raw4, 5));
}

static void test_registries(void **state)
{
	struct nr_set *s = nr_set_new();
	struct nr_verdict v;
	struct sbx_diag d = {0};
	const char *const *h = nr_group_hosts("@registries");

	(void)state;
	assert_int_equal(
	    nr_add(s, "@registries", false, "--network registries", &d), 0);
	assert_non_null(h);
	size_t n = 0;
	while (h[n])
		n++;
	assert_int_equal(n, 15);
	assert_int_equal(nr_count(s), 2 * n);
	assert_true(nr_decide_name(s, "pypi.org", 443, &v));
	assert_string_equal(
	    v.text, "pypi.org:443 (@registries (--network registries))");
	assert_true(nr_decide_name(s, "registry.npmjs.org", 80, &v));
	assert_false(nr_decide_name(s, "registry.npmjs.org", 22, &v));
	assert_false(nr_decide_name(s, "www.pypi.org", 443, &v));
	assert_true(
	    nr_decide_name(s, "release-assets.githubusercontent.com", 443, &v));
	assert_false(nr_decide_name(s, "github.com", 443, &v));
	assert_int_equal(nr_add(s, "@nope", false, "x", &d), -ENOENT);
	assert_non_null(strstr(d.msg, "@nope"));

#ifdef SBXSH_SRC_DIR
	/* docs/network.md lists every host of the group */
	FILE *f = fopen(SBXSH_SRC_DIR "/docs/network.md", "r");
	if (f) {
		static char doc[1 << 16];
		size_t len = fread(doc, 1, sizeof(doc) - 1, f);
		doc[len] = '\0';
		fclose(f);
		for (size_t i = 0; h[i]; i++)
			if (!strstr(doc, h[i]))
				fail_msg("docs/network.md lacks %s", h[i]);
	}
#endif
	nr_set_free(s);
}

/* A pattern's origin with control bytes (a config path) never reaches
 * the verdict's text raw. */
static void test_text_printable(void **state)
{
	struct nr_set *s = nr_set_new();
	struct nr_verdict v;

	(void)state;
	assert_int_equal(
	    nr_add(s, "ok.test", false, "config /x\x1b]0;t\a:1", NULL), 0);
	assert_true(nr_decide_name(s, "ok.test", 1, &v));
	for (const char *p = v.text; *p; p++)
		assert_true(*p >= 0x20 && *p < 0x7f);
	nr_set_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_parse),
	    cmocka_unit_test(test_v6_port_ambiguity),
	    cmocka_unit_test(test_punycode),
	    cmocka_unit_test(test_names),
	    cmocka_unit_test(test_deny_wins),
	    cmocka_unit_test(test_refused_ranges),
	    cmocka_unit_test(test_explicit_addr),
	    cmocka_unit_test(test_cidr_edges),
	    cmocka_unit_test(test_addr_text),
	    cmocka_unit_test(test_registries),
	    cmocka_unit_test(test_text_printable),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
