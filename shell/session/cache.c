/* shell/session/cache.c — `policy cache`: list, prune, export, import. Archives
 * are read and written by libarchive (tar, gzip); what an import accepts
 * is core/cachetar.c's ct_check, member by member. */
#include "cache.h"
#include "be_base.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <archive.h>
#include <archive_entry.h>

#include "cachetar.h"
#include "json.h"
#include "interp.h"

struct tally {
	uint64_t bytes; /* apparent: st_size of every entry, dirs too */
	uint64_t files; /* entries that are not folders */
	int64_t last;	/* newest atime or mtime */
	/* hard links counted once, as du does */
	struct {
		dev_t dev;
		ino_t ino;
	} * seen;
	size_t nseen, capseen;
};

static bool seen_link(struct tally *t, const struct stat *st)
{
	for (size_t i = 0; i < t->nseen; i++)
		if (t->seen[i].ino == st->st_ino &&
		    t->seen[i].dev == st->st_dev)
			return true;
	if (t->nseen == t->capseen) {
		t->capseen = t->capseen ? 2 * t->capseen : 64;
		t->seen = xrealloc(t->seen, t->capseen * sizeof(*t->seen));
	}
	t->seen[t->nseen].dev = st->st_dev;
	t->seen[t->nseen].ino = st->st_ino;
	t->nseen++;
	return false;
}

static void count(struct tally *t, const struct stat *st)
{
	/* A folder's atime moves whenever it is listed (this listing too):
	 * only its mtime says it was used. A file's atime is its use. */
	int64_t u = !S_ISDIR(st->st_mode) && st->st_atime > st->st_mtime
			? st->st_atime
			: st->st_mtime;

	if (!S_ISDIR(st->st_mode)) {
		if (st->st_nlink > 1 && seen_link(t, st))
			return;
		t->files++;
	}
	t->bytes += (uint64_t)st->st_size;
	if (u > t->last)
		t->last = u;
}

/* Walks the folder open at |fd| (taken) without following a symlink:
 * every entry is fstatat(AT_SYMLINK_NOFOLLOW)'d and folders are opened
 * O_NOFOLLOW beneath their parent's fd. */
static void walk(int fd, struct tally *t, int depth)
{
	DIR *d = fdopendir(fd);
	struct dirent *e;

	if (!d) {
		close(fd);
		return;
	}
	while ((e = readdir(d))) {
		struct stat st;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW))
			continue;
		count(t, &st);
		if (S_ISDIR(st.st_mode) && depth < 256) {
			int c = be_open_dir(dirfd(d), e->d_name);

			if (c >= 0)
				walk(c, t, depth + 1);
		}
	}
	closedir(d);
}

static bool measure(int root, const char *name, struct tally *t)
{
	struct stat st;
	int fd;

	memset(t, 0, sizeof(*t));
	if (fstatat(root, name, &st, AT_SYMLINK_NOFOLLOW))
		return false;
	count(t, &st);
	if (!S_ISDIR(st.st_mode))
		return true;
	fd = be_open_dir(root, name);
	if (fd >= 0)
		walk(fd, t, 0);
	return true;
}

static void human(char *b, size_t n, uint64_t v)
{
	static const char u[] = "BKMGT";
	double d = (double)v;
	int i = 0;

	while (d >= 1024 && i < 4) {
		d /= 1024;
		i++;
	}
	if (i)
		snprintf(b, n, "%.1f%c", d, u[i]);
	else
		snprintf(b, n, "%lluB", (unsigned long long)v);
}

static void age(char *b, size_t n, int64_t last, int64_t now)
{
	int64_t s = now - last;

	if (!last)
		snprintf(b, n, "-");
	else if (s < 3600)
		snprintf(b, n, "%lldm ago", (long long)(s / 60));
	else if (s < 86400 * 2)
		snprintf(b, n, "%lldh ago", (long long)(s / 3600));
	else
		snprintf(b, n, "%lldd ago", (long long)(s / 86400));
}

/* The cache folder |dir|, and (|rows| not NULL) the rows to measure in it. */
static int open_root(const char *dir, struct ct_rows *rows, struct sbx_buf *err)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0)
		buf_printf(err, "policy cache: %s: %s\n", dir, strerror(errno));
	else if (rows)
		ct_rows_make(rows);
	return fd;
}

