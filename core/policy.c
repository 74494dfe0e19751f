/* core/policy.c — writable roots, masked secrets, scope (docs/design.md §2).
 * Pure.
 *
 * Every fact about the disk (canonical paths, which folders exist) comes
 * in through pol_facts callbacks, so the whole policy is a function of its
 * inputs and the unit tests need no real filesystem.
 */
#include "policy.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "envfilter.h"
#include "policy_int.h"
#include "guard.h"
#include "secrets.h"

/* Device nodes every ordinary and interactive program needs. /dev/pts is
 * a folder: each terminal's node lives beneath it. */
static const char *const pol_devices[] = {
    "/dev/null",    "/dev/zero", "/dev/full", "/dev/random",
    "/dev/urandom", "/dev/tty",	 "/dev/pts",  "/dev/ptmx",
};

static const char *const scope_names[] = {
    [POL_SCOPE_WORKSPACE] = "workspace",
    [POL_SCOPE_READONLY] = "read-only",
    [POL_SCOPE_UNRESTRICTED] = "unrestricted",
};
#define NSCOPES (sizeof(scope_names) / sizeof(scope_names[0]))

const char *pol_scope_name(enum pol_scope s)
{
	return (size_t)s < NSCOPES ? scope_names[s] : "?";
}

int pol_scope_parse(const char *s, enum pol_scope *out)
{
	/* "readonly": the spelling before "read-only", still taken */
	int k = strcmp(s, "readonly") ? str_index(scope_names, NSCOPES, s)
				      : POL_SCOPE_READONLY;

	if (k < 0)
		return -EINVAL;
	*out = (enum pol_scope)k;
	return 0;
}

static char *canon(const struct pol_facts *f, const char *path)
{
	SBX_AUTOFREE char *folded = NULL;

	/* The credential table's hundred paths come folded: folding each
	 * again is a copy for nothing. */
	if (path_is_folded(path))
		return f->canon ? f->canon(f->ctx, path) : xstrdup(path);
	folded = path_fold(path);

	if (!folded)
		return NULL;
	if (!f->canon)
		return sbx_steal(&folded);
	return f->canon(f->ctx, folded);
}

static bool is_dir(const struct pol_facts *f, const char *path)
{
	return f->is_dir && f->is_dir(f->ctx, path);
}

/* Takes |path| (canonical). Exact duplicates keep the first reason.
 * Returns the root's index. */
static size_t add_root(struct sbx_policy *pol, char *path, enum pol_why why,
		       bool device, bool create)
{
	for (size_t i = 0; i < pol->nroots; i++) {
		if (strcmp(pol->roots[i].path, path) == 0) {
			pol->roots[i].create |= create;
			free(path);
			return i;
		}
	}
	if (pol->nroots == pol->cap) {
		pol->cap = pol->cap ? pol->cap * 2 : 16;
		pol->roots =
		    xrealloc(pol->roots, pol->cap * sizeof(*pol->roots));
	}
	pol->roots[pol->nroots] = (struct pol_root){
	    .path = path,
	    .why = why,
	    .device = device,
	    .create = create,
	};
	return pol->nroots++;
}

/* The value of |name| in the environment commands get: routing first. */
static const char *cmd_env(const struct sbx_policy *pol,
			   const struct pol_facts *f, const char *name)
{
	const char *v = rt_value(&pol->route, name);

	if (!v)
		v = env_lookup(f->user_exports, name);
	if (!v)
		v = env_lookup(f->env, name);
	return v && *v == '/' ? v : NULL;
}

static bool refused(const struct sbx_policy *pol, const char *path, char *why,
		    size_t n)
{
	const struct guard_facts g = {
	    .homes = (const char *const *)pol->homes,
	    .sbxsh = (const char *const *)pol->sbxsh.v,
	};

	return guard_check(&g, path, false, why, n);
}

/*
 * Why |c| (canonical), reached through a symlink, must not become a
 * writable root: guard_check() with the link rules, asked with the
 * folders on PATH and every masked secret, including one left unmasked
 * because it holds the workspace (a masked folder that holds the
 * workspace is still masked for this question: ~/.ssh reached as
 * $TMPDIR/proj). Attack: a job of an earlier session replaces
 * $TMPDIR/proj with a link to ~/.local/bin; the next `sbxsh --workspace
 * $TMPDIR/proj` would hand it the folder whose `ls` the user runs
 * unconfined.
 */
