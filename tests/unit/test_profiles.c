/* tests/unit/test_profiles.c — the Seatbelt (SBPL) and bubblewrap
 * renderings of a policy: golden files plus the properties that make them
 * correct (rule order, both /var spellings, quoting).
 *
 * Golden files live in tests/golden/profiles-<case>.{sb,bwrap}. After an
 * intended change, regenerate them with
 *   SBXSH_UPDATE_GOLDEN=1 ./test_profiles
 * and review the diff.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fakefs.h"
#include "layout.h"
#include "policy.h"
#include "profiles.h"
#include "be_base.h"

#define RUN_ID "20261129T190000Z-42-0000abcd"

/* A Linux host: $HOME in /home/u, the workflow under /w. */
static struct fakefs linux_fs = {
    .dirs = {"/home/u/.npm", "/home/u/.cargo/registry",
	     "/w/Workflow/demo/.sandbox-cache/go-build"},
};

/* A macOS host: /var and /tmp are symlinks into /private. */
static struct fakefs mac_fs = {
    .dirs = {"/Users/u/.npm"},
    .links = {{"/var", "/private/var"},
	      {"/tmp", "/private/tmp"},
	      {"/etc", "/private/etc"}},
};

/* Which masked secrets exist, for the bwrap rendering. */
static enum prof_kind fake_kind(void *ctx, const char *path)
{
	static const char *const dirs[] = {"/home/u/.ssh", "/home/u/.aws",
					   "/home/u/.kube"};
	static const char *const files[] = {"/home/u/.netrc",
					    "/home/u/.docker/config.json"};

	(void)ctx;
	for (size_t i = 0; i < sizeof(dirs) / sizeof(*dirs); i++)
		if (strcmp(path, dirs[i]) == 0)
			return PROF_DIR;
	for (size_t i = 0; i < sizeof(files) / sizeof(*files); i++)
		if (strcmp(path, files[i]) == 0)
			return PROF_FILE;
	return PROF_ABSENT;
}

static const struct prof_disk fake_disk = {.kind = fake_kind};

struct pcase {
	const char *name; /* golden file stem */
	enum pol_scope scope;
	bool network;
	bool persist;
	bool mac;
};

static struct sbx_policy *make_policy(const struct pcase *c)
{
	static char *const extra[] = {"~/.config/my-secret", NULL};
	struct lay_facts lf = {
	    .workspace = c->mac ? "/Users/u/Workflow/demo" : "/w/Workflow/demo",
	    .run_id = RUN_ID,
	};
	struct lay_layout lay;
	struct pol_facts f = {
	    .scope = c->scope,
	    .network = c->network,
	    .persist = c->persist,
	    .state_writable = true,
	    .lay = &lay,
	    .home = c->mac ? "/Users/u" : "/home/u",
	    .tmpdir = c->mac ? "/var/folders/xy/T" : "/tmp",
	    .extra_masked = extra,
	    .tty = c->mac ? "/dev/ttys003" : "/dev/pts/3",
	    .canon = fake_canon,
	    .is_dir = fake_is_dir,
	    .ctx = c->mac ? &mac_fs : &linux_fs,
	};
	char *env[] = {NULL};
	struct sbx_policy *pol = NULL;

	f.env = env;
	assert_int_equal(lay_compute(&lf, &lay, NULL), 0);
	assert_int_equal(pol_new(&f, &pol, NULL), 0);
	lay_free(&lay);
	return pol;
}

static char *golden_path(const char *name, const char *ext)
{
	/* __FILE__ is absolute in CMake builds: tests/unit/test_profiles.c */
	SBX_AUTOFREE char *dir = xstrdup(__FILE__);
	char *slash = strrchr(dir, '/');

	*(slash ? slash : dir) = '\0';
	return xasprintf("%s/../golden/profiles-%s.%s", dir, name, ext);
}

