/* backends/mounts.c — the mount layer: a private mount namespace in which
 * every mount outside the writable roots is read-only.
 *
 * The namespace backend's whole filesystem policy (plus masks and a
 * private /tmp), and the landlock backend's answer to what Landlock cannot
 * see: chmod, chown, utimes and xattrs (root can change those on any file;
 * a read-only mount refuses them with EROFS whoever asks).
 *
 * Order in apply, as bubblewrap's setup_newroot does it:
 *   1. unshare(CLONE_NEWNS), inside a new user namespace when not root
 *      (uid/gid maps of the caller alone, setgroups denied first:
 *      CVE-2014-8989, a user could otherwise drop a group that denies it
 *      access);
 *   2. "/" made MS_PRIVATE recursively, so nothing we do propagates back
 *      to the host and nothing the host mounts later appears here
 *      writable;
 *   3. each writable root bound onto itself (recursively): a mount of its
 *      own, which keeps its read-write flag when its parent goes
 *      read-only;
 *   4. (namespace) the run tmp over /tmp, masks over the secrets;
 *   5. every mount point of the original table that is not inside a
 *      writable root remounted MS_RDONLY, keeping its nosuid/nodev/noexec
 *      and atime flags (in a user namespace these are locked, and a
 *      remount that dropped them fails with EPERM);
 *   6. in a user namespace, every capability dropped (the shell itself
 *      would otherwise keep them; its jobs lose them at execve anyway).
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "be_internal.h"

struct mnt_op {
	const char *src, *tgt, *type, *data;
	unsigned long flags;
	bool tolerant;	  /* a vanished or hidden mount point: skip it */
	const char *what; /* for the diag */
};

struct mnt_plan {
	const char *backend;
	bool userns;
	char uid_map[64], gid_map[64];
	char *cwd; /* re-entered after the mounts (NULL: unknown) */
	struct mnt_op *ops;
	size_t nops, cap;
	struct sbx_strv strs; /* owns every string the ops point to */
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

/* "\040" → " " as the kernel escapes space, tab, newline and backslash. */
static char *unescape(const char *s, size_t n)
{
	char *o = xmalloc(n + 1), *p = o;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\\' && i + 3 < n && s[i + 1] >= '0' &&
		    s[i + 1] <= '7' && s[i + 2] >= '0' && s[i + 2] <= '7' &&
		    s[i + 3] >= '0' && s[i + 3] <= '7') {
			*p++ = (char)((s[i + 1] - '0') * 64 +
				      (s[i + 2] - '0') * 8 + (s[i + 3] - '0'));
			i += 3;
		} else {
			*p++ = s[i];
		}
	}
	*p = '\0';
	return o;
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
			(*out)[*n].path = unescape(f[4], flen[4]);
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

/* The flags of the mount that holds |path| (longest mount point). */
static unsigned long keep_for(const struct mnt_entry *e, size_t n,
			      const char *path)
{
	size_t best = 0;
	unsigned long k = 0;

	for (size_t i = 0; i < n; i++) {
		size_t l = strlen(e[i].path);

		if (path_under(e[i].path, path) && l >= best) {
			best = l;
			k = e[i].keep;
		}
	}
	return k;
}

int mnt_prepare(const struct be_plan *plan, enum mnt_mode mode,
		const char *backend, struct be_notes *notes,
		struct mnt_plan **out, struct sbx_diag *diag)
{
	struct mnt_plan *mp = xcalloc(1, sizeof(*mp));
	struct mnt_entry *ents = NULL;
	size_t nents = 0;
	struct sbx_strv bound = {0}, roots = {0}, masked = {0};
	SBX_AUTOFREE char *text = NULL;
	struct stat st;
	struct mnt_op *op;
	int r;

	*out = NULL;
	mp->backend = backend;
	r = read_text("/proc/self/mountinfo", &text);
	if (r < 0) {
		r = be_fail(diag, r, backend, "reading /proc/self/mountinfo");
		goto out;
	}
	r = mnt_parse_mountinfo(text, &ents, &nents);
	if (r < 0) {
		r = be_fail(diag, r, backend, "parsing /proc/self/mountinfo");
		goto out;
	}
	mp->userns = !(plan->caps && plan->caps->root);
	/* The caller's own ids, unchanged inside: files keep their owners,
	 * `id` says the same thing. */
	snprintf(mp->uid_map, sizeof(mp->uid_map), "%u %u 1\n",
		 (unsigned)geteuid(), (unsigned)geteuid());
	snprintf(mp->gid_map, sizeof(mp->gid_map), "%u %u 1\n",
		 (unsigned)getegid(), (unsigned)getegid());

	mp->cwd = getcwd(NULL, 0);

	op = add_op(mp);
	op->tgt = "/";
	op->flags = MS_REC | MS_PRIVATE;
	op->what = "making / private";

