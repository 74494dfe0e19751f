/* shell/session/gitscan.c — the bounded scan for repositories, the fingerprints
 * of what the mount layer cannot hold, and the end-of-session report
 * (docs/design.md §2b). The rules of git are core/gitmeta.c's; this file
 * walks, stats and reads.
 *
 * The workspace is hostile at both ends: a job of an earlier session (or
 * this one, for the report) may have planted symlinks, FIFOs, huge files
 * and deep or wide trees. So every walk opens folders with O_NOFOLLOW,
 * never descends through a symlink, stops at a depth and at a folder
 * budget; files are opened O_NONBLOCK|O_NOCTTY (a FIFO cannot block us),
 * checked to be regular files on the descriptor, and read only up to a
 * bound.
 *
 * The end of the session may come from a signal handler (SIGTERM kills
 * `sbxsh -c` while a job runs), so gs_end() and all it calls allocate
 * nothing and use only async-signal-safe calls: open, openat, getdents64,
 * fstatat, readlinkat, read, write, close, clock_gettime. What it needs
 * is allocated by gs_arm(), before any command runs.
 */
#include "gitscan.h"
#include "session.h"
#include "output.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "backend.h"
#include "be_base.h"
#include "canon.h"
#include "gitcache.h"
#include "gitend.h"
#include "gitfmt.h"

extern char **environ;

volatile sig_atomic_t gs_dirty;

/* Folders the scan never enters: sbxsh's own, and tools' output, where
 * no one keeps a repository they run git in. */
static const char *const skip_names[] = {
    ".git",	   ".sandbox-cache", ".sandbox-runs", "node_modules",
    ".venv",	   "venv",	     "target",	      "__pycache__",
    ".tox",	   ".nox",	     ".mypy_cache",   ".pytest_cache",
    ".ruff_cache", ".gradle",	     ".cache",	      ".next",
};

/* Lookups and listings one walk may make: a tree a job made wide or deep
 * must not stall the start-up (about 1 µs each). */
#define GS_BUDGET 8192
#define GS_MAX_CHILDREN 256 /* entries fingerprinted per protected folder */
#define GS_MAX_LINES 40

/* --- the walk (no allocation: the end of the session walks too) --------- */

struct walk {
	char path[PATH_MAX];
	size_t len;
	int depth;
	unsigned budget;
	bool truncated;
	void (*found)(struct walk *w, enum gm_kind k, const struct stat *st);
	void *ctx;
	/* The scan cache (below): |in| the text read at the start (NULL:
	 * none to trust), |record| whether to write gc.out as we go; |l1| the
	 * length of w->path at the folder below the workspace being walked
	 * (0: none), |l1mark| where its block starts in gc.out. */
	const char *in, *inend;
	bool record;
	size_t l1, l1mark;
	bool l1bad; /* a name in the block cannot be written: drop it */
};

/*
 * The scan cache. Looking for a .git in every folder two levels down is
 * one lookup each: about 300 in a repository of 20 000 files, a third of
 * `sbxsh -c true` in a fresh process (tests/bench/bench-git.sh). So the
 * default scan (depth 2) is remembered in sbxsh's state folder, next to
 * the history and masked like it inside the sandbox (no job can read or
 * write it), one file per workspace: for each folder directly below the
 * workspace, its inode and times, and the repositories in it and one
 * level below. At the next start a folder whose inode, mtime and ctime
 * are unchanged has the same entries, so its repositories are taken from
 * the cache (each still looked up) and the lookups below it are skipped;
 * a changed folder is walked again.
 *
 * What that cannot see: a .git made since in a folder two levels down
 * that already existed (`git init a/b`) changes a/b's times, not a's.
 * Every session that ran a command ends with a full scan, which rewrites
 * the cache: a job's `git init a/b` is protected from the next session
 * on. One done outside the sandbox between sessions is not, until a
 * session has ended after it; in that session the repository, unknown at
 * the start, is reported at the end like any new one if it has hooks or a
 * non-default config. Any doubt (another format, workspace, device,
 * inode or depth, a line that does not parse, a name with a newline)
 * means a full scan of what it concerns.
 *
 * The format: core/gitcache.h.
 */
#define GS_CACHE_MAX 65536

/* A file static, as the git scan's others are (gitscan.h, the one
 * exception to the state in struct session): the end-of-session scan that
 * rewrites the cache may run in a signal handler, which can reach nothing
 * else, and must not allocate. */
static struct {
	int fd; /* opened before confinement; -1: no cache */
	char out[GS_CACHE_MAX];
	struct gcache_out o; /* writes into out */
} gc = {.fd = -1, .o = {.b = gc.out, .cap = GS_CACHE_MAX}};

static struct gcache_stamp stamp_of(const struct stat *st)
{
	return (struct gcache_stamp){
	    .ino = (uint64_t)st->st_ino,
	    .mtime_s = (uint64_t)st->st_mtim.tv_sec,
	    .mtime_ns = (uint64_t)st->st_mtim.tv_nsec,
	    .ctime_s = (uint64_t)st->st_ctim.tv_sec,
	    .ctime_ns = (uint64_t)st->st_ctim.tv_nsec,
	};
}

