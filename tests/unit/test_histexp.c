/* tests/unit/test_histexp.c — history expansion (core/histexp.c): events,
 * word designators and modifiers, each expected value what bash 5.2's
 * `history -p` or an interactive bash gives for the same history. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "histexp.h"
#include "sbx.h"

/* oldest first */
static const char *hist[] = {
    "ls -l",
    "echo hi",
    "echo /a/b/c.txt d/e.tar.gz \"q r\" x.y",
};
#define NHIST ((int)(sizeof(hist) / sizeof(hist[0])))

static const char *recent(void *ctx, int k)
{
	(void)ctx;
	return k >= 1 && k <= NHIST ? hist[NHIST - k] : NULL;
}

static const char *numbered(void *ctx, int n)
{
	(void)ctx;
	return n >= 1 && n <= NHIST ? hist[n - 1] : NULL;
}

static struct hx_mem mem;

/* |line| expands to |want| with status |rc| (for -1, |want| is the
 * message). */
static void check(const char *line, int rc, const char *want)
{
	struct hx_src src = {recent, numbered, NULL, &mem};
	struct sbx_buf out = {0}, err = {0};
	int got = hx_expand(line, strlen(line), &src, &out, &err);

	if (got != rc || strcmp(rc < 0 ? err.s : rc ? out.s : line, want)) {
		print_error("%s: got %d '%s' '%s', want %d '%s'\n", line, got,
			    out.s ? out.s : "", err.s ? err.s : "", rc, want);
		fail();
	}
	buf_free(&out);
	buf_free(&err);
}

static void events(void **state)
{
	(void)state;
	check("!!", 1, "echo /a/b/c.txt d/e.tar.gz \"q r\" x.y");
	check("!-2", 1, "echo hi");
	check("!1", 1, "ls -l");
	check("!ls x", 1, "ls -l x");
	check("!?hi?", 1, "echo hi");
	check("!nope", -1, "!nope: event not found");
	check("!-9", -1, "!-9: event not found");
	check("echo !#", 1, "echo echo ");
	check("echo a !#:1 b", 1, "echo a a b");
	check("echo !#:0-1", -1, ":0-1: bad word specifier");
}

static void words(void **state)
{
	(void)state;
	check("!$", 1, "x.y");
	check("!^", 1, "/a/b/c.txt");
	check("!*", 1, "/a/b/c.txt d/e.tar.gz \"q r\" x.y");
	check("!:2-3", 1, "d/e.tar.gz \"q r\"");
	check("!:2-", 1, "d/e.tar.gz \"q r\"");
	check("!:-2", 1, "echo /a/b/c.txt d/e.tar.gz");
	check("!:2*", 1, "d/e.tar.gz \"q r\" x.y");
	check("!!:0", 1, "echo");
	check("!!:2-$", 1, "d/e.tar.gz \"q r\" x.y");
	check("!!:^-$", 1, "/a/b/c.txt d/e.tar.gz \"q r\" x.y");
	check("echo !!$", 1, "echo x.y");
	check("!!:9", -1, ":9: bad word specifier");
	check("!!:3-9", -1, ":3-9: bad word specifier");
	check("!-2:1", 1, "hi");
	check("!-3:^", 1, "-l");
	check("!1:*", 1, "-l");
	check("!-2*", 1, "hi");
}

