/* tests/unit/test_policy.c — writable roots and masked secrets
 * (docs/design.md §2). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

#include "fakefs.h"
#include "policy.h"
#include "policy_show.h"

#define WS "/work/ws"
#define P WS "/.sandbox-cache"
#define RUN WS "/.sandbox-runs/20261129T191450Z-1-00000000"

static struct fakefs fs;
static struct lay_layout lay;

/* What a test changes in the facts mk() gathers. */
struct mk_opts {
	const char *ws;	  /* NULL: WS */
	const char *home; /* NULL: /home/u, "" none */
	const char *pw_home;
	const char *tmpdir; /* NULL: /tmp */
	bool no_state;	    /* state folders not writable: no routing */
	int want;	    /* pol_new's expected return */
	char **env_start;   /* the environment before the filter */
	const struct ef_report *envf;
	int uid;      /* 0: unknown; else uid + 1 */
	char **extra; /* --mask paths */
	char **allow; /* --allow-write */
	const char **allow_from;
	bool (*exists)(void *ctx, const char *path);
	const char *const *sbxsh; /* pol_facts.sbxsh_dirs */
	const char *ws_named;	  /* pol_facts.ws_named */
	bool roots_only;	  /* pol_facts.roots_only */
};

static struct sbx_policy *mk_o(enum pol_scope scope, char *const *env,
			       char *const *user, const struct mk_opts *o,
			       struct sbx_diag *d)
{
	struct lay_facts lf = {.workspace = o->ws ? o->ws : WS,
			       .run_id = "20261129T191450Z-1-00000000"};
	struct pol_facts f = {0};
	struct sbx_policy *pol = NULL;

	lay_free(&lay);
	assert_int_equal(lay_compute(&lf, &lay, NULL), 0);
	f.scope = scope;
	f.network = true;
	f.persist = !o->no_state;
	f.state_writable = !o->no_state;
	f.lay = &lay;
	f.home = o->home ? (*o->home ? o->home : NULL) : "/home/u";
	f.pw_home = o->pw_home;
	f.tmpdir = o->tmpdir ? o->tmpdir : "/tmp";
	f.env = env;
	f.user_exports = user;
	f.env_start = o->env_start;
	f.envf = o->envf;
	f.extra_masked = o->extra;
	f.allow_write = o->allow;
	f.allow_write_from = o->allow_from;
	f.exists = o->exists;
	f.sbxsh_dirs = o->sbxsh;
	f.ws_named = o->ws_named;
	f.roots_only = o->roots_only;
	f.cwd = "/work";
	f.uid_known = o->uid > 0;
	f.uid = o->uid > 0 ? (unsigned)(o->uid - 1) : 0;
	f.canon = fake_canon;
	f.is_dir = fake_is_dir;
	f.ctx = &fs;
	assert_int_equal(pol_new(&f, &pol, d), o->want);
	return pol;
}

static bool has_note(const struct sbx_policy *pol, const char *key,
		     const char *part)
{
	for (size_t i = 0; i < pol_nnotes(pol); i++) {
		const char *k, *v;

		pol_note_at(pol, i, &k, &v);
		if (!strcmp(k, key) && strstr(v, part))
			return true;
	}
	return false;
}

static struct sbx_policy *mk(enum pol_scope scope, char *const *env,
			     char *const *user)
{
	struct mk_opts o = {0};

	return mk_o(scope, env, user, &o, NULL);
}

static int find_root(const struct sbx_policy *pol, const char *path)
{
	for (size_t i = 0; i < pol_nroots(pol); i++)
		if (!strcmp(pol_root(pol, i)->path, path))
			return (int)i;
	return -1;
}

static int setup(void **state)
{
	(void)state;
	memset(&fs, 0, sizeof(fs));
	return 0;
}

static void workspace_scope_roots(void **state)
{
	struct sbx_policy *pol = mk(POL_SCOPE_WORKSPACE, NULL, NULL);
	struct sbx_buf b = {0};

	(void)state;
	assert_int_equal(find_root(pol, WS), 0);
	assert_int_equal(find_root(pol, P), 1);
	assert_true(find_root(pol, RUN) > 1);
	assert_true(find_root(pol, RUN "/tmp") > 1);
	assert_true(find_root(pol, "/tmp") > 1);
	assert_true(find_root(pol, "/dev/null") > 1);
	assert_true(pol_root(pol, (size_t)find_root(pol, "/dev/pts"))->device);
	/* Routed caches: the user cache dir and the go module cache are
	 * created, so they are listed even though they do not exist. */
	assert_true(find_root(pol, P "/cache") > 1);
	assert_true(pol_root(pol, (size_t)find_root(pol, P "/cache"))->create);
	assert_true(find_root(pol, P "/go/pkg") > 1);
	/* ...but GOCACHE, npm and cargo only when they exist. */
	assert_int_equal(find_root(pol, P "/go-build"), -1);
	assert_int_equal(find_root(pol, P "/npm-cache"), -1);
	assert_int_equal(find_root(pol, P "/cargo/registry"), -1);
	/* Never $HOME itself. */
	assert_int_equal(find_root(pol, "/home/u"), -1);

	pol_format_writable(pol, &b);
	assert_memory_equal(b.s, "sandbox_writable: [" WS ", " P ", ",
			    strlen("sandbox_writable: [" WS ", " P ", "));
	assert_int_equal(b.s[b.len - 1], ']');
	assert_null(strchr(b.s, '\n'));
	/* the sentence names what the roots are, and only that */
	b.len = 0;
	pol_format_sentence(pol, &b);
	assert_string_equal(
	    b.s, "writable: the workspace, persistent tooling, this session's "
		 "run folder (TMPDIR), the temp dir /tmp, the user cache dir, "
		 "the go cache, devices; everything else is read-only.");
	buf_free(&b);
	pol_free(pol);
}

static void toolchain_dirs_when_existing(void **state)
{
	struct sbx_policy *pol;

	(void)state;
	fs.dirs[0] = P "/go-build";
	fs.dirs[1] = P "/npm-cache";
	fs.dirs[2] = P "/cargo/registry";
	pol = mk(POL_SCOPE_WORKSPACE, NULL, NULL);
	assert_true(find_root(pol, P "/go-build") > 0);
	assert_false(
	    pol_root(pol, (size_t)find_root(pol, P "/go-build"))->create);
	assert_true(find_root(pol, P "/npm-cache") > 0);
	assert_true(find_root(pol, P "/cargo/registry") > 0);
	assert_int_equal(find_root(pol, P "/cargo/git"), -1);
	{
		/* the sentence names the caches that are roots, and only
		 * when they are (workspace_scope_roots: go alone) */
		struct sbx_buf b = {0};

		pol_format_sentence(pol, &b);
		assert_non_null(
		    strstr(b.s, ", the go, npm and cargo caches, "));
		buf_free(&b);
	}
	pol_free(pol);
}