static bool link_refused(const struct sbx_policy *pol,
			 const struct pol_facts *f, const char *c, char *why,
			 size_t n)
{
	struct sbx_strv dirs = {0}, masked = {0};
	const char *pv =
	    env_lookup(f->env_start ? f->env_start : f->env, "PATH");
	bool r;

	while (pv && *pv) {
		size_t len = strcspn(pv, ":");

		if (len && pv[0] == '/') {
			SBX_AUTOFREE char *d = xstrndup(pv, len);
			char *cd = canon(f, d);

			if (cd)
				strv_take(&dirs, cd);
		}
		pv += len;
		if (*pv == ':')
			pv++;
	}
	for (size_t i = 0; i < pol->masked.n; i++)
		strv_push(&masked, pol->masked.v[i]);
	if (pol->ws_masked)
		strv_push(&masked, pol->ws_masked);
	{
		const struct guard_facts g = {
		    .homes = (const char *const *)pol->homes,
		    .sbxsh = (const char *const *)pol->sbxsh.v,
		    .path_dirs = (const char *const *)dirs.v,
		    .masked = (const char *const *)masked.v,
		};

		r = guard_check(&g, c, true, why, n);
	}
	strv_free(&dirs);
	strv_free(&masked);
	return r;
}

/* Is |c| (canonical) inside one of sbxsh's own state folders? Only there
 * does the session create a missing root, and only without following a
 * symlink (shell/session/session.c): anywhere else a root is granted only if it
 * already exists, so a value from the environment cannot make sbxsh
 * create (as root, before confinement) a folder it then grants. */
static bool owned(const struct sbx_policy *pol, const char *c)
{
	return path_under(pol->lay.persist_dir, c) ||
	       path_under(pol->lay.run_dir, c);
}

/* "GOCACHE=/x", or "GOMODCACHE=/x/pkg (from GOPATH)" for a label that
 * names where the value came from. New string. */
static char *note_name(const char *var, const char *path)
{
	const char *paren = strchr(var, ' ');

	if (paren)
		return xasprintf("%.*s=%s%s", (int)(paren - var), var, path,
				 paren);
	return xasprintf("%s=%s", var, path);
}

/*
 * A toolchain cache root, from variable |var| whose value (as commands
 * get it: routing first, then the environment) is |path|.
 *   - Refused (and said so in a note, which the banner shows) when it
 *     would hand out "/", the home or a system tree (core/guard.h):
 *     GOMODCACHE=/etc or a GOPATH=$HOME must not widen the sandbox.
 *   - A routed value lies in a state folder; if its canonical form
 *     leaves that folder, a symlink was planted there (a job of an
 *     earlier session: ln -s /outside .sandbox-cache/cache), and the
 *     root is refused rather than granted as the link's target.
 *   - Only existing folders are granted (granting a path that does not
 *     exist would make the sandbox grow as tools create it), except
 *     those |create| names inside sbxsh's own folders, which the session
 *     creates first.
 */
static void add_cache(struct sbx_policy *pol, const struct pol_facts *f,
		      const char *var, const char *path, enum pol_why why,
		      bool create)
{
	SBX_AUTOFREE char *folded = NULL;
	char *c, reason[160];

	if (!path || path[0] != '/')
		return;
	folded = path_fold(path);
	c = canon(f, path);
	if (!c || !folded)
		goto drop;
	if ((path_under(pol->lay.persist_dir, folded) &&
	     !path_under(pol->lay.persist_dir, c)) ||
	    (path_under(pol->lay.run_dir, folded) &&
	     !path_under(pol->lay.run_dir, c))) {
		SBX_AUTOFREE char *what = note_name(var, folded);
		SBX_AUTOFREE char *n = xasprintf(
		    "%s: a symlink leads out of sbxsh's folder (to %s): "
		    "not writable",
		    what, c);

		pol_add_note(pol, "refused", n);
		goto drop;
	}
	if (refused(pol, c, reason, sizeof(reason))) {
		SBX_AUTOFREE char *what = note_name(var, c);
		SBX_AUTOFREE char *n =
		    xasprintf("%s: not writable: %s", what, reason);

		pol_add_note(pol, "refused", n);
		goto drop;
	}
	create = create && owned(pol, c);
	if (!create && !is_dir(f, c))
		goto drop;
	add_root(pol, c, why, false, create);
	return;
drop:
	free(c);
}

