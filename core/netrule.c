/* core/netrule.c — allow and deny rules of `--network domains`: parsing,
 * name and address decisions, punycode. Pure (docs/style.md §5). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "netrule.h"

struct nr_set {
	struct nr_rule *r;
	size_t n, cap;
};

struct nr_set *nr_set_new(void)
{
	return xcalloc(1, sizeof(struct nr_set));
}

void nr_set_free(struct nr_set *set)
{
	if (!set)
		return;
	free(set->r);
	free(set);
}

void nr_add_rule(struct nr_set *set, const struct nr_rule *rule)
{
	if (set->n == set->cap) {
		set->cap = set->cap ? set->cap * 2 : 16;
		set->r = xrealloc(set->r, set->cap * sizeof(*set->r));
	}
	set->r[set->n++] = *rule;
}

size_t nr_count(const struct nr_set *set)
{
	return set->n;
}

const struct nr_rule *nr_rule_at(const struct nr_set *set, size_t i)
{
	return i < set->n ? &set->r[i] : NULL;
}

size_t nr_count_allow(const struct nr_set *set)
{
	size_t k = 0;

	for (size_t i = 0; i < set->n; i++)
		k += !set->r[i].deny;
	return k;
}

/* --- addresses ----------------------------------------------------------- */

static const uint8_t v4mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};

bool nr_addr_from(struct nr_addr *a, const void *bytes, size_t len)
{
	if (len == 4) {
		memcpy(a->b, v4mapped, 12);
		memcpy(a->b + 12, bytes, 4);
		return true;
	}
	if (len == 16) {
		memcpy(a->b, bytes, 16);
		return true;
	}
	return false;
}

bool nr_addr_is_v4(const struct nr_addr *a, uint8_t v4[4])
{
	if (memcmp(a->b, v4mapped, 12) != 0)
		return false;
	if (v4)
		memcpy(v4, a->b + 12, 4);
	return true;
}

/* Four decimal parts 0-255, no leading zero: "010.1.1.1" is octal to
 * inet_aton and decimal to others, and such a disagreement is how a
 * checker and a connector are made to see two addresses. */
static bool parse_v4(const char *s, size_t n, uint8_t out[4])
{
	size_t i = 0;

	for (int part = 0; part < 4; part++) {
		unsigned v = 0;
		size_t start = i;

		if (part && (i >= n || s[i++] != '.'))
			return false;
		start = i;
		while (i < n && s[i] >= '0' && s[i] <= '9' && i - start < 4)
			v = v * 10 + (unsigned)(s[i++] - '0');
		if (i == start || i - start > 3 || v > 255 ||
		    (s[start] == '0' && i - start > 1))
			return false;
		out[part] = (uint8_t)v;
	}
	return i == n;
}

/* RFC 4291 §2.2 text forms, with an IPv4 tail; no zone index. */
static bool parse_v6(const char *s, size_t n, uint8_t out[16])
{
	uint16_t w[8];
	int nw = 0, gap = -1;
	size_t i = 0;

	if (n >= 2 && s[0] == ':' && s[1] == ':') {
		gap = 0;
		i = 2;
		if (i == n)
			goto done;
	} else if (n && s[0] == ':') {
		return false;
	}
	for (;;) {
		size_t start = i;
		unsigned v = 0;

		while (i < n && hex_digit(s[i]) >= 0 && i - start < 5)
			v = v * 16 + (unsigned)hex_digit(s[i++]);
		if (i < n && s[i] == '.') {
			/* an IPv4 tail: the last 32 bits */
			if (nw > 6 || (gap < 0 && nw != 6))
				return false;
			if (!parse_v4(s + start, n - start, out))
				return false;
			w[nw++] = (uint16_t)(out[0] << 8 | out[1]);
			w[nw++] = (uint16_t)(out[2] << 8 | out[3]);
			break;
		}
		if (i == start || i - start > 4 || nw == 8)
			return false;
		w[nw++] = (uint16_t)v;
		if (i == n)
			break;
		if (s[i] != ':')
			return false;
		i++;
		if (i < n && s[i] == ':') {
			if (gap >= 0)
				return false;
			gap = nw;
			i++;
			if (i == n)
				break;
		} else if (i == n) {
			return false;
		}
	}
done:
	if (gap < 0 ? nw != 8 : nw > 7)
		return false;
	memset(out, 0, 16);
	{
		int tail = gap < 0 ? 0 : nw - gap, k = 0;

		for (int j = 0; j < (gap < 0 ? nw : gap); j++, k++) {
			out[2 * k] = (uint8_t)(w[j] >> 8);
			out[2 * k + 1] = (uint8_t)w[j];
		}
		for (int j = 0; j < tail; j++) {
			int at = 8 - tail + j;

			out[2 * at] = (uint8_t)(w[gap + j] >> 8);
			out[2 * at + 1] = (uint8_t)w[gap + j];
		}
	}
	return true;
}

