/* tests/unit/test_vars.c — variables: local frames restore what they
 * saved, the exec environment follows exports, readonly refuses, the
 * command hash forgets when PATH changes, aliases and positional
 * parameters. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "interp.h"

static struct sh_config cfg = {.arg0 = "t"};

static int setup(void **state)
{
	*state = sh_new(&cfg);
	return 0;
}

static int teardown(void **state)
{
	sh_free(*state);
	return 0;
}

static bool env_has(struct shell *sh, const char *kv)
{
	for (char **e = var_environ(sh); *e; e++)
		if (!strcmp(*e, kv))
			return true;
	return false;
}

static void set_get_unset(void **state)
{
	struct shell *sh = *state;
	bool ex;

	assert_int_equal(var_set(sh, "a", "1", 0), 0);
	assert_string_equal(var_get(sh, "a"), "1");
	assert_int_equal(var_unset(sh, "a"), 0);
	assert_null(var_get(sh, "a"));
	var_flags(sh, "a", &ex);
	assert_false(ex);
	/* many variables: the table grows */
	for (int i = 0; i < 2000; i++) {
		char n[16], v[16];

		snprintf(n, sizeof(n), "v%d", i);
		snprintf(v, sizeof(v), "%d", i * 7);
		var_set(sh, n, v, 0);
	}
	assert_string_equal(var_get(sh, "v1999"), "13993");
	assert_string_equal(var_get(sh, "v0"), "0");
}

static void readonly_refuses(void **state)
{
	struct shell *sh = *state;

	var_set(sh, "r", "x", V_RDONLY);
	assert_int_equal(var_set(sh, "r", "y", 0), -EPERM);
	assert_int_equal(var_unset(sh, "r"), -EPERM);
	assert_string_equal(var_get(sh, "r"), "x");
}

static void environment_follows_exports(void **state)
{
	struct shell *sh = *state;

	var_set(sh, "e1", "one", 0);
	assert_false(env_has(sh, "e1=one"));
	var_addflags(sh, "e1", V_EXPORT);
	assert_true(env_has(sh, "e1=one"));
	var_set(sh, "e1", "two", 0);
	assert_true(env_has(sh, "e1=two"));
	assert_false(env_has(sh, "e1=one"));
	var_unset(sh, "e1");
	assert_false(env_has(sh, "e1=two"));
}

static void local_frames_restore(void **state)
{
	struct shell *sh = *state;
	bool ex;

	var_set(sh, "g", "outer", V_EXPORT);
	var_push_frame(sh);
	var_make_local(sh, "g");
	var_make_local(sh, "fresh");
	var_set(sh, "g", "inner", 0);
	var_set(sh, "fresh", "1", 0);
	assert_true(env_has(sh, "g=inner"));
	var_push_frame(sh);
	var_make_local(sh, "g");
	var_unset(sh, "g");
	assert_null(var_get(sh, "g"));
	var_pop_frame(sh);
	assert_string_equal(var_get(sh, "g"), "inner");
	var_pop_frame(sh);
	assert_string_equal(var_get(sh, "g"), "outer");
	assert_true(env_has(sh, "g=outer"));
	var_flags(sh, "fresh", &ex);
	assert_false(ex);
	/* `local -` restores the options */
	var_push_frame(sh);
	assert_int_equal(var_local_opts(sh), 0);
	sh->opt[O_NOGLOB] = true;
	var_pop_frame(sh);
	assert_false(sh->opt[O_NOGLOB]);
	assert_int_equal(var_make_local(sh, "x"), -ENOENT);
}

static void path_change_forgets_hash(void **state)
{
	struct shell *sh = *state;
	struct sbx_buf b = {0};
	int err;

	var_set(sh, "PATH", "/usr/bin:/bin", V_EXPORT);
	assert_non_null(exec_find(sh, "sh", &err, NULL));
	exec_hash_print(sh, &b);
	assert_non_null(strstr(b.s, "/sh\n"));
	buf_free(&b);
	var_set(sh, "PATH", "/nonexistent", V_EXPORT);
	exec_hash_print(sh, &b);
	assert_true(b.len == 0);
	buf_free(&b);
	assert_null(exec_find(sh, "sh", &err, NULL));
	assert_int_equal(err, 127);
}

/* var_quote() writes what dash's single_quote() writes: set, export -p,
 * alias and trap output compare equal with dash's. */
static void quote_as_dash(void **state)
{
	static const char *const cases[][2] = {
	    {"", "''"},
	    {"abc", "'abc'"},
	    {"a b", "'a b'"},
	    {"a'b", "'a'\"'\"'b'"},
	    {"echo 'q'", "'echo '\"'\"'q'\"'\""},
	    {"'x", "''\"'\"'x'"},
	    {"''", "''\"''\""},
	    {"a\\b$c", "'a\\b$c'"},
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sbx_buf b = {0};

		var_quote(&b, cases[i][0]);
		assert_string_equal(b.s, cases[i][1]);
		buf_free(&b);
	}
}

static void params_and_aliases(void **state)
{
	struct shell *sh = *state;
	char *v[] = {"a", "b c"};

	var_set_params(sh, 2, v);
	assert_int_equal(sh->nparams, 2);
	assert_string_equal(sh->params[1], "b c");
	alias_set(sh, "ll", "ls -l");
	assert_string_equal(alias_get(sh, "ll"), "ls -l");
	alias_set(sh, "ll", "ls -la");
	assert_string_equal(alias_get(sh, "ll"), "ls -la");
	assert_int_equal(alias_unset(sh, "ll"), 0);
	assert_int_equal(alias_unset(sh, "ll"), -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(set_get_unset, setup, teardown),
	    cmocka_unit_test_setup_teardown(readonly_refuses, setup, teardown),
	    cmocka_unit_test_setup_teardown(environment_follows_exports, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(local_frames_restore, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(path_change_forgets_hash, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(params_and_aliases, setup,
					    teardown),
	    cmocka_unit_test(quote_as_dash),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
