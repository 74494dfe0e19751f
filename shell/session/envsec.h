/* shell/session/envsec.h — credential variables never reach the session
 * (docs/design.md §2b): the effectful half of core/envfilter.h.
 *
 * Lifecycle, all in main()'s start-up sequence (shell/main.c), in this
 * order: es_filter() right after the options are read, before anything
 * else looks at the environment → the session opens (ses_open() reads
 * es_start_env() and es_report()) → es_wipe() before the shell confines
 * itself and runs anything.
 */
#ifndef SBX_ENVSEC_H
#define SBX_ENVSEC_H

#include <stdbool.h>
#include <stddef.h>

#include "envfilter.h"

/* struct session's |env|; zeroed: not filtered yet. */
struct es_state {
	char **start;	 /* the original array (its strings, until wiped) */
	size_t *wipe_at; /* indexes in |start| of the withheld entries */
	size_t nwipe;
	struct ef_report rep;
	bool filtered;
	/* The array environ was set to. glibc's setenv() drops its pointer
	 * to it when it copies it to grow the environment, and the
	 * environment may still be it at exit: held here, for the life of
	 * the session, which is the life of the process (a sanitizer build
	 * reported it as leaked once setenv() had copied it). */
	char **kept;
};

/* Replaces environ by the environment without its credential variables
 * (|keep|: the --keep-env patterns, NULL-terminated, may be NULL). Once. */
void es_filter(struct es_state *es, const char *const *keep);

/* The environment as sbxsh was started, until es_wipe(); then NULL. Only
 * for the credential-file table (where tools keep their files). */
char *const *es_start_env(const struct es_state *es);

/* What es_filter() withheld and passed (names only); NULL before it ran. */
const struct ef_report *es_report(const struct es_state *es);

/* Overwrites the withheld "NAME=value" strings where the kernel keeps the
 * process's initial environment, and forgets them: /proc/<shell>/environ
 * and the shell's memory no longer hold them. */
void es_wipe(struct es_state *es);

#endif
