/* shell/cache.c — `policy cache`: list, prune, export, import. */
#include "cache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cachetar.h"
#include "sh.h"

extern char **environ;

struct tally {
	uint64_t bytes;  /* apparent: st_size of every entry, dirs too */
	uint64_t files;  /* entries that are not folders */
	int64_t last;    /* newest atime or mtime */
	/* hard links counted once, as du does */
	struct { dev_t dev; ino_t ino; } *seen;
	size_t nseen, capseen;
};

static bool seen_link(struct tally *t, const struct stat *st)
{
	for (size_t i = 0; i < t->nseen; i++)
		if (t->seen[i].ino == st->st_ino && t->seen[i].dev == st->st_dev)
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
			int c = openat(dirfd(d), e->d_name,
				       O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
					       O_CLOEXEC);

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
	fd = openat(root, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
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

static int open_root(const char *dir, struct sbx_buf *err)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0)
		buf_printf(err, "policy cache: %s: %s\n", dir, strerror(errno));
	return fd;
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
	struct tally t, other = { 0 }, total = { 0 };
	int64_t now = (int64_t)time(NULL);
	int root = open_root(dir, err);
	DIR *d;
	struct dirent *e;
	bool first = true;

	if (root < 0)
		return 1;
	ct_rows_make(&rows);
	if (json)
		buf_puts(out, "{\"dir\": "), buf_json_str(out, dir),
		    buf_puts(out, ", \"rows\": [");
	else
		buf_printf(out, "%s\n%-14s %9s %8s %-10s %s\n", dir, "FOLDER",
			   "SIZE", "FILES", "LAST USE", "VARIABLES");
	for (size_t i = 0; i < rows.n; i++) {
		char h[32], a[32];

		if (!measure(root, rows.v[i].dir, &t))
			continue;
		total.bytes += t.bytes;
		total.files += t.files;
		if (json) {
			buf_printf(out, "%s{\"folder\": ", first ? "" : ", ");
			buf_json_str(out, rows.v[i].dir);
			buf_printf(out, ", \"bytes\": %llu, \"files\": %llu, "
					"\"last_use\": %lld, \"variables\": ",
				   (unsigned long long)t.bytes,
				   (unsigned long long)t.files,
				   (long long)t.last);
			buf_json_str(out, rows.v[i].vars.s);
			buf_puts(out, "}");
		} else {
			human(h, sizeof(h), t.bytes);
			age(a, sizeof(a), t.last, now);
			buf_printf(out, "%-14s %9s %8llu %-10s %s\n",
				   rows.v[i].dir, h,
				   (unsigned long long)t.files, a,
				   rows.v[i].vars.s);
		}
		first = false;
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
		buf_printf(out, "], \"other_bytes\": %llu, \"other_files\": "
				"%llu, \"total_bytes\": %llu, \"total_files\": "
				"%llu}\n",
			   (unsigned long long)other.bytes,
			   (unsigned long long)other.files,
			   (unsigned long long)(total.bytes + other.bytes),
			   (unsigned long long)(total.files + other.files));
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
	fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 || !(d = fdopendir(fd))) {
		if (fd >= 0)
			close(fd);
		return -errno;
	}
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
	int root, rc = 0;
	int64_t now = (int64_t)time(NULL);

	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--dry-run")) {
			dry = true;
		} else if (!strcmp(argv[i], "--older-than") && i + 1 < argc) {
			char *end;

			days = strtol(argv[++i], &end, 10);
			if (*end || days < 0) {
				buf_printf(err, "policy cache prune: "
						"--older-than %s: expected a "
						"number of days\n",
					   argv[i]);
				return 2;
			}
		} else if (!strcmp(argv[i], "--tool") && i + 1 < argc) {
			tool = argv[++i];
		} else {
			buf_printf(err, "policy cache prune: unexpected '%s' "
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
	root = open_root(dir, err);
	if (root < 0)
		return 1;
	ct_rows_make(&rows);
	if (json)
		buf_printf(out, "{\"dry_run\": %s, \"removed\": [",
			   dry ? "true" : "false");
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
			buf_printf(out, "%s{\"folder\": ", any ? ", " : "");
			buf_json_str(out, rows.v[i].dir);
			buf_printf(out, ", \"files\": %llu, \"bytes\": %llu}",
				   (unsigned long long)t.files,
				   (unsigned long long)t.bytes);
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
	if (json)
		buf_puts(out, "]}\n");
	else if (!any)
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

/* gzip(1) between us and |fd|: compress (|in| false: we write to the
 * returned fd, gzip writes |fd|) or decompress (|in|: gzip reads |fd|,
 * we read the returned fd). The one outside program `policy cache`
 * uses: the dependency list is libc, libedit, libseccomp and cmocka, so
 * no zlib; gzip is on every machine that has tar. */
static int gzip_pipe(int fd, bool in, pid_t *pid)
{
	int p[2];
	posix_spawn_file_actions_t fa;
	char *argv[] = { "gzip", in ? "-dc" : "-c", NULL };
	int rc;

	if (pipe2(p, O_CLOEXEC))
		return -1;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, in ? fd : p[0], 0);
	posix_spawn_file_actions_adddup2(&fa, in ? p[1] : fd, 1);
	rc = posix_spawnp(pid, "gzip", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(in ? p[1] : p[0]);
	if (rc) {
		close(in ? p[0] : p[1]);
		errno = rc;
		return -1;
	}
	return in ? p[0] : p[1];
}


struct exp {
	int out;
	dev_t skip_dev; /* the archive itself, if it lies in the folder */
	ino_t skip_ino;
	uint64_t n;
	bool failed;
	struct sbx_buf *err;
};

static void exp_entry(struct exp *x, int dfd, const char *name,
		      const char *rel, int depth);

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

static void exp_entry(struct exp *x, int dfd, const char *name,
		      const char *rel, int depth)
{
	struct ct_member m = { 0 };
	struct sbx_buf h = { 0 };
	struct stat st;

	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) ||
	    (st.st_dev == x->skip_dev && st.st_ino == x->skip_ino))
		return;
	snprintf(m.name, sizeof(m.name), "%s", rel);
	m.mode = st.st_mode & 0777;
	m.mtime = st.st_mtime;
	if (S_ISDIR(st.st_mode)) {
		m.type = CT_DIR;
	} else if (S_ISLNK(st.st_mode)) {
		ssize_t n = readlinkat(dfd, name, m.link, sizeof(m.link) - 1);

		if (n < 0)
			return;
		m.link[n] = 0;
		m.type = CT_SYMLINK;
	} else if (S_ISREG(st.st_mode)) {
		m.type = CT_FILE;
		m.size = (uint64_t)st.st_size;
	} else {
		return; /* sockets, fifos: nothing a tool reinstalls */
	}
	ct_header(&m, &h);
	if (sh_write(x->out, h.s, h.len))
		x->failed = true;
	buf_free(&h);
	x->n++;
	if (m.type == CT_FILE && !x->failed) {
		/* O_NOATIME: an export is not a use (policy cache list) */
		int fd = openat(dfd, name,
				O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NOATIME);
		char buf[65536];

		if (fd < 0 && errno == EPERM)
			fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
		uint64_t left = m.size;

		/* A file that shrank meanwhile is padded with zeros, one that
		 * grew is cut: the header already holds the size. */
		while (left && !x->failed) {
			size_t want = left < sizeof(buf) ? left : sizeof(buf);
			ssize_t r = fd >= 0 ? read(fd, buf, want) : 0;

			if (r <= 0) {
				memset(buf, 0, want);
				r = (ssize_t)want;
			}
			if (sh_write(x->out, buf, (size_t)r))
				x->failed = true;
			left -= (uint64_t)r;
		}
		if (fd >= 0)
			close(fd);
		if ((m.size % 512) && !x->failed) {
			static const char zero[512];

			if (sh_write(x->out, zero, 512 - m.size % 512))
				x->failed = true;
		}
	}
	if (m.type == CT_DIR && depth < 256) {
		int fd = openat(dfd, name,
				O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

		if (fd >= 0)
			exp_dir(x, fd, rel, depth);
	}
}

/* The one-line answer of export and import. */
static void done_line(bool json, const char *verb, uint64_t n,
		      const char *dir, const char *file, struct sbx_buf *out)
{
	if (!json) {
		buf_printf(out, "%s %llu entries %s %s %s %s\n", verb,
			   (unsigned long long)n, *verb == 'e' ? "of" : "from",
			   *verb == 'e' ? dir : file,
			   *verb == 'e' ? "to" : "into",
			   *verb == 'e' ? file : dir);
		return;
	}
	buf_printf(out, "{\"%s\": %llu, \"dir\": ", verb,
		   (unsigned long long)n);
	buf_json_str(out, dir);
	buf_puts(out, ", \"file\": ");
	buf_json_str(out, file);
	buf_puts(out, "}\n");
}

static int export(const char *dir, bool json, const char *file,
		  struct sbx_buf *out, struct sbx_buf *err)
{
	static const char zero[1024];
	struct exp x = { .err = err };
	struct stat st;
	pid_t gz = -1;
	int root = open_root(dir, err), fd, status = 0;

	if (root < 0)
		return 1;
	fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY,
		  0644);
	if (fd < 0) {
		buf_printf(err, "policy cache export: %s: %s\n", file,
			   strerror(errno));
		close(root);
		return 1;
	}
	fstat(fd, &st);
	x.skip_dev = st.st_dev;
	x.skip_ino = st.st_ino;
	x.out = fd;
	if (gz_name(file)) {
		x.out = gzip_pipe(fd, false, &gz);
		if (x.out < 0) {
			buf_printf(err, "policy cache export: gzip: %s\n",
				   strerror(errno));
			close(fd);
			close(root);
			return 1;
		}
	}
	exp_dir(&x, root, "", 0);
	if (!x.failed && sh_write(x.out, zero, sizeof(zero)))
		x.failed = true;
	if (x.out != fd)
		close(x.out);
	if (gz > 0)
		waitpid(gz, &status, 0);
	if (close(fd) || x.failed || status) {
		buf_printf(err, "policy cache export: %s: write failed\n",
			   file);
		return 1;
	}
	done_line(json, "exported", x.n, dir, file, out);
	return 0;
}