/* The opening of a JSON answer: one object on one line. */
static void json_open(struct json_w *w, struct sbx_buf *out)
{
	json_begin(w, out);
	json_obj(w, NULL, JSON_INLINE);
}

/* The rows, and a last "other" row for entries no toolchain names
 * (besides sbxsh's own CACHEDIR.TAG and .gitignore). */
static bool is_own(const char *name)
{
	return !strcmp(name, "CACHEDIR.TAG") || !strcmp(name, ".gitignore");
}

static bool in_rows(const struct ct_rows *rows, const char *name)
{
	for (size_t i = 0; i < rows->n; i++)
		if (!strcmp(rows->v[i].dir, name))
			return true;
	return false;
}

static int list(const char *dir, bool json, struct sbx_buf *out,
		struct sbx_buf *err)
{
	struct ct_rows rows;
	struct tally t, other = {0}, total = {0};
	int64_t now = (int64_t)time(NULL);
	int root = open_root(dir, &rows, err);
	DIR *d;
	struct dirent *e;
	struct json_w w;

	if (root < 0)
		return 1;
	if (json) {
		json_open(&w, out);
		json_str(&w, "dir", dir);
		json_arr(&w, "rows", JSON_INLINE);
	} else
		buf_printf(out, "%s\n%-14s %9s %8s %-10s %s\n", dir, "FOLDER",
			   "SIZE", "FILES", "LAST USE", "VARIABLES");
	for (size_t i = 0; i < rows.n; i++) {
		char h[32], a[32];

		if (!measure(root, rows.v[i].dir, &t))
			continue;
		total.bytes += t.bytes;
		total.files += t.files;
		if (json) {
			json_obj(&w, NULL, JSON_INLINE);
			json_str(&w, "folder", rows.v[i].dir);
			json_u64(&w, "bytes", t.bytes);
			json_u64(&w, "files", t.files);
			json_i64(&w, "last_use", t.last);
			json_str(&w, "variables", rows.v[i].vars.s);
			json_end(&w);
		} else {
			human(h, sizeof(h), t.bytes);
			age(a, sizeof(a), t.last, now);
			buf_printf(
			    out, "%-14s %9s %8llu %-10s %s\n", rows.v[i].dir, h,
			    (unsigned long long)t.files, a, rows.v[i].vars.s);
		}
		free(t.seen);
	}
	d = fdopendir(dup(root));
	while (d && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
		    is_own(e->d_name) || in_rows(&rows, e->d_name))
			continue;
		if (measure(root, e->d_name, &t)) {
			other.bytes += t.bytes;
			other.files += t.files + 0;
			if (t.last > other.last)
				other.last = t.last;
			free(t.seen);
		}
	}
	if (d)
		closedir(d);
	if (json) {
		json_end(&w);
		json_u64(&w, "other_bytes", other.bytes);
		json_u64(&w, "other_files", other.files);
		json_u64(&w, "total_bytes", total.bytes + other.bytes);
		json_u64(&w, "total_files", total.files + other.files);
		json_end(&w);
		buf_putc(out, '\n');
	} else {
		char h[32], a[32];

		if (other.bytes) {
			human(h, sizeof(h), other.bytes);
			age(a, sizeof(a), other.last, now);
			buf_printf(out, "%-14s %9s %8llu %-10s %s\n", "(other)",
				   h, (unsigned long long)other.files, a,
				   "no routed variable");
		}
		human(h, sizeof(h), total.bytes + other.bytes);
		buf_printf(out, "%-14s %9s %8llu\n", "total", h,
			   (unsigned long long)(total.files + other.files));
	}
	ct_rows_free(&rows);
	close(root);
	return 0;
}

/* Removes |name| beneath |dfd| without following a symlink. */
static int rm_tree(int dfd, const char *name)
{
	struct stat st;
	int fd, rc = 0;
	DIR *d;
	struct dirent *e;

	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW))
		return -errno;
	if (!S_ISDIR(st.st_mode))
		return unlinkat(dfd, name, 0) ? -errno : 0;
	fd = be_open_dir(dfd, name);
	if (fd < 0 || !(d = fdopendir(fd))) {
		if (fd >= 0)
			close(fd);
		return -errno;
	}
	/* a folder of mode 0555 (Go's module cache makes them) keeps its
	 * entries from anyone but root: it is going anyway */
	if ((st.st_mode & 0700) != 0700)
		fchmod(fd, (st.st_mode & 07777) | 0700);
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			if (rm_tree(dirfd(d), e->d_name) < 0)
				rc = -errno;
	closedir(d);
	if (unlinkat(dfd, name, AT_REMOVEDIR))
		rc = -errno;
	return rc;
}

