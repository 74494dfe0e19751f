/* core/policy_get.c — what a built policy says: its accessors, the rule
 * that decides an access (pol_access), its notes. Building it is
 * policy.c's; the two share struct sbx_policy through policy_int.h. Pure.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "policy.h"
#include "policy_int.h"

enum pol_scope pol_scope(const struct sbx_policy *pol)
{
	return pol->scope;
}
bool pol_network(const struct sbx_policy *pol)
{
	return pol->network;
}

const struct pol_net *pol_net(const struct sbx_policy *pol)
{
	return pol->net;
}

void pol_net_set_proxy(struct sbx_policy *pol, const char *http,
		       const char *socks)
{
	free(pol->net->http);
	free(pol->net->socks);
	pol->net->http = http ? xstrdup(http) : NULL;
	pol->net->socks = socks ? xstrdup(socks) : NULL;
}
const struct lay_layout *pol_layout(const struct sbx_policy *pol)
{
	return &pol->lay;
}
const struct rt_plan *pol_route(const struct sbx_policy *pol)
{
	return &pol->route;
}
const char *pol_home(const struct sbx_policy *pol)
{
	return pol->home;
}
const char *const *pol_homes(const struct sbx_policy *pol)
{
	return (const char *const *)pol->homes;
}
size_t pol_nroots(const struct sbx_policy *pol)
{
	return pol->nroots;
}
size_t pol_nmasked(const struct sbx_policy *pol)
{
	return pol->masked.n;
}
size_t pol_nsockets(const struct sbx_policy *pol)
{
	return pol->sockets.n;
}
const char *pol_tty(const struct sbx_policy *pol)
{
	return pol->tty;
}

const char *pol_socket(const struct sbx_policy *pol, size_t i)
{
	return i < pol->sockets.n ? pol->sockets.v[i] : NULL;
}

const char *pol_from(const char *from)
{
	return from ? from : "default";
}

size_t pol_nkeep(const struct sbx_policy *pol)
{
	return pol->keep.n;
}

const char *pol_keep(const struct sbx_policy *pol, size_t i)
{
	return i < pol->keep.n ? pol->keep.v[i] : NULL;
}

const char *pol_keep_from(const struct sbx_policy *pol, size_t i)
{
	return i < pol->keep_from.n ? pol->keep_from.v[i] : NULL;
}

const char *pol_socket_from(const struct sbx_policy *pol, size_t i)
{
	return i < pol->sockets_from.n ? pol->sockets_from.v[i] : NULL;
}

const struct pol_root *pol_root(const struct sbx_policy *pol, size_t i)
{
	return i < pol->nroots ? &pol->roots[i] : NULL;
}

const char *pol_masked(const struct sbx_policy *pol, size_t i)
{
	return i < pol->masked.n ? pol->masked.v[i] : NULL;
}

const char *pol_masked_tool(const struct sbx_policy *pol, size_t i)
{
	return i < pol->masked.n ? pol->mmeta[i].tool : NULL;
}

const char *pol_masked_why(const struct sbx_policy *pol, size_t i)
{
	return i < pol->masked.n ? pol->mmeta[i].why : NULL;
}

const char *pol_masked_from(const struct sbx_policy *pol, size_t i)
{
	return i < pol->masked.n ? pol->mmeta[i].from : NULL;
}

bool pol_masked_present(const struct sbx_policy *pol, size_t i)
{
	return i < pol->masked.n && pol->mmeta[i].present;
}

const struct ef_report *pol_env_report(const struct sbx_policy *pol)
{
	return &pol->envf;
}

const struct gm_plan *pol_git(const struct sbx_policy *pol)
{
	return pol->git;
}

size_t pol_nprotected(const struct sbx_policy *pol)
{
	return pol->git ? pol->git->npaths : 0;
}

const struct gm_path *pol_protected(const struct sbx_policy *pol, size_t i)
{
	return i < pol_nprotected(pol) ? &pol->git->paths[i] : NULL;
}

void pol_set_guard(struct sbx_policy *pol, enum pol_guard g)
{
	pol->guard = g;
}

enum pol_guard pol_guard(const struct sbx_policy *pol)
{
	return pol->guard;
}

int pol_root_index(const struct sbx_policy *pol, const char *c)
{
	size_t best_len = 0;
	int best = -1;

	/* The most specific root decides, so `policy check` names the
	 * reason a person would expect (.sandbox-cache, not workspace). */
	for (size_t i = 0; i < pol->nroots; i++) {
		const struct pol_root *r = &pol->roots[i];
		size_t l = strlen(r->path);
		bool hit = r->device && strcmp(r->path, "/dev/pts") != 0
			       ? strcmp(r->path, c) == 0
			       : path_under(r->path, c);

		if (hit && (best < 0 || l > best_len)) {
			best = (int)i;
			best_len = l;
		}
	}
	return best;
}

