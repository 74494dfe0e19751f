/* core/gitmeta.h — git metadata a job must not write (docs/design.md §2b):
 * which repositories a workspace holds, where git finds their git dir and
 * common dir, which of their paths stay read-only, which parts of a linked
 * worktree's common dir become writable. Pure: the disk is asked through
 * struct gm_disk, so every rule is testable without one.
 *
 * Why: git runs hooks, and commands its config names (core.fsmonitor,
 * core.pager, aliases, filters, ...), the next time the user, their prompt
 * or their editor runs git OUTSIDE the sandbox. A job that writes
 * .git/hooks/pre-commit or core.fsmonitor runs unconfined later.
 *
 * Lifecycle: gm_plan_new() → gm_add_dotgit() for every ".git" entry the
 * scan (shell/session/gitscan.c) finds, gm_add_env_gitdir() for $GIT_DIR,
 * gm_add_file() for config files named elsewhere, gm_add_user() per
 * --protect → gm_workspace_roots() → gm_plan_finish() → pol_new() copies
 * it (pol_facts.git), keeps what lies in a writable root and adds the
 * git-common-dir roots → the backends enforce it → gm_plan_free().
 *
 * The file formats git reads are core/gitfmt.h's; what changed by the
 * end of the session, core/gitend.h's.
 */
#ifndef SBX_GITMETA_H
#define SBX_GITMETA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sbx.h"

enum gm_kind { GM_ABSENT, GM_FILE, GM_DIR, GM_LINK, GM_OTHER };

/* What the effectful layer tells core about the disk. */
struct gm_disk {
	/* lstat(): what |path| is, a final symlink not followed. */
	enum gm_kind (*kind)(void *ctx, const char *path);
	/* Up to |cap| bytes of the regular file |path| (canonical), which
	 * must lie beneath folder |root| ("/": anywhere): never a device, a
	 * FIFO or a socket, never through a symlink (the scan runs before
	 * confinement, and a job chose these paths). The byte count, -EFBIG
	 * if the file holds more, or -errno. */
	long (*read)(void *ctx, const char *root, const char *path, char *buf,
		     size_t cap);
	/* Appends the names of the folders in folder |path| (symlinks not
	 * followed) to |out|; nothing if it cannot be read. */
	void (*subdirs)(void *ctx, const char *path, struct sbx_strv *out);
	sbx_canon_fn canon; /* symlinks of the longest existing prefix */
	void *ctx;
};

/* Why a path is protected. Stable names: gm_why_name(). */
enum gm_why {
	GM_WHY_HOOKS,	  /* hooks/: git runs them */
	GM_WHY_CONFIG,	  /* config, config.worktree */
	GM_WHY_INCLUDE,	  /* a file a config includes */
	GM_WHY_HOOKSPATH, /* the folder core.hooksPath names */
	GM_WHY_POINTER,	  /* a .git file, a commondir file */
	GM_WHY_GITDIR,	  /* a git dir itself: pinned against rename */
	GM_WHY_USER,	  /* --protect */
	GM_WHY_ENV,	  /* a config file named by $GIT_CONFIG_* or the
			     user's global config */
};

/* How a protected path is held (gm_path.flags). */
enum {
	GM_P_DIR = 1,	 /* a folder: everything beneath it too */
	GM_P_ABSENT = 2, /* not there at start: nothing to bind; a job
			    creating it is reported at the end */
	GM_P_MKDIR = 4,	 /* hooks/ was not there: made empty first, so a
			    job cannot create it (docs/design.md §1's one
			    exception to "nothing else is created in the
			    workspace") */
	GM_P_PIN = 8,	 /* bound writable over itself: a mount point
			    cannot be renamed or removed (EBUSY), so the
			    git dir cannot be swapped; its contents stay
			    writable */
	GM_P_LINK = 16,	 /* the entry is a symlink: a mount cannot hold
			    the link itself (its target is protected on
			    its own); a replaced link is reported */
	GM_P_NLINK = 32, /* a file with other hard links: a mount holds
			    this name, not the inode, which another name
			    in a writable mount still writes; watched */
};

struct gm_path {
	char *path; /* absolute, folded; canonical but for the last
		       component of a GM_P_LINK entry */
	enum gm_why why;
	unsigned flags;
	int repo;   /* index into gm_plan.repos, -1 for none */
	char *from; /* --protect's origin ("flag", "config FILE:LINE");
		       NULL for what sbxsh protects itself */
};

enum gm_repo_kind {
	GM_REPO_DIR,	/* worktree/.git is the git dir */
	GM_REPO_FILE,	/* worktree/.git is a "gitdir: ..." file */
	GM_REPO_LINK,	/* worktree/.git is a symlink to the git dir */
	GM_REPO_MODULE, /* a submodule's git dir in .git/modules/ */
	GM_REPO_ENV,	/* $GIT_DIR */
};

