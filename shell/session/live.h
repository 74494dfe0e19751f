/* shell/session/live.h — live routing: re-applied before every command
 * (docs/design.md §3). */
#ifndef SBX_LIVE_H
#define SBX_LIVE_H

#include <stdbool.h>
#include <time.h>

struct shell;

/* struct session's |live|: the last seen mtime per bin dir, to notice
 * installs. Only the shell process uses it; a forked child inherits a
 * copy, which is harmless. Zeroed: nothing seen yet. */
#define LIVE_MAX_BINS 16
struct live_state {
	struct timespec bin_mtime[LIVE_MAX_BINS];
	bool bin_exists[LIVE_MAX_BINS];
};

/*
 * Before each complete command: the persistent bin dirs lead PATH again
 * (even if the user reset it), the command hash forgets what it knew when
 * one of those dirs changed (a tool installed by the previous command is
 * found by the next), and a routed variable the user set themselves keeps
 * their value, reported once on stderr. Cheap: nothing at all when no
 * variable changed since the last pass, else a few string compares; the
 * bin dirs are stat()ed by live_check_bins() at the next command lookup.
 */
void live_apply(struct shell *sh);
/* Once, as the shell starts: the routing variables and the PATH prefix,
 * exported, straight into the shell's variables (the environment sbxsh
 * was started with is imported first; a routed variable the user had
 * set there keeps their value, as the policy decided). */
void live_init(struct shell *sh);
/* Called by the command lookup when PATH was assigned since: the bin
 * dirs lead it again at once, so PATH=/usr/bin:/bin; tool finds a tool
 * in .sandbox-cache/bin within the same line, not from the next one. */
void live_path(struct shell *sh);
/* Called by the command lookup when live_apply() ran since the last
 * check: one stat() per bin dir, the hash flushed if one changed. */
void live_check_bins(struct live_state *lv, struct shell *sh);

#endif
