/* shell/canon.h — the disk facts core/ asks for, answered for real. */
#ifndef SBX_CANON_H
#define SBX_CANON_H

#include <stdbool.h>

/* sbx_canon_fn: realpath() of the longest existing prefix of the folded
 * absolute |path|, with the rest appended unchanged. New string. */
char *sh_canon(void *ctx, const char *path);
/* True if |path| is a directory (following symlinks). */
bool sh_is_dir(void *ctx, const char *path);

#endif
