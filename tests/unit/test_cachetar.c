/* tests/unit/test_cachetar.c — cache rows and the rules an imported
 * archive's members must keep (core/cachetar.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cachetar.h"

static const struct ct_row *row(const struct ct_rows *r, const char *dir)
{
	for (size_t i = 0; i < r->n; i++)
		if (!strcmp(r->v[i].dir, dir))
			return &r->v[i];
	return NULL;
}

static void rows(void **state)
{
	struct ct_rows r;

	(void)state;
	ct_rows_make(&r);
	assert_non_null(row(&r, "python"));
	assert_non_null(row(&r, "pip"));
	assert_non_null(row(&r, "npm-cache"));
	assert_non_null(row(&r, "go-build"));
	assert_non_null(row(&r, "m2")); /* from MAVEN_OPTS' %s */
	assert_non_null(row(&r, "uv")); /* uv/cache, uv/tools: once */
	assert_non_null(strstr(row(&r, "uv")->vars.s, "UV_TOOL_DIR"));
	assert_non_null(strstr(row(&r, "bin")->vars.s, "PIPX_BIN_DIR"));
	assert_null(row(&r, "tmp"));
	assert_true(ct_matches(row(&r, "npm-cache"), "npm"));
	assert_true(ct_matches(row(&r, "npm-global"), "npm"));
	assert_false(ct_matches(row(&r, "pnpm"), "npm"));
	assert_true(ct_matches(row(&r, "go-build"), "GOCACHE"));
	assert_true(ct_matches(row(&r, "go-build"), "gocache"));
	assert_true(ct_matches(row(&r, "go"), "go"));
	assert_false(ct_matches(row(&r, "gem"), "g"));
	ct_rows_free(&r);
}

static int norm(const char *name, char *out)
{
	const char *why = NULL;
	int rc = ct_norm(name, out, 4096, &why);

	assert_true(rc == 0 || why);
	return rc;
}

static void names(void **state)
{
	char n[4096];

	(void)state;
	assert_int_equal(norm("pip/x/y", n), 0);
	assert_string_equal(n, "pip/x/y");
	assert_int_equal(norm("a..b/c", n), 0);
	assert_int_equal(norm("./a//./b/", n), 0);
	assert_string_equal(n, "a/b");
	assert_int_equal(norm("a/./././././b", n), 0);
	assert_string_equal(n, "a/b");
	assert_int_equal(norm("/etc/passwd", n), -EINVAL);
	assert_int_equal(norm("../x", n), -EINVAL);
	assert_int_equal(norm("a/../../x", n), -EINVAL);
	assert_int_equal(norm("a/..", n), -EINVAL);
	assert_int_equal(norm("..", n), -EINVAL);
	assert_int_equal(norm("", n), -EINVAL);
	/* the folder itself: extracting it replaced the whole cache */
	assert_int_equal(norm(".", n), -EINVAL);
	assert_int_equal(norm("./", n), -EINVAL);
	assert_int_equal(norm("././/.", n), -EINVAL);
	{
		char small[4];
		const char *why;

		assert_int_equal(ct_norm("abcd", small, sizeof(small), &why),
				 -EINVAL);
		assert_int_equal(ct_norm("abc", small, sizeof(small), &why), 0);
	}
}

static void links(void **state)
{
	const char *why;

	(void)state;
	assert_true(ct_link_ok("npm-global/bin/x",
			       "../lib/node_modules/x/cli.js", &why));
	assert_true(ct_link_ok("a/b/c", "../../d", &why));
	assert_true(ct_link_ok("a/l", ".", &why));
	assert_true(ct_link_ok("a/l", "./.././x", &why));
	assert_false(ct_link_ok("a/b/c", "../../../d", &why));
	assert_false(ct_link_ok("l", "..", &why));
	assert_false(ct_link_ok("a/l", "/etc", &why));
	/* "b -> a/../x" with "a -> .": climbs out physically */
	assert_false(ct_link_ok("b", "a/../x", &why));
	assert_false(ct_link_ok("a/b", "./../x/../..", &why));
	assert_false(ct_link_ok("l", "", &why));
}

static int check(struct ct_seen *s, const char *name, enum ct_type t,
		 const char *link, const char **why)
{
	char n[4096];

	*why = NULL;
	return ct_check(s, name, t, link, 0755, 1700000000, n, sizeof(n), why);
}

