/* core/gitend.c — the end of the session (gitend.h): what changed in a
 * protected git path, whether a repository created during the session
 * holds hooks or a config worth a look, and the report lines. Pure, and
 * no allocation: it also runs in a signal handler (shell/session/gitscan.c). */
#include "gitend.h"

#include <string.h>

/* clang-format off */
/* What git init, clone, submodule and worktree write: "section.name", with
 * "*" standing for any subsection. */
static const char *const default_keys[] = {
	"core.repositoryformatversion", "core.filemode", "core.bare",
	"core.logallrefupdates", "core.ignorecase", "core.precomposeunicode",
	"core.symlinks", "core.worktree", "core.sparsecheckout",
	"core.sparsecheckoutcone",
	"extensions.objectformat", "extensions.refstorage",
	"extensions.worktreeconfig", "extensions.partialclone",
	"remote.*.url", "remote.*.fetch", "remote.*.promisor",
	"remote.*.partialclonefilter", "remote.*.tagopt",
	"branch.*.remote", "branch.*.merge",
	"submodule.*.url", "submodule.*.active",
	"user.name", "user.email",
	"init.defaultbranch",
};
/* clang-format on */

bool gm_key_default(const struct gm_cfg_kv *kv)
{
	for (size_t i = 0; i < sizeof(default_keys) / sizeof(*default_keys);
	     i++) {
		const char *k = default_keys[i], *dot = strchr(k, '.');
		size_t sl = (size_t)(dot - k);
		const char *name = dot + 1;
		bool any = name[0] == '*';

		if (strlen(kv->section) != sl || memcmp(kv->section, k, sl))
			continue;
		if (any)
			name += 2;
		if ((any ? kv->sub[0] != '\0' : kv->sub[0] == '\0') &&
		    strcmp(kv->name, name) == 0)
			return true;
	}
	return false;
}

bool gm_hook_name(const char *name)
{
	size_t n = strlen(name);

	if (!strcmp(name, ".") || !strcmp(name, ".."))
		return false;
	return !(n > 7 && strcmp(name + n - 7, ".sample") == 0);
}

/* --- the end of the session ---------------------------------------------- */

enum gm_change gm_compare(const struct gm_stat *a, const struct gm_stat *b,
			  bool identity)
{
	if (a->kind != b->kind) {
		if (a->kind == GM_ABSENT)
			return GM_CREATED;
		if (b->kind == GM_ABSENT)
			return GM_REMOVED;
		return GM_REPLACED;
	}
	if (a->kind == GM_ABSENT)
		return GM_SAME;
	if (a->dev != b->dev || a->ino != b->ino)
		return GM_REPLACED;
	if (identity)
		return GM_SAME;
	if (a->mode != b->mode || a->size != b->size ||
	    a->mtime_s != b->mtime_s || a->mtime_ns != b->mtime_ns ||
	    a->ctime_s != b->ctime_s || a->ctime_ns != b->ctime_ns)
		return GM_CHANGED;
	if (a->hashed && b->hashed && a->hash != b->hash)
		return GM_CHANGED;
	return GM_SAME;
}

bool gm_needs_hash(const struct gm_stat *st, int64_t now_s)
{
	return (st->kind == GM_FILE || st->kind == GM_LINK) &&
	       (st->ctime_s >= now_s - 2 || st->mtime_s >= now_s - 2);
}

uint64_t gm_hash(uint64_t h, const void *buf, size_t n)
{
	const unsigned char *p = buf;

	if (!h)
		h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 1099511628211ull;
	return h;
}

struct out {
	char *b;
	size_t cap, n;
};

/* Appends |s| as it may be shown: a path, a hook's name or a config key
 * (`branch.<name>.remote`, `remote.<name>.url`) was chosen by a job, and
 * a branch named $'\xc2\x9b...' would otherwise reach the user's
 * terminal as an 8-bit CSI after the session (str_shown_copy escapes C0,
 * DEL, C1 as bytes and as UTF-8, invalid UTF-8; a line stays a line). */
static void out_s(struct out *o, const char *s)
{
	o->n = str_shown_copy(o->b, o->cap, o->n, s);
}

/* A line in |buf| that begins "sbxsh: git: " (nothing if |cap| is 0). */
static struct out out_open(char *buf, size_t cap)
{
	struct out o = {buf, cap, 0};

	if (cap) {
		buf[0] = '\0';
		out_s(&o, "sbxsh: git: ");
	}
	return o;
}

static const char *change_word(enum gm_change ch, enum gm_why why)
{
	switch (ch) {
	case GM_CREATED:
		return "was created";
	case GM_REMOVED:
		return "was removed";
	case GM_REPLACED:
		return why == GM_WHY_GITDIR ? "was replaced" : "was changed";
	case GM_CHANGED:
		return "was changed";
	default:
		return "is unchanged";
	}
}

size_t gm_fmt_change(char *buf, size_t cap, const char *path, enum gm_why why,
		     enum gm_change ch, const char *repo)
{
	struct out o = out_open(buf, cap);

	if (!cap)
		return 0;
	out_s(&o, path);
	out_s(&o, " ");
	out_s(&o, change_word(ch, why));
	out_s(&o, " during the session (");
	out_s(&o, gm_why_short(why));
	if (repo) {
		out_s(&o, "): review it before running git in ");
		out_s(&o, repo);
		out_s(&o, " outside the sandbox");
	} else {
		out_s(&o, "): review it before it is used outside the sandbox");
	}
	return o.n;
}

size_t gm_fmt_new_repo(char *buf, size_t cap, const char *dir,
		       const char *hooks, const char *keys)
{
	struct out o = out_open(buf, cap);
	bool h = hooks && *hooks, k = keys && *keys;

	if (!cap)
		return 0;
	out_s(&o, "new repository ");
	out_s(&o, dir);
	out_s(&o, " (created during the session) has ");
	if (h) {
		out_s(&o, "hooks (");
		out_s(&o, hooks);
		out_s(&o, ")");
	}
	if (h && k)
		out_s(&o, " and ");
	if (k) {
		out_s(&o, "a non-default config (");
		out_s(&o, keys);
		out_s(&o, ")");
	}
	out_s(&o, ": review them before running git there outside the "
		  "sandbox");
	return o.n;
}