static void add_caches(struct sbx_policy *pol, const struct pol_facts *f)
{
	const char *home = f->home;
	const char *v, *lab;
	SBX_AUTOFREE char *tmp = NULL;

	v = cmd_env(pol, f, "XDG_CACHE_HOME");
	if (v)
		add_cache(pol, f, "XDG_CACHE_HOME", v, POL_WHY_USER_CACHE,
			  true);
	else if (home) {
		tmp = path_join(home, ".cache");
		add_cache(pol, f, "XDG_CACHE_HOME", tmp, POL_WHY_USER_CACHE,
			  true);
	}
	add_cache(pol, f, "GOCACHE", cmd_env(pol, f, "GOCACHE"),
		  POL_WHY_GOCACHE, false);

	free(sbx_steal(&tmp));
	lab = "GOMODCACHE";
	if ((v = cmd_env(pol, f, "GOMODCACHE")))
		tmp = xstrdup(v);
	else if ((v = cmd_env(pol, f, "GOPATH"))) {
		/* GOPATH is a list: the module cache is in the first. */
		size_t n = strcspn(v, ":");
		SBX_AUTOFREE char *first = xstrndup(v, n);

		tmp = path_join(first, "pkg");
		lab = "GOMODCACHE (from GOPATH)";
	} else if (home)
		tmp = path_join(home, "go/pkg");
	add_cache(pol, f, lab, tmp, POL_WHY_GOMODCACHE, true);

	free(sbx_steal(&tmp));
	if ((v = cmd_env(pol, f, "npm_config_cache")))
		tmp = xstrdup(v);
	else if (home)
		tmp = path_join(home, ".npm");
	add_cache(pol, f, "npm_config_cache", tmp, POL_WHY_NPM, false);

	free(sbx_steal(&tmp));
	if ((v = cmd_env(pol, f, "CARGO_HOME")))
		tmp = xstrdup(v);
	else if (home)
		tmp = path_join(home, ".cargo");
	if (tmp) {
		SBX_AUTOFREE char *reg = path_join(tmp, "registry");
		SBX_AUTOFREE char *git = path_join(tmp, "git");

		add_cache(pol, f, "CARGO_HOME", reg, POL_WHY_CARGO_REGISTRY,
			  false);
		add_cache(pol, f, "CARGO_HOME", git, POL_WHY_CARGO_GIT, false);
	}
}

/* Is canonical |c| masked already (itself, or beneath a masked folder)?
 * Asked of every row of the credential table: each prefix of |c| is
 * looked up by its hash, not compared with every masked path. */
static bool under_masked(const struct sbx_policy *pol, const char *c,
			 unsigned long *full)
{
	unsigned long h = 14695981039346656037UL;

	for (size_t i = 0;; i++) {
		if (!c[i])
			*full = h; /* for the index, when c is added */
		/* "/" itself, and every prefix that ends a component */
		if (pol->nmslot &&
		    (i == 1 || (i > 1 && (c[i] == '/' || !c[i])))) {
			size_t mask = pol->nmslot - 1;

			for (size_t j = h & mask; pol->mslot[j];
			     j = (j + 1) & mask) {
				size_t k = pol->mslot[j] - 1;

				if (pol->mmeta[k].hash == h &&
				    !strncmp(pol->masked.v[k], c, i) &&
				    !pol->masked.v[k][i])
					return true;
			}
		}
		if (!c[i])
			return false;
		h = (h ^ (unsigned char)c[i]) * 1099511628211UL;
	}
}

static void mslot_put(struct sbx_policy *pol, size_t k)
{
	size_t mask = pol->nmslot - 1, j = pol->mmeta[k].hash & mask;

	while (pol->mslot[j])
		j = (j + 1) & mask;
	pol->mslot[j] = k + 1;
}

/* Records masked entry |k|'s hash in the index, at most half full. */
static void mslot_add(struct sbx_policy *pol, size_t k)
{
	if (2 * (k + 1) >= pol->nmslot) {
		pol->nmslot = pol->nmslot ? pol->nmslot * 2 : 256;
		free(pol->mslot);
		pol->mslot = xcalloc(pol->nmslot, sizeof(*pol->mslot));
		for (size_t i = 0; i < k; i++)
			mslot_put(pol, i);
	}
	mslot_put(pol, k);
}

/* Entry |i| of a pol_facts *_from list: "flag" where none is given. */
static const char *from_at(const char *const *from, size_t i)
{
	return from && from[i] ? from[i] : "flag";
}

/*
 * Masks |p| (absolute or "~/..."), shown with |tool| and |why|. One
 * beneath a path masked already adds nothing (the first reason stands).
 * One that holds the workspace is not masked: the session could not work
 * (GNUPGHOME=<the workspace> is a mistake, not a secret), and a note says
 * so.
 */
static void add_masked(struct sbx_policy *pol, const struct pol_facts *f,
		       const char *p, const char *tool, const char *why,
		       const char *from)
{
	SBX_AUTOFREE char *abs = NULL;
	unsigned long h = 0;
	char *c;

	if (p[0] == '~' && (p[1] == '/' || p[1] == '\0')) {
		if (!pol->home)
			return;
		abs = path_join(pol->home, p + 1);
	} else if (p[0] != '/') {
		return;
	}
	c = canon(f, abs ? abs : p);
	if (!c)
		return;
	if (under_masked(pol, c, &h)) {
		free(c);
		return;
	}
	if (path_under(c, pol->lay.workspace)) {
		SBX_AUTOFREE char *n = NULL;

		if (!pol->ws_masked)
			pol->ws_masked = xstrdup(c);
		n = xasprintf("%s (%s) holds the workspace: not masked", c,
			      tool);

		pol_add_note(pol, "refused", n);
		free(c);
		return;
	}
	strv_take(&pol->masked, c);
	pol->mmeta =
	    xrealloc(pol->mmeta, pol->masked.cap * sizeof(*pol->mmeta));
	pol->mmeta[pol->masked.n - 1] = (struct pol_mask){
	    .tool = tool,
	    .why = why,
	    .hash = h,
	    .present = !f->exists || f->exists(f->ctx, c),
	    .from = from ? xstrdup(from) : NULL,
	};
	mslot_add(pol, pol->masked.n - 1);
}