static void user_export_resolves_caches(void **state)
{
	/* The user's own GOCACHE wins in the routing, and is granted only
	 * if it exists; GOMODCACHE falls back to $GOPATH/pkg (first entry). */
	char *user[] = {"GOCACHE=/opt/gocache", "GOPATH=/opt/gp:/x", NULL};
	struct sbx_policy *pol;

	(void)state;
	pol = mk(POL_SCOPE_WORKSPACE, NULL, user);
	assert_int_equal(find_root(pol, "/opt/gocache"), -1);
	/* Outside sbxsh's own folders nothing is created: a missing module
	 * cache from the environment is not granted either. */
	assert_int_equal(find_root(pol, "/opt/gp/pkg"), -1);
	pol_free(pol);
	fs.dirs[0] = "/opt/gocache";
	fs.dirs[1] = "/opt/gp/pkg";
	pol = mk(POL_SCOPE_WORKSPACE, NULL, user);
	assert_true(find_root(pol, "/opt/gocache") > 0);
	assert_true(find_root(pol, "/opt/gp/pkg") > 0);
	assert_false(
	    pol_root(pol, (size_t)find_root(pol, "/opt/gp/pkg"))->create);
	pol_free(pol);
}

/* Roots from the environment get the workspace's refusals (core/guard.h):
 * GOMODCACHE=/etc and TMPDIR=/etc must not put /etc in sandbox_writable;
 * each refusal is a note the banner shows. */
static void env_roots_refused(void **state)
{
	char *env[] = {"GOMODCACHE=/etc", "GOCACHE=/usr/lib/go",
		       "npm_config_cache=/", NULL};
	struct mk_opts o = {.tmpdir = "/etc", .no_state = true};
	struct sbx_policy *pol;

	(void)state;
	fs.dirs[0] = "/etc";
	fs.dirs[1] = "/usr/lib/go";
	pol = mk_o(POL_SCOPE_WORKSPACE, env, NULL, &o, NULL);
	for (size_t i = 0; i < pol_nroots(pol); i++) {
		const char *r = pol_root(pol, i)->path;

		assert_false(path_under("/etc", r));
		assert_false(path_under("/usr", r));
		assert_string_not_equal(r, "/");
	}
	assert_true(find_root(pol, "/tmp") > 0); /* the temp dir instead */
	assert_true(has_note(pol, "refused", "TMPDIR=/etc"));
	assert_true(has_note(pol, "refused", "GOMODCACHE=/etc"));
	assert_true(has_note(pol, "refused", "GOCACHE=/usr/lib/go"));
	assert_true(has_note(pol, "refused", "npm_config_cache=/"));
	pol_free(pol);
}

/* TMPDIR=/ with HOME unset granted "/" before: refused whether or not a
 * home is known, and the home refusal then comes from the passwd home. */
static void tmpdir_root_without_home(void **state)
{
	char *env[] = {"XDG_CACHE_HOME=/home", NULL};
	struct mk_opts o = {
	    .home = "", .tmpdir = "/", .no_state = true, .pw_home = "/home/u"};
	struct sbx_policy *pol;

	(void)state;
	fs.dirs[0] = "/home";
	pol = mk_o(POL_SCOPE_WORKSPACE, env, NULL, &o, NULL);
	assert_int_equal(find_root(pol, "/"), -1);
	assert_int_equal(find_root(pol, "/home"), -1);
	assert_true(find_root(pol, "/tmp") > 0);
	assert_true(has_note(pol, "refused", "TMPDIR=/"));
	assert_true(has_note(pol, "refused", "above your home"));
	pol_free(pol);
}

/* A workspace or state folder that is "/", a home, above one, or in a
 * system tree is refused by pol_new() itself. */
static void workspace_refused(void **state)
{
	static const struct {
		const char *ws, *home, *pw;
	} bad[] = {
	    {"/home/u", NULL, NULL},	   /* $HOME */
	    {"/home", NULL, NULL},	   /* above it */
	    {"/etc/x", NULL, NULL},	   /* a system tree */
	    {"/var", NULL, NULL},	   /* /var itself */
	    {"/var/lib/dpkg", NULL, NULL}, /* system state */
	    {"/usr/local/src", NULL, NULL},
	    {"/home/u", "", "/home/u"},	      /* HOME unset: passwd */
	    {"/root", "/tmp/fakehome", NULL}, /* not a home: allowed */
	};
	struct sbx_diag d = {0};

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		struct mk_opts o = {
		    .ws = bad[i].ws,
		    .home = bad[i].home,
		    .pw_home = bad[i].pw,
		    .want = i + 1 < sizeof(bad) / sizeof(*bad) ? -EPERM : 0};
		struct sbx_policy *pol =
		    mk_o(POL_SCOPE_WORKSPACE, NULL, NULL, &o, &d);

		if (o.want) {
			assert_null(pol);
			assert_non_null(strstr(d.msg, bad[i].ws));
			assert_non_null(strstr(d.msg, "mkdir -p ~/work/x"));
		}
		pol_free(pol);
	}
}

/* A symlink planted in .sandbox-cache by a job of an earlier session
 * (ln -s /outside .sandbox-cache/cache) is not granted as its target. */
static void routed_symlink_refused(void **state)
{
	struct mk_opts o = {0};
	struct sbx_policy *pol;

	(void)state;
	fs.links[0][0] = P "/cache";
	fs.links[0][1] = "/outside/dir";
	fs.links[1][0] = P "/go";
	fs.links[1][1] = "/etc";
	pol = mk_o(POL_SCOPE_WORKSPACE, NULL, NULL, &o, NULL);
	for (size_t i = 0; i < pol_nroots(pol); i++) {
		assert_false(path_under("/outside", pol_root(pol, i)->path));
		assert_false(path_under("/etc", pol_root(pol, i)->path));
	}
	assert_true(has_note(pol, "refused", "XDG_CACHE_HOME="));
	assert_true(has_note(pol, "refused", "GOMODCACHE="));
	pol_free(pol);
}

/* .sandbox-cache itself replaced by a symlink: not granted, routing
 * falls back to the run folder. */
static void persist_dir_symlink_refused(void **state)
{
	struct mk_opts o = {0};
	struct sbx_policy *pol;

	(void)state;
	fs.links[0][0] = P;
	fs.links[0][1] = "/elsewhere";
	pol = mk_o(POL_SCOPE_WORKSPACE, NULL, NULL, &o, NULL);
	for (size_t i = 0; i < pol_nroots(pol); i++)
		assert_false(path_under("/elsewhere", pol_root(pol, i)->path));
	assert_int_equal(pol_route(pol)->kind, RT_BASE_RUN);
	assert_true(has_note(pol, "refused", ".sandbox-cache"));
	pol_free(pol);
}

