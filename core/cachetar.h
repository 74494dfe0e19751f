/* core/cachetar.h — the pure half of `policy cache` (docs/design.md §9):
 * which folder of .sandbox-cache belongs to which toolchain (one row per
 * folder, from the routing table), and the rules every member of an
 * imported archive must keep. The archive itself is read and written by
 * libarchive (shell/session/cache.c). Pure.
 */
#ifndef SBX_CACHETAR_H
#define SBX_CACHETAR_H

#include <stdint.h>

#include "sbx.h"

/* The folders the routing table points into, first component only
 * ("python", "npm-cache", "m2"), each once, in table order, with the
 * variables that name it ("PYTHONUSERBASE"). */
struct ct_row {
	char *dir;
	struct sbx_buf vars; /* "A, B" */
};
struct ct_rows {
	struct ct_row *v;
	size_t n;
};
void ct_rows_make(struct ct_rows *out);
void ct_rows_free(struct ct_rows *r);
/* The row |name| selects: a folder ("npm-cache"), a variable
 * ("GOCACHE", any case), or a tool word that starts one ("npm" picks
 * every row whose folder starts with "npm"): ct_matches(). */
bool ct_matches(const struct ct_row *r, const char *name);

/* What an archive member is, as libarchive reports it (shell/session/cache.c
 * maps AE_IF* and the hard-link field onto these). */
enum ct_type {
	CT_FILE,
	CT_DIR,
	CT_SYMLINK,
	CT_HARDLINK,
	CT_DEVICE,
	CT_FIFO,
	CT_SOCKET,
	CT_OTHER
};

/* |name| as extraction uses it: "" and "." components and repeated or
 * trailing slashes dropped ("./a//./b/" -> "a/b"), into |out| (|n|
 * bytes). -EINVAL (+why) for an empty name, an absolute one, a ".."
 * component, a name that is only "." components (the folder itself:
 * extracting it would replace the whole cache), or one too long. */
int ct_norm(const char *name, char *out, size_t n, const char **why);
/* Is symlink |name| (normalised: ct_norm) -> |target| confined to the
 * folder? Absolute targets are refused; ".." may only lead the target
 * ("." components ignored), and no further up than |name|'s own depth:
 * extraction never walks through a symlink (ct_check refuses a member
 * beneath one), so the link's folder is a real one and the kernel
 * resolves its ".." physically; a ".." after another component could
 * climb out through a symlink to ".". */
bool ct_link_ok(const char *name, const char *target, const char **why);

/* Every name an import has seen so far, with what it is: the members,
 * and the folders above them that extraction creates ("implicit").
 * Lifecycle: zero-initialise, ct_check() per member, walk v[0..cap)
 * (a NULL name is an empty slot), ct_seen_free(). */
enum ct_kind { CT_K_IMPLICIT, CT_K_DIR, CT_K_FILE, CT_K_LINK };
struct ct_ent {
	char *name; /* normalised; NULL: empty slot */
	enum ct_kind kind;
	unsigned mode; /* a folder member's permission bits */
	int64_t mtime; /* and its mtime */
};
struct ct_seen {
	struct ct_ent *v;
	size_t cap, n;
};
void ct_seen_free(struct ct_seen *s);

/* One member of an imported archive: may it be extracted? Normalises
 * |name| into |norm| (|nn| bytes) and records it in |s|. -EINVAL (+why)
 * for a hard link, a device, a fifo, a socket or an unknown type; a
 * refused name (ct_norm); a symlink out of the folder (ct_link_ok); a
 * member met before (a duplicate would replace what an earlier member
 * made, a symlink swapped in for a folder the archive already filled);
 * a member beneath a symlink or a file of the archive (extracting it
 * would walk through the link); a folder of earlier members given again
 * as something else. |mode| and |mtime| are kept for folders. */
int ct_check(struct ct_seen *s, const char *name, enum ct_type type,
	     const char *link, unsigned mode, int64_t mtime, char *norm,
	     size_t nn, const char **why);

#endif
