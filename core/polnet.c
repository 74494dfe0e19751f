/* core/polnet.c — the network part of the policy. Pure. */
#include "polnet.h"

#include <stdlib.h>
#include <string.h>

#include "json.h"

static void push(struct pol_net *n, const char *pattern, bool deny,
		 const char *from)
{
	n->rules = xrealloc(n->rules, (n->n + 1) * sizeof(*n->rules));
	n->rules[n->n++] = (struct pn_rule){
	    .pattern = xstrdup(pattern),
	    .deny = deny,
	    .from = xstrdup(from ? from : "flag"),
	};
}

struct pol_net *pn_new(const struct pn_facts *f)
{
	struct pol_net *n = xcalloc(1, sizeof(*n));

	if (!f)
		return n;
	n->mode = f->mode;
	n->registries = f->registries && f->mode == PN_DOMAINS;
	n->mode_from = f->mode_from ? xstrdup(f->mode_from) : NULL;
	if (n->registries)
		push(n, "@registries", false,
		     f->mode_from && strcmp(f->mode_from, "flag")
			 ? f->mode_from
			 : "--network registries");
	for (size_t i = 0; f->allow && f->allow[i]; i++)
		push(n, f->allow[i], false,
		     f->allow_from ? f->allow_from[i] : NULL);
	for (size_t i = 0; f->deny && f->deny[i]; i++)
		push(n, f->deny[i], true,
		     f->deny_from ? f->deny_from[i] : NULL);
	return n;
}

void pn_free(struct pol_net *n)
{
	if (!n)
		return;
	for (size_t i = 0; i < n->n; i++) {
		free(n->rules[i].pattern);
		free(n->rules[i].from);
	}
	free(n->rules);
	free(n->mode_from);
	free(n->http);
	free(n->socks);
	free(n);
}

const char *pn_mode_name(const struct pol_net *n)
{
	switch (n->mode) {
	case PN_ON:
		return "on";
	case PN_OFF:
		return "off";
	case PN_DOMAINS:
		return n->registries ? "registries" : "domains";
	}
	return "?";
}

size_t pn_nallow(const struct pol_net *n)
{
	size_t k = 0;

	for (size_t i = 0; i < n->n; i++)
		k += !n->rules[i].deny;
	return k;
}

void pn_format_line(const struct pol_net *n, struct sbx_buf *b)
{
	size_t k = pn_nallow(n);

	if (n->mode != PN_DOMAINS) {
		buf_printf(b, "network: %s\n",
			   n->mode == PN_ON ? "allowed" : "denied");
		return;
	}
	buf_printf(b, "network: %s (%zu allowed pattern%s; ", pn_mode_name(n),
		   k, k == 1 ? "" : "s");
	if (n->http)
		buf_printf(b, "proxy http://%s, socks5h://%s)\n", n->http,
			   n->socks ? n->socks : "-");
	else
		buf_puts(b, "the proxy starts with the session)\n");
}

void pn_format_rules(const struct pol_net *n, struct sbx_buf *b)
{
	if (n->mode != PN_DOMAINS)
		return;
	buf_puts(b, "\nnetwork rules (a connection goes out through the proxy "
		    "when the name asked for\nmatches an allow rule and no "
		    "deny rule; docs/network.md):\n");
	if (!pn_nallow(n))
		buf_puts(b, "  (no allow rule: every connection is refused)\n");
	for (size_t i = 0; i < n->n; i++) {
		struct sbx_buf line = {0};

		buf_printf(&line, "  %-6s %-36s [%s]",
			   n->rules[i].deny ? "deny" : "allow",
			   n->rules[i].pattern, n->rules[i].from);
		/* a pattern comes from a flag or the file: shown escaped
		 * all the same, as every string sbxsh prints */
		buf_put_shown(b, line.s);
		buf_putc(b, '\n');
		buf_free(&line);
	}
}

void pn_json(const struct pol_net *n, struct json_w *w)
{
	json_str(w, "network_mode", pn_mode_name(n));
	json_arr(w, "network_rules", JSON_LINES);
	for (size_t i = 0; i < n->n; i++) {
		json_obj(w, NULL, JSON_INLINE);
		json_str(w, "pattern", n->rules[i].pattern);
		json_str(w, "action", n->rules[i].deny ? "deny" : "allow");
		json_str(w, "from", n->rules[i].from);
		json_end(w);
	}
	json_end(w);
	if (!n->http) {
		json_str(w, "proxy", NULL);
		return;
	}
	json_obj(w, "proxy", JSON_INLINE);
	json_str(w, "http", n->http);
	json_str(w, "socks", n->socks);
	json_end(w);
}

static void env_pair(struct sbx_strv *names, struct sbx_strv *values,
		     const char *name, char *value)
{
	strv_push(names, name);
	strv_take(values, value);
}

void pn_env(const struct pol_net *n, struct sbx_strv *names,
	    struct sbx_strv *values)
{
	static const char *const http_names[] = {
	    "HTTP_PROXY",
	    "http_proxy",
	    "HTTPS_PROXY",
	    "https_proxy",
	    /* npm reads its own configuration before the environment's
	     * standard names; cargo its own for its libcurl */
	    "npm_config_proxy",
	    "npm_config_https_proxy",
	    "CARGO_HTTP_PROXY",
	};
	static const char *const no_names[] = {"NO_PROXY", "no_proxy",
					       "npm_config_noproxy"};

	if (n->mode != PN_DOMAINS || !n->http)
		return;
	for (size_t i = 0; i < sizeof(http_names) / sizeof(*http_names); i++)
		env_pair(names, values, http_names[i],
			 xasprintf("http://%s", n->http));
	if (n->socks) {
		/* socks5h: the name goes to the proxy, which alone resolves
		 * (the session has no resolver that reaches anything) */
		env_pair(names, values, "ALL_PROXY",
			 xasprintf("socks5h://%s", n->socks));
		env_pair(names, values, "all_proxy",
			 xasprintf("socks5h://%s", n->socks));
	}
	for (size_t i = 0; i < sizeof(no_names) / sizeof(*no_names); i++)
		env_pair(names, values, no_names[i],
			 xstrdup("localhost,127.0.0.1,::1"));
	/* Node 24's fetch and http honour the variables only when asked */
	env_pair(names, values, "NODE_USE_ENV_PROXY", xstrdup("1"));
}
