/* shell/session/live.c — live routing across commands (docs/design.md §3). */
#include "live.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "policy.h"
#include "interp.h"

static void report(const char *name, const char *user, const char *routed)
{
	struct sbx_buf b = {0};

	if (user)
		buf_printf(
		    &b,
		    "sbxsh: routing: %s=%s is yours and is kept "
		    "(routed value was %s; the sandbox does not grow for "
		    "it)\n",
		    name, user, routed);
	else
		buf_printf(&b,
			   "sbxsh: routing: %s was unset by you and stays "
			   "unset (routed value was %s)\n",
			   name, routed);
	/* A value is a job's to choose (a sourced file, an rc line). */
	buf_make_shown(&b);
	out_write(2, b.s, b.len);
	buf_free(&b);
}

static bool bins_changed(struct live_state *lv, const struct rt_plan *r)
{
	bool changed = false;

	for (size_t i = 0; i < r->path_prefix.n && i < LIVE_MAX_BINS; i++) {
		struct stat st;
		bool ex = stat(r->path_prefix.v[i], &st) == 0;

		if (ex != lv->bin_exists[i] ||
		    (ex && (st.st_mtim.tv_sec != lv->bin_mtime[i].tv_sec ||
			    st.st_mtim.tv_nsec != lv->bin_mtime[i].tv_nsec)))
			changed = true;
		lv->bin_exists[i] = ex;
		if (ex)
			lv->bin_mtime[i] = st.st_mtim;
	}
	return changed;
}

void live_apply(struct shell *sh)
{
	const struct rt_plan *r;

	if (!sh->pol)
		return;
	r = pol_route(sh->pol);
	if (r->kind == RT_BASE_NONE)
		return;
	sh->live_bins_stale = true;
	/* No variable changed since the last pass: nothing to re-apply or
	 * report (a script of 200 000 lines would otherwise rebuild PATH
	 * and compare every routed value 200 000 times). */
	if (sh->live_gen && sh->live_gen == sh->var_gen)
		return;
	for (size_t i = 0; i < r->nvars; i++) {
		const struct rt_var *v = &r->vars[i];
		const char *cur = var_get(sh, v->name);

		if (cur && strcmp(cur, v->value) == 0)
			continue;
		/* Anything else is the user's doing (an export, a plain
		 * assignment or an unset): honour it, say so once. */
		if (pol_override(sh->pol, v->name, cur) == 1)
			report(v->name, cur, v->value);
	}
	/* The bin dirs themselves are looked at lazily, by the next command
	 * lookup (live_check_bins): a line of builtins costs no stat, and a
	 * 200 000-line script of them no 2 million. */
	live_path(sh);
	sh->live_gen = sh->var_gen ? sh->var_gen : 1;
}

void live_path(struct shell *sh)
{
	const struct rt_plan *r;
	const char *path;
	char *want;

	sh->path_changed = false;
	if (!sh->pol)
		return;
	r = pol_route(sh->pol);
	if (r->kind == RT_BASE_NONE)
		return;
	path = var_get(sh, "PATH");
	want = rt_path(r, path);
	if (!path || strcmp(path, want) != 0)
		var_set(sh, "PATH", want, V_EXPORT); /* drops the hash too */
	free(want);
	sh->path_changed = false;
}

void live_init(struct shell *sh)
{
	const struct rt_plan *r;
	char *path;

	if (!sh->pol)
		return;
	/* docs/network.md: the variables that point tools at the proxy */
	{
		struct sbx_strv names = {0}, values = {0};

		pn_env(pol_net(sh->pol), &names, &values);
		for (size_t i = 0; i < names.n; i++)
			var_set(sh, names.v[i], values.v[i], V_EXPORT);
		strv_free(&names);
		strv_free(&values);
	}
	r = pol_route(sh->pol);
	for (size_t i = 0; i < r->nvars; i++)
		var_set(sh, r->vars[i].name,
			r->vars[i].overridden ? r->vars[i].user_value
					      : r->vars[i].value,
			V_EXPORT);
	if (r->kind == RT_BASE_NONE)
		return;
	path =
	    rt_path(r, var_get(sh, "PATH") ? var_get(sh, "PATH") : SH_DEFPATH);
	var_set(sh, "PATH", path, V_EXPORT);
	free(path);
}

void live_check_bins(struct live_state *lv, struct shell *sh)
{
	const struct rt_plan *r;

	sh->live_bins_stale = false;
	if (!sh->pol)
		return;
	r = pol_route(sh->pol);
	if (r->kind != RT_BASE_NONE && bins_changed(lv, r))
		sh_hash_invalidate(sh);
}