struct mask_ctx {
	struct sbx_policy *pol;
	const struct pol_facts *f;
};

static void mask_row(void *ctx, const char *path, const struct sec_row *row)
{
	struct mask_ctx *m = ctx;

	add_masked(m->pol, m->f, path, row->tool, row->why, NULL);
}

/* The credential-file table (core/secrets.c), the user's --mask paths and
 * sbxsh's own history. */
static void add_secrets(struct sbx_policy *pol, const struct pol_facts *f)
{
	struct mask_ctx m = {pol, f};
	struct sec_facts sf = {
	    .home = pol->home,
	    .env = f->env_start ? f->env_start : f->env,
	    .uid_known = f->uid_known,
	    .uid = f->uid,
	};

	sec_resolve(&sf, mask_row, &m);
	/* $HOME unset, empty, relative or "/": the passwd entry's home is
	 * still where the credentials are (ssh and git find ~/.ssh through
	 * getpwuid), so `env -u HOME sbxsh` must not hand them to a job. */
	for (size_t i = 0; i < 2 && pol->homes[i]; i++) {
		if (pol->homes[i] == pol->home)
			continue;
		sf.home = pol->homes[i];
		sec_resolve(&sf, mask_row, &m);
	}
	/* The table covers the user's own credentials. For root, what root
	 * owns and file permissions keep from everyone else is readable to
	 * every job unless masked, and masking /etc costs a walk of all of
	 * it (core/secrets.c): not silently. Other users' private files are
	 * not: a session holds no capability (backends/backend.c
	 * be_drop_privs()), so root has no CAP_DAC_OVERRIDE or
	 * CAP_DAC_READ_SEARCH there, and the modes keep it out. */
	if (f->uid_known && f->uid == 0)
		pol_add_note(pol, "not_enforced",
			     "running as root: what only root may read "
			     "(/etc/shadow, the host's ssh keys: files root "
			     "owns) is readable to every job; --mask PATH "
			     "hides one");
	for (size_t i = 0; f->extra_masked && f->extra_masked[i]; i++)
		add_masked(pol, f, f->extra_masked[i], "--mask",
			   "you asked for it",
			   from_at(f->extra_masked_from, i));
	/* The shell's history (every workflow's commands, typed secrets
	 * included) is opened before confinement and written through that
	 * fd only; a job has no business reading it, and one that could
	 * open it could flock() it forever. */
	if (f->history_dir && f->history_dir[0] == '/') {
		SBX_AUTOFREE char *h = canon(f, f->history_dir);

		if (h && pol_access(pol, h, NULL) == POL_ACCESS_RW) {
			SBX_AUTOFREE char *n = xasprintf(
			    "history (%s) lies in a writable root: jobs can "
			    "read and rewrite it (set XDG_STATE_HOME "
			    "elsewhere)",
			    h);

			pol_add_note(pol, "not_enforced", n);
		}
		add_masked(pol, f, f->history_dir, "sbxsh",
			   "every workflow's commands, typed secrets "
			   "included",
			   NULL);
	}
}

static void copy_layout(struct lay_layout *d, const struct lay_layout *s)
{
	d->workflow_id = xstrdup(s->workflow_id);
	d->workspace = xstrdup(s->workspace);
	d->state_dir = xstrdup(s->state_dir);
	d->persist_dir = xstrdup(s->persist_dir);
	d->runs_dir = xstrdup(s->runs_dir);
	d->run_dir = xstrdup(s->run_dir);
	d->run_tmp = xstrdup(s->run_tmp);
	for (size_t i = 0; i < s->prune.n; i++)
		strv_push(&d->prune, s->prune.v[i]);
}

static void canon_in_place(const struct pol_facts *f, char **p)
{
	char *c = canon(f, *p);

	if (c) {
		free(*p);
		*p = c;
	}
}

static void canon_layout(const struct pol_facts *f, struct lay_layout *l)
{
	canon_in_place(f, &l->workspace);
	canon_in_place(f, &l->state_dir);
	canon_in_place(f, &l->persist_dir);
	canon_in_place(f, &l->runs_dir);
	canon_in_place(f, &l->run_dir);
	canon_in_place(f, &l->run_tmp);
}

/* True if the canonical form of state folder |*p| is not where its
 * parent's canonical form says (|expect|): a symlink stands in its place
 * (.sandbox-cache -> /elsewhere). ses_open() refuses such a folder when
 * it creates the state; a preview must not grant the link's target. */
static bool moved(const char *p, const char *parent, const char *name)
{
	SBX_AUTOFREE char *expect = path_join(parent, name);

	return strcmp(p, expect) != 0;
}

