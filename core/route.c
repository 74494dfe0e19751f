/* core/route.c — the cache routing table and its plan (docs/design.md §3).
 * Pure.
 *
 * Why route at all: a per-run folder is rotated away after each session,
 * so installs there vanish and every run downloads them again; and a
 * workspace-scoped sandbox cannot write the toolchains' default caches in
 * $HOME. Routing every package-manager home and cache into the workflow's
 * persistent folder fixes both without asking the user for overrides.
 */
#include "route.h"

#include <stdlib.h>
#include <string.h>

const char RT_RUN_TMP[] = "<run tmp>";

/*
 * One row per variable. |sub| is the folder under the base; a leading '='
 * makes it a constant; a '%s' in |sub| is replaced by the base (for
 * variables that take an option string rather than a path); RT_RUN_TMP
 * is the run folder's tmp/, whatever the base.
 * Keep the core set first and in the order of docs/design.md §3: `policy env`
 * prints rows in this order.
 */
/* clang-format off */
const struct rt_row rt_table[] = {
	{ "SANDBOX_PERSISTENT_DIR", NULL,          NULL, "the persistent folder itself" },
	{ "PYTHONUSERBASE",         "python",      NULL, "pip install --user" },
	{ "PIP_CACHE_DIR",          "pip",         NULL, "pip's download cache" },
	{ "XDG_CACHE_HOME",         "cache",       NULL, "the user cache dir (many tools)" },
	{ "npm_config_cache",       "npm-cache",   NULL, "npm's cache" },
	{ "npm_config_prefix",      "npm-global",  NULL, "npm install -g" },
	{ "GOPATH",                 "go",          NULL, "go install, module cache" },
	{ "GOCACHE",                "go-build",    NULL, "go's build cache" },
	{ "CARGO_HOME",             "cargo",       NULL, "cargo install, registry" },
	{ "PIPX_HOME",              "pipx",        NULL, "pipx venvs" },
	{ "PIPX_BIN_DIR",           "bin",         NULL, "pipx's entry points" },
	/* PEP 668: Debian's Python refuses `pip install --user` to protect
	 * ~/.local and the system. A routed user site touches neither, so it
	 * is safe to allow — but only while PYTHONUSERBASE is routed. */
	{ "PIP_BREAK_SYSTEM_PACKAGES", "=1",       "PYTHONUSERBASE",
	  "pip install --user into the routed user site (PEP 668)" },
	{ "UV_CACHE_DIR",           "uv/cache",    NULL, "uv's cache" },
	{ "UV_TOOL_DIR",            "uv/tools",    NULL, "uv tool install" },
	{ "UV_TOOL_BIN_DIR",        "bin",         NULL, "uv tool entry points" },
	{ "UV_PYTHON_INSTALL_DIR",  "uv/python",   NULL, "uv python install" },
	/* pnpm's content store defaults to $PNPM_HOME/store, so this row
	 * routes it too. Not npm_config_store_dir: npm reads every
	 * npm_config_* as its own and warns on each npm command ("Unknown
	 * env config store-dir"); a routed variable must never make a tool
	 * complain (tests/integration/pty_tools_quiet.py). */
	{ "PNPM_HOME",              "pnpm",        NULL, "pnpm add -g, and its store (PNPM_HOME/store)" },
	{ "YARN_CACHE_FOLDER",      "yarn-cache",  NULL, "yarn's cache" },
	{ "GEM_HOME",               "gem",         NULL, "gem install" },
	{ "GEM_SPEC_CACHE",         "gem-specs",   NULL, "gem's spec cache" },
	{ "GRADLE_USER_HOME",       "gradle",      NULL, "gradle's caches and wrapper" },
	{ "MAVEN_OPTS",             "-Dmaven.repo.local=%s/m2/repository", NULL,
	  "maven's local repository" },
	{ "CCACHE_DIR",             "ccache",      NULL, "ccache" },
	{ "DENO_DIR",               "deno/cache",  NULL, "deno's cache" },
	{ "DENO_INSTALL_ROOT",      "deno",        NULL, "deno install" },
	{ "BUN_INSTALL",            "bun",         NULL, "bun add -g" },
	{ "COMPOSER_HOME",          "composer",    NULL, "composer global" },
	{ "R_LIBS_USER",            "R/library",   NULL, "install.packages()" },
	/* Scratch goes to the run folder, never into the persistent one:
	 * otherwise temp files would pile up in a folder nothing prunes.
	 * tmux keeps its server socket in $TMUX_TMPDIR (default /tmp): in
	 * the shared /tmp a tmux inside the session would find the user's
	 * own server outside (covered, or refused by Landlock: "connection
	 * refused") and then try to remove its socket to start one. */
	{ "TMUX_TMPDIR",            RT_RUN_TMP,    NULL, "tmux's server socket, in the run folder" },
	{ "TMPDIR",                 RT_RUN_TMP,    NULL, "scratch, pruned with the run" },
};
/* clang-format on */
const size_t rt_table_len = sizeof(rt_table) / sizeof(rt_table[0]);

/* The bin dirs that lead PATH: the five of docs/design.md §3, in its order,
 * then the other toolchains' entry-point folders. */
