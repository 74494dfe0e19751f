/* tests/unit/fixture_policy.h — the fake facts the scope checker is tested
 * against, shared by tests/unit/test_scope.c, tests/fuzz/fuzz_scope.c and
 * tests/bench/bench_scope.c (one copy, so the fuzzer and the benchmark
 * look at the policy the unit tests pin down).
 *
 * Workspace /work/ws with sbxsh's folders in it, home /home/u, temp /tmp;
 * a canon callback with a few fake symlinks; shell variables; and the
 * protected paths of two repositories (WS and WS/a/sub, docs/design.md §2b).
 * Nothing on disk is asked. Header-only: each including file gets its own
 * static copy (the fixtures are tiny).
 */
#ifndef SBX_FIXTURE_POLICY_H
#define SBX_FIXTURE_POLICY_H

#include <stdbool.h>
#include <string.h>

#include "gitmeta.h"
#include "policy.h"

#define WS "/work/ws"
#define RUN_TMP WS "/.sandbox-runs/R/tmp"

static struct lay_layout fx_lay = {
    .workflow_id = "ws",
    .workspace = WS,
    .state_dir = WS,
    .persist_dir = WS "/.sandbox-cache",
    .runs_dir = WS "/.sandbox-runs",
    .run_dir = WS "/.sandbox-runs/R",
    .run_tmp = RUN_TMP,
};

/* Fake symlinks: what env->canon and pol_facts.canon resolve. WS/loop
 * points into itself (a canonicalization that never ends must not be
 * followed forever). */
static const struct {
	const char *from, *to;
} fx_links[] = {
    {"/home/u/lnk", "/etc"},
    {WS "/out", "/etc"},
    {"/var/tmplink", "/tmp"},
    {WS "/loop", WS "/loop/x"},
};

static inline char *fx_canon(void *ctx, const char *p)
{
	(void)ctx;
	for (size_t i = 0; i < sizeof(fx_links) / sizeof(*fx_links); i++)
		if (path_under(fx_links[i].from, p))
			return xasprintf("%s%s", fx_links[i].to,
					 p + strlen(fx_links[i].from));
	return xstrdup(p);
}

/* Only the user's own ~/.cache exists: outside sbxsh's folders only
 * existing caches are granted (core/policy.c, add_cache). */
static inline bool fx_is_dir(void *ctx, const char *p)
{
	(void)ctx;
	return strcmp(p, "/home/u/.cache") == 0;
}

static const char *const fx_vars[][2] = {
    {"HOME", "/home/u"},
    {"USER", "u"},
    {"TMPDIR", RUN_TMP},
    {"GOCACHE", WS "/.sandbox-cache/go-build"},
    {"PATH", "/usr/bin:/bin"},
    {"SPACEY", "/etc/a b"},
    {"NL", "/etc/a\nb"},
    {"REL", "../../.."},
    {"EMPTY", ""},
    {"BIG", "/etc/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"},
};

static inline const char *fx_getvar(void *ctx, const char *name)
{
	(void)ctx;
	for (size_t i = 0; i < sizeof(fx_vars) / sizeof(*fx_vars); i++)
		if (strcmp(fx_vars[i][0], name) == 0)
			return fx_vars[i][1];
	return NULL;
}

static char *fx_env_home[] = {"HOME=/home/u", NULL};

/* Routing on (.sandbox-cache), the workspace writable, network on. */
static inline struct pol_facts fx_facts(void)
{
	return (struct pol_facts){
	    .scope = POL_SCOPE_WORKSPACE,
	    .network = true,
	    .persist = true,
	    .state_writable = true,
	    .lay = &fx_lay,
	    .home = "/home/u",
	    .tmpdir = "/tmp",
	    .env = fx_env_home,
	    .canon = fx_canon,
	    .is_dir = fx_is_dir,
	};
}

/* The protected paths of the first |nrepos| (1 or 2) repositories, WS
 * and WS/a/sub, and a --protect path (docs/design.md §2b). gm_plan_free() it
 * after pol_new(). */
static inline struct gm_plan *fx_git_plan(int nrepos)
{
	static const struct {
		const char *p;
		unsigned f;
		int r;
	} e[] = {
	    {WS "/.envrc", 0, -1},
	    {WS "/.git", GM_P_DIR | GM_P_PIN, 0},
	    {WS "/.git/config", 0, 0},
	    {WS "/.git/hooks", GM_P_DIR, 0},
	    {WS "/a/sub/.git", GM_P_DIR | GM_P_PIN, 1},
	    {WS "/a/sub/.git/config", 0, 1},
	    {WS "/a/sub/.git/config.worktree", GM_P_ABSENT, 1},
	};
	struct gm_plan *g = gm_plan_new(WS, "/home/u");

	g->repos = xcalloc(2, sizeof(*g->repos));
	g->nrepos = g->crepos = (size_t)nrepos;
	g->repos[0] = (struct gm_repo){xstrdup(WS), xstrdup(WS "/.git"),
				       xstrdup(WS "/.git"), xstrdup(WS "/.git"),
				       GM_REPO_DIR};
	if (nrepos > 1)
		g->repos[1] = (struct gm_repo){
		    xstrdup(WS "/a/sub"), xstrdup(WS "/a/sub/.git"),
		    xstrdup(WS "/a/sub/.git"), xstrdup(WS "/a/sub/.git"),
		    GM_REPO_DIR};
	g->paths = xcalloc(8, sizeof(*g->paths));
	g->cpaths = 8;
	for (size_t i = 0; i < sizeof(e) / sizeof(*e); i++) {
		if (e[i].r >= nrepos)
			continue;
		g->paths[g->npaths++] =
		    (struct gm_path){xstrdup(e[i].p),
				     e[i].r < 0			? GM_WHY_USER
				     : strstr(e[i].p, "hooks")	? GM_WHY_HOOKS
				     : strstr(e[i].p, "config") ? GM_WHY_CONFIG
								: GM_WHY_GITDIR,
				     e[i].f, e[i].r, NULL};
	}
	return g;
}

#endif