static void modifiers(void **state)
{
	(void)state;
	check("!!:h", 1, "echo /a/b/c.txt d");
	check("!$:h", 1, "x.y");
	check("!$:r", 1, "x");
	check("!$:e", 1, ".y");
	check("!^:h", 1, "/a/b");
	check("!!:1:t", 1, "c.txt");
	check("!!:1:r", 1, "/a/b/c");
	check("!!:1:e", 1, ".txt");
	check("!!:2:r:r", 1, "d/e");
	check("!!:h:t", 1, "c.txt d");
	check("!*:h", 1, "/a/b/c.txt d");
	check("echo !$:t !^:t", 1, "echo x.y c.txt");
	check("!:3:q", 1, "'\"q r\"'");
	check("!$:q", 1, "'x.y'");
	check("!-2:q", 1, "'echo hi'");
	check("!-3:x", 1, "'ls' '-l'");
	check("!-2:s/hi/there/", 1, "echo there");
	check("!!:gs/./_/", 1, "echo /a/b/c_txt d/e_tar_gz \"q r\" x_y");
	check("!!:s/a/Z", 1, "echo /Z/b/c.txt d/e.tar.gz \"q r\" x.y");
	check("!!:s|a|Z|", 1, "echo /Z/b/c.txt d/e.tar.gz \"q r\" x.y");
	check("!!:s/a/&&/", 1, "echo /aa/b/c.txt d/e.tar.gz \"q r\" x.y");
	check("!!:s/a/\\&/", 1, "echo /&/b/c.txt d/e.tar.gz \"q r\" x.y");
	check("!!:s/\\//_/", 1, "echo _a/b/c.txt d/e.tar.gz \"q r\" x.y");
	check("!!:s/a/X/:s/b/Y/", 1, "echo /X/Y/c.txt d/e.tar.gz \"q r\" x.y");
	/* :& and an empty old string use the last substitution (a to Z) */
	check("!!:s/a/Z/:&", 1, "echo /Z/b/c.txt d/e.tZr.gz \"q r\" x.y");
	check("!!:&", 1, "echo /Z/b/c.txt d/e.tar.gz \"q r\" x.y");
	check("!!:g&", 1, "echo /Z/b/c.txt d/e.tZr.gz \"q r\" x.y");
	check("!!:s//Y/", 1, "echo /Y/b/c.txt d/e.tar.gz \"q r\" x.y");
	check("!!:s/zz/y/", -1, ":s/zz/y/: substitution failed");
	check("echo x !$:s/b/X y", -1, ":s/b/X y: substitution failed");
	check("!!:z", -1, "z: unrecognized history modifier");
	check("!!:1:zq", -1, "z: unrecognized history modifier");
	check("!!:p", 2, "echo /a/b/c.txt d/e.tar.gz \"q r\" x.y");
	check("!-2:p:s/e/E/", 2, "Echo hi");
	check("^c.txt^f", 1, "echo /a/b/f d/e.tar.gz \"q r\" x.y");
	check("^x.y^z^ w", 1, "echo /a/b/c.txt d/e.tar.gz \"q r\" z w");
	check("^zz^y", -1, ":s^zz^y: substitution failed");
	hx_mem_free(&mem);
	check("!!:&", -1, ":&: substitution failed");
	check("!!:s//Y/", -1, ":s//Y/: substitution failed");
}

static void literal(void **state)
{
	(void)state;
	check("echo hi", 0, "echo hi");
	check("echo '!!' \\!x", 0, "echo '!!' \\!x");
	check("echo a! b != c", 0, "echo a! b != c");
	/* bash with extglob on (sbxsh's patterns always know !(...)) */
	check("echo !(x)", 0, "echo !(x)");
	check("echo ${!x} $!x [!a]x", 0, "echo ${!x} $!x [!a]x");
	check("echo \"!!\"", 1,
	      "echo \"echo /a/b/c.txt d/e.tar.gz \"q r\" x.y\"");
	check("echo \"a!\"", 0, "echo \"a!\"");
}

/* Words split as bash's history_tokenize: operators apart, `2>&1`,
 * quotes, `$(...)` and backslashes inside one word. */
static const char *hist2[] = {"echo a>b;ls 2>&1 |cat",
			      "echo $(a b) \"x y\"z'q' c\\ d"};

static const char *recent2(void *ctx, int k)
{
	(void)ctx;
	return k >= 1 && k <= 2 ? hist2[2 - k] : NULL;
}

static void tokenize(void **state)
{
	struct hx_src src = {recent2, recent2, NULL, NULL};
	const char *cases[][2] = {
	    {"!-2:2", ">"},	{"!-2:3", "b"},		 {"!-2:4", ";"},
	    {"!-2:5", "ls"},	{"!-2:6", "2>&1"},	 {"!-2:$", "cat"},
	    {"!!:1", "$(a b)"}, {"!!:2", "\"x y\"z'q'"}, {"!!:3", "c\\ d"},
	};

	(void)state;
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		struct sbx_buf out = {0}, err = {0};
		int rc = hx_expand(cases[k][0], strlen(cases[k][0]), &src, &out,
				   &err);

		if (rc != 1 || strcmp(out.s, cases[k][1])) {
			print_error("%s: got %d '%s'\n", cases[k][0], rc,
				    out.s ? out.s : "");
			fail();
		}
		buf_free(&out);
		buf_free(&err);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(events),	 cmocka_unit_test(words),
	    cmocka_unit_test(modifiers), cmocka_unit_test(literal),
	    cmocka_unit_test(tokenize),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
