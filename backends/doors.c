/* backends/doors.c — what the mount layer covers besides the filesystem:
 * the unix sockets and the terminals of processes outside the session
 * (docs/design.md §2b).
 *
 * Sockets. A pathname unix socket is a door to whatever listens on it:
 * the docker or podman socket is root on the host, a tmux server in the
 * shared /tmp types into the user's other shells, ssh-agent signs with the
 * user's keys, systemd's user bus starts units. Landlock ABI 9
 * (LANDLOCK_ACCESS_FS_RESOLVE_UNIX, Linux 7.1) refuses connect() and
 * sendmsg() to a socket created outside the session's domain unless a
 * rule allows its path (landlock.c does that, for --allow-socket). Before
 * ABI 9, the mount layer covers every socket bound when the session opens
 * that the user could connect to (write permission on the file) with
 * /dev/null, under every name it has: connect() then finds no socket
 * (ECONNREFUSED). The sockets are matched by inode, not by name
 * (dr_socket_paths() below): the name /proc/net/unix shows is the one
 * given to bind(), and a daemon that bound a relative path, renamed its
 * socket, or linked it elsewhere was reached through the name it was not
 * listed under. Still not covered, and the banner says so: a socket bound
 * later, one of another network namespace, one whose file lies beyond
 * the walk's bounds.
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
#include <limits.h>
#include <linux/netlink.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "doors.h"
#include "be_base.h"

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
			SBX_AUTOFREE char *path =
			    xstrndup(p, (size_t)(end - p));

			if (!strv_has(out, path))
				strv_push(out, path);
		}
		line = *end ? end + 1 : NULL;
	}
	return 0;
}

/* A /proc file's text, read(2) straight into the buffer: no stdio
 * stream to set up on every start-up. 0 or -errno. */
static int read_text(const char *path, char **out)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
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
	if (r < 0) {
		buf_free(&b);
		return r;
	}
	*out = b.s;
	return 0;
}

int dr_bound_sockets(struct sbx_strv *out)
{
	SBX_AUTOFREE char *text = NULL;
	int r = read_text("/proc/net/unix", &text);

	return r < 0 ? r : dr_parse_unix(text, out);
}

void dr_socks_free(struct dr_socks *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i].name);
	free(s->v);
	memset(s, 0, sizeof(*s));
}

static void add_sock(struct dr_socks *out, dev_t dev, uint32_t ino,
		     const char *name, size_t nlen)
{
	struct dr_sock *k;

	/* An accepted connection carries its listener's path: one entry
	 * per file, the first name seen kept. */
	for (size_t i = 0; i < out->n; i++)
		if (out->v[i].dev == dev && out->v[i].ino == ino) {
			if (!out->v[i].name && name)
				out->v[i].name = xstrndup(name, nlen);
			return;
		}
	if (out->n == out->cap) {
		out->cap = out->cap ? 2 * out->cap : 16;
		out->v = xrealloc(out->v, out->cap * sizeof(*out->v));
	}
	k = &out->v[out->n++];
	memset(k, 0, sizeof(*k));
	k->dev = dev;
	k->ino = ino;
	k->name = name ? xstrndup(name, nlen) : NULL;
}

/* One unix_diag_msg and its attributes. */
static int parse_msg(const unsigned char *p, size_t len, struct dr_socks *out)
{
	size_t off = NLMSG_ALIGN(sizeof(struct unix_diag_msg));
	const char *name = NULL;
	size_t nlen = 0;
	bool vfs = false;
	struct unix_diag_vfs v = {0};

	while (off + sizeof(struct nlattr) <= len) {
		struct nlattr a;
		size_t alen;

		memcpy(&a, p + off, sizeof(a));
		if (a.nla_len < NLA_HDRLEN || a.nla_len > len - off)
			return -EINVAL;
		alen = a.nla_len - NLA_HDRLEN;
		if (a.nla_type == UNIX_DIAG_NAME && alen > 0) {
			name = (const char *)p + off + NLA_HDRLEN;
			nlen = strnlen(name, alen);
			/* "\0name": abstract (Landlock's scope, no file). */
			if (!nlen)
				name = NULL;
		} else if (a.nla_type == UNIX_DIAG_VFS && alen >= sizeof(v)) {
			memcpy(&v, p + off + NLA_HDRLEN, sizeof(v));
			vfs = true;
		}
		off += NLA_ALIGN(a.nla_len);
	}
	/* No VFS inode: unnamed or abstract, no file to cover. The kernel
	 * gives its own dev_t (major << 20 | minor), not stat(2)'s. */
	if (vfs)
		add_sock(
		    out,
		    makedev(v.udiag_vfs_dev >> 20, v.udiag_vfs_dev & 0xfffff),
		    v.udiag_vfs_ino, name, nlen);
	return 0;
}

