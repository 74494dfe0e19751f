/* core/envfilter.h — which environment variables hold credentials
 * (docs/design.md §2b, "Secrets in the environment"). Pure.
 *
 * One table of name patterns (each with the reason it is there), one of
 * named exceptions, and a few rules on values (a URL with a password in
 * it, a value shaped like a known token). A matching variable is withheld
 * from the session: the shell never puts it in its variable table, so no
 * job, `set`, `env` or `export -p` sees it. `--keep-env PATTERN` passes one
 * on purpose.
 *
 * Lifecycle: ef_split() (the shell, first thing after reading its options)
 * → the report is copied into the policy for `policy env` and the banner
 * → ef_report_free(). Names only are ever kept for display, never values.
 */
#ifndef SBX_ENVFILTER_H
#define SBX_ENVFILTER_H

#include "sbx.h"

/* Why one variable was withheld. */
struct ef_hit {
	char *name;	  /* the variable's name (never its value) */
	const char *rule; /* the table row that matched: "*TOKEN*", "a URL
			     with a password", ...; static */
	const char *why;  /* that row's reason; static */
};

struct ef_report {
	struct ef_hit *withheld; /* in environment order */
	size_t nwithheld;
	struct sbx_strv passed; /* names that matched a row but were kept
				   by a --keep-env pattern */
	struct sbx_strv keep;	/* the --keep-env patterns, as given */
};

/*
 * Decides one variable. |name| is the part before '=', |value| the part
 * after (may be NULL: the name alone is judged). Returns true if it holds
 * (or leads to) a credential; |rule| and |why| (may be NULL) get the row.
 * Exceptions and sbxsh's own variables (routing included) are never
 * withheld.
 */
bool ef_withhold(const char *name, const char *value, const char **rule,
		 const char **why);

/* Does |pattern| (a --keep-env argument: a name, or a glob where '*'
 * matches any run of characters) match |name|? Case-sensitive, as names
 * are. */
bool ef_keep_match(const char *pattern, const char *name);

/*
 * Splits NULL-terminated |env| ("NAME=value" strings). |*kept| gets a new
 * NULL-terminated array of the entries that stay, pointing into |env|
 * (strings borrowed, array owned by the caller: free()); |withheld_at|
 * (may be NULL) a new array of the indexes in |env| of the entries left
 * out, |*nat| their number, so the caller can wipe them. |keep| is the
 * NULL-terminated --keep-env patterns (may be NULL). |rep| is filled
 * (ef_report_free() it). Entries without '=' are kept as they are.
 */
void ef_split(char *const *env, const char *const *keep, char ***kept,
	      size_t **withheld_at, size_t *nat, struct ef_report *rep);

void ef_report_copy(struct ef_report *dst, const struct ef_report *src);
void ef_report_free(struct ef_report *rep);

/* `policy env`'s lines about the filter (names and reasons). */
void ef_format_text(const struct ef_report *rep, struct sbx_buf *b);
/* Two JSON members, without braces or a trailing comma:
 * "env_withheld": [{"name", "rule", "why"}...], "env_passed": [names]. */
void ef_format_json(const struct ef_report *rep, struct sbx_buf *b);
/* The same two members, into the object |w| has open. */
struct json_w;
void ef_json(const struct ef_report *rep, struct json_w *w);

/* The tables themselves, for the documentation and the unit tests. */
struct ef_row {
	const char *pattern; /* '*' matches any run; case-insensitive */
	const char *why;
};
extern const struct ef_row ef_patterns[];
extern const size_t ef_npatterns;
extern const struct ef_row ef_exceptions[]; /* exact names */
extern const size_t ef_nexceptions;

#endif