static char *slurp(const char *path)
{
	FILE *fp = fopen(path, "r");
	struct sbx_buf b = {0};
	char chunk[4096];
	size_t n;

	if (!fp)
		return NULL;
	while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0)
		buf_putn(&b, chunk, n);
	fclose(fp);
	if (!b.s)
		buf_puts(&b, "");
	return b.s;
}

static void check_golden(const char *name, const char *ext, const char *got)
{
	SBX_AUTOFREE char *path = golden_path(name, ext);
	SBX_AUTOFREE char *want = NULL;

	if (getenv("SBXSH_UPDATE_GOLDEN")) {
		FILE *fp = fopen(path, "w");

		assert_non_null(fp);
		fputs(got, fp);
		fclose(fp);
		return;
	}
	want = slurp(path);
	if (!want)
		fail_msg("missing golden file %s", path);
	if (strcmp(want, got) != 0) {
		print_error("--- %s (want)\n%s\n--- got\n%s\n", path, want,
			    got);
		fail_msg("%s differs; SBXSH_UPDATE_GOLDEN=1 regenerates", path);
	}
}

/* What `sbxsh --print-profile bwrap` prints for |pol|: the script, one
 * option per line (readable diffs). */
static char *bw_lines(const struct sbx_policy *pol, const struct sbx_strv *argv)
{
	struct sbx_buf b = {0};

	bw_script(pol, argv, &b);
	return b.s;
}

/* clang-format off */
static const struct pcase cases[] = {
	{ "workspace",    POL_SCOPE_WORKSPACE,    true,  true,  false },
	{ "no-network",   POL_SCOPE_WORKSPACE,    false, true,  false },
	{ "no-persist",   POL_SCOPE_WORKSPACE,    true,  false, false },
	{ "read-only",    POL_SCOPE_READONLY,     true,  true,  false },
	{ "unrestricted", POL_SCOPE_UNRESTRICTED, false, true,  false },
	{ "macos",        POL_SCOPE_WORKSPACE,    false, true,  true },
};
/* clang-format on */

static void golden_all(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		struct sbx_policy *pol = make_policy(&cases[i]);
		struct sbx_buf sb = {0};
		struct sbx_strv argv = {0};
		SBX_AUTOFREE char *lines = NULL;

		sb_profile(pol, &sb);
		check_golden(cases[i].name, "sb", sb.s);
		bw_args_disk(pol, &fake_disk, &argv);
		lines = bw_lines(pol, &argv);
		check_golden(cases[i].name, "bwrap", lines);
		buf_free(&sb);
		strv_free(&argv);
		pol_free(pol);
	}
}

/*
 * A small SBPL reader: every top-level form is (version ...), (allow ...)
 * or (deny ...), parentheses balance outside strings and comments, and
 * strings and regex literals close. Enough to catch a generator bug that
 * would make sandbox_init() refuse the profile on macOS, where this test
 * cannot run it.
 */
static void assert_sbpl_well_formed(const char *p)
{
	int depth = 0;

	while (*p) {
		if (*p == ';') {
			p += strcspn(p, "\n");
		} else if (*p == '"' || (p[0] == '#' && p[1] == '"')) {
			p += *p == '#' ? 2 : 1;
			while (*p && *p != '"')
				p += *p == '\\' && p[1] ? 2 : 1;
			assert_int_equal(*p, '"');
			p++;
		} else if (*p == '(') {
			if (depth == 0)
				assert_true(strncmp(p, "(version ", 9) == 0 ||
					    strncmp(p, "(allow ", 7) == 0 ||
					    strncmp(p, "(deny ", 6) == 0);
			depth++;
			p++;
		} else if (*p == ')') {
			assert_true(--depth >= 0);
			p++;
		} else {
			if (depth == 0)
				assert_true(*p == ' ' || *p == '\n');
			p++;
		}
	}
	assert_int_equal(depth, 0);
}

static void sb_well_formed(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		struct sbx_policy *pol = make_policy(&cases[i]);
		struct sbx_buf b = {0};

		sb_profile(pol, &b);
		assert_sbpl_well_formed(b.s);
		buf_free(&b);
		pol_free(pol);
	}
}

