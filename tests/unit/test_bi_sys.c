/* tests/unit/test_bi_sys.c — umask, ulimit and times with dash's syntax
 * and output. They change this test process's own umask and limits. */
#include <regex.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "bi_sys.h"

static struct sbx_buf out, err;

static int call(int (*fn)(int, char **, struct sbx_buf *, struct sbx_buf *),
		const char *line)
{
	char *copy = xstrdup(line), *argv[16], *p, *save = NULL;
	int argc = 0, r;

	for (p = strtok_r(copy, " ", &save); p; p = strtok_r(NULL, " ", &save))
		argv[argc++] = p;
	argv[argc] = NULL;
	buf_free(&out);
	buf_free(&err);
	memset(&out, 0, sizeof(out));
	memset(&err, 0, sizeof(err));
	r = fn(argc, argv, &out, &err);
	free(copy);
	return r;
}

static const char *outs(void)
{
	return out.s ? out.s : "";
}

static const char *errs(void)
{
	return err.s ? err.s : "";
}

static int teardown(void **state)
{
	(void)state;
	buf_free(&out);
	buf_free(&err);
	return 0;
}

/* Sets the umask to |start|, runs "umask ARG" and returns the new umask. */
static mode_t mask_after(mode_t start, const char *arg)
{
	char line[128];
	mode_t m;

	umask(start);
	snprintf(line, sizeof(line), "umask %s", arg);
	assert_int_equal(call(bisys_umask, line), 0);
	m = umask(0);
	umask(m);
	return m;
}

static void umask_print(void **state)
{
	(void)state;
	umask(022);
	assert_int_equal(call(bisys_umask, "umask"), 0);
	assert_string_equal(outs(), "0022\n");
	assert_int_equal(call(bisys_umask, "umask -S"), 0);
	assert_string_equal(outs(), "u=rwx,g=rx,o=rx\n");
	umask(0777);
	call(bisys_umask, "umask -S");
	assert_string_equal(outs(), "u=,g=,o=\n");
	umask(077);
	call(bisys_umask, "umask -S");
	assert_string_equal(outs(), "u=rwx,g=,o=\n");
}

static void umask_octal(void **state)
{
	(void)state;
	assert_int_equal(mask_after(022, "077"), 077);
	assert_int_equal(mask_after(022, "0"), 0);
	assert_int_equal(mask_after(022, "07777"), 0777);
	assert_int_equal(mask_after(022, "1234567"), 0567);
	assert_int_equal(mask_after(022, "-- 027"), 027);
	assert_int_equal(mask_after(022, "-S 027"), 027);
	/* a long digit string does not overflow */
	assert_int_equal(mask_after(022, "7777777777777777777777777"), 0777);
	umask(022);
	assert_int_equal(call(bisys_umask, "umask 8"), 2);
	assert_string_equal(errs(), "umask: Illegal number: 8\n");
	assert_int_equal(call(bisys_umask, "umask 0x1"), 2);
	assert_string_equal(errs(), "umask: Illegal number: 0x1\n");
	assert_int_equal(call(bisys_umask, "umask -p"), 2);
	assert_string_equal(errs(), "umask: Illegal option -p\n");
	assert_int_equal(umask(022), 022); /* untouched by the errors */
}

static void umask_symbolic(void **state)
{
	(void)state;
	/* results checked against dash 0.5.12 */
	assert_int_equal(mask_after(022, "u=rwx,g=rx,o="), 027);
	assert_int_equal(mask_after(022, "g+w"), 002);
	assert_int_equal(mask_after(022, "o-r"), 026);
	assert_int_equal(mask_after(022, "a=r"), 0333);
	assert_int_equal(mask_after(022, "="), 0777);
	assert_int_equal(mask_after(027, "=r"), 0333); /* no who: all */
	assert_int_equal(mask_after(027, "+w"), 0005); /* not umask-filtered */
	assert_int_equal(mask_after(022, "u=g"), 0222);
	assert_int_equal(mask_after(027, "o=u"), 0020);
	assert_int_equal(mask_after(022, "g=o"), 0022);
	assert_int_equal(mask_after(027, "u=o"), 0727);
	assert_int_equal(mask_after(027, "g=o,o=g"),
			 0072); /* copies see the old mask */
	assert_int_equal(mask_after(027, "go=u-w"), 0022);
	assert_int_equal(mask_after(027, "u-x+w"), 0127);
	assert_int_equal(mask_after(022, "ug=rw,o-w"), 0112);
	assert_int_equal(mask_after(022, "u=,g="), 0772);
	assert_int_equal(mask_after(022, "=rwx"), 0);
	assert_int_equal(mask_after(022, "u=r,"), 0322);
	assert_int_equal(mask_after(022, "u+s"), 022);
	assert_int_equal(mask_after(022, "a+X"), 022);
	assert_int_equal(mask_after(0777, "a+X"), 0777);
	assert_int_equal(mask_after(022, "+"), 022);
	umask(022);
	assert_int_equal(call(bisys_umask, "umask abc"), 2);
	assert_string_equal(errs(), "umask: Illegal mode: abc\n");
	assert_int_equal(call(bisys_umask, "umask u=rwxz"), 2);
	assert_int_equal(call(bisys_umask, "umask ,"), 2);
	assert_int_equal(call(bisys_umask, "umask u"), 2);
	assert_int_equal(call(bisys_umask, "umask u=r,,g=w"), 2);
	assert_int_equal(umask(022), 022);
}