static void set_homes(struct sbx_policy *pol, const struct pol_facts *f)
{
	size_t n = 0;

	if (f->home && f->home[0] == '/')
		pol->home = canon(f, f->home);
	if (pol->home)
		pol->homes[n++] = pol->home;
	if (f->pw_home && f->pw_home[0] == '/') {
		char *c = canon(f, f->pw_home);

		if (c && (!pol->home || strcmp(c, pol->home) != 0))
			pol->homes[n++] = c;
		else
			free(c);
	}
}

/* The process temp dir as a root (docs/design.md §2), unless it is one the
 * guard refuses (TMPDIR=/ or TMPDIR=/etc would hand out the system):
 * then /tmp instead, and a note. */
static void add_tmp(struct sbx_policy *pol, const struct pol_facts *f)
{
	char *t =
	    canon(f, f->tmpdir && f->tmpdir[0] == '/' ? f->tmpdir : "/tmp");
	char why[160];

	if (t && refused(pol, t, why, sizeof(why))) {
		char *alt = canon(f, "/tmp");
		SBX_AUTOFREE char *n = NULL;

		/* The note says what the session really got: /tmp only when
		 * /tmp itself is not refused too (it is the same folder when
		 * TMPDIR was /tmp). */
		if (alt && refused(pol, alt, NULL, 0)) {
			free(alt);
			alt = NULL;
		}
		n = xasprintf("TMPDIR=%s: not writable: %s; %s", t, why,
			      alt ? "/tmp is the temp dir"
				  : "no temp dir is writable (TMPDIR is the "
				    "run folder's tmp)");
		pol_add_note(pol, "refused", n);
		free(t);
		t = alt;
	}
	if (t)
		add_root(pol, t, POL_WHY_TMP, false, false);
}

/* Is the entry |e| names something a job could change: the path itself
 * in a writable root or, for one that is absent, pinned or a symlink
 * (its name is what matters), its folder? A masked path is not. */
static bool writable_entry(const struct sbx_policy *pol,
			   const struct gm_path *e)
{
	SBX_AUTOFREE char *dir = NULL;
	const char *at = e->path;
	const char *s;

	if (e->flags & (GM_P_ABSENT | GM_P_PIN | GM_P_LINK)) {
		s = strrchr(e->path, '/');
		dir = s == e->path ? xstrdup("/")
				   : xstrndup(e->path, (size_t)(s - e->path));
		at = dir;
	}
	for (size_t i = 0; i < pol->masked.n; i++)
		if (path_under(pol->masked.v[i], e->path))
			return false;
	return pol_root_index(pol, at) >= 0;
}

/*
 * The git metadata of docs/design.md §2b: the roots a linked worktree needs
 * (git-common-dir; in the workspace scope only), then the protected
 * paths, of which only those in a writable root are kept: elsewhere the
 * whole tree is read-only already, and listing it would only be noise.
 */
static void add_git(struct sbx_policy *pol, const struct gm_plan *src)
{
	struct gm_plan *g = gm_plan_copy(src);
	size_t o = 0;

	if (pol->scope == POL_SCOPE_WORKSPACE) {
		for (size_t i = 0; i < g->nroots; i++) {
			char why[160];

			/* Writable already (a main repository under /tmp):
			 * nothing to add, nothing to guard. */
			if (pol_root_index(pol, g->roots[i].path) >= 0 ||
			    refused(pol, g->roots[i].path, why, sizeof(why)))
				continue;
			add_root(pol, xstrdup(g->roots[i].path),
				 POL_WHY_GIT_COMMON, false, false);
			for (size_t k = 0; k < pol->nroots; k++)
				if (!strcmp(pol->roots[k].path,
					    g->roots[i].path))
					pol->roots[k].guarded =
					    g->roots[i].guarded;
		}
	}
	for (size_t i = 0; i < g->npaths; i++) {
		if (writable_entry(pol, &g->paths[i])) {
			g->paths[o++] = g->paths[i];
		} else {
			free(g->paths[i].path);
			free(g->paths[i].from);
		}
	}
	g->npaths = o;
	for (size_t i = 0; i < g->notes.n; i++)
		pol_add_note(pol, "git", g->notes.v[i]);
	pol->git = g;
}

/* |p| (absolute, "~", "~/x", or relative to |cwd|) made absolute, not
 * yet folded or resolved. New string or NULL. */
static char *user_abs(const struct sbx_policy *pol, const struct pol_facts *f,
		      const char *p)
{
	if (p[0] == '~' && (p[1] == '/' || p[1] == '\0'))
		return pol->home ? path_join(pol->home, p + 1) : NULL;
	if (p[0] == '/')
		return xstrdup(p);
	if (f->cwd && f->cwd[0] == '/')
		return path_join(f->cwd, p);
	return NULL;
}

/* |p| made absolute and canonical, or NULL. */
static char *user_path(const struct sbx_policy *pol, const struct pol_facts *f,
		       const char *p)
{
	SBX_AUTOFREE char *abs = user_abs(pol, f, p);

	return abs ? canon(f, abs) : NULL;
}