static void members(void **state)
{
	struct ct_seen s = {0};
	const char *why;

	(void)state;
	/* the finding: "." components counted as depth let this point at
	 * "/" from a cache six folders deep */
	assert_int_equal(
	    check(&s, "a/./././././b", CT_SYMLINK, "../../../../../..", &why),
	    -EINVAL);
	assert_string_equal(why, "a symlink out of the folder");
	assert_int_equal(check(&s, "x/./y", CT_SYMLINK, "..", &why), 0);
	/* a file named "." replaced the whole folder */
	assert_int_equal(check(&s, ".", CT_FILE, NULL, &why), -EINVAL);
	assert_non_null(strstr(why, "'.'"));
	assert_int_equal(check(&s, "./", CT_DIR, NULL, &why), -EINVAL);
	assert_int_equal(check(&s, "..", CT_DIR, NULL, &why), -EINVAL);
	assert_int_equal(check(&s, "", CT_FILE, NULL, &why), -EINVAL);
	/* types */
	assert_int_equal(check(&s, "h", CT_HARDLINK, "x", &why), -EINVAL);
	assert_string_equal(why, "a hard link");
	assert_int_equal(check(&s, "d", CT_DEVICE, NULL, &why), -EINVAL);
	assert_int_equal(check(&s, "f", CT_FIFO, NULL, &why), -EINVAL);
	assert_int_equal(check(&s, "s", CT_SOCKET, NULL, &why), -EINVAL);
	assert_int_equal(check(&s, "o", CT_OTHER, NULL, &why), -EINVAL);
	/* duplicates, however spelled */
	assert_int_equal(check(&s, "pip/f", CT_FILE, NULL, &why), 0);
	assert_int_equal(check(&s, "./pip//f", CT_FILE, NULL, &why), -EINVAL);
	assert_string_equal(why, "a duplicate member");
	assert_int_equal(check(&s, "pip/f", CT_SYMLINK, "g", &why), -EINVAL);
	/* a folder made for earlier members may be given as a folder, once */
	assert_int_equal(check(&s, "pip", CT_DIR, NULL, &why), 0);
	assert_int_equal(check(&s, "pip", CT_DIR, NULL, &why), -EINVAL);
	assert_int_equal(check(&s, "q/r/f", CT_FILE, NULL, &why), 0);
	assert_int_equal(check(&s, "q/r", CT_SYMLINK, ".", &why), -EINVAL);
	/* nothing beneath a symlink or a file of the archive */
	assert_int_equal(check(&s, "l", CT_SYMLINK, "pip", &why), 0);
	assert_int_equal(check(&s, "l/x", CT_FILE, NULL, &why), -EINVAL);
	assert_string_equal(why, "beneath a symlink of the archive");
	assert_int_equal(check(&s, "./l/./y/z", CT_DIR, NULL, &why), -EINVAL);
	assert_int_equal(check(&s, "pip/f/x", CT_FILE, NULL, &why), -EINVAL);
	assert_string_equal(why, "beneath a file of the archive");
	/* the two-link climb */
	assert_int_equal(check(&s, "a", CT_SYMLINK, ".", &why), 0);
	assert_int_equal(check(&s, "b", CT_SYMLINK, "a/../x", &why), -EINVAL);
	/* absolute, ".." */
	assert_int_equal(check(&s, "/etc/x", CT_FILE, NULL, &why), -EINVAL);
	assert_int_equal(check(&s, "ok/../../x", CT_FILE, NULL, &why), -EINVAL);
	assert_int_equal(check(&s, "ok/l", CT_SYMLINK, "/etc", &why), -EINVAL);
	/* many names: the table grows and still finds each */
	for (int i = 0; i < 5000; i++) {
		char n[32];

		snprintf(n, sizeof(n), "big/d%d/f", i);
		assert_int_equal(check(&s, n, CT_FILE, NULL, &why), 0);
	}
	assert_int_equal(check(&s, "big/d4321/f", CT_FILE, NULL, &why),
			 -EINVAL);
	assert_int_equal(check(&s, "big/d17", CT_FILE, NULL, &why), -EINVAL);
	/* folders keep their mode and mtime for the end of the import */
	{
		size_t dirs = 0;

		for (size_t i = 0; i < s.cap; i++)
			if (s.v[i].name && !strcmp(s.v[i].name, "pip")) {
				assert_int_equal(s.v[i].kind, CT_K_DIR);
				assert_int_equal(s.v[i].mode, 0755);
				assert_int_equal(s.v[i].mtime, 1700000000);
				dirs++;
			}
		assert_int_equal(dirs, 1);
	}
	ct_seen_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(rows),
	    cmocka_unit_test(names),
	    cmocka_unit_test(links),
	    cmocka_unit_test(members),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