/* Only roots inside sbxsh's own folders are ever marked for creation. */
static void create_only_owned(void **state)
{
	char *env[] = {"GOMODCACHE=/opt/new/mod", NULL};
	struct mk_opts o = {.no_state = true};
	struct sbx_policy *pol;

	(void)state;
	pol = mk_o(POL_SCOPE_WORKSPACE, env, NULL, &o, NULL);
	assert_int_equal(find_root(pol, "/opt/new/mod"), -1);
	assert_int_equal(find_root(pol, "/home/u/.cache"), -1);
	pol_free(pol);
	fs.dirs[0] = "/home/u/.cache";
	pol = mk_o(POL_SCOPE_WORKSPACE, env, NULL, &o, NULL);
	assert_true(find_root(pol, "/home/u/.cache") > 0);
	for (size_t i = 0; i < pol_nroots(pol); i++) {
		const struct pol_root *r = pol_root(pol, i);

		if (r->create)
			assert_true(path_under(WS "/.sandbox-runs", r->path));
	}
	pol_free(pol);
	o.no_state = false;
	pol = mk_o(POL_SCOPE_WORKSPACE, NULL, NULL, &o, NULL);
	for (size_t i = 0; i < pol_nroots(pol); i++)
		if (pol_root(pol, i)->create)
			assert_true(path_under(P, pol_root(pol, i)->path) ||
				    path_under(WS "/.sandbox-runs",
					       pol_root(pol, i)->path));
	pol_free(pol);
}

static void never_home(void **state)
{
	char *user[] = {"GOPATH=/home/u/..", "XDG_CACHE_HOME=/home/u", NULL};
	struct sbx_policy *pol;

	(void)state;
	pol = mk(POL_SCOPE_WORKSPACE, NULL, user);
	assert_int_equal(find_root(pol, "/home/u"), -1);
	assert_int_equal(find_root(pol, "/home"), -1);
	for (size_t i = 0; i < pol_nroots(pol); i++)
		assert_false(path_under(pol_root(pol, i)->path, "/home/u"));
	pol_free(pol);
}

static void symlinked_workspace(void **state)
{
	struct sbx_policy *pol;

	(void)state;
	/* /work is a symlink to /private/work (macOS /var style). */
	fs.links[0][0] = "/work";
	fs.links[0][1] = "/private/work";
	fs.links[1][0] = "/tmp";
	fs.links[1][1] = "/private/tmp";
	pol = mk(POL_SCOPE_WORKSPACE, NULL, NULL);
	assert_int_equal(find_root(pol, "/private/work/ws"), 0);
	assert_int_equal(find_root(pol, WS), -1);
	assert_true(find_root(pol, "/private/work/ws/.sandbox-cache") > 0);
	assert_true(find_root(pol, "/private/tmp") > 0);
	assert_string_equal(pol_layout(pol)->persist_dir,
			    "/private/work/ws/.sandbox-cache");
	assert_int_equal(pol_access(pol, "/private/work/ws/a.c", NULL),
			 POL_ACCESS_RW);
	pol_free(pol);
}

/* Issue 20: no root inside or above sbxsh's own folders. TMPDIR above
 * $XDG_CONFIG_HOME/sbxsh is dropped with a note (and /tmp is the temp
 * dir); a workspace or --allow-write there is refused. The built-in
 * policy (no sbxsh folders) keeps TMPDIR, so a configuration there still
 * lies in one of its roots. */
static void sbxsh_folders_never_roots(void **state)
{
	static const char *const own[] = {"/var/tmp/t/xdg/sbxsh",
					  "/home/u/.local/state/sbxsh", NULL};
	static char *aw[] = {"/home/u/.local", NULL};
	struct mk_opts o = {.tmpdir = "/var/tmp/t", .sbxsh = own};
	struct sbx_diag d = {0};
	struct sbx_policy *pol;

	(void)state;
	fs.dirs[0] = "/var/tmp/t";
	fs.dirs[1] = "/home/u/.local";
	pol = mk_o(POL_SCOPE_WORKSPACE, NULL, NULL, &o, NULL);
	assert_int_equal(find_root(pol, "/var/tmp/t"), -1);
	assert_true(find_root(pol, "/tmp") >= 0);
	assert_true(has_note(pol, "refused", "TMPDIR=/var/tmp/t"));
	assert_true(has_note(pol, "refused", "sbxsh's own folder"));
	assert_int_equal(pol_root_of(pol, "/var/tmp/t/xdg/sbxsh/config", false),
			 -1);
	pol_free(pol);
	o.sbxsh = NULL; /* the built-in policy */
	o.roots_only = true;
	pol = mk_o(POL_SCOPE_WORKSPACE, NULL, NULL, &o, NULL);
	assert_true(pol_root_of(pol, "/var/tmp/t/xdg/sbxsh/config", false) >=
		    0);
	assert_int_equal(pol_nmasked(pol), 0); /* roots only */
	pol_free(pol);
	o.roots_only = false;
	o.sbxsh = own;
	o.allow = aw;
	o.want = -EPERM;
	assert_null(mk_o(POL_SCOPE_WORKSPACE, NULL, NULL, &o, &d));
	assert_non_null(strstr(d.msg, "holds sbxsh's own folder"));
	o.allow = NULL;
	o.ws = "/var/tmp/t/xdg/sbxsh/ws";
	assert_null(mk_o(POL_SCOPE_WORKSPACE, NULL, NULL, &o, &d));
	assert_non_null(strstr(d.msg, "lies in sbxsh's own folder"));
}

/* Issue 20: a workspace named through a symlink is judged where it
 * leads: refused in a dot-folder of the home, a folder on PATH, a masked
 * folder (also one that holds it, which is otherwise left unmasked) or
 * above one; elsewhere accepted and shown resolved. */
