/* core/netrule.h — the rules of `--network domains`: parse allow and deny
 * patterns, decide a host name, then each address it resolved to. Pure. */
#ifndef SBX_NETRULE_H
#define SBX_NETRULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sbx.h"

/*
 * Lifecycle: nr_set_new() → nr_add() / nr_add_group() / nr_add_rule() for
 * each rule, in any order (deny rules win whatever their place) → the
 * decisions (nr_decide_name(), then nr_decide_addr() for every address
 * the name resolved to) → nr_set_free(). A set is never changed after the
 * session has started: the proxy (shell/proxy/proxy.h) reads it only.
 *
 * PATTERN (docs/network.md):
 *   example.com        that name only (not its subdomains)
 *   *.example.com      every subdomain of it, not example.com itself
 *   192.0.2.7, 2001:db8::1, [2001:db8::1]
 *                      that address, when the client asked for it
 *                      literally or a name resolved to it
 *   10.0.0.0/8, 2001:db8::/32, [2001:db8::/32]
 *                      a CIDR range (host bits must be zero)
 * each with an optional :PORT (1-65535; an IPv6 pattern with a port is in
 * brackets: [::1]:8080, [fd00::/8]:22); without one, every port. Names
 * are lower-cased, a trailing dot removed, a Unicode label converted to
 * its punycode A-label (RFC 3492: bücher.de → xn--bcher-kva.de), and
 * every label checked (letters, digits, hyphen, 1-63 bytes, not starting
 * or ending with a hyphen; 253 bytes in all).
 */

#define NR_NAME_MAX 253
#define NR_PATTERN_MAX 320
#define NR_ORIGIN_MAX 256
#define NR_TEXT_MAX 640

/* An address, always in its 16-byte IPv6 form: an IPv4 address is held
 * IPv4-mapped (::ffff:a.b.c.d), so a rule or a refused range written for
 * IPv4 catches the mapped form a resolver may return too. */
struct nr_addr {
	uint8_t b[16];
};

enum nr_kind {
	NR_NAME, /* example.com */
	NR_WILD, /* *.example.com: |host| holds "example.com" */
	NR_ADDR, /* an address or a CIDR range */
};

/* One rule: a plain struct, copied by value. */
struct nr_rule {
	enum nr_kind kind;
	bool deny;
	char host[NR_NAME_MAX + 1]; /* NR_NAME, NR_WILD: A-labels, lower case */
	struct nr_addr addr;	    /* NR_ADDR */
	unsigned prefix;	    /* NR_ADDR: 0-128 on the 16-byte form */
	unsigned port;		    /* 0: every port */
	char pattern[NR_PATTERN_MAX]; /* canonical: "*.example.com:443" */
	char origin[NR_ORIGIN_MAX];   /* "--allow-domain", "config /p:3",
					 "@registries (--network registries)" */
};

enum nr_why {
	NR_WHY_RULE,	  /* |rule| matched: an allow or a deny rule */
	NR_WHY_UNLISTED,  /* no allow rule matched */
	NR_WHY_BAD_HOST,  /* not a host name nor an address */
	NR_WHY_ADDR,	  /* the address is in a refused range */
	NR_WHY_ADDR_RULE, /* a deny rule names the resolved address */
};

/* What decided, for a person and for the proxy's event lines. */
struct nr_verdict {
	bool allowed;
	enum nr_why why;
	/* the rule that decided (a copy: the verdict outlives nothing), or
	 * kind-less zeros with has_rule false */
	bool has_rule;
	struct nr_rule rule;
	char host[NR_NAME_MAX + 1]; /* the host as matched (normalised) */
	unsigned port;
	bool literal; /* the client asked for an address, not a name */
	/* One line, no newline, printable ASCII only: the rule and its origin
	 * ("*.example.com (--allow-domain)"), "not in the allow list",
	 * "127.0.0.1 is loopback (a rule naming the address allows it)". */
	char text[NR_TEXT_MAX];
};

struct nr_set; /* opaque */

struct nr_set *nr_set_new(void);
void nr_set_free(struct nr_set *set);

/* Parses |pattern| into |*rule| (deny rule when |deny|; |origin| is
 * copied, truncated to NR_ORIGIN_MAX). 0, or -EINVAL with |d| saying what
 * is wrong with it in one line. A group name (@registries) is not a
 * pattern: nr_add() takes both. */