static int prune(const char *dir, bool json, int argc, char **argv,
		 struct sbx_buf *out, struct sbx_buf *err)
{
	long days = -1;
	const char *tool = NULL;
	bool dry = false, any = false;
	struct ct_rows rows;
	struct json_w w;
	int root, rc = 0;
	int64_t now = (int64_t)time(NULL);

	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--dry-run")) {
			dry = true;
		} else if (!strcmp(argv[i], "--older-than") && i + 1 < argc) {
			char *end;

			days = strtol(argv[++i], &end, 10);
			if (*end || days < 0) {
				buf_printf(err,
					   "policy cache prune: "
					   "--older-than %s: expected a "
					   "number of days\n",
					   argv[i]);
				return 2;
			}
		} else if (!strcmp(argv[i], "--tool") && i + 1 < argc) {
			tool = argv[++i];
		} else {
			buf_printf(err,
				   "policy cache prune: unexpected '%s' "
				   "(--older-than DAYS, --tool NAME, "
				   "--dry-run)\n",
				   argv[i]);
			return 2;
		}
	}
	if (days < 0 && !tool) {
		/* Pruning everything is a plain rm -r of the folder: say what
		 * to prune rather than guess. */
		buf_puts(err, "policy cache prune: say what to prune: "
			      "--older-than DAYS and/or --tool NAME\n");
		return 2;
	}
	root = open_root(dir, &rows, err);
	if (root < 0)
		return 1;
	if (json) {
		json_open(&w, out);
		json_bool(&w, "dry_run", dry);
		json_arr(&w, "removed", JSON_INLINE);
	}
	for (size_t i = 0; i < rows.n; i++) {
		struct tally t;

		if (tool && !ct_matches(&rows.v[i], tool))
			continue;
		if (!measure(root, rows.v[i].dir, &t))
			continue;
		free(t.seen);
		if (days >= 0 && now - t.last < days * 86400)
			continue;
		if (json) {
			json_obj(&w, NULL, JSON_INLINE);
			json_str(&w, "folder", rows.v[i].dir);
			json_u64(&w, "files", t.files);
			json_u64(&w, "bytes", t.bytes);
			json_end(&w);
		} else {
			buf_printf(out, "%s %s (%llu files)\n",
				   dry ? "would remove" : "removed",
				   rows.v[i].dir, (unsigned long long)t.files);
		}
		any = true;
		if (!dry && rm_tree(root, rows.v[i].dir) < 0) {
			buf_printf(err, "policy cache prune: %s: %s\n",
				   rows.v[i].dir, strerror(errno));
			rc = 1;
		}
	}
	if (json) {
		json_end(&w);
		json_end(&w);
		buf_putc(out, '\n');
	} else if (!any)
		buf_puts(out, "nothing to prune\n");
	ct_rows_free(&rows);
	close(root);
	return rc;
}

static bool gz_name(const char *f)
{
	size_t n = strlen(f);

	return (n > 3 && !strcmp(f + n - 3, ".gz")) ||
	       (n > 4 && !strcmp(f + n - 4, ".tgz"));
}

/* --- export ---------------------------------------------------------------
 * A POSIX pax archive ("restricted": plain ustar headers, a pax header only
 * for what ustar cannot hold, such as a name over 100 bytes), gzip'd for a
 * .gz/.tgz name, written by libarchive. Owners are not written (uid and
 * gid 0, no names): they mean nothing on the machine that imports. */
struct exp {
	struct archive *a;
	dev_t skip_dev; /* the archive itself, if it lies in the folder */
	ino_t skip_ino;
	uint64_t n;
	bool failed;
};

static void exp_entry(struct exp *x, int dfd, const char *name, const char *rel,
		      int depth);

static void exp_dir(struct exp *x, int fd, const char *rel, int depth)
{
	DIR *d = fdopendir(fd);
	struct dirent *e;

	if (!d) {
		close(fd);
		return;
	}
	while ((e = readdir(d)) && !x->failed) {
		SBX_AUTOFREE char *r = NULL;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		r = *rel ? xasprintf("%s/%s", rel, e->d_name)
			 : xstrdup(e->d_name);
		exp_entry(x, dirfd(d), e->d_name, r, depth + 1);
	}
	closedir(d);
}