	/* Writable roots (and device folders: /dev/pts), outermost first;
	 * one nested in another is already covered by the outer bind. The
	 * namespace backend binds the device files too, because it remounts
	 * everything else nodev (see below). */
	for (size_t i = 0; i < plan->nrw; i++)
		strv_push(&roots, plan->rw[i]);
	for (size_t i = 0; i < plan->ndev; i++)
		if (stat(plan->dev[i], &st) == 0 &&
		    (S_ISDIR(st.st_mode) || mode == MNT_NAMESPACE))
			strv_push(&roots, plan->dev[i]);
	if (roots.n)
		qsort(roots.v, roots.n, sizeof(*roots.v), by_len);
	for (size_t i = 0; i < roots.n; i++) {
		const char *p = roots.v[i];

		if (under_list(&bound, p) || lstat(p, &st) < 0)
			continue;
		strv_push(&bound, p);
		op = add_op(mp);
		op->src = op->tgt = keep(mp, xstrdup(p));
		op->flags = MS_BIND | MS_REC;
		op->what = keep(mp, xasprintf("bind of writable root %s", p));
	}

	if (mode == MNT_NAMESPACE && plan->private_tmp && plan->run_tmp) {
		op = add_op(mp);
		op->src = keep(mp, xstrdup(plan->run_tmp));
		op->tgt = "/tmp";
		op->flags = MS_BIND | MS_REC;
		op->what = "bind of the run tmp over /tmp";
		be_note(notes, "private_tmp", "%s is /tmp", plan->run_tmp);
	}

	if (mode == MNT_NAMESPACE) {
		for (size_t i = 0; i < plan->nmasked; i++)
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
				    keep_for(ents, nents, "/dev/null");
			op->what = keep(mp, xasprintf("read-only mask %s", m));
		}
	}

	/* Everything else read-only, mount by mount. The namespace backend
	 * has no Landlock rule to keep root from writing a disk through its
	 * node in /dev (a read-only mount does not stop writes to devices):
	 * nodev does, while the device roots bound above keep working. */
	for (size_t i = 0; i < nents; i++) {
		const char *p = ents[i].path;
		bool dup = false;

		if (under_list(&bound, p))
			continue;
		for (size_t j = i + 1; j < nents; j++)
			dup |= strcmp(ents[j].path, p) == 0;
		if (dup)
			continue; /* only the topmost is reachable; done last */
		op = add_op(mp);
		op->tgt = keep(mp, xstrdup(p));
		op->flags = MS_REMOUNT | MS_BIND | MS_RDONLY | ents[i].keep;
		if (mode == MNT_NAMESPACE)
			op->flags |= MS_NODEV;
		op->tolerant = true;
		op->what = keep(mp, xasprintf("read-only remount of %s", p));
	}
	*out = mp;
	mp = NULL;
	r = 0;
out:
	for (size_t i = 0; i < nents; i++)
		free(ents[i].path);
	free(ents);
	strv_free(&bound);
	strv_free(&roots);
	strv_free(&masked);
	mnt_free(mp);
	return r;
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

int mnt_apply(const struct mnt_plan *mp, int *unshare_err,
	      struct sbx_diag *diag)
{
	int r;

	*unshare_err = 0;
	if (be_sys->unshare(CLONE_NEWNS | (mp->userns ? CLONE_NEWUSER : 0)) <
	    0) {
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
	for (size_t i = 0; i < mp->nops; i++) {
		const struct mnt_op *op = &mp->ops[i];
		int e;

		if (be_sys->mount(op->src, op->tgt, op->type, op->flags,
				  op->data) == 0)
			continue;
		e = errno;
		/* A mount point that vanished, lies under a folder we cannot
		 * enter, or is hidden under a later mount: unreachable, so
		 * nothing to protect there. */
		if (op->tolerant &&
		    (e == ENOENT || e == EACCES || e == ENOTDIR || e == EINVAL))
			continue;
		return be_fail(diag, e, mp->backend, "mount layer: %s",
			       op->what);
	}
	/* The working directory still points into the mount it was on
	 * before a writable root was bound over it (the workspace, usually):
	 * relative paths would resolve through the old, now read-only,
	 * mount. Entering it again by name lands on the top mount. */
	if (mp->cwd && chdir(mp->cwd) < 0)
		return be_fail(diag, errno, mp->backend,
			       "mount layer: re-entering %s", mp->cwd);
	if (mp->userns && be_sys->capset_none() < 0)
		return be_fail(diag, errno, mp->backend,
			       "dropping capabilities (capset)");
	return 0;
}

void mnt_free(struct mnt_plan *mp)
{
	if (!mp)
		return;
	free(mp->ops);
	free(mp->cwd);
	strv_free(&mp->strs);
	free(mp);
}