static ptrdiff_t at(const char *hay, const char *needle)
{
	const char *p = strstr(hay, needle);

	return p ? p - hay : -1;
}

/* SBPL: the last matching rule wins, so the order is the policy. */
static void sb_rule_order(void **state)
{
	struct sbx_policy *pol = make_policy(&cases[1]); /* no-network */
	struct sbx_buf b = {0};
	ptrdiff_t deny, allow_ws, secret;

	(void)state;
	sb_profile(pol, &b);
	assert_int_equal(at(b.s, "(version 1)\n"), 0);
	assert_true(at(b.s, "(allow default)") > 0);
	deny = at(b.s, "(deny file-write*)");
	allow_ws = at(b.s, "(allow file-write* "
			   "(subpath \"/w/Workflow/demo\"))");
	secret = at(b.s, "(deny file-read* file-write* (subpath "
			 "\"/home/u/.ssh\"))");
	assert_true(deny > 0);
	assert_true(allow_ws > deny);
	assert_true(secret > allow_ws);
	/* Every writable root is there, devices as literals. */
	for (size_t i = 0; i < pol_nroots(pol); i++) {
		const struct pol_root *r = pol_root(pol, i);
		SBX_AUTOFREE char *rule = xasprintf(
		    "(allow file-write* (%s \"%s\")",
		    r->device && strcmp(r->path, "/dev/pts") ? "literal"
							     : "subpath",
		    r->path);

		assert_true(at(b.s, rule) > deny);
	}
	/* The user's own secret too. */
	assert_true(at(b.s, "(subpath \"/home/u/.config/my-secret\")") > 0);
	/* No-network: network denied, unix sockets allowed after it. */
	assert_true(at(b.s, "(allow network* (remote unix-socket))") >
		    at(b.s, "(deny network*)"));
	buf_free(&b);
	pol_free(pol);

	pol = make_policy(&cases[0]); /* network allowed */
	sb_profile(pol, &b);
	assert_int_equal(at(b.s, "network*"), -1);
	buf_free(&b);
	pol_free(pol);
}

/* macOS: a root under /private/var is also granted as /var, and back. */
static void sb_both_spellings(void **state)
{
	struct sbx_policy *pol = make_policy(&cases[5]);
	struct sbx_buf b = {0};

	(void)state;
	sb_profile(pol, &b);
	assert_true(at(b.s, "(allow file-write* (subpath "
			    "\"/private/var/folders/xy/T\") (subpath "
			    "\"/var/folders/xy/T\"))") > 0);
	/* The workspace is not under an alias: one spelling. */
	assert_true(at(b.s, "(allow file-write* (subpath "
			    "\"/Users/u/Workflow/demo\"))") > 0);
	assert_true(at(b.s, "(literal \"/dev/ttys003\")") > 0);
	assert_true(at(b.s, "(regex #\"^/dev/ttys[0-9]+$\")") > 0);
	buf_free(&b);
	pol_free(pol);
}

/* A path cannot close the SBPL string and add a rule of its own. */
static void sb_escapes_paths(void **state)
{
	static char *const evil[] = {"/x\")) (allow file-write* (subpath \"/\n",
				     NULL};
	struct pcase c = cases[0];
	struct sbx_policy *pol;
	struct sbx_buf b = {0};
	struct lay_facts lf = {.workspace = "/w/a\"b\\c", .run_id = RUN_ID};
	struct lay_layout lay;
	char *env[] = {NULL};
	struct pol_facts f = {
	    .scope = c.scope,
	    .network = true,
	    .persist = true,
	    .state_writable = true,
	    .lay = &lay,
	    .home = "/home/u",
	    .tmpdir = "/tmp",
	    .env = env,
	    .extra_masked = evil,
	};

	(void)state;
	assert_int_equal(lay_compute(&lf, &lay, NULL), 0);
	assert_int_equal(pol_new(&f, &pol, NULL), 0);
	sb_profile(pol, &b);
	assert_true(at(b.s, "(subpath \"/w/a\\\"b\\\\c\")") > 0);
	assert_true(at(b.s, "(subpath \"/x\\\")) (allow file-write* "
			    "(subpath \\\"/\\n\")") > 0);
	/* The only blanket rules are the ones we wrote. */
	assert_int_equal(at(b.s, "(subpath \"/\")"), -1);
	/* Comments stay on one line. */
	assert_int_equal(at(b.s, "\n\"b"), -1);
	assert_sbpl_well_formed(b.s);
	buf_free(&b);
	pol_free(pol);
	lay_free(&lay);
}

