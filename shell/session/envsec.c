/* shell/session/envsec.c — withholding credential variables from the session.
 *
 * Replacing environ is not enough: the kernel keeps the environment sbxsh
 * was started with at the top of its stack, and /proc/<pid>/environ reads
 * it from there whatever environ points at. A job may read the shell's
 * /proc entry (same domain; CAP_SYS_PTRACE would pass the dumpable check:
 * --backend none as root, though confined sessions hold no capability,
 * backends/backend.c be_drop_privs()), so the withheld strings themselves
 * are overwritten, and no copy
 * of a value is ever made: the report holds names only.
 */
#include "envsec.h"

#include <stdlib.h>
#include <string.h>

extern char **environ;

static char **start;	/* the original array (its strings, until wiped) */
static size_t *wipe_at; /* indexes in |start| of the withheld entries */
static size_t nwipe;
static struct ef_report rep;
static bool filtered;
/* The array environ was set to. glibc's setenv() drops its pointer to
 * it when it copies it to grow the environment, and the environment may
 * still be it at exit: held here, for the life of the process (a
 * sanitizer build reported it as leaked once setenv() had copied it). */
static char **kept;

void es_filter(const char *const *keep)
{
	if (filtered)
		return;
	filtered = true;
	start = environ;
	ef_split(environ, keep, &kept, &wipe_at, &nwipe, &rep);
	/* |kept| borrows the strings of the initial environment; glibc's
	 * setenv() copies an array it did not allocate before it grows it,
	 * so the shell can go on changing its own environment as before. */
	environ = kept;
}

char *const *es_start_env(void)
{
	return start;
}

const struct ef_report *es_report(void)
{
	return filtered ? &rep : NULL;
}

void es_wipe(void)
{
	for (size_t i = 0; i < nwipe; i++) {
		char *s = start[wipe_at[i]];

		/* explicit_bzero: the compiler must not drop a store to
		 * memory it believes nobody reads again. */
		explicit_bzero(s, strlen(s));
	}
	free(wipe_at);
	wipe_at = NULL;
	nwipe = 0;
	start = NULL;
}
