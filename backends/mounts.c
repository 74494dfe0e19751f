/* backends/mounts.c — the mount layer: a private mount namespace in which
 * every mount outside the writable roots is read-only.
 *
 * The namespace backend's whole filesystem policy (plus masks and a
 * private /tmp), and the landlock backend's answer to what Landlock cannot
 * see: chmod, chown, utimes and xattrs (root can change those on any file;
 * a read-only mount refuses them with EROFS whoever asks).
 *
 * "Roots" below are the writable roots plus the device roots that must
 * stay usable: /dev/pts for both backends (terminals as the host has
 * them: new ptys, chmod/chown of one's own terminal as grantpt, mesg or
 * script do), and for the namespace backend every
 * device root, files included (/dev/null, /dev/tty, /dev/ptmx), since it
 * makes everything else nodev. A root nested in another (the workspace's
 * .sandbox-cache and run folder; a workspace under /tmp) is carried by the
 * outer one; a root that does not exist is skipped.
 *
 * Order in apply (binds first, read-only after, masks last, as
 * bubblewrap's setup_newroot does it):
 *   1. unshare(CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS), inside a new
 *      user namespace when not root
 *      (uid/gid maps of the caller alone, setgroups denied first:
 *      CVE-2014-8989, a user could otherwise drop a group that denies it
 *      access);
 *   2. "/" made MS_PRIVATE recursively, so nothing we do propagates back
 *      to the host and nothing the host mounts later appears here
 *      writable;
 *   3. each root copied with open_tree(OPEN_TREE_CLONE | AT_RECURSIVE): a
 *      detached copy of the root and of every mount beneath it, each with
 *      its own flags (a read-only mount inside the workspace stays
 *      read-only; nosuid/nodev/noexec stay), taken while the tree is
 *      still writable;
 *   4. one mount_setattr("/", AT_RECURSIVE, MOUNT_ATTR_RDONLY, plus
 *      MOUNT_ATTR_NODEV for the namespace backend): the kernel walks the
 *      whole mount tree, so no mountinfo is read, and mounts no path
 *      reaches (hidden, or under a folder we cannot enter) are covered
 *      too. It only sets flags, never clears one: every other flag stays,
 *      and a user namespace allows it (locked flags only forbid
 *      clearing). The detached copies are not in the tree: untouched;
 *   5. each copy moved back over its root with move_mount(): the roots
 *      writable again, on top of their now read-only originals;
 *   6. (namespace) the run tmp over /tmp; then (both backends) each
 *      protected path (docs/design.md §2b: git's hooks and config, --protect)
 *      bound over itself read-only, and each git dir bound over itself
 *      writable (a mount point cannot be renamed: `mv .git x` fails with
 *      EBUSY); a missing hooks/ made empty first (see protect_ops());
 *      then (namespace) masks over the secrets: after the roots, or a
 *      root containing a secret (a $HOME under /tmp) would uncover it
 *      again;
 *   7. the working directory entered again by name; then (the
 *      backend's apply) the PID namespace and its /proc (pidns.c), and
 *      every privilege dropped, as root too (be_drop_privs(), backend.c).
 *
 * Fallback. open_tree and move_mount are Linux 5.2, mount_setattr 5.12.
 * When open_tree or mount_setattr answers ENOSYS (an older kernel, or a
 * seccomp profile that hides new calls), or EINVAL (a flag the kernel does
 * not know; also a "/" that is not a mount point, in a chroot), nothing
 * has changed yet: the copies are closed (a detached tree dies with its
 * last fd), and 3-5 become
 *   3'. each root bound onto itself (MS_BIND|MS_REC): a mount of its own,
 *       which keeps its flags when its parent goes read-only;
 *   4'. /proc/self/mountinfo read (only now: generating it is the slow
 *       part of the old way) and every mount point outside the roots
 *       remounted MS_RDONLY, keeping its nosuid/nodev/noexec and atime
 *       flags (in a user namespace these are locked, and a remount that
 *       dropped them fails with EPERM), plus MS_NODEV for the namespace
 *       backend.
 * Any other error, in either way, fails closed: the step and the errno go
 * to the diag, and the caller refuses to start the session.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "mounts.h"

/* A mount(2) call of step 6. */
struct mnt_op {
	const char *src, *tgt, *type, *data;
	unsigned long flags;
	const char *what; /* for the diag */
	/* A cover over a socket or a terminal of someone else's: it may
	 * vanish between prepare and apply (the server exits, the terminal
	 * closes), which is not a reason to refuse the session. */
	bool optional;
	bool pair;  /* the next op is this one's remount: skipped with it */
	bool mkdir; /* tgt made an empty folder first (a missing hooks/) */
};

