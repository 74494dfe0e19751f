/* tests/unit/test_config.c — what the configuration file's lines mean
 * (core/config.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"

static void sections(void **state)
{
	enum cfg_sect k;
	char *id;
	struct sbx_diag d = {0};

	(void)state;
	assert_int_equal(cfg_section("sandbox", &k, &id, &d), 0);
	assert_int_equal(k, CFG_SECT_SANDBOX);
	assert_null(id);
	assert_int_equal(cfg_section("session", &k, &id, &d), 0);
	assert_int_equal(k, CFG_SECT_SESSION);
	assert_int_equal(cfg_section("route", &k, &id, &d), 0);
	assert_int_equal(k, CFG_SECT_ROUTE);
	assert_int_equal(cfg_section("workflow \"app-1\"", &k, &id, &d), 0);
	assert_int_equal(k, CFG_SECT_WORKFLOW);
	assert_string_equal(id, "app-1");
	free(id);
	/* The id is checked as --workflow's is: no way out of Workflow/. */
	assert_int_equal(cfg_section("workflow \"../x\"", &k, &id, &d),
			 -EINVAL);
	assert_null(id);
	assert_int_equal(cfg_section("workflow app", &k, &id, &d), -EINVAL);
	assert_non_null(strstr(d.msg, "expected [workflow \"ID\"]"));
	assert_int_equal(cfg_section("sandboxes", &k, &id, &d), -EINVAL);
	assert_non_null(strstr(d.msg, "unknown section"));
}

static void options(void **state)
{
	const char *opt, *val;
	struct sbx_diag d = {0};

	(void)state;
	assert_int_equal(
	    cfg_option(CFG_SECT_SANDBOX, "allow-write", "/d", &opt, &val, &d),
	    0);
	assert_string_equal(opt, "allow-write");
	assert_string_equal(val, "/d");
	assert_int_equal(
	    cfg_option(CFG_SECT_SANDBOX, "network", "no", &opt, &val, &d), 0);
	assert_string_equal(opt, "no-network");
	assert_null(val);
	assert_int_equal(
	    cfg_option(CFG_SECT_SANDBOX, "network", "Yes", &opt, &val, &d), 0);
	assert_string_equal(opt, "network");
	assert_int_equal(
	    cfg_option(CFG_SECT_SESSION, "persist", "off", &opt, &val, &d), 0);
	assert_string_equal(opt, "no-persist");
	assert_int_equal(
	    cfg_option(CFG_SECT_SESSION, "banner", "no", &opt, &val, &d), 0);
	assert_null(opt);
	/* Either kind in a workflow's section. */
	assert_int_equal(
	    cfg_option(CFG_SECT_WORKFLOW, "keep-runs", "3", &opt, &val, &d), 0);
	assert_int_equal(
	    cfg_option(CFG_SECT_WORKFLOW, "scope", "read-only", &opt, &val, &d),
	    0);
	/* Refused: the wrong section, an unknown key, a bad yes/no, an
	 * empty value, a key before any section, the choice of session. */
	assert_int_equal(
	    cfg_option(CFG_SECT_SESSION, "mask", "/x", &opt, &val, &d),
	    -EINVAL);
	assert_non_null(strstr(d.msg, "mask belongs in [sandbox]"));
	assert_int_equal(
	    cfg_option(CFG_SECT_SANDBOX, "allow_write", "/x", &opt, &val, &d),
	    -EINVAL);
	assert_non_null(strstr(d.msg, "unknown key"));
	assert_int_equal(
	    cfg_option(CFG_SECT_SANDBOX, "network", "maybe", &opt, &val, &d),
	    -EINVAL);
	assert_non_null(strstr(d.msg, "expected yes or no"));
	assert_int_equal(
	    cfg_option(CFG_SECT_SANDBOX, "mask", "", &opt, &val, &d), -EINVAL);
	assert_int_equal(
	    cfg_option(CFG_SECT_NONE, "mask", "/x", &opt, &val, &d), -EINVAL);
	assert_int_equal(
	    cfg_option(CFG_SECT_SESSION, "workspace", "/x", &opt, &val, &d),
	    -EINVAL);
	assert_int_equal(
	    cfg_option(CFG_SECT_SESSION, "config", "/x", &opt, &val, &d),
	    -EINVAL);
}

/* [network] (docs/network.md): mode, allow, deny stand for --network,
 * --allow-domain, --deny-domain; in [sandbox] and [workflow] under the
 * options' own names; the short names only in [network]. */
