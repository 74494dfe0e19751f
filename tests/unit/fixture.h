/* tests/unit/fixture.h — what the unit tests' set-ups share: a temporary
 * folder made and removed, files and folders made in it. Header only (each
 * unit test is an executable of its own), libc only, so any test can
 * include it. The fake kernel lives in fake_sys.h, the fake filesystem in
 * fakefs.h.
 *
 * Lifecycle: fx_tmpdir() in the set-up (or the test), fx_rmtree() in the
 * tear-down. Include it after <cmocka.h>: the helpers that make files
 * assert, so that a fixture that cannot be made is a failed test, not a
 * confusing one later. */
#ifndef SBX_TEST_FIXTURE_H
#define SBX_TEST_FIXTURE_H

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* fx_tmpdir BUF SIZE PREFIX: makes a new folder "PREFIX.XXXXXX" (PREFIX an
 * absolute path, e.g. "/var/tmp/test_mounts") with mkdtemp, its name in
 * BUF. 0, or -1 (BUF too small, or mkdtemp failed: errno). */
static inline int fx_tmpdir(char *buf, size_t size, const char *prefix)
{
	int n = snprintf(buf, size, "%s.XXXXXX", prefix);

	if (n < 0 || (size_t)n >= size) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return mkdtemp(buf) ? 0 : -1;
}

/* fx_rmtree DIR: `rm -rf -- DIR`, run without a shell (so no quoting of
 * DIR can go wrong). 0 when rm succeeded, -1 otherwise. An empty DIR (a
 * set-up that never made its folder) is left alone. */
static inline int fx_rmtree(const char *dir)
{
	extern char **environ;
	char *argv[] = {"rm", "-rf", "--", (char *)dir, NULL};
	pid_t pid;
	int st;

	if (!dir || !*dir)
		return 0;
	if (posix_spawnp(&pid, "rm", NULL, NULL, argv, environ) != 0)
		return -1;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

/* fx_path BUF SIZE FMT...: snprintf that asserts the path fit. */
#define fx_path(buf, size, ...)                                                \
	assert_true((size_t)snprintf((buf), (size), __VA_ARGS__) < (size))

/* fx_write PATH TEXT MODE: a regular file holding TEXT (NULL: empty),
 * created or truncated, then chmod MODE (umask aside). */
static inline void fx_write(const char *path, const char *text, mode_t mode)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	size_t len = text ? strlen(text) : 0;

	assert_true(fd >= 0);
	assert_true(write(fd, text ? text : "", len) == (ssize_t)len);
	assert_int_equal(close(fd), 0);
	assert_int_equal(chmod(path, mode), 0);
}

/* fx_mkdirs PATH: mkdir -p, mode 0755. */
static inline void fx_mkdirs(const char *path)
{
	char p[4096];
	size_t i;

	fx_path(p, sizeof(p), "%s", path);
	for (i = 1; p[i]; i++) {
		if (p[i] != '/')
			continue;
		p[i] = '\0';
		assert_true(mkdir(p, 0755) == 0 || errno == EEXIST);
		p[i] = '/';
	}
	assert_true(mkdir(p, 0755) == 0 || errno == EEXIST);
}

#endif