struct mnt_plan {
	const char *backend;
	bool userns;
	bool ipcns; /* private IPC and UTS namespaces with the mount one */
	bool nodev; /* namespace: nodev outside the roots */
	char uid_map[64], gid_map[64];
	char *cwd;	       /* re-entered after the mounts (NULL: unknown) */
	struct sbx_strv roots; /* kept writable: outermost, existing */
	bool *dev;	       /* roots.v[i] is a device root (else writable) */
	int *fds;	       /* apply's: one open_tree() fd per root */
	struct mnt_op *ops;    /* step 6 */
	size_t nops, cap;
	struct sbx_strv strs;	/* owns every string the ops point to */
	size_t nsockets, nptys; /* covers planned (doors.c) */
	struct dr_stats ds;	/* what the socket covers miss (doors.c) */
	bool dev_mount; /* /dev is a mount that keeps dev (see prepare) */
};

static const char *keep(struct mnt_plan *mp, char *s)
{
	strv_take(&mp->strs, s);
	return s;
}

static struct mnt_op *add_op(struct mnt_plan *mp)
{
	if (mp->nops == mp->cap) {
		mp->cap = mp->cap ? 2 * mp->cap : 32;
		mp->ops = xrealloc(mp->ops, mp->cap * sizeof(*mp->ops));
	}
	memset(&mp->ops[mp->nops], 0, sizeof(*mp->ops));
	return &mp->ops[mp->nops++];
}

static unsigned long opt_flags(const char *s, size_t n)
{
	/* clang-format off */
	static const struct { const char *name; unsigned long flag; } t[] = {
		{ "nosuid", MS_NOSUID }, { "nodev", MS_NODEV },
		{ "noexec", MS_NOEXEC }, { "noatime", MS_NOATIME },
		{ "nodiratime", MS_NODIRATIME }, { "relatime", MS_RELATIME },
		{ "strictatime", MS_STRICTATIME },
	};
	/* clang-format on */
	unsigned long f = 0;
	size_t i = 0;

	while (i < n) {
		size_t j = i;

		while (j < n && s[j] != ',')
			j++;
		for (size_t k = 0; k < sizeof(t) / sizeof(*t); k++)
			if (strlen(t[k].name) == j - i &&
			    memcmp(t[k].name, s + i, j - i) == 0)
				f |= t[k].flag;
		i = j + 1;
	}
	return f;
}

int mnt_parse_mountinfo(const char *text, struct mnt_entry **out, size_t *n)
{
	const char *line = text;

	while (line && *line) {
		const char *end = strchr(line, '\n');
		const char *f[6];
		size_t flen[6], nf = 0;
		const char *p = line;

		if (!end)
			end = line + strlen(line);
		/* id parent maj:min root mountpoint options ... */
		while (nf < 6 && p < end) {
			const char *q = p;

			while (q < end && *q != ' ')
				q++;
			f[nf] = p;
			flen[nf++] = (size_t)(q - p);
			p = q < end ? q + 1 : q;
		}
		if (nf == 6 && flen[4] && f[4][0] == '/') {
			*out = xrealloc(*out, (*n + 1) * sizeof(**out));
			(*out)[*n].path = str_unescape_octal(f[4], flen[4]);
			(*out)[*n].keep = opt_flags(f[5], flen[5]);
			(*n)++;
		} else if (nf) {
			return -EINVAL; /* not the format we know */
		}
		line = *end ? end + 1 : NULL;
	}
	return 0;
}

static int read_text(const char *path, char **out)
{
	FILE *f = fopen(path, "re");
	struct sbx_buf b = {0};
	char chunk[4096];
	size_t n;

	if (!f)
		return -errno;
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		buf_putn(&b, chunk, n);
	fclose(f);
	*out = b.s ? b.s : xstrdup("");
	return 0;
}

static bool under_list(const struct sbx_strv *l, const char *p)
{
	for (size_t i = 0; i < l->n; i++)
		if (path_under(l->v[i], p))
			return true;
	return false;
}

static int by_len(const void *a, const void *b)
{
	size_t la = strlen(*(char *const *)a), lb = strlen(*(char *const *)b);

	return la < lb ? -1 : la > lb;
}

/* The flags a bind remount of the mount holding |path| must keep: in a
 * user namespace they are locked, and a remount that dropped one fails
 * with EPERM. statvfs() asks the kernel for that one mount; no mountinfo.
 * With no atime flag the remount keeps the mount's own. */
static unsigned long keep_flags(const char *path)
{
	/* clang-format off */
	static const struct { unsigned long st, ms; } t[] = {
		{ ST_NOSUID, MS_NOSUID }, { ST_NODEV, MS_NODEV },
		{ ST_NOEXEC, MS_NOEXEC }, { ST_NOATIME, MS_NOATIME },
		{ ST_NODIRATIME, MS_NODIRATIME }, { ST_RELATIME, MS_RELATIME },
	};
	/* clang-format on */
	struct statvfs sv;
	unsigned long k = 0;

	if (statvfs(path, &sv) < 0)
		return 0;
	for (size_t i = 0; i < sizeof(t) / sizeof(*t); i++)
		if (sv.f_flag & t[i].st)
			k |= t[i].ms;
	return k;
}