static ptrdiff_t argi(const struct sbx_strv *argv, const char *a, const char *b)
{
	for (size_t i = 0; i + 1 < argv->n; i++)
		if (strcmp(argv->v[i], a) == 0 &&
		    (!b || strcmp(argv->v[i + 1], b) == 0))
			return (ptrdiff_t)i;
	return -1;
}

static void bw_order(void **state)
{
	struct sbx_policy *pol = make_policy(&cases[1]); /* no-network */
	struct sbx_strv argv = {0};
	ptrdiff_t ro, ws, last_bind = -1, first_mask = -1;

	(void)state;
	bw_args_disk(pol, &fake_disk, &argv);
	assert_string_equal(argv.v[0], "bwrap");
	ro = argi(&argv, "--ro-bind", "/");
	assert_int_equal(ro, 1);
	ws = argi(&argv, "--bind", "/w/Workflow/demo");
	assert_true(ws > ro);
	for (size_t i = 0; i < argv.n; i++) {
		bool mask = strcmp(argv.v[i], "--tmpfs") == 0 ||
			    (strcmp(argv.v[i], "--ro-bind") == 0 &&
			     strcmp(argv.v[i + 1], "/dev/null") == 0);

		if (strcmp(argv.v[i], "--bind") == 0) {
			/* --bind DIR DIR: source and destination agree. */
			assert_string_equal(argv.v[i + 1], argv.v[i + 2]);
			last_bind = (ptrdiff_t)i;
		}
		if (first_mask < 0 && mask)
			first_mask = (ptrdiff_t)i;
	}
	/* The workspace is the last bind; masks come after every bind. */
	assert_int_equal(last_bind, ws);
	assert_true(first_mask > ws);
	/* Each writable folder root is bound, devices are not bound as
	 * folders. */
	for (size_t i = 0; i < pol_nroots(pol); i++) {
		const struct pol_root *r = pol_root(pol, i);

		assert_true((argi(&argv, "--bind", r->path) >= 0) ==
			    !r->device);
	}
	/* Folder secret: empty tmpfs; file secret: nodev /dev/null; absent:
	 * nothing (bwrap could not create the mount point). */
	assert_true(argi(&argv, "--tmpfs", "/home/u/.ssh") > 0);
	assert_true(argi(&argv, "--remount-ro", "/home/u/.ssh") > 0);
	assert_true(argi(&argv, "/dev/null", "/home/u/.netrc") > 0);
	assert_int_equal(argi(&argv, "--tmpfs", "/home/u/.gnupg"), -1);
	assert_true(argi(&argv, "--unshare-net", NULL) > 0);
	assert_true(strv_has(&argv, "--die-with-parent"));
	/* setsid() would break job control. */
	assert_false(strv_has(&argv, "--new-session"));
	strv_free(&argv);
	pol_free(pol);

	pol = make_policy(&cases[0]);
	bw_args_disk(pol, &fake_disk, &argv);
	assert_false(strv_has(&argv, "--unshare-net"));
	strv_free(&argv);
	pol_free(pol);
}

