/* shell/interactive/complete.h — what TAB offers: command names, file names,
 * %job specs, $VARIABLES and the policy builtin's subcommands.
 *
 * Lifecycle: cmp_new(source) → cmp_complete() per TAB → cmp_result_free()
 * → cmp_free(). The shell's own names (builtins, functions, aliases, jobs,
 * variables) come through |source| callbacks; executables come from the
 * PATH dirs, cached per dir and rescanned when a dir's mtime changes, so a
 * tool installed by the previous command completes at once.
 */
#ifndef SBX_COMPLETE_H
#define SBX_COMPLETE_H

#include <stdbool.h>
#include <stddef.h>

#include "sbx.h"

enum cmp_kind {
	CMP_BUILTIN,
	CMP_FUNCTION,
	CMP_ALIAS,
	CMP_JOB, /* job specs, e.g. "%1", "%2" (the "%" included) */
	CMP_VAR, /* variable names, without "$" */
};

struct cmp_source {
	void *ctx;
	/* Pushes every name of |kind| into |out|. NULL: none. */
	void (*names)(void *ctx, enum cmp_kind kind, struct sbx_strv *out);
	/* A shell variable (PATH, HOME), or NULL. NULL: getenv(). */
	const char *(*getvar)(void *ctx, const char *name);
};

struct cmp_result {
	/* The bytes [start, end) of the line are replaced by a candidate's
	 * |insert| text; |end| is the cursor. */
	size_t start, end;
	/* The quoted replacements, unique, in the order of |shown|. */
	struct sbx_strv insert;
	struct sbx_strv shown; /* the bare names, sorted, for listing */
	/* A candidate is complete (a file, not a folder): after inserting
	 * the only one, add a space (and close an open quote). */
	bool *final;
	const char *what; /* "command", "file", "job", "variable",
			     "policy" — for tests and the docs */
};

struct cmp;

struct cmp *cmp_new(const struct cmp_source *src);
void cmp_free(struct cmp *c);

/* Completes the word that ends at |cursor| in |line| (|len| bytes).
 * Returns the number of candidates (0: nothing to offer). */
size_t cmp_complete(struct cmp *c, const char *line, size_t len, size_t cursor,
		    struct cmp_result *r);
void cmp_result_free(struct cmp_result *r);

/* The longest common prefix of the |insert| texts, as a new string. */
char *cmp_common(const struct cmp_result *r);

/* |s| quoted for the shell with backslashes (a file name with spaces,
 * quotes, $ ...). New string. Exported for tests. */
char *cmp_quote(const char *s);

/* PATH dirs scanned and cache hits since cmp_new(), for tests and the
 * benchmark. */
void cmp_stats(const struct cmp *c, unsigned *scans, unsigned *hits);

#endif