int dr_parse_diag(const void *buf, size_t len, struct dr_socks *out)
{
	const unsigned char *p = buf;

	while (len >= sizeof(struct nlmsghdr)) {
		struct nlmsghdr h;
		size_t step;
		int r;

		memcpy(&h, p, sizeof(h));
		if (h.nlmsg_len < sizeof(h) || h.nlmsg_len > len)
			return -EINVAL;
		if (h.nlmsg_type == NLMSG_DONE)
			return 1;
		if (h.nlmsg_type == NLMSG_ERROR) {
			struct nlmsgerr e;

			if (h.nlmsg_len < NLMSG_LENGTH(sizeof(e)))
				return -EINVAL;
			memcpy(&e, p + NLMSG_HDRLEN, sizeof(e));
			return e.error < 0 ? e.error : -EPROTO;
		}
		if (h.nlmsg_type == SOCK_DIAG_BY_FAMILY &&
		    h.nlmsg_len >= NLMSG_LENGTH(sizeof(struct unix_diag_msg)) &&
		    (r = parse_msg(p + NLMSG_HDRLEN, h.nlmsg_len - NLMSG_HDRLEN,
				   out)) < 0)
			return r;
		step = NLMSG_ALIGN(h.nlmsg_len);
		if (step >= len)
			break;
		p += step;
		len -= step;
	}
	return 0;
}

int dr_diag_sockets(struct dr_socks *out)
{
	struct sockaddr_nl sa = {.nl_family = AF_NETLINK};
	struct {
		struct nlmsghdr h;
		struct unix_diag_req r;
	} req = {
	    .h = {.nlmsg_len = sizeof(req),
		  .nlmsg_type = SOCK_DIAG_BY_FAMILY,
		  .nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP},
	    /* Every state: listening streams and bound datagram sockets
	     * (journald's, syslog's) are both doors. */
	    .r = {.sdiag_family = AF_UNIX,
		  .udiag_states = ~0u,
		  .udiag_show = UDIAG_SHOW_VFS | UDIAG_SHOW_NAME},
	};
	SBX_AUTOFREE unsigned char *buf = xmalloc(32768);
	int fd =
	    socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);
	int r = 0;

	if (fd < 0)
		return -errno;
	if (sendto(fd, &req, sizeof(req), 0, (struct sockaddr *)&sa,
		   sizeof(sa)) < 0)
		r = -errno;
	while (r == 0) {
		ssize_t n = recv(fd, buf, 32768, 0);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			r = n < 0 ? -errno : -EPROTO;
			break;
		}
		r = dr_parse_diag(buf, (size_t)n, out);
	}
	close(fd);
	return r < 0 ? r : 0;
}

/*
 * The device is not compared: unix_diag gives the superblock's s_dev,
 * which stat(2) does not show on a btrfs subvolume (each has its own
 * anonymous st_dev) nor on overlayfs (a non-directory shows its layer's):
 * requiring it would cover nothing there. A socket file with the inode
 * number (the low 32 bits: all unix_diag gives) is taken for the socket;
 * another socket sharing it on another filesystem is covered too: one
 * cover more, never one fewer.
 */
bool dr_same(const struct dr_sock *s, const struct stat *st)
{
	return S_ISSOCK(st->st_mode) && (uint32_t)st->st_ino == s->ino;
}