static bool addr_parse_n(const char *s, size_t n, struct nr_addr *a)
{
	uint8_t v4[4];

	if (n >= 2 && s[0] == '[' && s[n - 1] == ']') {
		s++;
		n -= 2;
		return memchr(s, ':', n) && parse_v6(s, n, a->b);
	}
	if (parse_v4(s, n, v4))
		return nr_addr_from(a, v4, 4);
	return memchr(s, ':', n) && parse_v6(s, n, a->b);
}

bool nr_addr_parse(const char *s, struct nr_addr *a)
{
	return addr_parse_n(s, strlen(s), a);
}

void nr_addr_format(const struct nr_addr *a, char *out, size_t cap)
{
	uint8_t v4[4];
	int best = -1, bestlen = 0;
	size_t at = 0;

	if (nr_addr_is_v4(a, v4)) {
		snprintf(out, cap, "%u.%u.%u.%u", v4[0], v4[1], v4[2], v4[3]);
		return;
	}
	/* RFC 5952: the longest run (>= 2) of zero words becomes "::" */
	for (int i = 0; i < 8;) {
		int j = i;

		while (j < 8 && !a->b[2 * j] && !a->b[2 * j + 1])
			j++;
		if (j - i > bestlen && j - i >= 2) {
			best = i;
			bestlen = j - i;
		}
		i = j > i ? j : i + 1;
	}
	out[0] = '\0';
	for (int i = 0; i < 8 && at < cap; i++) {
		if (i == best) {
			at += (size_t)snprintf(out + at, cap - at, "::");
			i += bestlen - 1;
			continue;
		}
		at += (size_t)snprintf(
		    out + at, cap - at, "%s%x",
		    i && i != best + bestlen ? ":" : "",
		    (unsigned)(a->b[2 * i] << 8 | a->b[2 * i + 1]));
	}
}

static bool in_prefix(const struct nr_addr *a, const struct nr_addr *net,
		      unsigned prefix)
{
	unsigned whole = prefix / 8, bits = prefix % 8;

	if (memcmp(a->b, net->b, whole) != 0)
		return false;
	if (!bits)
		return true;
	uint8_t mask = (uint8_t)(0xff << (8 - bits));
	return (a->b[whole] & mask) == (net->b[whole] & mask);
}

/* The ranges refused even for an allowed name, most specific first: a
 * name a job controls (its DNS, or a rebinding service) can resolve to
 * anything, and these reach the machine itself, its LAN, the cloud
 * provider's credential endpoint (169.254.169.254: the SSRF that took
 * Capital One's keys in 2019) or nothing routable. */
struct nr_range {
	const char *text; /* parsed once per use; a table of text stays
			     readable and is checked by the unit tests */
	unsigned prefix;  /* on the 16-byte form */
	const char *name;
};

