/* shell/session/session.c — the effectful half of docs/design.md §1: find the
 * workspace, create the state folders race-free, prune old runs. */
#include "session.h"
#include "output.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "backend.h"
#include "canon.h"
#include "cfgread.h"
#include "config.h"
#include "envsec.h"
#include "gitscan.h"
#include "guard.h"
#include "layout.h"
#include "pw.h"
#include "secrets.h"
#include "sbx.h"

extern char **environ;

static void closep(int *fd)
{
	if (*fd >= 0)
		close(*fd);
}
#define AUTOCLOSE __attribute__((cleanup(closep)))

/* Reads an open folder with getdents64() itself: fdopendir() would cost a
 * dup, an fstat and two fcntl per folder, a tenth of the syscalls of a
 * session's opening for the three folders it lists. "." and ".." are
 * skipped. Entries removed while it reads may or may not show, as with
 * readdir(). */
struct dir_it {
	int fd;
	long n, off;
	union {
		char b[4096];
		struct dirent64 align;
	} buf;
};

static struct dirent64 *dir_next(struct dir_it *it)
{
	for (;;) {
		struct dirent64 *e;

		if (it->off >= it->n) {
			it->n = (long)getdents64(it->fd, it->buf.b,
						 sizeof(it->buf.b));
			it->off = 0;
			if (it->n <= 0)
				return NULL;
		}
		e = (struct dirent64 *)(it->buf.b + it->off);
		it->off += e->d_reclen;
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			return e;
	}
}

/* Resolves the workspace the options name; it must exist: sbxsh never
 * invents a workflow folder (a typo would silently give an empty one). */
static int find_workspace(const struct sbx_opts *o, char **ws, char **id,
			  char **named, struct sbx_diag *d)
{
	SBX_AUTOFREE char *want = NULL;
	struct stat st;
	char *r;
	int rc;

	*id = NULL;
	if (o->workflow) {
		const char *root = o->root ? o->root : getenv("SBXSH_ROOT");
		SBX_AUTOFREE char *cwd = getcwd(NULL, 0);

		rc = lay_check_workflow_id(o->workflow, d);
		if (rc < 0)
			return rc;
		if (!root || !*root)
			root = cwd ? cwd : ".";
		want = lay_workflow_path(root, o->workflow);
		*id = xstrdup(o->workflow);
	} else if (o->workspace) {
		want = xstrdup(o->workspace);
	} else {
		want = getcwd(NULL, 0);
		if (!want)
			return sbx_diag_set(
			    d, -errno,
			    "cannot find the current directory: %s "
			    "(cd to an existing folder or pass --workspace)",
			    strerror(errno));
	}
	if (stat(want, &st) < 0) {
		rc = -errno;
		free(*id);
		*id = NULL;
		return sbx_diag_set(
		    d, rc, "workspace %s: %s (create it with: mkdir -p '%s')",
		    want, strerror(-rc), want);
	}
	if (!S_ISDIR(st.st_mode)) {
		free(*id);
		*id = NULL;
		return sbx_diag_set(d, -ENOTDIR, "workspace %s is not a folder",
				    want);
	}
	r = realpath(want, NULL);
	if (!r)
		return sbx_diag_set(d, -errno, "workspace %s: %s", want,
				    strerror(errno));
	*ws = r;
	/* The name as given, folded but not resolved: when a symlink lies
	 * on the way it differs from |r|, and pol_new() judges where the
	 * link leads (a job of an earlier session may have swapped it in).
	 * Started in the current folder: the name the user's shell cd'd
	 * through is $PWD, when it still leads here (`cd $TMPDIR/proj &&
	 * sbxsh` must be judged like --workspace $TMPDIR/proj). */
	if (!o->workflow && !o->workspace) {
		const char *pwd = getenv("PWD");
		SBX_AUTOFREE char *rp =
		    pwd && pwd[0] == '/' ? realpath(pwd, NULL) : NULL;

		*named = rp && !strcmp(rp, r) ? path_fold(pwd) : NULL;
		return 0;
	}
	{
		SBX_AUTOFREE char *cwd =
		    want[0] == '/' ? NULL : getcwd(NULL, 0);
		SBX_AUTOFREE char *abs = want[0] == '/' ? xstrdup(want)
					 : cwd		? path_join(cwd, want)
							: NULL;

		*named = abs ? path_fold(abs) : NULL;
	}
	return 0;
}

/* Names under runs_dir that are real folders (not symlinks) holding our
 * mark: the only ones pruning may ever touch. */