size_t dr_by_name(struct dr_socks *s, int (*look)(const char *, struct stat *),
		  struct sbx_strv *paths)
{
	size_t n = 0;

	for (size_t i = 0; i < s->n; i++) {
		struct dr_sock *k = &s->v[i];
		struct stat st;

		k->walk = true;
		if (k->name && k->name[0] == '/' && look(k->name, &st) == 0 &&
		    dr_same(k, &st)) {
			if (!strv_has(paths, k->name))
				strv_push(paths, k->name);
			k->found = true;
			/* A second link is a name /proc/net/unix never
			 * shows: only the walk finds it. */
			k->walk = st.st_nlink > 1;
		}
		n += k->walk;
	}
	return n;
}

/* Deep enough for /run/user/1000/podman/podman.sock and a tool's socket
 * in ~/.local/share/APP/..., small enough that a home of node_modules
 * trees costs a bounded start-up. */
const struct dr_bounds dr_default_bounds = {
    .depth = 8, .entries = 200000, .per_root = 100000};

struct walk {
	struct dr_socks *s;
	const struct dr_bounds *b;
	struct sbx_strv *paths;
	struct dr_walked *w;
	size_t root_entries;
	bool stop;   /* this root's walk, or the whole, is over its bound */
	char **bufs; /* getdents64's, one per level */
	const struct dr_mounts *mi; /* NULL: unknown */
	long root_mount;	    /* the root's, in mi */
	char path[PATH_MAX];
};

static void walk_dir(struct walk *k, int dfd, size_t plen, dev_t dirdev,
		     int depth);

static bool wanted_dev(const struct dr_socks *s, dev_t dev)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->v[i].walk && s->v[i].dev == dev)
			return true;
	return false;
}

/* What the walk needs of |name| in |dfd| (type, inode, device), without
 * following a symlink nor triggering an automount, and from what the
 * kernel has cached (AT_STATX_DONT_SYNC): a FUSE or NFS mount in the
 * home whose server is gone is then not asked, and cannot hang the
 * start-up. */
static int look_at(int dfd, const char *name, struct stat *st)
{
	struct statx x;

	if (statx(dfd, name,
		  AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT | AT_STATX_DONT_SYNC,
		  STATX_TYPE | STATX_INO, &x) < 0)
		return errno == ENOSYS
			   ? fstatat(dfd, name, st, AT_SYMLINK_NOFOLLOW)
			   : -1;
	memset(st, 0, sizeof(*st));
	st->st_mode = x.stx_mode;
	st->st_ino = (ino_t)x.stx_ino;
	st->st_dev = makedev(x.stx_dev_major, x.stx_dev_minor);
	return 0;
}

void dr_mounts_free(struct dr_mounts *m)
{
	strv_free(&m->at);
	free(m->dev);
	memset(m, 0, sizeof(*m));
}

int dr_parse_mountinfo(const char *text, struct dr_mounts *out)
{
	const char *line = text;

	while (line && *line) {
		const char *end = strchr(line, '\n');
		const char *f[5];
		size_t fl[5];
		const char *p = line;
		unsigned int ma, mi;
		int nf = 0;
		char tail;

		if (!end)
			end = line + strlen(line);
		/* "ID PARENT MAJOR:MINOR ROOT MOUNTPOINT ..." */
		while (nf < 5 && p < end) {
			while (p < end && *p == ' ')
				p++;
			f[nf] = p;
			while (p < end && *p != ' ')
				p++;
			fl[nf] = (size_t)(p - f[nf]);
			nf++;
		}
		if (nf < 5 || fl[4] == 0 || f[4][0] != '/' ||
		    sscanf(f[2], "%u:%u%c", &ma, &mi, &tail) != 3 ||
		    tail != ' ')
			return -EINVAL;
		if (out->at.n == out->cap) {
			out->cap = out->cap ? 2 * out->cap : 64;
			out->dev =
			    xrealloc(out->dev, out->cap * sizeof(*out->dev));
		}
		out->dev[out->at.n] = makedev(ma, mi);
		strv_take(&out->at, str_unescape_octal(f[4], fl[4]));
		line = *end ? end + 1 : NULL;
	}
	return 0;
}