int pol_root_of(const struct sbx_policy *pol, const char *c, bool unrestricted)
{
	int r = pol_root_index(pol, c);

	if (r >= 0 && !unrestricted &&
	    pol->roots[r].why == POL_WHY_UNRESTRICTED)
		return -1;
	return r;
}

enum pol_access pol_access(const struct sbx_policy *pol, const char *c,
			   int *rule)
{
	const struct gm_path *g;
	int best;

	/* Masked wins: a secret inside a writable root is still a secret
	 * (the backends that cannot enforce that say so in a note). */
	for (size_t i = 0; i < pol->masked.n; i++) {
		if (path_under(pol->masked.v[i], c)) {
			if (rule)
				*rule = (int)i;
			return POL_ACCESS_MASKED;
		}
	}
	/* Then the protected paths: they lie in writable roots (add_git()
	 * keeps no other), and must not be written there. */
	g = gm_lookup(pol->git, c);
	if (g) {
		if (rule)
			*rule = (int)(g - pol->git->paths);
		return POL_ACCESS_PROTECTED;
	}
	best = pol_root_index(pol, c);
	if (rule)
		*rule = best;
	return best >= 0 ? POL_ACCESS_RW : POL_ACCESS_RO;
}

void pol_add_note(struct sbx_policy *pol, const char *key, const char *val)
{
	for (size_t i = 0; i < pol->note_keys.n; i++) {
		if (strcmp(pol->note_keys.v[i], key) == 0 &&
		    strcmp(pol->note_vals.v[i], val) == 0)
			return;
	}
	strv_push(&pol->note_keys, key);
	strv_push(&pol->note_vals, val);
}

void pol_set_note(struct sbx_policy *pol, const char *key, const char *val)
{
	for (size_t i = 0; i < pol->note_keys.n; i++) {
		if (strcmp(pol->note_keys.v[i], key) == 0) {
			free(pol->note_vals.v[i]);
			pol->note_vals.v[i] = xstrdup(val);
			return;
		}
	}
	pol_add_note(pol, key, val);
}

int pol_override(struct sbx_policy *pol, const char *name, const char *value)
{
	struct rt_plan *r = &pol->route;
	const char *uv = value ? value : "(unset)";

	for (size_t i = 0; i < r->nvars; i++) {
		struct rt_var *v = &r->vars[i];

		if (strcmp(v->name, name) != 0)
			continue;
		if (v->overridden && strcmp(v->user_value, uv) == 0)
			return 0;
		free(v->user_value);
		v->user_value = xstrdup(uv);
		v->overridden = true;
		return 1;
	}
	return -ENOENT;
}

const char *pol_note(const struct sbx_policy *pol, const char *key)
{
	for (size_t i = 0; i < pol->note_keys.n; i++)
		if (strcmp(pol->note_keys.v[i], key) == 0)
			return pol->note_vals.v[i];
	return NULL;
}

size_t pol_nnotes(const struct sbx_policy *pol)
{
	return pol->note_keys.n;
}

void pol_note_at(const struct sbx_policy *pol, size_t i, const char **key,
		 const char **val)
{
	*key = pol->note_keys.v[i];
	*val = pol->note_vals.v[i];
}
