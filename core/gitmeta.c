/* core/gitmeta.c — git's own rules for finding a repository's git dir,
 * common dir, hooks and config, and the list of paths a job must not
 * write (docs/design.md §2b). Pure: the disk comes in through gm_disk.
 *
 * The attack: git runs hooks and commands its config names (core.fsmonitor
 * runs on every `git status`; core.pager, core.editor, core.sshCommand,
 * aliases, filter.*.clean, diff.*.textconv, credential.helper ...) the
 * next time the user, a prompt or an editor runs git outside the sandbox.
 * So a job must not be able to change, in any repository git would use:
 *   - hooks/, and core.hooksPath's folder: run as is;
 *   - config, config.worktree (read when extensions.worktreeConfig is on,
 *     and the extension lives in config), and every file they include
 *     (include.path, includeIf.*.path: relative to the including file);
 *   - the ".git" file of a worktree or submodule and every commondir
 *     file: they tell git where the git dir and the common dir are, so a
 *     rewritten one hands git a config of the job's choosing. A commondir
 *     file a job CREATES in a plain git dir does the same (git reads
 *     "<gitdir>/commondir" in every git dir): a mount cannot stop a new
 *     file in a writable folder, so its creation is reported instead;
 *   - the git dir itself, bound over itself (a "pin"): a mount point
 *     cannot be renamed, so `mv .git x && mkdir .git` cannot swap it.
 * Followed exactly as git follows them (setup.c: read_gitfile_gently()
 * and get_common_dir_noenv()): "gitdir: " then the rest of the file up to
 * trailing CRs and LFs, relative to the .git file's folder; "commondir"
 * likewise, relative to the git dir, and not chained (a common dir's own
 * commondir file is never read). Everything else git writes (objects,
 * refs, logs, index, HEAD, packed-refs, stash, lock files) stays
 * writable, so add, commit, branch, checkout, stash, rebase, fetch and gc
 * work.
 *
 * Not executable, hence not protected: .gitattributes and info/attributes
 * (a filter or diff driver they name runs only if a config defines it),
 * .gitmodules (git takes no command from it since 2.24.1: `update = !cmd`
 * is honoured from config only), info/exclude, description, objects.
 */
#include "gitmeta.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "gitfmt.h"
#include "guard.h"
#include "json.h"

/* Bounds: git's own where it has one. */
#define GM_GITFILE_MAX 8192	 /* a .git / commondir / gitdir file */
#define GM_CONFIG_MAX (1u << 20) /* a config file read for includes */
#define GM_INCLUDE_DEPTH 10	 /* git's MAX_INCLUDE_DEPTH */
#define GM_MODULES_DEPTH 4	 /* modules/a/b/c: names with slashes */

/* clang-format off */
static const struct { const char *name, *text, *shrt; } why_tab[] = {
	[GM_WHY_HOOKS] = { "git-hooks",
		"git runs them outside the sandbox",
		"git runs it outside the sandbox" },
	[GM_WHY_CONFIG] = { "git-config",
		"git runs commands it names (core.fsmonitor, core.pager, "
		"aliases, filters) outside the sandbox",
		"git runs commands it names outside the sandbox" },
	[GM_WHY_INCLUDE] = { "git-include",
		"included by a git config: git runs commands it names outside "
		"the sandbox",
		"a git config includes it: git runs commands it names outside "
		"the sandbox" },
	[GM_WHY_HOOKSPATH] = { "git-hooks-path",
		"core.hooksPath: git runs the hooks in it outside the sandbox",
		"core.hooksPath: git runs it outside the sandbox" },
	[GM_WHY_POINTER] = { "git-pointer",
		"tells git where the repository and its config are",
		"it tells git where the repository and its config are" },
	[GM_WHY_GITDIR] = { "git-dir",
		"pinned: cannot be renamed or removed and replaced (its "
		"contents stay writable)",
		"the git dir cannot be renamed or removed" },
	[GM_WHY_USER] = { "user",
		"--protect", "--protect" },
	[GM_WHY_ENV] = { "git-global-config",
		"a config file git reads in every repository: git runs "
		"commands it names outside the sandbox",
		"git runs commands it names outside the sandbox" },
};
/* clang-format on */

const char *gm_why_name(enum gm_why w)
{
	return why_tab[w].name;
}
const char *gm_why_text(enum gm_why w)
{
	return why_tab[w].text;
}
const char *gm_why_short(enum gm_why w)
{
	return why_tab[w].shrt;
}

/* --- the plan ----------------------------------------------------------- */

struct gm_plan *gm_plan_new(const char *workspace, const char *home)
{
	struct gm_plan *p = xcalloc(1, sizeof(*p));

	p->workspace = xstrdup(workspace);
	p->home = home ? xstrdup(home) : NULL;
	return p;
}

void gm_plan_free(struct gm_plan *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->nrepos; i++) {
		free(p->repos[i].worktree);
		free(p->repos[i].dotgit);
		free(p->repos[i].gitdir);
		free(p->repos[i].commondir);
	}
	for (size_t i = 0; i < p->npaths; i++) {
		free(p->paths[i].path);
		free(p->paths[i].from);
	}
	for (size_t i = 0; i < p->nroots; i++)
		free(p->roots[i].path);
	free(p->repos);
	free(p->paths);
	free(p->roots);
	free(p->workspace);
	free(p->home);
	strv_free(&p->notes);
	strv_free(&p->visited);
	strv_free(&p->reads);
	free(p);
}

