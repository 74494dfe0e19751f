/* tests/unit/test_gitmeta.c — git's rules (core/gitmeta.c) against a fake
 * disk: .git files and commondir parsed as git does (relative paths, CRLF,
 * trailing spaces, missing files, loops), the config format, the
 * protected paths of plain repositories, submodules, linked worktrees and
 * symlinks, the git-common-dir roots and their validation, and the
 * end-of-session comparison and wording. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

#include <cmocka.h>

#include "gitend.h"
#include "gitfmt.h"
#include "gitmeta.h"

/* --- a fake disk --------------------------------------------------------- */

struct fent {
	const char *path;
	enum gm_kind kind;
	const char *text;   /* GM_FILE */
	const char *target; /* GM_LINK: absolute */
};

static struct fent fsv[96];
static char fspath[96][160]; /* fsv[i].path's storage */
static int nfs;
static int nreads;
static char readlog[4096]; /* "path\n" per read the disk was asked for */

static void fs_reset(void)
{
	nfs = 0;
	nreads = 0;
	readlog[0] = '\0';
}

static void reads_log_add(const char *path)
{
	size_t n = strlen(readlog);

	snprintf(readlog + n, sizeof(readlog) - n, "%s\n", path);
}

static void fs_add(const char *path, enum gm_kind k, const char *text)
{
	snprintf(fspath[nfs], sizeof(fspath[0]), "%s", path);
	fsv[nfs] = (struct fent){fspath[nfs], k, k == GM_LINK ? NULL : text,
				 k == GM_LINK ? text : NULL};
	nfs++;
}

static void fs_dir(const char *p)
{
	fs_add(p, GM_DIR, NULL);
}
static void fs_file(const char *p, const char *t)
{
	fs_add(p, GM_FILE, t);
}
static void fs_link(const char *p, const char *t)
{
	fs_add(p, GM_LINK, t);
}

static const struct fent *fs_find(const char *path)
{
	for (int i = 0; i < nfs; i++)
		if (!strcmp(fsv[i].path, path))
			return &fsv[i];
	return NULL;
}

static enum gm_kind f_kind(void *ctx, const char *path)
{
	const struct fent *e = fs_find(path);

	(void)ctx;
	return e ? e->kind : GM_ABSENT;
}

/* Symlinks in any component, at most 8 deep (then: a loop, as is). */
static char *f_canon(void *ctx, const char *path)
{
	char *cur = xstrdup(path);

	(void)ctx;
	for (int hops = 0; hops < 8; hops++) {
		bool moved = false;

		for (int i = 0; i < nfs && !moved; i++) {
			const char *l = fsv[i].path;

			if (fsv[i].kind == GM_LINK && path_under(l, cur)) {
				char *n = xasprintf("%s%s", fsv[i].target,
						    cur + strlen(l));

				free(cur);
				cur = n;
				moved = true;
			}
		}
		if (!moved)
			break;
	}
	return cur;
}

static long f_read(void *ctx, const char *root, const char *path, char *buf,
		   size_t cap)
{
	char *c = f_canon(ctx, path);
	const struct fent *e = fs_find(c);
	size_t n;

	/* The disk's promise (be_open_regular): beneath |root|, no link on
	 * the way (a canonical path is its own canonical form). */
	assert_non_null(root);
	if (!path_under(root, path) || strcmp(c, path)) {
		free(c);
		return path_under(root, path) ? -ELOOP : -EXDEV;
	}
	free(c);
	nreads++;
	reads_log_add(path);
	if (!e)
		return -ENOENT;
	if (e->kind != GM_FILE)
		return -EISDIR;
	n = strlen(e->text);
	if (n > cap)
		return -EFBIG;
	memcpy(buf, e->text, n);
	return (long)n;
}

static void f_subdirs(void *ctx, const char *path, struct sbx_strv *out)
{
	size_t pl = strlen(path);

	(void)ctx;
	for (int i = 0; i < nfs; i++) {
		const char *p = fsv[i].path;

		if (fsv[i].kind == GM_DIR && !strncmp(p, path, pl) &&
		    p[pl] == '/' && !strchr(p + pl + 1, '/'))
			strv_push(out, p + pl + 1);
	}
}

static const struct gm_disk disk = {
    .kind = f_kind, .read = f_read, .subdirs = f_subdirs, .canon = f_canon};

static const struct gm_path *find(const struct gm_plan *p, const char *path)
{
	for (size_t i = 0; i < p->npaths; i++)
		if (!strcmp(p->paths[i].path, path))
			return &p->paths[i];
	return NULL;
}

static unsigned flags_of(const struct gm_plan *p, const char *path)
{
	const struct gm_path *e = find(p, path);

	if (!e) {
		fprintf(stderr, "not protected: %s\n", path);
		for (size_t i = 0; i < p->npaths; i++)
			fprintf(stderr, "  %s %x\n", p->paths[i].path,
				p->paths[i].flags);
	}
	assert_non_null(e);
	return e->flags;
}

static bool has_root(const struct gm_plan *p, const char *path, bool guarded)
{
	for (size_t i = 0; i < p->nroots; i++)
		if (!strcmp(p->roots[i].path, path))
			return p->roots[i].guarded == guarded;
	return false;
}

static bool has_note(const struct gm_plan *p, const char *part)
{
	for (size_t i = 0; i < p->notes.n; i++)
		if (strstr(p->notes.v[i], part))
			return true;
	return false;
}

