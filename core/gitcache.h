/* core/gitcache.h — the file format of the git scan's cache
 * (shell/session/gitscan.c says what it is for and when it is trusted): one
 * file per workspace in sbxsh's state folder,
 *
 *   sbxsh-gitscan 1 <dev> <ino> <workspace>
 *   d <ino> <mtime s> <ns> <ctime s> <ns> <name>     a folder below it
 *   r <f|d|l|o> <name>                               its repositories:
 *                                                    <name>/.git, "." = its own
 *
 * Pure, and nothing here allocates: the end of the session (perhaps in a
 * signal handler) writes the cache through it into a buffer allocated
 * before. Reading refuses what sbxsh never writes: a line that does not
 * parse, a truncated one, a name with a slash, "..", an empty name. The
 * file is masked from jobs, but a doubt costs only a full scan, a wrong
 * answer a repository left unprotected. */
#ifndef SBX_GITCACHE_H
#define SBX_GITCACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gitmeta.h"

/* What a folder's cache line remembers of it (stat). */
struct gcache_stamp {
	uint64_t ino, mtime_s, mtime_ns, ctime_s, ctime_ns;
};

/* The text being written, into a buffer the caller owns. */
struct gcache_out {
	char *b;
	size_t cap, len;
	bool overflow; /* did not fit: not to be written at all */
};

/* The header line. False if |root| holds a newline (nothing written). */
bool gcache_header(struct gcache_out *o, uint64_t dev, uint64_t ino,
		   const char *root);
/* True when the text read, |in| (|inlen| bytes), starts with the header
 * just written to |o|: the same format, workspace, device and inode. */
bool gcache_header_matches(const struct gcache_out *o, const char *in,
			   size_t inlen);
/* A "d" line for folder |name|. False if |name| holds a newline. */
bool gcache_dir(struct gcache_out *o, const char *name,
		const struct gcache_stamp *st);
/* An "r" line: a .git of kind |k| at |rel| (|n| bytes, "" for the
 * folder's own) below the folder. False if it holds a newline. */
bool gcache_repo(struct gcache_out *o, enum gm_kind k, const char *rel,
		 size_t n);

/* The "d" line of folder |name| in [in, end), or NULL. */
const char *gcache_find(const char *in, const char *end, const char *name);
/* Does the "d" line at |l| say |st|? */
bool gcache_same(const char *l, const char *end, const struct gcache_stamp *st);
/* The repositories listed after a "d" line, |*l| starting on the line
 * after it: each call copies the next name into |rel|
 * ("." for the folder's own) and returns 1, 0 at the end of the block
 * (the next "d" line, the end of the text), -EINVAL at a line sbxsh
 * never writes (then trust nothing of the block). */
int gcache_next_repo(const char **l, const char *end, char *rel, size_t cap);

#endif
