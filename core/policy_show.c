/* core/policy_show.c — the policy as people and tools read it: the
 * `sandbox_writable:` line, the text of `policy` and --print-policy,
 * `policy env`, and the JSON document (through core/json.c). Built only
 * on policy.h's accessors: rendering cannot change what a policy holds.
 * Pure. */
#include "policy_show.h"

#include <string.h>

#include "envfilter.h"
#include "json.h"

/* Each reason a root is writable: its stable name, and what it means. */
static const struct {
	const char *name, *text;
} whys[] = {
    [POL_WHY_WORKSPACE] = {"workspace", "the workflow's own files"},
    [POL_WHY_PERSIST] = {"persistent",
			 "persistent tooling, survives every session"},
    [POL_WHY_RUN] = {"run", "this session's run folder"},
    [POL_WHY_RUN_TMP] = {"run-tmp", "scratch (TMPDIR), pruned with the run"},
    [POL_WHY_TMP] = {"tmp", "the process temp dir"},
    [POL_WHY_USER_CACHE] = {"user-cache",
			    "the user cache dir (XDG_CACHE_HOME)"},
    [POL_WHY_GOCACHE] = {"gocache", "go's build cache (GOCACHE)"},
    [POL_WHY_GOMODCACHE] = {"gomodcache", "go's module cache (GOMODCACHE)"},
    [POL_WHY_NPM] = {"npm-cache", "npm's cache"},
    [POL_WHY_CARGO_REGISTRY] = {"cargo-registry", "cargo's registry cache"},
    [POL_WHY_CARGO_GIT] = {"cargo-git", "cargo's git cache"},
    [POL_WHY_DEVICE] = {"device", "a device ordinary programs need"},
    [POL_WHY_UNRESTRICTED] = {"unrestricted",
			      "scope unrestricted: no confinement"},
    [POL_WHY_GIT_COMMON] = {"git-common-dir",
			    "what git needs of the workspace's repository "
			    "outside it (linked worktree)"},
    [POL_WHY_USER] = {"user", "you asked for it (allow-write)"},
};

const char *pol_why_name(enum pol_why w)
{
	return whys[w].name;
}

const char *pol_why_text(enum pol_why w)
{
	return whys[w].text;
}

static const char *note_key(const struct sbx_policy *pol, size_t i)
{
	const char *k, *v;

	pol_note_at(pol, i, &k, &v);
	return k;
}

static const char *note_val(const struct sbx_policy *pol, size_t i)
{
	const char *k, *v;

	pol_note_at(pol, i, &k, &v);
	return v;
}

void pol_format_writable(const struct sbx_policy *pol, struct sbx_buf *b)
{
	buf_puts(b, "sandbox_writable: [");
	for (size_t i = 0; i < pol_nroots(pol); i++) {
		if (i)
			buf_puts(b, ", ");
		buf_puts(b, pol_root(pol, i)->path);
	}
	buf_putc(b, ']');
}

static void item(struct sbx_buf *b, size_t *n, const char *s)
{
	buf_puts(b, (*n)++ ? ", " : "");
	buf_puts(b, s);
}

/* The tool caches that are writable roots, as "the go, npm and cargo
 * caches" (nothing when there is none). */
static void tool_caches(const bool *has, struct sbx_buf *b, size_t *n)
{
	const char *tools[3];
	size_t k = 0;

	if (has[POL_WHY_GOCACHE] || has[POL_WHY_GOMODCACHE])
		tools[k++] = "go";
	if (has[POL_WHY_NPM])
		tools[k++] = "npm";
	if (has[POL_WHY_CARGO_REGISTRY] || has[POL_WHY_CARGO_GIT])
		tools[k++] = "cargo";
	if (!k)
		return;
	buf_puts(b, (*n)++ ? ", the " : "the ");
	for (size_t i = 0; i < k; i++) {
		if (i)
			buf_puts(b, i + 1 == k ? " and " : ", ");
		buf_puts(b, tools[i]);
	}
	buf_puts(b, k == 1 ? " cache" : " caches");
}

