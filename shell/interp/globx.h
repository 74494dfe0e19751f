/* shell/interp/globx.h — bash's pattern options: the fnmatch(3) flags that
 * extglob and nocasematch give each kind of match, and pathname expansion
 * under extglob, globstar (`**`) and nocaseglob, which glob(3) has no
 * flags for. */
#ifndef SBXSH_GLOBX_H
#define SBXSH_GLOBX_H

#include <stdbool.h>

#include "interp.h"

/* Where a pattern is matched: bash gives each its own options. */
enum gx_where {
	GX_CASE,    /* case: extglob, nocasematch */
	GX_COND,    /* [[ == ]]: always extglob, nocasematch */
	GX_REPLACE, /* ${x/p/r}: extglob, nocasematch */
	GX_REMOVE,  /* ${x#p} ${x%p} ${x^p}: extglob only */
};

/* The fnmatch flags for a match at |w| (0 in the posix mode). */
int gx_fnmflags(const struct shell *sh, enum gx_where w);

/* Does |s| match |pat| (quoted characters backslash-escaped) at |w|? */
bool gx_match(const struct shell *sh, enum gx_where w, const char *pat,
	      const char *s);

/* Does pathname expansion go through gx_expand() (the bash mode with
 * extglob, globstar or nocaseglob on)? Otherwise glob(3) does it. */
bool gx_wanted(const struct shell *sh);

/* Is |pat| (quoted characters backslash-escaped) a pattern at all:
 * * ? [..] or, with extglob, one of @( !( +( *( ?( ? */
bool gx_magic(const struct shell *sh, const char *pat);

/* Pathname expansion of |pat| into |out|, sorted (strcoll). Returns the
 * number of names added, or -EINTR when SIGINT arrived during the walk
 * (nothing is added then): a `**` over a huge tree stops at Ctrl-C. */
int gx_expand(struct shell *sh, const char *pat, struct sbx_strv *out);

#endif
