/* tests/unit/test_bi_policy.c — the `policy` builtin on a policy built from
 * fake facts (no disk, no session). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "fakefs.h"
#include "policy.h"
#include "bi_policy.h"
#include "scope.h"

#define WS "/work/ws"
#define P WS "/.sandbox-cache"

static struct fakefs fs;
static struct lay_layout lay;
static struct sbx_policy *pol;
static struct scope_env env;

static const char *getvar(void *ctx, const char *name)
{
	(void)ctx;
	if (!strcmp(name, "HOME"))
		return "/home/u";
	return NULL;
}

static struct sbx_policy *mk(enum pol_scope scope)
{
	struct lay_facts lf = {.workspace = WS,
			       .run_id = "20261129T191450Z-1-00000000"};
	struct pol_facts f = {0};
	struct sbx_policy *p = NULL;

	lay_free(&lay);
	assert_int_equal(lay_compute(&lf, &lay, NULL), 0);
	f.scope = scope;
	f.network = false;
	f.persist = true;
	f.state_writable = true;
	f.lay = &lay;
	f.home = "/home/u";
	f.tmpdir = "/tmp";
	f.canon = fake_canon;
	f.is_dir = fake_is_dir;
	f.ctx = &fs;
	assert_int_equal(pol_new(&f, &p, NULL), 0);
	return p;
}

static int setup(void **state)
{
	(void)state;
	memset(&fs, 0, sizeof(fs));
	/* /work/ws/link -> /etc: check must judge the target. */
	fs.links[0][0] = WS "/link";
	fs.links[0][1] = "/etc";
	pol = mk(POL_SCOPE_WORKSPACE);
	pol_add_note(pol, "backend", "landlock");
	pol_add_note(pol, "landlock_abi", "4");
	env.getvar = getvar;
	env.cwd = WS "/src";
	env.canon = fake_canon;
	env.ctx = &fs;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	pol_free(pol);
	lay_free(&lay);
	return 0;
}

static int run(struct sbx_buf *out, struct sbx_buf *err, int argc, ...)
{
	char *argv[16];
	va_list ap;

	va_start(ap, argc);
	for (int i = 0; i < argc; i++)
		argv[i] = va_arg(ap, char *);
	va_end(ap);
	argv[argc] = NULL;
	out->len = err->len = 0;
	buf_puts(out, "");
	buf_puts(err, "");
	return pb_main(pol, argc, argv, &env, NULL, out, err);
}

static void summary(void **state)
{
	struct sbx_buf o = {0}, e = {0};

	(void)state;
	assert_int_equal(run(&o, &e, 1, "policy"), 0);
	assert_non_null(strstr(o.s, "scope: workspace"));
	assert_non_null(strstr(o.s, "network: denied"));
	assert_non_null(strstr(o.s, "landlock_abi: 4"));
	assert_non_null(strstr(o.s, "sandbox_writable: [" WS ", " P ", "));
	assert_non_null(strstr(o.s, "workspace: the workflow's own files"));
	assert_non_null(strstr(o.s, "/home/u/.ssh"));
	assert_int_equal(e.len, 0);
	buf_free(&o);
	buf_free(&e);
}

static void env_and_json(void **state)
{
	struct sbx_buf o = {0}, e = {0};

	(void)state;
	assert_int_equal(run(&o, &e, 2, "policy", "env"), 0);
	assert_non_null(strstr(o.s, "PIP_CACHE_DIR=" P "/pip"));
	assert_int_equal(run(&o, &e, 2, "policy", "--json"), 0);
	assert_int_equal(o.s[0], '{');
	assert_non_null(strstr(o.s, "\"sandbox_writable\""));
	assert_int_equal(run(&o, &e, 3, "policy", "env", "x"), 2);
	assert_non_null(strstr(e.s, "takes no arguments"));
	buf_free(&o);
	buf_free(&e);
}