static void exp_data(struct exp *x, int dfd, const char *name, off_t size)
{
	/* O_NOATIME: an export is not a use (policy cache list) */
	int fd =
	    openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NOATIME);
	char buf[65536];
	off_t left = size;

	if (fd < 0 && errno == EPERM)
		fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	/* A file that grew meanwhile is cut at the size the header holds;
	 * one that shrank is padded with zeros by libarchive. */
	while (fd >= 0 && left > 0 && !x->failed) {
		size_t want =
		    left < (off_t)sizeof(buf) ? (size_t)left : sizeof(buf);
		ssize_t r = read(fd, buf, want);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		if (archive_write_data(x->a, buf, (size_t)r) != r)
			x->failed = true;
		left -= r;
	}
	if (fd >= 0)
		close(fd);
}

static void exp_entry(struct exp *x, int dfd, const char *name, const char *rel,
		      int depth)
{
	struct archive_entry *e;
	struct stat st;
	char link[4096];

	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) ||
	    (st.st_dev == x->skip_dev && st.st_ino == x->skip_ino))
		return;
	if (!S_ISDIR(st.st_mode) && !S_ISLNK(st.st_mode) &&
	    !S_ISREG(st.st_mode))
		return; /* sockets, fifos: nothing a tool reinstalls */
	e = archive_entry_new();
	archive_entry_set_pathname(e, rel);
	archive_entry_set_filetype(e, st.st_mode & S_IFMT);
	archive_entry_set_perm(e, st.st_mode & 0777);
	archive_entry_set_mtime(e, st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
	if (S_ISLNK(st.st_mode)) {
		ssize_t n = readlinkat(dfd, name, link, sizeof(link) - 1);

		if (n < 0) {
			archive_entry_free(e);
			return;
		}
		link[n] = 0;
		archive_entry_set_symlink(e, link);
	} else if (S_ISREG(st.st_mode)) {
		archive_entry_set_size(e, st.st_size);
	}
	if (archive_write_header(x->a, e) < ARCHIVE_WARN)
		x->failed = true;
	archive_entry_free(e);
	x->n++;
	if (S_ISREG(st.st_mode) && !x->failed)
		exp_data(x, dfd, name, st.st_size);
	if (S_ISDIR(st.st_mode) && depth < 256 && !x->failed) {
		int fd = be_open_dir(dfd, name);

		if (fd >= 0)
			exp_dir(x, fd, rel, depth);
	}
}

/* The one-line answer of export and import. */
static void done_line(bool json, const char *verb, uint64_t n, const char *dir,
		      const char *file, struct sbx_buf *out)
{
	struct json_w w;

	if (!json) {
		buf_printf(out, "%s %llu entries %s ", verb,
			   (unsigned long long)n, *verb == 'e' ? "of" : "from");
		buf_put_shown(out, *verb == 'e' ? dir : file);
		buf_puts(out, *verb == 'e' ? " to " : " into ");
		buf_put_shown(out, *verb == 'e' ? file : dir);
		buf_putc(out, '\n');
		return;
	}
	json_open(&w, out);
	json_u64(&w, verb, n);
	json_str(&w, "dir", dir);
	json_str(&w, "file", file);
	json_end(&w);
	buf_putc(out, '\n');
}

static int export(const char *dir, bool json, const char *file,
		  struct sbx_buf *out, struct sbx_buf *err)
{
	struct exp x = {0};
	struct stat st;
	int root = open_root(dir, NULL, err), fd, rc;

	if (root < 0)
		return 1;
	fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY,
		  0644);
	if (fd < 0) {
		buf_puts(err, "policy cache export: ");
		buf_put_shown(err, file);
		buf_printf(err, ": %s\n", strerror(errno));
		close(root);
		return 1;
	}
	fstat(fd, &st);
	x.skip_dev = st.st_dev;
	x.skip_ino = st.st_ino;
	x.a = archive_write_new();
	if (archive_write_set_format_pax_restricted(x.a) != ARCHIVE_OK ||
	    (gz_name(file) &&
	     (archive_write_add_filter_gzip(x.a) != ARCHIVE_OK ||
	      archive_write_set_bytes_in_last_block(x.a, 1) != ARCHIVE_OK)) ||
	    archive_write_open_fd(x.a, fd) != ARCHIVE_OK)
		x.failed = true;
	if (!x.failed)
		exp_dir(&x, root, "", 0);
	else
		close(root);
	rc = archive_write_close(x.a);
	if (x.failed || rc != ARCHIVE_OK || close(fd)) {
		const char *why = archive_error_string(x.a);

		buf_puts(err, "policy cache export: ");
		buf_put_shown(err, file);
		buf_puts(err, ": write failed: ");
		buf_put_shown(err, why ? why : strerror(errno));
		buf_putc(err, '\n');
		archive_write_free(x.a);
		return 1;
	}
	archive_write_free(x.a);
	done_line(json, "exported", x.n, dir, file, out);
	return 0;
}

