/* tests/unit/test_bi_test.c — tst_main(): POSIX's argument-count rules,
 * dash's grammar and messages, file operators on a temporary directory. */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#include <cmocka.h>

#include "bi_test.h"

static struct sbx_buf errb;

/* Runs test with the words of |line| (split on spaces; "''" is an empty
 * word) and returns its status. */
static int run(const char *line)
{
	char *copy = xstrdup(line), *argv[64], *p, *save = NULL;
	int argc = 0, r;

	for (p = strtok_r(copy, " ", &save); p;
	     p = strtok_r(NULL, " ", &save)) {
		assert_true(argc < 63);
		argv[argc++] = strcmp(p, "''") ? p : p + 2;
	}
	argv[argc] = NULL;
	buf_free(&errb);
	memset(&errb, 0, sizeof(errb));
	r = tst_main(argc, argv, &errb);
	free(copy);
	return r;
}

static const char *errmsg(void)
{
	return errb.s ? errb.s : "";
}

static void tst_zero_to_four_args(void **state)
{
	(void)state;
	/* 0 args: false */
	assert_int_equal(run("test"), 1);
	assert_int_equal(run("[ ]"), 1);
	/* 1 arg: true if not empty, whatever it looks like */
	assert_int_equal(run("test -n"), 0);
	assert_int_equal(run("test -z"), 0);
	assert_int_equal(run("test !"), 0);
	assert_int_equal(run("test ''"), 1);
	assert_int_equal(run("test ("), 0);
	assert_int_equal(run("test )"), 0);
	assert_int_equal(run("[ -n ]"), 0);
	/* 2 args: ! negates, else a unary operator */
	assert_int_equal(run("test ! ''"), 0);
	assert_int_equal(run("test ! x"), 1);
	assert_int_equal(run("test ! -n"), 1);
	assert_int_equal(run("test -z ''"), 0);
	assert_int_equal(run("test -z -n"), 1);
	assert_int_equal(run("test ! !"), 1);
	/* 3 args: a binary operator in the middle wins */
	assert_int_equal(run("test = = ="), 0);
	assert_int_equal(run("test ! = a"), 1);
	assert_int_equal(run("test -n = x"), 1);
	assert_int_equal(run("test ( = )"), 1);
	assert_int_equal(run("test ( x )"), 0);
	assert_int_equal(run("test ( '' )"), 1);
	assert_int_equal(run("test ( -n )"), 0);
	assert_int_equal(run("test ! -z x"), 0);
	assert_int_equal(run("test ! -z ''"), 1);
	assert_int_equal(run("test -a -a -a"), 0);
	assert_int_equal(run("test -o -o -o"), 0);
	/* 4 args */
	assert_int_equal(run("test ! a = a"), 1);
	assert_int_equal(run("test ! a = b"), 0);
	assert_int_equal(run("test ( ! x )"), 1);
	assert_int_equal(run("test ( ! '' )"), 0);
}

static void tst_connectives(void **state)
{
	(void)state;
	assert_int_equal(run("[ a = a -a b = c ]"), 1);
	assert_int_equal(run("[ a = a -o b = c ]"), 0);
	/* -a binds tighter than -o */
	assert_int_equal(run("test x -o '' -a ''"), 0);
	assert_int_equal(run("test '' -a x -o x"), 0);
	assert_int_equal(run("test a -a b -o '' -a c"), 0);
	assert_int_equal(run("test x -a ! y"), 1);
	assert_int_equal(run("test ! ! ! a"), 0);
	assert_int_equal(run("test ( a = a ) -a ( -n '' )"), 1);
	assert_int_equal(run("test ( a = a ) -o ( -n '' )"), 0);
	assert_int_equal(run("test ( ( a ) ) -a ( ! b = b )"), 1);
	assert_int_equal(run("test ! ( a = b )"), 0);
	assert_int_equal(run("test ! ( a = a )"), 1);
	/* dash evaluates both sides of -a/-o, so errors are not skipped */
	assert_int_equal(run("test a = a -o 1 -eq x"), 2);
	/* a missing operand after -a/-o is a false primary */
	assert_int_equal(run("test a -a"), 1);
	assert_int_equal(run("test a -o"), 0);
	assert_int_equal(run("test 1 -eq 1 -a"), 1);
	assert_int_equal(run("test a = a -a -n"), 0);
}

static void tst_strings_and_integers(void **state)
{
	(void)state;
	assert_int_equal(run("test abc = abc"), 0);
	assert_int_equal(run("test abc != abc"), 1);
	assert_int_equal(run("test a < b"), 0);
	assert_int_equal(run("test b > a"), 0);
	assert_int_equal(run("test b < a"), 1);
	assert_int_equal(run("test 1 -eq 1"), 0);
	assert_int_equal(run("test 010 -eq 10"), 0); /* decimal only */
	assert_int_equal(run("test -1 -lt 0"), 0);
	assert_int_equal(run("test +1 -eq 1"), 0);
	assert_int_equal(run("test 2 -ne 3"), 0);
	assert_int_equal(run("test 3 -ge 3"), 0);
	assert_int_equal(run("test 3 -gt 3"), 1);
	assert_int_equal(run("test 3 -le 2"), 1);
	assert_int_equal(
	    run("test -9223372036854775808 -lt 9223372036854775807"), 0);
	char *blanks[] = {"test", " 1", "-eq", "1 ", NULL};
	assert_int_equal(tst_main(4, blanks, &errb), 0);
}