static void c_dir(struct walk *w, const char *name, const struct stat *st)
{
	struct gcache_stamp t = stamp_of(st);

	if (!gcache_dir(&gc.o, name, &t))
		w->l1bad = true;
}

/* Writes gc.out to the cache if it is not what was read. Only syscalls,
 * never waiting for a lock another session holds. */
static void c_write(const char *in, size_t inlen)
{
	if (gc.fd < 0 || gc.o.overflow ||
	    (in && inlen == gc.o.len && !memcmp(in, gc.out, inlen)))
		return;
	if (flock(gc.fd, LOCK_EX | LOCK_NB) < 0)
		return;
	if (pwrite(gc.fd, gc.out, gc.o.len, 0) == (ssize_t)gc.o.len)
		(void)ftruncate(gc.fd, (off_t)gc.o.len);
	else
		(void)ftruncate(gc.fd, 0); /* half written: not trusted */
	flock(gc.fd, LOCK_UN);
}

static enum gm_kind kind_of_mode(mode_t m)
{
	if (S_ISDIR(m))
		return GM_DIR;
	if (S_ISREG(m))
		return GM_FILE;
	if (S_ISLNK(m))
		return GM_LINK;
	return GM_OTHER;
}

static bool skipped(const char *name)
{
	for (size_t i = 0; i < sizeof(skip_names) / sizeof(*skip_names); i++)
		if (!strcmp(name, skip_names[i]))
			return true;
	return false;
}

static bool push(struct walk *w, const char *name)
{
	size_t n = strlen(name);

	if (w->len + 1 + n + 1 > sizeof(w->path))
		return false;
	w->path[w->len] = '/';
	memcpy(w->path + w->len + 1, name, n + 1);
	w->len += 1 + n;
	return true;
}

static void pop(struct walk *w, size_t len)
{
	w->len = len;
	w->path[len] = '\0';
}

static bool spend(struct walk *w)
{
	if (!w->budget) {
		w->truncated = true;
		return false;
	}
	w->budget--;
	return true;
}

/* A .git at w->path: reported, and recorded in the cache block of the
 * folder below the workspace it lies in. */
static void hit(struct walk *w, enum gm_kind k, const struct stat *st)
{
	w->found(w, k, st);
	if (w->record && w->l1) {
		const char *rel = w->path + w->l1 + 1; /* "x/.git", ".git" */
		size_t n = w->len - w->l1 - 1 - 4;

		if (!gcache_repo(&gc.o, k, rel, n ? n - 1 : 0))
			w->l1bad = true;
	}
}