static void linked_workspace(void **state)
{
	static char *pathenv[] = {"PATH=/opt/bin:/usr/bin", NULL};
	static char *mask[] = {"/data/sec", NULL};
	static const struct {
		const char *to, *why;
	} bad[] = {
	    {"/home/u/.local/bin", "dot-folder"},
	    {"/home/u/.ssh", "dot-folder"},
	    {"/opt/bin", "folder on PATH"},
	    {"/data", "holds the masked secret /data/sec"},
	    {"/data/sec/in", "lies in the masked secret /data/sec"},
	};
	struct mk_opts o = {.ws_named = WS, .extra = mask};
	struct sbx_diag d = {0};
	struct sbx_policy *pol;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		fs.links[0][0] = WS;
		fs.links[0][1] = bad[i].to;
		o.want = -EPERM;
		d.msg[0] = '\0';
		o.roots_only = i % 2; /* the masks are resolved all the same */
		assert_null(mk_o(POL_SCOPE_WORKSPACE, pathenv, NULL, &o, &d));
		if (!strstr(d.msg, bad[i].why) || !strstr(d.msg, bad[i].to) ||
		    !strstr(d.msg, "refusing " WS " as the workspace"))
			fail_msg("%s: %s", bad[i].to, d.msg);
	}
	o.roots_only = false;
	/* Named directly, a folder in the masked one is still accepted
	 * (the mask is left out, said so). */
	fs.links[0][0] = NULL;
	o.ws = "/data/sec/in";
	o.ws_named = NULL;
	o.want = 0;
	pol = mk_o(POL_SCOPE_WORKSPACE, pathenv, NULL, &o, NULL);
	assert_true(has_note(pol, "refused", "holds the workspace"));
	pol_free(pol);
	/* A harmless target: accepted, shown resolved. */
	o.ws = NULL;
	o.ws_named = WS;
	fs.links[0][0] = WS;
	fs.links[0][1] = "/srv/proj";
	pol = mk_o(POL_SCOPE_WORKSPACE, pathenv, NULL, &o, NULL);
	assert_int_equal(find_root(pol, "/srv/proj"), 0);
	assert_true(has_note(pol, "workspace", WS " -> /srv/proj"));
	pol_free(pol);
	/* Not through a link: no note. */
	fs.links[0][0] = NULL;
	pol = mk_o(POL_SCOPE_WORKSPACE, pathenv, NULL, &o, NULL);
	assert_false(has_note(pol, "workspace", "->"));
	pol_free(pol);
}

static void access_and_masked(void **state)
{
	struct sbx_policy *pol = mk(POL_SCOPE_WORKSPACE, NULL, NULL);
	int rule;

	(void)state;
	assert_int_equal(pol_access(pol, WS "/src/a.c", &rule), POL_ACCESS_RW);
	assert_string_equal(pol_root(pol, (size_t)rule)->path, WS);
	/* The most specific root decides. */
	assert_int_equal(pol_access(pol, P "/bin/x", &rule), POL_ACCESS_RW);
	assert_int_equal(pol_root(pol, (size_t)rule)->why, POL_WHY_PERSIST);
	assert_int_equal(pol_access(pol, "/etc/passwd", &rule), POL_ACCESS_RO);
	assert_int_equal(rule, -1);
	assert_int_equal(pol_access(pol, "/dev/null", NULL), POL_ACCESS_RW);
	assert_int_equal(pol_access(pol, "/dev/sda", NULL), POL_ACCESS_RO);
	assert_int_equal(pol_access(pol, "/dev/pts/3", NULL), POL_ACCESS_RW);
	assert_int_equal(pol_access(pol, "/devices", NULL), POL_ACCESS_RO);
	assert_int_equal(pol_access(pol, "/work/wsx/a", NULL), POL_ACCESS_RO);
	assert_int_equal(pol_access(pol, "/home/u/.ssh/id_rsa", NULL),
			 POL_ACCESS_MASKED);
	assert_int_equal(pol_access(pol, "/home/u/.netrc", NULL),
			 POL_ACCESS_MASKED);
	assert_int_equal(pol_access(pol, "/home/u/.sshx", NULL), POL_ACCESS_RO);
	assert_int_equal(
	    pol_access(pol, "/home/u/.cache/huggingface/token", NULL),
	    POL_ACCESS_MASKED);
	pol_free(pol);
}

/* The secrets docs/design.md §2 names, written here rather than read from
 * pol_secrets[] or from golden files regenerated from the code: dropping a
 * row of the table fails this test. tests/integration/secrets.sh checks
 * the same list against the kernel. */
static const char *const must_mask[] = {
    ".ssh",
    ".gnupg",
    ".aws",
    ".config/gh",
    ".netrc",
    ".docker/config.json",
    ".kube",
    ".cache/huggingface/token",
    ".git-credentials",
    ".config/gcloud",
    ".azure",
    ".pypirc",
    ".npmrc",
};

static bool listed_masked(const struct sbx_policy *pol, const char *path)
{
	for (size_t i = 0; i < pol_nmasked(pol); i++)
		if (!strcmp(pol_masked(pol, i), path))
			return true;
	return false;
}

static void every_named_secret_is_masked(void **state)
{
	struct sbx_policy *pol = mk(POL_SCOPE_WORKSPACE, NULL, NULL);
	struct sbx_buf b = {0};

	(void)state;
	pol_format_json(pol, &b);
	for (size_t i = 0; i < sizeof(must_mask) / sizeof(*must_mask); i++) {
		SBX_AUTOFREE char *p = xasprintf("/home/u/%s", must_mask[i]);
		SBX_AUTOFREE char *in = xasprintf("%s/inner", p);
		SBX_AUTOFREE char *sib = xasprintf("%sx", p);
		SBX_AUTOFREE char *js = xasprintf("\"%s\"", p);

		if (!listed_masked(pol, p))
			print_error("~/%s is not masked\n", must_mask[i]);
		assert_true(listed_masked(pol, p));
		assert_int_equal(pol_access(pol, p, NULL), POL_ACCESS_MASKED);
		assert_int_equal(pol_access(pol, in, NULL), POL_ACCESS_MASKED);
		/* A sibling whose name only starts the same is not. */
		assert_int_equal(pol_access(pol, sib, NULL), POL_ACCESS_RO);
		/* ... and what tools read (--print-policy --json) says so. */
		assert_non_null(strstr(b.s, js));
	}
	buf_free(&b);
	pol_free(pol);
}

static void read_only_and_unrestricted(void **state)
{
	struct sbx_policy *pol = mk(POL_SCOPE_READONLY, NULL, NULL);

	(void)state;
	assert_int_equal(find_root(pol, WS), -1);
	assert_int_equal(find_root(pol, P), -1);
	assert_int_equal(find_root(pol, "/tmp"), -1);
	assert_true(find_root(pol, RUN) >= 0);
	assert_true(find_root(pol, "/dev/null") >= 0);
	/* No persistent folder: routing falls back to the run folder. */
	assert_int_equal(pol_route(pol)->kind, RT_BASE_RUN);
	assert_int_equal(pol_access(pol, WS "/a", NULL), POL_ACCESS_RO);
	pol_free(pol);

	pol = mk(POL_SCOPE_UNRESTRICTED, NULL, NULL);
	assert_int_equal(pol_nroots(pol), 1);
	assert_string_equal(pol_root(pol, 0)->path, "/");
	assert_int_equal(pol_access(pol, "/etc/hosts", NULL), POL_ACCESS_RW);
	assert_int_equal(pol_route(pol)->kind, RT_BASE_PERSIST);
	assert_int_equal(pol_nmasked(pol), 0);
	pol_free(pol);
}