/* /dev/null over |path| (a socket or a terminal of someone else's,
 * doors.c): connect() finds no socket there. A terminal's cover is also
 * made read-only and nodev (|seal|), so that open() fails with EACCES
 * whoever asks, instead of opening /dev/null; a socket's needs no second
 * mount call. */
static void add_cover(struct mnt_plan *mp, const char *path, const char *what,
		      bool seal)
{
	struct mnt_op *op = add_op(mp);

	op->src = "/dev/null";
	op->tgt = keep(mp, xstrdup(path));
	op->flags = MS_BIND;
	op->optional = true;
	op->pair = seal;
	op->what = keep(mp, xasprintf("/dev/null over %s %s", what, path));
	if (!seal)
		return;
	op = add_op(mp);
	op->tgt = mp->ops[mp->nops - 2].tgt;
	op->flags = MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NODEV | MS_NOSUID |
		    MS_NOEXEC | keep_flags("/dev/null");
	op->optional = true;
	op->what = keep(mp, xasprintf("read-only cover of %s", path));
}

static bool listed(const char *const *v, size_t n, const char *p)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i], p) == 0)
			return true;
	return false;
}

/* True when |op|, the read-only remount of a cover (add_cover()), found
 * no cover left to remount: |tgt| is gone, or is not /dev/null any more.
 * A cover still in place that cannot be sealed is a failure (the
 * caller's): this only forgives the one that vanished. */
static bool cover_gone(const struct mnt_op *op)
{
	struct stat st, null;

	if (op->src || !(op->flags & MS_REMOUNT))
		return false;
	if (stat(op->tgt, &st) < 0)
		return errno == ENOENT || errno == ENOTDIR;
	if (stat("/dev/null", &null) < 0)
		return false;
	return !S_ISCHR(st.st_mode) || st.st_rdev != null.st_rdev;
}

/* The covers of doors.c, after every other op: a socket or terminal
 * inside a writable root or under a mask is then covered on top. */
static void plan_doors(struct mnt_plan *mp, const struct be_plan *plan)
{
	struct sbx_strv socks = {0}, ptys = {0};
	struct stat st;

	if (!plan->doors || plan->scope == POL_SCOPE_UNRESTRICTED)
		return;
	/* Landlock ABI 9 refuses connect() to every socket made outside
	 * the session itself, also those bound later: nothing to cover. */
	if (!(plan->caps && plan->caps->landlock_abi >= 9)) {
		struct sbx_strv roots = {0};
		struct dr_found f;
		struct stat *seen = NULL;

		dr_roots(plan->rw, plan->nrw, &roots);
		dr_socket_paths((const char *const *)roots.v, roots.n,
				plan->sockets, plan->nsockets, &f);
		seen = xcalloc(f.paths.n + 1, sizeof(*seen));
		for (size_t i = 0; i < f.paths.n; i++) {
			const char *p = f.paths.v[i];
			bool again = false;

			/* connect() needs write permission on the socket
			 * file: one the user cannot write is no door. */
			if (listed(plan->sockets, plan->nsockets, p) ||
			    lstat(p, &st) < 0 || !S_ISSOCK(st.st_mode) ||
			    faccessat(AT_FDCWD, p, W_OK, AT_EACCESS) < 0 ||
			    (plan->private_tmp && path_under("/tmp", p)))
				continue;
			add_cover(mp, p, "socket", false);
			mp->ds.names++;
			for (size_t j = 0; j < mp->nsockets; j++)
				again |= seen[j].st_dev == st.st_dev &&
					 seen[j].st_ino == st.st_ino;
			if (!again)
				seen[mp->nsockets++] = st;
		}
		mp->ds.covered = mp->nsockets;
		mp->ds.by_name = f.by_name;
		mp->ds.diag_err = f.diag_err;
		mp->ds.missing = f.missing;
		mp->ds.truncated = f.walk.truncated;
		mp->ds.walked = f.walked;
		mp->ds.entries = f.walk.entries;
		free(seen);
		dr_found_free(&f);
		strv_free(&roots);
	}
	if (dr_other_ptys(plan->dev, plan->ndev, plan->tty, &ptys) == 0)
		for (size_t i = 0; i < ptys.n; i++) {
			/* Another user's terminal (mode 620) the caller can
			 * neither read nor write needs no cover. */
			if (faccessat(AT_FDCWD, ptys.v[i], R_OK, AT_EACCESS) <
				0 &&
			    faccessat(AT_FDCWD, ptys.v[i], W_OK, AT_EACCESS) <
				0)
				continue;
			add_cover(mp, ptys.v[i], "terminal", true);
			mp->nptys++;
		}
	strv_free(&socks);
	strv_free(&ptys);
}

