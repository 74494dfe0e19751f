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
#include "fixture.h"

static char tmp[64];

static char *at(const char *rel)
{
	return xasprintf("%s/%s", tmp, rel);
}

static int setup(void **state)
{
	(void)state;
	return fx_tmpdir(tmp, sizeof(tmp), "/var/tmp/test_nosym");
}

static int teardown(void **state)
{
	(void)state;
	return fx_rmtree(tmp);
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

/* be_open_regular: a regular file only, judged before it is opened for
 * reading; no symlink; beneath the root asked for (issue 20 item 8). */
static void opens_regular_only(void **state)
{
	SBX_AUTOFREE char *repo = at("repo");
	SBX_AUTOFREE char *cfg = at("repo/config");
	SBX_AUTOFREE char *fifo = at("repo/fifo");
	SBX_AUTOFREE char *sock = at("repo/dir");
	SBX_AUTOFREE char *lnk = at("repo/link");
	SBX_AUTOFREE char *lfifo = at("repo/lfifo");
	SBX_AUTOFREE char *out = at("outside");
	SBX_AUTOFREE char *ndots = at("repo/../outside");
	struct stat st;
	char buf[8];
	int fd;

	(void)state;
	assert_int_equal(mkdir(repo, 0755), 0);
	assert_int_equal(mkdir(sock, 0755), 0);
	fd = open(cfg, O_WRONLY | O_CREAT, 0644);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "[core]\n", 7), 7);
	close(fd);
	fd = open(out, O_WRONLY | O_CREAT, 0644);
	close(fd);
	assert_int_equal(mkfifo(fifo, 0644), 0);
	assert_int_equal(symlink(cfg, lnk), 0);
	assert_int_equal(symlink(fifo, lfifo), 0);

	fd = be_open_regular(repo, cfg, 0, &st);
	assert_true(fd >= 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(read(fd, buf, sizeof(buf)), 7);
	assert_true(fcntl(fd, F_GETFD) & FD_CLOEXEC);
	close(fd);
	assert_true((fd = be_open_regular(NULL, cfg, 0, &st)) >= 0);
	close(fd);
	/* A FIFO with no writer: refused at once, not waited on. */
	assert_int_equal(be_open_regular(repo, fifo, 0, &st), -EINVAL);
	assert_int_equal(be_open_regular(repo, sock, 0, &st), -EISDIR);
	/* Devices, whatever the root: their driver is never asked. */
	assert_int_equal(be_open_regular(NULL, "/dev/null", 0, &st), -EINVAL);
	assert_int_equal(be_open_regular("/dev", "/dev/ptmx", 0, &st), -EINVAL);
	assert_int_equal(
	    be_open_regular(NULL, "/dev/ptmx", BE_OPEN_FOLLOW, &st), -EINVAL);
	/* Outside the root, or not canonical: refused, never folded. */
	assert_int_equal(be_open_regular(repo, out, 0, &st), -EXDEV);
	assert_int_equal(be_open_regular(repo, ndots, 0, &st), -EINVAL);
	assert_int_equal(be_open_regular(repo, "/dev/ptmx", 0, &st), -EXDEV);
	assert_int_equal(be_open_regular(repo, repo, 0, &st), -EISDIR);
	assert_int_equal(be_open_regular(repo, "rel", 0, &st), -EINVAL);
	/* A symlink, even to a regular file beneath the root. */
	fd = be_open_regular(repo, lnk, 0, &st);
	assert_true(fd == -ELOOP || fd == -ENOTDIR);
	/* Followed only when asked (the user's own configuration); the
	 * type still judged. */
	fd = be_open_regular(NULL, lnk, BE_OPEN_FOLLOW, &st);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(be_open_regular(NULL, lfifo, BE_OPEN_FOLLOW, &st),
			 -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(opens_canonical_refuses_links,
					    setup, teardown),
	    cmocka_unit_test_setup_teardown(creates_beneath_only, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(opens_regular_only, setup,
					    teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