/* w->path/.git, looked up from |dfd| as |rel| ("name/.git" or ".git"). */
static void look(struct walk *w, int dfd, const char *rel)
{
	struct stat st;
	size_t len = w->len;

	if (!spend(w) || fstatat(dfd, rel, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return;
	if (push(w, ".git")) {
		hit(w, kind_of_mode(st.st_mode), &st);
		pop(w, len);
	}
}

static void list(struct walk *w, int fd, int level);

/* Folder |name| of |dfd| at |level| (w->path already names it): listed
 * above the last level, only asked for its .git at the last. */
static void examine(struct walk *w, int dfd, const char *name, int level)
{
	char rel[NAME_MAX + 8];
	struct stat st;
	int fd;

	if (level >= w->depth) {
		size_t n = strlen(name);

		if (n + 6 > sizeof(rel))
			return;
		memcpy(rel, name, n);
		memcpy(rel + n, "/.git", 6);
		look(w, dfd, rel);
		return;
	}
	if (!spend(w))
		return;
	fd = be_open_dir(dfd, name);
	if (fd < 0)
		return;
	if (level == 1 && w->record && fstat(fd, &st) == 0)
		c_dir(w, name, &st);
	list(w, fd, level);
	close(fd);
}

/* Folder |name| below the workspace from the cache, when its inode and
 * times are what the cache says: its repositories, each looked up again.
 * False if it must be walked. */
static bool replay(struct walk *w, int dfd, const char *name)
{
	const char *l = w->in ? gcache_find(w->in, w->inend, name) : NULL;
	const char *e, *block;
	char rel[NAME_MAX + 8];
	struct gcache_stamp t;
	struct stat st;
	int r;

	if (!l || fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
	    !(e = memchr(l, '\n', (size_t)(w->inend - l))))
		return false;
	t = stamp_of(&st);
	if (!gcache_same(l, e, &t))
		return false;
	/* A block with a line sbxsh never writes is walked, not trusted. */
	block = e + 1;
	while ((r = gcache_next_repo(&block, w->inend, rel, sizeof(rel))) > 0)
		;
	if (r < 0)
		return false;
	c_dir(w, name, &st);
	for (l = e + 1; gcache_next_repo(&l, w->inend, rel, sizeof(rel)) > 0;) {
		size_t len = w->len;

		if (strcmp(rel, ".") && !push(w, rel))
			continue;
		/* Still there, and what: the cache says only where. */
		if (push(w, ".git") &&
		    fstatat(AT_FDCWD, w->path, &st, AT_SYMLINK_NOFOLLOW) == 0)
			hit(w, kind_of_mode(st.st_mode), &st);
		pop(w, len);
	}
	return true;
}

static void list(struct walk *w, int fd, int level)
{
	char buf[4096] __attribute__((aligned(8)));
	long n;

	while ((n = (long)getdents64(fd, buf, sizeof(buf))) > 0) {
		for (long off = 0; off < n;) {
			struct dirent64 *e = (struct dirent64 *)(buf + off);
			const char *nm = e->d_name;
			unsigned char t = e->d_type;
			size_t len = w->len;
			struct stat st;

			off += e->d_reclen;
			if (nm[0] == '.' &&
			    (!nm[1] || (nm[1] == '.' && !nm[2])))
				continue;
			if (t == DT_UNKNOWN) {
				if (fstatat(fd, nm, &st, AT_SYMLINK_NOFOLLOW) <
				    0)
					continue;
				t = S_ISDIR(st.st_mode)	  ? DT_DIR
				    : S_ISLNK(st.st_mode) ? DT_LNK
							  : DT_REG;
			}
			if (!strcmp(nm, ".git")) {
				if (fstatat(fd, nm, &st, AT_SYMLINK_NOFOLLOW) ==
					0 &&
				    push(w, nm)) {
					hit(w, kind_of_mode(st.st_mode), &st);
					pop(w, len);
				}
				continue;
			}
			if (t != DT_DIR || skipped(nm) || !push(w, nm))
				continue;
			if (level == 0 && w->depth == 2) {
				/* A folder below the workspace: one block of
				 * the cache. */
				w->l1 = w->len;
				w->l1mark = gc.o.len;
				w->l1bad = false;
				if (!replay(w, fd, nm))
					examine(w, fd, nm, 1);
				if (w->l1bad)
					gc.o.len = w->l1mark;
				w->l1 = 0;
			} else {
				examine(w, fd, nm, level + 1);
			}
			pop(w, len);
			if (w->truncated)
				return;
		}
	}
}

/* Walks |root| (canonical) as deep as w->depth. */
static void walk_root(struct walk *w, const char *root)
{
	size_t n = strlen(root);
	struct stat st;
	int fd;

	if (n + 1 > sizeof(w->path))
		return;
	memcpy(w->path, root, n + 1);
	w->len = n;
	fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return;
	gc.o.len = 0;
	gc.o.overflow = false;
	w->record = w->record && w->depth == 2 && fstat(fd, &st) == 0 &&
		    gcache_header(&gc.o, (uint64_t)st.st_dev,
				  (uint64_t)st.st_ino, root);
	if (w->record) {
		/* Another workspace, device or inode: nothing to trust. */
		if (w->in && !gcache_header_matches(&gc.o, w->in,
						    (size_t)(w->inend - w->in)))
			w->in = NULL;
	} else {
		w->in = NULL;
	}
	if (w->depth <= 0)
		look(w, fd, ".git");
	else
		list(w, fd, 0);
	close(fd);
	if (w->truncated)
		gc.o.overflow = true; /* a partial scan is no cache */
}

/* --- the disk as core/gitmeta.c asks for it ------------------------------ */

static enum gm_kind d_kind(void *ctx, const char *path)
{
	struct stat st;

	(void)ctx;
	if (fstatat(AT_FDCWD, path, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return GM_ABSENT;
	return kind_of_mode(st.st_mode);
}

/* Up to |cap| bytes of |path| (beneath |root|, NULL: anywhere; opened
 * by be_open_regular: a regular file only, no symlink on the way unless
 * |how| says BE_OPEN_FOLLOW, never a device or a FIFO); -EFBIG if there
 * is more. No allocation. */
static long read_at(const char *root, unsigned how, const char *path, char *buf,
		    size_t cap)
{
	struct stat st;
	int fd = be_open_regular(root, path, how, &st);
	size_t got = 0;
	char extra;

	if (fd < 0)
		return fd;
	while (got < cap) {
		ssize_t k = read(fd, buf + got, cap - got);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		got += (size_t)k;
	}
	if (got == cap && read(fd, &extra, 1) > 0) {
		close(fd);
		return -EFBIG;
	}
	close(fd);
	return (long)got;
}

static long d_read(void *ctx, const char *root, const char *path, char *buf,
		   size_t cap)
{
	(void)ctx;
	return read_at(root, 0, path, buf, cap);
}

static void d_subdirs(void *ctx, const char *path, struct sbx_strv *out)
{
	char buf[4096] __attribute__((aligned(8)));
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC |
				O_NONBLOCK);
	long n;
	unsigned count = 0;

	(void)ctx;
	if (fd < 0)
		return;
	while ((n = (long)getdents64(fd, buf, sizeof(buf))) > 0) {
		for (long off = 0; off < n && count < GS_MAX_CHILDREN;) {
			struct dirent64 *e = (struct dirent64 *)(buf + off);
			struct stat st;

			off += e->d_reclen;
			if (e->d_name[0] == '.' &&
			    (!e->d_name[1] ||
			     (e->d_name[1] == '.' && !e->d_name[2])))
				continue;
			if (e->d_type == DT_DIR ||
			    (e->d_type == DT_UNKNOWN &&
			     fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) ==
				 0 &&
			     S_ISDIR(st.st_mode))) {
				strv_push(out, e->d_name);
				count++;
			}
		}
	}
	close(fd);
}

struct scan_ctx {
	struct gm_plan *plan;
	const struct gm_disk *disk;
};

static void found_at_start(struct walk *w, enum gm_kind k,
			   const struct stat *st)
{
	struct scan_ctx *sc = w->ctx;

	(void)st;
	gm_add_dotgit(sc->plan, sc->disk, w->path, k);
}

/* $VAR made absolute against the current folder, or NULL. New string. */
static char *env_path(const char *name)
{
	const char *v = getenv(name);
	SBX_AUTOFREE char *cwd = NULL;
	SBX_AUTOFREE char *j = NULL;

	if (!v || !*v)
		return NULL;
	if (v[0] == '/')
		return path_fold(v);
	cwd = getcwd(NULL, 0);
	if (!cwd)
		return NULL;
	j = path_join(cwd, v);
	return path_fold(j);
}

/* Lookups below which a workspace gets no cache file: a small tree
 * costs less to walk than the file to read, and sbxsh's state folder is
 * not made just for it. */
#define GS_CACHE_WORTH 128

/* The cache file of |workspace|, opened for reading and, when |write|,
 * writing (created when |create|); its text in *in. -1 if none. */
static int c_open(const char *workspace, bool write, bool create, char **in,
		  size_t *len)
{
	SBX_AUTOFREE char *dir = ses_state_dir();
	SBX_AUTOFREE char *path = NULL;
	int fl = (write ? O_RDWR : O_RDONLY) | (create ? O_CREAT : 0) |
		 O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
	struct stat st;
	long n;
	int fd;

	*in = NULL;
	*len = 0;
	if (!dir)
		return -1;
	path = xasprintf(
	    "%s/gitscan-%016llx", dir,
	    (unsigned long long)gm_hash(0, workspace, strlen(workspace)));
	fd = open(path, fl, 0600);
	if (fd < 0 && errno == ENOENT && create && ses_mkdir_p(dir, 0700) == 0)
		fd = open(path, fl, 0600);
	/* Ours, a regular file: anything else is not read, nor written. */
	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    st.st_uid != geteuid()) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	*in = xmalloc(GS_CACHE_MAX + 1);
	n = pread(fd, *in, GS_CACHE_MAX, 0);
	/* One that fills the buffer was not written by us: not trusted. */
	*len = n > 0 && n < GS_CACHE_MAX ? (size_t)n : 0;
	/* Out of the range scripts and redirections name, like every fd of
	 * the shell's own. */
	return out_fd_private(fd);
}

/* A protected file with other hard links (made while nothing held it):
 * the mount holds this name, the inode stays writable through the others
 * (a link() across mounts fails with EXDEV, so no job makes a new one).
 * Said, and watched even where the mount layer holds it. */
static void flag_hard_links(struct gm_plan *p)
{
	for (size_t i = 0; i < p->npaths; i++) {
		struct gm_path *e = &p->paths[i];
		struct stat st;

		if (e->flags &
			(GM_P_DIR | GM_P_ABSENT | GM_P_LINK | GM_P_PIN) ||
		    fstatat(AT_FDCWD, e->path, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
		    !S_ISREG(st.st_mode) || st.st_nlink < 2)
			continue;
		e->flags |= GM_P_NLINK;
		strv_take(&p->notes,
			  xasprintf("%s has %lu other hard link%s: it can be "
				    "changed through them (a change is "
				    "reported); cp it to a new file and mv "
				    "that over it to give it an inode of its "
				    "own",
				    e->path, (unsigned long)st.st_nlink - 1,
				    st.st_nlink == 2 ? "" : "s"));
	}
}

struct gm_plan *gs_scan(const char *workspace, const char *home, int depth,
			char *const *protect, const char *const *protect_from,
			void *memo, bool create)
{
	struct gm_disk disk = {.kind = d_kind,
			       .read = d_read,
			       .subdirs = d_subdirs,
			       .canon = sh_canon_memo,
			       .ctx = memo};
	struct gm_plan *p = gm_plan_new(workspace, home);
	struct scan_ctx sc = {p, &disk};
	struct walk *w = xcalloc(1, sizeof(*w));
	SBX_AUTOFREE char *gd = env_path("GIT_DIR");
	SBX_AUTOFREE char *gcd = env_path("GIT_COMMON_DIR");
	const char *xdg = getenv("XDG_CONFIG_HOME");

	SBX_AUTOFREE char *in = NULL;
	size_t inlen = 0;

	w->depth = depth;
	w->budget = GS_BUDGET;
	w->found = found_at_start;
	w->ctx = &sc;
	if (depth == 2) {
		gc.fd = c_open(workspace, create, false, &in, &inlen);
		w->in = in;
		w->inend = in ? in + inlen : NULL;
		w->record = create;
	}
	walk_root(w, workspace);
	if (w->record && gc.fd < 0 && GS_BUDGET - w->budget > GS_CACHE_WORTH) {
		/* Worth a file: made now, before confinement. */
		free(in);
		gc.fd = c_open(workspace, true, true, &in, &inlen);
		/* A new file: nothing of it to keep (c_open() allocated its
		 * buffer all the same). */
		free(in);
		in = NULL;
		inlen = 0;
	}
	if (w->record)
		c_write(in, inlen);
	if (!create && gc.fd >= 0) {
		close(gc.fd);
		gc.fd = -1;
	}
	p->depth = depth;
	p->truncated = w->truncated;
	if (w->truncated)
		strv_take(&p->notes,
			  xasprintf("the scan for repositories stopped after "
				    "%u folders: repositories further down "
				    "%s are not protected (--git-depth 1 "
				    "looks less deep)",
				    GS_BUDGET, workspace));
	free(w);
	/* git in the session, and outside it in the same environment,
	 * uses these. */
	if (gd)
		gm_add_env_gitdir(p, &disk, gd, gcd);
	{
		const char *vars[] = {"GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM",
				      "GIT_CONFIG"};

		for (size_t i = 0; i < sizeof(vars) / sizeof(*vars); i++) {
			SBX_AUTOFREE char *f = env_path(vars[i]);

			gm_add_file(p, &disk, f);
		}
	}
	if (home) {
		SBX_AUTOFREE char *g = path_join(home, ".gitconfig");
		SBX_AUTOFREE char *x =
		    xdg && xdg[0] == '/'
			? path_join(xdg, "git/config")
			: path_join(home, ".config/git/config");

		gm_add_file(p, &disk, g);
		gm_add_file(p, &disk, x);
	}
	for (size_t i = 0; protect && protect[i]; i++)
		gm_add_user(p, &disk, protect[i],
			    protect_from ? protect_from[i] : NULL);
	gm_workspace_roots(p, &disk);
	gm_plan_finish(p);
	flag_hard_links(p);
	return p;
}

/* --- fingerprints -------------------------------------------------------- */

struct fp {
	char *path;
	struct gm_stat st;
	enum gm_why why;
	bool identity; /* what the entry is, not its content */
	bool listed;   /* a folder whose entries are fingerprinted too */
	int parent;    /* the listed folder this entry lies in, or -1 */
	const char *repo;
};

struct known {
	char *dotgit;
	uint64_t dev, ino;
	enum gm_kind kind;
};

/* All of it allocated by gs_arm(), read by gs_end(). File statics: the
 * signal handler has no other way to reach them (the exception gitscan.h
 * and docs/architecture.md "Session state" name). */
static struct {
	pid_t pid;
	int fd; /* a copy of stderr, for the report */
	int depth;
	char *workspace;
	struct fp *fps;
	size_t nfps;
	struct known *known;
	size_t nknown;
	struct gm_plan *plan; /* the repositories, for the messages */
	volatile sig_atomic_t done;
} gs = {.fd = -1};

/* The content, hashed: a file read in chunks, or a link's target. */
static uint64_t hash_entry(const char *path, enum gm_kind k)
{
	static char buf[16384];
	uint64_t h = 0;
	struct stat st;
	int fd;
	ssize_t n;
	size_t total = 0;

	if (k == GM_LINK) {
		n = readlinkat(AT_FDCWD, path, buf, sizeof(buf));
		return n >= 0 ? gm_hash(0, buf, (size_t)n) : 0;
	}
	/* Only what lstat called a regular file is looked into: a device
	 * or FIFO a config names (include.path = /dev/ptmx) is not even
	 * resolved again. be_open_regular judges it anew on the fd. */
	if (k != GM_FILE)
		return 0;
	fd = be_open_regular(NULL, path, 0, &st);
	if (fd < 0)
		return 0;
	/* A hook or config above 1 MiB is hashed in its first MiB; its size
	 * and times still tell a change. */
	while (total < (1u << 20) && (n = read(fd, buf, sizeof(buf))) > 0) {
		h = gm_hash(h, buf, (size_t)n);
		total += (size_t)n;
	}
	close(fd);
	return h;
}

static int64_t now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_REALTIME, &t);
	return (int64_t)t.tv_sec;
}

