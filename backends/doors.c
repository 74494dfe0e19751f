/* backends/doors.c — what the mount layer covers besides the filesystem:
 * the unix sockets and the terminals of processes outside the session
 * (SPEC section 2b).
 *
 * Sockets. A pathname unix socket is a door to whatever listens on it:
 * the docker or podman socket is root on the host, a tmux server in the
 * shared /tmp types into the user's other shells, ssh-agent signs with the
 * user's keys, systemd's user bus starts units. Landlock ABI 9
 * (LANDLOCK_ACCESS_FS_RESOLVE_UNIX, Linux 7.1) refuses connect() and
 * sendmsg() to a socket created outside the session's domain unless a
 * rule allows its path (landlock.c does that, for --allow-socket). Before
 * ABI 9, the mount layer covers every socket bound when the session opens
 * (/proc/net/unix lists them) that the user could connect to (write
 * permission on the file) with /dev/null: connect() then finds no socket
 * (ECONNREFUSED). A socket bound later, outside, is
 * not covered; the banner says so.
 *
 * Terminals. Every other terminal of the user is a /dev/pts/N the session
 * could open, read (stealing the keystrokes typed there) and write. The
 * mount layer covers each one that exists when the session opens, but the
 * session's own and those the user can neither read nor write, with a
 * read-only, nodev /dev/null: opening it then fails (EACCES) whoever
 * asks.
 * Ptys the session makes itself (tmux, script, python's pty) are new
 * nodes, uncovered. A terminal opened later, outside, is not covered.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "be_internal.h"

int dr_parse_unix(const char *text, struct sbx_strv *out)
{
	const char *line = text;
	bool header = true;

	while (line && *line) {
		const char *end = strchr(line, '\n');
		const char *p = line;
		size_t len;
		int field = 0;

		if (!end)
			end = line + strlen(line);
		len = (size_t)(end - line);
		if (header) {
			/* "Num RefCount Protocol Flags Type St Inode Path" */
			header = false;
			if (len < 3 || strncmp(line, "Num", 3) != 0)
				return -EINVAL;
			line = *end ? end + 1 : NULL;
			continue;
		}
		/* Seven fields, then the path (which may hold spaces). */
		while (p < end && field < 7) {
			while (p < end && *p == ' ')
				p++;
			while (p < end && *p != ' ')
				p++;
			field++;
		}
		if (field < 7)
			return -EINVAL;
		while (p < end && *p == ' ')
			p++;
		/* No path: unnamed; "@": abstract (Landlock's scope). */
		if (p < end && *p == '/') {
			SBX_AUTOFREE char *path = xstrndup(p, (size_t)(end - p));

			if (!strv_has(out, path))
				strv_push(out, path);
		}
		line = *end ? end + 1 : NULL;
	}
	return 0;
}

int dr_bound_sockets(struct sbx_strv *out)
{
	/* read(2) straight into the buffer: no stdio stream to set up on
	 * every start-up (this file is read by every session). */
	int fd = open("/proc/net/unix", O_RDONLY | O_CLOEXEC);
	struct sbx_buf b = {0};
	ssize_t n;
	int r;

	if (fd < 0)
		return -errno;
	for (;;) {
		if (b.cap - b.len < 4096) {
			b.cap = b.cap < 8192 ? 8192 : b.cap * 2;
			b.s = xrealloc(b.s, b.cap);
		}
		n = read(fd, b.s + b.len, b.cap - b.len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		b.len += (size_t)n;
	}
	r = n < 0 ? -errno : 0;
	b.s[b.len] = '\0';
	close(fd);
	if (r == 0)
		r = dr_parse_unix(b.s ? b.s : "", out);
	buf_free(&b);
	return r;
}

int dr_other_ptys(const char *const *keep, size_t nkeep, const char *tty,
		  struct sbx_strv *out)
{
	DIR *d = opendir("/dev/pts");
	struct dirent *e;

	if (!d)
		return -errno;
	while ((e = readdir(d)) != NULL) {
		SBX_AUTOFREE char *p = NULL;
		bool mine = false;
		char *end;

		/* Terminals are numbers; ptmx is the multiplexer. */
		if (!e->d_name[0] || (strtol(e->d_name, &end, 10), *end))
			continue;
		p = path_join("/dev/pts", e->d_name);
		for (size_t i = 0; i < nkeep; i++)
			mine |= strcmp(keep[i], p) == 0;
		mine |= tty && strcmp(tty, p) == 0;
		if (!mine)
			strv_push(out, p);
	}
	closedir(d);
	return 0;
}

void dr_note(int landlock_abi, enum pol_scope scope,
	     const struct mnt_plan *mp, bool mount_layer,
	     struct be_notes *notes)
{
	size_t ns = mnt_covered(mp, false), nt = mnt_covered(mp, true);

	if (scope == POL_SCOPE_UNRESTRICTED) {
		be_note(notes, "not_enforced",
			"scope unrestricted: sockets and terminals of "
			"processes outside the session are reachable");
		return;
	}
	if (landlock_abi >= 9)
		be_note(notes, "sockets",
			"only those made in the session, and --allow-socket "
			"ones, can be connected to (Landlock ABI %d)",
			landlock_abi);
	else if (mount_layer)
		be_note(notes, "sockets",
			"the %zu bound outside the session when it opened are "
			"covered; one bound later is reachable (Landlock ABI "
			"< 9)", ns);
	else
		be_note(notes, "not_enforced",
			"sockets of processes outside the session are "
			"reachable (Landlock ABI < 9, and no mount layer)");
	if (mount_layer)
		be_note(notes, "terminals",
			"the %zu other terminals open when the session opened "
			"are covered; one opened later is not", nt);
	else
		be_note(notes, "not_enforced",
			"other terminals of the user can be opened (no mount "
			"layer)");
}
