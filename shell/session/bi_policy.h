/* shell/session/bi_policy.h — the `policy` builtin (docs/design.md §7): the
 * session's policy explained from the same struct the backend enforces.
 *
 *   policy                 summary: backend and its notes, scope, network,
 *                          writable roots with reasons, routing, secrets
 *   policy env             the routing table and what the user overrode
 *   policy check PATH...   canonical path, readable? writable? which rule
 *   policy check-line 'LINE'  the line check: what the scope checker
 *                          flags in LINE, and why (`policy explain`: the
 *                          old name, an alias)
 *   policy why PATH [--write|--read|--connect|--net] [--json]
 *                          which rule decides, what would allow it
 *                          (core/why.h)
 *   policy cache ...       .sandbox-cache per toolchain: list, prune,
 *                          export, import (shell/session/cache.h)
 *   policy --json          all of it as one JSON document
 */
#ifndef SBX_BI_POLICY_H
#define SBX_BI_POLICY_H

#include "policy.h"
#include "scope.h"

/* |env| supplies the cwd (relative paths), the canonicalizer and $VARs,
 * exactly as for the checker before each line. Output goes to |out|,
 * messages to |err|. Returns the exit status: 0; for `check` 1 when a
 * path is not writable, for `check-line` 1 when something flagged will
 * be refused (a read outside the workspace is a note: 0);
 * 2 on a usage error. |pol| NULL (no session): a message and 1.
 * |last|: the denials the last failed command was told of (dl_last()),
 * which `policy why` alone asks about; NULL: none. */
int pb_main(struct sbx_policy *pol, int argc, char **argv,
	    const struct scope_env *env, const struct sbx_strv *last,
	    struct sbx_buf *out, struct sbx_buf *err);

/* The seccomp families of |pol|'s session (none for --backend none),
 * appended to |sc|: `policy`, --print-policy and their JSON. */
void pb_seccomp(const struct sbx_policy *pol, struct sbx_strv *sc);

struct shell;
struct session;
/* `policy [check PATH|why|...]` in the shell of session |s|: exit
 * status. */
int bi_policy(const struct session *s, struct shell *sh, int argc, char **argv);

/* The subcommands, NULL-terminated, for completion and docs; then those
 * of `policy cache`, the options of `policy cache prune` and of `policy
 * why`. */
extern const char *const pb_subcommands[];
extern const char *const pb_cache_subcommands[];
extern const char *const pb_prune_options[];
extern const char *const pb_why_options[];

#endif
