/* shell/session/gitscan.h — the effectful half of docs/design.md §2b's git
 * metadata: the bounded scan of the workspace for repositories (core/gitmeta.c
 * follows what it finds), the fingerprints of what a mount cannot hold,
 * and the end-of-session report.
 *
 * Lifecycle: gs_scan() while the session opens (before the policy) →
 * be_confine() → gs_arm() before anything of the user's runs → the shell
 * runs, gs_touch() on every fork and every file it opens for writing →
 * gs_end() once, when the session ends: `exit`, the end of input or of
 * -c, or SIGHUP/SIGTERM/SIGINT that kill the shell (gs_arm() catches
 * those that would kill it silently). gs_end() allocates nothing and
 * only makes async-signal-safe calls, so a signal handler may run it.
 *
 * The one exception to "a session's state lives in struct session"
 * (shell/session/session.h, docs/architecture.md "Session state"): a
 * signal handler cannot be handed the session, so what gs_end() reads is
 * preallocated in gitscan.c's file statics, set up by gs_scan() and
 * gs_arm() before anything of the user's runs.
 */
#ifndef SBX_GITSCAN_H
#define SBX_GITSCAN_H

#include <signal.h>

#include "gitmeta.h"
#include "policy.h"

#define GS_DEPTH_DEFAULT 2
#define GS_DEPTH_MAX 6

/* The repositories in |workspace| down to |depth| folders below it (not
 * into .git, .sandbox-cache, .sandbox-runs, node_modules, .venv, target
 * and other folders of tools' output), $GIT_DIR and the config files git
 * reads from elsewhere, and the --protect paths |protect| (NULL-ended,
 * may be NULL). |memo|: the session opening's canonicalization memo (a
 * struct canon_memo). At depth 2 the scan cache in sbxsh's state folder
 * spares the lookups below folders that did not change (gitscan.c says
 * what that cannot see); |create|: a session, which may create and
 * update the cache (a preview only reads it). New plan, for
 * pol_facts.git. */
struct gm_plan *gs_scan(const char *workspace, const char *home, int depth,
			char *const *protect, const char *const *protect_from,
			void *memo, bool create);

/* After confinement, before any command runs: fingerprints what the
 * session could change unseen (everything protected when the policy is
 * checker-only; else what no mount holds: absent files, symlinks, the
 * pinned git dirs' identity), lists the repositories to tell new ones
 * from old, keeps a copy of stderr for the report and catches the
 * signals that would end the shell without one. */
void gs_arm(const struct sbx_policy *pol);

/* The session may have changed the disk (a child started, a file opened
 * for writing). Async-signal-safe. Without it gs_end() has nothing to
 * look at: `sbxsh -c true` pays nothing at its end. */
extern volatile sig_atomic_t gs_dirty;
static inline void gs_touch(void)
{
	gs_dirty = 1;
}

/* The end of the session: one line per protected path that changed and
 * per repository created during the session with hooks or a non-default
 * config; nothing when nothing did. Once, in the process gs_arm() ran
 * in (a no-op in a subshell). */
void gs_end(void);

#endif