/* --- import ---------------------------------------------------------------
 * Every member is checked (ct_check) and extracted into a new staging
 * folder next to the cache, ".sandbox-cache.import-XXXXXX" in its parent
 * (so on its filesystem: a rename, never a copy). Only when the whole
 * archive is in does each top-level entry of the staging folder take the
 * place of the cache's entry of that name, one renameat2(RENAME_EXCHANGE)
 * (or RENAME_NOREPLACE when the cache has none) each, undone in reverse at
 * the first failure. A refused, truncated or failed import (a full disk)
 * so leaves the cache as it was: today's bug was a member named "."
 * deleting the whole cache before the import failed. */

/* The folder that will hold |name|'s last component (|name| is
 * normalised), opened by walking from |root| one real folder at a time
 * (O_NOFOLLOW), creating the missing ones (0700 until the end of the
 * import: a member folder of mode 0555 must still take its members). A
 * symlink is never walked through, so nothing lands outside even if a
 * check were missed. */
static int walk_parent(int root, const char *name, const char **last)
{
	SBX_AUTOFREE char *copy = xstrdup(name);
	char *p = copy, *slash;
	int fd = dup(root);

	while (fd >= 0 && (slash = strchr(p, '/'))) {
		int next;

		*slash = 0;
		mkdirat(fd, p, 0700);
		next = openat(fd, p,
			      O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		close(fd);
		fd = next;
		p = slash + 1;
	}
	*last = name + (p - copy);
	return fd;
}

#define DIR_RO (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)

struct imp {
	struct archive *a;
	int stage;   /* the staging folder */
	int pfd;     /* the folder of the last member: */
	char *pname; /* its name ("" for the staging folder) */
	struct ct_seen seen;
};

/* The parent folder of |name|, opened (the previous one kept: members
 * come folder by folder, and the walk costs a syscall per component). */
static int parent_of(struct imp *im, const char *name, const char **leaf)
{
	const char *slash = strrchr(name, '/');
	size_t l = slash ? (size_t)(slash - name) : 0;

	if (im->pfd >= 0 && strlen(im->pname) == l &&
	    !strncmp(im->pname, name, l)) {
		*leaf = slash ? slash + 1 : name;
		return im->pfd;
	}
	if (im->pfd >= 0)
		close(im->pfd);
	free(im->pname);
	im->pname = xstrndup(name, l);
	im->pfd = walk_parent(im->stage, name, leaf);
	return im->pfd;
}

static int extract(struct imp *im, const char *name, enum ct_type type,
		   const char *link, unsigned mode, struct timespec mtime)
{
	const char *leaf;
	int dfd = parent_of(im, name, &leaf), fd, rc = 0;
	struct timespec ts[2] = {{.tv_nsec = UTIME_NOW}, mtime};
	struct stat st;

	if (dfd < 0)
		return -errno;
	if (type == CT_DIR) {
		/* mode and mtime at the end (finish_dirs) */
		if (mkdirat(dfd, leaf, 0700) &&
		    (errno != EEXIST ||
		     fstatat(dfd, leaf, &st, AT_SYMLINK_NOFOLLOW) ||
		     !S_ISDIR(st.st_mode)))
			return -EEXIST;
		return 0;
	}
	if (type == CT_SYMLINK) {
		if (symlinkat(link, dfd, leaf))
			return -errno;
		utimensat(dfd, leaf, ts, AT_SYMLINK_NOFOLLOW);
		return 0;
	}
	/* O_EXCL|O_NOFOLLOW: the staging folder is new and ct_check refuses
	 * duplicates, so nothing can be there to be written through. */
	fd = openat(dfd, leaf,
		    O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	for (;;) {
		char buf[65536];
		la_ssize_t r = archive_read_data(im->a, buf, sizeof(buf));

		if (r == 0)
			break;
		if (r < 0) {
			rc = -EIO; /* the archive's error: the caller says it */
			break;
		}
		rc = out_write(fd, buf, (size_t)r);
		if (rc < 0)
			break; /* ENOSPC, EDQUOT: nothing comes in */
	}
	/* set-id bits are dropped: a cache holds no reason for them */
	if (!rc && (fchmod(fd, mode & 0777) || futimens(fd, ts)))
		rc = -errno;
	if (close(fd) && !rc)
		rc = -errno;
	return rc;
}

static int by_depth(const void *a, const void *b)
{
	const struct ct_ent *x = *(const struct ct_ent *const *)a;
	const struct ct_ent *y = *(const struct ct_ent *const *)b;
	size_t dx = 0, dy = 0;

	for (const char *p = x->name; *p; p++)
		dx += *p == '/';
	for (const char *p = y->name; *p; p++)
		dy += *p == '/';
	return dx < dy ? 1 : dx > dy ? -1 : 0;
}

/* Each folder's mode and mtime, the deepest first (a folder's mtime
 * moves when something is made in it; a parent of mode 0500 must not
 * block its children). Folders no member named get 0755. */
static int finish_dirs(struct imp *im)
{
	struct ct_ent **d = xcalloc(im->seen.n + 1, sizeof(*d));
	size_t n = 0;
	int rc = 0;

	for (size_t i = 0; i < im->seen.cap; i++)
		if (im->seen.v[i].name && (im->seen.v[i].kind == CT_K_DIR ||
					   im->seen.v[i].kind == CT_K_IMPLICIT))
			d[n++] = &im->seen.v[i];
	qsort(d, n, sizeof(*d), by_depth);
	for (size_t i = 0; i < n && !rc; i++) {
		const char *leaf;
		int dfd = walk_parent(im->stage, d[i]->name, &leaf);
		struct timespec ts[2] = {{.tv_nsec = UTIME_NOW},
					 {.tv_sec = d[i]->mtime}};

		if (dfd < 0 ||
		    fchmodat(dfd, leaf, d[i]->mode ? d[i]->mode : 0700, 0) ||
		    (d[i]->kind == CT_K_DIR &&
		     utimensat(dfd, leaf, ts, AT_SYMLINK_NOFOLLOW)))
			rc = -errno;
		if (dfd >= 0)
			close(dfd);
	}
	free(d);
	return rc;
}

static enum ct_type type_of(struct archive_entry *e)
{
	if (archive_entry_hardlink(e))
		return CT_HARDLINK;
	switch (archive_entry_filetype(e)) {
	case AE_IFREG:
		return CT_FILE;
	case AE_IFDIR:
		return CT_DIR;
	case AE_IFLNK:
		return CT_SYMLINK;
	case AE_IFCHR:
	case AE_IFBLK:
		return CT_DEVICE;
	case AE_IFIFO:
		return CT_FIFO;
	case AE_IFSOCK:
		return CT_SOCKET;
	default:
		return CT_OTHER;
	}
}

/* The one line of a failed import, every name escaped for the terminal:
 * "policy cache import: FILE: refused: member 'NAME' is WHY; nothing was
 * imported" (|refused|), or "...: FILE: member 'NAME': WHY; ..." (an
 * error, such as ENOSPC). |name| may be NULL. */
static void imp_err(struct sbx_buf *err, const char *file, bool refused,
		    const char *name, const char *why)
{
	buf_puts(err, "policy cache import: ");
	buf_put_shown(err, file);
	buf_puts(err, refused ? ": refused: " : ": ");
	if (name) {
		buf_puts(err, "member '");
		buf_put_shown(err, name);
		buf_puts(err, refused ? "' is " : "': ");
	}
	buf_put_shown(err, why);
	buf_puts(err, "; nothing was imported\n");
}

/* Reads the archive into im->stage. 0, or 1 with the one line in |err|. */
static int unpack(struct imp *im, const char *file, uint64_t *n,
		  struct sbx_buf *err)
{
	struct archive_entry *e;
	int r;

	*n = 0;
	while ((r = archive_read_next_header(im->a, &e)) == ARCHIVE_OK ||
	       r == ARCHIVE_WARN) {
		const char *name = archive_entry_pathname(e);
		enum ct_type type = type_of(e);
		const char *link = type == CT_HARDLINK
				       ? archive_entry_hardlink(e)
				       : archive_entry_symlink(e);
		unsigned mode = archive_entry_perm(e);
		struct timespec mt = {archive_entry_mtime(e),
				      archive_entry_mtime_nsec(e)};
		char norm[4096];
		const char *why;
		int x;

		if (!name) {
			imp_err(err, file, true, NULL,
				"a member whose name cannot be read");
			return 1;
		}
		if (ct_check(&im->seen, name, type, link, mode, mt.tv_sec, norm,
			     sizeof(norm), &why) < 0) {
			imp_err(err, file, true, name, why);
			return 1;
		}
		x = extract(im, norm, type, link, mode, mt);
		if (x == -EIO && archive_errno(im->a)) {
			imp_err(err, file, true, name, "cut short or damaged");
			return 1;
		}
		if (x < 0) {
			imp_err(err, file, false, name, strerror(-x));
			return 1;
		}
		(*n)++;
	}
	if (r != ARCHIVE_EOF) {
		const char *why = archive_error_string(im->a);
		SBX_AUTOFREE char *s =
		    xasprintf("a truncated or damaged archive (%s)",
			      why ? why : "unreadable");

		imp_err(err, file, true, NULL, s);
		return 1;
	}
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The swap: each top-level entry of |stage| takes the place of |root|'s
 * of the same name. All or none: at the first failure the swaps done are
 * undone, in reverse. Afterwards |stage| holds what was replaced. */
static int swap_in(int stage, int root, const char **failed)
{
	DIR *d = fdopendir(dup(stage));
	struct dirent *e;
	char **names = NULL;
	unsigned *how = NULL;
	size_t n = 0, done = 0;
	struct stat was;
	bool undo = false;
	int rc = 0;

	if (!d || fstat(root, &was)) {
		if (d)
			closedir(d);
		return -errno;
	}
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		names = xrealloc(names, (n + 1) * sizeof(*names));
		names[n++] = xstrdup(e->d_name);
	}
	closedir(d);
	/* in name order: which entry a failure stops at does not depend on
	 * the filesystem's */
	if (n)
		qsort(names, n, sizeof(*names), by_name);
	how = xcalloc(n + 1, sizeof(*how));
	for (; done < n; done++) {
		struct stat st;

		how[done] = fstatat(root, names[done], &st, AT_SYMLINK_NOFOLLOW)
				? RENAME_NOREPLACE
				: RENAME_EXCHANGE;
		if (renameat2(stage, names[done], root, names[done],
			      how[done])) {
			rc = -errno;
			*failed = names[done];
			break;
		}
	}
	/* rollback: RENAME_EXCHANGE is its own inverse; an entry that was
	 * new goes back to the staging folder */
	while (rc && done-- > 0) {
		undo = true;
		if (how[done] == RENAME_EXCHANGE)
			renameat2(stage, names[done], root, names[done],
				  RENAME_EXCHANGE);
		else
			renameat2(root, names[done], stage, names[done],
				  RENAME_NOREPLACE);
	}
	/* and the cache folder's own times, which the renames moved: the
	 * cache is as it was, to the listing */
	if (undo)
		futimens(root, (struct timespec[2]){was.st_atim, was.st_mtim});
	if (rc)
		*failed = xstrdup(*failed);
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	free(how);
	return rc;
}

static int import(const char *dir, bool json, const char *file,
		  struct sbx_buf *out, struct sbx_buf *err)
{
	SBX_AUTOFREE char *parent = xstrdup(dir), *stage_path = NULL;
	SBX_AUTOFREE char *failed = NULL;
	const char *base;
	struct imp im = {.stage = -1, .pfd = -1};
	char *slash;
	uint64_t n = 0;
	bool made = false;
	int fd, root = -1, rc = 1, x;

	slash = strrchr(parent, '/');
	if (!slash || !slash[1]) {
		buf_printf(err, "policy cache import: %s: not a folder path\n",
			   dir);
		return 1;
	}
	*slash = 0;
	base = slash + 1;
	fd = open(file, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		buf_puts(err, "policy cache import: ");
		buf_put_shown(err, file);
		buf_printf(err, ": %s\n", strerror(errno));
		return 1;
	}
	root = open(dir, DIR_RO);
	if (root < 0 && errno == ENOENT && !mkdir(dir, 0755)) {
		made = true;
		root = open(dir, DIR_RO);
	}
	/* ".sandbox-cache.import-XXXXXX": hidden like the cache, and named
	 * after it, so a left-over one (a killed import) says what it is */
	stage_path = xasprintf("%s/%s%s.import-XXXXXX", parent,
			       *base == '.' ? "" : ".", base);
	if (root < 0 || !mkdtemp(stage_path)) {
		buf_printf(err, "policy cache import: %s: %s\n",
			   root < 0 ? dir : stage_path, strerror(errno));
		free(stage_path);
		stage_path = NULL;
		goto out;
	}
	/* every member goes here, never into the cache itself */
	im.stage = open(stage_path, DIR_RO);
	if (im.stage < 0) {
		buf_printf(err, "policy cache import: %s: %s\n", stage_path,
			   strerror(errno));
		goto out;
	}
	/* tar only (ustar, pax, GNU), plain or gzip'd: what export writes
	 * and tar(1) makes; no other format's reader is linked in. */
	im.a = archive_read_new();
	archive_read_support_format_tar(im.a);
	archive_read_support_filter_gzip(im.a);
	if (archive_read_open_fd(im.a, fd, 65536) != ARCHIVE_OK) {
		const char *why = archive_error_string(im.a);

		SBX_AUTOFREE char *s =
		    xasprintf("not a tar archive, or a damaged one (%s)",
			      why ? why : "unreadable");

		imp_err(err, file, true, NULL, s);
		goto out;
	}
	if (unpack(&im, file, &n, err))
		goto out;
	x = finish_dirs(&im);
	if (x < 0) {
		imp_err(err, file, false, NULL, strerror(-x));
		goto out;
	}
	x = swap_in(im.stage, root, (const char **)&failed);
	if (x < 0) {
		imp_err(err, file, false, failed, strerror(-x));
		goto out;
	}
	rc = 0;
out:
	if (im.a)
		archive_read_free(im.a);
	if (im.pfd >= 0)
		close(im.pfd);
	free(im.pname);
	ct_seen_free(&im.seen);
	if (im.stage >= 0)
		close(im.stage);
	/* the staging folder: what failed to come in, or (after the swap)
	 * what was replaced */
	if (stage_path) {
		int pfd = open(*parent ? parent : "/",
			       O_RDONLY | O_DIRECTORY | O_CLOEXEC);

		if (pfd >= 0) {
			rm_tree(pfd, strrchr(stage_path, '/') + 1);
			close(pfd);
		}
	}
	if (root >= 0)
		close(root);
	if (rc && made)
		rmdir(dir); /* as it was: not there */
	close(fd);
	if (!rc)
		done_line(json, "imported", n, dir, file, out);
	return rc;
}

int cache_main(const char *dir, int argc0, char **argv0, struct sbx_buf *out,
	       struct sbx_buf *err)
{
	SBX_AUTOFREE char **argv = xcalloc((size_t)argc0 + 1, sizeof(*argv));
	const char *sub;
	bool json = false;
	int argc = 0;

	/* --json anywhere, for every subcommand */
	for (int i = 0; i < argc0; i++) {
		if (i && !strcmp(argv0[i], "--json"))
			json = true;
		else
			argv[argc++] = argv0[i];
	}
	sub = argc > 1 ? argv[1] : "list";
	if (!strcmp(sub, "list")) {
		if (argc > 2) {
			buf_printf(err, "policy cache list: unexpected '%s'\n",
				   argv[2]);
			return 2;
		}
		return list(dir, json, out, err);
	}
	if (!strcmp(sub, "prune"))
		return prune(dir, json, argc - 2, argv + 2, out, err);
	if ((!strcmp(sub, "export") || !strcmp(sub, "import")) && argc != 3) {
		buf_printf(err,
			   "policy cache %s: which file? (policy cache "
			   "%s FILE%s)\n",
			   sub, sub, *sub == 'e' ? ".tar[.gz]" : "");
		return 2;
	}
	if (!strcmp(sub, "export"))
		return export(dir, json, argv[2], out, err);
	if (!strcmp(sub, "import"))
		return import(dir, json, argv[2], out, err);
	buf_printf(err,
		   "policy cache: unknown subcommand '%s' (list, prune, "
		   "export, import)\n",
		   sub);
	return 2;
}