/*
 * Step 6 (docs/design.md §2b): each protected path bound over itself,
 * read-only. mount(2) by path: after step 4 every mount outside the roots is
 * read-only, so a symlink swapped in since the scan can only lead a bind
 * to something read-only already, or to a writable root's file, which
 * it then makes read-only: never wider. A bind keeps the flags of the
 * mount it copies; the remount keeps those a user namespace locks
 * (nosuid, nodev, noexec, atime).
 *   - a git dir (GM_P_PIN) is bound writable: only its name is held;
 *   - a missing hooks/ (GM_P_MKDIR) is made empty first: git runs no
 *     hook from an empty folder, as from none, and a job cannot create
 *     one. A mount needs a folder to sit on; an empty tmpfs would need
 *     one too, and nothing but the folder keeps `mkdir hooks` out;
 *   - absent files and symlinks are left to the end-of-session report:
 *     a mount holds an existing inode, never a name not there yet, nor
 *     a link itself.
 */
static void protect_ops(struct mnt_plan *mp, const struct be_plan *plan)
{
	for (size_t i = 0; i < plan->nprot; i++) {
		const struct gm_path *e = &plan->prot[i];
		const char *p;
		struct mnt_op *op;

		if (e->flags & (GM_P_ABSENT | GM_P_LINK))
			continue;
		p = keep(mp, xstrdup(e->path));
		op = add_op(mp);
		op->src = op->tgt = p;
		op->flags = MS_BIND;
		/* Gone since the scan: nothing to hold, no error. */
		op->optional = true;
		op->mkdir = (e->flags & GM_P_MKDIR) != 0;
		op->pair = !(e->flags & GM_P_PIN);
		op->what = keep(mp, xasprintf("bind of protected %s", p));
		if (e->flags & GM_P_PIN)
			continue;
		op = add_op(mp);
		op->tgt = p;
		/* The flags of the mount it lies on (the workspace's): a
		 * missing hooks/ asks its folder. */
		if (e->flags & GM_P_MKDIR) {
			SBX_AUTOFREE char *dir = xstrdup(p);

			*strrchr(dir, '/') = '\0';
			op->flags = keep_flags(*dir ? dir : "/");
		} else {
			op->flags = keep_flags(p);
		}
		op->flags |= MS_REMOUNT | MS_BIND | MS_RDONLY;
		op->what = keep(mp, xasprintf("read-only protected %s", p));
	}
}

int mnt_prepare(const struct be_plan *plan, enum mnt_mode mode,
		const char *backend, struct be_notes *notes,
		struct mnt_plan **out, struct sbx_diag *diag)
{
	struct mnt_plan *mp = xcalloc(1, sizeof(*mp));
	struct sbx_strv cand = {0}, masked = {0};
	struct stat st;
	struct mnt_op *op;

	mp->backend = backend;
	mp->userns = !(plan->caps && plan->caps->root);
	mp->ipcns = true;
#ifdef SBXSH_BENCH_KNOBS
	/* tests/bench only: what the IPC and UTS namespaces cost. */
	mp->ipcns = !(getenv("SBXSH_BENCH_OFF") &&
		      strstr(getenv("SBXSH_BENCH_OFF"), "ipcns"));
#endif
	/* Everything outside the roots also nodev for the namespace backend:
	 * it has no Landlock rule to keep root from writing a disk through
	 * its node in /dev (a read-only mount does not stop writes to
	 * devices), while the device roots kept below go on working. */
	mp->nodev = mode == MNT_NAMESPACE;
	/*
	 * ...except /dev itself where Landlock guards it (the namespace
	 * backend applies it where the kernel has it, and landlock.c gives
	 * no rule to any device node but the device roots): a pty needs
	 * /dev/ptmx on the mount that holds /dev/pts, since the kernel finds
	 * the devpts instance as "pts" beside the ptmx it opened. A ptmx
	 * bound as a file mount of its own has no such sibling (ENOENT), so
	 * tmux, script and python's pty could not work inside.
	 */
	if (mp->nodev && plan->caps && plan->caps->landlock_abi >= 1) {
		struct stat sr, sd;

		mp->dev_mount = stat("/", &sr) == 0 && stat("/dev", &sd) == 0 &&
				sr.st_dev != sd.st_dev;
	}
	/* The caller's own ids, unchanged inside: files keep their owners,
	 * `id` says the same thing. */
	snprintf(mp->uid_map, sizeof(mp->uid_map), "%u %u 1\n",
		 (unsigned)geteuid(), (unsigned)geteuid());
	snprintf(mp->gid_map, sizeof(mp->gid_map), "%u %u 1\n",
		 (unsigned)getegid(), (unsigned)getegid());