static void json_shape(void **state)
{
	struct sbx_policy *pol = mk(POL_SCOPE_WORKSPACE, NULL, NULL);
	struct sbx_buf b = {0};

	(void)state;
	pol_add_note(pol, "landlock_abi", "7");
	pol_format_json(pol, &b);
	assert_non_null(strstr(b.s, "\"workflow\": \"ws\""));
	assert_non_null(strstr(b.s, "\"persistent_dir\": \"" P "\""));
	assert_non_null(strstr(b.s, "\"sandbox_writable\": ["));
	assert_non_null(
	    strstr(b.s, "{\"path\": \"" WS "\", \"reason\": \"workspace\""));
	assert_non_null(strstr(b.s, "\"TMPDIR\": \"" RUN "/tmp\""));
	assert_non_null(strstr(b.s, "\"path_prefix\": [\"" P "/bin\""));
	assert_non_null(strstr(b.s, "\"masked\": [\"/home/u/.ssh\""));
	assert_non_null(strstr(b.s, "\"landlock_abi\": \"7\""));
	assert_string_equal(pol_note(pol, "landlock_abi"), "7");
	buf_free(&b);
	pol_free(pol);
}

/* The credential-file table reaches the policy with its reasons: the
 * JSON keeps "masked" a list of paths and adds masked_why alongside;
 * `policy check` and the text show the tool and the reason. */
static void masked_with_reasons(void **state)
{
	char *extra[] = {"~/.config/my-secret", "/home/u/.ssh/id_rsa", NULL};
	struct mk_opts o = {.extra = extra};
	struct sbx_policy *pol =
	    mk_o(POL_SCOPE_WORKSPACE, NULL, NULL, &o, NULL);
	struct sbx_buf b = {0}, t = {0};
	int rule = -1;

	(void)state;
	assert_int_equal(pol_access(pol, "/home/u/.pgpass", &rule),
			 POL_ACCESS_MASKED);
	assert_string_equal(pol_masked(pol, (size_t)rule), "/home/u/.pgpass");
	assert_string_equal(pol_masked_tool(pol, (size_t)rule), "postgres");
	assert_string_equal(pol_masked_why(pol, (size_t)rule),
			    "database passwords");
	assert_int_equal(pol_access(pol, "/home/u/.config/my-secret", &rule),
			 POL_ACCESS_MASKED);
	assert_string_equal(pol_masked_tool(pol, (size_t)rule), "--mask");
	/* beneath a masked folder: nothing added, the folder's reason */
	for (size_t i = 0; i < pol_nmasked(pol); i++)
		assert_string_not_equal(pol_masked(pol, i),
					"/home/u/.ssh/id_rsa");
	assert_int_equal(pol_access(pol, "/home/u/.ssh/id_rsa", &rule),
			 POL_ACCESS_MASKED);
	assert_string_equal(pol_masked_tool(pol, (size_t)rule), "ssh");
	/* settings stay readable */
	assert_int_equal(pol_access(pol, "/home/u/.gitconfig", NULL),
			 POL_ACCESS_RO);
	assert_int_equal(pol_access(pol, "/home/u/.docker/buildx", NULL),
			 POL_ACCESS_RO);
	pol_format_json(pol, &b);
	assert_non_null(strstr(b.s, "\"masked\": [\"/home/u/.ssh\", "));
	assert_non_null(strstr(b.s, "\"masked_why\": [\n    {\"path\": "
				    "\"/home/u/.ssh\", \"tool\": \"ssh\", "
				    "\"why\": "));
	assert_non_null(strstr(b.s, "{\"path\": \"/home/u/.pgpass\", "
				    "\"tool\": \"postgres\", \"why\": "
				    "\"database passwords\", \"from\": "
				    "\"default\"}"));
	pol_format_text(pol, &t);
	assert_non_null(strstr(t.s, "/home/u/.pgpass"));
	assert_non_null(strstr(t.s, "postgres: database passwords"));
	buf_free(&b);
	buf_free(&t);
	pol_free(pol);
}

/* Tools' variables come from the environment before the filter (the
 * filter withholds GOOGLE_APPLICATION_CREDENTIALS itself); a root session
 * says the system's secrets are open; a variable that would mask the
 * workspace is refused with a note, not obeyed. */
static void masks_from_start_env_uid_and_workspace(void **state)
{
	char *start[] = {"GOOGLE_APPLICATION_CREDENTIALS=/keys/sa.json",
			 "GNUPGHOME=" WS, "CODEX_HOME=" WS "/.codex", NULL};
	struct mk_opts o = {.env_start = start, .uid = 1};
	struct sbx_policy *pol;

	(void)state;
	pol = mk_o(POL_SCOPE_WORKSPACE, NULL, NULL, &o, NULL);
	assert_int_equal(pol_access(pol, "/keys/sa.json", NULL),
			 POL_ACCESS_MASKED);
	assert_int_equal(pol_access(pol, "/etc/shadow", NULL), POL_ACCESS_RO);
	assert_true(has_note(pol, "not_enforced", "running as root"));
	assert_int_equal(
	    pol_access(pol, "/run/user/0/containers/auth.json", NULL),
	    POL_ACCESS_MASKED);
	/* the workspace stays the workspace; a file in it can be masked */
	assert_int_equal(pol_access(pol, WS "/src/a.c", NULL), POL_ACCESS_RW);
	assert_true(has_note(pol, "refused", "holds the workspace"));
	assert_int_equal(pol_access(pol, WS "/.codex/auth.json", NULL),
			 POL_ACCESS_MASKED);
	pol_free(pol);
	/* not root: no such note */
	o.uid = 1001;
	pol = mk_o(POL_SCOPE_WORKSPACE, NULL, NULL, &o, NULL);
	assert_false(has_note(pol, "not_enforced", "running as root"));
	assert_int_equal(
	    pol_access(pol, "/run/user/1000/containers/auth.json", NULL),
	    POL_ACCESS_MASKED);
	pol_free(pol);
	/* unrestricted: nothing masked at all */
	pol = mk_o(POL_SCOPE_UNRESTRICTED, NULL, NULL, &o, NULL);
	assert_int_equal(pol_nmasked(pol), 0);
	pol_free(pol);
}

static bool only_ssh(void *ctx, const char *path)
{
	(void)ctx;
	return path_under("/home/u/.ssh", path);
}

