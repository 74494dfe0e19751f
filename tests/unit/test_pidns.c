/* tests/unit/test_pidns.c — the PID namespace's init (backends/pidns.c)
 * against a fake kernel: it acts only as pid 1 of its namespace, where
 * kill(-1, ...) means the namespace; anywhere else (an unshare that did
 * not happen, a fake one) the same call reaches every process of the
 * machine the caller may signal. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "fake_sys.h"

static int saved_err = -1;

static int setup(void **state)
{
	(void)state;
	fake_reset();
	be_set_sys_ops(&fake_ops);
	/* init's one line about what it ended goes to stderr: not here */
	saved_err = dup(2);
	int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (null < 0 || saved_err < 0 || dup2(null, 2) < 0)
		return -1;
	close(null);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	be_set_sys_ops(NULL);
	fake_reset();
	if (saved_err >= 0) {
		dup2(saved_err, 2);
		close(saved_err);
		saved_err = -1;
	}
	return 0;
}

/* A pipe that carries |shell| as P0 sends it, then EOF. */
static int shell_pipe(pid_t shell)
{
	int p[2];

	assert_int_equal(pipe2(p, O_CLOEXEC), 0);
	if (shell)
		assert_int_equal(write(p[1], &shell, sizeof(shell)),
				 (ssize_t)sizeof(shell));
	close(p[1]);
	return p[0];
}

static int run_init(pid_t shell, struct sbx_diag *d)
{
	sigset_t old;

	sigprocmask(SIG_SETMASK, NULL, &old);
	return pns_init(shell_pipe(shell), &old, d);
}

/* Not pid 1 (the test's own pid: no namespace was made): refused with a
 * word, and nothing signalled, not even the shell's liveness probe. */
static void init_refuses_unless_pid1(void **state)
{
	struct sbx_diag d = {0};

	(void)state;
	fake.pid = 4242;
	fake.children = 3;
	assert_int_equal(run_init(2000, &d), -EPERM);
	assert_int_equal(fake.nkill, 0);
	assert_null(strstr(fake.log.s ? fake.log.s : "", "kill("));
	assert_non_null(strstr(d.msg, "not pid 1"));
	assert_int_equal(fake.children, 3);
}

/* The real pid of the test process is not 1 either: the default of the
 * fake (getpid() passed through) refuses too. */
static void init_refuses_with_real_pid(void **state)
{
	struct sbx_diag d = {0};

	(void)state;
	assert_int_not_equal(getpid(), 1);
	assert_int_equal(run_init(2000, &d), -EPERM);
	assert_int_equal(fake.nkill, 0);
}

/* pid 1, the shell ended with nothing left: nothing signalled. */
static void init_nothing_left(void **state)
{
	struct sbx_diag d = {0};

	(void)state;
	fake.pid = 1;
	assert_int_equal(run_init(2000, &d), 0);
	assert_int_equal(fake.nkill, 0);
	assert_non_null(strstr(fake.log.s, "pidfd_open"));
}

/* pid 1, jobs left that end on the hang-up: SIGHUP and SIGCONT to the
 * namespace, no SIGKILL. */
static void init_hangs_up(void **state)
{
	struct sbx_diag d = {0};
	char hup[32], cont[32], kill9[32];

	(void)state;
	fake.pid = 1;
	fake.children = 2;
	fake.hup_ends = true;
	assert_int_equal(run_init(2000, &d), 0);
	snprintf(hup, sizeof(hup), "kill(-1,%d)", SIGHUP);
	snprintf(cont, sizeof(cont), "kill(-1,%d)", SIGCONT);
	snprintf(kill9, sizeof(kill9), "kill(-1,%d)", SIGKILL);
	assert_non_null(strstr(fake.log.s, hup));
	assert_non_null(strstr(fake.log.s, cont));
	assert_null(strstr(fake.log.s, kill9));
}

/* pid 1, a job that ignores the hang-up, and no pidfd (before Linux
 * 5.3: the shell's end is asked with kill(shell, 0)): SIGKILL after the
 * grace, and every child reaped. */
static void init_kills_what_ignores_hup(void **state)
{
	struct sbx_diag d = {0};
	char probe[32], kill9[32];

	(void)state;
	fake.pid = 1;
	fake.children = 2;
	fake.no_pidfd = true;
	assert_int_equal(run_init(2000, &d), 0);
	snprintf(probe, sizeof(probe), "kill(2000,0)");
	snprintf(kill9, sizeof(kill9), "kill(-1,%d)", SIGKILL);
	assert_non_null(strstr(fake.log.s, probe));
	assert_non_null(strstr(fake.log.s, kill9));
	assert_int_equal(fake.children, 0);
}

/* No shell pid came (P0 could not start it): nothing to do. */
static void init_without_shell(void **state)
{
	struct sbx_diag d = {0};

	(void)state;
	fake.pid = 1;
	fake.children = 1;
	assert_int_equal(run_init(0, &d), -ESRCH);
	assert_int_equal(fake.nkill, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(init_refuses_unless_pid1, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(init_refuses_with_real_pid, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(init_nothing_left, setup, teardown),
	    cmocka_unit_test_setup_teardown(init_hangs_up, setup, teardown),
	    cmocka_unit_test_setup_teardown(init_kills_what_ignores_hup, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(init_without_shell, setup,
					    teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
