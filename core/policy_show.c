/* core/policy_show.c — the policy as people and tools read it: the
 * `sandbox_writable:` line, the text of `policy` and --print-policy,
 * `policy env`, and the JSON document (through core/json.c). Built only
 * on policy.h's accessors: rendering cannot change what a policy holds.
 * Pure. */
#include "policy_show.h"

#include <string.h>

#include "envfilter.h"
#include "json.h"

static const char *const why_names[] = {
    [POL_WHY_WORKSPACE] = "workspace",
    [POL_WHY_PERSIST] = "persistent",
    [POL_WHY_RUN] = "run",
    [POL_WHY_RUN_TMP] = "run-tmp",
    [POL_WHY_TMP] = "tmp",
    [POL_WHY_USER_CACHE] = "user-cache",
    [POL_WHY_GOCACHE] = "gocache",
    [POL_WHY_GOMODCACHE] = "gomodcache",
    [POL_WHY_NPM] = "npm-cache",
    [POL_WHY_CARGO_REGISTRY] = "cargo-registry",
    [POL_WHY_CARGO_GIT] = "cargo-git",
    [POL_WHY_DEVICE] = "device",
    [POL_WHY_UNRESTRICTED] = "unrestricted",
    [POL_WHY_GIT_COMMON] = "git-common-dir",
    [POL_WHY_USER] = "user",
};

static const char *const why_texts[] = {
    [POL_WHY_WORKSPACE] = "the workflow's own files",
    [POL_WHY_PERSIST] = "persistent tooling, survives every session",
    [POL_WHY_RUN] = "this session's run folder",
    [POL_WHY_RUN_TMP] = "scratch (TMPDIR), pruned with the run",
    [POL_WHY_TMP] = "the process temp dir",
    [POL_WHY_USER_CACHE] = "the user cache dir (XDG_CACHE_HOME)",
    [POL_WHY_GOCACHE] = "go's build cache (GOCACHE)",
    [POL_WHY_GOMODCACHE] = "go's module cache (GOMODCACHE)",
    [POL_WHY_NPM] = "npm's cache",
    [POL_WHY_CARGO_REGISTRY] = "cargo's registry cache",
    [POL_WHY_CARGO_GIT] = "cargo's git cache",
    [POL_WHY_DEVICE] = "a device ordinary programs need",
    [POL_WHY_UNRESTRICTED] = "scope unrestricted: no confinement",
    [POL_WHY_GIT_COMMON] = "what git needs of the workspace's repository "
			   "outside it (linked worktree)",
    [POL_WHY_USER] = "you asked for it (allow-write)",
};

const char *pol_why_name(enum pol_why w)
{
	return why_names[w];
}

const char *pol_why_text(enum pol_why w)
{
	return why_texts[w];
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

const char *pol_writable_sentence(const struct sbx_policy *pol)
{
	switch (pol_scope(pol)) {
	case POL_SCOPE_READONLY:
		return "only the run folder and devices are writable; "
		       "everything else is read-only.";
	case POL_SCOPE_UNRESTRICTED:
		return "scope unrestricted: the filesystem is not confined.";
	default:
		return "temp and per-user cache directories are writable; "
		       "everything else is read-only.";
	}
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
	buf_printf(b, "\n%s\n\nwritable roots:\n", pol_writable_sentence(pol));
	for (size_t i = 0; i < pol_nroots(pol); i++)
		buf_printf(b, "  %-40s %s: %s [%s]\n", pol_root(pol, i)->path,
			   why_names[pol_root(pol, i)->why],
			   why_texts[pol_root(pol, i)->why],
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

void pol_format_json(const struct sbx_policy *pol, struct sbx_buf *b)
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
		json_str(&w, "reason", why_names[pol_root(pol, i)->why]);
		json_str(&w, "why", why_texts[pol_root(pol, i)->why]);
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
	json_arr(&w, "path_prefix", JSON_INLINE);
	for (size_t i = 0; i < r->path_prefix.n; i++)
		json_str(&w, NULL, r->path_prefix.v[i]);
	json_end(&w);
	json_arr(&w, "allowed_sockets", JSON_INLINE);
	for (size_t i = 0; i < pol_nsockets(pol); i++)
		json_str(&w, NULL, pol_socket(pol, i));
	json_end(&w);
	json_arr(&w, "allowed_sockets_from", JSON_INLINE);
	for (size_t i = 0; i < pol_nsockets(pol); i++) {
		json_obj(&w, NULL, JSON_INLINE);
		json_str(&w, "path", pol_socket(pol, i));
		json_str(&w, "from", pol_socket_from(pol, i));
		json_end(&w);
	}
	json_end(&w);
	json_arr(&w, "masked", JSON_INLINE);
	for (size_t i = 0; i < pol_nmasked(pol); i++)
		json_str(&w, NULL, pol_masked(pol, i));
	json_end(&w);
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
