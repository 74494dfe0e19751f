/* shell/canon.c — symlink canonicalization for the policy and the checker. */
#include "canon.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sbx.h"

char *sh_canon(void *ctx, const char *path)
{
	SBX_AUTOFREE char *p = path_fold(path);
	size_t n;

	(void)ctx;
	if (!p)
		return xstrdup(path);
	/* Walk back one component at a time until realpath() succeeds:
	 * paths that do not exist yet ("/tmp/new/x") still canonicalize
	 * through their existing ancestors, as the checker needs. */
	for (n = strlen(p);;) {
		char save = p[n];
		char *r;

		p[n] = '\0';
		r = realpath(n ? p : "/", NULL);
		p[n] = save;
		if (r) {
			char *out;

			if (!p[n])
				return r;
			out = strcmp(r, "/") == 0 ? xstrdup(p + n)
						  : xasprintf("%s%s", r, p + n);
			free(r);
			return out;
		}
		if (n == 0)
			return sbx_steal(&p);
		while (n > 0 && p[n - 1] != '/')
			n--;
		if (n > 0)
			n--; /* the slash stays in the remainder */
	}
}

bool sh_is_dir(void *ctx, const char *path)
{
	struct stat st;

	(void)ctx;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}
