/* tests/unit/test_complete.c — TAB completion: word kinds, quoting, the
 * PATH dir cache (new tools appear at once; 10 000 executables stay fast). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "complete.h"
#include "fixture.h"
#include "sbx.h"

static char tmp[64];
static char pathvar[256];

static const char *getvar(void *ctx, const char *name)
{
	(void)ctx;
	if (!strcmp(name, "PATH"))
		return pathvar;
	if (!strcmp(name, "HOME"))
		return tmp;
	if (!strcmp(name, "D"))
		return tmp;
	return NULL;
}

static void names(void *ctx, enum cmp_kind kind, struct sbx_strv *out)
{
	(void)ctx;
	switch (kind) {
	case CMP_BUILTIN:
		strv_push(out, "policy");
		strv_push(out, "pwd");
		strv_push(out, "fg");
		break;
	case CMP_FUNCTION:
		strv_push(out, "pyfunc");
		break;
	case CMP_ALIAS:
		strv_push(out, "ll");
		break;
	case CMP_JOB:
		strv_push(out, "%1");
		strv_push(out, "%2");
		break;
	case CMP_VAR:
		strv_push(out, "HOME");
		strv_push(out, "HOSTNAME");
		strv_push(out, "PATH");
		break;
	}
}

static const struct cmp_source src = {.names = names, .getvar = getvar};

static void touch(const char *rel, int mode)
{
	SBX_AUTOFREE char *p = xasprintf("%s/%s", tmp, rel);
	int fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, mode);

	assert_true(fd >= 0);
	close(fd);
	chmod(p, (mode_t)mode);
}

static int setup(void **state)
{
	SBX_AUTOFREE char *p = NULL;

	(void)state;
	assert_int_equal(fx_tmpdir(tmp, sizeof(tmp), "/tmp/sbx-cmp"), 0);
	p = xasprintf("%s/bin", tmp);
	mkdir(p, 0755);
	free(p);
	p = xasprintf("%s/my dir", tmp);
	mkdir(p, 0755);
	touch("my file.txt", 0644);
	touch("it's $x", 0644);
	touch(".hidden", 0644);
	touch("bin/pytool", 0755);
	touch("bin/pydata", 0644); /* not executable: not a command */
	snprintf(pathvar, sizeof(pathvar), "%s/bin:/nonexistent", tmp);
	return chdir(tmp);
}

static int teardown(void **state)
{
	(void)state;
	assert_int_equal(chdir("/"), 0);
	return fx_rmtree(tmp);
}

/* Completes |line| at its end; returns the sorted inserts joined by '|'. */
static char *run(struct cmp *c, const char *line, size_t *start,
		 const char **what)
{
	struct cmp_result r;
	struct sbx_buf b = {0};

	cmp_complete(c, line, strlen(line), strlen(line), &r);
	buf_puts(&b, "");
	for (size_t i = 0; i < r.insert.n; i++)
		buf_printf(&b, "%s%s", i ? "|" : "", r.insert.v[i]);
	if (start)
		*start = r.start;
	if (what)
		*what = r.what;
	cmp_result_free(&r);
	return b.s;
}

#define EXPECT(c, line, want)                                                  \
	do {                                                                   \
		char *got_ = run(c, line, NULL, NULL);                         \
		assert_string_equal(got_, want);                               \
		free(got_);                                                    \
	} while (0)

static void quoting(void **state)
{
	char *q = cmp_quote("a b'c$d\"e\\f~g");

	(void)state;
	assert_string_equal(q, "a\\ b\\'c\\$d\\\"e\\\\f~g");
	free(q);
	q = cmp_quote("~x");
	assert_string_equal(q, "\\~x");
	free(q);
}