static void tst_errors(void **state)
{
	static const struct {
		const char *line;
		const char *msg;
	} t[] = {
	    {"test 1 -eq a", "test: Illegal number: a\n"},
	    {"test a -eq 1", "test: Illegal number: a\n"},
	    {"test 1 -eq 0x1", "test: Illegal number: 0x1\n"},
	    {"test 1 -eq 1x", "test: Illegal number: 1x\n"},
	    {"test 1 -eq ''", "test: Illegal number: \n"},
	    {"test 1 -eq 99999999999999999999",
	     "test: Illegal number: 99999999999999999999\n"},
	    {"test 1 -eq", "test: -eq: argument expected\n"},
	    {"[ 1", "[: missing ]\n"},
	    {"[", "[: missing ]\n"},
	    {"[ a = a ] ]", "[: a: unexpected operator\n"},
	    {"test a b", "test: a: unexpected operator\n"},
	    {"test a b c", "test: a: unexpected operator\n"},
	    {"test a = b c", "test: b: unexpected operator\n"},
	    {"test -l x", "test: -l: unexpected operator\n"},
	    {"test ! -a !", "test: -a: unexpected operator\n"},
	    {"test -e ! -e", "test: !: unexpected operator\n"},
	    {"test ( a", "test: closing paren expected\n"},
	    {"test ( ( ( a )", "test: closing paren expected\n"},
	    {"test -t abc", "test: Illegal number: abc\n"},
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		assert_int_equal(run(t[i].line), 2);
		assert_string_equal(errmsg(), t[i].msg);
	}
	/* a true expression leaves |err| alone */
	assert_int_equal(run("test a"), 0);
	assert_string_equal(errmsg(), "");
}

static char tmpdir[] = "/tmp/test_bi_test.XXXXXX";

static char *tpath(const char *name)
{
	static char buf[4][256];
	static int k;

	k = (k + 1) % 4;
	snprintf(buf[k], sizeof(buf[k]), "%s/%s", tmpdir, name);
	return buf[k];
}

static int runf(const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	return run(line);
}

static int mkfiles(void **state)
{
	struct timeval tv[2] = {{1000, 0}, {1000, 0}};
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	int fd;

	(void)state;
	assert_non_null(mkdtemp(tmpdir));
	fd = open(tpath("empty"), O_CREAT | O_WRONLY, 0644);
	assert_true(fd >= 0);
	close(fd);
	fd = open(tpath("full"), O_CREAT | O_WRONLY, 0755);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "x", 1), 1);
	close(fd);
	assert_int_equal(utimes(tpath("empty"), tv), 0); /* older than full */
	assert_int_equal(chmod(tpath("full"), 0755 | S_ISUID | S_ISGID), 0);
	fd = open(tpath("noperm"), O_CREAT | O_WRONLY, 0);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(mkdir(tpath("dir"), 0755), 0);
	assert_int_equal(mkdir(tpath("sticky"), 0755), 0);
	assert_int_equal(chmod(tpath("sticky"), 01777), 0);
	assert_int_equal(symlink("full", tpath("link")), 0);
	assert_int_equal(symlink("nowhere", tpath("dangling")), 0);
	assert_int_equal(mkfifo(tpath("fifo"), 0644), 0);
	snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", tpath("sock"));
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	assert_true(fd >= 0);
	assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	close(fd);
	return 0;
}

static int rmfiles(void **state)
{
	static const char *names[] = {"empty",	  "full",   "noperm",
				      "dir",	  "sticky", "link",
				      "dangling", "fifo",   "sock"};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (unlink(tpath(names[i])))
			rmdir(tpath(names[i]));
	rmdir(tmpdir);
	buf_free(&errb);
	return 0;
}

