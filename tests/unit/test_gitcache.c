/* tests/unit/test_gitcache.c — the git scan cache's file format
 * (core/gitcache.c): what is written reads back the same; a truncated,
 * corrupt or hostile file is refused (a doubt costs a full scan, a wrong
 * answer a repository left unprotected). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <string.h>

#include "gitcache.h"

static const struct gcache_stamp A = {12, 1700000000, 5, 1700000001, 999999999};
static const struct gcache_stamp B = {UINT64_MAX, 0, 0, 1, 2};

static char buf[4096];

static struct gcache_out out(void)
{
	return (struct gcache_out){.b = buf, .cap = sizeof(buf) - 1};
}

static const char *text(struct gcache_out *o)
{
	buf[o->len] = '\0';
	return buf;
}

static void round_trip(void **state)
{
	struct gcache_out o = out(), h = out();
	const char *l, *end, *p;
	char rel[64];
	char hb[256];

	(void)state;
	assert_true(gcache_header(&o, 2049, 77, "/work/ws"));
	assert_true(gcache_dir(&o, "a", &A));
	assert_true(gcache_repo(&o, GM_DIR, "", 0));
	assert_true(gcache_repo(&o, GM_FILE, "sub", 3));
	assert_true(gcache_dir(&o, "b c", &B));
	assert_true(gcache_repo(&o, GM_LINK, "x", 1));
	assert_false(o.overflow);
	assert_string_equal(text(&o),
			    "sbxsh-gitscan 1 2049 77 /work/ws\n"
			    "d 12 1700000000 5 1700000001 999999999 a\n"
			    "r d .\n"
			    "r f sub\n"
			    "d 18446744073709551615 0 0 1 2 b c\n"
			    "r l x\n");
	end = buf + o.len;

	/* the header: same workspace, device and inode only */
	h.b = hb;
	h.cap = sizeof(hb);
	assert_true(gcache_header(&h, 2049, 77, "/work/ws"));
	assert_true(gcache_header_matches(&h, buf, o.len));
	h.len = 0;
	assert_true(gcache_header(&h, 2049, 78, "/work/ws"));
	assert_false(gcache_header_matches(&h, buf, o.len));
	h.len = 0;
	assert_true(gcache_header(&h, 2049, 77, "/work/w"));
	assert_false(gcache_header_matches(&h, buf, o.len));
	assert_false(gcache_header_matches(&h, buf, 5));

	l = gcache_find(buf, end, "a");
	assert_non_null(l);
	p = strchr(l, '\n');
	assert_true(gcache_same(l, p, &A));
	assert_false(gcache_same(l, p, &B));
	p++;
	assert_int_equal(gcache_next_repo(&p, end, rel, sizeof(rel)), 1);
	assert_string_equal(rel, ".");
	assert_int_equal(gcache_next_repo(&p, end, rel, sizeof(rel)), 1);
	assert_string_equal(rel, "sub");
	assert_int_equal(gcache_next_repo(&p, end, rel, sizeof(rel)), 0);

	l = gcache_find(buf, end, "b c");
	assert_non_null(l);
	p = strchr(l, '\n');
	assert_true(gcache_same(l, p, &B));
	p++;
	assert_int_equal(gcache_next_repo(&p, end, rel, sizeof(rel)), 1);
	assert_string_equal(rel, "x");
	assert_int_equal(gcache_next_repo(&p, end, rel, sizeof(rel)), 0);

	/* a prefix, another name: not found */
	assert_null(gcache_find(buf, end, "b"));
	assert_null(gcache_find(buf, end, "sub"));
	assert_null(gcache_find(buf, end, ""));
}

/* What sbxsh cannot write back faithfully it does not write. */
static void newline_refused(void **state)
{
	struct gcache_out o = out();

	(void)state;
	assert_false(gcache_header(&o, 1, 2, "/work/a\nd 1 2 3 4 5 x"));
	assert_false(gcache_dir(&o, "a\nr d .", &A));
	assert_false(gcache_repo(&o, GM_DIR, "x\ny", 3));
	assert_int_equal(o.len, 0);
}