/* clang-format off */
static const struct nr_range refused[] = {
	{"169.254.169.254", 128, "cloud metadata"},
	{"fd00:ec2::254", 128, "cloud metadata"},
	{"0.0.0.0", 104, "unspecified (0.0.0.0/8 reaches this machine)"},
	{"10.0.0.0", 104, "private (10.0.0.0/8)"},
	{"100.64.0.0", 106, "carrier-grade NAT (100.64.0.0/10)"},
	{"127.0.0.0", 104, "loopback"},
	{"169.254.0.0", 112, "link-local"},
	{"172.16.0.0", 108, "private (172.16.0.0/12)"},
	{"192.168.0.0", 112, "private (192.168.0.0/16)"},
	{"224.0.0.0", 100, "multicast"},
	{"240.0.0.0", 100, "reserved (240.0.0.0/4, broadcast)"},
	{"::", 128, "unspecified"},
	{"::1", 128, "loopback"},
	{"::", 96, "IPv4-compatible (deprecated)"},
	{"fe80::", 10, "link-local"},
	{"fec0::", 10, "site-local (deprecated)"},
	{"fc00::", 7, "unique-local"},
	{"ff00::", 8, "multicast"},
};
/* clang-format on */

static const struct nr_addr nat64 = {
    {0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}};

const char *nr_addr_class(const struct nr_addr *a, const struct nr_addr *own,
			  size_t nown)
{
	for (size_t i = 0; i < sizeof(refused) / sizeof(*refused); i++) {
		struct nr_addr net;

		if (nr_addr_parse(refused[i].text, &net) &&
		    in_prefix(a, &net, refused[i].prefix))
			return refused[i].name;
	}
	/* 64:ff9b::/96 is NAT64: the gateway connects to the IPv4 address
	 * in its last 32 bits, 127.0.0.1 too */
	if (in_prefix(a, &nat64, 96)) {
		struct nr_addr m;

		nr_addr_from(&m, a->b + 12, 4);
		if (nr_addr_class(&m, own, nown))
			return "NAT64 form of a refused address";
	}
	for (size_t i = 0; i < nown; i++)
		if (!memcmp(a->b, own[i].b, 16))
			return "one of this machine's addresses";
	return NULL;
}

/* --- names and punycode -------------------------------------------------- */

/* RFC 3492 §5 parameters */
enum {
	PC_BASE = 36,
	PC_TMIN = 1,
	PC_TMAX = 26,
	PC_SKEW = 38,
	PC_DAMP = 700,
	PC_IBIAS = 72,
	PC_INITIAL_N = 128,
};

static unsigned adapt(unsigned delta, unsigned npoints, bool first)
{
	unsigned k = 0;

	delta = first ? delta / PC_DAMP : delta / 2;
	delta += delta / npoints;
	while (delta > ((PC_BASE - PC_TMIN) * PC_TMAX) / 2) {
		delta /= PC_BASE - PC_TMIN;
		k += PC_BASE;
	}
	return k + (PC_BASE - PC_TMIN + 1) * delta / (delta + PC_SKEW);
}

static char pc_digit(unsigned d)
{
	return (char)(d < 26 ? 'a' + d : '0' + (d - 26));
}

/* One code point from UTF-8 at |s| (|n| > 0 left) into |*cp|; its length,
 * or 0 for an invalid sequence (overlong, surrogate, over U+10FFFF). */
static size_t u8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
	size_t len;
	uint32_t c, min;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if ((s[0] & 0xe0) == 0xc0) {
		len = 2;
		c = s[0] & 0x1f;
		min = 0x80;
	} else if ((s[0] & 0xf0) == 0xe0) {
		len = 3;
		c = s[0] & 0x0f;
		min = 0x800;
	} else if ((s[0] & 0xf8) == 0xf0) {
		len = 4;
		c = s[0] & 0x07;
		min = 0x10000;
	} else {
		return 0;
	}
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return len;
}