/* A plain repository at |ws|/.git with a config and (unless |nohooks|)
 * hooks/. */
static void plain_repo(const char *ws, bool nohooks, const char *config)
{
	char b[160];

#define P(s) (snprintf(b, sizeof(b), "%s%s", ws, s), b)
	fs_dir(ws);
	fs_dir(P("/.git"));
	fs_dir(P("/.git/objects"));
	fs_dir(P("/.git/refs"));
	fs_file(P("/.git/HEAD"), "ref: refs/heads/main\n");
	fs_file(P("/.git/config"), config);
	if (!nohooks) {
		fs_dir(P("/.git/hooks"));
		fs_file(P("/.git/hooks/pre-commit.sample"), "#!/bin/sh\n");
	}
#undef P
}

static struct gm_plan *plan_for(const char *ws, const char *dotgit)
{
	struct gm_plan *p = gm_plan_new(ws, "/home/u");

	gm_add_dotgit(p, &disk, dotgit, f_kind(NULL, dotgit));
	gm_workspace_roots(p, &disk);
	gm_plan_finish(p);
	return p;
}

/* --- parsers ------------------------------------------------------------- */

static void gitfile_parsing(void **state)
{
	size_t off, n;
	const char *t;

	(void)state;
	t = "gitdir: /a/b\n";
	assert_int_equal(gm_gitfile_path(t, strlen(t), &off, &n), 0);
	assert_int_equal(n, 4);
	assert_memory_equal(t + off, "/a/b", 4);
	/* CRLF and a run of them: all dropped, as git does. */
	t = "gitdir: ../x/y\r\n\r\n";
	assert_int_equal(gm_gitfile_path(t, strlen(t), &off, &n), 0);
	assert_int_equal(n, 6);
	assert_memory_equal(t + off, "../x/y", 6);
	/* Trailing spaces are part of the path for git: kept. */
	t = "gitdir: /a/b  \n";
	assert_int_equal(gm_gitfile_path(t, strlen(t), &off, &n), 0);
	assert_int_equal(n, 6);
	/* No newline at all. */
	t = "gitdir: rel";
	assert_int_equal(gm_gitfile_path(t, strlen(t), &off, &n), 0);
	assert_int_equal(n, 3);
	/* Formats git refuses. */
	t = "gitdir:/a";
	assert_int_equal(gm_gitfile_path(t, strlen(t), &off, &n), -EINVAL);
	t = "GITDIR: /a";
	assert_int_equal(gm_gitfile_path(t, strlen(t), &off, &n), -EINVAL);
	t = " gitdir: /a";
	assert_int_equal(gm_gitfile_path(t, strlen(t), &off, &n), -EINVAL);
	assert_int_equal(gm_gitfile_path("", 0, &off, &n), -EINVAL);
	t = "gitdir: \n";
	assert_int_equal(gm_gitfile_path(t, strlen(t), &off, &n), -ENOENT);
	t = "gitdir: ";
	assert_int_equal(gm_gitfile_path(t, strlen(t), &off, &n), -ENOENT);
	assert_int_equal(gm_gitfile_path("gitdir: /a\0/b", 13, &off, &n),
			 -EINVAL);
}

static void commondir_parsing(void **state)
{
	size_t n;

	(void)state;
	assert_int_equal(gm_commondir_path("../..\n", 6, &n), 0);
	assert_int_equal(n, 5);
	assert_int_equal(gm_commondir_path("/abs\r\n", 6, &n), 0);
	assert_int_equal(n, 4);
	assert_int_equal(gm_commondir_path("x ", 2, &n), 0);
	assert_int_equal(n, 2);
	assert_int_equal(gm_commondir_path("", 0, &n), -EINVAL);
	assert_int_equal(gm_commondir_path("\r\n", 2, &n), -EINVAL);
}

static void join_folds(void **state)
{
	char b[64];

	(void)state;
	assert_int_equal(gm_join(b, sizeof(b), "/a/b", "../c", 4), 0);
	assert_string_equal(b, "/a/c");
	assert_int_equal(gm_join(b, sizeof(b), "/a/b", "/x/./y//z", 9), 0);
	assert_string_equal(b, "/x/y/z");
	assert_int_equal(gm_join(b, sizeof(b), "/a", "../../../..", 11), 0);
	assert_string_equal(b, "/");
	assert_int_equal(gm_join(b, sizeof(b), "/a/", "b/", 2), 0);
	assert_string_equal(b, "/a/b");
	/* |rlen| bounds the relative part. */
	assert_int_equal(gm_join(b, sizeof(b), "/a", "b/c", 1), 0);
	assert_string_equal(b, "/a/b");
	assert_int_equal(gm_join(b, 6, "/abcd", "efgh", 4), -ENAMETOOLONG);
}

/* Collects "section|sub|name=value" lines. */
static int cfg_all(const char *text, char *out, size_t cap)
{
	struct gm_cfg c;
	struct gm_cfg_kv kv;
	size_t n = 0;
	int r;

	out[0] = '\0';
	gm_cfg_init(&c, text, strlen(text));
	while ((r = gm_cfg_next(&c, &kv)) == 1)
		n += (size_t)snprintf(out + n, cap - n, "%s|%s|%s%s%s;",
				      kv.section, kv.sub, kv.name,
				      kv.has_value ? "=" : "", kv.value);
	return r;
}

