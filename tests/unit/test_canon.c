/* tests/unit/test_canon.c — symlink canonicalization on a real temp tree:
 * what realpath() gives for the existing prefix, the rest kept as typed,
 * and the memo used while a session opens giving the same answers. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "canon.h"
#include "fixture.h"

static char base[256];

static char *at(const char *rel)
{
	return xasprintf("%s/%s", base, rel);
}

static void mklink(const char *target, const char *rel)
{
	SBX_AUTOFREE char *p = at(rel);

	assert_int_equal(symlink(target, p), 0);
}

static int setup(void **state)
{
	SBX_AUTOFREE char *a = NULL;
	SBX_AUTOFREE char *r = NULL;
	SBX_AUTOFREE char *real = NULL;
	SBX_AUTOFREE char *f = NULL;
	FILE *fp;

	(void)state;
	assert_int_equal(fx_tmpdir(base, sizeof(base), "/tmp/sbxsh-test-canon"),
			 0);
	/* The base itself may sit behind a link (/tmp on macOS). */
	real = realpath(base, NULL);
	assert_non_null(real);
	snprintf(base, sizeof(base), "%s", real);
	r = at("real");
	a = at("a");
	assert_int_equal(mkdir(a, 0755), 0);
	free(a);
	a = at("a/b");
	assert_int_equal(mkdir(a, 0755), 0);
	assert_int_equal(mkdir(r, 0755), 0);
	f = at("file");
	fp = fopen(f, "w");
	assert_non_null(fp);
	fclose(fp);
	mklink("../real", "a/rel"); /* relative */
	mklink(r, "abs");	    /* absolute */
	mklink("nowhere", "dang");  /* dangling */
	mklink("loop2", "loop1");   /* a loop */
	mklink("loop1", "loop2");
	mklink("/", "root");	  /* to "/" */
	mklink("a/rel", "chain"); /* a link to a link */
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	assert_int_equal(fx_rmtree(base), 0);
	return 0;
}

/* |rel| under the base canonicalizes to |want| under the base (or to
 * |want| itself when it is absolute), with and without the memo. */
static void expect(struct canon_memo *m, const char *rel, const char *want)
{
	SBX_AUTOFREE char *in = at(rel);
	SBX_AUTOFREE char *w = want[0] == '/' ? xstrdup(want) : at(want);
	SBX_AUTOFREE char *plain = sh_canon(NULL, in);
	SBX_AUTOFREE char *memo = sh_canon_memo(m, in);

	assert_string_equal(plain, w);
	assert_string_equal(memo, w);
}

static void resolves_links(void **state)
{
	struct canon_memo m = {0};

	(void)state;
	/* Twice each: the second answer comes from the memo. */
	for (int i = 0; i < 2; i++) {
		expect(&m, "a/b", "a/b");
		expect(&m, "a/rel", "real");
		expect(&m, "a/rel/new/x", "real/new/x");
		expect(&m, "abs/q", "real/q");
		expect(&m, "chain/k", "real/k");
		expect(&m, "a/b/../rel", "real");
		expect(&m, "root/etc", "/etc");
		expect(&m, "root", "/");
	}
	canon_memo_free(&m);
}

static void stops_where_realpath_stops(void **state)
{
	struct canon_memo m = {0};

	(void)state;
	for (int i = 0; i < 2; i++) {
		/* What does not exist is kept as typed after the last
		 * existing folder; a dangling link or a loop stays a name. */
		expect(&m, "nope/x/y", "nope/x/y");
		expect(&m, "dang", "dang");
		expect(&m, "dang/x", "dang/x");
		expect(&m, "loop1/z", "loop1/z");
		expect(&m, "file/x", "file/x");
	}
	canon_memo_free(&m);
}

/* The memo remembers what is missing, for sh_is_dir_memo() too, until
 * told that files were created (canon_memo_forget_absent()). */