	mp->cwd = getcwd(NULL, 0);

	/* The roots (see the top of the file), outermost first; one nested
	 * in another is already in the outer copy. */
	for (size_t i = 0; i < plan->nrw; i++)
		strv_push(&cand, plan->rw[i]);
	for (size_t i = 0; i < plan->ndev; i++)
		if (stat(plan->dev[i], &st) == 0 &&
		    (S_ISDIR(st.st_mode) || mode == MNT_NAMESPACE) &&
		    !(mp->dev_mount && !S_ISDIR(st.st_mode) &&
		      path_under("/dev", plan->dev[i])))
			strv_push(&cand, plan->dev[i]);
	if (cand.n)
		qsort(cand.v, cand.n, sizeof(*cand.v), by_len);
	for (size_t i = 0; i < cand.n; i++) {
		const char *p = cand.v[i];

		if (under_list(&mp->roots, p) || lstat(p, &st) < 0)
			continue;
		strv_push(&mp->roots, p);
	}
	mp->fds = xcalloc(mp->roots.n + 1, sizeof(*mp->fds));
	mp->dev = xcalloc(mp->roots.n + 1, sizeof(*mp->dev));
	for (size_t i = 0; i < mp->roots.n; i++)
		for (size_t j = 0; j < plan->ndev; j++)
			mp->dev[i] |= !strcmp(plan->dev[j], mp->roots.v[i]);

	if (mode == MNT_NAMESPACE && plan->private_tmp && plan->run_tmp) {
		op = add_op(mp);
		op->src = keep(mp, xstrdup(plan->run_tmp));
		op->tgt = "/tmp";
		op->flags = MS_BIND | MS_REC;
		op->what = "bind of the run tmp over /tmp";
		be_note(notes, "private_tmp", "%s is /tmp", plan->run_tmp);
	}

	protect_ops(mp, plan);
	if (mode == MNT_NAMESPACE) {
		for (size_t i = 0; i < plan->nmasked; i++)
			if (!plan->masked_present || plan->masked_present[i])
				strv_push(&masked, plan->masked[i]);
		if (masked.n)
			qsort(masked.v, masked.n, sizeof(*masked.v), by_len);
	}
	for (size_t i = 0; i < masked.n; i++) {
		const char *m = masked.v[i];
		bool covered = false;

		for (size_t j = 0; j < i; j++)
			covered |= path_under(masked.v[j], m);
		if (covered || lstat(m, &st) < 0 || S_ISLNK(st.st_mode))
			continue; /* absent: nothing to hide */
		op = add_op(mp);
		op->tgt = keep(mp, xstrdup(m));
		if (S_ISDIR(st.st_mode)) {
			/* An empty, read-only tmpfs nobody may enter. */
			op->src = "tmpfs";
			op->type = "tmpfs";
			op->data = "mode=000,size=4k";
			op->flags =
			    MS_NOSUID | MS_NODEV | MS_NOEXEC | MS_RDONLY;
			op->what =
			    keep(mp, xasprintf("tmpfs over masked %s", m));
		} else {
			op->src = "/dev/null";
			op->flags = MS_BIND;
			op->what =
			    keep(mp, xasprintf("/dev/null over masked %s", m));
			op = add_op(mp);
			op->tgt = mp->ops[mp->nops - 2].tgt;
			op->flags = MS_REMOUNT | MS_BIND | MS_RDONLY |
				    keep_flags("/dev/null");
			op->what = keep(mp, xasprintf("read-only mask %s", m));
		}
	}
	strv_free(&cand);
	strv_free(&masked);
	plan_doors(mp, plan);
	*out = mp;
	return 0;
}

size_t mnt_covered(const struct mnt_plan *mp, bool ptys)
{
	return !mp ? 0 : ptys ? mp->nptys : mp->nsockets;
}

const struct dr_stats *mnt_door_stats(const struct mnt_plan *mp)
{
	return mp ? &mp->ds : NULL;
}

static int write_file(const char *path, const char *text)
{
	int fd = be_sys->open(path, O_WRONLY | O_CLOEXEC, 0);
	size_t n = strlen(text);
	ssize_t w;
	int e;

	if (fd < 0)
		return -errno;
	w = be_sys->write(fd, text, n);
	e = errno;
	be_sys->close(fd);
	if (w < 0)
		return -e;
	return (size_t)w == n ? 0 : -EIO;
}

/* What an older kernel (or a filter hiding new calls) answers. */
static bool api_missing(int e)
{
	return e == ENOSYS || e == EINVAL;
}