/* What |path| is now; content hashed when |hash| (or when stat cannot
 * tell a change: racy). No allocation. */
static void stat_entry(const char *path, struct gm_stat *g, bool hash,
		       int64_t now)
{
	struct stat st;

	memset(g, 0, sizeof(*g));
	if (fstatat(AT_FDCWD, path, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		g->kind = GM_ABSENT;
		return;
	}
	g->kind = kind_of_mode(st.st_mode);
	g->dev = (uint64_t)st.st_dev;
	g->ino = (uint64_t)st.st_ino;
	g->size = (uint64_t)st.st_size;
	g->mode = (uint32_t)st.st_mode;
	g->mtime_s = (int64_t)st.st_mtim.tv_sec;
	g->mtime_ns = st.st_mtim.tv_nsec;
	g->ctime_s = (int64_t)st.st_ctim.tv_sec;
	g->ctime_ns = st.st_ctim.tv_nsec;
	if (hash || gm_needs_hash(g, now)) {
		g->hash = hash_entry(path, g->kind);
		g->hashed = g->kind == GM_FILE || g->kind == GM_LINK;
	}
}

static void add_fp(const char *path, enum gm_why why, bool identity, int parent,
		   const char *repo, int64_t now)
{
	struct fp *f;

	gs.fps = xrealloc(gs.fps, (gs.nfps + 1) * sizeof(*gs.fps));
	f = &gs.fps[gs.nfps++];
	memset(f, 0, sizeof(*f));
	f->path = xstrdup(path);
	f->why = why;
	f->identity = identity;
	f->parent = parent;
	f->repo = repo;
	/* A parent's hash would be of nothing: only files and links. */
	stat_entry(path, &f->st, false, now);
	if (f->st.kind == GM_LINK && !f->st.hashed) {
		f->st.hash = hash_entry(path, GM_LINK);
		f->st.hashed = true;
	}
}

/* The folder's entries, each fingerprinted (hooks/: a job writing into
 * an existing hook changes that file, not the folder). */
static void add_children(int idx, const char *dir, int64_t now)
{
	struct sbx_strv names = {0};
	char buf[4096] __attribute__((aligned(8)));
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK);
	long n;

	if (fd < 0)
		return;
	while ((n = (long)getdents64(fd, buf, sizeof(buf))) > 0) {
		for (long off = 0; off < n && names.n < GS_MAX_CHILDREN;) {
			struct dirent64 *e = (struct dirent64 *)(buf + off);

			off += e->d_reclen;
			if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
				strv_push(&names, e->d_name);
		}
	}
	close(fd);
	gs.fps[idx].listed = true;
	for (size_t i = 0; i < names.n; i++) {
		SBX_AUTOFREE char *p = path_join(dir, names.v[i]);

		add_fp(p, gs.fps[idx].why, false, idx, gs.fps[idx].repo, now);
	}
	strv_free(&names);
}

