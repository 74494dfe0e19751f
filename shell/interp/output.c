/* shell/interp/output.c — the shell's own descriptors: where they live
 * (out_fd_private) and the one way to write a buffer to one: all of it, again
 * after a signal interrupts the write. The interpreter, the session and the
 * interactive layer all write through it (a short write to a pipe or a terminal
 * is not an error; a second loop elsewhere once forgot EINTR), and it is the
 * call site the fault tests fail by name ("write":
 * tests/integration/faults.sh). */
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "sbx.h"

#include "fault.h"

int out_write(int fd, const void *buf, size_t n)
{
	const char *s = buf;

	while (n) {
		ssize_t k = FLT("write", write(fd, s, n));

		if (k < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		s += k;
		n -= (size_t)k;
	}
	return 0;
}

int out_fd_private(int fd)
{
	int h;

	if (fd < 0)
		return fd;
	if (fd >= SBX_FD_PRIVATE) {
		(void)fcntl(fd, F_SETFD, FD_CLOEXEC);
		return fd;
	}
	h = fcntl(fd, F_DUPFD_CLOEXEC, SBX_FD_PRIVATE);
	if (h < 0 && fd < 10)
		h = fcntl(fd, F_DUPFD_CLOEXEC, 10);
	if (h < 0)
		return fd;
	close(fd);
	return h;
}