/* Writable root |i| as an O_PATH fd, opened without following a symlink
 * (backends/nosym.c), or -errno (+diag): a root swapped for a link since
 * the policy checked it fails the session instead of leading elsewhere. */
static int open_root(const struct mnt_plan *mp, size_t i, struct sbx_diag *diag)
{
	int fd = be_open_nosym(mp->roots.v[i], O_PATH, NULL);

	if (fd < 0)
		return be_fail(diag, -fd, mp->backend,
			       "mount layer: opening writable root %s (no "
			       "symlink may be in its path)",
			       mp->roots.v[i]);
	return fd;
}

/* Steps 3-5 with the new mount API. 0, -errno (+diag), or 1 if the
 * kernel lacks it, in which case nothing has changed. */
static int ro_by_tree(const struct mnt_plan *mp, struct sbx_diag *diag)
{
	struct sbx_mount_attr ro = {
	    .attr_set = MOUNT_ATTR_RDONLY | (mp->nodev ? MOUNT_ATTR_NODEV : 0),
	};
	size_t n;
	int r = 0, e;

	/* Copies first: a copy keeps the flags its mounts have when it is
	 * taken, so one taken after the mount_setattr would be read-only. */
	for (n = 0; n < mp->roots.n; n++) {
		int at = AT_FDCWD;
		unsigned fl =
		    OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_RECURSIVE;

		/* A writable root is copied through an fd opened without
		 * following symlinks (backends/nosym.c): one swapped into its
		 * path since the policy checked it would otherwise put a
		 * writable copy of the link's target in its place. Opened
		 * here, after unshare(): an fd from before would name the
		 * host's mount. Device roots keep their links (/dev/ptmx ->
		 * pts/ptmx). */
		if (!mp->dev[n]) {
			at = open_root(mp, n, diag);
			if (at < 0) {
				r = at;
				goto out;
			}
			fl |= AT_EMPTY_PATH;
		}
		mp->fds[n] =
		    be_sys->open_tree(at, mp->dev[n] ? mp->roots.v[n] : "", fl);
		e = errno;
		if (at >= 0)
			close(at);
		errno = e;
		if (mp->fds[n] < 0) {
			e = errno;
			r = api_missing(e)
				? 1
				: be_fail(diag, e, mp->backend,
					  "mount layer: open_tree of "
					  "writable root %s",
					  mp->roots.v[n]);
			goto out;
		}
	}
	if (be_sys->mount_setattr(AT_FDCWD, "/", AT_RECURSIVE, &ro,
				  sizeof(ro)) < 0) {
		e = errno;
		r = api_missing(e) ? 1
				   : be_fail(diag, e, mp->backend,
					     "mount layer: mount_setattr of / "
					     "(read-only, recursive)");
		goto out;
	}
	if (mp->dev_mount) {
		/* We set it a moment ago, so it is not locked: clearing it
		 * is allowed in a user namespace too. */
		struct sbx_mount_attr dev = {.attr_clr = MOUNT_ATTR_NODEV};

		if (be_sys->mount_setattr(AT_FDCWD, "/dev", 0, &dev,
					  sizeof(dev)) < 0) {
			r = be_fail(diag, errno, mp->backend,
				    "mount layer: mount_setattr of /dev (dev "
				    "again, for ptys)");
			goto out;
		}
	}
	/* A device root's target resolves as mount(2) resolves it in the
	 * fallback (T_SYMLINKS: /dev/ptmx may be a symlink to pts/ptmx); a
	 * writable root's through an fd opened without following any, for
	 * the reason given at its copy. */
	for (size_t i = 0; i < n; i++) {
		int to = AT_FDCWD, ok;

		if (!mp->dev[i] && (to = open_root(mp, i, diag)) < 0) {
			r = to;
			goto out;
		}
		ok = be_sys->move_mount(
			 mp->fds[i], "", to, mp->dev[i] ? mp->roots.v[i] : "",
			 MOVE_MOUNT_F_EMPTY_PATH |
			     (mp->dev[i] ? MOVE_MOUNT_T_SYMLINKS
					 : MOVE_MOUNT_T_EMPTY_PATH)) == 0;
		e = errno;
		if (to >= 0)
			close(to);
		if (!ok) {
			r = be_fail(diag, e, mp->backend,
				    "mount layer: move_mount of writable "
				    "root %s",
				    mp->roots.v[i]);
			goto out;
		}
	}
out:
	/* A copy moved back stays; one not moved dies with its fd. */
	for (size_t i = 0; i < n; i++)
		be_sys->close(mp->fds[i]);
	return r;
}

/* Steps 3'-4', the way of kernels before 5.12: mount by mount, from the
 * table. Reads and parses mountinfo, so it allocates. 0 or -errno
 * (+diag). */
