/* tests/unit/test_route.c — cache routing (docs/design.md §3). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "route.h"

#define P "/w/.sandbox-cache"
#define RUN "/w/.sandbox-runs/r1"

static const char *const core_set[] = {
    "SANDBOX_PERSISTENT_DIR",
    "PYTHONUSERBASE",
    "PIP_CACHE_DIR",
    "XDG_CACHE_HOME",
    "npm_config_cache",
    "npm_config_prefix",
    "GOPATH",
    "GOCACHE",
    "CARGO_HOME",
    "PIPX_HOME",
    "PIPX_BIN_DIR",
};

static void plan(struct rt_plan *p, bool pw, bool rw, char *const *user)
{
	struct rt_facts f = {
	    .persist_dir = P,
	    .persist_writable = pw,
	    .run_dir = RUN,
	    .run_tmp = RUN "/tmp",
	    .run_writable = rw,
	    .user_exports = user,
	};

	rt_compute(&f, p);
}

static void persistent_routing(void **state)
{
	struct rt_plan p;

	(void)state;
	plan(&p, true, true, NULL);
	assert_int_equal(p.kind, RT_BASE_PERSIST);
	assert_string_equal(rt_value(&p, "SANDBOX_PERSISTENT_DIR"), P);
	assert_string_equal(rt_value(&p, "PYTHONUSERBASE"), P "/python");
	assert_string_equal(rt_value(&p, "PIP_CACHE_DIR"), P "/pip");
	assert_string_equal(rt_value(&p, "XDG_CACHE_HOME"), P "/cache");
	assert_string_equal(rt_value(&p, "npm_config_cache"), P "/npm-cache");
	assert_string_equal(rt_value(&p, "npm_config_prefix"), P "/npm-global");
	assert_string_equal(rt_value(&p, "GOPATH"), P "/go");
	assert_string_equal(rt_value(&p, "GOCACHE"), P "/go-build");
	assert_string_equal(rt_value(&p, "CARGO_HOME"), P "/cargo");
	assert_string_equal(rt_value(&p, "PIPX_HOME"), P "/pipx");
	assert_string_equal(rt_value(&p, "PIPX_BIN_DIR"), P "/bin");
	assert_string_equal(rt_value(&p, "PIP_BREAK_SYSTEM_PACKAGES"), "1");
	assert_string_equal(rt_value(&p, "MAVEN_OPTS"),
			    "-Dmaven.repo.local=" P "/m2/repository");
	rt_free(&p);
}

static void tmpdir_never_in_persist(void **state)
{
	struct rt_plan p;

	(void)state;
	plan(&p, true, true, NULL);
	assert_string_equal(rt_value(&p, "TMPDIR"), RUN "/tmp");
	assert_false(path_under(P, rt_value(&p, "TMPDIR")));
	/* tmux's socket folder too: never the shared /tmp, where the
	 * user's own server outside lives. */
	assert_string_equal(rt_value(&p, "TMUX_TMPDIR"), RUN "/tmp");
	for (size_t i = 0; i < p.nvars; i++)
		if (strcmp(p.vars[i].name, "TMPDIR") != 0 &&
		    strcmp(p.vars[i].name, "TMUX_TMPDIR") != 0)
			assert_true(strstr(p.vars[i].value, "/tmp") == NULL);
	rt_free(&p);
}

static void run_folder_fallback(void **state)
{
	struct rt_plan p;

	(void)state;
	plan(&p, false, true, NULL);
	assert_int_equal(p.kind, RT_BASE_RUN);
	for (size_t i = 0; i < sizeof(core_set) / sizeof(*core_set); i++) {
		const char *v = rt_value(&p, core_set[i]);

		assert_non_null(v);
		assert_true(path_under(RUN, v));
	}
	assert_string_equal(rt_value(&p, "GOCACHE"), RUN "/go-build");
	assert_string_equal(rt_value(&p, "TMPDIR"), RUN "/tmp");
	assert_string_equal(p.path_prefix.v[0], RUN "/bin");
	rt_free(&p);
}

static void nothing_writable_no_routing(void **state)
{
	struct rt_plan p;
	char *path;

	(void)state;
	plan(&p, false, false, NULL);
	assert_int_equal(p.kind, RT_BASE_NONE);
	assert_int_equal(p.nvars, 0);
	assert_null(rt_value(&p, "TMPDIR"));
	assert_null(rt_value(&p, "PYTHONUSERBASE"));
	assert_null(rt_value(&p, "PIP_BREAK_SYSTEM_PACKAGES"));
	path = rt_path(&p, "/usr/bin:/bin");
	assert_string_equal(path, "/usr/bin:/bin");
	free(path);
	rt_free(&p);
}

static void path_prefix_order_and_dedup(void **state)
{
	struct rt_plan p;
	char *path;
	const char *want = P "/bin:" P "/python/bin:" P "/npm-global/bin:" P
			     "/go/bin:" P "/cargo/bin:";

	(void)state;
	plan(&p, true, true, NULL);
	assert_string_equal(p.path_prefix.v[0], P "/bin");
	assert_string_equal(p.path_prefix.v[1], P "/python/bin");
	assert_string_equal(p.path_prefix.v[2], P "/npm-global/bin");
	assert_string_equal(p.path_prefix.v[3], P "/go/bin");
	assert_string_equal(p.path_prefix.v[4], P "/cargo/bin");

	/* The user's PATH already holds two of the dirs, one with a
	 * trailing slash: each appears once, at the front, in order. */
	path = rt_path(&p, "/usr/bin:" P "/go/bin:/bin:" P "/bin/");
	assert_memory_equal(path, want, strlen(want));
	assert_non_null(strstr(path, ":/usr/bin:/bin"));
	assert_null(strstr(path + strlen(want), P "/go/bin"));
	assert_null(strstr(path + strlen(want), P "/bin"));
	/* Applying it again changes nothing (live re-application). */
	{
		char *again = rt_path(&p, path);

		assert_string_equal(again, path);
		free(again);
	}
	free(path);
	rt_free(&p);
}

static void user_export_wins(void **state)
{
	struct rt_plan p;
	char *user[] = {"GOCACHE=/elsewhere", "PYTHONUSERBASE=/my/py", NULL};

	(void)state;
	plan(&p, true, true, user);
	assert_string_equal(rt_value(&p, "GOCACHE"), "/elsewhere");
	assert_string_equal(rt_value(&p, "GOPATH"), P "/go");
	for (size_t i = 0; i < p.nvars; i++) {
		if (!strcmp(p.vars[i].name, "GOCACHE")) {
			assert_true(p.vars[i].overridden);
			assert_string_equal(p.vars[i].value, P "/go-build");
		}
		if (!strcmp(p.vars[i].name, "GOPATH"))
			assert_false(p.vars[i].overridden);
	}
	/* PEP 668 escape only while pip's user site is ours. */
	assert_null(rt_value(&p, "PIP_BREAK_SYSTEM_PACKAGES"));
	rt_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(persistent_routing),
	    cmocka_unit_test(tmpdir_never_in_persist),
	    cmocka_unit_test(run_folder_fallback),
	    cmocka_unit_test(nothing_writable_no_routing),
	    cmocka_unit_test(path_prefix_order_and_dedup),
	    cmocka_unit_test(user_export_wins),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
