/* tests/unit/test_hooks.c — the interpreter tells the session what it
 * does only through struct sh_hooks (shell/interp/hooks.h): each hook is called
 * at its event, as often as the event happens, with the table's context;
 * a shell with no table runs the same commands with every hook a no-op.
 * The counting table here stands where shell/hooktab.c's stands in
 * sbxsh. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "fixture.h"
#include "hooks.h"
#include "interp.h"

struct counts {
	int init, start, line, cmd_begin, cmd_end, before_fork, before_exec,
	    file_written, path_search, edit_mode, at_exit, at_end, fatal;
	char mode[16];
	bool ctx_ok;
};

static struct counts c;
static int magic;

#define COUNTER(name)                                                          \
	static void h_##name(void *ctx, struct shell *sh)                      \
	{                                                                      \
		(void)sh;                                                      \
		c.ctx_ok = ctx == &magic;                                      \
		c.name++;                                                      \
	}
COUNTER(init)
COUNTER(start)
COUNTER(line)
COUNTER(cmd_begin)
COUNTER(before_fork)
COUNTER(before_exec)
COUNTER(file_written)
COUNTER(at_exit)

static void h_cmd_end(void *ctx, struct shell *sh, const struct node *n)
{
	(void)sh;
	c.ctx_ok = ctx == &magic && n;
	c.cmd_end++;
}

/* What the session does: PATH is taken into account, the flag cleared. */
static void h_path_search(void *ctx, struct shell *sh)
{
	(void)ctx;
	sh->path_changed = false;
	sh->live_bins_stale = false;
	c.path_search++;
}

static void h_edit_mode(void *ctx, const char *mode)
{
	(void)ctx;
	snprintf(c.mode, sizeof(c.mode), "%s", mode);
	c.edit_mode++;
}

static const struct sh_hooks counting = {
    .ctx = &magic,
    .init = h_init,
    .start = h_start,
    .line = h_line,
    .cmd_begin = h_cmd_begin,
    .cmd_end = h_cmd_end,
    .before_fork = h_before_fork,
    .before_exec = h_before_exec,
    .file_written = h_file_written,
    .path_search = h_path_search,
    .edit_mode = h_edit_mode,
    .at_exit = h_at_exit,
};

static char dir[256];

static int setup(void **state)
{
	(void)state;
	memset(&c, 0, sizeof(c));
	assert_int_equal(fx_tmpdir(dir, sizeof(dir), "/tmp/test_hooks"), 0);
	assert_int_equal(chdir(dir), 0);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	assert_int_equal(chdir("/"), 0);
	fx_rmtree(dir);
	return 0;
}

static struct shell *shell_with(const struct sh_hooks *h)
{
	static struct sh_config cfg;
	struct shell *sh;

	memset(&cfg, 0, sizeof(cfg));
	cfg.arg0 = "sbxsh";
	cfg.hist_fd = -1;
	cfg.hooks = h;
	sh = sh_new(&cfg);
	/* The top-level command hooks are the denial lines': on with them. */
	sh->opt[O_DENIALS] = true;
	return sh;
}

static const char script[] = "true; : > made; (exit 3); /bin/true\n"
			     "PATH=/usr/bin:/bin; cat </dev/null\n"
			     "set -o vi\n";

/* Every event of the script reaches its hook, with the table's ctx. */
static void each_event_once(void **state)
{
	struct shell *sh;

	(void)state;
	sh = shell_with(&counting);
	assert_int_equal(c.init, 1); /* sh_new */
	sh_eval_string(sh, script, strlen(script));
	assert_true(c.ctx_ok);
	assert_int_equal(c.line, 3); /* three lines of the top level */
	/* true, : > made, (exit 3), /bin/true, PATH=..., cat, set */
	assert_int_equal(c.cmd_begin, 7);
	assert_int_equal(c.cmd_end, 7);
	/* the subshell and the two external commands: one fork each */
	assert_int_equal(c.before_fork, 3);
	assert_int_equal(c.file_written, 1); /* : > made */
	assert_int_equal(access("made", F_OK), 0);
	/* the first lookup after PATH was assigned; not before it (the
	 * table cleared the flag) */
	assert_int_equal(c.path_search, 1);
	assert_int_equal(c.edit_mode, 1);
	assert_string_equal(c.mode, "vi");
	/* exec and exit happen in the children (and the shell goes on) */
	assert_int_equal(c.at_exit, 0);
	assert_int_equal(sh->status, 0);
	sh_free(sh);
}

/* No table: the same script runs, and nothing is called. */
static void no_table_no_call(void **state)
{
	struct shell *sh;

	(void)state;
	sh = shell_with(NULL);
	sh_eval_string(sh, script, strlen(script));
	assert_int_equal(access("made", F_OK), 0);
	assert_int_equal(sh->status, 0);
	assert_int_equal(c.init + c.line + c.cmd_begin + c.before_fork +
			     c.file_written + c.path_search + c.edit_mode,
			 0);
	sh_free(sh);
}

/* Nested commands are not the top level's: a function's body and a
 * subshell's inside call no cmd_begin of their own. */
static void only_the_top_level(void **state)
{
	static const char s[] = "f() { true; true; true; }; f; f\n";
	struct shell *sh;

	(void)state;
	sh = shell_with(&counting);
	sh_eval_string(sh, s, strlen(s));
	assert_int_equal(c.cmd_begin, 3);
	assert_int_equal(c.cmd_end, 3);
	assert_int_equal(c.before_fork, 0);
	sh_free(sh);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(each_event_once, setup, teardown),
	    cmocka_unit_test_setup_teardown(no_table_no_call, setup, teardown),
	    cmocka_unit_test_setup_teardown(only_the_top_level, setup,
					    teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