static void commands(void **state)
{
	struct cmp *c = cmp_new(&src);
	const char *what;
	size_t start;
	char *s;

	(void)state;
	s = run(c, "py", &start, &what);
	assert_string_equal(s, "pyfunc|pytool");
	assert_string_equal(what, "command");
	assert_int_equal(start, 0);
	free(s);
	EXPECT(c, "echo hi; p", "policy|pwd|pyfunc|pytool");
	EXPECT(c, "A=1 py", "pyfunc|pytool");
	EXPECT(c, "if l", "ll");
	/* Not in command position: files. */
	s = run(c, "echo py", NULL, &what);
	assert_string_equal(what, "file");
	free(s);
	cmp_free(c);
}

/* One name three times (a builtin, and an executable of that name in
 * two PATH folders, as /bin and /usr/bin of a merged /usr): offered once.
 * Under ASan the third one read the second after it was freed. */
static void duplicates_offered_once(void **state)
{
	struct cmp *c = cmp_new(&src);
	char saved[sizeof(pathvar)];
	SBX_AUTOFREE char *two = xasprintf("%s/bin2", tmp);

	(void)state;
	memcpy(saved, pathvar, sizeof(saved));
	mkdir(two, 0755);
	touch("bin/pwd", 0755);
	touch("bin2/pwd", 0755);
	snprintf(pathvar, sizeof(pathvar), "%s/bin:%s", tmp, two);
	EXPECT(c, "pw", "pwd");
	EXPECT(c, "p", "policy|pwd|pyfunc|pytool");
	memcpy(pathvar, saved, sizeof(pathvar));
	unlink("bin/pwd");
	unlink("bin2/pwd");
	rmdir(two);
	cmp_free(c);
}

static void new_tool_appears_at_once(void **state)
{
	struct cmp *c = cmp_new(&src);
	unsigned scans, hits;

	(void)state;
	EXPECT(c, "newt", "");
	touch("bin/newtool", 0755);
	/* The previous command installed it: the dir's mtime moved. */
	EXPECT(c, "newt", "newtool");
	/* chmod does not touch the dir: the bit is checked per match. */
	chmod("bin/newtool", 0644);
	EXPECT(c, "newt", "");
	cmp_stats(c, &scans, &hits);
	assert_true(scans >= 2);
	cmp_free(c);
}

static void files(void **state)
{
	struct cmp *c = cmp_new(&src);
	size_t start;
	char *s;

	(void)state;
	EXPECT(c, "cat my", "my\\ dir/|my\\ file.txt");
	EXPECT(c, "cat my\\ f", "my\\ file.txt");
	/* Inside an open quote: stay in it, close it on a file. */
	s = run(c, "cat 'my f", &start, NULL);
	assert_string_equal(s, "my file.txt'");
	assert_int_equal(start, 5);
	free(s);
	EXPECT(c, "cat \"my d", "my dir/");
	EXPECT(c, "cat 'my f'i", "ile.txt");
	EXPECT(c, "cat it", "it\\'s\\ \\$x");
	EXPECT(c, "cat 'it", "it'\\''s $x'");
	EXPECT(c, "cat \"it", "it's \\$x\"");
	/* Into a folder, through a variable and through ~. */
	s = run(c, "ls my\\ dir/", &start, NULL);
	assert_string_equal(s, "");
	assert_int_equal(start, strlen("ls my\\ dir/"));
	free(s);
	EXPECT(c, "ls $D/my\\ f", "my\\ file.txt");
	EXPECT(c, "ls ~/my\\ f", "my\\ file.txt");
	EXPECT(c, "ls bin/pyd", "pydata");
	/* Hidden files only when asked for. */
	EXPECT(c, "ls .h", ".hidden");
	s = run(c, "ls ", NULL, NULL);
	assert_null(strstr(s, ".hidden"));
	free(s);
	/* A redirection target is a file even in command position. */
	EXPECT(c, "> my\\ f", "my\\ file.txt");
	cmp_free(c);
}

