/* shell/output.c — the shell's one way to write a buffer to a
 * descriptor: all of it, again after a signal interrupts the write. The
 * interpreter, the session and the interactive layer all write through
 * it (a short write to a pipe or a terminal is not an error; a second
 * loop elsewhere once forgot EINTR), and it is the call site the fault
 * tests fail by name ("write": tests/integration/faults.sh). */
#include "output.h"

#include <errno.h>
#include <unistd.h>

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