static int ro_by_remount(const struct mnt_plan *mp, struct sbx_diag *diag)
{
	SBX_AUTOFREE char *text = NULL;
	struct mnt_entry *ents = NULL;
	size_t nents = 0;
	int r;

	r = read_text("/proc/self/mountinfo", &text);
	if (r < 0)
		return be_fail(diag, r, mp->backend,
			       "mount layer: reading /proc/self/mountinfo");
	r = mnt_parse_mountinfo(text, &ents, &nents);
	if (r < 0) {
		r = be_fail(diag, r, mp->backend,
			    "mount layer: parsing /proc/self/mountinfo");
		goto out;
	}
	for (size_t i = 0; i < mp->roots.n; i++) {
		const char *p = mp->roots.v[i];

		if (be_sys->mount(p, p, NULL, MS_BIND | MS_REC, NULL) < 0) {
			r = be_fail(diag, errno, mp->backend,
				    "mount layer: bind of writable root %s", p);
			goto out;
		}
	}
	for (size_t i = 0; i < nents; i++) {
		const char *p = ents[i].path;
		unsigned long fl =
		    MS_REMOUNT | MS_BIND | MS_RDONLY | ents[i].keep |
		    (mp->nodev && !(mp->dev_mount && !strcmp(p, "/dev"))
			 ? MS_NODEV
			 : 0);
		bool dup = false;
		int e;

		if (under_list(&mp->roots, p))
			continue;
		for (size_t j = i + 1; j < nents; j++)
			dup |= strcmp(ents[j].path, p) == 0;
		if (dup)
			continue; /* only the topmost is reachable; done last */
		if (be_sys->mount(NULL, p, NULL, fl, NULL) == 0)
			continue;
		e = errno;
		/* A mount point that vanished, lies under a folder we cannot
		 * enter, or is hidden under a later mount: unreachable, so
		 * nothing to protect there. */
		if (e == ENOENT || e == EACCES || e == ENOTDIR || e == EINVAL)
			continue;
		r = be_fail(diag, e, mp->backend,
			    "mount layer: read-only remount of %s", p);
		goto out;
	}
out:
	for (size_t i = 0; i < nents; i++)
		free(ents[i].path);
	free(ents);
	return r;
}

/* |path| made an empty folder (0755, as git's templates make hooks/)
 * unless it is one, in a folder opened without following any symlink.
 * 0 or -errno. No allocation. */
static int make_dir(const char *path)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 0;
	struct stat st;
	int fd, r = 0;

	if (!slash || n >= sizeof(dir))
		return -EINVAL;
	memcpy(dir, path, n);
	dir[n ? n : 1] = '\0';
	if (!n)
		dir[0] = '/';
	fd = be_open_nosym(dir, O_PATH | O_DIRECTORY, NULL);
	if (fd < 0)
		return fd;
	if (mkdirat(fd, slash + 1, 0755) < 0 && errno != EEXIST)
		r = -errno;
	else if (fstatat(fd, slash + 1, &st, AT_SYMLINK_NOFOLLOW) < 0)
		r = -errno;
	else if (!S_ISDIR(st.st_mode))
		r = -ENOTDIR;
	close(fd);
	return r;
}

int mnt_apply(const struct mnt_plan *mp, int *unshare_err,
	      struct sbx_diag *diag)
{
	int r;