static void overflow(void **state)
{
	char small[40];
	struct gcache_out o = {.b = small, .cap = sizeof(small)};

	(void)state;
	assert_true(gcache_header(&o, 1, 2, "/w"));
	assert_false(o.overflow);
	gcache_dir(&o, "a-long-folder-name", &A);
	assert_true(o.overflow);
	assert_true(o.len <= sizeof(small));
	/* nothing after an overflow, even what would fit */
	{
		size_t len = o.len;

		gcache_repo(&o, GM_DIR, "", 0);
		assert_int_equal(o.len, len);
	}
}

/* Every cut of a valid line: never found; never the same while a
 * number is cut (the name is not gcache_same's). */
static void truncated(void **state)
{
	static const char line[] = "d 12 1700000000 5 1700000001 999999999 a\n";

	(void)state;
	for (size_t n = 0; n < sizeof(line) - 1; n++) {
		const char *l = gcache_find(line, line + n, "a");

		assert_null(l);
		if (n >= 2 &&
		    n < strlen("d 12 1700000000 5 1700000001 999999999 "))
			assert_false(gcache_same(line, line + n, &A));
	}
	assert_non_null(gcache_find(line, line + sizeof(line) - 1, "a"));
}

static void corrupt_d_lines(void **state)
{
	static const char *const bad[] = {
	    "d 12 1700000000 5 1700000001 a\n",	     /* a field short */
	    "d 12 1700000000 5 1700000001 99x9 a\n", /* not a number */
	    "d -12 1700000000 5 1700000001 999999999 a\n",
	    "d 12  1700000000 5 1700000001 999999999 a\n",
	    "d 12 1700000000 5 1700000001 999999999a\n",
	    "D 12 1700000000 5 1700000001 999999999 a\n",
	    "d\n",
	    "d",
	    "",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++)
		assert_null(gcache_find(bad[i], bad[i] + strlen(bad[i]), "a"));
}

/* A number past 64 bits would wrap to another that could match. */
static void huge_number(void **state)
{
	/* 2^64 + 12 wraps to 12 */
	static const char l[] =
	    "d 18446744073709551628 1700000000 5 1700000001 999999999 a\n";

	(void)state;
	assert_false(gcache_same(l, strchr(l, '\n'), &A));
	assert_null(gcache_find(l, l + sizeof(l) - 1, "a"));
}

static void hostile_r_lines(void **state)
{
	static const char *const bad[] = {
	    "r d ../..\n",			 /* a slash: somewhere else */
	    "r d /etc\n",  "r d ..\n", "r d \n", /* empty */
	    "r d",				 /* no newline */
	    "r d x",				 /* truncated */
	    "r q x\n",				 /* another kind */
	    "rd x\n",	   "r dx\n",   "x d x\n",
	};
	char rel[64];

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		const char *p = bad[i];

		assert_int_equal(
		    gcache_next_repo(&p, p + strlen(p), rel, sizeof(rel)),
		    -EINVAL);
	}
	{
		/* a NUL inside a name */
		static const char nul[] = "r d a\0b\n";
		const char *p = nul;

		assert_int_equal(gcache_next_repo(&p, nul + sizeof(nul) - 1,
						  rel, sizeof(rel)),
				 -EINVAL);
	}
	{
		/* longer than the caller's buffer */
		static const char big[] = "r d abcdefgh\n";
		const char *p = big;

		assert_int_equal(
		    gcache_next_repo(&p, big + strlen(big), rel, 8), -EINVAL);
		p = big;
		assert_int_equal(
		    gcache_next_repo(&p, big + strlen(big), rel, 9), 1);
		assert_string_equal(rel, "abcdefgh");
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(round_trip),
	    cmocka_unit_test(newline_refused),
	    cmocka_unit_test(overflow),
	    cmocka_unit_test(truncated),
	    cmocka_unit_test(corrupt_d_lines),
	    cmocka_unit_test(huge_number),
	    cmocka_unit_test(hostile_r_lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
