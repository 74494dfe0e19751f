/* tests/unit/test_nosym.c — be_open_nosym() (backends/nosym.c) on a real
 * folder tree: a canonical path opens, a symlink anywhere on the way is
 * refused (openat2 and the component walk alike), missing folders are
 * created only beneath the prefix asked for. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backend.h"

static char tmp[64];

static char *at(const char *rel)
{
	return xasprintf("%s/%s", tmp, rel);
}

static int setup(void **state)
{
	(void)state;
	snprintf(tmp, sizeof(tmp), "/var/tmp/test_nosym.XXXXXX");
	return mkdtemp(tmp) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmp);
	return system(cmd);
}

static bool is_dir(const char *p)
{
	struct stat st;

	return lstat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static void opens_canonical_refuses_links(void **state)
{
	SBX_AUTOFREE char *a = at("a");
	SBX_AUTOFREE char *ab = at("a/b");
	SBX_AUTOFREE char *link = at("link");
	SBX_AUTOFREE char *via = at("link/b");
	SBX_AUTOFREE char *flink = at("a/flink");
	int fd;

	(void)state;
	assert_int_equal(mkdir(a, 0755), 0);
	assert_int_equal(mkdir(ab, 0755), 0);
	assert_int_equal(symlink(a, link), 0);
	assert_int_equal(symlink(ab, flink), 0);
	fd = be_open_nosym(ab, O_PATH | O_DIRECTORY, NULL);
	assert_true(fd >= 0);
	close(fd);
	/* A link in the middle, or as the last component. */
	fd = be_open_nosym(via, O_PATH | O_DIRECTORY, NULL);
	assert_true(fd == -ELOOP || fd == -ENOTDIR);
	fd = be_open_nosym(flink, O_PATH, NULL);
	assert_true(fd == -ELOOP || fd == -ENOTDIR);
	/* The component walk (what create_below forces) agrees. */
	fd = be_open_nosym(via, O_PATH | O_DIRECTORY, via);
	assert_true(fd == -ELOOP || fd == -ENOTDIR);
	fd = be_open_nosym(flink, O_PATH, flink);
	assert_true(fd == -ELOOP || fd == -ENOTDIR);
	/* Not canonical: refused, never folded. */
	{
		SBX_AUTOFREE char *dots = at("a/../a/b");

		fd = be_open_nosym(dots, O_PATH, dots);
		assert_int_equal(fd, -EINVAL);
	}
	assert_int_equal(be_open_nosym("relative", O_PATH, NULL), -EINVAL);
}

static void creates_beneath_only(void **state)
{
	SBX_AUTOFREE char *base = at("base");
	SBX_AUTOFREE char *deep = at("base/x/y/z");
	SBX_AUTOFREE char *above = at("nobase/x");
	SBX_AUTOFREE char *nob = at("nobase");
	SBX_AUTOFREE char *link = at("base/ln");
	SBX_AUTOFREE char *thru = at("base/ln/new");
	SBX_AUTOFREE char *target = at("target");
	SBX_AUTOFREE char *made = at("target/new");
	int fd;

	(void)state;
	assert_int_equal(mkdir(base, 0755), 0);
	fd = be_open_nosym(deep, O_PATH | O_DIRECTORY, base);
	assert_true(fd >= 0);
	close(fd);
	assert_true(is_dir(deep));
	/* Nothing is created at or above the prefix. */
	fd = be_open_nosym(above, O_PATH | O_DIRECTORY, above);
	assert_int_equal(fd, -ENOENT);
	assert_false(is_dir(nob));
	/* A planted link is not followed to create beyond it. */
	assert_int_equal(mkdir(target, 0755), 0);
	assert_int_equal(symlink(target, link), 0);
	fd = be_open_nosym(thru, O_PATH | O_DIRECTORY, base);
	assert_true(fd == -ELOOP || fd == -ENOTDIR || fd == -EEXIST);
	assert_false(is_dir(made));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(opens_canonical_refuses_links,
					    setup, teardown),
	    cmocka_unit_test_setup_teardown(creates_beneath_only, setup,
					    teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