static void config_format(void **state)
{
	char out[1024];

	(void)state;
	assert_int_equal(
	    cfg_all("[core]\n\tbare = false\n\tfsmonitor = \"x y\" # c\n", out,
		    sizeof(out)),
	    0);
	assert_string_equal(out, "core||bare=false;core||fsmonitor=x y;");
	/* Subsections keep their case and escapes; old dotted form is
	 * lower case; names are case-insensitive. */
	assert_int_equal(cfg_all("[Remote \"Or\\\"ig\"]\nURL=u\n[Branch.Main]"
				 "\nRemote=o\n",
				 out, sizeof(out)),
			 0);
	assert_string_equal(out, "remote|Or\"ig|url=u;branch|main|remote=o;");
	/* A bare name is a boolean; comments; CRLF; a BOM; continuation;
	 * internal spaces kept, trailing dropped; escapes. */
	assert_int_equal(cfg_all("\xef\xbb\xbf; top\r\n[a]\r\nflag\r\n"
				 "v = one \\\n two  \n"
				 "e = \"\\t\\n\\\\\" ;x\n",
				 out, sizeof(out)),
			 0);
	assert_string_equal(out, "a||flag;a||v=one  two;a||e=\t\n\\;");
	/* includeIf with its condition as the subsection. */
	assert_int_equal(cfg_all("[includeIf \"gitdir:~/w/\"]\npath = x\n", out,
				 sizeof(out)),
			 0);
	assert_string_equal(out, "includeif|gitdir:~/w/|path=x;");
	/* Lines git refuses: the entries before them stand. */
	assert_int_equal(
	    cfg_all("[a]\nk=1\nbad escape = \\q\n", out, sizeof(out)), -EINVAL);
	assert_string_equal(out, "a||k=1;");
	assert_int_equal(cfg_all("nosection = 1\n", out, sizeof(out)), -EINVAL);
	assert_int_equal(cfg_all("[a\nk=1\n", out, sizeof(out)), -EINVAL);
	assert_int_equal(cfg_all("[a]\nk = \"open\n", out, sizeof(out)),
			 -EINVAL);
	assert_int_equal(cfg_all("[a]\n1k = v\n", out, sizeof(out)), -EINVAL);
	/* Nothing at all, or comments only. */
	assert_int_equal(cfg_all("", out, sizeof(out)), 0);
	assert_int_equal(cfg_all("# x\n\n", out, sizeof(out)), 0);
}

static void default_keys(void **state)
{
	struct gm_cfg c;
	struct gm_cfg_kv kv;
	const char *t =
	    "[core]\nrepositoryformatversion = 0\nfilemode = true\n"
	    "bare = false\nlogallrefupdates = true\n"
	    "[remote \"origin\"]\nurl = /x\nfetch = +refs/heads/*:x\n"
	    "[branch \"main\"]\nremote = origin\nmerge = refs/heads/main\n"
	    "[user]\nname = a\n";
	const char *bad[] = {"[core]\nfsmonitor = x\n",
			     "[core]\npager = x\n",
			     "[alias]\nst = !x\n",
			     "[remote]\nurl = x\n",
			     "[submodule \"s\"]\nupdate = !x\n",
			     "[core \"x\"]\nbare = true\n",
			     "[include]\npath = x\n"};

	(void)state;
	gm_cfg_init(&c, t, strlen(t));
	while (gm_cfg_next(&c, &kv) == 1)
		assert_true(gm_key_default(&kv));
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		gm_cfg_init(&c, bad[i], strlen(bad[i]));
		assert_int_equal(gm_cfg_next(&c, &kv), 1);
		assert_false(gm_key_default(&kv));
	}
	assert_true(gm_hook_name("pre-commit"));
	assert_true(gm_hook_name("x.sample.sh"));
	assert_false(gm_hook_name("pre-commit.sample"));
	assert_false(gm_hook_name("."));
	assert_false(gm_hook_name(".."));
}

/* --- plans --------------------------------------------------------------- */

static void plain_repository(void **state)
{
	struct gm_plan *p;

	(void)state;
	fs_reset();
	plain_repo("/w/ws", false, "[core]\nbare = false\n");
	p = plan_for("/w/ws", "/w/ws/.git");
	assert_int_equal(p->nrepos, 1);
	assert_string_equal(p->repos[0].worktree, "/w/ws");
	assert_string_equal(p->repos[0].gitdir, "/w/ws/.git");
	assert_string_equal(p->repos[0].commondir, "/w/ws/.git");
	assert_int_equal(flags_of(p, "/w/ws/.git"), GM_P_DIR | GM_P_PIN);
	assert_int_equal(flags_of(p, "/w/ws/.git/hooks"), GM_P_DIR);
	assert_int_equal(flags_of(p, "/w/ws/.git/config"), 0);
	/* Missing, hence watched: a job creating one is reported. */
	assert_int_equal(flags_of(p, "/w/ws/.git/commondir"), GM_P_ABSENT);
	assert_int_equal(flags_of(p, "/w/ws/.git/config.worktree"),
			 GM_P_ABSENT);
	assert_int_equal(find(p, "/w/ws/.git/hooks")->why, GM_WHY_HOOKS);
	assert_int_equal(find(p, "/w/ws/.git/config")->why, GM_WHY_CONFIG);
	/* Its git dir is in the workspace: no root needed. */
	assert_int_equal(p->nroots, 0);
	/* Parent before child. */
	for (size_t i = 1; i < p->npaths; i++)
		assert_true(strcmp(p->paths[i - 1].path, p->paths[i].path) < 0);
	/* Nothing outside the repository. */
	for (size_t i = 0; i < p->npaths; i++)
		assert_true(path_under("/w/ws/.git", p->paths[i].path));
	gm_plan_free(p);
}

