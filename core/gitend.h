/* core/gitend.h — the end of the session for git metadata: how what a
 * protected path was at the start (struct gm_stat, taken by
 * shell/session/gitscan.c) compares with what it is now, and the report lines.
 * Pure; nothing here allocates: the check also runs in a signal
 * handler. */
#ifndef SBX_GITEND_H
#define SBX_GITEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gitfmt.h"
#include "gitmeta.h"

/* True for what git init, clone, submodule and worktree write themselves
 * (core.bare, remote.*.url, ...) and user.name/email: harmless. Anything
 * else in a repository created during the session is worth a look. */
bool gm_key_default(const struct gm_cfg_kv *kv);
/* A hook git would run: not a "*.sample" (nor "." or ".."). */
bool gm_hook_name(const char *name);

/* What a protected path was, for the end-of-session comparison. */
struct gm_stat {
	enum gm_kind kind;
	uint64_t dev, ino, size, hash;
	uint32_t mode;
	int64_t mtime_s, ctime_s;
	long mtime_ns, ctime_ns;
	bool hashed; /* content hash taken: stat could not tell */
};
enum gm_change {
	GM_SAME,
	GM_CREATED,
	GM_REMOVED,
	GM_REPLACED, /* another file or folder in its place */
	GM_CHANGED,  /* same file, other content or mode */
};
/* |identity|: compare what the entry is (kind, device, inode), not its
 * content: a git dir's contents change legitimately. */
enum gm_change gm_compare(const struct gm_stat *a, const struct gm_stat *b,
			  bool identity);
/* Racy-git: a change within the timestamp granularity of the last one
 * leaves stat the same, so content is hashed when the file changed in
 * the two seconds before |now_s|. */
bool gm_needs_hash(const struct gm_stat *st, int64_t now_s);
uint64_t gm_hash(uint64_t h, const void *buf, size_t n); /* FNV-1a */

/* One report line (no newline) into |out|: "sbxsh: git: PATH was created
 * during the session (WHAT): review it before running git in REPO outside
 * the sandbox". Returns the length (truncated to |cap| - 1). */
size_t gm_fmt_change(char *out, size_t cap, const char *path, enum gm_why why,
		     enum gm_change ch, const char *repo);
/* "sbxsh: git: new repository DIR (created during the session) has hooks
 * (H) and a non-default config (K): review them before running git there
 * outside the sandbox". |hooks|, |keys|: comma-separated, may be "". */
size_t gm_fmt_new_repo(char *out, size_t cap, const char *dir,
		       const char *hooks, const char *keys);

#endif
