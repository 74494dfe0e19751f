/* core/layout.h — the session layout (docs/design.md §1), computed from facts.
 * Pure.
 *
 * Lifecycle: fill a lay_facts → lay_compute() → use → lay_free().
 * Creating the folders is shell/session/session.c's job; this module only names
 * them.
 */
#ifndef SBX_LAYOUT_H
#define SBX_LAYOUT_H

#include "sbx.h"

#define LAY_PERSIST_NAME ".sandbox-cache"
#define LAY_RUNS_NAME ".sandbox-runs"
#define LAY_RUN_MARK ".sbxsh-run" /* file inside each run folder we made */
#define LAY_KEEP_DEFAULT 5

struct lay_facts {
	const char *workspace;	 /* absolute, canonical (caller resolved it) */
	const char *workflow_id; /* NULL: base name of the workspace */
	const char *state_dir;	 /* absolute, canonical; NULL: the workspace */
	/* Names of the entries of <state>/.sandbox-runs that are real folders
	 * (not symlinks) carrying LAY_RUN_MARK: the only ones we may prune. */
	const char *const *runs;
	size_t nruns;
	const char *run_id; /* the new run's name, see lay_run_id() */
	unsigned keep;	    /* run folders to keep, the new one included;
			       0 means LAY_KEEP_DEFAULT */
};

struct lay_layout {
	char *workflow_id;
	char *workspace;
	char *state_dir;       /* where the two state folders live */
	char *persist_dir;     /* <state>/.sandbox-cache */
	char *runs_dir;	       /* <state>/.sandbox-runs */
	char *run_dir;	       /* <state>/.sandbox-runs/<run_id> */
	char *run_tmp;	       /* <run_dir>/tmp */
	struct sbx_strv prune; /* run folder names to delete, oldest first */
};

/* 0, or -EINVAL (+diag) for a relative workspace or a bad run id. */
int lay_compute(const struct lay_facts *f, struct lay_layout *out,
		struct sbx_diag *diag);
void lay_free(struct lay_layout *l);

/* Checks a workflow id given with --workflow: non-empty, no '/', not "." or
 * "..", no control characters, at most 255 bytes. 0 or -EINVAL (+diag). */
int lay_check_workflow_id(const char *id, struct sbx_diag *diag);

/* The workspace of --workflow ID: <root>/Workflow/<ID>. New string. */
char *lay_workflow_path(const char *root, const char *id);

/* A run id that sorts by time: "20261129T191450Z-<pid>-<nonce>", where
 * |nonce| comes from the caller's random source. New string. */
char *lay_run_id(long long epoch_sec, long pid, unsigned nonce);

/* True if |name| has the shape lay_run_id() produces. */
bool lay_is_run_id(const char *name);

/* The CACHEDIR.TAG contents (Cache Directory Tagging Standard). */
extern const char lay_cachedir_tag[];

#endif