static void check(void **state)
{
	struct sbx_buf o = {0}, e = {0};

	(void)state;
	/* Relative to the cwd; the most specific root decides. */
	assert_int_equal(
	    run(&o, &e, 3, "policy", "check", "../.sandbox-cache/bin"), 0);
	assert_non_null(strstr(o.s, "canonical: " P "/bin"));
	assert_non_null(strstr(o.s, "writable:  yes"));
	assert_non_null(strstr(o.s, "writable root " P " (persistent"));
	/* Read-only. */
	assert_int_equal(run(&o, &e, 3, "policy", "check", "/usr/bin/ls"), 1);
	assert_non_null(strstr(o.s, "readable:  yes"));
	assert_non_null(strstr(o.s, "writable:  no"));
	assert_non_null(strstr(o.s, "under no writable root"));
	/* A symlink out of the workspace is judged by its target. */
	assert_int_equal(run(&o, &e, 3, "policy", "check", WS "/link/passwd"),
			 1);
	assert_non_null(strstr(o.s, "canonical: /etc/passwd"));
	assert_non_null(strstr(o.s, "writable:  no"));
	/* Masked wins. */
	assert_int_equal(
	    run(&o, &e, 3, "policy", "check", "/home/u/.ssh/id_rsa"), 1);
	assert_non_null(strstr(o.s, "readable:  no"));
	assert_non_null(strstr(o.s, "masked secret /home/u/.ssh"));
	/* Several paths: 1 if any is not writable. */
	assert_int_equal(run(&o, &e, 4, "policy", "check", "/tmp/x", WS), 0);
	assert_int_equal(run(&o, &e, 4, "policy", "check", "/tmp/x", "/etc"),
			 1);
	assert_int_equal(run(&o, &e, 2, "policy", "check"), 2);
	assert_non_null(strstr(e.s, "which path"));
	buf_free(&o);
	buf_free(&e);
}

static void explain(void **state)
{
	struct sbx_buf o = {0}, e = {0};

	(void)state;
	assert_int_equal(run(&o, &e, 3, "policy", "explain", "ls -l src"), 0);
	assert_string_equal(o.s, "nothing flagged\n");
	assert_int_equal(
	    run(&o, &e, 3, "policy", "explain", "echo x > /etc/motd"), 1);
	assert_non_null(strstr(o.s, "write the sandbox will deny"));
	assert_non_null(strstr(o.s, "/etc/motd"));
	/* Unquoted words are joined into one line. */
	assert_int_equal(
	    run(&o, &e, 4, "policy", "explain", "cat", "/home/u/.ssh/id_rsa"),
	    1);
	assert_non_null(strstr(o.s, "masked secret"));
	assert_int_equal(run(&o, &e, 2, "policy", "explain"), 2);
	buf_free(&o);
	buf_free(&e);
}

static void usage_and_readonly(void **state)
{
	struct sbx_buf o = {0}, e = {0};

	(void)state;
	assert_int_equal(run(&o, &e, 2, "policy", "bogus"), 2);
	assert_non_null(strstr(e.s, "unknown subcommand 'bogus'"));
	assert_int_equal(run(&o, &e, 2, "policy", "--help"), 0);
	assert_non_null(strstr(o.s, "policy check PATH"));
	assert_int_equal(
	    pb_main(NULL, 1, (char *[]){"policy", NULL}, &env, NULL, &o, &e),
	    1);
	pol_free(pol);
	pol = mk(POL_SCOPE_READONLY);
	assert_int_equal(run(&o, &e, 3, "policy", "check", WS "/a.c"), 1);
	assert_non_null(strstr(o.s, "scope read-only"));
	buf_free(&o);
	buf_free(&e);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(summary, setup, teardown),
	    cmocka_unit_test_setup_teardown(env_and_json, setup, teardown),
	    cmocka_unit_test_setup_teardown(check, setup, teardown),
	    cmocka_unit_test_setup_teardown(explain, setup, teardown),
	    cmocka_unit_test_setup_teardown(usage_and_readonly, setup,
					    teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