long dr_mount_of(const struct dr_mounts *m, const char *p)
{
	long best = -1;
	size_t bl = 0;

	/* Later lines were mounted later: one on top of another wins. */
	for (size_t i = 0; m && i < m->at.n; i++) {
		size_t l = strlen(m->at.v[i]);

		if (path_under(m->at.v[i], p) && (best < 0 || l >= bl)) {
			best = (long)i;
			bl = l;
		}
	}
	return best;
}

static bool wanted_dev(const struct dr_socks *s, dev_t dev);

void dr_pick_roots(const struct sbx_strv *real, const struct dr_mounts *mi,
		   const struct dr_socks *s, struct sbx_strv *out, long **mount)
{
	struct sbx_strv cand = {0};
	long *cm = NULL;
	size_t n = 0;

	/* With the mounts known (their dev is the superblock's, as
	 * unix_diag's is, btrfs and overlayfs too), a tree is walked
	 * only where a socket looked for can lie: a root on a mount that
	 * holds one, and each mount below a root that does. A stale
	 * socket in /run/user/1000 then costs no walk of the home. */
	for (size_t i = 0; i < real->n; i++) {
		long m = mi ? dr_mount_of(mi, real->v[i]) : -1;

		if (mi && (m < 0 || !wanted_dev(s, mi->dev[m])))
			continue;
		strv_push(&cand, real->v[i]);
		cm = xrealloc(cm, (n + 1) * sizeof(*cm));
		cm[n++] = m;
	}
	for (size_t j = 0; mi && j < mi->at.n; j++) {
		bool below = false;

		if (!wanted_dev(s, mi->dev[j]) || strv_has(&cand, mi->at.v[j]))
			continue;
		for (size_t i = 0; i < real->n; i++)
			below |= path_under(real->v[i], mi->at.v[j]);
		/* The mount that shows there is this one, not one on top. */
		if (!below || dr_mount_of(mi, mi->at.v[j]) != (long)j)
			continue;
		strv_push(&cand, mi->at.v[j]);
		cm = xrealloc(cm, (n + 1) * sizeof(*cm));
		cm[n++] = (long)j;
	}
	/* Each tree once: one in another on the same mount is walked with
	 * it (the walk stays on its root's mount). */
	*mount = xcalloc(n + 1, sizeof(**mount));
	for (size_t i = 0; i < cand.n; i++) {
		bool nested = false;

		for (size_t j = 0; j < cand.n; j++)
			nested |= j != i && cm[j] == cm[i] &&
				  path_under(cand.v[j], cand.v[i]);
		if (nested)
			continue;
		(*mount)[out->n] = cm[i];
		strv_push(out, cand.v[i]);
	}
	strv_free(&cand);
	free(cm);
}

/* getdents64(2)'s records: the walk reads folders with it, not with
 * readdir(3), whose fdopendir() adds a fstat and two fcntl per folder
 * (3 of 8 system calls per folder; a few per cent of the walk's time,
 * which getdents64 itself dominates). */
struct dent64 {
	uint64_t d_ino;
	int64_t d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};
enum { DENTS_BUF = 32768 };