struct gm_repo {
	char *worktree;	 /* the folder holding .git; NULL for a module
			    or $GIT_DIR */
	char *dotgit;	 /* worktree/.git; NULL likewise */
	char *gitdir;	 /* canonical; NULL when a .git file names none */
	char *commondir; /* canonical; == gitdir unless a linked worktree */
	enum gm_repo_kind kind;
};

/* A writable root the workspace's repository needs outside it. */
struct gm_root {
	char *path;
	bool guarded; /* writable only where the mount layer keeps its
			 hooks and config read-only (the common dir
			 itself: packed-refs, gc.pid) */
};

struct gm_plan {
	char *workspace, *home; /* canonical; home may be NULL */
	struct gm_repo *repos;
	size_t nrepos, crepos;
	struct gm_path *paths; /* parent before child after finish */
	size_t npaths, cpaths;
	struct gm_root *roots;
	size_t nroots, croots;
	struct sbx_strv notes;	 /* one line each, for the banner */
	struct sbx_strv visited; /* git dirs already expanded */
	/* Folders outside the workspace whose files may be read: the git
	 * dirs a ".git" file or $GIT_DIR names, and their common dirs. */
	struct sbx_strv reads;
	int depth;	/* the scan's depth, for the display */
	bool truncated; /* the scan stopped at its folder budget */
};

struct gm_plan *gm_plan_new(const char *workspace, const char *home);
void gm_plan_free(struct gm_plan *p);
struct gm_plan *gm_plan_copy(const struct gm_plan *p);

/* A ".git" entry (|kind|, as lstat found it) at |dotgit| (absolute,
 * folded, its folder canonical): followed as git follows it (a "gitdir:"
 * file, then "commondir"), recording the repository and its protected
 * paths: the pointer itself; in the git dir the pin, config.worktree and
 * commondir; in the common dir hooks/, config, what config includes and
 * core.hooksPath, and the same for every submodule git dir in modules/
 * and every linked worktree's git dir in worktrees/. */
void gm_add_dotgit(struct gm_plan *p, const struct gm_disk *d,
		   const char *dotgit, enum gm_kind kind);
/* $GIT_DIR (and $GIT_COMMON_DIR, may be NULL) as sbxsh was started:
 * git in the session, and outside it in the same environment, uses it. */
void gm_add_env_gitdir(struct gm_plan *p, const struct gm_disk *d,
		       const char *gitdir, const char *common);
/* A config file git reads from elsewhere ($GIT_CONFIG_GLOBAL, ~/.gitconfig
 * ...): protected with what it includes and its core.hooksPath. */
void gm_add_file(struct gm_plan *p, const struct gm_disk *d, const char *path);
/* --protect PATH: absolute, or relative to the workspace. */
/* |from|: where the --protect came from ("flag", "config FILE:LINE");
 * copied; NULL: "flag". */
void gm_add_user(struct gm_plan *p, const struct gm_disk *d, const char *path,
		 const char *from);
/*
 * The roots the workspace's own repository needs when its git dir lies
 * outside the workspace (reason git-common-dir): a linked worktree's
 * worktrees/<name>/, and in the common dir objects/, refs/, logs/ (and
 * modules/, rr-cache/ where they exist) plus the common dir itself,
 * guarded. Granted only when the git dir points back at this workspace
 * (worktrees/<name>/gitdir names its .git; a submodule's core.worktree
 * names it) and lies where git puts it (<common>/worktrees/<name>): a
 * .git file a job rewrote in an earlier session must not hand the next
 * session another repository. Otherwise a note says why not.
 */
void gm_workspace_roots(struct gm_plan *p, const struct gm_disk *d);
/* Sorts the paths parent first and drops duplicates. */
void gm_plan_finish(struct gm_plan *p);

/* The protected entry that covers canonical |path| (a protected folder
 * covers what is beneath it), or NULL. Pins and absent files count: a
 * write there is what is watched. */
const struct gm_path *gm_lookup(const struct gm_plan *p, const char *path);
/* The innermost repository whose worktree holds folder |dir|, or NULL. */
const struct gm_repo *gm_repo_at(const struct gm_plan *p, const char *dir);
/* "<common dir>/config" of |r| (new string), NULL without a common dir. */
char *gm_repo_config(const struct gm_repo *r);

/* For `policy` and --print-policy: the repositories and protected paths,
 * as text lines and as JSON members ("git_metadata", "git_repositories",
 * "protected"; no braces around them). |mounted|: the mount layer holds
 * them (else checker-only). |p| may be NULL. */
void gm_format_text(const struct gm_plan *p, bool mounted, struct sbx_buf *b);
struct json_w;
void gm_json(const struct gm_plan *p, bool mounted, struct json_w *w);

const char *gm_why_name(enum gm_why w);	 /* "git-hooks" ... */
const char *gm_why_text(enum gm_why w);	 /* for `policy` */
const char *gm_why_short(enum gm_why w); /* for a checker flag */

#endif