static void missing_hooks_made_empty(void **state)
{
	struct gm_plan *p;

	(void)state;
	fs_reset();
	plain_repo("/w/ws", true, "");
	p = plan_for("/w/ws", "/w/ws/.git");
	assert_int_equal(flags_of(p, "/w/ws/.git/hooks"),
			 GM_P_DIR | GM_P_MKDIR);
	gm_plan_free(p);
}

static void lookup_and_repo_at(void **state)
{
	struct gm_plan *p;
	const struct gm_path *e;

	(void)state;
	fs_reset();
	plain_repo("/w/ws", false, "");
	plain_repo("/w/ws/a/sub", false, "");
	p = gm_plan_new("/w/ws", "/home/u");
	gm_add_dotgit(p, &disk, "/w/ws/.git", GM_DIR);
	gm_add_dotgit(p, &disk, "/w/ws/a/sub/.git", GM_DIR);
	gm_plan_finish(p);
	e = gm_lookup(p, "/w/ws/.git/hooks/pre-commit");
	assert_non_null(e);
	assert_int_equal(e->why, GM_WHY_HOOKS);
	assert_int_equal(gm_lookup(p, "/w/ws/.git/config")->why, GM_WHY_CONFIG);
	/* The pin holds the git dir itself, not what is in it. */
	assert_null(gm_lookup(p, "/w/ws/.git/objects/ab/cd"));
	assert_null(gm_lookup(p, "/w/ws/.git/index.lock"));
	assert_int_equal(gm_lookup(p, "/w/ws/.git")->why, GM_WHY_GITDIR);
	assert_null(gm_lookup(p, "/w/ws/.git/config.lock"));
	assert_null(gm_lookup(p, "/w/ws/.git/hooksx"));
	assert_null(gm_lookup(p, "/w/ws/src/a.c"));
	/* Absent but watched. */
	assert_non_null(gm_lookup(p, "/w/ws/.git/commondir"));
	assert_string_equal(gm_repo_at(p, "/w/ws/a/sub/x")->worktree,
			    "/w/ws/a/sub");
	assert_string_equal(gm_repo_at(p, "/w/ws/a")->worktree, "/w/ws");
	assert_null(gm_repo_at(p, "/w/other"));
	{
		SBX_AUTOFREE char *c =
		    gm_repo_config(gm_repo_at(p, "/w/ws/a/sub"));

		assert_string_equal(c, "/w/ws/a/sub/.git/config");
	}
	gm_plan_free(p);
}

static void linked_worktree(void **state)
{
	struct gm_plan *p;

	(void)state;
	fs_reset();
	plain_repo("/m", false, "[core]\nbare = false\n");
	fs_dir("/m/.git/logs");
	fs_dir("/m/.git/worktrees");
	fs_dir("/m/.git/worktrees/feat");
	fs_file("/m/.git/worktrees/feat/commondir", "../..\n");
	fs_file("/m/.git/worktrees/feat/gitdir", "/w/feat/.git\n");
	fs_file("/m/.git/worktrees/feat/HEAD", "ref: refs/heads/feat\n");
	fs_dir("/w/feat");
	fs_file("/w/feat/.git", "gitdir: /m/.git/worktrees/feat\n");
	p = plan_for("/w/feat", "/w/feat/.git");
	assert_string_equal(p->repos[0].gitdir, "/m/.git/worktrees/feat");
	assert_string_equal(p->repos[0].commondir, "/m/.git");
	/* The pointer, the worktree's git dir (pinned, its commondir and
	 * config.worktree), the common dir's hooks and config. */
	assert_int_equal(flags_of(p, "/w/feat/.git"), 0);
	assert_int_equal(find(p, "/w/feat/.git")->why, GM_WHY_POINTER);
	assert_int_equal(flags_of(p, "/m/.git/worktrees/feat"),
			 GM_P_DIR | GM_P_PIN);
	assert_int_equal(flags_of(p, "/m/.git/worktrees/feat/commondir"), 0);
	assert_int_equal(flags_of(p, "/m/.git/worktrees/feat/config.worktree"),
			 GM_P_ABSENT);
	assert_int_equal(flags_of(p, "/m/.git/hooks"), GM_P_DIR);
	assert_int_equal(flags_of(p, "/m/.git/config"), 0);
	assert_int_equal(flags_of(p, "/m/.git/config.worktree"), GM_P_ABSENT);
	/* What git needs there: writable roots, the common dir guarded. */
	assert_true(has_root(p, "/m/.git/worktrees/feat", false));
	assert_true(has_root(p, "/m/.git/objects", false));
	assert_true(has_root(p, "/m/.git/refs", false));
	assert_true(has_root(p, "/m/.git/logs", false));
	assert_true(has_root(p, "/m/.git", true));
	assert_false(has_root(p, "/m/.git/modules", false)); /* absent */
	gm_plan_free(p);

	/* A relative gitdir: line and a relative back-pointer. */
	fsv[nfs - 1].text = "gitdir: ../../m/.git/worktrees/feat\r\n";
	p = plan_for("/w/feat", "/w/feat/.git");
	assert_string_equal(p->repos[0].gitdir, "/m/.git/worktrees/feat");
	assert_true(has_root(p, "/m/.git", true));
	gm_plan_free(p);
}

