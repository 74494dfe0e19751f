/* tests/unit/test_layout.c — session layout (docs/design.md §1). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

#include "layout.h"

#define RID(n) "20261129T1914" n "Z-42-0000abcd"

static void paths_default_state(void **state)
{
	struct lay_layout l;
	struct lay_facts f = {.workspace = "/w/proj/", .run_id = RID("50")};

	(void)state;
	assert_int_equal(lay_compute(&f, &l, NULL), 0);
	assert_string_equal(l.workflow_id, "proj");
	assert_string_equal(l.workspace, "/w/proj");
	assert_string_equal(l.persist_dir, "/w/proj/.sandbox-cache");
	assert_string_equal(l.runs_dir, "/w/proj/.sandbox-runs");
	assert_string_equal(l.run_dir, "/w/proj/.sandbox-runs/" RID("50"));
	assert_string_equal(l.run_tmp,
			    "/w/proj/.sandbox-runs/" RID("50") "/tmp");
	assert_int_equal(l.prune.n, 0);
	lay_free(&l);
}

static void paths_state_elsewhere(void **state)
{
	struct lay_layout l;
	struct lay_facts f = {.workspace = "/ro/ws",
			      .workflow_id = "wf1",
			      .state_dir = "/scratch/st",
			      .run_id = RID("50")};

	(void)state;
	assert_int_equal(lay_compute(&f, &l, NULL), 0);
	assert_string_equal(l.workflow_id, "wf1");
	assert_string_equal(l.persist_dir, "/scratch/st/.sandbox-cache");
	assert_true(path_under("/scratch/st/.sandbox-runs", l.run_tmp));
	/* The state dir never ends up inside the workspace then. */
	assert_false(path_under(l.workspace, l.persist_dir));
	lay_free(&l);
}

static void prune_keeps_newest(void **state)
{
	struct lay_layout l;
	const char *runs[] = {
	    RID("05"), RID("01"), "not-a-run", RID("03"),
	    RID("02"), RID("04"), RID("06"),   "..",
	};
	struct lay_facts f = {.workspace = "/w",
			      .run_id = RID("50"),
			      .runs = runs,
			      .nruns = 8,
			      .keep = 3};

	(void)state;
	assert_int_equal(lay_compute(&f, &l, NULL), 0);
	/* 6 old runs + the new one, keep 3: the 4 oldest go, oldest first. */
	assert_int_equal(l.prune.n, 4);
	assert_string_equal(l.prune.v[0], RID("01"));
	assert_string_equal(l.prune.v[3], RID("04"));
	assert_false(strv_has(&l.prune, "not-a-run"));
	assert_false(strv_has(&l.prune, ".."));
	lay_free(&l);

	f.keep = 0; /* default 5: 2 go */
	assert_int_equal(lay_compute(&f, &l, NULL), 0);
	assert_int_equal(l.prune.n, 2);
	lay_free(&l);
}

static void bad_inputs(void **state)
{
	struct lay_layout l;
	struct sbx_diag d = {0};
	struct lay_facts f = {.workspace = "rel/ws", .run_id = RID("50")};

	(void)state;
	assert_int_equal(lay_compute(&f, &l, &d), -EINVAL);
	assert_non_null(strstr(d.msg, "absolute"));
	f.workspace = "/w";
	f.run_id = "../../etc";
	assert_int_equal(lay_compute(&f, &l, &d), -EINVAL);
	assert_int_equal(lay_check_workflow_id("ok-id_1", NULL), 0);
	assert_int_equal(lay_check_workflow_id("", NULL), -EINVAL);
	assert_int_equal(lay_check_workflow_id("..", NULL), -EINVAL);
	assert_int_equal(lay_check_workflow_id("a/b", &d), -EINVAL);
	assert_non_null(strstr(d.msg, "'/'"));
	assert_int_equal(lay_check_workflow_id("a\nb", NULL), -EINVAL);
}

static void run_ids(void **state)
{
	char *id = lay_run_id(1795979690LL, 1234, 0xdeadbeef);

	(void)state;
	/* 2026-11-29 19:14:50 UTC */
	assert_string_equal(id, "20261129T191450Z-1234-deadbeef");
	assert_true(lay_is_run_id(id));
	free(id);
	id = lay_run_id(0, 1, 0);
	assert_string_equal(id, "19700101T000000Z-1-00000000");
	free(id);
	assert_false(lay_is_run_id("20261129T191450Z-1234-deadbee"));
	assert_false(lay_is_run_id("20261129T191450Z-1234-deadbeef/x"));
	assert_false(lay_is_run_id("tmp"));
	id = lay_workflow_path("/base/", "wf");
	assert_string_equal(id, "/base/Workflow/wf");
	free(id);
}

/* path_join: one slash between the parts, whatever they end or start
 * with. */
static void joins_paths(void **state)
{
	static const char *const cases[][3] = {
	    {"/a", "b", "/a/b"},  {"/a/", "b", "/a/b"},
	    {"/a", "/b", "/a/b"}, {"/a/", "//b/c", "/a/b/c"},
	    {"/", "b", "/b"},	  {"", "b", "/b"},
	    {"/a", "", "/a/"},	  {"rel", "x", "rel/x"},
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		char *r = path_join(cases[i][0], cases[i][1]);

		assert_string_equal(r, cases[i][2]);
		free(r);
	}
}

static void cachedir_tag_signature(void **state)
{
	(void)state;
	assert_memory_equal(lay_cachedir_tag,
			    "Signature: 8a477f597d28d172789f06886806bc55", 43);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(paths_default_state),
	    cmocka_unit_test(paths_state_elsewhere),
	    cmocka_unit_test(prune_keeps_newest),
	    cmocka_unit_test(bad_inputs),
	    cmocka_unit_test(run_ids),
	    cmocka_unit_test(joins_paths),
	    cmocka_unit_test(cachedir_tag_signature),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