int nr_parse(const char *pattern, bool deny, const char *origin,
	     struct nr_rule *rule, struct sbx_diag *d);

/* Appends a copy of |rule|. */
void nr_add_rule(struct nr_set *set, const struct nr_rule *rule);

/* nr_parse() and nr_add_rule(), or nr_add_group() when |pattern| starts
 * with '@'. 0 or -EINVAL with |d|. */
int nr_add(struct nr_set *set, const char *pattern, bool deny,
	   const char *origin, struct sbx_diag *d);

/* Adds every rule of the built-in group |name| ("@registries": the
 * package registries of docs/network.md, ports 443 and 80 each); their
 * origin reads "@registries (ORIGIN)". -ENOENT with |d| for an unknown
 * group. */
int nr_add_group(struct nr_set *set, const char *name, bool deny,
		 const char *origin, struct sbx_diag *d);

/* The built-in group |name|'s host names, NULL-terminated, or NULL. */
const char *const *nr_group_hosts(const char *name);

size_t nr_count(const struct nr_set *set);
/* The |i|th rule in the order added (i < nr_count()). */
const struct nr_rule *nr_rule_at(const struct nr_set *set, size_t i);
/* How many allow rules the set holds (the banner's count). */
size_t nr_count_allow(const struct nr_set *set);

/* Decides the host a client asked for (a name, or an address literal:
 * "192.0.2.1", "2001:db8::1", "[2001:db8::1]") on |port|. A name is
 * normalised as patterns are and matched against name rules only; a
 * literal against address rules only. Deny rules win over allow rules; no
 * matching allow rule refuses. Fills |*v| and returns v->allowed. An
 * allowed name must still pass nr_decide_addr() for each address it
 * resolves to; an allowed literal too (it may be 127.0.0.1). */
bool nr_decide_name(const struct nr_set *set, const char *host, unsigned port,
		    struct nr_verdict *v);

/* Decides one address that |hv|'s host resolved to (or the literal it
 * was), with |hv| the verdict of nr_decide_name(); |own|[0..|nown|) are
 * the host's own addresses. Refused: a refused |hv|; an address a deny
 * rule names; an address in a refused range (loopback, private, CGNAT,
 * link-local, unique-local, unspecified, multicast, reserved, cloud
 * metadata, the host's own, an IPv4-mapped or NAT64 form of one) unless
 * an allow rule names that address or a range holding it. Fills |*v| and
 * returns v->allowed. */
bool nr_decide_addr(const struct nr_set *set, const struct nr_verdict *hv,
		    const struct nr_addr *addr, const struct nr_addr *own,
		    size_t nown, struct nr_verdict *v);

/* |bytes| of |len| 4 (IPv4) or 16 (IPv6) into |*a|; false for another
 * length. */
bool nr_addr_from(struct nr_addr *a, const void *bytes, size_t len);
/* Parses an address literal ("192.0.2.1", "::1", "[::1]"); strict: four
 * decimal parts without leading zeros, no zone index. */
bool nr_addr_parse(const char *s, struct nr_addr *a);
/* True when |a| is IPv4-mapped; then |v4| gets its four bytes. */
bool nr_addr_is_v4(const struct nr_addr *a, uint8_t v4[4]);
/* |a| as text ("192.0.2.1", "2001:db8::1") into |out| (>= 46 bytes). */
void nr_addr_format(const struct nr_addr *a, char *out, size_t cap);
/* The refused range |a| falls in ("loopback", "cloud metadata", ...,
 * "one of this machine's addresses"), or NULL. */
const char *nr_addr_class(const struct nr_addr *a, const struct nr_addr *own,
			  size_t nown);

/* Normalises a host name as patterns are (lower case, trailing dot,
 * punycode, label checks) into |out| (NR_NAME_MAX + 1 bytes). 0 or
 * -EINVAL with |d|. */
int nr_norm_name(const char *name, char *out, struct sbx_diag *d);

/* RFC 3492 punycode of the UTF-8 label |in| of |n| bytes, without the
 * "xn--" prefix, into |out| of |cap| bytes. 0, or -EINVAL (invalid
 * UTF-8) or -ENAMETOOLONG. */
int nr_punycode(const char *in, size_t n, char *out, size_t cap);

/* A port of |n| decimal digits, 1 to 65535 (no sign, no blank). */
bool nr_parse_port(const char *s, size_t n, unsigned *port);

#endif