static void linked_worktree_not_granted(void **state)
{
	struct gm_plan *p;

	(void)state;
	/* The git dir does not point back at this workspace: a .git file a
	 * job rewrote must not hand the session another worktree. */
	fs_reset();
	plain_repo("/m", false, "");
	fs_dir("/m/.git/worktrees");
	fs_dir("/m/.git/worktrees/feat");
	fs_file("/m/.git/worktrees/feat/commondir", "../..\n");
	fs_file("/m/.git/worktrees/feat/gitdir", "/w/other/.git\n");
	fs_dir("/w/feat");
	fs_file("/w/feat/.git", "gitdir: /m/.git/worktrees/feat\n");
	p = plan_for("/w/feat", "/w/feat/.git");
	assert_int_equal(p->nroots, 0);
	assert_true(has_note(p, "does not point back here"));
	gm_plan_free(p);

	/* A git dir that names a common dir it does not live in (a job's
	 * fake: <anything>/commondir -> the repository it wants). */
	fs_reset();
	plain_repo("/secret", false, "");
	fs_dir("/w/feat");
	fs_dir("/w/feat/fake");
	fs_file("/w/feat/fake/commondir", "/secret/.git\n");
	fs_file("/w/feat/fake/gitdir", "/w/feat/.git\n");
	fs_file("/w/feat/fake/HEAD", "ref: refs/heads/x\n");
	fs_file("/w/feat/.git", "gitdir: fake\n");
	p = plan_for("/w/feat", "/w/feat/.git");
	assert_string_equal(p->repos[0].commondir, "/secret/.git");
	/* Its git dir lies in the workspace, its common dir does not: no
	 * roots for it. */
	assert_int_equal(p->nroots, 0);
	gm_plan_free(p);

	/* Elsewhere, not under <common>/worktrees/. */
	fs_reset();
	plain_repo("/secret", false, "");
	fs_dir("/x");
	fs_dir("/x/g");
	fs_file("/x/g/commondir", "/secret/.git\n");
	fs_file("/x/g/gitdir", "/w/feat/.git\n");
	fs_dir("/w/feat");
	fs_file("/w/feat/.git", "gitdir: /x/g\n");
	p = plan_for("/w/feat", "/w/feat/.git");
	assert_int_equal(p->nroots, 0);
	gm_plan_free(p);
}

static void submodules(void **state)
{
	struct gm_plan *p;

	(void)state;
	fs_reset();
	plain_repo("/w/ws", false, "[submodule \"lib/sub\"]\nurl = /u\n");
	fs_dir("/w/ws/.git/modules");
	fs_dir("/w/ws/.git/modules/lib");
	fs_dir("/w/ws/.git/modules/lib/sub");
	fs_file("/w/ws/.git/modules/lib/sub/HEAD", "ref: refs/heads/m\n");
	fs_file("/w/ws/.git/modules/lib/sub/config",
		"[core]\n\tworktree = ../../../../lib/sub\n");
	fs_dir("/w/ws/lib");
	fs_dir("/w/ws/lib/sub");
	fs_file("/w/ws/lib/sub/.git", "gitdir: ../../.git/modules/lib/sub\n");
	p = gm_plan_new("/w/ws", "/home/u");
	gm_add_dotgit(p, &disk, "/w/ws/.git", GM_DIR);
	gm_add_dotgit(p, &disk, "/w/ws/lib/sub/.git", GM_FILE);
	gm_plan_finish(p);
	/* The superproject, the module found in modules/ (worktree from
	 * its core.worktree), the submodule's .git file. */
	assert_int_equal(p->nrepos, 3);
	assert_int_equal(p->repos[1].kind, GM_REPO_MODULE);
	assert_string_equal(p->repos[1].worktree, "/w/ws/lib/sub");
	assert_string_equal(p->repos[2].gitdir, "/w/ws/.git/modules/lib/sub");
	assert_string_equal(p->repos[2].commondir,
			    "/w/ws/.git/modules/lib/sub");
	assert_int_equal(flags_of(p, "/w/ws/.git/modules/lib/sub"),
			 GM_P_DIR | GM_P_PIN);
	assert_int_equal(flags_of(p, "/w/ws/.git/modules/lib/sub/hooks"),
			 GM_P_DIR | GM_P_MKDIR);
	assert_int_equal(flags_of(p, "/w/ws/.git/modules/lib/sub/config"), 0);
	assert_int_equal(flags_of(p, "/w/ws/lib/sub/.git"), 0);
	/* The step of the name is not a git dir. */
	assert_null(find(p, "/w/ws/.git/modules/lib/hooks"));
	gm_plan_free(p);
}