static const char *repo_dir(const struct gm_path *e)
{
	const struct gm_repo *r;

	if (!gs.plan || e->repo < 0 || (size_t)e->repo >= gs.plan->nrepos)
		return NULL;
	r = &gs.plan->repos[e->repo];
	return r->worktree ? r->worktree : r->gitdir;
}

static int by_dotgit(const void *a, const void *b)
{
	return strcmp(((const struct known *)a)->dotgit,
		      ((const struct known *)b)->dotgit);
}

static void on_fatal(int sig)
{
	struct sigaction sa;
	sigset_t set;

	gs_end();
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigaction(sig, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
}

/* Signals that would end the shell without a word: caught, so that the
 * report comes first. Only those at their default disposition now (an
 * ignored one stays ignored: POSIX; an interactive shell replaces these
 * with its own, and its SIGHUP handler calls gs_end() itself). */
static void catch_fatal(void)
{
	static const int sigs[] = {SIGHUP, SIGTERM, SIGINT};

	for (size_t i = 0; i < sizeof(sigs) / sizeof(*sigs); i++) {
		struct sigaction old, sa;

		if (sigaction(sigs[i], NULL, &old) < 0 ||
		    old.sa_handler != SIG_DFL)
			continue;
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_fatal;
		sa.sa_flags = SA_RESTART;
		sigfillset(&sa.sa_mask);
		sigaction(sigs[i], &sa, NULL);
	}
}

void gs_arm(const struct sbx_policy *pol)
{
	const struct gm_plan *g = pol_git(pol);
	bool all = pol_guard(pol) == POL_GUARD_CHECKER;
	int64_t now = now_s();

	if (pol_scope(pol) == POL_SCOPE_READONLY || !g)
		return;
	gs.pid = getpid();
	gs.depth = g->depth;
	gs.workspace = xstrdup(pol_layout(pol)->workspace);
	gs.plan = gm_plan_copy(g);
	for (size_t i = 0; i < gs.plan->npaths; i++) {
		const struct gm_path *e = &gs.plan->paths[i];
		/* Held by a mount: cannot change. What no mount holds is
		 * watched in every mode: an absent file, a symlink, and the
		 * identity of a pinned git dir (a folder above it may still
		 * be renamed, and the git dir with it). */
		bool watch = e->flags &
			     (GM_P_ABSENT | GM_P_LINK | GM_P_PIN | GM_P_NLINK);

		if (!all && !watch)
			continue;
		add_fp(e->path, e->why, (e->flags & GM_P_PIN) != 0, -1,
		       repo_dir(e), now);
		/* A protected folder: what it is, and each entry in it (its
		 * own times change with every entry made or removed). */
		if (all && (e->flags & GM_P_DIR) && !(e->flags & GM_P_PIN) &&
		    gs.fps[gs.nfps - 1].st.kind == GM_DIR) {
			gs.fps[gs.nfps - 1].identity = true;
			add_children((int)gs.nfps - 1, e->path, now);
		}
	}
	for (size_t i = 0; i < gs.plan->nrepos; i++) {
		const struct gm_repo *r = &gs.plan->repos[i];
		struct stat st;
		struct known *k;

		if (!r->dotgit || !path_under(gs.workspace, r->dotgit) ||
		    fstatat(AT_FDCWD, r->dotgit, &st, AT_SYMLINK_NOFOLLOW) < 0)
			continue;
		gs.known =
		    xrealloc(gs.known, (gs.nknown + 1) * sizeof(*gs.known));
		k = &gs.known[gs.nknown++];
		k->dotgit = xstrdup(r->dotgit);
		k->dev = (uint64_t)st.st_dev;
		k->ino = (uint64_t)st.st_ino;
		k->kind = kind_of_mode(st.st_mode);
	}
	if (gs.nknown)
		qsort(gs.known, gs.nknown, sizeof(*gs.known), by_dotgit);
	gs.fd = out_fd_private(fcntl(2, F_DUPFD_CLOEXEC, 0));
	catch_fatal();
}

/* --- the end of the session: no allocation from here on ------------------ */

/* gs_end()'s lines said and held back: file statics for the same reason. */
static unsigned nlines, nmore;

static void say(const char *line, size_t n)
{
	char nl = '\n';

	if (nlines >= GS_MAX_LINES) {
		nmore++;
		return;
	}
	nlines++;
	if (gs.fd < 0)
		return;
	if (write(gs.fd, line, n) < 0 || write(gs.fd, &nl, 1) < 0) {
		/* The terminal is gone (a hang-up): nothing to do. */
	}
}

static void say_change(const char *path, enum gm_why why, enum gm_change ch,
		       const char *repo)
{
	char line[PATH_MAX * 2 + 256];

	say(line, gm_fmt_change(line, sizeof(line), path, why, ch, repo));
}

/* Appends |s| to the comma-separated list |b| (bounded). */
static void list_add(char *b, size_t cap, const char *s)
{
	size_t n = strlen(b), k = strlen(s);

	if (n + k + 3 >= cap) {
		if (n + 4 < cap && !strstr(b, "..."))
			memcpy(b + n, ", ...", 6 <= cap - n ? 6 : 0);
		return;
	}
	if (n) {
		memcpy(b + n, ", ", 2);
		n += 2;
	}
	memcpy(b + n, s, k + 1);
}

static void hooks_of(const char *c, char *out, size_t cap)
{
	char dir[PATH_MAX], buf[4096] __attribute__((aligned(8)));
	int fd;
	long n;

	if (gm_join(dir, sizeof(dir), c, "hooks", 5) < 0)
		return;
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return;
	while ((n = (long)getdents64(fd, buf, sizeof(buf))) > 0)
		for (long off = 0; off < n;) {
			struct dirent64 *e = (struct dirent64 *)(buf + off);

			off += e->d_reclen;
			if (gm_hook_name(e->d_name))
				list_add(out, cap, e->d_name);
		}
	close(fd);
}

/* The keys of config |path| that git init or clone would not write. */
static void keys_of(const char *dir, const char *name, char *out, size_t cap)
{
	static char text[65536];
	static struct gm_cfg_kv kv;
	char path[PATH_MAX],
	    key[sizeof(kv.section) + sizeof(kv.sub) + sizeof(kv.name) + 3];
	struct gm_cfg c;
	long n;

	if (gm_join(path, sizeof(path), dir, name, strlen(name)) < 0)
		return;
	n = read_at(NULL, BE_OPEN_FOLLOW, path, text, sizeof(text));
	if (n == -EFBIG) {
		/* The buffer holds its first 64 KiB: those are judged. */
		list_add(out, cap, "a config over 64 KiB");
		n = sizeof(text);
	}
	if (n < 0)
		return;
	gm_cfg_init(&c, text, (size_t)n);
	while (gm_cfg_next(&c, &kv) == 1) {
		size_t sl = strlen(kv.section), bl = strlen(kv.sub);

		if (gm_key_default(&kv))
			continue;
		memcpy(key, kv.section, sl);
		key[sl] = '.';
		if (bl) {
			memcpy(key + sl + 1, kv.sub, bl);
			key[sl + 1 + bl] = '.';
			sl += bl + 1;
		}
		memcpy(key + sl + 1, kv.name, strlen(kv.name) + 1);
		if (!strstr(out, key))
			list_add(out, cap, key);
	}
}

/* A repository that was not there at the start (or whose .git is
 * another now), at w->path: its hooks and config, followed as git does. */
/* Is |dir| the common dir (|common|) or git dir of a repository found
 * at the start? */
static bool known_dir(const char *dir, bool common)
{
	for (size_t i = 0; gs.plan && i < gs.plan->nrepos; i++) {
		const char *d = common ? gs.plan->repos[i].commondir
				       : gs.plan->repos[i].gitdir;

		if (d && !strcmp(d, dir))
			return true;
	}
	return false;
}

/* The shell is confined here: links are followed as the git outside
 * will follow them (BE_OPEN_FOLLOW), the type still judged before any
 * open for reading. */
static void examine_new(const char *dotgit, enum gm_kind k)
{
	char wt[PATH_MAX], g[PATH_MAX], c[PATH_MAX], text[4096];
	char hooks[256] = "", keys[320] = "", line[PATH_MAX + 900];
	const char *slash = strrchr(dotgit, '/');
	size_t off, pl;
	long n;

	if (!slash || (size_t)(slash - dotgit) >= sizeof(wt))
		return;
	memcpy(wt, dotgit, (size_t)(slash - dotgit));
	wt[slash - dotgit] = '\0';
	if (k == GM_DIR || k == GM_LINK) {
		if (gm_join(g, sizeof(g), "/", dotgit, strlen(dotgit)) < 0)
			return;
	} else if (k == GM_FILE) {
		n = read_at(NULL, BE_OPEN_FOLLOW, dotgit, text, sizeof(text));
		if (n < 0 || gm_gitfile_path(text, (size_t)n, &off, &pl) < 0 ||
		    gm_join(g, sizeof(g), wt, text + off, pl) < 0)
			return;
	} else {
		return;
	}
	{
		char cdf[PATH_MAX];

		memcpy(c, g, strlen(g) + 1);
		if (gm_join(cdf, sizeof(cdf), g, "commondir", 9) == 0 &&
		    (n = read_at(NULL, BE_OPEN_FOLLOW, cdf, text,
				 sizeof(text))) >= 0 &&
		    gm_commondir_path(text, (size_t)n, &pl) == 0)
			gm_join(c, sizeof(c), g, text, pl);
	}
	/* A common dir known at the start (`git worktree add` in the
	 * session: a new worktree of a repository already here) had its
	 * hooks and config protected, and watched: not the new one's news. */
	if (!known_dir(c, true)) {
		hooks_of(c, hooks, sizeof(hooks));
		keys_of(c, "config", keys, sizeof(keys));
		if (strcmp(c, g) != 0)
			keys_of(c, "config.worktree", keys, sizeof(keys));
	}
	if (!known_dir(g, false))
		keys_of(g, "config.worktree", keys, sizeof(keys));
	if (hooks[0] || keys[0])
		say(line, gm_fmt_new_repo(line, sizeof(line), wt, hooks, keys));
}

static void found_at_end(struct walk *w, enum gm_kind k, const struct stat *st)
{
	size_t lo = 0, hi = gs.nknown;

	(void)w;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(gs.known[mid].dotgit, w->path);

		if (c == 0) {
			const struct known *kn = &gs.known[mid];

			if (kn->dev == (uint64_t)st->st_dev &&
			    kn->ino == (uint64_t)st->st_ino && kn->kind == k)
				return; /* the same one */
			break;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	examine_new(w->path, k);
}

/* Entries of listed folder |idx| that were not there at the start. */
static void new_children(size_t idx)
{
	char buf[4096] __attribute__((aligned(8))), p[PATH_MAX];
	const struct fp *d = &gs.fps[idx];
	int fd = open(d->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK);
	unsigned seen = 0;
	long n;

	if (fd < 0)
		return;
	while ((n = (long)getdents64(fd, buf, sizeof(buf))) > 0) {
		for (long off = 0; off < n && seen < GS_MAX_CHILDREN;) {
			struct dirent64 *e = (struct dirent64 *)(buf + off);
			bool known = false;

			off += e->d_reclen;
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			seen++;
			if ((d->why == GM_WHY_HOOKS ||
			     d->why == GM_WHY_HOOKSPATH) &&
			    !gm_hook_name(e->d_name))
				continue; /* a new sample runs nowhere */
			if (gm_join(p, sizeof(p), d->path, e->d_name,
				    strlen(e->d_name)) < 0)
				continue;
			for (size_t i = 0; i < gs.nfps && !known; i++)
				known = gs.fps[i].parent == (int)idx &&
					!strcmp(gs.fps[i].path, p);
			if (!known)
				say_change(p, d->why, GM_CREATED, d->repo);
		}
	}
	close(fd);
}

void gs_end(void)
{
	char line[256];
	int64_t now;

	if (gs.done || !gs.pid || getpid() != gs.pid)
		return;
	gs.done = 1;
	/* Nothing forked, nothing opened for writing: nothing changed. */
	if (!gs_dirty)
		return;
	now = now_s();
	for (size_t i = 0; i < gs.nfps; i++) {
		struct fp *f = &gs.fps[i];
		struct gm_stat now_st;
		enum gm_change ch;

		stat_entry(f->path, &now_st, f->st.hashed, now);
		ch = gm_compare(&f->st, &now_st, f->identity);
		if (ch != GM_SAME) {
			if (f->parent >= 0 &&
			    (f->why == GM_WHY_HOOKS ||
			     f->why == GM_WHY_HOOKSPATH) &&
			    ch == GM_REMOVED)
				continue; /* a hook gone runs nowhere */
			say_change(f->path, f->why, ch, f->repo);
		}
		if (f->listed && now_st.kind == GM_DIR)
			new_children(i);
	}
	if (gs.workspace) {
		struct walk w;

		memset(&w, 0, sizeof(w));
		w.depth = gs.depth;
		w.budget = GS_BUDGET;
		w.found = found_at_end;
		/* A full scan, which the next session's start trusts. */
		w.record = gc.fd >= 0;
		walk_root(&w, gs.workspace);
		if (w.record)
			c_write(NULL, 0);
	}
	if (nmore && gs.fd >= 0) {
		/* By hand: no stdio in a signal handler. */
		static const char pre[] = "sbxsh: git: ... and ";
		static const char post[] = " more changes\n";
		char num[12];
		size_t n = sizeof(pre) - 1;
		int k = 0;

		do
			num[k++] = (char)('0' + nmore % 10);
		while ((nmore /= 10) && k < 11);
		memcpy(line, pre, n);
		while (k)
			line[n++] = num[--k];
		memcpy(line + n, post, sizeof(post) - 1);
		n += sizeof(post) - 1;
		if (write(gs.fd, line, n) < 0) {
			/* nowhere to say it */
		}
	}
}
