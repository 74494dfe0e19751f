/* shell/session/explain.h — explained denials (docs/design.md §9): after a
 * top-level command ends non-zero, one "sbxsh: denied: ..." line per path the
 * sandbox refused it, on stderr, after the command's own output.
 *
 * Where the paths come from, best first (docs/explain.md says why each):
 *   0. the kernel's Landlock audit records, where the session has them
 *      (root, ABI 7, the kernel's audit on: shell/session/kaudit.c,
 *      backends/audit_sup.c), whatever stderr is;
 *   1. what the command wrote on stderr, when the shell can read it back
 *      without standing between the command and the user: a regular file
 *      (2>log, a harness's capture file) is reread from where the command
 *      started; a pipe is watched by a forwarder thread (ex_fork());
 *      a terminal is not read at all;
 *   2. the scope checker's flags for the command's own text (writes it
 *      predicted the sandbox denies, masked secrets, protected paths).
 * Landlock's audit records name even paths a tool never prints, but a
 * session cannot read them as an ordinary user (binding the audit
 * multicast group needs CAP_AUDIT_READ), as root only where audit is on,
 * and the mount layer refuses root's writes before Landlock sees them:
 * those stay with stderr.
 *
 * Cost: nothing when a command succeeds but one lseek() of a regular
 * stderr per top-level command; the rest runs only after a failure.
 */
#ifndef SBX_EXPLAIN_H
#define SBX_EXPLAIN_H

#include <stdbool.h>
#include <stddef.h>

struct shell;

/* Once, in the shell process, before the first command. */
void ex_start(struct shell *sh);
/* Before the shell forks (next to gs_touch()): the pipe forwarder
 * starts with the first job, so `sbxsh -c true` pays nothing for it. */
void ex_fork(struct shell *sh);
/* Before a top-level command runs. */
void ex_begin(struct shell *sh);
/* After it: |n| is the command that ran. Prints the lines when
 * sh->status is non-zero and set -o explain is on. */
struct node;
void ex_end(struct shell *sh, const struct node *n);
/* Before exec replaces the shell (exec builtin) or it exits: what the
 * forwarder holds is written out, and fd 2 is the real stderr again. */
void ex_stop(struct shell *sh);

/* The denials the last explained command got, "access path" each
 * ("write /x", "network "), all of them (the lines stop at five). */
struct sbx_strv;
const struct sbx_strv *ex_last(void);

/* Is |path| the mount layer's /dev/null over a socket (doors.c)? */
bool ex_covered_socket(const char *path);

#endif