static void memo_knows_what_is_missing(void **state)
{
	struct canon_memo m = {0};
	SBX_AUTOFREE char *dir = at("later");
	SBX_AUTOFREE char *sub = at("later/sub");
	SBX_AUTOFREE char *c = NULL;
	SBX_AUTOFREE char *nope = at("nope");
	SBX_AUTOFREE char *link = at("tolater");

	(void)state;
	expect(&m, "later/sub", "later/sub");
	assert_false(sh_is_dir_memo(&m, dir));
	assert_int_equal(mkdir(dir, 0755), 0);
	assert_int_equal(mkdir(sub, 0755), 0);
	/* Created behind the memo's back: it still answers from memory,
	 * which is why a session forgets after making its folders. */
	assert_false(sh_is_dir_memo(&m, sub));
	assert_true(sh_is_dir(NULL, sub));
	canon_memo_forget_absent(&m);
	assert_true(sh_is_dir_memo(&m, sub));
	mklink("later/sub", "tolater");
	c = sh_canon_memo(&m, link);
	assert_string_equal(c, sub);
	/* What it knew to exist is kept. */
	assert_true(sh_is_dir_memo(&m, base));
	assert_false(sh_is_dir_memo(NULL, nope));
	canon_memo_free(&m);
}

/* A folder read whole (canon_memo_list) gives the same answers without
 * a readlink per name: links in it are still resolved, names it lacks
 * are missing; sh_exists_memo() agrees with lstat() on all of them. */
static void listed_folder_same_answers(void **state)
{
	static const char *const names[] = {
	    "a",     "a/b",    "a/rel",	 "abs",	   "dang",
	    "loop1", "root",   "chain",	 "file",   "real",
	    "nope",  "nope/x", "a/nope", "file/x", "dang/x",
	};
	struct canon_memo m = {0};

	(void)state;
	canon_memo_list(&m, base);
	canon_memo_list(&m, base); /* once is enough; twice is harmless */
	assert_int_equal(m.nlists, 1);
	for (int i = 0; i < 2; i++) {
		expect(&m, "a/b", "a/b");
		expect(&m, "a/rel", "real");
		expect(&m, "abs/q", "real/q");
		expect(&m, "chain/k", "real/k");
		expect(&m, "root", "/");
		expect(&m, "dang", "dang");
		expect(&m, "loop1/z", "loop1/z");
		expect(&m, "nope/x/y", "nope/x/y");
		expect(&m, "nope", "nope");
		expect(&m, "file", "file");
	}
	for (size_t i = 0; i < sizeof(names) / sizeof(*names); i++) {
		SBX_AUTOFREE char *p = at(names[i]);
		SBX_AUTOFREE char *c = sh_canon_memo(&m, p);
		struct stat st;

		assert_int_equal(sh_exists_memo(&m, c), lstat(c, &st) == 0);
		assert_int_equal(sh_exists_memo(NULL, c), lstat(c, &st) == 0);
	}
	/* created after the listing: forgotten with the rest */
	{
		SBX_AUTOFREE char *n = at("new-dir");

		assert_false(sh_exists_memo(&m, n));
		assert_int_equal(mkdir(n, 0755), 0);
		canon_memo_forget_absent(&m);
		assert_int_equal(m.nlists, 0);
		assert_true(sh_exists_memo(&m, n));
	}
	canon_memo_free(&m);
}

static void folds_and_roots(void **state)
{
	SBX_AUTOFREE char *r = NULL;

	(void)state;
	r = sh_canon(NULL, "/");
	assert_string_equal(r, "/");
	free(r);
	r = sh_canon(NULL, "//usr///../usr/./");
	assert_string_equal(r, "/usr");
	free(r);
	r = sh_canon(NULL, "/nonexistent-sbxsh/a");
	assert_string_equal(r, "/nonexistent-sbxsh/a");
	/* path_is_folded() says yes exactly where path_fold() changes
	 * nothing (the policy skips the fold on its say-so) */
	{
		static const char *const cases[] = {
		    "/",   "/a",    "/a/b",	 "//",	  "/a//b", "/a/",
		    "/.",  "/a/.",  "/a/./b",	 "/..",	  "/a/..", "/a/../b",
		    "/.a", "/a/.b", "/a/..b",	 "/a/b.", "/...",  "/a/...",
		    "a",   "",	    "/a/b/.c/d",
		};

		for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
			SBX_AUTOFREE char *f = path_fold(cases[i]);

			assert_int_equal(path_is_folded(cases[i]),
					 f && !strcmp(f, cases[i]));
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(resolves_links, setup, teardown),
	    cmocka_unit_test_setup_teardown(stops_where_realpath_stops, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(memo_knows_what_is_missing, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(listed_folder_same_answers, setup,
					    teardown),
	    cmocka_unit_test(folds_and_roots),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