/* Which masked paths exist is asked once, through the facts; without the
 * callback every one is taken to exist (the backends look themselves). */
static void masked_presence(void **state)
{
	struct sbx_policy *pol = mk(POL_SCOPE_WORKSPACE, NULL, NULL);
	struct lay_facts lf = {.workspace = WS,
			       .run_id = "20261129T191450Z-1-00000000"};
	struct pol_facts f = {0};
	size_t seen = 0;

	(void)state;
	for (size_t i = 0; i < pol_nmasked(pol); i++)
		assert_true(pol_masked_present(pol, i));
	assert_false(pol_masked_present(pol, pol_nmasked(pol)));
	pol_free(pol);
	lay_free(&lay);
	assert_int_equal(lay_compute(&lf, &lay, NULL), 0);
	f.scope = POL_SCOPE_WORKSPACE;
	f.lay = &lay;
	f.home = "/home/u";
	f.tmpdir = "/tmp";
	f.exists = only_ssh;
	assert_int_equal(pol_new(&f, &pol, NULL), 0);
	for (size_t i = 0; i < pol_nmasked(pol); i++) {
		bool ssh = !strcmp(pol_masked(pol, i), "/home/u/.ssh");

		assert_int_equal(pol_masked_present(pol, i), ssh);
		seen += ssh;
	}
	assert_int_equal(seen, 1);
	pol_free(pol);
}

/* What the filter withheld is copied into the policy: `policy env`, the
 * text and the JSON name it, never a value. */
static void env_report_in_policy(void **state)
{
	char *env[] = {"GITHUB_TOKEN=ghp_topsecret", "EDITOR=vi",
		       "AWS_SECRET_ACCESS_KEY=abc/def", NULL};
	const char *keep[] = {"AWS_*", NULL};
	struct ef_report rep;
	char **kept;
	struct mk_opts o = {0};
	struct sbx_policy *pol;
	struct sbx_buf e = {0}, t = {0}, j = {0};

	(void)state;
	ef_split(env, keep, &kept, NULL, NULL, &rep);
	o.envf = &rep;
	o.env_start = env;
	pol = mk_o(POL_SCOPE_WORKSPACE, kept, NULL, &o, NULL);
	ef_report_free(&rep); /* the policy has its own copy */
	assert_int_equal(pol_env_report(pol)->nwithheld, 1);
	assert_string_equal(pol_env_report(pol)->withheld[0].name,
			    "GITHUB_TOKEN");
	pol_format_env(pol, &e);
	pol_format_text(pol, &t);
	pol_format_json(pol, &j);
	assert_non_null(strstr(e.s, "GITHUB_TOKEN"));
	assert_non_null(strstr(e.s, "(--keep-env): AWS_SECRET_ACCESS_KEY"));
	assert_non_null(strstr(t.s, "GITHUB_TOKEN"));
	assert_non_null(strstr(j.s, "\"env_withheld\": [\n    {\"name\": "
				    "\"GITHUB_TOKEN\""));
	assert_non_null(
	    strstr(j.s, "\"env_passed\": [\"AWS_SECRET_ACCESS_KEY\"]"));
	assert_null(strstr(e.s, "topsecret"));
	assert_null(strstr(t.s, "topsecret"));
	assert_null(strstr(j.s, "topsecret"));
	assert_null(strstr(j.s, "abc/def"));
	buf_free(&e);
	buf_free(&t);
	buf_free(&j);
	free(kept);
	pol_free(pol);
}

static void override_reported_once(void **state)
{
	struct sbx_policy *pol = mk(POL_SCOPE_WORKSPACE, NULL, NULL);
	size_t n = pol_nroots(pol);

	(void)state;
	assert_int_equal(pol_override(pol, "GOCACHE", "/elsewhere"), 1);
	assert_int_equal(pol_override(pol, "GOCACHE", "/elsewhere"), 0);
	assert_int_equal(pol_override(pol, "GOCACHE", "/other"), 1);
	assert_string_equal(rt_value(pol_route(pol), "GOCACHE"), "/other");
	assert_int_equal(pol_override(pol, "NOT_ROUTED", "/x"), -ENOENT);
	/* A session never widens its sandbox. */
	assert_int_equal(pol_nroots(pol), n);
	assert_int_equal(pol_access(pol, "/other/x", NULL), POL_ACCESS_RO);
	pol_free(pol);
}

static int teardown_all(void **state)
{
	(void)state;
	lay_free(&lay);
	return 0;
}

/* A plan as shell/session/gitscan.c would make it for a linked worktree at WS
 * whose common dir is /m/.git, with paths in and outside the roots. */
static struct gm_plan *git_plan(void)
{
	static const struct {
		const char *p;
		unsigned f;
	} e[] = {
	    {WS "/.git", 0}, /* the .git file */
	    {WS "/.git-link", GM_P_LINK},
	    {"/m/.git", GM_P_DIR | GM_P_PIN}, /* parent /m: read-only */
	    {"/m/.git/commondir", GM_P_ABSENT},
	    {"/m/.git/config", 0},
	    {"/m/.git/hooks", GM_P_DIR},
	    {"/m/.git/worktrees/w", GM_P_DIR | GM_P_PIN},
	    {"/etc/gitconfig", 0},	/* read-only anyway */
	    {"/home/u/.ssh/config", 0}, /* masked */
	};
	struct gm_plan *g = gm_plan_new(WS, "/home/u");

	g->paths = xcalloc(16, sizeof(*g->paths));
	g->cpaths = 16;
	for (size_t i = 0; i < sizeof(e) / sizeof(*e); i++)
		g->paths[g->npaths++] = (struct gm_path){
		    xstrdup(e[i].p), GM_WHY_CONFIG, e[i].f, -1, NULL};
	g->roots = xcalloc(4, sizeof(*g->roots));
	g->croots = 4;
	g->roots[g->nroots++] =
	    (struct gm_root){xstrdup("/m/.git/worktrees/w"), false};
	g->roots[g->nroots++] =
	    (struct gm_root){xstrdup("/m/.git/objects"), false};
	g->roots[g->nroots++] = (struct gm_root){xstrdup("/m/.git"), true};
	g->roots[g->nroots++] = (struct gm_root){xstrdup("/etc"), true};
	strv_push(&g->notes, "a note from the scan");
	return g;
}

static struct sbx_policy *mk_git(enum pol_scope scope, struct gm_plan *g)
{
	struct lay_facts lf = {.workspace = WS,
			       .run_id = "20261129T191450Z-1-00000000"};
	struct pol_facts f = {0};
	struct sbx_policy *pol = NULL;
	char *env[] = {NULL};

