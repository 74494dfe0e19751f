/* tests/unit/test_polnet.c — the network part of the policy
 * (core/polnet.c): the rules kept with where each came from, the
 * registries group, the policy's lines, the proxy variables. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "json.h"
#include "polnet.h"

static const char *env_of(const struct sbx_strv *n, const struct sbx_strv *v,
			  const char *name)
{
	for (size_t i = 0; i < n->n; i++)
		if (!strcmp(n->v[i], name))
			return v->v[i];
	return NULL;
}

static void rules_and_lines(void **state)
{
	char *allow[] = {"pypi.org", "*.example.com:443", NULL};
	const char *allow_from[] = {"flag", "config /c:3", NULL};
	char *deny[] = {"bad.example.com", NULL};
	struct pn_facts f = {.mode = PN_DOMAINS,
			     .registries = true,
			     .mode_from = "flag",
			     .allow = allow,
			     .allow_from = allow_from,
			     .deny = deny};
	struct pol_net *n = pn_new(&f);
	struct sbx_buf b = {0};
	struct sbx_strv names = {0}, values = {0};

	(void)state;
	assert_string_equal(pn_mode_name(n), "registries");
	assert_int_equal(n->n, 4);
	assert_string_equal(n->rules[0].pattern, "@registries");
	assert_string_equal(n->rules[0].from, "--network registries");
	assert_string_equal(n->rules[2].from, "config /c:3");
	assert_true(n->rules[3].deny);
	assert_string_equal(n->rules[3].from, "flag");
	assert_int_equal(pn_nallow(n), 3);

	/* before the proxy listens: no variables, the line says so */
	pn_env(n, &names, &values);
	assert_int_equal(names.n, 0);
	pn_format_line(n, &b);
	assert_string_equal(b.s, "network: registries (3 allowed patterns; "
				 "the proxy starts with the session)\n");
	buf_free(&b);

	n->http = xstrdup("127.0.0.1:3128");
	n->socks = xstrdup("127.0.0.1:1080");
	pn_format_line(n, &b);
	assert_non_null(strstr(b.s, "proxy http://127.0.0.1:3128, "
				    "socks5h://127.0.0.1:1080"));
	buf_free(&b);
	pn_format_rules(n, &b);
	assert_non_null(strstr(b.s, "  deny   bad.example.com"));
	assert_non_null(strstr(b.s, "[config /c:3]"));
	buf_free(&b);

	pn_env(n, &names, &values);
	assert_string_equal(env_of(&names, &values, "HTTP_PROXY"),
			    "http://127.0.0.1:3128");
	assert_string_equal(env_of(&names, &values, "https_proxy"),
			    "http://127.0.0.1:3128");
	assert_string_equal(env_of(&names, &values, "ALL_PROXY"),
			    "socks5h://127.0.0.1:1080");
	assert_string_equal(env_of(&names, &values, "NO_PROXY"),
			    "localhost,127.0.0.1,::1");
	assert_string_equal(env_of(&names, &values, "npm_config_https_proxy"),
			    "http://127.0.0.1:3128");
	assert_string_equal(env_of(&names, &values, "NODE_USE_ENV_PROXY"), "1");
	strv_free(&names);
	strv_free(&values);
	pn_free(n);
}

/* on and off: no rules shown, no variables, the lines as before */
static void on_off(void **state)
{
	struct pn_facts f = {.mode = PN_OFF};
	struct pol_net *n = pn_new(&f);
	struct sbx_buf b = {0};
	struct sbx_strv names = {0}, values = {0};

	(void)state;
	pn_format_line(n, &b);
	assert_string_equal(b.s, "network: denied\n");
	buf_free(&b);
	pn_format_rules(n, &b);
	assert_null(b.s);
	pn_env(n, &names, &values);
	assert_int_equal(names.n, 0);
	pn_free(n);
	n = pn_new(NULL);
	pn_format_line(n, &b);
	assert_string_equal(b.s, "network: allowed\n");
	buf_free(&b);
	pn_free(n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(rules_and_lines),
	    cmocka_unit_test(on_off),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
