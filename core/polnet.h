/* core/polnet.h — the network part of the policy (docs/network.md): the
 * mode, the allow and deny patterns of `--network domains` with where
 * each came from, and the proxy's addresses once it listens. Pure.
 *
 * Lifecycle: pol_new() copies a pn_facts into the policy (pn_new());
 * the session, once the proxy listens, records its addresses
 * (pol_net_set_proxy(), core/policy.h); `policy`, the banner and the
 * environment read them (pol_net()). The patterns are kept as typed:
 * core/netrule.h parses them for the proxy, which alone decides.
 */
#ifndef SBX_POLNET_H
#define SBX_POLNET_H

#include <stdbool.h>
#include <stddef.h>

#include "sbx.h"

enum pn_mode {
	PN_ON,	    /* the host's network */
	PN_OFF,	    /* no TCP/UDP socket (seccomp) */
	PN_DOMAINS, /* a namespace of its own, out only through the proxy */
};

struct pn_rule {
	char *pattern; /* as typed: "*.example.com:443", "@registries" */
	bool deny;
	char *from; /* "flag", "config FILE:LINE", "--network registries" */
};

/* What the options say (shell/session/opts.h, flattened). */
struct pn_facts {
	enum pn_mode mode;
	bool registries;       /* --network registries: @registries allowed */
	const char *mode_from; /* where the mode was set; NULL: default */
	char *const *allow;    /* NULL-terminated, or NULL */
	const char *const *allow_from;
	char *const *deny;
	const char *const *deny_from;
};

struct pol_net {
	enum pn_mode mode;
	bool registries;
	char *mode_from; /* NULL: default */
	struct pn_rule *rules;
	size_t n;
	/* "127.0.0.1:PORT", set once the proxy listens; NULL before. */
	char *http, *socks;
};

/* A copy of |f| (NULL: network on, no rules). Never fails. */
struct pol_net *pn_new(const struct pn_facts *f);
void pn_free(struct pol_net *n);
/* "on", "off", "domains", "registries". */
const char *pn_mode_name(const struct pol_net *n);
/* How many allow patterns (a group counts as one). */
size_t pn_nallow(const struct pol_net *n);

struct json_w;

/* The policy's "network: ..." line: "allowed", "denied", or "domains (N
 * allowed patterns; proxy http://127.0.0.1:P, socks5h://127.0.0.1:Q)". */
void pn_format_line(const struct pol_net *n, struct sbx_buf *b);
/* Each rule, allow or deny, with where it came from (nothing for on and
 * off). */
void pn_format_rules(const struct pol_net *n, struct sbx_buf *b);
/* "network_mode", "network_rules" [{pattern, action, from}] and "proxy"
 * ({http, socks} or null) into the open object of |w|. */
void pn_json(const struct pol_net *n, struct json_w *w);

/* The variables that point tools at the proxy (docs/network.md says which
 * tool reads which), as NAME and VALUE pairs appended to |names| and
 * |values|; nothing before the proxy listens. */
void pn_env(const struct pol_net *n, struct sbx_strv *names,
	    struct sbx_strv *values);

#endif
