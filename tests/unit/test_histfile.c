/* tests/unit/test_histfile.c — the history file: its format, its bound and
 * compaction, one file per workspace path and one apart for --agent, the
 * old per-name file adopted once, and what `history -d`/`-c` remove. */
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
#include <unistd.h>

#include "fixture.h"
#include "histfile.h"
#include "sbx.h"

static void roundtrip(void **state)
{
	struct sbx_buf b = {0};
	struct sbx_strv v = {0};

	(void)state;
	hf_encode(&b, "echo a\\b", 8, false);
	hf_encode(&b, "if true", 7, false);
	hf_encode(&b, "then echo x", 11, true);
	hf_encode(&b, "fi", 2, true);
	hf_encode(&b, "\\cnot-a-cont", 12, false);
	hf_encode(&b, "two\nlines", 9, false);
	assert_string_equal(b.s, "echo a\\\\b\nif true\n\\cthen echo x\n\\cfi\n"
				 "\\\\cnot-a-cont\ntwo\\nlines\n");
	hf_decode(b.s, b.len, 0, &v);
	assert_int_equal(v.n, 4);
	assert_string_equal(v.v[0], "echo a\\b");
	assert_string_equal(v.v[1], "if true\nthen echo x\nfi");
	assert_string_equal(v.v[2], "\\cnot-a-cont");
	assert_string_equal(v.v[3], "two\nlines");
	strv_free(&v);
	/* keep: the newest N; a torn last record (no newline) still counts */
	hf_decode("a\nb\nc\nd", 7, 2, &v);
	assert_int_equal(v.n, 2);
	assert_string_equal(v.v[0], "c");
	assert_string_equal(v.v[1], "d");
	strv_free(&v);
	buf_free(&b);
}