/* |p| made absolute as user_path() does, folded but not resolved: the
 * name as given, to tell whether a symlink lies on the way. New string
 * or NULL. */
static char *user_named(const struct sbx_policy *pol, const struct pol_facts *f,
			const char *p)
{
	SBX_AUTOFREE char *abs = user_abs(pol, f, p);

	return abs ? path_fold(abs) : NULL;
}

/*
 * Why --allow-write |c| (canonical) must not become a writable root, in
 * |why|; false if it may. The attacks each refusal stops:
 *   - what core/guard.h refuses for a workspace ("/", the home or a
 *     folder above it, a system tree): a job would rewrite ~/.bashrc or
 *     /etc/profile.d and run unconfined at the next login;
 *   - a masked secret, or a folder beneath one: masked means neither
 *     readable nor writable, and a writable root there would let a job
 *     replace the credentials a tool outside trusts (~/.ssh/config,
 *     ~/.aws/config's credential_process);
 *   - a folder holding a masked secret (~/.config holds ~/.config/gh): a
 *     job could rename the masked folder away and put its own in place,
 *     which no mask on the old name stops;
 *   - a folder that does not exist: granting a path that a job (or
 *     sbxsh, as root) would then create makes the sandbox grow.
 */
static bool user_refused(const struct sbx_policy *pol,
			 const struct pol_facts *f, const char *c, char *why,
			 size_t n)
{
	if (refused(pol, c, why, n))
		return true;
	for (size_t i = 0; i < pol->masked.n; i++) {
		const char *m = pol->masked.v[i];

		if (path_under(m, c)) {
			snprintf(why, n, "%s the masked secret %s (%s)",
				 strcmp(m, c) ? "it lies in" : "it is", m,
				 pol->mmeta[i].tool);
			return true;
		}
		if (path_under(c, m)) {
			snprintf(why, n,
				 "it holds the masked secret %s (%s): "
				 "a job could move it and put its own in its "
				 "place",
				 m, pol->mmeta[i].tool);
			return true;
		}
	}
	if (!is_dir(f, c)) {
		if (!f->exists || f->exists(f->ctx, c))
			snprintf(why, n, "it is not a folder");
		else
			snprintf(why, n,
				 "it does not exist (create it first: "
				 "mkdir -p '%s')",
				 c);
		return true;
	}
	return false;
}

/*
 * The --allow-write folders (reason user), in the workspace scope only:
 * read-only means nothing of the user's is writable, and unrestricted
 * has everything already. Each is checked in every scope, so a refused
 * one is refused whatever the scope: 0, or -EPERM with "LABEL: refusing
 * it: WHY" in |d|, LABEL naming the flag or the configuration line.
 */
static int add_user_roots(struct sbx_policy *pol, const struct pol_facts *f,
			  struct sbx_diag *d)
{
	for (size_t i = 0; f->allow_write && f->allow_write[i]; i++) {
		const char *p = f->allow_write[i];
		const char *from = from_at(f->allow_write_from, i);
		SBX_AUTOFREE char *label =
		    strncmp(from, "config ", 7) == 0
			? xasprintf("%s: allow-write %s", from, p)
			: xasprintf("--allow-write %s", p);
		char why[PATH_MAX + 300];
		char *c = user_path(pol, f, p);
		SBX_AUTOFREE char *named = user_named(pol, f, p);
		bool via_link = named && c && strcmp(named, c) != 0;
		struct pol_root *r;
		size_t k;

		if (!c)
			return sbx_diag_set(d, -EINVAL,
					    "%s: cannot make it "
					    "absolute (no $HOME?)",
					    label);
		if (via_link && link_refused(pol, f, c, why, sizeof(why))) {
			int rc =
			    sbx_diag_set(d, -EPERM,
					 "%s: refusing it: it "
					 "resolves to %s through a symlink, "
					 "and %s",
					 label, c, why);

			free(c);
			return rc;
		}
		if (via_link) {
			SBX_AUTOFREE char *n2 = xasprintf("%s -> %s", named, c);

			pol_add_note(pol, "allow-write", n2);
		}
		if (user_refused(pol, f, c, why, sizeof(why))) {
			int rc =
			    sbx_diag_set(d, -EPERM, "%s: refusing it%s%s: %s",
					 label, strcmp(c, p) ? " as " : "",
					 strcmp(c, p) ? c : "", why);

			free(c);
			return rc;
		}
		if (pol->scope != POL_SCOPE_WORKSPACE) {
			SBX_AUTOFREE char *n =
			    xasprintf(pol->scope == POL_SCOPE_UNRESTRICTED
					  ? "%s: writable anyway in scope %s"
					  : "%s: not writable in scope %s",
				      c, pol_scope_name(pol->scope));

			pol_add_note(pol, "allow-write", n);
			free(c);
			continue;
		}
		k = add_root(pol, c, POL_WHY_USER, false, false);
		r = &pol->roots[k]; /* after add_root(): it may move them */
		/* Listed twice: the first line that asked is named. */
		if (r->why == POL_WHY_USER && !r->from)
			r->from = xstrdup(from);
	}
	return 0;
}

