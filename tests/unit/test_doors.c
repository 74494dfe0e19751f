/* tests/unit/test_doors.c — the doors the mount layer covers
 * (backends/doors.c): /proc/net/unix parsed to the bound pathname
 * sockets, the other terminals told from the session's own. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include <errno.h>
#include <string.h>

#include "be_internal.h"

static void parses_proc_net_unix(void **state)
{
	static const char text[] =
	    "Num       RefCount Protocol Flags    Type St Inode Path\n"
	    "0000000000000000: 00000002 00000000 00010000 0001 01 17 "
	    "/run/docker.sock\n"
	    "0000000000000000: 00000003 00000000 00000000 0001 03 18\n"
	    "0000000000000000: 00000002 00000000 00010000 0001 01 19 "
	    "@/tmp/.X11-unix/X0\n"
	    "0000000000000000: 00000003 00000000 00000000 0001 03 20 "
	    "/run/docker.sock\n"
	    "0000000000000000: 00000002 00000000 00010000 0005 01 21 "
	    "/tmp/a dir/with space.sock\n"
	    "0000000000000000: 00000002 00000000 00000000 0002 01 22 "
	    "/run/systemd/journal/socket";
	struct sbx_strv out = {0};

	(void)state;
	assert_int_equal(dr_parse_unix(text, &out), 0);
	/* Listening and datagram; once each; not the unnamed nor the
	 * abstract one (Landlock's scope covers those). */
	assert_int_equal(out.n, 3);
	assert_string_equal(out.v[0], "/run/docker.sock");
	assert_string_equal(out.v[1], "/tmp/a dir/with space.sock");
	assert_string_equal(out.v[2], "/run/systemd/journal/socket");
	strv_free(&out);
}

static void refuses_other_formats(void **state)
{
	struct sbx_strv out = {0};

	(void)state;
	assert_int_equal(dr_parse_unix("garbage\n", &out), -EINVAL);
	assert_int_equal(dr_parse_unix("Num RefCount\n0: 1 2\n", &out),
			 -EINVAL);
	assert_int_equal(dr_parse_unix("Num x\n", &out), 0);
	assert_int_equal(out.n, 0);
	strv_free(&out);
}

/* The kernel's own file parses (whatever this machine has bound). */
static void reads_the_kernels(void **state)
{
	struct sbx_strv out = {0};

	(void)state;
	assert_int_equal(dr_bound_sockets(&out), 0);
	for (size_t i = 0; i < out.n; i++)
		assert_int_equal(out.v[i][0], '/');
	strv_free(&out);
}

static void other_ptys_skip_ours(void **state)
{
	struct sbx_strv all = {0}, others = {0};
	const char *keep[1];

	(void)state;
	assert_int_equal(dr_other_ptys(NULL, 0, NULL, &all), 0);
	for (size_t i = 0; i < all.n; i++)
		assert_non_null(strstr(all.v[i], "/dev/pts/"));
	if (!all.n)
		skip();
	keep[0] = all.v[0];
	assert_int_equal(dr_other_ptys(keep, 1, NULL, &others), 0);
	assert_int_equal(others.n, all.n - 1);
	strv_free(&others);
	assert_int_equal(dr_other_ptys(NULL, 0, all.v[0], &others), 0);
	assert_int_equal(others.n, all.n - 1);
	for (size_t i = 0; i < others.n; i++)
		assert_string_not_equal(others.v[i], all.v[0]);
	strv_free(&all);
	strv_free(&others);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(parses_proc_net_unix),
	    cmocka_unit_test(refuses_other_formats),
	    cmocka_unit_test(reads_the_kernels),
	    cmocka_unit_test(other_ptys_skip_ours),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