void pol_format_sentence(const struct sbx_policy *pol, struct sbx_buf *b)
{
	bool has[POL_WHY_USER + 1] = {0};
	const char *tmp = NULL;
	size_t n = 0, users = 0;

	/* Built from the roots themselves, never a fixed text: a session
	 * that refused TMPDIR=/tmp, or routed npm's cache, must not tell
	 * the person that temp dirs or ~/.npm are writable. */
	if (pol_scope(pol) == POL_SCOPE_UNRESTRICTED) {
		buf_puts(b, "scope unrestricted: the filesystem is not "
			    "confined.");
		return;
	}
	for (size_t i = 0; i < pol_nroots(pol); i++) {
		const struct pol_root *r = pol_root(pol, i);

		has[r->why] = true;
		if (r->why == POL_WHY_TMP && !tmp)
			tmp = r->path;
		users += r->why == POL_WHY_USER;
	}
	buf_puts(b, "writable: ");
	if (has[POL_WHY_WORKSPACE])
		item(b, &n, "the workspace");
	if (has[POL_WHY_PERSIST])
		item(b, &n, "persistent tooling");
	if (has[POL_WHY_RUN] || has[POL_WHY_RUN_TMP])
		item(b, &n,
		     has[POL_WHY_RUN_TMP] ? "this session's run folder (TMPDIR)"
					  : "this session's run folder");
	if (tmp) {
		buf_puts(b, n++ ? ", " : "");
		buf_printf(b, "the temp dir %s", tmp);
	}
	if (has[POL_WHY_USER_CACHE])
		item(b, &n, "the user cache dir");
	tool_caches(has, b, &n);
	if (has[POL_WHY_GIT_COMMON])
		item(b, &n, "the repository's git dir");
	if (users) {
		buf_puts(b, n++ ? ", " : "");
		buf_printf(b, "%zu folder%s you allowed", users,
			   users == 1 ? "" : "s");
	}
	if (has[POL_WHY_DEVICE])
		item(b, &n, "devices");
	if (!n)
		buf_puts(b, "nothing");
	buf_puts(b, "; everything else is read-only.");
}

static const char *base_name(const struct rt_plan *r)
{
	switch (r->kind) {
	case RT_BASE_PERSIST:
		return "persistent";
	case RT_BASE_RUN:
		return "run-folder fallback (lasts one session)";
	default:
		return "none (nothing writable to route into)";
	}
}

void pol_format_env(const struct sbx_policy *pol, struct sbx_buf *b)
{
	const struct rt_plan *r = pol_route(pol);

	buf_printf(b, "routing: %s", base_name(r));
	if (r->base)
		buf_printf(b, " (%s)", r->base);
	buf_putc(b, '\n');
	for (size_t i = 0; i < r->nvars; i++) {
		const struct rt_var *v = &r->vars[i];

		if (v->overridden)
			buf_printf(b,
				   "  %s=%s  (overridden by you; routed: "
				   "%s)\n",
				   v->name, v->user_value, v->value);
		else if (v->from)
			buf_printf(b, "  %s=%s  # %s [%s]\n", v->name, v->value,
				   v->why, v->from);
		else
			buf_printf(b, "  %s=%s  # %s\n", v->name, v->value,
				   v->why);
	}
	if (r->path_prefix.n) {
		buf_puts(b, "  PATH prefix:");
		for (size_t i = 0; i < r->path_prefix.n; i++)
			buf_printf(b, " %s", r->path_prefix.v[i]);
		buf_putc(b, '\n');
	}
	{
		struct sbx_strv names = {0}, values = {0};

		pn_env(pol_net(pol), &names, &values);
		if (names.n)
			buf_puts(b, "proxy (--network domains):\n");
		for (size_t i = 0; i < names.n; i++)
			buf_printf(b, "  %s=%s\n", names.v[i], values.v[i]);
		strv_free(&names);
		strv_free(&values);
	}
	ef_format_text(pol_env_report(pol), b);
	for (size_t i = 0; i < pol_nkeep(pol); i++)
		buf_printf(b, "  --keep-env %s [%s]\n", pol_keep(pol, i),
			   pol_keep_from(pol, i));
}

