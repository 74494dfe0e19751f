/* backends/audit_mnt.h — the mount layer's refusals from the kernel's
 * syscall audit records, for this session only (issue 23; docs/explain.md
 * "Where the paths come from").
 *
 * Lifecycle: am_prepare() before the mount layer → am_open() in the
 * supervisor-to-be, while privileged, after the read-log socket is bound
 * (audit_sup.c) → am_take() for each syscall record P0 reads → the rules go
 * when P0 ends (a helper process deletes them) or, when that helper was killed
 * too, at the next session's start.
 */
#ifndef SBX_AUDIT_MNT_H
#define SBX_AUDIT_MNT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "be_base.h"

/* Before the mount layer (which makes /proc read-only): opens
 * /proc/self/loginuid for am_open() to write, as pns_open_last_pid()
 * does for its file. */
void am_prepare(void);
/* Closes what am_prepare() opened, where am_open() did not use it (the
 * shell: as_child()). */
void am_forget(void);
/* Gives this process (and every process it forks) an audit session of
 * its own, adds the keyed rules and forks the helper that removes them.
 * Off, with a reason (am_note()), when any step is refused. */
void am_open(void);
/* P0: one record of type 1300, 1302, 1307 or 1320 (|shell|: the
 * shell's pid, whose own calls are not its jobs'); the session's
 * refusals are handed to |pass| as lines the shell reads with the
 * Landlock records: "audit(T:S): domain=0 blockers=mnt.write path=HEX". */
void am_take(pid_t shell, int type, const char *text, size_t n,
	     void (*pass)(const char *line, size_t n));
/* The rules are set up or being set up by the helper (every process of
 * the session knows: set before the forks). */
bool am_on(void);
/* Waits up to |max_ms| for the helper's answer: 1 the rules are in, 0 not
 * answered yet, -errno refused (then am_refused(st) is the note's text). */
int am_wait(int max_ms);
/* The helper's answer whether the kernel's audit is on (AS_AUDIT_*, 0
 * while it has not come): where the helper runs, it asks, not P0. */
int am_audit(void);
const char *am_refused(int st);
/* A rule the kernel listed (AUDIT_LIST_RULES), of |len| bytes: is it an
 * sbxsh session's whose supervisor and helper are both gone? |proc|: the
 * host's /proc, opened (a folder laid out like it in the unit test:
 * <pid>/sessionid, <pid>/stat). Not this session's own. */
struct audit_rule_data;
bool am_stale(int proc, const struct audit_rule_data *r, size_t len);
/* The note `policy` and the banner show: key "mount_denials". */
void am_note(struct be_notes *notes);
#define AM_NOTE_OFF                                                            \
	"from stderr only (a pipe or a file): at a terminal a tool that "      \
	"fails on a read-only bind, a protected path or a masked one without " \
	"printing gets no line: "

#endif