static void includes_and_hooks_path(void **state)
{
	struct gm_plan *p;

	(void)state;
	fs_reset();
	plain_repo("/w/ws", false,
		   "[include]\n\tpath = ../shared.cfg\n"
		   "[includeIf \"gitdir:/w/\"]\n\tpath = ~/inc.cfg\n"
		   "[core]\n\thooksPath = .githooks\n");
	fs_file("/w/ws/shared.cfg", "[include]\npath = loop.cfg\n");
	fs_file("/w/ws/loop.cfg", "[include]\npath = shared.cfg\n");
	fs_dir("/home/u");
	p = plan_for("/w/ws", "/w/ws/.git");
	/* Relative to the including file; "~/" from the home; even a
	 * condition that may not hold now. */
	assert_int_equal(find(p, "/w/ws/shared.cfg")->why, GM_WHY_INCLUDE);
	assert_int_equal(flags_of(p, "/w/ws/loop.cfg"), 0);
	assert_int_equal(flags_of(p, "/home/u/inc.cfg"), GM_P_ABSENT);
	/* core.hooksPath relative to the worktree; missing: watched. */
	assert_int_equal(flags_of(p, "/w/ws/.githooks"),
			 GM_P_DIR | GM_P_ABSENT);
	assert_int_equal(find(p, "/w/ws/.githooks")->why, GM_WHY_HOOKSPATH);
	/* The include loop ends at git's depth: a bounded number of reads. */
	assert_true(nreads < 40);
	gm_plan_free(p);
}

static void symlinks_watched(void **state)
{
	struct gm_plan *p;

	(void)state;
	/* .git a symlink to a git dir elsewhere in the workspace; its
	 * config a symlink too. */
	fs_reset();
	plain_repo("/w/ws/real", false, "");
	fsv[5].kind = GM_LINK; /* /w/ws/real/.git/config */
	fsv[5].target = "/w/ws/cfg";
	fsv[5].text = NULL;
	fs_file("/w/ws/cfg", "[core]\n");
	fs_link("/w/ws/.git", "/w/ws/real/.git");
	p = plan_for("/w/ws", "/w/ws/.git");
	assert_int_equal(p->repos[0].kind, GM_REPO_LINK);
	assert_string_equal(p->repos[0].gitdir, "/w/ws/real/.git");
	assert_int_equal(flags_of(p, "/w/ws/.git"), GM_P_LINK);
	assert_int_equal(flags_of(p, "/w/ws/real/.git"), GM_P_DIR | GM_P_PIN);
	assert_int_equal(flags_of(p, "/w/ws/real/.git/config"), GM_P_LINK);
	assert_int_equal(flags_of(p, "/w/ws/cfg"), 0);
	gm_plan_free(p);
}

/* Issue 20 item 8: the scan runs before confinement; what a config
 * includes is read only inside the workspace, never a device. */
static void includes_stay_inside(void **state)
{
	struct gm_plan *p;
	bool noted = false;

	(void)state;
	fs_reset();
	plain_repo("/w/ws", false,
		   "[include]\n\tpath = /dev/ptmx\n"
		   "[include]\n\tpath = ../../../etc/x.cfg\n"
		   "[includeIf \"gitdir:/w/\"]\n\tpath = /w/other/y.cfg\n"
		   "[include]\n\tpath = in.cfg\n");
	fs_file("/dev/ptmx", "[core]\nhooksPath = /dev\n");
	fs_file("/etc/x.cfg", "[include]\npath = /etc/z\n");
	fs_file("/w/other/y.cfg", "[core]\n");
	fs_file("/w/ws/.git/in.cfg", "[include]\npath = ../deeper.cfg\n");
	fs_file("/w/ws/deeper.cfg", "[core]\n");
	p = plan_for("/w/ws", "/w/ws/.git");
	/* Protected, all of them (a mount holds them where writable)... */
	assert_int_equal(find(p, "/dev/ptmx")->why, GM_WHY_INCLUDE);
	assert_int_equal(find(p, "/etc/x.cfg")->why, GM_WHY_INCLUDE);
	assert_int_equal(find(p, "/w/other/y.cfg")->why, GM_WHY_INCLUDE);
	assert_int_equal(find(p, "/w/ws/deeper.cfg")->why, GM_WHY_INCLUDE);
	/* ... but only those inside are read: not the device, not the
	 * `..` escape, not the absolute path outside. */
	assert_null(strstr(readlog, "/dev/ptmx"));
	assert_null(strstr(readlog, "/etc/"));
	assert_null(strstr(readlog, "/w/other/"));
	assert_null(find(p, "/etc/z"));
	assert_non_null(strstr(readlog, "/w/ws/.git/in.cfg\n"));
	assert_non_null(strstr(readlog, "/w/ws/deeper.cfg\n"));
	for (size_t i = 0; i < p->notes.n; i++)
		noted = noted || (strstr(p->notes.v[i], "/dev/ptmx") &&
				  strstr(p->notes.v[i], "not read"));
	assert_true(noted);
	gm_plan_free(p);
}

/* A ".git" symlink out of the workspace: nothing in its target read,
 * all of it protected, said in a note. */
static void dotgit_link_outside(void **state)
{
	struct gm_plan *p;

	(void)state;
	fs_reset();
	fs_dir("/w/ws");
	plain_repo("/elsewhere", false, "[include]\npath = /dev/ptmx\n");
	fs_link("/w/ws/.git", "/elsewhere/.git");
	p = plan_for("/w/ws", "/w/ws/.git");
	assert_int_equal(p->repos[0].kind, GM_REPO_LINK);
	assert_string_equal(p->repos[0].gitdir, "/elsewhere/.git");
	assert_int_equal(flags_of(p, "/w/ws/.git"), GM_P_LINK);
	assert_int_equal(flags_of(p, "/elsewhere/.git"), GM_P_DIR);
	assert_int_equal(nreads, 0);
	assert_string_equal(readlog, "");
	assert_null(find(p, "/dev/ptmx"));
	assert_int_equal(p->nroots, 0); /* no git-common-dir grant */
	assert_true(p->notes.n >= 1);
	gm_plan_free(p);
}