/* A root named through a symlink (|named| differs from canonical
 * |c|): shown resolved (the note |key|), refused where link_refused()
 * says, as |what|. */
static int check_link(struct sbx_policy *pol, const struct pol_facts *f,
		      const char *named, const char *c, const char *what,
		      const char *key, struct sbx_diag *d)
{
	SBX_AUTOFREE char *n = NULL;
	char why[PATH_MAX + 300];

	if (!named || strcmp(named, c) == 0)
		return 0;
	if (link_refused(pol, f, c, why, sizeof(why)))
		return sbx_diag_set(d, -EPERM,
				    "refusing %s as %s: it resolves "
				    "to %s through a symlink, and %s; nothing "
				    "was created",
				    named, what, c, why);
	n = xasprintf("%s -> %s", named, c);
	pol_add_note(pol, key, n);
	return 0;
}

/* The workspace and the --state folder named through a symlink. The
 * masked secrets are known by now; a scope without them (unrestricted)
 * has its workspace judged by the built-in policy, which the session
 * opening makes first (shell/session/session.c). */
static int check_links(struct sbx_policy *pol, const struct pol_facts *f,
		       struct sbx_diag *d)
{
	int rc = check_link(pol, f, f->ws_named, pol->lay.workspace,
			    "the workspace", "workspace", d);

	if (rc == 0 && f->lay->state_dir && f->state_named)
		rc = check_link(pol, f, f->state_named, pol->lay.state_dir,
				"the --state folder", "state", d);
	return rc;
}

int pol_new(const struct pol_facts *f, struct sbx_policy **out,
	    struct sbx_diag *diag)
{
	struct sbx_policy *pol;
	struct rt_facts rf = {0};
	bool persist_w, run_w;
	char why[160];

	*out = NULL;
	if (!f->lay || !f->lay->workspace || f->lay->workspace[0] != '/')
		return sbx_diag_set(diag, -EINVAL, "no absolute workspace");
	pol = xcalloc(1, sizeof(*pol));
	pol->scope = f->scope;
	pol->network = f->network;
	pol->net = pn_new(f->net);
	if (!f->net)
		pol->net->mode = f->network ? PN_ON : PN_OFF;
	copy_layout(&pol->lay, f->lay);
	/* A symlinked workspace is granted (and checked) as its target,
	 * exactly as the kernel resolves it. */
	canon_layout(f, &pol->lay);
	set_homes(pol, f);
	for (size_t i = 0; f->sbxsh_dirs && f->sbxsh_dirs[i]; i++)
		if (f->sbxsh_dirs[i][0] == '/')
			strv_push(&pol->sbxsh, f->sbxsh_dirs[i]);
	/* The same refusal the session opening makes before it creates
	 * anything (shell/session/session.c), so no caller can build a policy
	 * that hands out the home or the system. */
	if (refused(pol, pol->lay.workspace, why, sizeof(why)) ||
	    refused(pol, pol->lay.state_dir, why, sizeof(why))) {
		int rc = sbx_diag_set(diag, -EPERM,
				      "refusing %s as a writable root: %s; %s",
				      refused(pol, pol->lay.workspace, NULL, 0)
					  ? pol->lay.workspace
					  : pol->lay.state_dir,
				      why, guard_hint);

		pol_free(pol);
		return rc;
	}

	/* The persistent folder is writable only where the scope grants the
	 * workspace's state and the user did not ask for --no-persist; and
	 * neither state folder where a symlink stands in its place. */
	persist_w =
	    f->persist && f->state_writable && f->scope != POL_SCOPE_READONLY;
	run_w = f->state_writable;
	if ((persist_w || run_w) &&
	    moved(pol->lay.persist_dir, pol->lay.state_dir, LAY_PERSIST_NAME)) {
		persist_w = false;
		pol_add_note(pol, "refused",
			     LAY_PERSIST_NAME
			     " is a symlink "
			     "out of its folder: not writable");
	}
	if (run_w &&
	    (moved(pol->lay.runs_dir, pol->lay.state_dir, LAY_RUNS_NAME) ||
	     moved(pol->lay.run_dir, pol->lay.runs_dir,
		   path_base(f->lay->run_dir)))) {
		run_w = false;
		pol_add_note(pol, "refused",
			     LAY_RUNS_NAME " is a symlink "
					   "out of its folder: not writable");
	}
	rf.persist_dir = pol->lay.persist_dir;
	rf.persist_writable = persist_w;
	rf.run_dir = pol->lay.run_dir;
	rf.run_tmp = pol->lay.run_tmp;
	rf.run_writable = run_w;
	rf.user_exports = f->user_exports;
	rf.extra = f->route_extra;
	rf.nextra = f->nroute_extra;
	rt_compute(&rf, &pol->route);