void pol_format_text(const struct sbx_policy *pol, struct sbx_buf *b)
{
	const struct lay_layout *lay = pol_layout(pol);

	const struct pol_net *net = pol_net(pol);

	buf_printf(b, "workflow: %s\nworkspace: %s\nscope: %s\n",
		   lay->workflow_id, lay->workspace,
		   pol_scope_name(pol_scope(pol)));
	pn_format_line(net, b);
	for (size_t i = 0; i < pol_nnotes(pol); i++)
		buf_printf(b, "%s: %s\n", note_key(pol, i), note_val(pol, i));
	pol_format_writable(pol, b);
	buf_putc(b, '\n');
	pol_format_sentence(pol, b);
	buf_puts(b, "\n\nwritable roots:\n");
	for (size_t i = 0; i < pol_nroots(pol); i++)
		buf_printf(b, "  %-40s %s: %s [%s]\n", pol_root(pol, i)->path,
			   pol_why_name(pol_root(pol, i)->why),
			   pol_why_text(pol_root(pol, i)->why),
			   pol_from(pol_root(pol, i)->from));
	buf_putc(b, '\n');
	pol_format_env(pol, b);
	if (pol_nsockets(pol)) {
		buf_puts(b, "\nallowed sockets (--allow-socket):\n");
		for (size_t i = 0; i < pol_nsockets(pol); i++)
			buf_printf(b, "  %-40s [%s]\n", pol_socket(pol, i),
				   pol_socket_from(pol, i));
	}
	buf_puts(b, "\nmasked secrets (neither readable nor writable):\n");
	if (!pol_nmasked(pol))
		buf_puts(b, "  (none)\n");
	for (size_t i = 0; i < pol_nmasked(pol); i++)
		buf_printf(b, "  %-40s %s: %s [%s]\n", pol_masked(pol, i),
			   pol_masked_tool(pol, i), pol_masked_why(pol, i),
			   pol_from(pol_masked_from(pol, i)));
	gm_format_text(pol_git(pol), pol_guard(pol) == POL_GUARD_MOUNT, b);
	pn_format_rules(net, b);
}

/* Do |a| and |b| print as the same JSON string? Two keys that are not
 * UTF-8 can (json_put_str() writes U+FFFD for each stray byte), and a
 * JSON object must not hold a key twice (tests/fuzz json). */
static bool same_json_key(const char *a, const char *b)
{
	struct sbx_buf x = {0}, y = {0};
	bool same;

	if (!strcmp(a, b))
		return true;
	json_put_str(&x, a);
	json_put_str(&y, b);
	same = !strcmp(x.s, y.s);
	buf_free(&x);
	buf_free(&y);
	return same;
}

void pol_format_seccomp(const struct sbx_strv *sc, struct sbx_buf *b)
{
	if (!sc || !sc->n)
		return;
	buf_puts(b, "\nsystem calls refused (seccomp: EPERM, or ENOSYS where "
		    "programs fall back):\n");
	for (size_t i = 0; i < sc->n; i++)
		buf_printf(b, "  %s\n", sc->v[i]);
}

void pol_format_brief(const struct sbx_policy *pol, const struct sbx_strv *sc,
		      struct sbx_buf *b)
{
	const struct lay_layout *lay = pol_layout(pol);
	const struct rt_plan *r = pol_route(pol);

	buf_printf(b, "workflow: %s\nworkspace: %s\nscope: %s\n",
		   lay->workflow_id, lay->workspace,
		   pol_scope_name(pol_scope(pol)));
	pn_format_line(pol_net(pol), b);
	for (size_t i = 0; i < pol_nnotes(pol); i++)
		buf_printf(b, "%s: %s\n", note_key(pol, i), note_val(pol, i));
	pol_format_writable(pol, b);
	buf_putc(b, '\n');
	pol_format_sentence(pol, b);
	buf_printf(b,
		   "\n\n%zu writable roots, %zu routed variables, %zu masked "
		   "secrets, %zu allowed sockets (policy --all: each, and "
		   "why)\n",
		   pol_nroots(pol), r->nvars, pol_nmasked(pol),
		   pol_nsockets(pol));
	/* what can go out (--network domains) stays in the summary: a
	 * few lines, and the first thing asked when a fetch fails */
	pn_format_rules(pol_net(pol), b);
	pol_format_seccomp(sc, b);
}

void pol_format_json(const struct sbx_policy *pol, struct sbx_buf *b)
{
	pol_format_json_x(pol, NULL, b);
}

/* The |n| paths at(pol, i) as an array. */
static void json_paths(struct json_w *w, const char *key,
		       const struct sbx_policy *pol, size_t n,
		       const char *(*at)(const struct sbx_policy *, size_t))
{
	json_arr(w, key, JSON_INLINE);
	for (size_t i = 0; i < n; i++)
		json_str(w, NULL, at(pol, i));
	json_end(w);
}

void pol_format_json_x(const struct sbx_policy *pol, const struct sbx_strv *sc,
		       struct sbx_buf *b)
{
	const struct rt_plan *r = pol_route(pol);
	const struct sbx_strv *pv = &pol_env_report(pol)->passed;
	const struct lay_layout *lay = pol_layout(pol);
	struct json_w w;

