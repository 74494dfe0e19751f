/* tests/unit/test_lineedit.c — the plain reader (TERM=dumb, pipes): prompt
 * without escapes, lines handed to the parser one at a time, OSC 133 C/D around
 * a command. The libedit side is exercised through a real pty by
 * tests/integration. */
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
#include "lineedit.h"
#include "sbx.h"
#include "term.h"

/* The interactive layer's state, as main() owns it in sbxsh. */
static struct le_state ls;

static int st_value;

static int status_cb(void *ctx)
{
	(void)ctx;
	return st_value;
}

static const char *getvar(void *ctx, const char *name)
{
	(void)ctx;
	return !strcmp(name, "PS1") ? "\\[\\e[1m\\]P1\\[\\e[0m\\]> " : NULL;
}

static void plain_reader(void **state)
{
	int in[2], out[2];
	struct le_config c = {0};
	struct sh_reader *r;
	const char *s;
	size_t len;
	char got[512];
	ssize_t n;

	(void)state;
	assert_int_equal(pipe(in), 0);
	assert_int_equal(pipe(out), 0);
	assert_int_equal(write(in[1], "echo a\nb\n", 9), 9);
	close(in[1]);
	c.st = &ls;
	c.in_fd = in[0];
	c.out_fd = out[1];
	c.hist_fd = -1;
	c.prompt.getvar = getvar;
	c.prompt.status = status_cb;
	r = le_reader(&c);
	assert_false(le_is_editing(r));
	s = r->read_line(r, false, &len);
	assert_int_equal(len, 7);
	assert_memory_equal(s, "echo a\n", 7);
	/* not a terminal: no marks; the colour group is dropped whole */
	n = read(out[0], got, sizeof(got) - 1);
	got[n] = 0;
	assert_string_equal(got, "P1> ");
	/* marks on (as `set -o osc133` would): C at sync, D before PS1 */
	term_set_osc133(&ls.term, true);
	r->sync(r);
	st_value = 3;
	s = r->read_line(r, true, &len);
	assert_memory_equal(s, "b\n", 2);
	n = read(out[0], got, sizeof(got) - 1);
	got[n] = 0;
	assert_string_equal(got, "\033]133;C\007> \033]133;B\007");
	r->sync(r);
	assert_null(r->read_line(r, false, &len));
	n = read(out[0], got, sizeof(got) - 1);
	got[n] = 0;
	/* one command, one C: D follows without a second C */
	assert_memory_equal(got, "\033]133;D;3\007", 10);
	assert_non_null(strstr(got, "\033]133;A\007P1> \033]133;B\007"));
	term_set_osc133(&ls.term, false);
	in_free(r);
	close(in[0]);
	close(out[0]);
	close(out[1]);
}

/* On a terminal the reader is libedit's; `set -o vi` and back bind TAB
 * again each time. LeakSanitizer: each change leaked the two strings
 * libedit's narrow EL_ADDFN copies (lineedit.c, bind_keys()). */
static void editor_mode_changes(void **state)
{
	struct le_config c = {0};
	struct sh_reader *r;
	int m, t;

	(void)state;
	m = posix_openpt(O_RDWR | O_NOCTTY);
	assert_true(m >= 0);
	assert_int_equal(grantpt(m), 0);
	assert_int_equal(unlockpt(m), 0);
	t = open(ptsname(m), O_RDWR | O_NOCTTY);
	assert_true(t >= 0);
	setenv("TERM", "xterm", 1);
	c.st = &ls;
	c.in_fd = c.out_fd = t;
	c.hist_fd = -1;
	c.prompt.getvar = getvar;
	c.prompt.status = status_cb;
	r = le_reader(&c);
	assert_true(le_is_editing(r));
	for (int i = 0; i < 3; i++) {
		assert_int_equal(le_set_mode(&ls, r, "vi"), 0);
		assert_string_equal(le_mode(&ls, r), "vi");
		assert_int_equal(le_set_mode(&ls, r, "emacs"), 0);
		assert_string_equal(le_mode(&ls, r), "emacs");
	}
	in_free(r);
	close(t);
	close(m);
}

static void history_builtin_usage(void **state)
{
	struct sbx_buf out = {0};

	(void)state;
	assert_int_equal(
	    le_history_bi(&ls, 2, (char *[]){"history", "x", NULL}, &out), 2);
	assert_non_null(strstr(out.s, "not a number"));
	out.len = 0;
	assert_int_equal(
	    le_history_bi(&ls, 3, (char *[]){"history", "1", "2", NULL}, &out),
	    2);
	assert_int_equal(le_set_mode(&ls, NULL, "vi"), 0);
	assert_string_equal(le_mode(&ls, NULL), "vi");
	assert_int_equal(le_set_mode(&ls, NULL, "nano"), -22);
	le_set_mode(&ls, NULL, "emacs");
	buf_free(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(plain_reader),
	    cmocka_unit_test(editor_mode_changes),
	    cmocka_unit_test(history_builtin_usage),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
