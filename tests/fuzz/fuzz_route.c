/* tests/fuzz/fuzz_route.c — an arbitrary environment through the
 * credential filter (core/envfilter.c) and the cache routing
 * (core/route.c). The input is one "NAME=value" entry a line; a line
 * "+PATTERN" is a --keep-env pattern instead; the first byte chooses
 * which state folders are writable. What must hold:
 *  - ef_split() keeps or withholds every entry exactly once, withholds
 *    exactly what ef_withhold() says (a --keep-env match aside) and
 *    never names a value in its report;
 *  - the user's own exported value of a routed variable wins;
 *  - rt_path() puts the plan's bin dirs first, in order, then every
 *    other entry of $PATH in its order, each copy of a bin dir gone. */
#include <string.h>

#include "envfilter.h"
#include "fuzz.h"
#include "route.h"

static const struct rt_extra extra[] = {
    {"FOO_HOME", "foo", "foo/bin", "config fuzz:1"},
    {"BAR_DIR", "bar", NULL, "config fuzz:2"},
};

/* [s, s+n) split at ':' into |out|. */
static void split(const char *s, struct sbx_strv *out)
{
	for (;;) {
		const char *e = strchr(s, ':');

		if (!e) {
			strv_take(out, xstrdup(s));
			return;
		}
		strv_take(out, xstrndup(s, (size_t)(e - s)));
		s = e + 1;
	}
}

static bool in_prefix(const struct rt_plan *p, const char *s)
{
	size_t n = strlen(s);

	while (n > 1 && s[n - 1] == '/')
		n--;
	for (size_t i = 0; i < p->path_prefix.n; i++)
		if (strlen(p->path_prefix.v[i]) == n &&
		    !memcmp(p->path_prefix.v[i], s, n))
			return true;
	return false;
}

static void check_path(const struct rt_plan *p, const char *path)
{
	struct sbx_strv want = {0}, got = {0}, in = {0};
	char *res = rt_path(p, path);

	for (size_t i = 0; i < p->path_prefix.n; i++)
		strv_push(&want, p->path_prefix.v[i]);
	if (path && *path) {
		split(path, &in);
		for (size_t i = 0; i < in.n; i++)
			if (!*in.v[i] || !in_prefix(p, in.v[i]))
				strv_push(&want, in.v[i]);
	}
	if (*res || want.n)
		split(res, &got);
	FZ_CHECK(got.n == want.n);
	for (size_t i = 0; i < got.n; i++)
		FZ_CHECK(!strcmp(got.v[i], want.v[i]));
	strv_free(&want);
	strv_free(&got);
	strv_free(&in);
	free(res);
}

/* The value of |name| in |env| if it is there exactly once. */
static const char *once(char *const *env, const char *name, bool *dup)
{
	const char *v = NULL;
	size_t n = strlen(name);

	*dup = false;
	for (; *env; env++)
		if (!strncmp(*env, name, n) && (*env)[n] == '=') {
			if (v)
				*dup = true;
			v = *env + n + 1;
		}
	return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sbx_strv env = {0}, keep = {0};
	struct ef_report rep = {0};
	char **kept = NULL;
	size_t *at = NULL, nat = 0, nkept = 0;
	char *s, *line, *save = NULL;
	unsigned mode;
	struct rt_facts f = {0};
	struct rt_plan plan = {0};
	bool dup;

	if (size < 1)
		return 0;
	mode = data[0];
	s = fz_str(data + 1, size - 1);
	for (line = strtok_r(s, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		strv_push(line[0] == '+' ? &keep : &env,
			  line + (line[0] == '+'));
	if (!env.v)
		strv_take(&env, xstrdup("A=1"));

	ef_split(env.v, (const char *const *)keep.v, &kept, &at, &nat, &rep);
	while (kept[nkept])
		nkept++;
	FZ_CHECK(nkept + nat == env.n);
	FZ_CHECK(rep.nwithheld == nat);
	for (size_t i = 0; i < nat; i++) {
		const char *e = env.v[at[i]], *eq = strchr(e, '=');
		char *name;

		FZ_CHECK(at[i] < env.n && (!i || at[i] > at[i - 1]));
		FZ_CHECK(eq);
		name = xstrndup(e, (size_t)(eq - e));
		FZ_CHECK(ef_withhold(name, eq + 1, NULL, NULL));
		FZ_CHECK(!strcmp(rep.withheld[i].name, name));
		for (size_t k = 0; k < keep.n; k++)
			FZ_CHECK(!ef_keep_match(keep.v[k], name));
		free(name);
	}
	for (size_t i = 0; kept[i]; i++) {
		const char *eq = strchr(kept[i], '=');
		char *name;
		bool kept_on_purpose = false;

		if (!eq)
			continue;
		name = xstrndup(kept[i], (size_t)(eq - kept[i]));
		for (size_t k = 0; k < keep.n; k++)
			kept_on_purpose |= ef_keep_match(keep.v[k], name);
		FZ_CHECK(kept_on_purpose ||
			 !ef_withhold(name, eq + 1, NULL, NULL));
		free(name);
	}
	{
		struct sbx_buf b = {0};

		ef_format_text(&rep, &b);
		ef_format_json(&rep, &b);
		buf_free(&b);
	}

	f.persist_dir = "/work/ws/.sandbox-cache";
	f.persist_writable = mode & 1;
	f.run_dir = "/run/user/0/sbxsh/R";
	f.run_tmp = "/run/user/0/sbxsh/R/tmp";
	f.run_writable = mode & 2;
	f.user_exports = kept;
	if (mode & 4) {
		f.extra = extra;
		f.nextra = sizeof(extra) / sizeof(*extra);
	}
	rt_compute(&f, &plan);
	for (size_t i = 0; i < plan.nvars; i++) {
		const char *u = once(kept, plan.vars[i].name, &dup);

		FZ_CHECK(plan.vars[i].value);
		if (u && !dup) {
			FZ_CHECK(plan.vars[i].overridden);
			FZ_CHECK(
			    !strcmp(rt_value(&plan, plan.vars[i].name), u));
		}
	}
	check_path(&plan, once(kept, "PATH", &dup));
	check_path(&plan, NULL);
	rt_free(&plan);

	free(kept);
	free(at);
	ef_report_free(&rep);
	strv_free(&env);
	strv_free(&keep);
	free(s);
	return 0;
}