static void jobs_vars_policy(void **state)
{
	struct cmp *c = cmp_new(&src);
	size_t start;
	const char *what;
	char *s;

	(void)state;
	EXPECT(c, "fg %", "%1|%2");
	EXPECT(c, "kill %2", "%2");
	s = run(c, "echo $HO", &start, &what);
	assert_string_equal(s, "$HOME|$HOSTNAME");
	assert_string_equal(what, "variable");
	assert_int_equal(start, 5);
	free(s);
	EXPECT(c, "echo \"${PA", "${PATH}");
	EXPECT(c, "echo a$P", "$PATH");
	EXPECT(c, "echo '$P", ""); /* single quotes: literal */
	EXPECT(
	    c, "policy ",
	    "--all|--help|--json|cache|check|check-line|env|explain|net|why");
	EXPECT(c, "policy ex", "explain");
	EXPECT(c, "policy check-", "check-line");
	EXPECT(c, "policy cache ", "--json|export|import|list|prune");
	EXPECT(c, "policy cache p", "prune");
	EXPECT(c, "policy cache prune --", "--dry-run|--older-than|--tool");
	EXPECT(c, "policy why --c", "--connect");
	cmp_free(c);
}

static void common_prefix(void **state)
{
	struct cmp *c = cmp_new(&src);
	struct cmp_result r;
	char *s;

	(void)state;
	cmp_complete(c, "cat my", 6, 6, &r);
	s = cmp_common(&r);
	assert_string_equal(s, "my\\ ");
	free(s);
	cmp_result_free(&r);
	cmp_complete(c, "cat it", 6, 6, &r);
	assert_true(r.final[0]);
	cmp_result_free(&r);
	cmp_free(c);
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void ten_thousand(void **state)
{
	struct cmp *c = cmp_new(&src);
	struct cmp_result r;
	SBX_AUTOFREE char *dir = xasprintf("%s/big", tmp);
	char saved[256];
	double t0, t1, t2;
	unsigned scans, hits;

	(void)state;
	mkdir(dir, 0755);
	for (int i = 0; i < 10000; i++) {
		char name[32];

		snprintf(name, sizeof(name), "big/tool%05d", i);
		touch(name, 0755);
	}
	strcpy(saved, pathvar);
	snprintf(pathvar, sizeof(pathvar), "%s:/usr/bin", dir);
	/* Make the dir look old, so the racy-second rule allows caching. */
	{
		struct timespec old[2] = {{.tv_sec = 1000000000},
					  {.tv_sec = 1000000000}};

		utimensat(AT_FDCWD, dir, old, 0);
	}
	t0 = now_ms();
	assert_int_equal(cmp_complete(c, "tool0999", 8, 8, &r), 10);
	cmp_result_free(&r);
	t1 = now_ms();
	for (int i = 0; i < 100; i++) {
		assert_int_equal(cmp_complete(c, "tool0999", 8, 8, &r), 10);
		cmp_result_free(&r);
	}
	t2 = now_ms();
	cmp_stats(c, &scans, &hits);
	print_message("10000 executables: first TAB %.2f ms (scan), "
		      "cached TAB %.3f ms\n",
		      t1 - t0, (t2 - t1) / 100);
	assert_true(hits >= 100);
	/* Generous bounds: a slow CI box, still "instant" to a person. */
	assert_true(t1 - t0 < 500);
	assert_true((t2 - t1) / 100 < 20);
	/* A cached dir that changes is rescanned on the next TAB. */
	touch("big/tool0999x", 0755);
	assert_int_equal(cmp_complete(c, "tool0999", 8, 8, &r), 11);
	cmp_result_free(&r);
	strcpy(pathvar, saved);
	cmp_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(quoting),
	    cmocka_unit_test(commands),
	    cmocka_unit_test(duplicates_offered_once),
	    cmocka_unit_test(new_tool_appears_at_once),
	    cmocka_unit_test(files),
	    cmocka_unit_test(jobs_vars_policy),
	    cmocka_unit_test(common_prefix),
	    cmocka_unit_test(ten_thousand),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
