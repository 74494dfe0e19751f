/* tests/unit/test_cachetar.c — cache rows, ustar headers and the rules
 * an imported archive must keep (core/cachetar.c). */
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
	assert_non_null(row(&r, "m2"));     /* from MAVEN_OPTS' %s */
	assert_non_null(row(&r, "uv"));     /* uv/cache, uv/tools: once */
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

static void names(void **state)
{
	const char *why;

	(void)state;
	assert_true(ct_name_ok("pip/x/y", &why));
	assert_true(ct_name_ok("a..b/c", &why));
	assert_false(ct_name_ok("/etc/passwd", &why));
	assert_false(ct_name_ok("../x", &why));
	assert_false(ct_name_ok("a/../../x", &why));
	assert_false(ct_name_ok("a/..", &why));
	assert_false(ct_name_ok("", &why));

	assert_true(ct_link_ok("npm-global/bin/x",
			       "../lib/node_modules/x/cli.js", &why));
	assert_true(ct_link_ok("a/b/c", "../../d", &why));
	assert_true(ct_link_ok("a/l", ".", &why));
	assert_false(ct_link_ok("a/b/c", "../../../d", &why));
	assert_false(ct_link_ok("l", "..", &why));
	assert_false(ct_link_ok("a/l", "/etc", &why));
	/* "b -> a/../x" with "a -> .": climbs out physically */
	assert_false(ct_link_ok("b", "a/../x", &why));
	assert_false(ct_link_ok("a/b", "./../x/../..", &why));
	assert_false(ct_link_ok("l", "", &why));
}

static void roundtrip(void **state)
{
	struct ct_member m = { 0 }, back;
	struct sbx_buf b = { 0 };
	char path[4096] = "", link[4096] = "";
	const char *why;

	(void)state;
	snprintf(m.name, sizeof(m.name), "pip/%0150d/wheel.whl", 7);
	m.type = CT_SYMLINK;
	snprintf(m.link, sizeof(m.link), "../%0120d", 3);
	m.mode = 0755;
	m.mtime = 1700000000;
	ct_header(&m, &b);
	/* a pax header, its body, then the ustar header */
	assert_int_equal(b.len % 512, 0);
	assert_true(b.len >= 3 * 512);
	assert_int_equal(ct_parse((unsigned char *)b.s, NULL, NULL, &back,
				  &why),
			 1);
	assert_int_equal(back.typeflag, 'x');
	ct_pax(b.s + 512, back.size, path, sizeof(path), link, sizeof(link));
	assert_string_equal(path, m.name);
	assert_string_equal(link, m.link);
	assert_int_equal(ct_parse((unsigned char *)b.s + b.len - 512, path,
				  link, &back, &why),
			 1);
	assert_string_equal(back.name, m.name);
	assert_string_equal(back.link, m.link);
	assert_int_equal(back.type, CT_SYMLINK);
	assert_int_equal(back.mode, 0755);
	assert_int_equal(back.mtime, 1700000000);

	/* a short directory name: one header, trailing '/' dropped */
	b.len = 0;
	memset(&m, 0, sizeof(m));
	strcpy(m.name, "go/pkg");
	m.type = CT_DIR;
	m.mode = 0700;
	ct_header(&m, &b);
	assert_int_equal(b.len, 512);
	assert_int_equal(ct_parse((unsigned char *)b.s, NULL, NULL, &back,
				  &why),
			 1);
	assert_string_equal(back.name, "go/pkg");
	assert_int_equal(back.type, CT_DIR);

	/* a flipped byte fails the checksum */
	b.s[10] ^= 1;
	assert_int_equal(ct_parse((unsigned char *)b.s, NULL, NULL, &back,
				  &why),
			 -EINVAL);
	/* a zero block ends the archive */
	memset(b.s, 0, 512);
	assert_int_equal(ct_parse((unsigned char *)b.s, NULL, NULL, &back,
				  &why),
			 0);
	buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rows),
		cmocka_unit_test(names),
		cmocka_unit_test(roundtrip),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