static void ulimit_print_and_set(void **state)
{
	struct rlimit rl;
	char want[64];

	(void)state;
	assert_int_equal(getrlimit(RLIMIT_NOFILE, &rl), 0);
	assert_int_equal(call(bisys_ulimit, "ulimit -n"), 0);
	if (rl.rlim_cur == RLIM_INFINITY)
		snprintf(want, sizeof(want), "unlimited\n");
	else
		snprintf(want, sizeof(want), "%ju\n", (uintmax_t)rl.rlim_cur);
	assert_string_equal(outs(), want);
	/* lowering a soft limit needs no privilege; units are 512 bytes */
	assert_int_equal(getrlimit(RLIMIT_CORE, &rl), 0);
	if (rl.rlim_max == RLIM_INFINITY || rl.rlim_max >= 10 * 512) {
		assert_int_equal(call(bisys_ulimit, "ulimit -Sc 10"), 0);
		assert_int_equal(getrlimit(RLIMIT_CORE, &rl), 0);
		assert_int_equal(rl.rlim_cur, 10 * 512);
		call(bisys_ulimit, "ulimit -c");
		assert_string_equal(outs(), "10\n");
	}
	assert_int_equal(call(bisys_ulimit, "ulimit -Sc 0"), 0);
	call(bisys_ulimit, "ulimit -S -c");
	assert_string_equal(outs(), "0\n");
	/* the last resource letter wins, -H shows the hard limit */
	assert_int_equal(getrlimit(RLIMIT_STACK, &rl), 0);
	call(bisys_ulimit, "ulimit -ns");
	if (rl.rlim_cur == RLIM_INFINITY)
		snprintf(want, sizeof(want), "unlimited\n");
	else
		snprintf(want, sizeof(want), "%ju\n",
			 (uintmax_t)(rl.rlim_cur / 1024));
	assert_string_equal(outs(), want);
}

static void ulimit_all(void **state)
{
	regex_t re;

	(void)state;
	assert_int_equal(call(bisys_ulimit, "ulimit -a"), 0);
	assert_true(!strncmp(outs(), "time(seconds)        ", 21));
	assert_non_null(strstr(outs(), "\nfile(blocks)         "));
	assert_non_null(strstr(outs(), "\nnofiles              "));
	/* 21 characters: the name runs into the value's column */
	assert_non_null(strstr(outs(), "\nlocked memory(kbytes) "));
	assert_int_equal(regcomp(&re, "^([a-z ()]+ +(unlimited|[0-9]+)\n)+$",
				 REG_EXTENDED | REG_NOSUB),
			 0);
	assert_int_equal(regexec(&re, outs(), 0, NULL, 0), 0);
	regfree(&re);
}

static void ulimit_errors(void **state)
{
	(void)state;
	assert_int_equal(call(bisys_ulimit, "ulimit -x"), 2);
	assert_string_equal(errs(), "ulimit: Illegal option -x\n");
	assert_int_equal(call(bisys_ulimit, "ulimit -n abc"), 2);
	assert_string_equal(errs(), "ulimit: bad number\n");
	assert_int_equal(call(bisys_ulimit, "ulimit -n 1 2"), 2);
	assert_string_equal(errs(), "ulimit: too many arguments\n");
	assert_int_equal(call(bisys_ulimit, "ulimit -a 5"), 2);
	assert_string_equal(errs(), "ulimit: too many arguments\n");
	assert_int_equal(call(bisys_ulimit, "ulimit -n -1"), 2);
	if (geteuid() != 0) {
		struct rlimit rl;

		getrlimit(RLIMIT_NOFILE, &rl);
		if (rl.rlim_max != RLIM_INFINITY) {
			assert_int_equal(
			    call(bisys_ulimit, "ulimit -Hn unlimited"), 2);
			assert_string_equal(errs(),
					    "ulimit: error setting limit "
					    "(Operation not permitted)\n");
		}
	}
}

static void times_format(void **state)
{
	regex_t re;

	(void)state;
	buf_free(&out);
	memset(&out, 0, sizeof(out));
	assert_int_equal(bisys_times(&out), 0);
	assert_int_equal(
	    regcomp(&re,
		    "^[0-9]+m[0-9]+\\.[0-9]{6}s [0-9]+m[0-9]+\\.[0-9]{6}s\n"
		    "[0-9]+m[0-9]+\\.[0-9]{6}s [0-9]+m[0-9]+\\.[0-9]{6}s\n$",
		    REG_EXTENDED | REG_NOSUB),
	    0);
	assert_int_equal(regexec(&re, outs(), 0, NULL, 0), 0);
	regfree(&re);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(umask_print),
	    cmocka_unit_test(umask_octal),
	    cmocka_unit_test(umask_symbolic),
	    cmocka_unit_test(ulimit_print_and_set),
	    cmocka_unit_test(ulimit_all),
	    cmocka_unit_test(ulimit_errors),
	    cmocka_unit_test(times_format),
	};
	return cmocka_run_group_tests(tests, NULL, teardown);
}
