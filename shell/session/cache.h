/* shell/session/cache.h — `policy cache`: what .sandbox-cache holds per
 * toolchain, pruning, and moving it between machines as a tarball
 * (docs/design.md §9). The pure half is core/cachetar.h.
 *
 *   policy cache [list] [--json]
 *   policy cache prune [--older-than DAYS] [--tool NAME] [--dry-run]
 *   policy cache export FILE.tar[.gz]
 *   policy cache import FILE
 */
#ifndef SBX_CACHE_H
#define SBX_CACHE_H

#include "sbx.h"

/* |dir|: the persistent folder. argv[0] is "cache". Returns the exit
 * status (0, 1 on failure, 2 on a usage error). */
int cache_main(const char *dir, int argc, char **argv, struct sbx_buf *out,
	       struct sbx_buf *err);

#endif