	lay_free(&lay);
	assert_int_equal(lay_compute(&lf, &lay, NULL), 0);
	f.scope = scope;
	f.network = true;
	f.persist = f.state_writable = true;
	f.lay = &lay;
	f.home = "/home/u";
	f.tmpdir = "/tmp";
	f.env = env;
	f.canon = fake_canon;
	f.is_dir = fake_is_dir;
	f.ctx = &fs;
	f.git = g;
	assert_int_equal(pol_new(&f, &pol, NULL), 0);
	return pol;
}

static bool protects(const struct sbx_policy *pol, const char *path)
{
	for (size_t i = 0; i < pol_nprotected(pol); i++)
		if (!strcmp(pol_protected(pol, i)->path, path))
			return true;
	return false;
}

static void git_roots_and_protected(void **state)
{
	struct gm_plan *g = git_plan();
	struct sbx_policy *pol = mk_git(POL_SCOPE_WORKSPACE, g);
	struct sbx_buf b = {0};
	int i, rule;

	(void)state;
	/* The common dir's parts are roots, reason git-common-dir; the
	 * common dir itself guarded; a root the guard refuses is not. */
	i = find_root(pol, "/m/.git/objects");
	assert_true(i >= 0);
	assert_int_equal(pol_root(pol, (size_t)i)->why, POL_WHY_GIT_COMMON);
	assert_false(pol_root(pol, (size_t)i)->guarded);
	i = find_root(pol, "/m/.git");
	assert_true(i >= 0);
	assert_true(pol_root(pol, (size_t)i)->guarded);
	assert_int_equal(find_root(pol, "/etc"), -1);
	/* Kept: what lies in a root (or, absent/pinned/a link, whose folder
	 * does). Dropped: a pin whose folder is read-only, what is outside
	 * every root, what is masked. */
	assert_true(protects(pol, WS "/.git"));
	assert_true(protects(pol, WS "/.git-link"));
	assert_true(protects(pol, "/m/.git/commondir"));
	assert_true(protects(pol, "/m/.git/config"));
	assert_true(protects(pol, "/m/.git/hooks"));
	assert_true(protects(pol, "/m/.git/worktrees/w"));
	assert_false(protects(pol, "/m/.git"));
	assert_false(protects(pol, "/etc/gitconfig"));
	assert_false(protects(pol, "/home/u/.ssh/config"));
	/* Access: protected over the writable root that holds it. */
	assert_int_equal(pol_access(pol, "/m/.git/hooks/pre-commit", &rule),
			 POL_ACCESS_PROTECTED);
	assert_string_equal(pol_protected(pol, (size_t)rule)->path,
			    "/m/.git/hooks");
	assert_int_equal(pol_access(pol, "/m/.git/packed-refs", NULL),
			 POL_ACCESS_RW);
	assert_int_equal(pol_access(pol, "/m/.git/objects/ab", NULL),
			 POL_ACCESS_RW);
	assert_int_equal(pol_access(pol, "/home/u/.ssh/config", NULL),
			 POL_ACCESS_MASKED);
	assert_true(has_note(pol, "git", "a note from the scan"));
	/* Shown and carried in JSON, with how they are held. */
	assert_int_equal(pol_guard(pol), POL_GUARD_CHECKER);
	pol_set_guard(pol, POL_GUARD_MOUNT);
	pol_format_json(pol, &b);
	assert_non_null(strstr(b.s, "\"git_metadata\": \"read-only\""));
	assert_non_null(strstr(b.s, "\"reason\": \"git-common-dir\""));
	assert_non_null(strstr(b.s, "{\"path\": \"/m/.git/commondir\", "
				    "\"reason\": \"git-config\""));
	assert_non_null(strstr(b.s, "\"state\": \"absent\""));
	buf_free(&b);
	pol_format_text(pol, &b);
	assert_non_null(strstr(b.s, "git metadata: read-only, held by the "
				    "mount layer"));
	buf_free(&b);
	/* Dropped by the backend when the mount layer is not there. */
	pol_drop_root(pol, "/m/.git", "no mount layer");
	assert_int_equal(find_root(pol, "/m/.git"), -1);
	assert_true(find_root(pol, "/m/.git/objects") >= 0);
	pol_free(pol);

	/* Read-only scope: no git roots, nothing writable to protect. */
	pol = mk_git(POL_SCOPE_READONLY, g);
	assert_int_equal(find_root(pol, "/m/.git/objects"), -1);
	assert_int_equal(pol_nprotected(pol), 0);
	pol_free(pol);
	gm_plan_free(g);
}

/* --allow-write: a writable root with the reason user and its origin;
 * its sibling stays read-only; relative to where sbxsh started, ~
 * expanded; read-only scope lists it in a note, not as a root. */
static void allow_write_roots(void **state)
{
	char *allow[] = {"/data", "~/proj2", "shared", NULL};
	const char *from[] = {"flag", "config /c/config:3", "flag", NULL};
	struct mk_opts o = {.allow = allow, .allow_from = from};
	struct sbx_policy *pol;
	struct sbx_buf b = {0}, t = {0};
	int i;

	(void)state;
	fs.dirs[0] = "/data";
	fs.dirs[1] = "/home/u/proj2";
	fs.dirs[2] = "/work/shared";
	fs.links[0][0] = "/data";
	fs.links[0][1] = "/srv/data";
	fs.dirs[3] = "/srv/data";
	pol = mk_o(POL_SCOPE_WORKSPACE, NULL, NULL, &o, NULL);
	i = find_root(pol, "/srv/data");
	assert_true(i > 0);
	assert_int_equal(pol_root(pol, (size_t)i)->why, POL_WHY_USER);
	assert_string_equal(pol_root(pol, (size_t)i)->from, "flag");
	i = find_root(pol, "/home/u/proj2");
	assert_true(i > 0);
	assert_string_equal(pol_root(pol, (size_t)i)->from,
			    "config /c/config:3");
	assert_true(find_root(pol, "/work/shared") > 0);
	assert_null(pol_root(pol, 0)->from); /* the workspace: default */
	assert_int_equal(pol_access(pol, "/srv/data/x", NULL), POL_ACCESS_RW);
	assert_int_equal(pol_access(pol, "/srv/datax", NULL), POL_ACCESS_RO);
	assert_int_equal(pol_access(pol, "/home/u/proj3", NULL), POL_ACCESS_RO);
	assert_int_equal(pol_root_of(pol, "/home/u/proj2/a", false), i);
	pol_format_json(pol, &b);
	assert_non_null(strstr(b.s, "{\"path\": \"/home/u/proj2\", "
				    "\"reason\": \"user\", \"why\": \"you "
				    "asked for it (allow-write)\", \"from\": "
				    "\"config /c/config:3\"}"));
	assert_non_null(strstr(b.s, "{\"path\": \"" WS "\", \"reason\": "
				    "\"workspace\", \"why\": \"the "
				    "workflow's own files\", \"from\": "
				    "\"default\"}"));
	pol_format_text(pol, &t);
	assert_non_null(strstr(t.s, "user: you asked for it (allow-write) "
				    "[config /c/config:3]"));
	pol_free(pol);
	buf_free(&b);
	buf_free(&t);

	pol = mk_o(POL_SCOPE_READONLY, NULL, NULL, &o, NULL);
	assert_int_equal(find_root(pol, "/srv/data"), -1);
	assert_true(has_note(pol, "allow-write",
			     "/srv/data: not writable in scope read-only"));
	pol_free(pol);
	pol = mk_o(POL_SCOPE_UNRESTRICTED, NULL, NULL, &o, NULL);
	assert_true(
	    has_note(pol, "allow-write",
		     "/srv/data: writable anyway in scope unrestricted"));
	assert_int_equal(pol_root_of(pol, "/srv/data/x", false), -1);
	assert_int_equal(pol_root_of(pol, "/srv/data/x", true), 0);
	pol_free(pol);
}