static void list_runs(const char *runs_dir, struct sbx_strv *out)
{
	struct dir_it it = {.fd = open(runs_dir, O_RDONLY | O_DIRECTORY |
						     O_NOFOLLOW | O_CLOEXEC)};
	struct dirent64 *e;

	if (it.fd < 0)
		return;
	while ((e = dir_next(&it))) {
		struct stat st;
		char mark[NAME_MAX + sizeof(LAY_RUN_MARK) + 1];

		if (!lay_is_run_id(e->d_name))
			continue;
		/* d_type spares a stat per run; DT_UNKNOWN asks the inode. */
		if (e->d_type != DT_DIR &&
		    (e->d_type != DT_UNKNOWN ||
		     fstatat(it.fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
		     !S_ISDIR(st.st_mode)))
			continue;
		snprintf(mark, sizeof(mark), "%s/%s", e->d_name, LAY_RUN_MARK);
		if (fstatat(it.fd, mark, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
		    !S_ISREG(st.st_mode))
			continue;
		strv_push(out, e->d_name);
	}
	close(it.fd);
}

static int gather(const struct sbx_opts *o, struct session *s, bool create,
		  struct sbx_diag *d);

int ses_preview(const struct sbx_opts *o, struct session *s, struct sbx_diag *d)
{
	return gather(o, s, false, d);
}

/*
 * Creates |name| in |dirfd| as a folder of ours, idempotently: sessions of
 * one workflow start together, and the one that loses the mkdirat() race
 * (EEXIST) must go on with the folder the winner made, not fail. What is
 * already there is accepted only if it is a real folder (a symlink planted
 * in its place would redirect our writes: lstat, AT_SYMLINK_NOFOLLOW) that
 * belongs to us (one made by another user would let its owner choose what
 * we run or write there). Returns 1 if this call made it, 0 if it was
 * there, -ENOTDIR (not a folder), -EPERM (not ours) or -errno.
 */
static int mkdir_here(int dirfd, const char *name, mode_t mode)
{
	struct stat st;
	bool made = mkdirat(dirfd, name, mode) == 0;

	if (!made && errno != EEXIST)
		return -errno;
	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return -errno;
	if (!S_ISDIR(st.st_mode))
		return -ENOTDIR;
	if (st.st_uid != geteuid())
		return -EPERM;
	return made;
}

/* The tail of a mkdir_here() failure for a message. */
static const char *mkdir_why(int rc)
{
	return rc == -ENOTDIR
		   ? " (something that is not a folder is in the way)"
	       : rc == -EPERM ? " (a folder of another user is in the way)"
			      : "";
}

/* Writes |text| to |name| in |dirfd| if it does not exist yet. */
static void write_once(int dirfd, const char *name, const char *text)
{
	int fd =
	    openat(dirfd, name,
		   O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);

	if (fd < 0)
		return;
	if (write(fd, text, strlen(text)) < 0) {
		/* Best effort: a missing tag only means backups see the
		 * cache; never a reason to refuse the session. */
	}
	close(fd);
}

/* A state folder someone else made (another user, in a shared or
 * world-writable workspace) or may write is refused: its bin folders
 * lead PATH, so whoever can write it chooses what `ls` runs in the
 * session, and its run folders' TMPDIR. fstat on the fd opened without
 * following a link: the folder checked is the folder used. */
static int check_owner(int fd, const char *path, struct sbx_diag *d)
{
	struct stat st;

	if (fstat(fd, &st) < 0)
		return sbx_diag_set(d, -errno, "cannot stat %s: %s", path,
				    strerror(errno));
	if (st.st_uid != geteuid())
		return sbx_diag_set(
		    d, -EPERM,
		    "refusing %s: it belongs to "
		    "uid %u, not to you (uid %u): its owner would choose "
		    "what runs in the session (its bin folders lead "
		    "PATH); remove it, or use --state DIR",
		    path, (unsigned)st.st_uid, (unsigned)geteuid());
	if ((st.st_mode & S_IWOTH) ||
	    ((st.st_mode & S_IWGRP) && st.st_gid != getegid()))
		return sbx_diag_set(
		    d, -EPERM,
		    "refusing %s: others may "
		    "write it (mode %03o): they would choose what runs in "
		    "the session (its bin folders lead PATH); chmod go-w "
		    "it",
		    path, (unsigned)(st.st_mode & 0777));
	return 0;
}

/* A state folder: created on first use, tagged so backups skip it and
 * git ignores it. */
static int make_state_dir(const char *path, struct sbx_diag *d)
{
	SBX_AUTOFREE char *parent = NULL;
	char *slash;
	AUTOCLOSE int pfd = -1;
	AUTOCLOSE int fd = -1;
	int rc;

	/* Usually there from an earlier session: a real folder (not a link
	 * planted in its place, O_NOFOLLOW) is all we need to know. */
	fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd >= 0)
		goto tag;
	parent = xstrdup(path);
	slash = strrchr(parent, '/');
	*slash = '\0';
	/* The parent (the workspace or --state, canonical) opened without
	 * following a symlink swapped into it since it was resolved. */
	pfd =
	    be_open_nosym(*parent ? parent : "/", O_RDONLY | O_DIRECTORY, NULL);
	if (pfd < 0)
		return sbx_diag_set(d, pfd, "cannot open %s: %s", parent,
				    strerror(-pfd));
	/* Another session of the workflow may make it at the same moment:
	 * mkdir_here() takes its folder as ours (checked again below). */
	rc = mkdir_here(pfd, slash + 1, 0755);
	if (rc < 0 && rc != -EPERM)
		return sbx_diag_set(d, rc, "cannot create %s: %s%s", path,
				    strerror(-rc), mkdir_why(rc));
	fd = openat(pfd, slash + 1,
		    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return sbx_diag_set(d, -errno, "cannot open %s: %s", path,
				    strerror(errno));
	/* ours, new: 0755 whatever the umask (a umask of 0 would make it
	 * writable to all, and check_owner() refuse it next time). Only
	 * the session that made it: the others must not change the mode of
	 * a folder they did not make (check_owner() judges that one). */
	if (rc == 1 && fchmod(fd, 0755) < 0)
		return sbx_diag_set(d, -errno, "cannot chmod %s: %s", path,
				    strerror(errno));
tag:
	rc = check_owner(fd, path, d);
	if (rc < 0)
		return rc;
	write_once(fd, "CACHEDIR.TAG", lay_cachedir_tag);
	write_once(fd, ".gitignore",
		   "# created by sbxsh: never commit this\n*\n");
	return 0;
}

/* Removes everything beneath |dfd| without ever following a symlink:
 * each level is entered with O_NOFOLLOW, links are unlinked, not walked. */
static void rm_tree_at(int dfd, int depth)
{
	struct dir_it it = {.fd = dfd};
	struct dirent64 *e;

	while ((e = dir_next(&it))) {
		int sub;

		if (unlinkat(dfd, e->d_name, 0) == 0)
			continue;
		if (depth > 64)
			continue;
		sub = openat(dfd, e->d_name,
			     O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (sub < 0)
			continue;
		rm_tree_at(sub, depth + 1);
		close(sub);
		unlinkat(dfd, e->d_name, AT_REMOVEDIR);
	}
}

/*
 * Opens the mark of the run folder |dirfd| for locking. Without
 * O_NONBLOCK, a FIFO swapped in for the mark (a job left behind keeps
 * exchanging them with renameat2(RENAME_EXCHANGE)) would block the next
 * session's start-up in open() before confinement; O_NOFOLLOW refuses a
 * symlink; the type is checked on the fd itself, so the file examined is
 * the file locked. Returns the fd or -1.
 */
static int open_mark(int dirfd, int mode)
{
	struct stat st;
	int fd = openat(dirfd, LAY_RUN_MARK,
			mode | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return -1;
	}
	return fd;
}

/* True while the mark |mfd| still has a name: a pruner unlinks the mark
 * with the rest of the run folder before it lets go of the lock. */
static bool mark_linked(int mfd)
{
	struct stat st;

	return fstat(mfd, &st) == 0 && st.st_nlink > 0;
}

/* Deletes the runs due for pruning from the |from|-th on (the first one
 * may have been recycled already). */
static void prune(const struct lay_layout *lay, size_t from)
{
	AUTOCLOSE int rfd = -1;

	if (from >= lay->prune.n)
		return;
	rfd = open(lay->runs_dir,
		   O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (rfd < 0)
		return;
	for (size_t i = from; i < lay->prune.n; i++) {
		AUTOCLOSE int fd =
		    openat(rfd, lay->prune.v[i],
			   O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		AUTOCLOSE int mfd = -1;

		if (fd < 0)
			continue;
		mfd = open_mark(fd, O_RDONLY);
		/* No mark: not ours. Busy lock: a live session owns it. A
		 * mark unlinked since we opened it: another session is
		 * deleting this run already. */
		if (mfd < 0 || flock(mfd, LOCK_EX | LOCK_NB) < 0 ||
		    !mark_linked(mfd))
			continue;
		rm_tree_at(fd, 0);
		unlinkat(rfd, lay->prune.v[i], AT_REMOVEDIR);
	}
}

/* Empties the run folder |fd| but for its mark and an (emptied) tmp/,
 * never following a symlink. Returns 0 or -errno. */
static int clear_run(int fd)
{
	struct dir_it it = {.fd = fd};
	struct dirent64 *e;
	struct stat st;
	bool tmp_ok = false; /* tmp/ seen, a real folder, emptied */

	while ((e = dir_next(&it))) {
		bool is_tmp = strcmp(e->d_name, "tmp") == 0;
		int sub;

		if (strcmp(e->d_name, LAY_RUN_MARK) == 0)
			continue;
		/* A folder (d_type says so; the O_NOFOLLOW|O_DIRECTORY open
		 * below proves it) is not worth an unlink attempt. */
		if (e->d_type != DT_DIR && unlinkat(fd, e->d_name, 0) == 0)
			continue;
		sub = openat(fd, e->d_name,
			     O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (sub < 0) {
			unlinkat(fd, e->d_name, 0);
			continue;
		}
		rm_tree_at(sub, 1);
		close(sub);
		if (!is_tmp)
			unlinkat(fd, e->d_name, AT_REMOVEDIR);
		else
			tmp_ok = true;
	}
	if (tmp_ok)
		return 0;
	if (mkdirat(fd, "tmp", 0700) < 0 && errno != EEXIST)
		return -errno;
	if (fstatat(fd, "tmp", &st, AT_SYMLINK_NOFOLLOW) < 0)
		return -errno;
	return S_ISDIR(st.st_mode) ? 0 : -ENOTDIR;
}

/* Steady state is "one run folder in, the oldest one out". Deleting a
 * folder and making a new one cost ~0.6 ms of ext4 metadata on the test
 * machine, a third of a whole `sbxsh -c true`; so the oldest run due for
 * pruning is renamed to the new run's name and emptied instead. It must
 * pass the same tests pruning applies (a real folder of ours: our mark, a
 * regular file, not locked by a live session), and the rename must not
 * replace anything (RENAME_NOREPLACE: the new name is race-free exactly
 * as with mkdirat). The lock taken on its mark is kept: the folder is
 * ours from that moment. Returns 0, or -errno and leaves the folder be. */
static int recycle_run(struct lay_layout *lay, int *lock_fd)
{
	AUTOCLOSE int rfd = -1;
	AUTOCLOSE int fd = -1;
	AUTOCLOSE int mfd = -1;
	const char *name = path_base(lay->run_dir), *old;
	struct stat st, st2;
	int rc;

	if (!lay->prune.n)
		return -ENOENT;
	old = lay->prune.v[0];
	rfd = open(lay->runs_dir,
		   O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (rfd < 0)
		return -errno;
	fd = openat(rfd, old, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	mfd = open_mark(fd, O_RDWR);
	if (mfd < 0)
		return -EPERM;
	if (flock(mfd, LOCK_EX | LOCK_NB) < 0)
		return -errno; /* a live session owns it */
	/* The lock came free because another session pruned this run: its
	 * mark is unlinked, and the folder left over (what the pruner could
	 * not remove yet) would become this session's run folder without a
	 * mark, which no later session could ever prune (concurrent.sh saw
	 * one in 400 starts). */
	if (!mark_linked(mfd))
		return -ENOENT;
	if (renameat2(rfd, old, rfd, name, RENAME_NOREPLACE) < 0)
		return -errno;
	/* What now has the new name must be the folder we checked, not
	 * something swapped in between the open and the rename. */
	if (fstat(fd, &st) < 0 ||
	    fstatat(rfd, name, &st2, AT_SYMLINK_NOFOLLOW) < 0 ||
	    st.st_dev != st2.st_dev || st.st_ino != st2.st_ino)
		return -ESTALE;
	rc = clear_run(fd);
	if (rc < 0)
		return rc;
	(void)fchmod(fd, 0700);
	*lock_fd = mfd;
	mfd = -1;
	return 0;
}

/*
 * Creates the run folder race-free: mkdirat fails with EEXIST if another
 * session picked the same id in the same second, and we draw a new one.
 *
 * The mark is what lets pruning and recycling touch a run folder, and its
 * lock is what keeps them off a live one; so the mark must never be seen
 * unlocked. Created under a name they ignore, locked, and only then
 * renamed to LAY_RUN_MARK: the lock belongs to the inode and moves with
 * it. (Created as the mark and locked a moment later, another session
 * starting at the same time found it, took the free lock and deleted or
 * renamed the new run folder under its owner, which then failed with
 * "cannot create .../tmp: No such file or directory": 1 start in 100 with
 * 16 sessions of one workflow starting at once.)
 */
static int make_run(struct lay_layout *lay, int *lock_fd, struct sbx_diag *d)
{
	static const char pending[] = LAY_RUN_MARK ".new";
	AUTOCLOSE int rfd = open(lay->runs_dir, O_RDONLY | O_DIRECTORY |
						    O_NOFOLLOW | O_CLOEXEC);
	AUTOCLOSE int fd = -1;
	const char *name = path_base(lay->run_dir);
	int rc;

	if (rfd < 0)
		return sbx_diag_set(d, -errno, "cannot open %s: %s",
				    lay->runs_dir, strerror(errno));
	if (mkdirat(rfd, name, 0700) < 0)
		return sbx_diag_set(d, -errno, "cannot create %s: %s",
				    lay->run_dir, strerror(errno));
	fd = openat(rfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return sbx_diag_set(d, -errno, "cannot open %s: %s",
				    lay->run_dir, strerror(errno));
	*lock_fd =
	    openat(fd, pending,
		   O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (*lock_fd < 0)
		return sbx_diag_set(d, -errno, "cannot mark %s: %s",
				    lay->run_dir, strerror(errno));
	/* Held for the whole session: pruning skips a locked run. Never a
	 * blocking lock at start-up: a process that opened the new mark
	 * first (another session's job, racing) must not hang this one. */
	if (flock(*lock_fd, LOCK_EX | LOCK_NB) < 0)
		return sbx_diag_set(d, -errno, "cannot lock %s: %s",
				    lay->run_dir, strerror(errno));
	if (renameat(fd, pending, fd, LAY_RUN_MARK) < 0)
		return sbx_diag_set(d, -errno, "cannot mark %s: %s",
				    lay->run_dir, strerror(errno));
	rc = mkdir_here(fd, "tmp", 0700);
	if (rc < 0)
		return sbx_diag_set(d, rc, "cannot create %s: %s%s",
				    lay->run_tmp, strerror(-rc), mkdir_why(rc));
	return 0;
}

static char *new_run_id(void)
{
	unsigned nonce = 0;

	if (getrandom(&nonce, sizeof(nonce), GRND_NONBLOCK) != sizeof(nonce))
		nonce = (unsigned)clock() ^ (unsigned)getpid() * 2654435761u;
	return lay_run_id((long long)time(NULL), (long)getpid(), nonce);
}

static bool can_write(const char *dir)
{
	/* The nearest existing ancestor decides whether we could create the
	 * state folders: a read-only workspace gets no routing at all. */
	SBX_AUTOFREE char *p = xstrdup(dir);

	for (;;) {
		if (access(p, F_OK) == 0)
			return access(p, W_OK) == 0;
		char *s = strrchr(p, '/');

		if (!s || s == p)
			return access("/", W_OK) == 0;
		*s = '\0';
	}
}

/* The homes guard_refused() is asked with (and whose credentials are
 * masked): $HOME, or the passwd entry's when $HOME is unset, empty,
 * relative or "/" (so `env -u HOME sbxsh` in
 * /root is refused too). /etc/passwd is read only in that case: a set
 * $HOME costs nothing extra at start-up. */
static void homes_of(struct canon_memo *memo, char **home, char **pwh)
{
	const char *e = getenv("HOME");

	*home = *pwh = NULL;
	if (e && e[0] == '/') {
		*home = sh_canon_memo(memo, e);
		/* HOME=/ (a daemon's) says nothing of where the user's
		 * credentials are: the passwd home is asked too */
		if (!*home || strcmp(*home, "/"))
			return;
	}
	e = pw_home_uid(geteuid());
	if (e && e[0] == '/')
		*pwh = sh_canon_memo(memo, e);
}

/* Refuses |path| as a workspace or --state folder (|what|) before
 * anything is created: exit 2 with what to do instead. |sbxsh|: sbxsh's
 * own folders (guard_check()). */
static int refuse_root(const char *what, const char *path, const char *named,
		       char *home, char *pwh, const char *const *sbxsh,
		       struct sbx_diag *d)
{
	const char *homes[] = {home ? home : pwh, home ? pwh : NULL, NULL};
	const struct guard_facts g = {.homes = homes, .sbxsh = sbxsh};
	char why[PATH_MAX + 300];

	if (!guard_check(&g, path, false, why, sizeof(why)))
		return 0;
	if (named && strcmp(named, path) != 0)
		return sbx_diag_set(d, -EPERM,
				    "refusing %s as %s: it resolves "
				    "to %s through a symlink, and %s; nothing "
				    "was created; %s",
				    named, what, path, why, guard_hint);
	return sbx_diag_set(d, -EPERM,
			    "refusing %s as %s: %s; nothing was "
			    "created; %s",
			    path, what, why, guard_hint);
}

/*
 * Creates (without following a symlink) a root the policy marked
 * |create|: such a root lies inside a state folder of ours. A symlink or
 * a file in its way (planted by a job of an earlier session) takes the
 * root out of the policy, with a note: that session's mess must not stop
 * this one, nor lead it elsewhere. Returns 1 if the root was dropped
 * (the caller's index then points at the next root), 0, or -errno.
 */
static int make_root(struct sbx_policy *pol, const char *path,
		     struct sbx_diag *d)
{
	const struct lay_layout *lay = pol_layout(pol);
	const char *base = path_under(lay->persist_dir, path) ? lay->persist_dir
							      : lay->run_dir;
	struct stat st;
	int fd;

	if (!path_under(base, path))
		return 0; /* pol_new never asks for that */
	fd = be_open_nosym(path, O_PATH | O_DIRECTORY, base);
	if (fd == -ELOOP || fd == -ENOTDIR) {
		SBX_AUTOFREE char *why = xasprintf(
		    "%s: a symlink or a file is in its way inside sbxsh's "
		    "folder (not writable; remove it)",
		    path);

		pol_drop_root(pol, path, why);
		return 1;
	}
	if (fd < 0)
		return sbx_diag_set(d, fd, "cannot create %s: %s", path,
				    strerror(-fd));
	/* Made by us, or by another session of the workflow a moment ago
	 * (be_open_nosym() takes EEXIST): a folder of another user (made by
	 * a root session in the user's cache) is not ours to grant. */
	if (fstat(fd, &st) == 0 && st.st_uid != geteuid()) {
		SBX_AUTOFREE char *why = xasprintf(
		    "%s: belongs to uid %u, not to you (uid %u), inside "
		    "sbxsh's folder (not writable; remove it)",
		    path, (unsigned)st.st_uid, (unsigned)geteuid());

		close(fd);
		pol_drop_root(pol, path, why);
		return 1;
	}
	close(fd);
	return 0;
}

/*
 * Makes the bin folders that lead PATH (.sandbox-cache/bin, python/bin,
 * ...) before any job runs. Why: two sessions of one workflow installing
 * at once made pip fail with EEXIST, because pip's distlib makes the
 * scripts folder with exists() then mkdir() (FileOperator.ensure_dir):
 * a tool's check-then-create races any other tool of any session, while
 * ours takes EEXIST as success (be_open_nosym(): a real folder, reached
 * without following a symlink). Only in the persistent folder, the one
 * sessions share (a run folder is one session's). A symlink, a file or a
 * folder of another user in the way is left alone, and where that leaves
 * the folder missing or not ours, with a note: the install that needs it
 * then fails with a reason the banner gave.
 */
static void make_bins(struct sbx_policy *pol)
{
	const struct rt_plan *r = pol_route(pol);
	AUTOCLOSE int bfd = -1;
	uid_t me = geteuid();
	size_t blen;

	if (r->kind != RT_BASE_PERSIST)
		return;
	/* Usually all there from an earlier session: one fstatat each
	 * (a stat, not an open, ~10 per start-up). Only a miss, or a
	 * folder that is not plainly ours, takes the walk below. */
	bfd = open(r->base, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	blen = strlen(r->base);
	for (size_t i = 0; i < r->path_prefix.n; i++) {
		const char *p = r->path_prefix.v[i];
		struct stat st;
		int fd;
		SBX_AUTOFREE char *why = NULL;

		if (!path_under(r->base, p) || strlen(p) <= blen)
			continue; /* a [route] bin outside: not ours to make */
		if (bfd >= 0 &&
		    fstatat(bfd, p + blen + 1, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISDIR(st.st_mode) && st.st_uid == me)
			continue;
		fd = be_open_nosym(p, O_PATH | O_DIRECTORY, r->base);
		if (fd < 0)
			why = xasprintf("cannot create %s: %s%s", p,
					strerror(-fd),
					fd == -ELOOP || fd == -ENOTDIR
					    ? " (a symlink or a "
					      "file is in the way)"
					    : "");
		else if (fstat(fd, &st) == 0 && st.st_uid != me)
			why = xasprintf("%s belongs to uid %u, not to you", p,
					(unsigned)st.st_uid);
		if (fd >= 0)
			close(fd);
		if (why)
			pol_add_note(pol, "persistent", why);
	}
}

static void list_folder(void *memo, const char *dir)
{
	SBX_AUTOFREE char *c = sh_canon_memo(memo, dir);

	canon_memo_list(memo, c);
}

/* The credential table asks about a hundred names in a few folders: one
 * read of each instead of a readlink per name (shell/session/canon.c). */
static void list_secret_folders(const struct pol_facts *pf,
				struct canon_memo *memo)
{
	struct sec_facts sf = {
	    .home = pf->home,
	    .env = pf->env_start,
	    .uid_known = pf->uid_known,
	    .uid = pf->uid,
	};

	sec_folders(&sf, list_folder, memo);
}

/*
 * docs/design.md §2b: sbxsh's own folders, which no session may write,
 * canonical, into |out|: the configuration folder (configuration and rc file)
 * and the state folder (history, the git scan cache) this session uses
 * ($XDG_CONFIG_HOME/sbxsh, |hist|), and also their default places under
 * each home (~/.config/sbxsh, ~/.local/state/sbxsh). The defaults count
 * whatever this session's XDG variables say: a session started with
 * XDG_CONFIG_HOME=/elsewhere and --workspace ~/.config would otherwise
 * plant ~/.config/sbxsh/config for every later session that has no
 * such variable.
 */
static void sbxsh_folders(struct canon_memo *memo, const char *hist,
			  const char *home, const char *pwh,
			  struct sbx_strv *out)
{
	const char *homes[] = {home, pwh};
	char *cand[6] = {NULL};
	size_t n = 0;

	cand[n++] = cfg_dir(getenv("XDG_CONFIG_HOME"), getenv("HOME"));
	cand[n++] = hist ? xstrdup(hist) : NULL;
	for (size_t i = 0; i < 2; i++) {
		if (!homes[i] || homes[i][0] != '/' || !strcmp(homes[i], "/"))
			continue;
		cand[n++] = path_join(homes[i], ".config/sbxsh");
		cand[n++] = path_join(homes[i], ".local/state/sbxsh");
	}
	for (size_t i = 0; i < n; i++) {
		char *c = cand[i] ? sh_canon_memo(memo, cand[i]) : NULL;

		if (c && !strv_has(out, c))
			strv_take(out, c);
		else
			free(c);
		free(cand[i]);
	}
}

/* What gather_with() learns on the way to a session's policy, one fact
 * at a time; gather_free() releases it on every path. */
struct gather {
	const struct sbx_opts *o;
	struct session *s;
	bool create;
	struct canon_memo *memo;
	char *ws, *id, *named; /* the workspace, its workflow id, as named */
	char *state, *state_named; /* --state canonical, and as given, folded */
	char *home, *pwh;	   /* $HOME and the passwd home, canonical */
	char *tmpdir, *hist, *cwd0, *run_id;
	struct sbx_strv own;  /* sbxsh's own folders, canonical */
	struct sbx_strv runs; /* the run folders there are (lf.runs) */
	struct lay_facts lf;
	struct lay_layout lay;
	bool have_lay;
	struct pol_facts pf;
	struct pn_facts pnf; /* pf.net */
	bool made;	     /* the run folder exists */
	bool made_persist;   /* so does .sandbox-cache */
	bool persist_ro;     /* it exists, and we may not write it */
};

static void gather_free(struct gather *g)
{
	char **strs[] = {&g->ws,	  &g->id,   &g->named, &g->state,
			 &g->state_named, &g->home, &g->pwh,   &g->tmpdir,
			 &g->hist,	  &g->cwd0, &g->run_id};

	for (size_t i = 0; i < sizeof(strs) / sizeof(*strs); i++) {
		free(*strs[i]);
		*strs[i] = NULL;
	}
	strv_free(&g->own);
	strv_free(&g->runs);
	if (g->have_lay)
		lay_free(&g->lay);
	g->have_lay = false;
}

/* The workspace, the homes and sbxsh's own folders; a workspace that is
 * one of them, or above them, refused. */
static int gather_workspace(struct gather *g, struct sbx_diag *d)
{
	const struct sbx_opts *o = g->o;
	int rc = find_workspace(o, &g->ws, &g->id, &g->named, d);

	if (rc < 0)
		return rc;
	be_mark("ses: find_workspace");
	homes_of(g->memo, &g->home, &g->pwh);
	sbxsh_folders(g->memo, g->hist, g->home, g->pwh, &g->own);
	return refuse_root(
	    o->workflow	   ? "the workspace (--workflow)"
	    : o->workspace ? "the workspace"
			   : "the workspace (the current folder)",
	    g->ws, g->named, g->home, g->pwh, (const char *const *)g->own.v, d);
}

/* --state: absolute, canonical, refused like a workspace; created for a
 * session. */
static int gather_state(struct gather *g, struct sbx_diag *d)
{
	const struct sbx_opts *o = g->o;
	SBX_AUTOFREE char *cwd = NULL;
	SBX_AUTOFREE char *abs = NULL;
	int rc;

	if (!o->state)
		return 0;
	cwd = getcwd(NULL, 0);
	abs = o->state[0] == '/' || !cwd ? xstrdup(o->state)
					 : path_join(cwd, o->state);
	if (abs[0] != '/')
		return sbx_diag_set(d, -EINVAL,
				    "--state %s: cannot make it absolute",
				    o->state);
	g->state = sh_canon_memo(g->memo, abs);
	g->state_named = path_fold(abs);
	rc = refuse_root("the --state folder", g->state, NULL, g->home, g->pwh,
			 (const char *const *)g->own.v, d);
	if (rc < 0)
		return rc;
	if (g->create) {
		int fd = be_open_nosym(g->state, O_PATH | O_DIRECTORY, "/");

		if (fd < 0)
			return sbx_diag_set(d, fd,
					    "--state %s: cannot create it: %s",
					    g->state, strerror(-fd));
		close(fd);
	}
	return 0;
}

/* Where the session's state lives, knowing the run folders there are
 * (a run id taken meanwhile computes the layout again). */
static int gather_layout(struct gather *g, struct sbx_diag *d)
{
	struct lay_facts *lf = &g->lf;
	int rc;

	g->run_id = new_run_id();
	lf->workspace = g->ws;
	lf->workflow_id = g->id;
	lf->state_dir = g->state;
	lf->run_id = g->run_id;
	lf->keep = g->o->keep;
	rc = lay_compute(lf, &g->lay, d);
	if (rc < 0)
		return rc;
	list_runs(g->lay.runs_dir, &g->runs);
	lay_free(&g->lay);
	/* |runs| lives as long as lf.runs may be read */
	lf->runs = (const char *const *)g->runs.v;
	lf->nruns = g->runs.n;
	rc = lay_compute(lf, &g->lay, d);
	if (rc < 0)
		return rc;
	g->have_lay = true;
	be_mark("ses: layout, list runs");
	return 0;
}

/* The facts pol_new() judges: options, layout, homes, environment. */
static int gather_facts(struct gather *g, struct sbx_diag *d)
{
	const struct sbx_opts *o = g->o;
	struct pol_facts *pf = &g->pf;
	const char *e = getenv("TMPDIR");

	g->tmpdir = sh_canon_memo(
	    g->memo, e && e[0] == '/' && sh_is_dir(NULL, e) ? e : "/tmp");
	pf->scope = o->scope;
	pf->network = !o->no_network;
	g->pnf = (struct pn_facts){
	    .mode = o->net == OPT_NET_OFF  ? PN_OFF
		    : o->net == OPT_NET_ON ? PN_ON
					   : PN_DOMAINS,
	    .registries = o->net == OPT_NET_REGISTRIES,
	    .mode_from = o->net_from,
	    .allow = o->allow_domains.v,
	    .allow_from = o->allow_domains.from,
	    .deny = o->deny_domains.v,
	    .deny_from = o->deny_domains.from,
	};
	pf->net = &g->pnf;
	pf->persist = !o->no_persist;
	pf->state_writable = can_write(g->lay.state_dir);
	pf->lay = &g->lay;
	pf->home = g->home;
	pf->pw_home = g->pwh;
	pf->tmpdir = g->tmpdir;
	pf->env = environ;
	pf->env_start = es_start_env(&g->s->env);
	pf->envf = es_report(&g->s->env);
	pf->uid_known = true;
	pf->uid = (unsigned)geteuid();
	pf->extra_masked = o->masks.v;
	pf->extra_masked_from = o->masks.from;
	pf->history_dir = g->hist;
	pf->allow_sockets = o->sockets.v;
	pf->allow_sockets_from = o->sockets.from;
	pf->allow_write = o->allow_write.v;
	pf->allow_write_from = o->allow_write.from;
	pf->keep_env_from = o->keep_env.from;
	pf->route_extra = cr_routes(&g->s->conf, &pf->nroute_extra);
	pf->cwd = g->cwd0;
	pf->tty = isatty(0)   ? ttyname(0)
		  : isatty(1) ? ttyname(1)
		  : isatty(2) ? ttyname(2)
			      : NULL;
	pf->canon = sh_canon_memo;
	pf->is_dir = sh_is_dir_memo;
	pf->exists = sh_exists_memo;
	pf->ctx = g->memo;
	pf->sbxsh_dirs = (const char *const *)g->own.v;
	pf->ws_named = g->named;
	pf->state_named = g->state_named;
	return 0;
}

/* The built-in policy (docs/design.md §2b): no configuration, the workspace
 * scope, and no sbxsh folders (so that a TMPDIR above $XDG_CONFIG_HOME, which
 * this session drops, still counts as a root some session had). Made
 * before anything is created: a workspace reached through a symlink into
 * a protected place is refused here, and so is a configuration a session
 * could have written. In a preview too: --print-policy must not show
 * what a refused file asks. */
static int gather_builtin(struct gather *g, struct sbx_diag *d)
{
	struct session *s = g->s;
	struct pol_facts *pf = &g->pf;
	struct pol_facts bf = *pf;
	const char *named = g->named, *state_named = g->state_named;
	int rc;

	bf.scope = POL_SCOPE_WORKSPACE;
	bf.network = true;
	bf.persist = true;
	bf.allow_write = NULL;
	bf.allow_write_from = NULL;
	bf.route_extra = NULL;
	bf.nroute_extra = 0;
	bf.sbxsh_dirs = NULL;
	bf.ws_named = named && strcmp(named, g->ws) != 0 ? named : NULL;
	bf.state_named =
	    state_named && g->state && strcmp(state_named, g->state) != 0
		? state_named
		: NULL;
	bf.roots_only = true;
	if (bf.ws_named || bf.state_named)
		list_secret_folders(pf, g->memo);
	rc = pol_new(&bf, &s->builtin, d);
	if (rc == 0)
		rc = cr_check_roots(&s->conf, s->builtin, d);
	if (rc < 0)
		return rc;
	be_mark("ses: built-in policy");
	return 0;
}

/* A refused --allow-write (pol_new() decides) must leave nothing
 * behind, like a refused workspace: asked once before the state folders
 * are made. Only sessions that name one pay for the second policy. */
static int gather_allow_write(struct gather *g, struct sbx_diag *d)
{
	struct sbx_policy *probe = NULL;
	int rc;

	if (!g->create || !g->o->allow_write.n)
		return 0;
	list_secret_folders(&g->pf, g->memo);
	rc = pol_new(&g->pf, &probe, d);
	if (rc == 0)
		rc = cr_check_roots(&g->s->conf, probe, d);
	pol_free(probe);
	return rc;
}

/* .sandbox-cache, the runs folder and this session's run folder (a
 * recycled one or a new one), then the old runs pruned. */
static int gather_state_dirs(struct gather *g, struct sbx_diag *d)
{
	const struct sbx_opts *o = g->o;
	struct session *s = g->s;
	struct lay_layout *lay = &g->lay;
	int rc = 0;
	bool recycled;

	if (!g->create || !g->pf.state_writable)
		return 0;
	g->made_persist = !o->no_persist && o->scope != POL_SCOPE_READONLY;
	if (g->made_persist)
		rc = make_state_dir(lay->persist_dir, d);
	if (rc == 0 && g->made_persist &&
	    access(lay->persist_dir, W_OK | X_OK) != 0) {
		/* chmod a-w .sandbox-cache (or a group that lost its write
		 * bit): routing into it would make every install fail; the
		 * run folder is the fallback (docs/design.md §3), and the
		 * banner says why. */
		g->pf.persist = false;
		g->made_persist = false;
		g->persist_ro = true;
	}
	if (rc == 0)
		rc = make_state_dir(lay->runs_dir, d);
	/* A recycled run needs no new folder. */
	recycled = rc == 0 && recycle_run(lay, &s->run_lock_fd) == 0;
	for (int tries = 0; rc == 0 && !recycled; tries++) {
		rc = make_run(lay, &s->run_lock_fd, d);
		if (rc != -EEXIST || tries > 8)
			break;
		free(g->run_id);
		g->run_id = new_run_id();
		lay_free(lay);
		g->lf.run_id = g->run_id;
		lay_compute(&g->lf, lay, NULL);
		g->pf.lay = lay;
		rc = 0; /* and draw again: the loop runs while rc is 0 */
	}
	if (rc < 0)
		return rc;
	prune(lay, recycled ? 1 : 0);
	g->made = true;
	/* What was missing a moment ago may exist now. */
	canon_memo_forget_absent(g->memo);
	return 0;
}

/* The session's policy: secrets, the repositories in the workspace
 * (docs/design.md §2b: their hooks and config stay read-only; none to protect
 * where the workspace is not writable), and the notes the banner shows. */
static int gather_policy(struct gather *g, struct sbx_diag *d)
{
	const struct sbx_opts *o = g->o;
	struct session *s = g->s;
	struct gm_plan *git = NULL;
	int rc;

	/* the run folders gather_state_dirs() pruned are done with */
	strv_free(&g->runs);
	g->lf.runs = NULL;
	g->lf.nruns = 0;
	be_mark("ses: state dirs, recycle, prune");
	list_secret_folders(&g->pf, g->memo);
	be_mark("ses: sec_folders");
	if (o->scope != POL_SCOPE_READONLY)
		git = gs_scan(
		    g->ws, g->home ? g->home : g->pwh,
		    o->git_depth < 0 ? GS_DEPTH_DEFAULT : o->git_depth,
		    o->protects.v, o->protects.from, g->memo, g->create);
	g->pf.git = git;
	be_mark("ses: git scan");
	rc = pol_new(&g->pf, &s->pol, d);
	be_mark("ses: pol_new");
	gm_plan_free(git);
	g->pf.git = NULL;
	/* docs/design.md §8: a configuration this session could rewrite would
	 * let it widen the next one. */
	if (rc == 0)
		rc = cr_check_roots(&s->conf, s->pol, d);
	if (rc == 0 && g->persist_ro)
		pol_add_note(s->pol, "persistent",
			     "the persistent folder is "
			     "not writable (file mode): routing uses the run "
			     "folder, and installs last this session only");
	if (rc == 0 && cr_config_path(&s->conf))
		pol_add_note(s->pol, "config", cr_config_path(&s->conf));
	return rc;
}

/* Roots that must exist before confinement (Landlock rules and bind
 * mounts need a real folder to attach to); the state folders were made
 * by gather_state_dirs(). pol_new() sets create only inside them; each
 * is made without following a symlink a job may have planted there. */
static int gather_roots(struct gather *g, struct sbx_diag *d)
{
	struct session *s = g->s;
	const struct lay_layout *pl;
	int rc = 0;

	if (!g->create)
		return 0;
	pl = pol_layout(s->pol);
	for (size_t i = 0; rc >= 0 && i < pol_nroots(s->pol);) {
		const struct pol_root *r = pol_root(s->pol, i);
		SBX_AUTOFREE char *path = NULL;

		if (!r->create || r->device ||
		    (g->made_persist &&
		     strcmp(r->path, pl->persist_dir) == 0) ||
		    (g->made && (strcmp(r->path, pl->run_dir) == 0 ||
				 strcmp(r->path, pl->run_tmp) == 0))) {
			i++;
			continue;
		}
		path = xstrdup(r->path);
		rc = make_root(s->pol, path, d);
		if (rc == 0)
			i++;
	}
	return rc;
}

static int gather_with(const struct sbx_opts *o, struct session *s, bool create,
		       struct canon_memo *memo, struct sbx_diag *d)
{
	/* In this order: each step reads what the ones before it found. */
	static int (*const steps[])(struct gather *, struct sbx_diag *) = {
	    gather_workspace,  gather_state,   gather_layout,
	    gather_facts,      gather_builtin, gather_allow_write,
	    gather_state_dirs, gather_policy,  gather_roots,
	};
	struct gather g = {.o = o, .s = s, .create = create, .memo = memo};
	int rc = 0;

	g.hist = ses_state_dir();
	g.cwd0 = getcwd(NULL, 0);
	/* Only what the opening makes: the configuration and the
	 * environment filter's report (s->conf, s->env) came before it. */
	s->pol = NULL;
	s->builtin = NULL;
	s->run_lock_fd = -1;
	for (size_t i = 0; rc == 0 && i < sizeof(steps) / sizeof(steps[0]); i++)
		rc = steps[i](&g, d);
	if (rc == 0 && create && g.made_persist)
		make_bins(s->pol);
	/* Out of the range redirections name: `exec 5>x` is the user's, and
	 * must not land on the shell's own lock. */
	s->run_lock_fd = out_fd_private(s->run_lock_fd);
	gather_free(&g);
	if (rc < 0) {
		pol_free(s->pol);
		s->pol = NULL;
		pol_free(s->builtin);
		s->builtin = NULL;
	}
	return rc;
}

/* The canonicalization memo lives exactly as long as the opening. */
static int gather(const struct sbx_opts *o, struct session *s, bool create,
		  struct sbx_diag *d)
{
	struct canon_memo memo = {0};
	int rc = gather_with(o, s, create, &memo, d);

	canon_memo_free(&memo);
	if (rc < 0) {
		pol_free(s->builtin);
		s->builtin = NULL;
	}
	return rc;
}

void ses_init(struct session *s)
{
	memset(s, 0, sizeof(*s));
	s->run_lock_fd = -1;
}

int ses_open(const struct sbx_opts *o, struct session *s, struct sbx_diag *d)
{
	return gather(o, s, true, d);
}

void ses_close(struct session *s)
{
	pol_free(s->pol);
	s->pol = NULL;
	pol_free(s->builtin);
	s->builtin = NULL;
	if (s->run_lock_fd >= 0)
		close(s->run_lock_fd);
	s->run_lock_fd = -1;
}

char *ses_state_dir(void)
{
	const char *xdg = getenv("XDG_STATE_HOME");
	const char *home = getenv("HOME");

	/* XDG: a relative XDG_STATE_HOME is invalid and must be ignored. */
	if (xdg && *xdg == '/')
		return xasprintf("%s/sbxsh", xdg);
	if (home && *home == '/')
		return xasprintf("%s/.local/state/sbxsh", home);
	return NULL;
}

int ses_mkdir_p(char *path, mode_t mode)
{
	for (char *p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = 0;
		if (mkdir(path, mode) < 0 && errno != EEXIST) {
			*p = '/';
			return -errno;
		}
		*p = '/';
	}
	if (mkdir(path, mode) < 0 && errno != EEXIST)
		return -errno;
	return 0;
}
