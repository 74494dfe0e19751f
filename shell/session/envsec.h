/* shell/session/envsec.h — credential variables never reach the session
 * (docs/design.md §2b): the effectful half of core/envfilter.h.
 *
 * Lifecycle, all in main(), in this order: es_filter() right after the
 * options are read, before anything else looks at the environment →
 * the session opens (ses_open() reads es_start_env() and es_report()) →
 * es_wipe() before the shell confines itself and runs anything.
 */
#ifndef SBX_ENVSEC_H
#define SBX_ENVSEC_H

#include "envfilter.h"

/* Replaces environ by the environment without its credential variables
 * (|keep|: the --keep-env patterns, NULL-terminated, may be NULL). Once. */
void es_filter(const char *const *keep);

/* The environment as sbxsh was started, until es_wipe(); then NULL. Only
 * for the credential-file table (where tools keep their files). */
char *const *es_start_env(void);

/* What es_filter() withheld and passed (names only); NULL before it ran. */
const struct ef_report *es_report(void);

/* Overwrites the withheld "NAME=value" strings where the kernel keeps the
 * process's initial environment, and forgets them: /proc/<shell>/environ
 * and the shell's memory no longer hold them. */
void es_wipe(void);

#endif