static char *dup0(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

/* A copy of the |n| elements of |size| bytes at |a|, and one zeroed
 * after them. */
static void *dup_array(const void *a, size_t n, size_t size)
{
	void *c = xcalloc(n + 1, size);

	if (n)
		memcpy(c, a, n * size);
	return c;
}

struct gm_plan *gm_plan_copy(const struct gm_plan *s)
{
	struct gm_plan *p = gm_plan_new(s->workspace, s->home);

	p->depth = s->depth;
	p->truncated = s->truncated;
	/* each element copied whole, then its strings made its own */
	p->nrepos = p->crepos = s->nrepos;
	p->repos = dup_array(s->repos, s->nrepos, sizeof(*p->repos));
	for (struct gm_repo *r = p->repos; r < p->repos + p->nrepos; r++) {
		r->worktree = dup0(r->worktree);
		r->dotgit = dup0(r->dotgit);
		r->gitdir = dup0(r->gitdir);
		r->commondir = dup0(r->commondir);
	}
	p->npaths = p->cpaths = s->npaths;
	p->paths = dup_array(s->paths, s->npaths, sizeof(*p->paths));
	for (struct gm_path *g = p->paths; g < p->paths + p->npaths; g++) {
		g->path = xstrdup(g->path);
		g->from = dup0(g->from);
	}
	p->nroots = p->croots = s->nroots;
	p->roots = dup_array(s->roots, s->nroots, sizeof(*p->roots));
	for (size_t i = 0; i < p->nroots; i++)
		p->roots[i].path = xstrdup(p->roots[i].path);
	for (size_t i = 0; i < s->notes.n; i++)
		strv_push(&p->notes, s->notes.v[i]);
	return p;
}

/* Takes |path|. */
static void add_path(struct gm_plan *p, char *path, enum gm_why why,
		     unsigned flags, int repo)
{
	if (p->npaths == p->cpaths) {
		p->cpaths = p->cpaths ? 2 * p->cpaths : 16;
		p->paths = xrealloc(p->paths, p->cpaths * sizeof(*p->paths));
	}
	p->paths[p->npaths++] = (struct gm_path){
	    .path = path, .why = why, .flags = flags, .repo = repo};
}

static int add_repo(struct gm_plan *p, enum gm_repo_kind kind,
		    const char *worktree, const char *dotgit)
{
	if (p->nrepos == p->crepos) {
		p->crepos = p->crepos ? 2 * p->crepos : 4;
		p->repos = xrealloc(p->repos, p->crepos * sizeof(*p->repos));
	}
	p->repos[p->nrepos] = (struct gm_repo){
	    .worktree = dup0(worktree), .dotgit = dup0(dotgit), .kind = kind};
	return (int)p->nrepos++;
}

static void add_root(struct gm_plan *p, const char *path, bool guarded)
{
	for (size_t i = 0; i < p->nroots; i++)
		if (strcmp(p->roots[i].path, path) == 0)
			return;
	if (p->nroots == p->croots) {
		p->croots = p->croots ? 2 * p->croots : 8;
		p->roots = xrealloc(p->roots, p->croots * sizeof(*p->roots));
	}
	p->roots[p->nroots++] =
	    (struct gm_root){.path = xstrdup(path), .guarded = guarded};
}

static void note(struct gm_plan *p, char *text)
{
	strv_take(&p->notes, text);
}

static enum gm_kind kind_of(const struct gm_disk *d, const char *path)
{
	return d->kind ? d->kind(d->ctx, path) : GM_ABSENT;
}

static char *canon_of(const struct gm_disk *d, const char *path)
{
	char *c = d->canon ? d->canon(d->ctx, path) : NULL;

	return c ? c : xstrdup(path);
}

/* |path| with its folder canonical and its last component as is (a
 * symlink there is the entry to watch, not to follow): new string. */
static char *canon_parent(const struct gm_disk *d, const char *path)
{
	const char *s = strrchr(path, '/');
	SBX_AUTOFREE char *dir = NULL;
	SBX_AUTOFREE char *c = NULL;

	if (!s || s == path || !s[1])
		return xstrdup(path);
	dir = xstrndup(path, (size_t)(s - path));
	c = canon_of(d, dir);
	return path_join(c, s + 1);
}

/* The folder part of |path| (folded, absolute): new string. */
static char *dir_of(const char *path)
{
	const char *s = strrchr(path, '/');

	return s == path ? xstrdup("/") : xstrndup(path, (size_t)(s - path));
}

/* |rel| (|n| bytes) against folder |base|, folded: new string, or NULL. */
static char *resolve(const char *base, const char *rel, size_t n)
{
	size_t cap = strlen(base) + n + 2;
	char *out = xmalloc(cap);

	if (gm_join(out, cap, base, rel, n) < 0) {
		free(out);
		return NULL;
	}
	return out;
}

/* A config pathname as git interpolates it (path.c interpolate_path):
 * "~/x" from $HOME, relative ones against |base| (NULL: refused). "~user"
 * and "%(prefix)/" are not followed: NULL. New string. */
static char *config_path(const struct gm_plan *p, const struct gm_disk *d,
			 const char *v, const char *base)
{
	SBX_AUTOFREE char *r = NULL;

	if (v[0] == '~') {
		if (v[1] != '/' || !p->home)
			return NULL;
		r = resolve(p->home, v + 2, strlen(v + 2));
	} else if ((v[0] == '%' && v[1] == '(') || (v[0] != '/' && !base)) {
		return NULL;
	} else {
		r = resolve(base ? base : "/", v, strlen(v));
	}
	return r ? canon_parent(d, r) : NULL;
}

/*
 * Where a read of |path| must stay: the workspace, or a folder git's own
 * pointers lead to (p->reads); NULL: |path| is not read at all. The scan
 * runs unconfined, before the session, over files a job of an earlier
 * session could write: `include.path = /dev/ptmx` made it open the
 * device, a ".git" symlink made it read `<target>/config`. The disk
 * opens beneath this folder only (openat2 RESOLVE_BENEATH).
 */
static const char *read_root(const struct gm_plan *p, const char *path)
{
	const char *best = NULL;

	if (!path || path[0] != '/')
		return NULL;
	if (path_under(p->workspace, path))
		best = p->workspace;
	for (size_t i = 0; i < p->reads.n; i++)
		if (path_under(p->reads.v[i], path) &&
		    (!best || strlen(p->reads.v[i]) > strlen(best)))
			best = p->reads.v[i];
	return best;
}

static void add_read_root(struct gm_plan *p, const char *dir)
{
	if (dir && dir[0] == '/' && !read_root(p, dir))
		strv_push(&p->reads, dir);
}

/* Reads a small file beneath |root| (NULL: refused, nothing opened)
 * through the disk: new NUL-terminated buffer and its length, or NULL. */
static char *slurp(const struct gm_disk *d, const char *root, const char *path,
		   size_t cap, size_t *len)
{
	/* Most are a few hundred bytes: a small buffer first (a large one
	 * is a mapping of its own, two more syscalls). */
	size_t first = cap < 16384 ? cap : 16384;
	char *buf;
	long n;

	if (!d->read || !root)
		return NULL;
	buf = xmalloc(first + 1);
	n = d->read(d->ctx, root, path, buf, first);
	if (n == -EFBIG && cap > first) {
		free(buf);
		buf = xmalloc(cap + 1);
		n = d->read(d->ctx, root, path, buf, cap);
	}
	if (n < 0) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	*len = (size_t)n;
	return buf;
}

/*
 * Protects file |path| (|why|) as it is on disk: a file or folder is
 * protected itself; an absent one is watched; a symlink is watched
 * (a mount holds its target, never the link) and its target, canonical,
 * protected on its own. Returns the path git reads (the target for a
 * link), new string.
 */
static char *prot_entry_k(struct gm_plan *p, const struct gm_disk *d,
			  const char *path, enum gm_why why, unsigned dirflag,
			  int repo, enum gm_kind k)
{
	char *t;

	switch (k) {
	case GM_LINK:
		add_path(p, xstrdup(path), why, GM_P_LINK, repo);
		t = canon_of(d, path);
		k = kind_of(d, t);
		add_path(p, xstrdup(t), why,
			 (k == GM_DIR ? GM_P_DIR : 0) |
			     (k == GM_ABSENT ? GM_P_ABSENT | dirflag : 0),
			 repo);
		return t;
	case GM_ABSENT:
		add_path(p, xstrdup(path), why, GM_P_ABSENT | dirflag, repo);
		return xstrdup(path);
	case GM_DIR:
		add_path(p, xstrdup(path), why, GM_P_DIR, repo);
		return xstrdup(path);
	default:
		add_path(p, xstrdup(path), why, 0, repo);
		return xstrdup(path);
	}
}

static char *prot_entry(struct gm_plan *p, const struct gm_disk *d,
			const char *path, enum gm_why why, unsigned dirflag,
			int repo)
{
	return prot_entry_k(p, d, path, why, dirflag, repo, kind_of(d, path));
}

/* What a config file says that matters here. */
struct cfg_facts {
	struct sbx_strv includes; /* raw values, with the file's folder */
	struct sbx_strv bases;
	char *hooks_path; /* raw value of the last core.hooksPath */
	char *worktree;	  /* raw value of core.worktree */
};

static void cfg_facts_free(struct cfg_facts *f)
{
	strv_free(&f->includes);
	strv_free(&f->bases);
	free(f->hooks_path);
	free(f->worktree);
}

/* Reads config |path| (already protected by the caller) beneath |root|
 * and, depth first, every file it includes (protected here,
 * GM_WHY_INCLUDE) that lies beneath |root| too. */
static void read_config(struct gm_plan *p, const struct gm_disk *d,
			const char *root, const char *path, int repo, int depth,
			struct cfg_facts *f)
{
	SBX_AUTOFREE char *text = NULL;
	SBX_AUTOFREE char *base = dir_of(path);
	SBX_AUTOFREE struct gm_cfg_kv *kv = NULL;
	struct gm_cfg c;
	size_t len = 0;
	int r;

	text = slurp(d, root, path, GM_CONFIG_MAX, &len);
	if (!text)
		return;
	kv = xmalloc(sizeof(*kv));
	gm_cfg_init(&c, text, len);
	while ((r = gm_cfg_next(&c, kv)) == 1) {
		bool inc = !strcmp(kv->name, "path") &&
			   (!strcmp(kv->section, "includeif") ||
			    (!strcmp(kv->section, "include") && !kv->sub[0]));

		if (!kv->has_value)
			continue;
		if (inc) {
			/* Every includeIf, whatever its condition: the
			 * condition may hold for the git outside. */
			SBX_AUTOFREE char *ip =
			    config_path(p, d, kv->value, base);
			SBX_AUTOFREE char *t = NULL;

			if (!ip) {
				note(p, xasprintf("%s includes %s: not "
						  "followed (protect it with "
						  "--protect)",
						  path, kv->value));
				continue;
			}
			t = prot_entry(p, d, ip, GM_WHY_INCLUDE, 0, repo);
			/* Protected wherever it is, read only inside: an
			 * absolute path or a `..` that leaves the folder
			 * (folded lexically, its symlinks resolved: |t| is
			 * canonical) names a file a job chose outside, a
			 * device (/dev/ptmx) or a FIFO that would stall us. */
			if (!path_under(root, t))
				note(p, xasprintf("%s includes %s: outside %s, "
						  "not read (what it includes "
						  "is not protected)",
						  path, t, root));
			else if (depth < GM_INCLUDE_DEPTH)
				read_config(p, d, root, t, repo, depth + 1, f);
		} else if (!strcmp(kv->section, "core") && !kv->sub[0] &&
			   !strcmp(kv->name, "hookspath")) {
			free(f->hooks_path);
			f->hooks_path = xstrdup(kv->value);
		} else if (!strcmp(kv->section, "core") && !kv->sub[0] &&
			   !strcmp(kv->name, "worktree") && depth == 0) {
			free(f->worktree);
			f->worktree = xstrdup(kv->value);
		}
	}
	if (r < 0)
		note(p, xasprintf("%s has a line git refuses; checked up "
				  "to it",
				  path));
}

/* core.hooksPath: relative to the worktree (the top of it: where hooks
 * run, githooks(5)), or to the git dir without one. */
static void prot_hooks_path(struct gm_plan *p, const struct gm_disk *d,
			    const char *value, const char *worktree,
			    const char *gitdir, int repo)
{
	SBX_AUTOFREE char *hp =
	    config_path(p, d, value, worktree ? worktree : gitdir);
	SBX_AUTOFREE char *t = NULL;

	if (!hp) {
		note(p, xasprintf("core.hooksPath %s is not followed "
				  "(protect it with --protect)",
				  value));
		return;
	}
	t = prot_entry(p, d, hp, GM_WHY_HOOKSPATH, GM_P_DIR, repo);
}

/* hooks/ of common dir |c|: made empty when missing, so no job can
 * create it (a mount needs a folder to sit on). */
static void prot_hooks(struct gm_plan *p, const struct gm_disk *d,
		       const char *c, int repo)
{
	SBX_AUTOFREE char *h = path_join(c, "hooks");
	SBX_AUTOFREE char *t = NULL;
	enum gm_kind k = kind_of(d, h);

	if (k == GM_ABSENT) {
		add_path(p, xstrdup(h), GM_WHY_HOOKS, GM_P_DIR | GM_P_MKDIR,
			 repo);
		return;
	}
	t = prot_entry_k(p, d, h, GM_WHY_HOOKS, GM_P_DIR, repo, k);
}

static bool visited(struct gm_plan *p, const char *dir, const char *tag)
{
	SBX_AUTOFREE char *key = xasprintf("%s%s", tag, dir);

	if (strv_has(&p->visited, key))
		return true;
	strv_push(&p->visited, key);
	return false;
}

static void add_gitdir(struct gm_plan *p, const struct gm_disk *d,
		       const char *g, int repo);

/* The names of the folders in |dir| (none where |d| cannot list). */
static struct sbx_strv subdirs(const struct gm_disk *d, const char *dir)
{
	struct sbx_strv names = {0};

	if (d->subdirs)
		d->subdirs(d->ctx, dir, &names);
	return names;
}

/* Submodule git dirs: modules/<name>/, names may hold slashes. A folder
 * with a HEAD or a config is a git dir; another is a step of a name. */
static void walk_modules(struct gm_plan *p, const struct gm_disk *d,
			 const char *dir, int depth)
{
	struct sbx_strv names = subdirs(d, dir);

	for (size_t i = 0; i < names.n; i++) {
		SBX_AUTOFREE char *e = path_join(dir, names.v[i]);
		SBX_AUTOFREE char *head = path_join(e, "HEAD");
		SBX_AUTOFREE char *cfg = path_join(e, "config");

		if (kind_of(d, head) != GM_ABSENT ||
		    kind_of(d, cfg) != GM_ABSENT)
			add_gitdir(p, d, e,
				   add_repo(p, GM_REPO_MODULE, NULL, NULL));
		else if (depth < GM_MODULES_DEPTH)
			walk_modules(p, d, e, depth + 1);
	}
	strv_free(&names);
}

/* A linked worktree's git dir in worktrees/: its commondir and
 * config.worktree decide what that worktree's git reads, and it is
 * pinned so it cannot be swapped for one with other files. */
static void walk_worktrees(struct gm_plan *p, const struct gm_disk *d,
			   const char *c, int repo)
{
	SBX_AUTOFREE char *dir = path_join(c, "worktrees");
	struct sbx_strv names = subdirs(d, dir);

	for (size_t i = 0; i < names.n; i++) {
		SBX_AUTOFREE char *w = path_join(dir, names.v[i]);
		SBX_AUTOFREE char *cd = path_join(w, "commondir");
		SBX_AUTOFREE char *cw = path_join(w, "config.worktree");

		add_path(p, xstrdup(w), GM_WHY_GITDIR, GM_P_DIR | GM_P_PIN,
			 repo);
		free(prot_entry(p, d, cd, GM_WHY_POINTER, 0, repo));
		free(prot_entry(p, d, cw, GM_WHY_CONFIG, 0, repo));
	}
	strv_free(&names);
}

/* The common dir's part: hooks, config and what it includes, the hooks
 * path, modules and worktrees. Once per common dir. */
static void add_common(struct gm_plan *p, const struct gm_disk *d,
		       const char *c, const char *g, int repo)
{
	SBX_AUTOFREE char *cfg = path_join(c, "config");
	SBX_AUTOFREE char *t = NULL;
	SBX_AUTOFREE char *mods = path_join(c, "modules");
	struct cfg_facts f = {0};
	struct gm_repo *r;

	prot_hooks(p, d, c, repo);
	t = prot_entry(p, d, cfg, GM_WHY_CONFIG, 0, repo);
	read_config(p, d, read_root(p, t), t, repo, 0, &f);
	if (strcmp(c, g) != 0) {
		/* The main worktree's config.worktree, in the common dir. */
		SBX_AUTOFREE char *cw = path_join(c, "config.worktree");

		free(prot_entry(p, d, cw, GM_WHY_CONFIG, 0, repo));
	}
	r = &p->repos[repo];
	if (!r->worktree && f.worktree) {
		/* A submodule's git dir names its worktree (core.worktree,
		 * relative to the git dir). */
		SBX_AUTOFREE char *w = config_path(p, d, f.worktree, g);

		if (w)
			r->worktree = canon_of(d, w);
	}
	if (f.hooks_path)
		prot_hooks_path(p, d, f.hooks_path, r->worktree, g, repo);
	walk_modules(p, d, mods, 0);
	walk_worktrees(p, d, c, repo);
	cfg_facts_free(&f);
}

/* Git dir |g| (canonical) of repository |repo|. */
static void add_gitdir(struct gm_plan *p, const struct gm_disk *d,
		       const char *g, int repo)
{
	SBX_AUTOFREE char *cdf = path_join(g, "commondir");
	SBX_AUTOFREE char *cw = path_join(g, "config.worktree");
	SBX_AUTOFREE char *c = NULL;
	struct gm_repo *r = &p->repos[repo];
	enum gm_kind k = kind_of(d, g);

	free(r->gitdir);
	r->gitdir = xstrdup(g);
	if (k != GM_DIR) {
		/* A pointer to a git dir that is not there (a submodule not
		 * initialized yet): a job creating it there would hand git
		 * a config of its own. */
		if (k == GM_ABSENT)
			add_path(p, xstrdup(g), GM_WHY_GITDIR,
				 GM_P_DIR | GM_P_ABSENT, repo);
		r->commondir = xstrdup(g);
		return;
	}
	if (visited(p, g, "g:")) {
		/* Seen already (modules/x from the superproject, then the
		 * submodule's .git file): only the common dir is needed. */
		for (size_t i = 0; i < p->nrepos; i++)
			if ((int)i != repo && p->repos[i].gitdir &&
			    !strcmp(p->repos[i].gitdir, g) &&
			    p->repos[i].commondir) {
				r->commondir = xstrdup(p->repos[i].commondir);
				break;
			}
		if (!r->commondir)
			r->commondir = xstrdup(g);
		return;
	}
	add_path(p, xstrdup(g), GM_WHY_GITDIR, GM_P_DIR | GM_P_PIN, repo);
	if (kind_of(d, cdf) != GM_ABSENT) {
		SBX_AUTOFREE char *t =
		    prot_entry(p, d, cdf, GM_WHY_POINTER, 0, repo);
		SBX_AUTOFREE char *text = NULL;
		size_t len = 0, n;

		text = slurp(d, read_root(p, t), t, GM_GITFILE_MAX, &len);
		if (text && gm_commondir_path(text, len, &n) == 0) {
			SBX_AUTOFREE char *j = resolve(g, text, n);

			if (j)
				c = canon_of(d, j);
		}
		/* A linked worktree's git dir, reached through git's own
		 * pointer, names its common dir: read there too. */
		if (c && strv_has(&p->reads, g))
			add_read_root(p, c);
		if (!c)
			note(p, xasprintf("%s cannot be read as git reads "
					  "it (git refuses this repository)",
					  cdf));
	} else {
		/* Absent is the rule; one created is reported. */
		add_path(p, xstrdup(cdf), GM_WHY_POINTER, GM_P_ABSENT, repo);
	}
	if (!c)
		c = xstrdup(g);
	r->commondir = xstrdup(c);
	free(prot_entry(p, d, cw, GM_WHY_CONFIG, 0, repo));
	if (!visited(p, c, "c:"))
		add_common(p, d, c, g, repo);
}

void gm_add_dotgit(struct gm_plan *p, const struct gm_disk *d,
		   const char *dotgit, enum gm_kind kind)
{
	SBX_AUTOFREE char *wt = dir_of(dotgit);
	SBX_AUTOFREE char *text = NULL;
	SBX_AUTOFREE char *g = NULL;
	int repo;
	size_t len = 0, off, n;

	switch (kind) {
	case GM_DIR:
		repo = add_repo(p, GM_REPO_DIR, wt, dotgit);
		add_gitdir(p, d, dotgit, repo);
		return;
	case GM_LINK:
		repo = add_repo(p, GM_REPO_LINK, wt, dotgit);
		/* git follows the link; the link itself cannot be held by a
		 * mount: it is watched, its target protected. */
		add_path(p, xstrdup(dotgit), GM_WHY_POINTER, GM_P_LINK, repo);
		g = canon_of(d, dotgit);
		if (read_root(p, g)) {
			add_gitdir(p, d, g, repo);
			return;
		}
		/* A link out of the workspace is a job's choice as likely as
		 * the user's: nothing in it is read before confinement (its
		 * config could include a device), and all of it is held. */
		free(p->repos[repo].gitdir);
		p->repos[repo].gitdir = xstrdup(g);
		p->repos[repo].commondir = xstrdup(g);
		add_path(p, xstrdup(g), GM_WHY_GITDIR,
			 GM_P_DIR |
			     (kind_of(d, g) == GM_ABSENT ? GM_P_ABSENT : 0),
			 repo);
		note(p, xasprintf("%s is a symlink to %s, outside the "
				  "workspace: not followed (nothing in it "
				  "read; all of it protected)",
				  dotgit, g));
		return;
	case GM_FILE:
		repo = add_repo(p, GM_REPO_FILE, wt, dotgit);
		add_path(p, xstrdup(dotgit), GM_WHY_POINTER, 0, repo);
		text = slurp(d, read_root(p, dotgit), dotgit, GM_GITFILE_MAX,
			     &len);
		if (!text || gm_gitfile_path(text, len, &off, &n) < 0) {
			note(p, xasprintf("%s is not a .git file git "
					  "reads (not followed)",
					  dotgit));
			return;
		}
		{
			SBX_AUTOFREE char *j = resolve(wt, text + off, n);

			if (!j)
				return;
			g = canon_of(d, j);
		}
		/* git's own pointer (a submodule, a linked worktree): its
		 * git dir is read, by regular files without symlinks. */
		add_read_root(p, g);
		add_gitdir(p, d, g, repo);
		return;
	default:
		note(p, xasprintf("%s is neither a folder, a file nor a "
				  "symlink (not followed)",
				  dotgit));
	}
}

void gm_add_env_gitdir(struct gm_plan *p, const struct gm_disk *d,
		       const char *gitdir, const char *common)
{
	SBX_AUTOFREE char *g = NULL;
	int repo;

	if (!gitdir || gitdir[0] != '/')
		return;
	g = canon_of(d, gitdir);
	repo = add_repo(p, GM_REPO_ENV, NULL, NULL);
	/* The user's environment named it, not a job. */
	add_read_root(p, g);
	add_gitdir(p, d, g, repo);
	if (common && common[0] == '/') {
		SBX_AUTOFREE char *c = canon_of(d, common);

		add_read_root(p, c);

		free(p->repos[repo].commondir);
		p->repos[repo].commondir = xstrdup(c);
		if (!visited(p, c, "c:"))
			add_common(p, d, c, g, repo);
	}
}

void gm_add_file(struct gm_plan *p, const struct gm_disk *d, const char *path)
{
	SBX_AUTOFREE char *t = NULL;
	struct cfg_facts f = {0};
	enum gm_kind k;

	if (!path || path[0] != '/' || (k = kind_of(d, path)) == GM_ABSENT)
		return;
	t = prot_entry_k(p, d, path, GM_WHY_ENV, 0, -1, k);
	/* The user's own configuration, named by the environment or the
	 * home: read wherever it is (still a regular file, no symlink on
	 * the way to its canonical path), and what it includes. */
	read_config(p, d, "/", t, -1, 0, &f);
	if (f.hooks_path && (f.hooks_path[0] == '/' || f.hooks_path[0] == '~'))
		prot_hooks_path(p, d, f.hooks_path, NULL, NULL, -1);
	cfg_facts_free(&f);
}

void gm_add_user(struct gm_plan *p, const struct gm_disk *d, const char *path,
		 const char *from)
{
	SBX_AUTOFREE char *abs = NULL;
	size_t n = strlen(path), first = p->npaths;
	bool dir = n > 1 && path[n - 1] == '/';

	abs = path[0] == '/' ? path_fold(path) : resolve(p->workspace, path, n);
	if (!abs)
		return;
	{
		SBX_AUTOFREE char *c = canon_parent(d, abs);

		free(prot_entry(p, d, c, GM_WHY_USER, dir ? GM_P_DIR : 0, -1));
	}
	for (size_t i = first; i < p->npaths; i++)
		p->paths[i].from = xstrdup(from ? from : "flag");
}

/* --- the workspace's repository outside the workspace -------------------- */

/* The canonical path a small pointer file inside |dir| names (commondir,
 * gitdir: trailing CRs and LFs dropped), or NULL. */
static char *read_pointer(const struct gm_plan *p, const struct gm_disk *d,
			  const char *dir, const char *name)
{
	SBX_AUTOFREE char *f = path_join(dir, name);
	SBX_AUTOFREE char *text = NULL;
	SBX_AUTOFREE char *j = NULL;
	size_t len = 0, n;

	text = slurp(d, read_root(p, f), f, GM_GITFILE_MAX, &len);
	if (!text || gm_commondir_path(text, len, &n) < 0)
		return NULL;
	j = resolve(dir, text, n);
	return j ? canon_of(d, j) : NULL;
}

/* A submodule's git dir names its worktree in core.worktree. */
static char *module_worktree(const struct gm_plan *p, const struct gm_disk *d,
			     const char *g)
{
	SBX_AUTOFREE char *cfg = path_join(g, "config");
	SBX_AUTOFREE char *text = NULL;
	SBX_AUTOFREE struct gm_cfg_kv *kv = xmalloc(sizeof(*kv));
	char *w = NULL;
	struct gm_cfg c;
	size_t len = 0;

	text = slurp(d, read_root(p, cfg), cfg, GM_CONFIG_MAX, &len);
	if (!text)
		return NULL;
	gm_cfg_init(&c, text, len);
	while (gm_cfg_next(&c, kv) == 1) {
		if (!strcmp(kv->section, "core") && !kv->sub[0] &&
		    !strcmp(kv->name, "worktree") && kv->has_value) {
			SBX_AUTOFREE char *j = config_path(p, d, kv->value, g);

			free(w);
			w = j ? canon_of(d, j) : NULL;
		}
	}
	return w;
}

static bool is_git_dir(const struct gm_disk *d, const char *c)
{
	SBX_AUTOFREE char *o = path_join(c, "objects");
	SBX_AUTOFREE char *r = path_join(c, "refs");

	return kind_of(d, o) == GM_DIR && kind_of(d, r) == GM_DIR;
}

static void maybe_root(struct gm_plan *p, const struct gm_disk *d,
		       const char *c, const char *name)
{
	SBX_AUTOFREE char *s = path_join(c, name);

	if (kind_of(d, s) == GM_DIR)
		add_root(p, s, false);
}

void gm_workspace_roots(struct gm_plan *p, const struct gm_disk *d)
{
	const struct gm_repo *r = NULL;
	const char *homes[] = {p->home, NULL};
	SBX_AUTOFREE char *back = NULL;
	char why[160];
	bool linked;

	for (size_t i = 0; i < p->nrepos && !r; i++)
		if (p->repos[i].worktree &&
		    !strcmp(p->repos[i].worktree, p->workspace) &&
		    p->repos[i].gitdir && p->repos[i].commondir)
			r = &p->repos[i];
	if (!r || (path_under(p->workspace, r->gitdir) &&
		   path_under(p->workspace, r->commondir)))
		return;
	linked = strcmp(r->gitdir, r->commondir) != 0;
	if (linked) {
		/* Where git puts it, pointing back at this workspace. */
		SBX_AUTOFREE char *wts = path_join(r->commondir, "worktrees");
		SBX_AUTOFREE char *dotgit = canon_of(d, r->dotgit);
		SBX_AUTOFREE char *parent = dir_of(r->gitdir);

		back = read_pointer(p, d, r->gitdir, "gitdir");
		if (strcmp(parent, wts) != 0 || !back ||
		    strcmp(back, dotgit) != 0) {
			note(p, xasprintf("%s is not this workspace's "
					  "linked worktree git dir (it does "
					  "not point back here): git cannot "
					  "write there in this session",
					  r->gitdir));
			return;
		}
	} else {
		back = module_worktree(p, d, r->gitdir);
		if (!back || strcmp(back, p->workspace) != 0) {
			note(p, xasprintf("the git dir %s lies outside "
					  "the workspace and its core.worktree "
					  "does not name it: git cannot write "
					  "there in this session",
					  r->gitdir));
			return;
		}
	}
	if (!is_git_dir(d, r->commondir) ||
	    guard_refused(r->commondir, homes, why, sizeof(why))) {
		note(p, xasprintf("the common dir %s is not granted",
				  r->commondir));
		return;
	}
	if (linked)
		add_root(p, r->gitdir, false);
	maybe_root(p, d, r->commondir, "objects");
	maybe_root(p, d, r->commondir, "refs");
	maybe_root(p, d, r->commondir, "logs");
	maybe_root(p, d, r->commondir, "modules");
	maybe_root(p, d, r->commondir, "rr-cache");
	/* packed-refs, gc.pid and the lock files of both are created in the
	 * common dir itself, next to config: only where its config and
	 * hooks stay read-only. */
	add_root(p, r->commondir, true);
}

static int by_path(const void *a, const void *b)
{
	return strcmp(((const struct gm_path *)a)->path,
		      ((const struct gm_path *)b)->path);
}

void gm_plan_finish(struct gm_plan *p)
{
	size_t o = 0;

	if (p->npaths)
		qsort(p->paths, p->npaths, sizeof(*p->paths), by_path);
	for (size_t i = 0; i < p->npaths; i++) {
		if (o && strcmp(p->paths[o - 1].path, p->paths[i].path) == 0) {
			struct gm_path *k = &p->paths[o - 1];
			unsigned both = k->flags & p->paths[i].flags;

			/* The same entry reached twice: what it is on disk
			 * is one thing; keep the first reason. Protected
			 * read-only by one of them: no pin (a read-only
			 * mount point cannot be renamed either). */
			k->flags |= p->paths[i].flags;
			if (!(both & GM_P_PIN))
				k->flags &= ~GM_P_PIN;
			if (!k->from)
				k->from = sbx_steal(&p->paths[i].from);
			free(p->paths[i].path);
			free(p->paths[i].from);
			continue;
		}
		p->paths[o++] = p->paths[i];
	}
	p->npaths = o;
}

const struct gm_path *gm_lookup(const struct gm_plan *p, const char *path)
{
	const struct gm_path *best = NULL;

	for (size_t i = 0; p && i < p->npaths; i++) {
		const struct gm_path *e = &p->paths[i];
		bool hit = (e->flags & (GM_P_DIR | GM_P_PIN)) == GM_P_DIR
			       ? path_under(e->path, path)
			       : strcmp(e->path, path) == 0;

		/* The innermost wins: hooks/ over the pinned .git. */
		if (hit && (!best || strlen(e->path) > strlen(best->path)))
			best = e;
	}
	return best;
}

const struct gm_repo *gm_repo_at(const struct gm_plan *p, const char *dir)
{
	const struct gm_repo *best = NULL;

	for (size_t i = 0; p && i < p->nrepos; i++) {
		const struct gm_repo *r = &p->repos[i];

		if (r->worktree && r->commondir &&
		    path_under(r->worktree, dir) &&
		    (!best || strlen(r->worktree) > strlen(best->worktree)))
			best = r;
	}
	return best;
}

char *gm_repo_config(const struct gm_repo *r)
{
	return r && r->commondir ? path_join(r->commondir, "config") : NULL;
}

/* --- display ------------------------------------------------------------ */

static const char *state_of(const struct gm_path *e)
{
	if (e->flags & GM_P_ABSENT)
		return "absent";
	if (e->flags & GM_P_LINK)
		return "symlink";
	if (e->flags & GM_P_PIN)
		return "pinned";
	return "read-only";
}

static const char *state_text(const struct gm_path *e)
{
	if (e->flags & GM_P_ABSENT)
		return " (absent: a job creating it is reported)";
	if (e->flags & GM_P_LINK)
		return " (a symlink: its target is held; a replaced link is "
		       "reported)";
	if (e->flags & GM_P_MKDIR)
		return " (made empty: a job cannot create it)";
	if (e->flags & GM_P_NLINK)
		return " (has other hard links: writable through them; a "
		       "change is reported)";
	return "";
}

void gm_format_text(const struct gm_plan *p, bool mounted, struct sbx_buf *b)
{
	if (!p || (!p->nrepos && !p->npaths))
		return;
	buf_printf(b,
		   "\ngit repositories (scanned %d folder%s below the "
		   "workspace%s):\n",
		   p->depth, p->depth == 1 ? "" : "s",
		   p->truncated ? "; stopped early, see the notes" : "");
	for (size_t i = 0; i < p->nrepos; i++) {
		const struct gm_repo *r = &p->repos[i];

		buf_printf(b, "  %s",
			   r->worktree ? r->worktree
			   : r->gitdir ? r->gitdir
				       : "?");
		if (r->gitdir && (!r->dotgit || strcmp(r->dotgit, r->gitdir)))
			buf_printf(b, " (git dir %s)", r->gitdir);
		if (r->commondir && r->gitdir &&
		    strcmp(r->commondir, r->gitdir))
			buf_printf(b, " (common dir %s)", r->commondir);
		buf_putc(b, '\n');
	}
	buf_printf(b,
		   "\nprotected: not writable even inside the writable "
		   "roots (git metadata: %s):\n",
		   mounted ? "read-only, held by the mount layer"
			   : "checker-only: writes are flagged, not stopped, "
			     "and reported when the session ends");
	if (!p->npaths)
		buf_puts(b, "  (none)\n");
	for (size_t i = 0; i < p->npaths; i++) {
		const struct gm_path *e = &p->paths[i];

		buf_printf(b, "  %-40s %s: %s%s [%s]\n", e->path,
			   gm_why_name(e->why), gm_why_text(e->why),
			   state_text(e), e->from ? e->from : "default");
	}
}

void gm_json(const struct gm_plan *p, bool mounted, struct json_w *w)
{
	size_t nr = p ? p->nrepos : 0, np = p ? p->npaths : 0;

	json_str(w, "git_metadata",
		 !np	   ? "none"
		 : mounted ? "read-only"
			   : "checker-only");
	json_arr(w, "git_repositories", JSON_LINES);
	for (size_t i = 0; i < nr; i++) {
		const struct gm_repo *r = &p->repos[i];

		json_obj(w, NULL, JSON_INLINE);
		json_str(w, "worktree", r->worktree);
		json_str(w, "gitdir", r->gitdir);
		json_str(w, "commondir", r->commondir);
		json_end(w);
	}
	json_end(w);
	json_arr(w, "protected", JSON_LINES);
	for (size_t i = 0; i < np; i++) {
		const struct gm_path *e = &p->paths[i];

		json_obj(w, NULL, JSON_INLINE);
		json_str(w, "path", e->path);
		json_str(w, "reason", gm_why_name(e->why));
		json_str(w, "why", gm_why_text(e->why));
		json_str(w, "state", state_of(e));
		json_str(w, "from", e->from ? e->from : "default");
		json_end(w);
	}
	json_end(w);
}