	if (f->scope == POL_SCOPE_UNRESTRICTED) {
		add_root(pol, xstrdup("/"), POL_WHY_UNRESTRICTED, false, false);
		/* Best effort stays visible: nothing confines the files here,
		 * sbxsh's own folders neither (docs/design.md §2b). */
		if (pol->sbxsh.n)
			pol_add_note(
			    pol, "not_enforced",
			    "scope unrestricted: "
			    "sbxsh's own folders (the configuration, "
			    "the rc file, the history) are writable, "
			    "so a job can change what the next session "
			    "reads");
	} else {
		if (f->scope == POL_SCOPE_WORKSPACE) {
			add_root(pol, xstrdup(pol->lay.workspace),
				 POL_WHY_WORKSPACE, false, false);
			if (persist_w)
				add_root(pol, xstrdup(pol->lay.persist_dir),
					 POL_WHY_PERSIST, false, true);
		}
		if (run_w) {
			add_root(pol, xstrdup(pol->lay.run_dir), POL_WHY_RUN,
				 false, true);
			add_root(pol, xstrdup(pol->lay.run_tmp),
				 POL_WHY_RUN_TMP, false, true);
		}
		if (f->scope == POL_SCOPE_WORKSPACE) {
			add_tmp(pol, f);
			add_caches(pol, f);
		}
		for (size_t i = 0;
		     i < sizeof(pol_devices) / sizeof(*pol_devices); i++)
			add_root(pol, xstrdup(pol_devices[i]), POL_WHY_DEVICE,
				 true, false);
		if (f->tty && f->tty[0] == '/' &&
		    !path_under("/dev/pts", f->tty))
			add_root(pol, path_fold(f->tty), POL_WHY_DEVICE, true,
				 false);
		if (f->tty && f->tty[0] == '/')
			pol->tty = path_fold(f->tty);
	}

	if (f->scope != POL_SCOPE_UNRESTRICTED &&
	    (!f->roots_only || f->ws_named || f->state_named))
		add_secrets(pol, f);
	/* After the secrets: a folder holding one is refused. */
	{
		int rc = check_links(pol, f, diag);

		if (rc == 0)
			rc = add_user_roots(pol, f, diag);

		if (rc < 0) {
			pol_free(pol);
			return rc;
		}
	}
	ef_report_copy(&pol->envf, f->envf);
	for (size_t i = 0; f->envf && i < f->envf->keep.n; i++) {
		strv_push(&pol->keep, f->envf->keep.v[i]);
		strv_push(&pol->keep_from, from_at(f->keep_env_from, i));
	}
	for (size_t i = 0; f->allow_sockets && f->allow_sockets[i]; i++) {
		const char *e = f->allow_sockets[i];
		SBX_AUTOFREE char *abs =
		    *e == '/' || !f->cwd ? xstrdup(e) : path_join(f->cwd, e);
		char *c = abs[0] == '/' ? canon(f, abs) : NULL;

		if (c && !strv_has(&pol->sockets, c)) {
			strv_take(&pol->sockets, c);
			strv_push(&pol->sockets_from,
				  from_at(f->allow_sockets_from, i));
		} else {
			free(c);
		}
	}
	if (f->git)
		add_git(pol, f->git);
	*out = pol;
	return 0;
}

void pol_drop_root(struct sbx_policy *pol, const char *path, const char *why)
{
	for (size_t i = 0; i < pol->nroots; i++) {
		if (strcmp(pol->roots[i].path, path) != 0)
			continue;
		free(pol->roots[i].path);
		free(pol->roots[i].from);
		memmove(&pol->roots[i], &pol->roots[i + 1],
			(pol->nroots - i - 1) * sizeof(*pol->roots));
		pol->nroots--;
		pol_add_note(pol, "refused", why);
		return;
	}
}

void pol_free(struct sbx_policy *pol)
{
	if (!pol)
		return;
	lay_free(&pol->lay);
	pn_free(pol->net);
	rt_free(&pol->route);
	free(pol->home);
	free(pol->tty);
	if (pol->homes[0] != pol->home)
		free(pol->homes[0]);
	if (pol->homes[1] != pol->home)
		free(pol->homes[1]);
	for (size_t i = 0; i < pol->nroots; i++) {
		free(pol->roots[i].path);
		free(pol->roots[i].from);
	}
	free(pol->roots);
	for (size_t i = 0; i < pol->masked.n; i++)
		free(pol->mmeta[i].from);
	strv_free(&pol->masked);
	strv_free(&pol->sockets);
	strv_free(&pol->sockets_from);
	strv_free(&pol->keep);
	strv_free(&pol->keep_from);
	free(pol->mmeta);
	free(pol->mslot);
	ef_report_free(&pol->envf);
	strv_free(&pol->note_keys);
	strv_free(&pol->note_vals);
	gm_plan_free(pol->git);
	strv_free(&pol->sbxsh);
	free(pol->ws_masked);
	free(pol);
}