static void broken_pointers(void **state)
{
	struct gm_plan *p;

	(void)state;
	/* Not a gitfile git reads: noted, nothing followed. */
	fs_reset();
	fs_dir("/w/ws");
	fs_file("/w/ws/.git", "gitdir:/nowhere\n");
	p = plan_for("/w/ws", "/w/ws/.git");
	assert_true(has_note(p, "is not a .git file"));
	assert_int_equal(flags_of(p, "/w/ws/.git"), 0);
	assert_int_equal(p->npaths, 1);
	gm_plan_free(p);

	/* A pointer to a git dir not there yet (a submodule not checked
	 * out): watched, a job creating it is reported. */
	fs_reset();
	fs_dir("/w/ws");
	fs_file("/w/ws/.git", "gitdir: ../missing\n");
	p = plan_for("/w/ws", "/w/ws/.git");
	assert_int_equal(flags_of(p, "/w/missing"), GM_P_DIR | GM_P_ABSENT);
	gm_plan_free(p);

	/* A gitfile naming another gitfile: git does not chain them. */
	fs_reset();
	fs_dir("/w/ws");
	fs_file("/w/ws/.git", "gitdir: /w/ws/next\n");
	fs_file("/w/ws/next", "gitdir: /w/ws\n");
	p = plan_for("/w/ws", "/w/ws/.git");
	assert_int_equal(p->npaths, 1);
	gm_plan_free(p);

	/* A commondir of itself, and a commondir whose target has its own
	 * commondir: read once, never chained. */
	fs_reset();
	plain_repo("/w/ws", false, "");
	fs_file("/w/ws/.git/commondir", ".\n");
	p = plan_for("/w/ws", "/w/ws/.git");
	assert_string_equal(p->repos[0].commondir, "/w/ws/.git");
	assert_int_equal(flags_of(p, "/w/ws/.git/commondir"), 0);
	gm_plan_free(p);
	fs_reset();
	plain_repo("/w/ws", false, "");
	plain_repo("/w/c2", false, "");
	fs_file("/w/ws/.git/commondir", "../../c2/.git\n");
	fs_file("/w/c2/.git/commondir", "../../ws/.git\n");
	p = plan_for("/w/ws", "/w/ws/.git");
	assert_string_equal(p->repos[0].commondir, "/w/c2/.git");
	assert_int_equal(flags_of(p, "/w/c2/.git/config"), 0);
	gm_plan_free(p);

	/* An empty commondir: git refuses the repository. */
	fs_reset();
	plain_repo("/w/ws", false, "");
	fs_file("/w/ws/.git/commondir", "\n");
	p = plan_for("/w/ws", "/w/ws/.git");
	assert_true(has_note(p, "cannot be read as git reads it"));
	gm_plan_free(p);
}

static void user_and_env(void **state)
{
	struct gm_plan *p;

	(void)state;
	fs_reset();
	fs_dir("/w/ws");
	fs_file("/w/ws/.envrc", "x");
	fs_link("/w/ws/link", "/w/real");
	fs_dir("/w/real");
	fs_file("/w/real/.gitconfig", "[core]\nhooksPath = ~/hooks\n");
	fs_dir("/home/u");
	fs_dir("/home/u/hooks");
	p = gm_plan_new("/w/ws", "/home/u");
	gm_add_user(p, &disk, ".envrc", NULL);
	gm_add_user(p, &disk, ".vscode/", "config /c:3");
	gm_add_user(p, &disk, "/w/ws/link/x", NULL);
	gm_add_file(p, &disk, "/w/real/.gitconfig");
	gm_add_file(p, &disk, "/w/nonexistent");
	gm_plan_finish(p);
	assert_int_equal(flags_of(p, "/w/ws/.envrc"), 0);
	assert_int_equal(flags_of(p, "/w/ws/.vscode"), GM_P_DIR | GM_P_ABSENT);
	assert_int_equal(find(p, "/w/ws/.vscode")->why, GM_WHY_USER);
	/* A symlinked folder on the way: the canonical path. */
	assert_int_equal(flags_of(p, "/w/real/x"), GM_P_ABSENT);
	assert_int_equal(find(p, "/w/real/.gitconfig")->why, GM_WHY_ENV);
	assert_int_equal(flags_of(p, "/home/u/hooks"), GM_P_DIR);
	assert_null(find(p, "/w/nonexistent"));
	gm_plan_free(p);
}

static void copy_is_deep(void **state)
{
	struct gm_plan *p, *c;

	(void)state;
	fs_reset();
	plain_repo("/w/ws", false, "");
	p = plan_for("/w/ws", "/w/ws/.git");
	c = gm_plan_copy(p);
	assert_int_equal(c->npaths, p->npaths);
	assert_int_equal(c->nrepos, p->nrepos);
	assert_ptr_not_equal(c->paths[0].path, p->paths[0].path);
	gm_plan_free(p);
	assert_string_equal(c->repos[0].gitdir, "/w/ws/.git");
	gm_plan_free(c);
}

/* --- the end of the session ---------------------------------------------- */

