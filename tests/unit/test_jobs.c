/* tests/unit/test_jobs.c — the job table without a terminal: job specs
 * (%n %+ %- %% %string %?string, ambiguous and missing ones), the `jobs`
 * line format, statuses of real children (exit codes, signals, pipefail,
 * wait %n), and the command text rebuilt from the parsed tree. */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "input.h"
#include "parse.h"
#include "interp.h"

static struct sh_config cfg;

static int setup(void **state)
{
	cfg.arg0 = "sbxsh";
	*state = sh_new(&cfg);
	return 0;
}

static int teardown(void **state)
{
	sh_free(*state);
	return 0;
}

/* A background job of one process that does nothing for a while. */
static int bg_job(struct shell *sh, const char *text)
{
	int id = job_new(sh);
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0) {
		alarm(30); /* never outlive the test */
		pause();
		_exit(0);
	}
	job_set_text(sh, id, text, strlen(text));
	job_add(sh, id, pid);
	job_set_bg(sh, id);
	return id;
}

static char *line_of(struct shell *sh, int id, int mode)
{
	struct sbx_buf b = {0};

	job_format(sh, id, mode, &b);
	return b.s;
}

static void specs(void **state)
{
	struct shell *sh = *state;
	int a = bg_job(sh, "sleep 100"), b = bg_job(sh, "sleep 200"),
	    c = bg_job(sh, "vim notes.txt &");
	char *s;

	assert_int_equal(bi_job_from_spec(sh, "%1", "t"), a);
	assert_int_equal(bi_job_from_spec(sh, "2", "t"), b);
	assert_int_equal(bi_job_from_spec(sh, "%+", "t"), c);
	assert_int_equal(bi_job_from_spec(sh, "%%", "t"), c);
	assert_int_equal(bi_job_from_spec(sh, "%", "t"), c);
	assert_int_equal(bi_job_from_spec(sh, NULL, "t"), c);
	assert_int_equal(bi_job_from_spec(sh, "%-", "t"), b);
	assert_int_equal(bi_job_from_spec(sh, "%?200", "t"), b);
	assert_int_equal(bi_job_from_spec(sh, "%vi", "t"), c);
	assert_int_equal(bi_job_from_spec(sh, "%?notes", "t"), c);
	/* ambiguous */
	assert_int_equal(bi_job_from_spec(sh, "%sleep", "t"), -1);
	assert_int_equal(bi_job_from_spec(sh, "%?sleep", "t"), -1);
	assert_int_equal(bi_job_from_spec(sh, "%4", "t"), -1);
	assert_int_equal(bi_job_from_spec(sh, "%0", "t"), -1);
	assert_int_equal(bi_job_from_spec(sh, "%emacs", "t"), -1);
	assert_int_equal(job_count(sh), 3);

	/* bash's layout; the text lost its trailing " &" */
	s = line_of(sh, c, 0);
	assert_string_equal(s,
			    "[3]+  Running                 vim notes.txt &\n");
	free(s);
	s = line_of(sh, a, 0);
	assert_string_equal(s, "[1]   Running                 sleep 100 &\n");
	free(s);

	/* a job that ends leaves %+ to the one before */
	assert_int_equal(job_signal(sh, c, SIGKILL), 0);
	assert_int_equal(job_wait_id(sh, c), 128 + SIGKILL);
	assert_int_equal(bi_job_from_spec(sh, "%+", "t"), b);
	assert_int_equal(bi_job_from_spec(sh, "%-", "t"), a);
	job_signal(sh, b, SIGKILL);
	job_disown(sh, b);
	assert_int_equal(bi_job_from_spec(sh, "%+", "t"), a);
	assert_int_equal(bi_job_from_spec(sh, "%-", "t"), -1);
	assert_int_equal(job_count(sh), 1);
	job_signal(sh, a, SIGTERM);
	assert_int_equal(job_wait_id(sh, a), 128 + SIGTERM);
	assert_int_equal(job_count(sh), 0);
	assert_int_equal(bi_job_from_spec(sh, NULL, "t"), -1);
	while (waitpid(-1, NULL, WNOHANG) > 0) /* the disowned one */
		;
}

