/* tests/unit/test_signames.c — signal names as kill and trap take them. */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "signames.h"

static void sig_names_both_ways(void **state)
{
	(void)state;
	assert_int_equal(sig_byname("INT"), SIGINT);
	assert_int_equal(sig_byname("SIGINT"), SIGINT);
	assert_int_equal(sig_byname("int"), SIGINT);
	assert_int_equal(sig_byname("sigint"), SIGINT);
	assert_int_equal(sig_byname("2"), 2);
	assert_int_equal(sig_byname("02"), 2);
	assert_int_equal(sig_byname("EXIT"), 0);
	assert_int_equal(sig_byname("exit"), 0);
	assert_int_equal(sig_byname("0"), 0);
	assert_int_equal(sig_byname("HUP"), SIGHUP);
	assert_int_equal(sig_byname("KILL"), SIGKILL);
	assert_int_equal(sig_byname("CHLD"), SIGCHLD);
	assert_int_equal(sig_byname("CLD"), SIGCHLD);
	assert_int_equal(sig_byname("IOT"), SIGABRT);
	assert_string_equal(sig_name(SIGINT), "INT");
	assert_string_equal(sig_name(SIGTERM), "TERM");
	assert_string_equal(sig_name(0), "EXIT");
	assert_null(sig_name(-1));
	assert_null(sig_name(NSIG));
	assert_int_equal(sig_count(), NSIG);
	/* every named signal reads back */
	for (int i = 0; i < NSIG; i++)
		if (sig_name(i))
			assert_int_equal(sig_byname(sig_name(i)), i);
}

static void sig_realtime(void **state)
{
	(void)state;
	assert_int_equal(sig_byname("RTMIN"), SIGRTMIN);
	assert_int_equal(sig_byname("RTMAX"), SIGRTMAX);
	assert_int_equal(sig_byname("RTMIN+1"), SIGRTMIN + 1);
	assert_int_equal(sig_byname("SIGRTMAX-1"), SIGRTMAX - 1);
	assert_string_equal(sig_name(SIGRTMIN), "RTMIN");
	assert_string_equal(sig_name(SIGRTMIN + 1), "RTMIN+1");
	assert_string_equal(sig_name(SIGRTMAX), "RTMAX");
	assert_string_equal(sig_name(SIGRTMAX - 1), "RTMAX-1");
	assert_int_equal(sig_byname("RTMAX+1"), -1);
	assert_int_equal(sig_byname("RTMIN-1"), -1);
	assert_int_equal(sig_byname("RTMIN+999"), -1);
}

static void sig_rejects(void **state)
{
	(void)state;
	assert_int_equal(sig_byname(""), -1);
	assert_int_equal(sig_byname(NULL), -1);
	assert_int_equal(sig_byname("-1"), -1);
	assert_int_equal(sig_byname("+2"), -1);
	assert_int_equal(sig_byname(" 2"), -1);
	assert_int_equal(sig_byname("2x"), -1);
	assert_int_equal(sig_byname("65"), -1);
	assert_int_equal(sig_byname("99999999999999999999"), -1);
	assert_int_equal(sig_byname("SIG"), -1);
	assert_int_equal(sig_byname("HUPX"), -1);
	assert_int_equal(sig_byname("NOPE"), -1);
}

/* trap's names are dash's: no SIG prefix, none of the input-only
 * aliases; case, numbers and the realtime names as for kill. */
static void sig_trap_names(void **state)
{
	(void)state;
	assert_int_equal(sig_trapname("INT"), SIGINT);
	assert_int_equal(sig_trapname("int"), SIGINT);
	assert_int_equal(sig_trapname("2"), 2);
	assert_int_equal(sig_trapname("EXIT"), 0);
	assert_int_equal(sig_trapname("0"), 0);
	assert_int_equal(sig_trapname("KILL"), SIGKILL);
	assert_int_equal(sig_trapname("rtmin+1"), SIGRTMIN + 1);
	assert_int_equal(sig_trapname("SIGINT"), -1);
	assert_int_equal(sig_trapname("SIGEXIT"), -1);
	assert_int_equal(sig_trapname("sigrtmax"), -1);
	assert_int_equal(sig_trapname("IOT"), -1);
	assert_int_equal(sig_trapname("CLD"), -1);
	assert_int_equal(sig_trapname("POLL"), -1);
	assert_int_equal(sig_trapname("-1"), -1);
	assert_int_equal(sig_trapname(""), -1);
	/* what trap prints reads back */
	for (int i = 0; i < NSIG; i++)
		if (sig_name(i))
			assert_int_equal(sig_trapname(sig_name(i)), i);
}

static void sig_list_as_dash(void **state)
{
	struct sbx_buf b = {0};

	(void)state;
	sig_list(&b);
#ifdef __linux__
	/* dash 0.5.12 on Linux: 0, the names, unnamed numbers as digits */
	assert_true(
	    !strncmp(b.s, "0\nHUP\nINT\nQUIT\nILL\nTRAP\nABRT\nBUS\n", 31));
	assert_non_null(strstr(b.s, "\nTERM\n16\nCHLD\n"));
	assert_non_null(strstr(b.s, "\nSYS\n32\n33\nRTMIN\nRTMIN+1\n"));
	assert_non_null(strstr(b.s, "\nRTMIN+15\nRTMAX-14\n"));
	assert_true(b.len > 7);
	assert_string_equal(b.s + b.len - 7, "\nRTMAX\n");
	size_t lines = 0;
	for (size_t i = 0; i < b.len; i++)
		lines += b.s[i] == '\n';
	assert_int_equal(lines, NSIG);
#endif
	buf_free(&b);
}

static void sig_kill_l_cases(void **state)
{
	struct sbx_buf out = {0}, err = {0};

	(void)state;
	assert_int_equal(sig_kill_l("2", &out, &err), 0);
	assert_int_equal(sig_kill_l("130", &out, &err), 0); /* 128 + INT */
	assert_int_equal(sig_kill_l("002", &out, &err), 0);
	assert_int_equal(sig_kill_l("9", &out, &err), 0);
	assert_string_equal(out.s, "INT\nINT\nINT\nKILL\n");
	assert_null(err.s);
	assert_int_equal(sig_kill_l("0", &out, &err), 2);
	assert_int_equal(sig_kill_l("128", &out, &err), 2);
	assert_int_equal(sig_kill_l("INT", &out, &err), 2);
	assert_int_equal(sig_kill_l("2x", &out, &err), 2);
	assert_int_equal(sig_kill_l("99999999999999999999", &out, &err), 2);
	assert_string_equal(err.s,
			    "kill: invalid signal number or exit status: 0\n"
			    "kill: invalid signal number or exit status: 128\n"
			    "kill: Illegal number: INT\n"
			    "kill: Illegal number: 2x\n"
			    "kill: Illegal number: 99999999999999999999\n");
	buf_free(&out);
	assert_int_equal(sig_kill_l(NULL, &out, &err), 0);
	assert_true(!strncmp(out.s, "0\nHUP\n", 6));
	buf_free(&out);
	buf_free(&err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(sig_names_both_ways),
	    cmocka_unit_test(sig_realtime),
	    cmocka_unit_test(sig_rejects),
	    cmocka_unit_test(sig_trap_names),
	    cmocka_unit_test(sig_list_as_dash),
	    cmocka_unit_test(sig_kill_l_cases),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