static void compare_and_hash(void **state)
{
	struct gm_stat a = {.kind = GM_FILE,
			    .dev = 1,
			    .ino = 2,
			    .size = 3,
			    .mode = 0100644,
			    .mtime_s = 100,
			    .ctime_s = 100};
	struct gm_stat b = a;

	(void)state;
	assert_int_equal(gm_compare(&a, &b, false), GM_SAME);
	b.ctime_ns = 1;
	assert_int_equal(gm_compare(&a, &b, false), GM_CHANGED);
	assert_int_equal(gm_compare(&a, &b, true), GM_SAME);
	b = a;
	b.ino = 9;
	assert_int_equal(gm_compare(&a, &b, true), GM_REPLACED);
	b = a;
	b.kind = GM_ABSENT;
	assert_int_equal(gm_compare(&a, &b, false), GM_REMOVED);
	assert_int_equal(gm_compare(&b, &a, false), GM_CREATED);
	assert_int_equal(gm_compare(&b, &b, false), GM_SAME);
	b = a;
	b.kind = GM_DIR;
	assert_int_equal(gm_compare(&a, &b, false), GM_REPLACED);
	/* Same stat, content hashed (a racy one): the hash decides. */
	b = a;
	a.hashed = b.hashed = true;
	a.hash = gm_hash(0, "a", 1);
	b.hash = gm_hash(0, "b", 1);
	assert_int_equal(gm_compare(&a, &b, false), GM_CHANGED);
	assert_true(gm_needs_hash(&a, 101));
	assert_true(gm_needs_hash(&a, 102));
	assert_false(gm_needs_hash(&a, 103));
	a.kind = GM_DIR;
	assert_false(gm_needs_hash(&a, 100));
}

static void report_wording(void **state)
{
	char b[512];
	size_t n;

	(void)state;
	n = gm_fmt_change(b, sizeof(b), "/w/.git/hooks/pre-commit",
			  GM_WHY_HOOKS, GM_CREATED, "/w");
	assert_int_equal(n, strlen(b));
	assert_string_equal(b, "sbxsh: git: /w/.git/hooks/pre-commit was "
			       "created during the session (git runs it "
			       "outside the sandbox): review it before running "
			       "git in /w outside the sandbox");
	gm_fmt_change(b, sizeof(b), "/w/.git", GM_WHY_GITDIR, GM_REPLACED,
		      "/w");
	assert_non_null(strstr(b, "/w/.git was replaced during"));
	gm_fmt_change(b, sizeof(b), "/w/a\nb", GM_WHY_USER, GM_CHANGED, NULL);
	assert_non_null(strstr(b, "/w/a\\nb was changed"));
	assert_non_null(strstr(b, "before it is used outside"));
	/* A job's names reach the terminal after the session: escaped, C1
	 * as UTF-8 (U+009B CSI, U+009D OSC) and DEL too (issue 20). */
	gm_fmt_change(b, sizeof(b),
		      "/w/\xc2\x9b"
		      "2J\xc2\x9d"
		      "0;x\x7f\x1b[2J\x9b",
		      GM_WHY_USER, GM_CHANGED, "/w/\xc3\xa9t\xc3\xa9");
	assert_non_null(strstr(b, "/w/\\xc2\\x9b2J\\xc2\\x9d0;x\\x7f\\x1b[2J"
				  "\\x9b was changed"));
	for (const unsigned char *q = (const unsigned char *)b; *q; q++)
		assert_true(*q >= 0x20 && *q != 0x7f &&
			    (*q < 0x80 || *q == 0xc3 || *q == 0xa9));
	assert_non_null(strstr(b, "git in /w/\xc3\xa9t\xc3\xa9 outside"));
	gm_fmt_new_repo(b, sizeof(b), "/w/n", "pre\x1b]0;x\x07",
			"branch.\xc2\x9b"
			"31m.remote");
	assert_non_null(strstr(b, "hooks (pre\\x1b]0;x\\x07)"));
	assert_non_null(strstr(b, "(branch.\\xc2\\x9b31m.remote)"));
	gm_fmt_new_repo(b, sizeof(b), "/w/new", "pre-commit", "core.fsmonitor");
	assert_string_equal(b, "sbxsh: git: new repository /w/new (created "
			       "during the session) has hooks (pre-commit) "
			       "and a non-default config (core.fsmonitor): "
			       "review them before running git there outside "
			       "the sandbox");
	gm_fmt_new_repo(b, sizeof(b), "/w/new", "", "alias.st");
	assert_non_null(strstr(b, "has a non-default config (alias.st):"));
	/* Truncated, still terminated. */
	n = gm_fmt_new_repo(b, 20, "/w/new", "x", "");
	assert_int_equal(n, 19);
	assert_int_equal(strlen(b), 19);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(gitfile_parsing),
	    cmocka_unit_test(commondir_parsing),
	    cmocka_unit_test(join_folds),
	    cmocka_unit_test(config_format),
	    cmocka_unit_test(default_keys),
	    cmocka_unit_test(plain_repository),
	    cmocka_unit_test(missing_hooks_made_empty),
	    cmocka_unit_test(lookup_and_repo_at),
	    cmocka_unit_test(linked_worktree),
	    cmocka_unit_test(linked_worktree_not_granted),
	    cmocka_unit_test(submodules),
	    cmocka_unit_test(includes_and_hooks_path),
	    cmocka_unit_test(includes_stay_inside),
	    cmocka_unit_test(dotgit_link_outside),
	    cmocka_unit_test(symlinks_watched),
	    cmocka_unit_test(broken_pointers),
	    cmocka_unit_test(user_and_env),
	    cmocka_unit_test(copy_is_deep),
	    cmocka_unit_test(compare_and_hash),
	    cmocka_unit_test(report_wording),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