static void network(void **state)
{
	struct sbx_diag d = {0};
	const char *opt, *val;
	enum cfg_sect k;
	char *id;

	(void)state;
	assert_int_equal(cfg_section("network", &k, &id, &d), 0);
	assert_int_equal(k, CFG_SECT_NETWORK);
	assert_int_equal(
	    cfg_option(CFG_SECT_NETWORK, "mode", "domains", &opt, &val, &d), 0);
	assert_string_equal(opt, "network");
	assert_string_equal(val, "domains");
	assert_int_equal(
	    cfg_option(CFG_SECT_NETWORK, "allow", "pypi.org", &opt, &val, &d),
	    0);
	assert_string_equal(opt, "allow-domain");
	assert_int_equal(
	    cfg_option(CFG_SECT_NETWORK, "deny", "*.x.example", &opt, &val, &d),
	    0);
	assert_string_equal(opt, "deny-domain");
	assert_int_equal(cfg_option(CFG_SECT_WORKFLOW, "allow-domain", "a.org",
				    &opt, &val, &d),
			 0);
	assert_string_equal(opt, "allow-domain");
	assert_int_equal(cfg_option(CFG_SECT_SANDBOX, "network", "registries",
				    &opt, &val, &d),
			 0);
	assert_string_equal(opt, "network");
	assert_string_equal(val, "registries");
	assert_int_equal(
	    cfg_option(CFG_SECT_WORKFLOW, "allow", "a.org", &opt, &val, &d),
	    -EINVAL);
	assert_non_null(strstr(d.msg, "allow belongs in [network]"));
	assert_int_equal(
	    cfg_option(CFG_SECT_SANDBOX, "mode", "domains", &opt, &val, &d),
	    -EINVAL);
	assert_int_equal(
	    cfg_option(CFG_SECT_SANDBOX, "network", "domain", &opt, &val, &d),
	    -EINVAL);
}

static void bools(void **state)
{
	bool b;

	(void)state;
	assert_int_equal(cfg_bool("TRUE", &b), 0);
	assert_true(b);
	assert_int_equal(cfg_bool("0", &b), 0);
	assert_false(b);
	assert_int_equal(cfg_bool("", &b), -EINVAL);
	assert_int_equal(cfg_bool("nope", &b), -EINVAL);
}

static void routes(void **state)
{
	char *sub, *bin;
	struct sbx_diag d = {0};

	(void)state;
	assert_int_equal(
	    cfg_route_row("GRADLE_HOME2", "gradle", &sub, &bin, &d), 0);
	assert_string_equal(sub, "gradle");
	assert_null(bin);
	free(sub);
	assert_int_equal(cfg_route_row("MYTOOL_HOME", "my/tool  my/tool/bin",
				       &sub, &bin, &d),
			 0);
	assert_string_equal(sub, "my/tool");
	assert_string_equal(bin, "my/tool/bin");
	free(sub);
	free(bin);
	static const struct {
		const char *name, *value, *want;
	} bad[] = {
	    {"X", "/abs", "relative"},
	    {"X", "a/../../b", "no '..'"},
	    {"X", "a b/../c", "no '..'"},
	    {"X", "a//b", "relative"},
	    {"1X", "a", "not a variable name"},
	    {"PATH", "bin", "changes what commands run"},
	    {"LD_PRELOAD", "x.so", "changes what commands run"},
	    {"GOPATH", "go", "routes it already"},
	    {"GITHUB_TOKEN", "t", "credential"},
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		assert_int_equal(
		    cfg_route_row(bad[i].name, bad[i].value, &sub, &bin, &d),
		    -EINVAL);
		assert_null(sub);
		if (!strstr(d.msg, bad[i].want))
			fail_msg("%s = %s: '%s'", bad[i].name, bad[i].value,
				 d.msg);
	}
}

static void trust(void **state)
{
	char why[300];
	struct cfg_stat mine = {.uid = 1000, .mode = 0100644};
	struct cfg_stat roots = {.uid = 0, .mode = 0100644};
	struct cfg_stat other = {.uid = 1001, .mode = 0100644};
	struct cfg_stat gw = {.uid = 1000, .mode = 0100664};
	struct cfg_stat ow = {.uid = 1000, .mode = 0100606};
	struct cfg_stat tmp = {.uid = 0, .mode = 041777, .is_dir = true};
	struct cfg_stat odir = {.uid = 0, .mode = 040777, .is_dir = true};

	(void)state;
	assert_false(cfg_untrusted("/h/c", &mine, 1000, why, sizeof(why)));
	assert_false(cfg_untrusted("/h/c", &roots, 1000, why, sizeof(why)));
	assert_false(cfg_untrusted("/tmp", &tmp, 1000, why, sizeof(why)));
	assert_true(cfg_untrusted("/h/c", &other, 1000, why, sizeof(why)));
	assert_non_null(strstr(why, "owned by uid 1001"));
	assert_true(cfg_untrusted("/h/c", &gw, 1000, why, sizeof(why)));
	assert_non_null(strstr(why, "written by its group"));
	assert_true(cfg_untrusted("/h/c", &ow, 1000, why, sizeof(why)));
	assert_non_null(strstr(why, "written by others"));
	assert_true(cfg_untrusted("/s", &odir, 1000, why, sizeof(why)));
	assert_non_null(strstr(why, "the folder /s"));
	/* A sticky file mode means nothing: only folders. */
	ow.mode |= 01000;
	assert_true(cfg_untrusted("/h/c", &ow, 1000, why, sizeof(why)));
}

static void dirs(void **state)
{
	char *d;

	(void)state;
	d = cfg_dir("/x/cfg", "/home/u");
	assert_string_equal(d, "/x/cfg/sbxsh");
	free(d);
	d = cfg_dir("relative", "/home/u");
	assert_string_equal(d, "/home/u/.config/sbxsh");
	free(d);
	assert_null(cfg_dir(NULL, NULL));
	assert_null(cfg_dir("", "rel"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(sections), cmocka_unit_test(options),
	    cmocka_unit_test(bools),	cmocka_unit_test(routes),
	    cmocka_unit_test(trust),	cmocka_unit_test(dirs),
	    cmocka_unit_test(network),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