int nr_punycode(const char *in, size_t n, char *out, size_t cap)
{
	uint32_t cps[64];
	size_t ncp = 0, o = 0, b;
	unsigned code = PC_INITIAL_N, delta = 0, bias = PC_IBIAS, h;

	for (size_t i = 0; i < n;) {
		size_t l =
		    u8_decode((const unsigned char *)in + i, n - i, &cps[ncp]);

		if (!l)
			return -EINVAL;
		if (++ncp == sizeof(cps) / sizeof(*cps))
			return -ENAMETOOLONG;
		i += l;
	}
	for (size_t i = 0; i < ncp; i++) {
		if (cps[i] >= 0x80)
			continue;
		if (o + 1 >= cap)
			return -ENAMETOOLONG;
		out[o++] = (char)cps[i];
	}
	h = (unsigned)(b = o);
	if (b) {
		if (o + 1 >= cap)
			return -ENAMETOOLONG;
		out[o++] = '-';
	}
	while (h < ncp) {
		uint32_t m = UINT32_MAX;

		for (size_t i = 0; i < ncp; i++)
			if (cps[i] >= code && cps[i] < m)
				m = cps[i];
		/* at most 63 code points below 0x110000: no overflow of
		 * |delta| (RFC 3492 §6.4 checks it for longer input) */
		delta += (m - code) * (h + 1);
		code = m;
		for (size_t i = 0; i < ncp; i++) {
			if (cps[i] < code)
				delta++;
			if (cps[i] != code)
				continue;
			unsigned q = delta;
			for (unsigned k = PC_BASE;; k += PC_BASE) {
				unsigned t = k <= bias		   ? PC_TMIN
					     : k >= bias + PC_TMAX ? PC_TMAX
								   : k - bias;
				if (q < t)
					break;
				if (o + 1 >= cap)
					return -ENAMETOOLONG;
				out[o++] =
				    pc_digit(t + (q - t) % (PC_BASE - t));
				q = (q - t) / (PC_BASE - t);
			}
			if (o + 1 >= cap)
				return -ENAMETOOLONG;
			out[o++] = pc_digit(q);
			bias = adapt(delta, h + 1, h == b);
			delta = 0;
			h++;
		}
		delta++;
		code++;
	}
	out[o] = '\0';
	return 0;
}

static bool is_ldh(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
}

/* Case folding of ASCII only: a Unicode label is converted as written
 * (no IDNA2008 mapping or normalisation; docs/network.md says so). */