static bool only_dirs_exist(void *ctx, const char *path)
{
	return fake_is_dir(ctx, path) || !strcmp(path, "/work/file");
}

/* Every refusal, whatever the scope, with the line that asked. */
static void allow_write_refused(void **state)
{
	static const struct {
		const char *path, *from, *want;
	} cases[] = {
	    {"/", "flag",
	     "--allow-write /: refusing it: it is the whole "
	     "system"},
	    {"~", "flag",
	     "--allow-write ~: refusing it as /home/u: it is "
	     "your home folder"},
	    {"/home/u/", "flag", "refusing it as /home/u: it is your home"},
	    {"/home", "config /c:7",
	     "config /c:7: allow-write /home: "
	     "refusing it: it is above your home"},
	    {"/etc/x", "flag", "it lies in the system tree /etc"},
	    {"/usr/local/share", "flag", "system tree /usr"},
	    {"~/.ssh", "flag", "it is the masked secret /home/u/.ssh (ssh)"},
	    {"~/.ssh/keys", "flag",
	     "it lies in the masked secret "
	     "/home/u/.ssh"},
	    {"~/.config", "flag",
	     "it holds the masked secret "
	     "/home/u/.config/"},
	    {"~/stuff/priv", "flag",
	     "it is the masked secret "
	     "/home/u/stuff/priv (--mask)"},
	    {"/nonexistent", "flag",
	     "it does not exist (create it first: "
	     "mkdir -p '/nonexistent')"},
	    {"file", "flag",
	     "--allow-write file: refusing it as "
	     "/work/file: it is not a folder"},
	};
	static const enum pol_scope scopes[] = {
	    POL_SCOPE_WORKSPACE,
	    POL_SCOPE_READONLY,
	};
	char *extra[] = {"~/stuff/priv", NULL};

	(void)state;
	fs.dirs[0] = "/";
	fs.dirs[1] = "/home/u";
	fs.dirs[2] = "/home";
	fs.dirs[3] = "/etc/x";
	fs.dirs[4] = "/usr/local/share";
	fs.dirs[5] = "/home/u/.ssh";
	fs.dirs[6] = "/home/u/.ssh/keys";
	fs.dirs[7] = "/home/u/.config";
	fs.dirs[8] = "/home/u/stuff/priv";
	for (size_t s = 0; s < sizeof(scopes) / sizeof(*scopes); s++) {
		for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
			char *allow[] = {(char *)cases[i].path, NULL};
			const char *from[] = {cases[i].from, NULL};
			struct mk_opts o = {.allow = allow,
					    .allow_from = from,
					    .want = -EPERM,
					    .extra = extra,
					    .exists = only_dirs_exist};
			struct sbx_diag d = {0};

			assert_null(mk_o(scopes[s], NULL, NULL, &o, &d));
			if (!strstr(d.msg, cases[i].want))
				fail_msg("%s: got '%s'", cases[i].path, d.msg);
		}
	}
	/* The control: with the same facts a folder of the user's next to
	 * them is taken (so each refusal above is the rule's doing). */
	{
		char *allow[] = {"~/stuff/pub", "/usr2", NULL};
		struct mk_opts o = {
		    .allow = allow, .extra = extra, .exists = only_dirs_exist};
		struct sbx_policy *pol;

		fs.dirs[9] = "/home/u/stuff/pub";
		fs.dirs[10] = "/usr2";
		pol = mk_o(POL_SCOPE_WORKSPACE, NULL, NULL, &o, NULL);
		assert_true(find_root(pol, "/home/u/stuff/pub") > 0);
		assert_true(find_root(pol, "/usr2") > 0);
		pol_free(pol);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup(workspace_scope_roots, setup),
	    cmocka_unit_test_setup(toolchain_dirs_when_existing, setup),
	    cmocka_unit_test_setup(user_export_resolves_caches, setup),
	    cmocka_unit_test_setup(never_home, setup),
	    cmocka_unit_test_setup(env_roots_refused, setup),
	    cmocka_unit_test_setup(tmpdir_root_without_home, setup),
	    cmocka_unit_test_setup(workspace_refused, setup),
	    cmocka_unit_test_setup(routed_symlink_refused, setup),
	    cmocka_unit_test_setup(persist_dir_symlink_refused, setup),
	    cmocka_unit_test_setup(create_only_owned, setup),
	    cmocka_unit_test_setup(symlinked_workspace, setup),
	    cmocka_unit_test_setup(sbxsh_folders_never_roots, setup),
	    cmocka_unit_test_setup(linked_workspace, setup),
	    cmocka_unit_test_setup(access_and_masked, setup),
	    cmocka_unit_test_setup(every_named_secret_is_masked, setup),
	    cmocka_unit_test_setup(read_only_and_unrestricted, setup),
	    cmocka_unit_test_setup(json_shape, setup),
	    cmocka_unit_test_setup(masked_with_reasons, setup),
	    cmocka_unit_test_setup(masks_from_start_env_uid_and_workspace,
				   setup),
	    cmocka_unit_test_setup(env_report_in_policy, setup),
	    cmocka_unit_test_setup(masked_presence, setup),
	    cmocka_unit_test_setup(override_reported_once, setup),
	    cmocka_unit_test_setup(git_roots_and_protected, setup),
	    cmocka_unit_test_setup(allow_write_roots, setup),
	    cmocka_unit_test_setup(allow_write_refused, setup),
	};

	return cmocka_run_group_tests(tests, NULL, teardown_all);
}