static int read_full(int fd, void *b, size_t n)
{
	char *p = b;
	size_t got = 0;

	while (got < n) {
		ssize_t r = read(fd, p + got, n - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return got ? -EIO : 0;
		got += (size_t)r;
	}
	return 1;
}

/* The folder that will hold |name|'s last component, opened by walking
 * from |root| one real folder at a time (O_NOFOLLOW): a symlink the
 * archive made earlier is never walked through, so nothing lands
 * outside. Creates missing folders when |make|. */
static int walk_parent(int root, const char *name, bool make,
		       const char **last)
{
	SBX_AUTOFREE char *copy = xstrdup(name);
	char *p = copy, *slash;
	int fd = dup(root);

	while (fd >= 0 && (slash = strchr(p, '/'))) {
		int next;

		*slash = 0;
		if (*p && strcmp(p, ".")) {
			if (make)
				mkdirat(fd, p, 0755);
			next = openat(fd, p, O_RDONLY | O_DIRECTORY |
						     O_NOFOLLOW | O_CLOEXEC);
			close(fd);
			fd = next;
		}
		p = slash + 1;
	}
	*last = name + (p - copy);
	return fd;
}

static int extract(int root, const struct ct_member *m, int in)
{
	const char *leaf;
	int dfd = walk_parent(root, m->name, true, &leaf);
	int rc = 0;
	struct stat st;

	if (dfd < 0)
		return -errno;
	if (m->type == CT_DIR) {
		if (mkdirat(dfd, leaf, m->mode & 0777 ? m->mode & 0777 : 0755) &&
		    (errno != EEXIST ||
		     fstatat(dfd, leaf, &st, AT_SYMLINK_NOFOLLOW) ||
		     !S_ISDIR(st.st_mode)))
			rc = -EEXIST;
		close(dfd);
		return rc;
	}
	/* Replace what is there, never write through it: a symlink left
	 * at the name would otherwise take the data elsewhere. */
	if (!fstatat(dfd, leaf, &st, AT_SYMLINK_NOFOLLOW)) {
		if (S_ISDIR(st.st_mode))
			rm_tree(dfd, leaf);
		else
			unlinkat(dfd, leaf, 0);
	}
	if (m->type == CT_SYMLINK) {
		rc = symlinkat(m->link, dfd, leaf) ? -errno : 0;
	} else {
		/* set-id bits are dropped: a cache holds no reason for them */
		int fd = openat(dfd, leaf,
				O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
					O_CLOEXEC,
				m->mode & 0777);
		uint64_t left = m->size;
		char buf[65536];

		if (fd < 0)
			rc = -errno;
		while (left) {
			size_t want = left < sizeof(buf) ? left : sizeof(buf);

			if (read_full(in, buf, want) <= 0) {
				rc = -EIO;
				break;
			}
			if (fd >= 0 && sh_write(fd, buf, want))
				rc = -EIO;
			left -= want;
		}
		if (fd >= 0 && close(fd))
			rc = -EIO;
	}
	close(dfd);
	return rc;
}

static int skip(int in, uint64_t n)
{
	char buf[65536];

	while (n) {
		size_t want = n < sizeof(buf) ? n : sizeof(buf);

		if (read_full(in, buf, want) <= 0)
			return -EIO;
		n -= want;
	}
	return 0;
}

/* One pass over the archive: with |root| < 0 only checks every member
 * (nothing is written unless the whole archive passes), else extracts. */
static int import_pass(const char *file, int root, uint64_t *n,
		       struct sbx_buf *err)
{
	unsigned char blk[512], magic[2] = { 0 };
	char pax_path[4096] = "", pax_link[4096] = "";
	pid_t gz = -1;
	int fd = open(file, O_RDONLY | O_CLOEXEC | O_NOCTTY), in, rc = 0;
	int status = 0;

	if (fd < 0) {
		buf_printf(err, "policy cache import: %s: %s\n", file,
			   strerror(errno));
		return 1;
	}
	in = fd;
	if (pread(fd, magic, 2, 0) == 2 && magic[0] == 0x1f && magic[1] == 0x8b)
		in = gzip_pipe(fd, true, &gz);
	*n = 0;
	for (;;) {
		struct ct_member m;
		const char *why = NULL;
		int r = read_full(in, blk, 512);

		if (r <= 0) {
			why = r ? "a truncated archive" : NULL;
			if (why) {
				buf_printf(err, "policy cache import: %s: "
						"refused: %s\n", file, why);
				rc = 1;
			}
			break;
		}
		r = ct_parse(blk, pax_path, pax_link, &m, &why);
		if (r == 0)
			break;
		if (r < 0) {
			buf_printf(err, "policy cache import: %s: refused: %s\n",
				   file, why);
			rc = 1;
			break;
		}
		pax_path[0] = pax_link[0] = 0;
		if (m.typeflag == 'x' || m.typeflag == 'g') {
			SBX_AUTOFREE char *body = NULL;
			uint64_t pad = (512 - m.size % 512) % 512;

			if (m.size > 65536) {
				why = "an oversized pax header";
			} else {
				body = xmalloc(m.size + 1);
				if (read_full(in, body, m.size) <= 0 ||
				    skip(in, pad))
					why = "a truncated archive";
				else if (m.typeflag == 'x')
					ct_pax(body, m.size, pax_path,
					       sizeof(pax_path), pax_link,
					       sizeof(pax_link));
			}
			if (why) {
				buf_printf(err, "policy cache import: %s: "
						"refused: %s\n", file, why);
				rc = 1;
				break;
			}
			continue;
		}
		if (m.type == CT_OTHER)
			why = m.typeflag == '1' ? "a hard link"
			      : m.typeflag == '3' || m.typeflag == '4'
				  ? "a device node"
			      : m.typeflag == '6' ? "a fifo"
						  : "an unknown member type";
		else if (!ct_name_ok(m.name, &why))
			;
		else if (m.type == CT_SYMLINK && !ct_link_ok(m.name, m.link,
							      &why))
			;
		else
			why = NULL;
		if (why) {
			buf_printf(err, "policy cache import: %s: refused: "
					"member '%s' is %s; nothing was "
					"imported\n",
				   file, m.name, why);
			rc = 1;
			break;
		}
		if (root >= 0) {
			int e = extract(root, &m, in);

			if (e < 0) {
				buf_printf(err, "policy cache import: %s: %s\n",
					   m.name, strerror(-e));
				rc = 1;
				break;
			}
		} else if (m.type == CT_FILE &&
			   skip(in, m.size)) {
			buf_printf(err, "policy cache import: %s: refused: a "
					"truncated archive\n", file);
			rc = 1;
			break;
		}
		if (m.type == CT_FILE && skip(in, (512 - m.size % 512) % 512)) {
			rc = 1;
			break;
		}
		(*n)++;
	}
	if (in != fd)
		close(in);
	close(fd);
	if (gz > 0) {
		waitpid(gz, &status, 0);
		if (status && !rc) {
			buf_printf(err, "policy cache import: %s: gzip failed\n",
				   file);
			rc = 1;
		}
	}
	return rc;
}

static int import(const char *dir, bool json, const char *file,
		  struct sbx_buf *out, struct sbx_buf *err)
{
	uint64_t n;
	int root, rc;

	if (import_pass(file, -1, &n, err))
		return 1;
	root = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (root < 0 && errno == ENOENT && !mkdir(dir, 0755))
		root = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (root < 0) {
		buf_printf(err, "policy cache import: %s: %s\n", dir,
			   strerror(errno));
		return 1;
	}
	rc = import_pass(file, root, &n, err);
	close(root);
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
		buf_printf(err, "policy cache %s: which file? (policy cache "
				"%s FILE%s)\n", sub, sub,
			   *sub == 'e' ? ".tar[.gz]" : "");
		return 2;
	}
	if (!strcmp(sub, "export"))
		return export(dir, json, argv[2], out, err);
	if (!strcmp(sub, "import"))
		return import(dir, json, argv[2], out, err);
	buf_printf(err, "policy cache: unknown subcommand '%s' (list, prune, "
			"export, import)\n", sub);
	return 2;
}