int nr_norm_name(const char *in, char *out, struct sbx_diag *d)
{
	size_t n = strlen(in), o = 0;
	char name[2 * NR_NAME_MAX + 2];

	if (n > 2 * NR_NAME_MAX)
		return sbx_diag_set(d, -EINVAL, "host name over 253 bytes");
	for (size_t i = 0; i <= n; i++)
		name[i] = in[i] >= 'A' && in[i] <= 'Z'
			      ? (char)(in[i] - 'A' + 'a')
			      : in[i];
	if (n && name[n - 1] == '.')
		n--;
	if (!n)
		return sbx_diag_set(d, -EINVAL, "empty host name");
	for (size_t i = 0; i < n;) {
		size_t e = i;
		bool ascii = true;
		char label[NR_NAME_MAX + 1];
		size_t ll;

		while (e < n && name[e] != '.') {
			if ((unsigned char)name[e] >= 0x80)
				ascii = false;
			e++;
		}
		if (e == i)
			return sbx_diag_set(d, -EINVAL,
					    "empty label in host name");
		if (ascii) {
			ll = e - i;
			if (ll > 63)
				return sbx_diag_set(
				    d, -EINVAL,
				    "label over 63 bytes in host name");
			memcpy(label, name + i, ll);
			label[ll] = '\0';
		} else {
			memcpy(label, "xn--", 4);
			if (nr_punycode(name + i, e - i, label + 4,
					sizeof(label) - 4) < 0)
				return sbx_diag_set(d, -EINVAL,
						    "host name label is not "
						    "valid UTF-8 or too long");
			ll = strlen(label);
			if (ll > 63)
				return sbx_diag_set(
				    d, -EINVAL,
				    "label over 63 bytes once converted to "
				    "punycode (%s)",
				    label);
		}
		for (size_t k = 0; k < ll; k++)
			if (!is_ldh(label[k]))
				return sbx_diag_set(
				    d, -EINVAL,
				    "host names hold letters, digits, hyphens "
				    "and dots only");
		if (label[0] == '-' || label[ll - 1] == '-')
			return sbx_diag_set(d, -EINVAL,
					    "a host name label starts or ends "
					    "with a hyphen");
		if (o + ll + (o ? 1 : 0) > NR_NAME_MAX)
			return sbx_diag_set(d, -EINVAL,
					    "host name over 253 bytes");
		if (o)
			out[o++] = '.';
		memcpy(out + o, label, ll);
		o += ll;
		i = e < n ? e + 1 : e;
		if (e < n && e + 1 == n)
			return sbx_diag_set(d, -EINVAL,
					    "empty label in host name");
	}
	out[o] = '\0';
	/* A numeric last label is no host name (RFC 1123 §2.1; no top-level
	 * domain is numeric) but what inet_aton reads as an address:
	 * "2130706433", "127.1" and "0x7f.1" are 127.0.0.1 to some resolvers,
	 * so such a name could match a name rule and reach an address no
	 * rule named. */
	const char *last = strrchr(out, '.');
	last = last ? last + 1 : out;
	if (strspn(last, "0123456789") == strlen(last))
		return sbx_diag_set(d, -EINVAL,
				    "a host name's last label is not numeric "
				    "(an IP address is written in full)");
	return 0;
}

/* --- patterns ------------------------------------------------------------ */

bool nr_parse_port(const char *s, size_t n, unsigned *port)
{
	unsigned v = 0;

	if (!n || n > 5 || s[0] == '0')
		return false;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		v = v * 10 + (unsigned)(s[i] - '0');
	}
	if (v < 1 || v > 65535)
		return false;
	*port = v;
	return true;
}

/* "ADDR" or "ADDR/LEN" of |n| bytes, IPv6 without brackets. */
static int parse_net(const char *s, size_t n, struct nr_rule *r,
		     struct sbx_diag *d)
{
	const char *slash = memchr(s, '/', n);
	size_t an = slash ? (size_t)(slash - s) : n;
	bool v4;
	unsigned len;

	if (!addr_parse_n(s, an, &r->addr))
		return sbx_diag_set(d, -EINVAL, "not an IP address: %.*s",
				    (int)an, s);
	v4 = nr_addr_is_v4(&r->addr, NULL) && !memchr(s, ':', an);
	if (!slash) {
		r->prefix = 128;
		return 0;
	}
	const char *p = slash + 1;
	size_t pn = n - an - 1;

	len = 0;
	if (!pn || pn > 3 || (p[0] == '0' && pn > 1))
		return sbx_diag_set(d, -EINVAL, "bad CIDR prefix length");
	for (size_t i = 0; i < pn; i++) {
		if (p[i] < '0' || p[i] > '9')
			return sbx_diag_set(d, -EINVAL,
					    "bad CIDR prefix length");
		len = len * 10 + (unsigned)(p[i] - '0');
	}
	if (len > (v4 ? 32u : 128u))
		return sbx_diag_set(d, -EINVAL, "CIDR prefix length over %u",
				    v4 ? 32u : 128u);
	r->prefix = v4 ? 96 + len : len;
	struct nr_addr masked = r->addr;
	for (unsigned bit = r->prefix; bit < 128; bit++)
		masked.b[bit / 8] &= (uint8_t) ~(0x80 >> (bit % 8));
	if (memcmp(masked.b, r->addr.b, 16) != 0) {
		char t[64];

		nr_addr_format(&masked, t, sizeof(t));
		return sbx_diag_set(d, -EINVAL,
				    "host bits set in the CIDR range (did you "
				    "mean %s/%u?)",
				    t, len);
	}
	return 0;
}