	json_begin(&w, b);
	json_obj(&w, NULL, JSON_LINES);
	json_str(&w, "workflow", lay->workflow_id);
	json_str(&w, "workspace", lay->workspace);
	json_str(&w, "persistent_dir", lay->persist_dir);
	json_str(&w, "run_dir", lay->run_dir);
	json_str(&w, "scope", pol_scope_name(pol_scope(pol)));
	json_bool(&w, "network", pol_network(pol));
	pn_json(pol_net(pol), &w);
	json_str(&w, "routing",
		 r->kind == RT_BASE_PERSIST ? "persistent"
		 : r->kind == RT_BASE_RUN   ? "run"
					    : "none");
	json_arr(&w, "sandbox_writable", JSON_LINES);
	for (size_t i = 0; i < pol_nroots(pol); i++) {
		json_obj(&w, NULL, JSON_INLINE);
		json_str(&w, "path", pol_root(pol, i)->path);
		json_str(&w, "reason", pol_why_name(pol_root(pol, i)->why));
		json_str(&w, "why", pol_why_text(pol_root(pol, i)->why));
		json_str(&w, "from", pol_from(pol_root(pol, i)->from));
		json_end(&w);
	}
	json_end(&w);
	json_obj(&w, "env", JSON_LINES);
	for (size_t i = 0; i < r->nvars; i++) {
		const struct rt_var *v = &r->vars[i];

		json_str(&w, v->name, v->overridden ? v->user_value : v->value);
	}
	json_end(&w);
	json_arr(&w, "overridden", JSON_INLINE);
	for (size_t i = 0; i < r->nvars; i++)
		if (r->vars[i].overridden)
			json_str(&w, NULL, r->vars[i].name);
	json_end(&w);
	json_strv(&w, "path_prefix", JSON_INLINE, &r->path_prefix);
	json_paths(&w, "allowed_sockets", pol, pol_nsockets(pol), pol_socket);
	json_arr(&w, "allowed_sockets_from", JSON_INLINE);
	for (size_t i = 0; i < pol_nsockets(pol); i++) {
		json_obj(&w, NULL, JSON_INLINE);
		json_str(&w, "path", pol_socket(pol, i));
		json_str(&w, "from", pol_socket_from(pol, i));
		json_end(&w);
	}
	json_end(&w);
	json_paths(&w, "masked", pol, pol_nmasked(pol), pol_masked);
	/* "masked" stays a list of paths (tools iterate it); the reasons
	 * come alongside, one object per path, in the same order. */
	json_arr(&w, "masked_why", JSON_LINES);
	for (size_t i = 0; i < pol_nmasked(pol); i++) {
		json_obj(&w, NULL, JSON_INLINE);
		json_str(&w, "path", pol_masked(pol, i));
		json_str(&w, "tool", pol_masked_tool(pol, i));
		json_str(&w, "why", pol_masked_why(pol, i));
		json_str(&w, "from", pol_from(pol_masked_from(pol, i)));
		json_end(&w);
	}
	json_end(&w);
	ef_json(pol_env_report(pol), &w);
	/* Where each --keep-env pattern came from, and what it passed. */
	json_arr(&w, "env_keep", JSON_LINES);
	for (size_t i = 0; i < pol_nkeep(pol); i++) {
		json_obj(&w, NULL, JSON_INLINE);
		json_str(&w, "pattern", pol_keep(pol, i));
		json_str(&w, "from", pol_keep_from(pol, i));
		json_arr(&w, "passed", JSON_INLINE);
		for (size_t j = 0; j < pv->n; j++)
			if (ef_keep_match(pol_keep(pol, i), pv->v[j]))
				json_str(&w, NULL, pv->v[j]);
		json_end(&w);
		json_end(&w);
	}
	json_end(&w);
	gm_json(pol_git(pol), pol_guard(pol) == POL_GUARD_MOUNT, &w);
	/* What the system-call filter refuses, one "family: calls" string
	 * each; [] with --backend none (no filter). */
	json_strv(&w, "seccomp", JSON_LINES, sc);
	/* Notes: one key each, repeated notes joined with "; " so the
	 * object never has duplicate keys. */
	json_obj(&w, "notes", JSON_LINES);
	for (size_t i = 0; i < pol_nnotes(pol); i++) {
		struct sbx_buf v = {0};
		bool seen = false;

		for (size_t j = 0; j < i && !seen; j++)
			seen =
			    same_json_key(note_key(pol, j), note_key(pol, i));
		if (seen)
			continue;
		for (size_t j = i; j < pol_nnotes(pol); j++) {
			if (!same_json_key(note_key(pol, j), note_key(pol, i)))
				continue;
			if (v.len)
				buf_puts(&v, "; ");
			buf_puts(&v, note_val(pol, j));
		}
		json_str(&w, note_key(pol, i), v.s);
		buf_free(&v);
	}
	json_end(&w);
	json_end(&w);
	buf_putc(b, '\n');
}