static const char *const rt_bins[] = {
    "bin",  "python/bin", "npm-global/bin", "go/bin",  "cargo/bin",
    "pnpm", "gem/bin",	  "deno/bin",	    "bun/bin", "composer/vendor/bin",
};

static char *row_value(const struct rt_row *r, const char *base)
{
	const char *pct;

	if (!r->sub)
		return xstrdup(base);
	if (r->sub[0] == '=')
		return xstrdup(r->sub + 1);
	pct = strstr(r->sub, "%s");
	if (pct)
		return xasprintf("%.*s%s%s", (int)(pct - r->sub), r->sub, base,
				 pct + 2);
	return path_join(base, r->sub);
}

static void add_var(struct rt_plan *p, const struct rt_row *r, char *value,
		    char *const *user)
{
	struct rt_var *v = &p->vars[p->nvars++];
	const char *uv = env_lookup(user, r->name);

	v->name = r->name;
	v->value = value;
	v->why = r->why;
	if (uv) {
		v->overridden = true;
		v->user_value = xstrdup(uv);
	}
}

void rt_compute(const struct rt_facts *f, struct rt_plan *out)
{
	memset(out, 0, sizeof(*out));
	if (f->persist_writable && f->persist_dir) {
		out->kind = RT_BASE_PERSIST;
		out->base = xstrdup(f->persist_dir);
	} else if (f->run_writable && f->run_dir) {
		out->kind = RT_BASE_RUN;
		out->base = xstrdup(f->run_dir);
	} else {
		/* Neither is writable: routing into a folder the sandbox
		 * cannot write would only turn "cache miss" into "install
		 * failed", so export nothing. */
		out->kind = RT_BASE_NONE;
		return;
	}
	out->vars = xcalloc(rt_table_len + f->nextra, sizeof(*out->vars));
	for (size_t i = 0; i < rt_table_len; i++) {
		const struct rt_row *r = &rt_table[i];

		if (r->sub == RT_RUN_TMP)
			continue; /* after the others */
		if (r->needs) {
			const char *dep = env_lookup(f->user_exports, r->needs);

			if (dep)
				continue; /* the dependency is the user's */
		}
		add_var(out, r, row_value(r, out->base), f->user_exports);
	}
	for (size_t i = 0; f->run_writable && f->run_tmp && i < rt_table_len;
	     i++)
		if (rt_table[i].sub == RT_RUN_TMP)
			add_var(out, &rt_table[i], xstrdup(f->run_tmp),
				f->user_exports);
	for (size_t i = 0; i < f->nextra; i++) {
		const struct rt_extra *x = &f->extra[i];
		struct rt_row row = {x->name, x->sub, NULL,
				     "your configuration's [route]"};

		add_var(out, &row, path_join(out->base, x->sub),
			f->user_exports);
		out->vars[out->nvars - 1].from = x->from;
	}
	for (size_t i = 0; i < sizeof(rt_bins) / sizeof(rt_bins[0]); i++)
		strv_take(&out->path_prefix, path_join(out->base, rt_bins[i]));
	for (size_t i = 0; i < f->nextra; i++)
		if (f->extra[i].bin)
			strv_take(&out->path_prefix,
				  path_join(out->base, f->extra[i].bin));
}

void rt_free(struct rt_plan *p)
{
	for (size_t i = 0; i < p->nvars; i++) {
		free(p->vars[i].value);
		free(p->vars[i].user_value);
	}
	free(p->vars);
	free(p->base);
	strv_free(&p->path_prefix);
	memset(p, 0, sizeof(*p));
}

const char *rt_value(const struct rt_plan *p, const char *name)
{
	for (size_t i = 0; i < p->nvars; i++)
		if (strcmp(p->vars[i].name, name) == 0)
			return p->vars[i].overridden ? p->vars[i].user_value
						     : p->vars[i].value;
	return NULL;
}

/* Does the PATH entry [s, s+n) name one of the prefix dirs? A trailing
 * slash does not make it a different dir. */
static bool in_prefix(const struct rt_plan *p, const char *s, size_t n)
{
	while (n > 1 && s[n - 1] == '/')
		n--;
	for (size_t i = 0; i < p->path_prefix.n; i++) {
		const char *d = p->path_prefix.v[i];

		if (strlen(d) == n && memcmp(d, s, n) == 0)
			return true;
	}
	return false;
}

char *rt_path(const struct rt_plan *p, const char *path)
{
	struct sbx_buf b = {0};
	const char *s, *e;

	for (size_t i = 0; i < p->path_prefix.n; i++) {
		if (b.len)
			buf_putc(&b, ':');
		buf_puts(&b, p->path_prefix.v[i]);
	}
	if (!path || !*path)
		return b.s ? b.s : xstrdup("");
	for (s = path;; s = e + 1) {
		e = strchr(s, ':');
		if (!e)
			e = s + strlen(s);
		if (!in_prefix(p, s, (size_t)(e - s)) || e == s) {
			/* An empty entry means "." to execvp: keep it where
			 * the user put it rather than silently dropping it. */
			if (b.len || s != path)
				buf_putc(&b, ':');
			buf_putn(&b, s, (size_t)(e - s));
		}
		if (!*e)
			break;
	}
	return b.s ? b.s : xstrdup("");
}
