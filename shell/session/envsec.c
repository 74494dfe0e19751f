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
 *
 * The state (struct es_state) is struct session's |env|.
 */
#include "envsec.h"

#include <stdlib.h>
#include <string.h>

extern char **environ;

void es_filter(struct es_state *es, const char *const *keep)
{
	if (es->filtered)
		return;
	es->filtered = true;
	es->start = environ;
	ef_split(environ, keep, &es->kept, &es->wipe_at, &es->nwipe, &es->rep);
	/* |kept| borrows the strings of the initial environment; glibc's
	 * setenv() copies an array it did not allocate before it grows it,
	 * so the shell can go on changing its own environment as before. */
	environ = es->kept;
}

char *const *es_start_env(const struct es_state *es)
{
	return es->start;
}

const struct ef_report *es_report(const struct es_state *es)
{
	return es->filtered ? &es->rep : NULL;
}

void es_wipe(struct es_state *es)
{
	for (size_t i = 0; i < es->nwipe; i++) {
		char *s = es->start[es->wipe_at[i]];

		/* explicit_bzero: the compiler must not drop a store to
		 * memory it believes nobody reads again. */
		explicit_bzero(s, strlen(s));
	}
	free(es->wipe_at);
	es->wipe_at = NULL;
	es->nwipe = 0;
	es->start = NULL;
}
