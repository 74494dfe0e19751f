/* shell/session/canon.h — the disk facts core/ asks for, answered for real. */
#ifndef SBX_CANON_H
#define SBX_CANON_H

#include <stdbool.h>

#include "sbx.h"

/* Prefixes already resolved, for the span of one session opening: pass
 * it as |ctx|. Zero-initialized; canon_memo_free() when done. */
struct canon_memo {
	struct sbx_strv keys, vals;
	unsigned long *hash; /* of each key: most lookups miss, and the keys
				share long prefixes that strcmp would walk */
	size_t *slot;	     /* open addressing on |hash|: key index + 1, 0
				empty; the credential table alone asks about
				a hundred paths, too many for a linear scan */
	size_t nslot;	     /* a power of two, or 0 */
	struct canon_listing *lists; /* folders canon_memo_list() read whole */
	size_t nlists;
	struct sbx_buf last; /* the last path sh_canon_memo() knew without a */
	int last_known;	     /* walk, and what it knew (for the exists
				question the policy asks next) */
};
void canon_memo_free(struct canon_memo *m);
/* Drops what the memo knows to be missing: to call after creating files. */
void canon_memo_forget_absent(struct canon_memo *m);
/* Reads the canonical folder |dir| whole into |m|: each entry that is not
 * a symlink is then known as itself, and a name it does not hold as
 * missing, with no readlink each. For the few folders the credential
 * table asks about a hundred names in (core/secrets.h). A folder of more
 * than 2048 entries is not taken as read whole. */
void canon_memo_list(struct canon_memo *m, const char *dir);

/* sbx_canon_fn: realpath() of the longest existing prefix of the folded
 * absolute |path|, with the rest appended unchanged. New string. |ctx| is
 * ignored: the disk is looked at afresh. */
char *sh_canon(void *ctx, const char *path);
/* The same through |memo| (a struct canon_memo, or NULL). */
char *sh_canon_memo(void *memo, const char *path);
/* pol_facts.exists: does canonical |path| exist? Answered from |memo| (a
 * struct canon_memo, or NULL) when the memo knows, else by lstat(). */
bool sh_exists_memo(void *memo, const char *path);
/* True if |path| is a directory (following symlinks). |ctx| ignored. */
bool sh_is_dir(void *ctx, const char *path);
/* The same, answering "no" without a syscall for a path |memo| has seen
 * missing (a struct canon_memo, or NULL). */
bool sh_is_dir_memo(void *memo, const char *path);

#endif
