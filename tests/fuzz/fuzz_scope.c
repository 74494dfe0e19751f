/* tests/fuzz/fuzz_scope.c — the scope checker (core/scope.c,
 * core/scope_lex.c) on any command line, against a policy made by
 * pol_new() from fake facts (workspace /work/ws, home /home/u, a few
 * fake symlinks, two repositories' protected paths): nothing on disk
 * is asked. Each flag must be whole: a canonical absolute path, the
 * word as typed, and one line of message ("sbxsh: scope: ...", no
 * newline: it is printed before the line runs, and a newline in it
 * would let a typed word forge a line of its own). */
#include <string.h>

#include "fuzz.h"
#include "policy.h"
#include "scope.h"

#define WS "/work/ws"
#define RUN_TMP WS "/.sandbox-runs/R/tmp"

static struct lay_layout lay = {
	.workflow_id = "ws",
	.workspace = WS,
	.state_dir = WS,
	.persist_dir = WS "/.sandbox-cache",
	.runs_dir = WS "/.sandbox-runs",
	.run_dir = WS "/.sandbox-runs/R",
	.run_tmp = RUN_TMP,
};

static const struct {
	const char *from, *to;
} links[] = {
	{ "/home/u/lnk", "/etc" },
	{ WS "/out", "/etc" },
	{ "/var/tmplink", "/tmp" },
	{ WS "/loop", WS "/loop/x" },
};

static char *fake_canon(void *ctx, const char *p)
{
	(void)ctx;
	for (size_t i = 0; i < sizeof(links) / sizeof(*links); i++)
		if (path_under(links[i].from, p))
			return xasprintf("%s%s", links[i].to,
					 p + strlen(links[i].from));
	return xstrdup(p);
}

static bool fake_is_dir(void *ctx, const char *p)
{
	(void)ctx;
	return strcmp(p, "/home/u/.cache") == 0;
}

static const char *const vars[][2] = {
	{ "HOME", "/home/u" },
	{ "USER", "u" },
	{ "TMPDIR", RUN_TMP },
	{ "PATH", "/usr/bin:/bin" },
	{ "SPACEY", "/etc/a b" },
	{ "NL", "/etc/a\nb" },
	{ "REL", "../../.." },
	{ "EMPTY", "" },
	{ "BIG", "/etc/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		 "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" },
};

static const char *fake_getvar(void *ctx, const char *name)
{
	(void)ctx;
	for (size_t i = 0; i < sizeof(vars) / sizeof(*vars); i++)
		if (strcmp(vars[i][0], name) == 0)
			return vars[i][1];
	return NULL;
}

static char *env_home[] = { "HOME=/home/u", NULL };
static struct sbx_policy *pol[2];
static const struct scope_env senv = {
	.getvar = fake_getvar,
	.cwd = WS "/sub",
	.canon = fake_canon,
};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct pol_facts f = {
		.scope = POL_SCOPE_WORKSPACE,
		.network = true,
		.persist = true,
		.state_writable = true,
		.lay = &lay,
		.home = "/home/u",
		.tmpdir = "/tmp",
		.env = env_home,
		.canon = fake_canon,
		.is_dir = fake_is_dir,
	};
	static const struct { const char *p; unsigned f; int r; } e[] = {
		{ WS "/.envrc", 0, -1 },
		{ WS "/.git", GM_P_DIR | GM_P_PIN, 0 },
		{ WS "/.git/config", 0, 0 },
		{ WS "/.git/hooks", GM_P_DIR, 0 },
	};
	struct gm_plan *g = gm_plan_new(WS, "/home/u");
	struct sbx_diag d;

	(void)argc;
	(void)argv;
	FZ_CHECK(pol_new(&f, &pol[0], &d) == 0);
	g->repos = xcalloc(1, sizeof(*g->repos));
	g->nrepos = g->crepos = 1;
	g->repos[0] = (struct gm_repo){ xstrdup(WS), xstrdup(WS "/.git"),
		xstrdup(WS "/.git"), xstrdup(WS "/.git"), GM_REPO_DIR };
	g->paths = xcalloc(8, sizeof(*g->paths));
	g->cpaths = 8;
	for (size_t i = 0; i < sizeof(e) / sizeof(*e); i++)
		g->paths[g->npaths++] = (struct gm_path){
			xstrdup(e[i].p),
			e[i].r < 0 ? GM_WHY_USER
			: strstr(e[i].p, "hooks") ? GM_WHY_HOOKS
			: strstr(e[i].p, "config") ? GM_WHY_CONFIG
						   : GM_WHY_GITDIR,
			e[i].f, e[i].r, NULL };
	f.git = g;
	f.scope = POL_SCOPE_READONLY;
	FZ_CHECK(pol_new(&f, &pol[1], &d) == 0);
	gm_plan_free(g);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!pol[0])
		LLVMFuzzerInitialize(NULL, NULL);
	for (int k = 0; k < 2; k++) {
		struct scope_report rep = { 0 };

		scope_check(pol[k], &senv, (const char *)data, size, &rep);
		for (size_t i = 0; i < rep.n; i++) {
			const struct scope_flag *fl = &rep.flags[i];

			FZ_CHECK(fl->path && fl->path[0] == '/');
			FZ_CHECK(fl->typed && fl->msg);
			FZ_CHECK(!strncmp(fl->msg, "sbxsh: scope: ", 14));
			FZ_CHECK(!strchr(fl->msg, '\n'));
			for (size_t j = 0; j < i; j++)
				FZ_CHECK(strcmp(rep.flags[j].path, fl->path) ||
					 rep.flags[j].kind != fl->kind);
		}
		scope_report_free(&rep);
	}
	return 0;
}