static void rule_render(struct nr_rule *r, bool bracket)
{
	char a[64], body[80], port[16] = "";

	if (r->port)
		snprintf(port, sizeof(port), ":%u", r->port);
	if (r->kind == NR_NAME || r->kind == NR_WILD) {
		snprintf(r->pattern, sizeof(r->pattern), "%s%s%s",
			 r->kind == NR_WILD ? "*." : "", r->host, port);
		return;
	}
	bool v4 = nr_addr_is_v4(&r->addr, NULL) && !bracket;
	nr_addr_format(&r->addr, a, sizeof(a));
	if (r->prefix == 128)
		snprintf(body, sizeof(body), "%s", a);
	else
		snprintf(body, sizeof(body), "%s/%u", a,
			 v4 ? r->prefix - 96 : r->prefix);
	if (!v4 && r->port)
		snprintf(r->pattern, sizeof(r->pattern), "[%s]%s", body, port);
	else
		snprintf(r->pattern, sizeof(r->pattern), "%s%s", body, port);
}

int nr_parse(const char *pattern, bool deny, const char *origin,
	     struct nr_rule *rule, struct sbx_diag *d)
{
	size_t n = strlen(pattern);
	const char *host = pattern;
	size_t hn = n;
	struct nr_rule r;
	struct sbx_diag sub = {0};
	int rc;
	bool v6form = false;

	memset(&r, 0, sizeof(r));
	r.deny = deny;
	snprintf(r.origin, sizeof(r.origin), "%s", origin ? origin : "");
	if (!n)
		return sbx_diag_set(d, -EINVAL, "empty network pattern");
	if (pattern[0] == '[') {
		const char *close = memchr(pattern, ']', n);

		if (!close)
			return sbx_diag_set(d, -EINVAL, "%s: '[' without ']'",
					    pattern);
		host = pattern + 1;
		hn = (size_t)(close - host);
		v6form = true;
		if (close[1] == ':') {
			if (!nr_parse_port(close + 2, strlen(close + 2),
					   &r.port))
				return sbx_diag_set(d, -EINVAL,
						    "%s: bad port (1-65535)",
						    pattern);
		} else if (close[1]) {
			return sbx_diag_set(d, -EINVAL,
					    "%s: only :PORT may follow ']'",
					    pattern);
		}
		if (!memchr(host, ':', hn))
			return sbx_diag_set(d, -EINVAL,
					    "%s: brackets hold an IPv6 address",
					    pattern);
	} else {
		const char *colon = strrchr(pattern, ':');

		if (colon && memchr(pattern, ':', (size_t)(colon - pattern))) {
			v6form = true; /* bare IPv6: no port */
		} else if (colon) {
			hn = (size_t)(colon - pattern);
			if (!nr_parse_port(colon + 1, strlen(colon + 1),
					   &r.port))
				return sbx_diag_set(d, -EINVAL,
						    "%s: bad port (1-65535)",
						    pattern);
		}
	}
	if (v6form || memchr(host, '/', hn) ||
	    (hn && host[hn - 1] >= '0' && host[hn - 1] <= '9' &&
	     strspn(host, "0123456789.") >= hn)) {
		r.kind = NR_ADDR;
		rc = parse_net(host, hn, &r, &sub);
		if (rc < 0)
			return sbx_diag_set(d, rc, "%s: %s", pattern, sub.msg);
		rule_render(&r, v6form);
		*rule = r;
		return 0;
	}
	char name[NR_NAME_MAX + 2];
	if (hn > NR_NAME_MAX + 1 + 2)
		return sbx_diag_set(d, -EINVAL, "%s: host name over 253 bytes",
				    pattern);
	if (hn >= 2 && host[0] == '*' && host[1] == '.') {
		r.kind = NR_WILD;
		host += 2;
		hn -= 2;
	} else if (memchr(host, '*', hn)) {
		return sbx_diag_set(d, -EINVAL,
				    "%s: '*' only as a whole first label "
				    "(*.example.com)",
				    pattern);
	} else {
		r.kind = NR_NAME;
	}
	if (hn > NR_NAME_MAX + 1)
		return sbx_diag_set(d, -EINVAL, "%s: host name over 253 bytes",
				    pattern);
	memcpy(name, host, hn);
	name[hn] = '\0';
	if (memchr(name, '*', hn))
		return sbx_diag_set(d, -EINVAL,
				    "%s: '*' only as a whole first label "
				    "(*.example.com)",
				    pattern);
	rc = nr_norm_name(name, r.host, &sub);
	if (rc < 0)
		return sbx_diag_set(d, rc, "%s: %s", pattern, sub.msg);
	rule_render(&r, false);
	*rule = r;
	return 0;
}