static void bw_quoting(void **state)
{
	struct sbx_strv argv = {0};
	struct sbx_buf b = {0};

	(void)state;
	strv_push(&argv, "bwrap");
	strv_push(&argv, "/plain/path-1.2_x");
	strv_push(&argv, "/with space");
	strv_push(&argv, "it's");
	strv_push(&argv, "$HOME`x`");
	strv_push(&argv, "");
	strv_push(&argv, "a\nb");
	bw_format(&argv, &b);
	assert_string_equal(b.s, "bwrap /plain/path-1.2_x '/with space' "
				 "'it'\\''s' '$HOME`x`' '' 'a\nb'");
	buf_free(&b);
	strv_free(&argv);
}

/* The real disk facts: what bwrap can mask, and how. */
static void host_disk_kinds(void **state)
{
	char dir[] = "/tmp/test_profiles.XXXXXX";
	SBX_AUTOFREE char *file = NULL;
	SBX_AUTOFREE char *none = NULL;
	FILE *fp;

	(void)state;
	assert_non_null(mkdtemp(dir));
	file = xasprintf("%s/f", dir);
	none = xasprintf("%s/missing", dir);
	fp = fopen(file, "w");
	assert_non_null(fp);
	fclose(fp);
	assert_int_equal(prof_host_disk.kind(NULL, dir), PROF_DIR);
	assert_int_equal(prof_host_disk.kind(NULL, file), PROF_FILE);
	assert_int_equal(prof_host_disk.kind(NULL, none), PROF_ABSENT);
	assert_int_equal(prof_host_disk.kind(NULL, "/dev/null"), PROF_FILE);
	remove(file);
	remove(dir);
}

/* The stub fails closed where there is no Seatbelt: every step refuses
 * with ENOSYS and says so, so be_confine() can never report success. */
static void sb_backend_fails_closed(void **state)
{
	struct sbx_policy *pol = make_policy(&cases[0]);
	struct be_caps caps = {0};
	struct be_plan plan = {.scope = POL_SCOPE_WORKSPACE, .caps = &caps};
	struct be_notes notes = {0};
	struct be_ctx *ctx = (struct be_ctx *)&plan;
	struct sbx_diag d = {0};

	(void)state;
	if (sb_available()) {
		pol_free(pol);
		skip();
	}
	assert_string_equal(be_seatbelt.name, "seatbelt");
	assert_int_equal(be_seatbelt.probe(&caps, &d), -ENOSYS);
	assert_false(caps.seatbelt);
	assert_non_null(strstr(d.msg, "seatbelt: probe"));
	assert_non_null(strstr(d.msg, "ENOSYS"));
	assert_int_equal(be_seatbelt.prepare(&plan, &notes, &ctx, &d), -ENOSYS);
	assert_null(ctx);
	assert_int_equal(be_seatbelt.apply(NULL, &d), -ENOSYS);
	be_seatbelt.release(NULL);
	pol_free(pol);
}

/* A policy whose workspace is a repository (docs/design.md §2b). */
static struct sbx_policy *make_git_policy(enum pol_scope scope)
{
	static const struct {
		const char *p;
		unsigned f;
	} e[] = {
	    {"/w/Workflow/demo/.git", GM_P_DIR | GM_P_PIN},
	    {"/w/Workflow/demo/.git/commondir", GM_P_ABSENT},
	    {"/w/Workflow/demo/.git/config", 0},
	    {"/w/Workflow/demo/.git/hooks", GM_P_DIR | GM_P_MKDIR},
	    {"/w/Workflow/demo/.envrc", GM_P_LINK},
	};
	struct gm_plan *g = gm_plan_new("/w/Workflow/demo", "/home/u");
	struct lay_facts lf = {.workspace = "/w/Workflow/demo",
			       .run_id = RUN_ID};
	struct lay_layout lay;
	struct pol_facts f = {
	    .scope = scope,
	    .network = true,
	    .persist = true,
	    .state_writable = true,
	    .lay = &lay,
	    .home = "/home/u",
	    .tmpdir = "/tmp",
	    .canon = fake_canon,
	    .is_dir = fake_is_dir,
	    .ctx = &linux_fs,
	    .git = g,
	};
	char *env[] = {NULL};
	struct sbx_policy *pol = NULL;

