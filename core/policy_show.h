/* core/policy_show.h — rendering a policy (core/policy_show.c): text
 * for people, JSON for tools. Building it is core/policy.h's. Pure. */
#ifndef SBX_POLICY_SHOW_H
#define SBX_POLICY_SHOW_H
#include "policy.h"

/* Why a folder is a writable root: a short name and a sentence
 * fragment ("workspace", "the workflow's own files"). */
const char *pol_why_name(enum pol_why w); /* "workspace" ... */
const char *pol_why_text(enum pol_why w); /* a sentence fragment */

/* "sandbox_writable: [/a, /b]" — the machine-readable contract of
 * docs/design.md §2, without a newline. */
void pol_format_writable(const struct sbx_policy *pol, struct sbx_buf *b);
/* The human sentence that follows it (no newline): "writable: the
 * workspace, ..., devices; everything else is read-only.", naming only
 * the kinds of root |pol| holds (the /tmp root by its path). */
void pol_format_sentence(const struct sbx_policy *pol, struct sbx_buf *b);

/* The system-call filter's families (be_seccomp_families), as a titled
 * block; nothing when |sc| is NULL or empty. */
void pol_format_seccomp(const struct sbx_strv *sc, struct sbx_buf *b);
/* Plain `policy`: the header, the notes, the contract line and its
 * sentence, how many roots, routed variables, masked secrets and sockets
 * (each is in `policy --all`), the network rules (--network domains),
 * and the seccomp block. */
void pol_format_brief(const struct sbx_policy *pol, const struct sbx_strv *sc,
		      struct sbx_buf *b);
/* pol_format_json with the seccomp families as "seccomp": [...]. */
void pol_format_json_x(const struct sbx_policy *pol, const struct sbx_strv *sc,
		       struct sbx_buf *b);

/* The whole policy as text (for --print-policy and `policy`) or as one
 * JSON document with keys workflow, workspace, persistent_dir, run_dir,
 * sandbox_writable [{path,reason,why,from}], env {}, path_prefix [], masked []
 * (paths), masked_why [{path,tool,why,from}], allowed_sockets (paths),
 * allowed_sockets_from [{path,from}], env_withheld [{name,rule,why}],
 * env_passed [], env_keep [{pattern,from,passed}], plus scope, network,
 * notes. Every sandbox_writable entry has a "from" too: "default", "flag"
 * or "config FILE:LINE". */
void pol_format_text(const struct sbx_policy *pol, struct sbx_buf *b);
void pol_format_json(const struct sbx_policy *pol, struct sbx_buf *b);
/* The routing table and the withheld variables, as `policy env` prints
 * them. */
void pol_format_env(const struct sbx_policy *pol, struct sbx_buf *b);

#endif
