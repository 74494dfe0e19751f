/* backends/nosym.c — opening (and creating) a canonical path without
 * following any symlink, for the writable roots.
 *
 * Why: every writable root is resolved to its canonical form while sbxsh
 * is still free, checked (core/policy.c, core/guard.h), and only then
 * created, given a Landlock rule and a bind mount. A process of another
 * session of the same workflow (or one left behind) may swap a component
 * of that path for a symlink in between: `ln -s /etc .sandbox-cache/go`.
 * Following it would create folders where the link points (as root,
 * before confinement) and grant the link's target. A canonical path
 * holds no symlink by construction, so refusing every symlink on the way
 * changes nothing for an honest path and stops the swap: the open fails
 * with ELOOP or ENOTDIR, and the caller skips the root or fails closed.
 *
 * openat2(RESOLVE_NO_SYMLINKS) (Linux 5.6) does it in one call; older
 * kernels (ENOSYS) or filters that hide it get one openat(O_NOFOLLOW) per
 * component. Creating a missing folder walks component by component,
 * since mkdirat() must be told the folder to create in. No allocation:
 * the mount layer calls this in apply().
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/openat2.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "backend.h"

#ifndef __NR_openat2
#define __NR_openat2 437
#endif

/* One step of the walk: |name| in |dirfd|, a folder unless |last|. */
static int step(int dirfd, const char *name, bool last, int flags)
{
	int fl = last ? flags : O_PATH | O_DIRECTORY;
	struct stat st;
	int fd = openat(dirfd, name, fl | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	/* O_PATH|O_NOFOLLOW opens a symlink itself instead of failing. */
	if (last && (flags & O_PATH) && !(flags & O_DIRECTORY) &&
	    (fstat(fd, &st) < 0 || S_ISLNK(st.st_mode))) {
		close(fd);
		return -ELOOP;
	}
	return fd;
}

/* A "." or ".." component: |path| is not canonical. */
static bool has_dots(const char *path)
{
	for (const char *p = path; (p = strchr(p, '/')) != NULL; p++)
		if (p[1] == '.' &&
		    (p[2] == '/' || p[2] == '\0' ||
		     (p[2] == '.' && (p[3] == '/' || p[3] == '\0'))))
			return true;
	return false;
}

int be_open_nosym(const char *path, int flags, const char *create_below)
{
	struct open_how how = {
	    .flags = (unsigned)(flags | O_CLOEXEC),
	    .resolve = RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS,
	};
	size_t below = create_below ? strlen(create_below) : 0;
	char comp[NAME_MAX + 1];
	const char *p = path;
	int fd, r;

	if (!path || path[0] != '/' || has_dots(path))
		return -EINVAL; /* not canonical: refused, never folded */
	/* Usually the path exists already (a root made by an earlier
	 * session): one call, even when creating was asked for. */
	fd = (int)syscall(__NR_openat2, AT_FDCWD, path, &how, sizeof(how));
	if (fd >= 0)
		return fd;
	if (errno != ENOSYS && errno != EPERM &&
	    !(create_below && errno == ENOENT))
		return -errno;
	fd = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	for (;;) {
		const char *e;
		size_t n;
		int next;

		while (*p == '/')
			p++;
		if (!*p)
			break; /* "/" itself, or a trailing slash */
		e = strchrnul(p, '/');
		n = (size_t)(e - p);
		if (n > NAME_MAX) {
			close(fd);
			return -ENAMETOOLONG;
		}
		memcpy(comp, p, n);
		comp[n] = '\0';
		/* Create only strictly beneath |create_below|. */
		if (create_below && (size_t)(e - path) > below &&
		    mkdirat(fd, comp, 0755) < 0 && errno != EEXIST) {
			r = -errno;
			close(fd);
			return r;
		}
		while (*e == '/')
			e++;
		next = step(fd, comp, !*e, flags);
		close(fd);
		if (next < 0)
			return next;
		fd = next;
		p = e;
	}
	return fd;
}

/* One resolution of |rel| under |dirfd| (|beneath|: never above it),
 * no symlink anywhere; falls back to the component walk from "/" when
 * the kernel has no openat2 (|abs| is then what is walked: canonical and
 * lexically under the root, so no symlink means nothing above it). */
static int open_once(int dirfd, const char *rel, const char *abs, int flags,
		     bool beneath)
{
	struct open_how how = {
	    .flags = (unsigned)(flags | O_CLOEXEC),
	    .resolve = RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS |
		       (beneath ? RESOLVE_BENEATH : 0),
	};
	int fd = (int)syscall(__NR_openat2, dirfd, rel, &how, sizeof(how));

	if (fd >= 0)
		return fd;
	if (errno != ENOSYS && errno != EPERM)
		return -errno;
	return be_open_nosym(abs, flags, NULL);
}

/* |p| equals |root| or lies beneath it (both canonical). */
static const char *rel_under(const char *root, const char *p)
{
	size_t n = strlen(root);

	while (n > 1 && root[n - 1] == '/')
		n--;
	if (n == 1 && root[0] == '/')
		return p[0] == '/' ? p + 1 : NULL;
	if (strncmp(root, p, n) != 0 || (p[n] != '/' && p[n] != '\0'))
		return NULL;
	return p[n] == '/' ? p + n + 1 : p + n;
}

/* |pfd| (O_PATH) opened for reading by /proc/self/fd: the fd, or
 * -ENOENT when /proc cannot do it (not mounted). No allocation, no stdio
 * (a signal handler calls this). */
static int reopen(int pfd)
{
	char p[32] = "/proc/self/fd/", d[12];
	size_t n = strlen(p), k = 0;
	int fd;

	do
		d[k++] = (char)('0' + pfd % 10);
	while ((pfd /= 10) > 0 && k < sizeof(d));
	while (k)
		p[n++] = d[--k];
	p[n] = '\0';
	fd = open(p, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd >= 0)
		return fd;
	return errno == ENOENT || errno == EACCES || errno == ENOTDIR ||
		       errno == ELOOP
		   ? -ENOENT
		   : -errno;
}

int be_open_regular(const char *root, const char *path, unsigned how,
		    struct stat *st)
{
	int base = AT_FDCWD, pfd, fd, r;
	const char *rel = path;
	struct stat first = {0};

	if (!path || (path[0] != '/' && !(how & BE_OPEN_FOLLOW)))
		return -EINVAL;
	if (how & BE_OPEN_FOLLOW) {
		/* The user's own file (a configuration that is a link into
		 * their dotfiles): links followed, judged by what the fd is. */
		pfd = open(path, O_PATH | O_CLOEXEC);
		if (pfd < 0)
			return -errno;
	} else {
		if (has_dots(path))
			return -EINVAL; /* not canonical: refused, never folded
					 */
		if (root) {
			rel = rel_under(root, path);
			if (!rel)
				return -EXDEV; /* outside the repository */
			if (!*rel)
				return -EISDIR;
			base = be_open_nosym(root, O_PATH | O_DIRECTORY, NULL);
			if (base < 0)
				return base;
		}
		pfd = open_once(base, rel, path, O_PATH, root != NULL);
		if (pfd < 0) {
			if (base >= 0)
				close(base);
			return pfd;
		}
	}
	/* O_PATH opens nothing: a device's driver is not asked (ptmx would
	 * hand out a new pty), a FIFO is not opened. Its type decides
	 * first; only a regular file is opened for reading. */
	if (fstat(pfd, &first) < 0 || !S_ISREG(first.st_mode)) {
		r = S_ISDIR(first.st_mode)   ? -EISDIR
		    : S_ISLNK(first.st_mode) ? -ELOOP
					     : -EINVAL;
		goto out;
	}
	/* Opened for reading through the O_PATH descriptor itself: the very
	 * file judged, no second walk a swap could race. Without /proc,
	 * the same resolution again; a file swapped in between is caught
	 * by its identity, and O_NONBLOCK|O_NOCTTY keep even that open from
	 * hanging or taking a terminal. */
	fd = reopen(pfd);
	if (fd == -ENOENT && (how & BE_OPEN_FOLLOW)) {
		fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
		if (fd < 0)
			fd = -errno;
	} else if (fd == -ENOENT) {
		fd = open_once(base, rel, path,
			       O_RDONLY | O_NONBLOCK | O_NOCTTY, root != NULL);
	}
	if (fd < 0) {
		r = fd;
		goto out;
	}
	if (fstat(fd, st) < 0 || !S_ISREG(st->st_mode) ||
	    st->st_dev != first.st_dev || st->st_ino != first.st_ino) {
		close(fd);
		r = -EINVAL;
		goto out;
	}
	r = fd;
out:
	close(pfd);
	if (base >= 0)
		close(base);
	return r;
}