	*unshare_err = 0;
	/* IPC and UTS with the mount namespace, in the one call: SysV shared
	 * memory, message queues and semaphores are the host's otherwise (a
	 * job walked every segment with SHM_STAT, read another process's
	 * 0600 segment and wrote it), and so is the host name. Where this
	 * call cannot be made, the session has no mount layer, and the
	 * filter refuses the SysV calls instead (be_apply_tail()). */
	if (be_sys->unshare(CLONE_NEWNS |
			    (mp->ipcns ? CLONE_NEWIPC | CLONE_NEWUTS : 0) |
			    (mp->userns ? CLONE_NEWUSER : 0)) < 0) {
		*unshare_err = errno ? errno : EPERM;
		return 1;
	}
	if (mp->userns) {
		/* setgroups first: CVE-2014-8989. */
		r = write_file("/proc/self/setgroups", "deny");
		if (r < 0 && r != -ENOENT)
			return be_fail(diag, r, mp->backend,
				       "writing /proc/self/setgroups");
		r = write_file("/proc/self/uid_map", mp->uid_map);
		if (r < 0)
			return be_fail(diag, r, mp->backend,
				       "writing /proc/self/uid_map");
		r = write_file("/proc/self/gid_map", mp->gid_map);
		if (r < 0)
			return be_fail(diag, r, mp->backend,
				       "writing /proc/self/gid_map");
	}
	if (be_sys->mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
		return be_fail(diag, errno, mp->backend,
			       "mount layer: making / private");
	r = ro_by_tree(mp, diag);
	if (r == 1)
		r = ro_by_remount(mp, diag);
	if (r < 0)
		return r;
	for (size_t i = 0; i < mp->nops; i++) {
		const struct mnt_op *op = &mp->ops[i];

		if (op->mkdir) {
			r = make_dir(op->tgt);
			if (r == -ENOENT || r == -EROFS || r == -EACCES) {
				/* Its git dir is gone, or lies where nothing
				 * is writable: nothing to hold. */
				i += op->pair;
				continue;
			}
			if (r < 0)
				return be_fail(diag, -r, mp->backend,
					       "mount layer: creating empty "
					       "%s",
					       op->tgt);
		}
		if (be_sys->mount(op->src, op->tgt, op->type, op->flags,
				  op->data) == 0)
			continue;
		if (op->optional && (errno == ENOENT || errno == ENOTDIR)) {
			i += op->pair; /* gone since prepare: its remount too */
			continue;
		}
		if (op->optional && errno == EINVAL && cover_gone(op)) {
			/* The terminal under a cover closed between the bind
			 * and this remount: devpts dropped its name and the
			 * cover with it (a new terminal may have its number:
			 * like any terminal opened later, it is not ours to
			 * cover). The session failed to start on it when
			 * tests opened and closed terminals all the time. */
			continue;
		}
		return be_fail(diag, errno, mp->backend, "mount layer: %s",
			       op->what);
	}
	/* The working directory still points into the mount it was on
	 * before a root was put over it (the workspace, usually): relative
	 * paths would resolve through the old, now read-only, mount.
	 * Entering it again by name lands on the top mount. */
	if (mp->cwd && chdir(mp->cwd) < 0)
		return be_fail(diag, errno, mp->backend,
			       "mount layer: re-entering %s", mp->cwd);
	return 0;
}

bool mnt_ipc_private(const struct mnt_plan *mp)
{
	return mp && mp->ipcns;
}

void mnt_free(struct mnt_plan *mp)
{
	if (!mp)
		return;
	free(mp->ops);
	free(mp->cwd);
	free(mp->fds);
	free(mp->dev);
	strv_free(&mp->roots);
	strv_free(&mp->strs);
	free(mp);
}

/* The doors' notes live here, not in doors.c: they report what the
 * mount layer covers, and doors.c stays below the mount layer. */
void mnt_note_doors(int landlock_abi, enum pol_scope scope,
		    const struct mnt_plan *mp, bool mount_layer,
		    struct be_notes *notes)
{
	size_t ns = mnt_covered(mp, false), nt = mnt_covered(mp, true);
	const struct dr_stats *ds = mnt_door_stats(mp);

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
	else if (mount_layer && ds && ds->by_name) {
		be_note(notes, "sockets",
			"the %zu bound outside the session when it opened are "
			"covered under the name they were bound with",
			ns);
		be_note(notes, "not_enforced",
			"sockets: matched by name only (sock_diag: %s): one "
			"bound with a relative path, renamed, or reached "
			"through a hard link is reachable; so is one bound "
			"after the session opened (until Landlock ABI 9), and "
			"one in another network namespace",
			strerror(ds->diag_err));
	} else if (mount_layer) {
		if (ds && ds->walked)
			be_note(notes, "sockets",
				"the %zu bound outside the session when it "
				"opened are covered under every name found for "
				"them (matched by inode; a name was stale, "
				"relative or one of several: %zu entries "
				"walked)",
				ns, ds->entries);
		else
			be_note(notes, "sockets",
				"the %zu bound outside the session when it "
				"opened are covered under every name found for "
				"them (matched by inode)",
				ns);
		if (ds && ds->missing)
			be_note(
			    notes, "not_enforced",
			    "sockets: one bound after the session opened "
			    "(until Landlock ABI 9), one in another network "
			    "namespace, and %zu whose file was not found "
			    "within the walk's bounds (deleted, or outside "
			    "/tmp, /run, /var/tmp, /dev/shm, "
			    "$XDG_RUNTIME_DIR, the home and the writable "
			    "roots) are reachable",
			    ds->missing);
		else
			be_note(notes, "not_enforced",
				"sockets: one bound after the session opened "
				"(until Landlock ABI 9), and one in another "
				"network namespace, are reachable");
	} else
		be_note(notes, "not_enforced",
			"sockets of processes outside the session are "
			"reachable (Landlock ABI < 9, and no mount layer)");
	if (mount_layer)
		be_note(notes, "terminals",
			"the %zu other terminals open when the session opened "
			"are covered; one opened later is not",
			nt);
	else
		be_note(notes, "not_enforced",
			"other terminals of the user can be opened (no mount "
			"layer)");
}
