/* tests/unit/fakefs.h — pure fake disk facts for core/ tests: a list of
 * existing folders and of symlinks (prefix → target). */
#ifndef SBX_FAKEFS_H
#define SBX_FAKEFS_H

#include <stdbool.h>
#include <string.h>

#include "sbx.h"

struct fakefs {
	const char *dirs[32];
	const char *links[8][2]; /* { "/link", "/real" } */
};

static inline char *fake_canon(void *ctx, const char *path)
{
	struct fakefs *fs = ctx;

	for (int i = 0; i < 8 && fs->links[i][0]; i++) {
		const char *l = fs->links[i][0];

		if (path_under(l, path))
			return xasprintf("%s%s", fs->links[i][1],
					 path + strlen(l));
	}
	return xstrdup(path);
}

static inline bool fake_is_dir(void *ctx, const char *path)
{
	struct fakefs *fs = ctx;

	for (int i = 0; i < 32 && fs->dirs[i]; i++)
		if (strcmp(fs->dirs[i], path) == 0)
			return true;
	return false;
}

#endif
