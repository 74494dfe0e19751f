/* shell/session/kaudit.h — the denial lines from the kernel's Landlock
 * audit records (kaudit.c): what the supervisor passed on for this
 * session's domain, matched to the command that ran by time.
 *
 * Lifecycle: per top-level command ka_begin() before it
 * runs, ka_end() after it failed. */
#ifndef SBX_KAUDIT_H
#define SBX_KAUDIT_H

#include <stdbool.h>

struct shell;
struct dn_report;

/* The kernel source is on (backends/audit_sup.c). */
bool ka_on(void);
/* Waits (300 ms at most) for the supervisor's word whether the kernel's
 * audit is on, and where it is off says so in `policy` (the note
 * "denials"). Before `policy` prints. */
void ka_settle(struct shell *sh);
/* Forgets the records of what ran before (a background job's). */
void ka_begin(void);
/* Before the shell forks: waits for the mount layer's rules. */
void ka_before_fork(void);
/* Adds to |r| a line for each record since ka_begin() that the policy
 * explains. Returns how many records it read (0: none came). */
int ka_end(struct shell *sh, struct dn_report *r);
/* The mount layer's refusals among those records (backends/audit_mnt.c)
 * are kept apart by ka_end(): added to |r| when |use|, else dropped. */
void ka_end_mount(struct shell *sh, struct dn_report *r, bool use);

#endif