static void open_and_compact(void **state)
{
	char dir[64];
	SBX_AUTOFREE char *path = NULL;
	struct sbx_buf b = {0};
	struct sbx_strv v = {0};
	struct sbx_diag d = {0};
	struct stat st;
	char text[8192];
	ssize_t n;
	int fd;

	(void)state;
	assert_int_equal(fx_tmpdir(dir, sizeof(dir), "/tmp/sbx-hist"), 0);
	setenv("XDG_STATE_HOME", dir, 1);
	assert_true(hf_open("a/b", "/w/a", false, 0, NULL, &d) < 0);
	fd = hf_open("wf", "/w/wf", false, 10, &path, &d);
	assert_true(fd > 2);
	assert_non_null(strstr(path, "/sbxsh/wf-"));
	assert_non_null(strstr(path, ".history"));
	assert_int_equal(fstat(fd, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	/* 25 entries, one multi-line: more than twice the bound of 10 */
	for (int i = 0; i < 25; i++) {
		char e[32];

		snprintf(e, sizeof(e), "cmd %d", i);
		hf_encode(&b, e, strlen(e), false);
		if (i == 20)
			hf_encode(&b, "more", 4, true);
	}
	assert_int_equal(write(fd, b.s, b.len), (ssize_t)b.len);
	close(fd);
	fd = hf_open("wf", "/w/wf", false, 10, NULL, &d);
	assert_true(fd > 2);
	n = pread(fd, text, sizeof(text) - 1, 0);
	assert_true(n > 0);
	hf_decode(text, (size_t)n, 0, &v);
	assert_int_equal(v.n, 10);
	assert_string_equal(v.v[0], "cmd 15");
	assert_string_equal(v.v[5], "cmd 20\nmore");
	assert_string_equal(v.v[9], "cmd 24");
	/* O_APPEND: a write lands at the end whatever the offset */
	lseek(fd, 0, SEEK_SET);
	assert_int_equal(write(fd, "new\n", 4), 4);
	n = pread(fd, text, sizeof(text) - 1, 0);
	text[n] = 0;
	assert_non_null(strstr(text, "cmd 24\nnew\n"));
	close(fd);
	strv_free(&v);
	buf_free(&b);
	assert_int_equal(fx_rmtree(dir), 0);
}

static void names_per_path(void **state)
{
	SBX_AUTOFREE char *a = hf_name("demo", "/home/u/a/demo", false);
	SBX_AUTOFREE char *b = hf_name("demo", "/home/u/b/demo", false);
	SBX_AUTOFREE char *c = hf_name("demo", "/home/u/a/demo", true);
	SBX_AUTOFREE char *a2 = hf_name("demo", "/home/u/a/demo", false);

	(void)state;
	assert_string_not_equal(a, b); /* two folders named demo */
	assert_string_equal(a, a2);    /* stable */
	assert_true(!strncmp(a, "demo-", 5) && strlen(a) == 5 + 16 + 8);
	assert_non_null(strstr(c, ".agent.history"));
	assert_int_equal(strncmp(a, c, 21), 0);
}

static char *slurp(int fd)
{
	struct sbx_buf b = {0};

	assert_int_equal(hf_read_all(fd, &b), 0);
	return b.s;
}

static void delete_and_clear(void **state)
{
	char dir[64];
	struct sbx_diag d = {0};
	int fd, afd;
	char *t;

	(void)state;
	assert_int_equal(fx_tmpdir(dir, sizeof(dir), "/tmp/sbx-hist"), 0);
	setenv("XDG_STATE_HOME", dir, 1);
	/* the old per-name file: adopted by a person's new file, once */
	{
		SBX_AUTOFREE char *sd = xasprintf("%s/sbxsh", dir);
		SBX_AUTOFREE char *old = xasprintf("%s/sbxsh/ws.history", dir);

		assert_int_equal(mkdir(sd, 0700), 0);
		fx_write(old, "old line\n", 0600);
	}
	fd = hf_open("ws", "/w/ws", false, 0, NULL, &d);
	afd = hf_open("ws", "/w/ws", true, 0, NULL, &d);
	assert_true(fd > 2 && afd > 2);
	t = slurp(afd);
	assert_string_equal(t, ""); /* the agent's file starts empty */
	free(t);
	hf_append(fd, "echo secret=1", 13, false);
	hf_append(fd, "if true", 7, false);
	hf_append(fd, "then x", 6, true);
	hf_append(fd, "fi", 2, true);
	hf_append(fd, "echo secret=1", 13, false);
	hf_append(fd, "echo after", 10, false);
	hf_append(afd, "agent line", 10, false);
	t = slurp(fd);
	assert_string_equal(t, "old line\necho secret=1\nif true\n\\cthen x\n"
			       "\\cfi\necho secret=1\necho after\n");
	free(t);
	/* the newest copy goes; a multi-line entry goes whole */
	assert_int_equal(hf_delete(fd, "echo secret=1"), 0);
	assert_int_equal(hf_delete(fd, "if true\nthen x\nfi"), 0);
	assert_int_equal(hf_delete(fd, "never typed"), -ENOENT);
	t = slurp(fd);
	assert_string_equal(t, "old line\necho secret=1\necho after\n");
	free(t);
	/* still O_APPEND: a new line lands at the end */
	hf_append(fd, "next", 4, false);
	assert_int_equal(hf_clear(fd), 0);
	t = slurp(fd);
	assert_string_equal(t, "");
	free(t);
	hf_append(fd, "fresh", 5, false);
	t = slurp(fd);
	assert_string_equal(t, "fresh\n");
	free(t);
	t = slurp(afd); /* the agent's file is its own */
	assert_string_equal(t, "agent line\n");
	free(t);
	close(fd);
	/* opened again: not adopted a second time */
	fd = hf_open("ws", "/w/ws", false, 0, NULL, &d);
	t = slurp(fd);
	assert_string_equal(t, "fresh\n");
	free(t);
	close(fd);
	close(afd);
	assert_int_equal(hf_open("ws", "relative", false, 0, NULL, &d),
			 -EINVAL);
	assert_int_equal(fx_rmtree(dir), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(roundtrip),
	    cmocka_unit_test(open_and_compact),
	    cmocka_unit_test(names_per_path),
	    cmocka_unit_test(delete_and_clear),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
