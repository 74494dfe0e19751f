/* core/cachetar.h — the pure half of `policy cache` (SPEC section 9):
 * which folder of .sandbox-cache belongs to which toolchain (one row per
 * folder, from the routing table), ustar headers, and the rules an
 * imported archive must keep. Pure.
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

/* One member, as read from or written to a header. */
enum ct_type { CT_FILE, CT_DIR, CT_SYMLINK, CT_OTHER };
struct ct_member {
	char name[4096];   /* relative, no leading "./" or trailing '/' */
	char link[4096];   /* symlink target */
	enum ct_type type;
	char typeflag;     /* as in the header */
	uint64_t size;
	unsigned mode;
	int64_t mtime;
};

/* Is |name| a safe member name: relative, no ".." component, not empty?
 * |why| gets a sentence when not. */
bool ct_name_ok(const char *name, const char **why);
/* Is symlink |name| -> |target| confined to the folder? Absolute
 * targets are refused; ".." may only lead the target, and no further
 * up than |name|'s own depth: extraction never walks through a
 * symlink, so the link's folder is a real one and the kernel resolves
 * its ".." physically; a ".." after another component could climb out
 * through a symlink to ".". */
bool ct_link_ok(const char *name, const char *target, const char **why);

/* Writes the header (and, for long names or targets, a pax 'x' header
 * before it) for |m| into |out| (a multiple of 512 bytes). */
void ct_header(const struct ct_member *m, struct sbx_buf *out);

/* Parses one 512-byte block. Returns 1 for a member header (|m| filled,
 * name from |pax_path| / |pax_link| when non-empty), 0 for the zero
 * block that ends an archive, -EINVAL (+why) for a bad checksum or a
 * malformed header. */
int ct_parse(const unsigned char blk[512], const char *pax_path,
	     const char *pax_link, struct ct_member *m, const char **why);
/* Reads "path" and "linkpath" out of a pax extended header body of
 * |n| bytes. Either may be left empty. */
void ct_pax(const char *body, size_t n, char *path, size_t pn, char *link,
	    size_t ln);

#endif