/* One entry |name| of the folder |dfd| (walk_dir()). */
static void walk_entry(struct walk *k, int dfd, const char *name,
		       unsigned char t, size_t plen, dev_t dirdev, int depth)
{
	struct stat st;
	size_t nl;
	int fd;

	/* d_type spares a stat(2) of every file in the home. Each socket
	 * file is looked at whatever its d_ino: overlayfs may give one
	 * that is not its st_ino. */
	if (t != DT_DIR && t != DT_SOCK && t != DT_UNKNOWN)
		return;
	if (look_at(dfd, name, &st) < 0)
		return;
	nl = strlen(name);
	if (plen + 1 + nl >= sizeof(k->path)) {
		k->w->truncated = true;
		return;
	}
	if (S_ISSOCK(st.st_mode)) {
		bool hit = false;

		for (size_t i = 0; i < k->s->n; i++)
			if (k->s->v[i].walk && dr_same(&k->s->v[i], &st))
				hit = k->s->v[i].found = true;
		if (hit) {
			SBX_AUTOFREE char *p =
			    xasprintf("%.*s/%s", (int)plen, k->path, name);

			if (!strv_has(k->paths, p))
				strv_push(k->paths, p);
		}
		return;
	}
	if (!S_ISDIR(st.st_mode))
		return;
	if (depth >= k->b->depth) {
		k->w->truncated = true;
		return;
	}
	/* Never onto another mount here: with the mounts known, one that
	 * could hold a socket looked for is a root of its own
	 * (dr_pick_roots()), and a btrfs subvolume of the same mount,
	 * whose st_dev differs, is walked on. Without them, another
	 * filesystem only if a socket to find lives on it (where st_dev
	 * is the kernel's s_dev). Never a network or FUSE mount in the
	 * home that could hang the start-up. */
	if (st.st_dev != dirdev) {
		bool same;

		if (k->mi) {
			SBX_AUTOFREE char *p =
			    xasprintf("%.*s/%s", (int)plen, k->path, name);

			same = dr_mount_of(k->mi, p) == k->root_mount;
		} else {
			same = wanted_dev(k->s, st.st_dev);
		}
		if (!same)
			return;
	}
	fd = be_open_dir(dfd, name);
	if (fd < 0)
		return;
	k->path[plen] = '/';
	memcpy(k->path + plen + 1, name, nl + 1);
	walk_dir(k, fd, plen + 1 + nl, st.st_dev, depth + 1);
	k->path[plen] = '\0';
}

/* Takes |dfd|. Never follows a symlink (statx and openat with
 * AT_SYMLINK_NOFOLLOW / O_NOFOLLOW): a link a user made in /tmp cannot
 * send the walk into a tree of its choosing, nor around in a loop. */
static void walk_dir(struct walk *k, int dfd, size_t plen, dev_t dirdev,
		     int depth)
{
	char *buf;

	/* One buffer per level, kept for the next folder at that level. */
	if (!k->bufs[depth])
		k->bufs[depth] = xmalloc(DENTS_BUF);
	buf = k->bufs[depth];
	while (!k->stop) {
		long n = syscall(SYS_getdents64, dfd, buf, DENTS_BUF);

		if (n <= 0)
			break;
		for (long off = 0; off < n && !k->stop;) {
			const struct dent64 *e = (const void *)(buf + off);

			off += e->d_reclen;
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			if (++k->w->entries > k->b->entries ||
			    ++k->root_entries > k->b->per_root) {
				k->w->truncated = k->stop = true;
				break;
			}
			walk_entry(k, dfd, e->d_name, e->d_type, plen, dirdev,
				   depth);
		}
	}
	close(dfd);
}

void dr_walk(const char *const *roots, size_t nroots,
	     const struct dr_mounts *mi, struct dr_socks *s,
	     const struct dr_bounds *b, struct sbx_strv *paths,
	     struct dr_walked *w)
{
	struct sbx_strv real = {0}, pick = {0};
	struct walk *k = xcalloc(1, sizeof(*k));
	long *pm = NULL;

	k->s = s;
	k->b = b;
	k->paths = paths;
	k->w = w;
	k->mi = mi;
	k->bufs = xcalloc((size_t)(b->depth > 0 ? b->depth : 0) + 1,
			  sizeof(*k->bufs));
	/* /var/run is usually /run: each tree once, by its real path. */
	for (size_t i = 0; i < nroots; i++) {
		char *r = roots[i] ? realpath(roots[i], NULL) : NULL;

		if (r && !strv_has(&real, r))
			strv_take(&real, r);
		else
			free(r);
	}
	dr_pick_roots(&real, mi, s, &pick, &pm);
	for (size_t i = 0; i < pick.n; i++) {
		const char *r = pick.v[i];
		struct stat st;
		size_t len = strlen(r);
		int fd;

		if (len >= sizeof(k->path))
			continue;
		fd = open(r, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC |
				 O_NONBLOCK);
		if (fd < 0)
			continue;
		if (fstat(fd, &st) < 0) {
			close(fd);
			continue;
		}
		/* "/" joins as "" + "/name". */
		len = strcmp(r, "/") ? len : 0;
		memcpy(k->path, r, len);
		k->path[len] = '\0';
		/* A share per root: a job that fills /tmp with folders
		 * (it can write there) leaves the walk of /run and the
		 * home its entries. */
		if (w->entries >= b->entries) {
			close(fd);
			break;
		}
		k->root_entries = 0;
		k->stop = false;
		k->root_mount = pm[i];
		w->roots++;
		walk_dir(k, fd, len, st.st_dev, 0);
	}
	strv_free(&real);
	strv_free(&pick);
	free(pm);
	for (int i = 0; i <= (b->depth > 0 ? b->depth : 0); i++)
		free(k->bufs[i]);
	free(k->bufs);
	free(k);
}