/* Child that exits with |code| (or dies of -code). */
static pid_t child(int code)
{
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0) {
		if (code < 0)
			raise(-code);
		_exit(code);
	}
	return pid;
}

static void statuses(void **state)
{
	struct shell *sh = *state;
	int id;
	char *s;

	/* pipeline: the last stage's status, or with pipefail the last
	 * failing one */
	id = job_new(sh);
	job_add(sh, id, child(1));
	job_add(sh, id, child(0));
	assert_int_equal(job_wait_fg(sh, id), 0);
	sh->opt[O_PIPEFAIL] = true;
	id = job_new(sh);
	job_add(sh, id, child(3));
	job_add(sh, id, child(0));
	assert_int_equal(job_wait_fg(sh, id), 3);
	sh->opt[O_PIPEFAIL] = false;

	/* notices: Exit N, Done, a signal's name */
	id = job_new(sh);
	job_set_text(sh, id, "false", 5);
	job_add(sh, id, child(4));
	job_set_bg(sh, id);
	while (job_get(sh, id, NULL) && (usleep(10000), job_reap(sh), 1)) {
		struct job_info ji;

		job_get(sh, id, &ji);
		if (ji.state == JS_DONE)
			break;
	}
	s = line_of(sh, id, 0);
	assert_string_equal(s, "[1]+  Exit 4                  false\n");
	free(s);
	/* jobs listed it: a script may still wait for its pid */
	job_reported(sh, id);
	assert_false(job_get(sh, id, NULL));
	{
		pid_t p = child(-SIGTERM);
		int k = job_new(sh);

		job_set_text(sh, k, "t", 1);
		job_add(sh, k, p);
		job_set_bg(sh, k);
		assert_int_equal(job_wait_pid(sh, p), 128 + SIGTERM);
		assert_int_equal(job_wait_pid(sh, p), 127); /* forgotten */
	}
	assert_int_equal(job_wait_pid(sh, 1), 127); /* not ours */
	assert_int_equal(job_wait_all(sh), 0);
}

/* The text `jobs` shows, rebuilt from the tree. */
static char *text_of(struct shell *sh, const char *line)
{
	struct sh_reader *r = in_string(line, strlen(line));
	struct parser *p = parse_new(r, NULL);
	struct arena *a = arena_new();
	struct sbx_diag d;
	struct node *n = NULL;
	struct job_info ji;
	char *res;
	int id;

	assert_int_equal(parse_next(p, a, &n, NULL, &d), PARSE_OK);
	id = job_new(sh);
	job_set_node(sh, id, n->type == N_BG ? n->a : n);
	job_set_bg(sh, id);
	assert_true(job_get(sh, id, &ji));
	res = xstrdup(ji.text);
	job_disown(sh, id);
	parse_free(p);
	in_free(r);
	arena_unref(a);
	return res;
}

#define TEXT(line, want)                                                       \
	do {                                                                   \
		char *t_ = text_of(sh, line);                                  \
		assert_string_equal(t_, want);                                 \
		free(t_);                                                      \
	} while (0)

static void command_text(void **state)
{
	struct shell *sh = *state;

	TEXT("sleep 100 &\n", "sleep 100");
	TEXT("sleep 0.1 | sleep 100 &\n", "sleep 0.1 | sleep 100");
	TEXT("(sleep 0.1; exit 3) &\n", "( sleep 0.1; exit 3 )");
	TEXT("make -j4 >log 2>&1 && echo ok || echo failed &\n",
	     "make -j4 >log 2>&1 && echo ok || echo failed");
	TEXT("x=1 cmd \"$HOME/a b\" 'c d' $(date) &\n",
	     "x=1 cmd \"${HOME}/a b\" \"c d\" $(date)");
	TEXT("while true; do sleep 1; done &\n",
	     "while true; do sleep 1; done");
	TEXT("for f in a b; do echo $f; done\n",
	     "for f in a b; do echo ${f}; done");
	TEXT("if x; then y; else z; fi\n", "if x; then y; else z; fi");
	TEXT("{ a; b; } &\n", "{ a; b; }");
	TEXT("cat <<EOF &\nbody\nEOF\n", "cat <<...");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(specs, setup, teardown),
	    cmocka_unit_test_setup_teardown(statuses, setup, teardown),
	    cmocka_unit_test_setup_teardown(command_text, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