static void tst_file_ops(void **state)
{
	(void)state;
	assert_int_equal(runf("test -e %s", tpath("empty")), 0);
	assert_int_equal(runf("test -e %s", tpath("missing")), 1);
	assert_int_equal(runf("test -e ''"), 1);
	assert_int_equal(runf("test -f %s", tpath("empty")), 0);
	assert_int_equal(runf("test -f %s", tpath("dir")), 1);
	assert_int_equal(runf("test -d %s", tpath("dir")), 0);
	assert_int_equal(runf("test -d %s", tpath("empty")), 1);
	assert_int_equal(runf("test -s %s", tpath("full")), 0);
	assert_int_equal(runf("test -s %s", tpath("empty")), 1);
	assert_int_equal(runf("test -x %s", tpath("full")), 0);
	assert_int_equal(runf("test -r %s", tpath("empty")), 0);
	assert_int_equal(runf("test -w %s", tpath("empty")), 0);
	if (geteuid() != 0) {
		/* root may read and write anything */
		assert_int_equal(runf("test -r %s", tpath("noperm")), 1);
		assert_int_equal(runf("test -w %s", tpath("noperm")), 1);
	}
	/* root too needs an x bit to execute */
	assert_int_equal(runf("test -x %s", tpath("empty")), 1);
	assert_int_equal(runf("test -u %s", tpath("full")), 0);
	assert_int_equal(runf("test -u %s", tpath("empty")), 1);
	assert_int_equal(runf("test -g %s", tpath("full")), 0);
	assert_int_equal(runf("test -k %s", tpath("sticky")), 0);
	assert_int_equal(runf("test -k %s", tpath("dir")), 1);
	assert_int_equal(runf("test -h %s", tpath("link")), 0);
	assert_int_equal(runf("test -L %s", tpath("link")), 0);
	assert_int_equal(runf("test -L %s", tpath("full")), 1);
	assert_int_equal(runf("test -L %s", tpath("dangling")), 0);
	assert_int_equal(runf("test -e %s", tpath("dangling")), 1);
	assert_int_equal(runf("test -f %s", tpath("link")), 0); /* follows */
	assert_int_equal(runf("test -p %s", tpath("fifo")), 0);
	assert_int_equal(runf("test -p %s", tpath("empty")), 1);
	assert_int_equal(runf("test -S %s", tpath("sock")), 0);
	assert_int_equal(runf("test -S %s", tpath("fifo")), 1);
	assert_int_equal(runf("test -c /dev/null"), 0);
	assert_int_equal(runf("test -b /dev/null"), 1);
	assert_int_equal(runf("test -O %s", tpath("empty")), 0);
	assert_int_equal(runf("test -G %s", tpath("empty")), 0);
	assert_int_equal(runf("test ! -O %s", tpath("missing")), 0);
	/* -nt / -ot: both must exist */
	assert_int_equal(runf("test %s -nt %s", tpath("full"), tpath("empty")),
			 0);
	assert_int_equal(runf("test %s -ot %s", tpath("full"), tpath("empty")),
			 1);
	assert_int_equal(runf("test %s -ot %s", tpath("empty"), tpath("full")),
			 0);
	assert_int_equal(
	    runf("test %s -nt %s", tpath("full"), tpath("missing")), 1);
	assert_int_equal(
	    runf("test %s -ot %s", tpath("missing"), tpath("full")), 1);
	/* -ef: same inode */
	assert_int_equal(runf("test %s -ef %s", tpath("link"), tpath("full")),
			 0);
	assert_int_equal(runf("test %s -ef %s/.", tpath("dir"), tpath("dir")),
			 0);
	assert_int_equal(runf("test %s -ef %s", tpath("empty"), tpath("full")),
			 1);
	/* combined */
	assert_int_equal(
	    runf("[ -d %s -a -f %s ]", tpath("dir"), tpath("full")), 0);
	assert_int_equal(
	    runf("[ -e %s -o -d %s ]", tpath("missing"), tpath("dir")), 0);
}

static void tst_tty(void **state)
{
	int fd = open("/dev/null", O_RDONLY);
	char line[64];

	(void)state;
	assert_true(fd >= 0);
	snprintf(line, sizeof(line), "test -t %d", fd);
	assert_int_equal(run(line), 1);
	close(fd);
	assert_int_equal(run("test -t 99999"), 1);
	assert_int_equal(run("test -t"), 0); /* one argument: a string */
}

static void tst_deep_nesting(void **state)
{
	enum { N = 100000 };
	char **argv = xcalloc(2 * N + 3, sizeof(*argv));
	int i, argc = 0;

	(void)state;
	argv[argc++] = "test";
	for (i = 0; i < N; i++)
		argv[argc++] = "(";
	argv[argc++] = "x";
	for (i = 0; i < N; i++)
		argv[argc++] = ")";
	buf_free(&errb);
	memset(&errb, 0, sizeof(errb));
	assert_int_equal(tst_main(argc, argv, &errb), 2);
	assert_non_null(strstr(errmsg(), "too deeply nested"));
	/* a long chain of ! is fine: it is a loop, not recursion */
	argc = 1;
	for (i = 0; i < N; i++)
		argv[argc++] = "!";
	argv[argc++] = "x";
	assert_int_equal(tst_main(argc, argv, &errb), 0); /* even count */
	free(argv);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(tst_zero_to_four_args),
	    cmocka_unit_test(tst_connectives),
	    cmocka_unit_test(tst_strings_and_integers),
	    cmocka_unit_test(tst_errors),
	    cmocka_unit_test(tst_file_ops),
	    cmocka_unit_test(tst_tty),
	    cmocka_unit_test(tst_deep_nesting),
	};
	return cmocka_run_group_tests(tests, mkfiles, rmfiles);
}