/* /proc/self/mountinfo, or nothing. */
static int read_mounts(struct dr_mounts *m)
{
	SBX_AUTOFREE char *text = NULL;
	int r = read_text("/proc/self/mountinfo", &text);

	return r < 0 ? r : dr_parse_mountinfo(text, m);
}

static int look_lstat(const char *p, struct stat *st)
{
	return lstat(p, st);
}

void dr_socket_paths(const char *const *roots, size_t nroots,
		     const char *const *allowed, size_t nallowed,
		     struct dr_found *out)
{
	struct dr_socks s = {0};
	struct stat st;
	size_t keep = 0;
	int r = dr_diag_sockets(&s);

	memset(out, 0, sizeof(*out));
	if (r < 0) {
		/* No sock_diag (a kernel without unix_diag, a filter that
		 * refuses NETLINK_SOCK_DIAG): the names, as before; the
		 * banner says what that misses. */
		struct sbx_strv names = {0};

		out->by_name = true;
		out->diag_err = -r;
		if (dr_bound_sockets(&names) == 0)
			for (size_t i = 0; i < names.n; i++) {
				bool ok = false;

				for (size_t j = 0; j < nallowed; j++)
					ok |= !strcmp(allowed[j], names.v[i]);
				if (!ok)
					strv_push(&out->paths, names.v[i]);
			}
		out->nsocks = names.n;
		strv_free(&names);
		dr_socks_free(&s);
		return;
	}
	/* --allow-socket by inode: the socket it names is allowed under
	 * every name, so none of them is covered. */
	for (size_t i = 0; i < s.n; i++) {
		bool ok = false;

		for (size_t j = 0; j < nallowed; j++)
			ok |=
			    stat(allowed[j], &st) == 0 && dr_same(&s.v[i], &st);
		if (ok)
			free(s.v[i].name);
		else
			s.v[keep++] = s.v[i];
	}
	s.n = keep;
	out->nsocks = s.n;
	if (dr_by_name(&s, look_lstat, &out->paths) > 0) {
		struct dr_mounts mi = {0};
		bool known = read_mounts(&mi) == 0;

		out->walked = true;
		dr_walk(roots, nroots, known ? &mi : NULL, &s,
			&dr_default_bounds, &out->paths, &out->walk);
		dr_mounts_free(&mi);
	}
	for (size_t i = 0; i < s.n; i++)
		out->missing += !s.v[i].found;
	dr_socks_free(&s);
}

void dr_found_free(struct dr_found *f)
{
	strv_free(&f->paths);
}

void dr_roots(const char *const *rw, size_t nrw, struct sbx_strv *out)
{
	/* Where daemons keep their sockets first, the folders a job can
	 * fill last (each root has a share of the walk's entries). */
	const char *order[] = {getenv("XDG_RUNTIME_DIR"),
			       "/run",
			       "/var/run",
			       getenv("HOME"),
			       "/tmp",
			       "/var/tmp",
			       "/dev/shm"};

	for (size_t i = 0; i < sizeof(order) / sizeof(*order); i++)
		if (order[i] && order[i][0] == '/')
			strv_push(out, order[i]);
	for (size_t i = 0; i < nrw; i++)
		strv_push(out, rw[i]);
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