int nr_add(struct nr_set *set, const char *pattern, bool deny,
	   const char *origin, struct sbx_diag *d)
{
	struct nr_rule r;
	int rc;

	if (pattern[0] == '@')
		return nr_add_group(set, pattern, deny, origin, d);
	rc = nr_parse(pattern, deny, origin, &r, d);
	if (rc == 0)
		nr_add_rule(set, &r);
	return rc;
}

/* The package registries of `--network registries` (docs/network.md
 * lists them; test_netrule checks it does). */
static const char *const registries[] = {
    "pypi.org",
    "files.pythonhosted.org",
    "registry.npmjs.org",
    "proxy.golang.org",
    "sum.golang.org",
    "crates.io",
    "static.crates.io",
    "index.crates.io",
    "rubygems.org",
    "index.rubygems.org",
    "repo.maven.apache.org",
    "repo1.maven.org",
    "codeload.github.com",
    "objects.githubusercontent.com",
    "release-assets.githubusercontent.com",
    NULL,
};

const char *const *nr_group_hosts(const char *name)
{
	if (!strcmp(name, "@registries"))
		return registries;
	return NULL;
}

int nr_add_group(struct nr_set *set, const char *name, bool deny,
		 const char *origin, struct sbx_diag *d)
{
	const char *const *hosts = nr_group_hosts(name);
	static const unsigned ports[] = {443, 80};
	char o[NR_ORIGIN_MAX];

	if (!hosts)
		return sbx_diag_set(d, -ENOENT,
				    "%s: no such group (there is @registries)",
				    name);
	if (origin && *origin)
		snprintf(o, sizeof(o), "%s (%s)", name, origin);
	else
		snprintf(o, sizeof(o), "%s", name);
	for (size_t i = 0; hosts[i]; i++)
		for (size_t p = 0; p < 2; p++) {
			struct nr_rule r;

			memset(&r, 0, sizeof(r));
			r.kind = NR_NAME;
			r.deny = deny;
			snprintf(r.host, sizeof(r.host), "%s", hosts[i]);
			r.port = ports[p];
			snprintf(r.origin, sizeof(r.origin), "%s", o);
			rule_render(&r, false);
			nr_add_rule(set, &r);
		}
	return 0;
}

/* --- decisions ----------------------------------------------------------- */

static void rule_text(const struct nr_rule *r, char *out, size_t cap)
{
	snprintf(out, cap, "%s%s (%s)", r->deny ? "deny " : "", r->pattern,
		 r->origin);
	/* the origin may hold a path with any byte: keep the line printable */
	for (char *p = out; *p; p++)
		if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f)
			*p = '?';
}