	g->paths = xcalloc(8, sizeof(*g->paths));
	for (size_t i = 0; i < sizeof(e) / sizeof(*e); i++)
		g->paths[g->npaths++] =
		    (struct gm_path){.path = xstrdup(e[i].p),
				     .why = GM_WHY_CONFIG,
				     .flags = e[i].f,
				     .repo = -1};
	g->cpaths = 8;
	f.env = env;
	assert_int_equal(lay_compute(&lf, &lay, NULL), 0);
	assert_int_equal(pol_new(&f, &pol, NULL), 0);
	lay_free(&lay);
	gm_plan_free(g);
	return pol;
}

/* Protected paths: bound after the workspace that holds them, before
 * the masks; pins writable; a missing hooks/ made first; what a bind
 * cannot hold (absent, symlink) left out. SBPL: denied after the allows,
 * the absent ones included (subpath/literal need nothing on disk). */
static void protected_rendered(void **state)
{
	struct sbx_policy *pol = make_git_policy(POL_SCOPE_WORKSPACE);
	struct sbx_strv argv = {0};
	struct sbx_buf b = {0};
	ptrdiff_t ws, pin, dir, hooks, cfg, mask;

	(void)state;
	assert_int_equal(pol_nprotected(pol), 5);
	bw_args_disk(pol, &fake_disk, &argv);
	ws = argi(&argv, "--bind", "/w/Workflow/demo");
	pin = argi(&argv, "--bind", "/w/Workflow/demo/.git");
	dir = argi(&argv, "--dir", "/w/Workflow/demo/.git/hooks");
	hooks = argi(&argv, "--ro-bind", "/w/Workflow/demo/.git/hooks");
	cfg = argi(&argv, "--ro-bind", "/w/Workflow/demo/.git/config");
	mask = argi(&argv, "--tmpfs", "/home/u/.ssh");
	assert_true(ws > 0 && pin > ws && dir > pin && hooks > dir);
	assert_true(cfg > pin && mask > hooks && mask > cfg);
	assert_string_equal(argv.v[cfg + 2], "/w/Workflow/demo/.git/config");
	assert_int_equal(
	    argi(&argv, "--ro-bind", "/w/Workflow/demo/.git/commondir"), -1);
	assert_int_equal(argi(&argv, "--ro-bind", "/w/Workflow/demo/.envrc"),
			 -1);
	strv_free(&argv);

	sb_profile(pol, &b);
	assert_true(
	    at(b.s, "(deny file-write-unlink (literal "
		    "\"/w/Workflow/demo/.git\"))") >
	    at(b.s, "(allow file-write* (subpath \"/w/Workflow/demo\"))"));
	assert_true(at(b.s, "(deny file-write* (subpath "
			    "\"/w/Workflow/demo/.git/hooks\"))") > 0);
	assert_true(at(b.s, "(deny file-write* (literal "
			    "\"/w/Workflow/demo/.git/config\"))") > 0);
	assert_true(at(b.s, "(deny file-write* (literal "
			    "\"/w/Workflow/demo/.git/commondir\"))") > 0);
	assert_true(at(b.s, "/home/u/.ssh") >
		    at(b.s, "/w/Workflow/demo/.git/hooks"));
	buf_free(&b);
	pol_free(pol);

	/* Read-only scope: nothing in the workspace is writable, so
	 * nothing is listed as protected. */
	pol = make_git_policy(POL_SCOPE_READONLY);
	assert_int_equal(pol_nprotected(pol), 0);
	pol_free(pol);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(golden_all),
	    cmocka_unit_test(sb_well_formed),
	    cmocka_unit_test(sb_rule_order),
	    cmocka_unit_test(sb_both_spellings),
	    cmocka_unit_test(sb_escapes_paths),
	    cmocka_unit_test(bw_order),
	    cmocka_unit_test(bw_quoting),
	    cmocka_unit_test(host_disk_kinds),
	    cmocka_unit_test(sb_backend_fails_closed),
	    cmocka_unit_test(protected_rendered),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