static bool name_matches(const struct nr_rule *r, const char *host)
{
	size_t hl, rl;

	if (r->kind == NR_NAME)
		return !strcmp(r->host, host);
	if (r->kind != NR_WILD)
		return false;
	hl = strlen(host);
	rl = strlen(r->host);
	return hl > rl + 1 && host[hl - rl - 1] == '.' &&
	       !strcmp(host + hl - rl, r->host);
}

static bool port_matches(const struct nr_rule *r, unsigned port)
{
	return !r->port || r->port == port;
}

static bool addr_matches(const struct nr_rule *r, const struct nr_addr *a)
{
	return r->kind == NR_ADDR && in_prefix(a, &r->addr, r->prefix);
}

/* |v| decided by rule |r|: |allowed| (returned), for reason |why|. */
static bool by_rule(struct nr_verdict *v, const struct nr_rule *r, bool allowed,
		    enum nr_why why)
{
	v->allowed = allowed;
	v->why = why;
	v->has_rule = true;
	v->rule = *r;
	rule_text(r, v->text, sizeof(v->text));
	return allowed;
}

static bool decide(const struct nr_set *set, const char *host,
		   const struct nr_addr *lit, unsigned port,
		   struct nr_verdict *v)
{
	const struct nr_rule *allow = NULL;

	for (size_t i = 0; i < set->n; i++) {
		const struct nr_rule *r = &set->r[i];
		bool m = port_matches(r, port) &&
			 (lit ? addr_matches(r, lit) : name_matches(r, host));

		if (!m)
			continue;
		if (r->deny)
			return by_rule(v, r, false, NR_WHY_RULE);
		if (!allow)
			allow = r;
	}
	if (!allow) {
		v->allowed = false;
		v->why = NR_WHY_UNLISTED;
		snprintf(v->text, sizeof(v->text), "not in the allow list");
		return false;
	}
	return by_rule(v, allow, true, NR_WHY_RULE);
}

bool nr_decide_name(const struct nr_set *set, const char *host, unsigned port,
		    struct nr_verdict *v)
{
	struct nr_addr lit;
	struct sbx_diag sub = {0};

	memset(v, 0, sizeof(*v));
	v->port = port;
	if (nr_addr_parse(host, &lit)) {
		v->literal = true;
		nr_addr_format(&lit, v->host, sizeof(v->host));
		return decide(set, NULL, &lit, port, v);
	}
	if (nr_norm_name(host, v->host, &sub) < 0) {
		v->why = NR_WHY_BAD_HOST;
		snprintf(v->host, sizeof(v->host), "%s", host);
		snprintf(v->text, sizeof(v->text), "not a valid host name: %s",
			 sub.msg);
		return false;
	}
	return decide(set, v->host, NULL, port, v);
}

bool nr_decide_addr(const struct nr_set *set, const struct nr_verdict *hv,
		    const struct nr_addr *addr, const struct nr_addr *own,
		    size_t nown, struct nr_verdict *v)
{
	const char *cls;
	char a[64];

	if (v != hv)
		*v = *hv;
	if (!hv->allowed)
		return false;
	for (size_t i = 0; i < set->n; i++) {
		const struct nr_rule *r = &set->r[i];

		if (r->deny && port_matches(r, hv->port) &&
		    addr_matches(r, addr))
			return by_rule(v, r, false, NR_WHY_ADDR_RULE);
	}
	cls = nr_addr_class(addr, own, nown);
	if (!cls)
		return true;
	for (size_t i = 0; i < set->n; i++) {
		const struct nr_rule *r = &set->r[i];

		if (!r->deny && port_matches(r, hv->port) &&
		    addr_matches(r, addr))
			return by_rule(v, r, true, v->why);
	}
	nr_addr_format(addr, a, sizeof(a));
	v->allowed = false;
	v->why = NR_WHY_ADDR;
	snprintf(v->text, sizeof(v->text),
		 "%s%s%s is %s (refused unless a rule names the address)",
		 hv->literal ? "" : hv->host, hv->literal ? "" : " -> ", a,
		 cls);
	return false;
}
