/* backends/audit_sup.h — the kernel's Landlock audit records for the
 * session's denial lines (audit_sup.c): opened before the privilege drop,
 * read by the supervisor outside the sandbox, filtered to the session's
 * own domain, and passed to the shell on a pipe. */
#ifndef SBX_AUDIT_SUP_H
#define SBX_AUDIT_SUP_H

#include <stdbool.h>
#include <sys/types.h>

#include "be_base.h"

/* Before pns_enter()'s forks, while the process still holds
 * CAP_AUDIT_READ: the read-log socket and the pipe, at Landlock |abi| >= 7
 * only. Never fails: what was refused is kept for as_note(). */
void as_open(int abi);
/* In the process that goes on to confine itself (the shell), once
 * pns_enter() returned: drops the socket and the pipe's write end, keeps
 * the read end (close-on-exec, out of the redirection range).
 * |supervised|: a supervisor outside (P0) holds the other ends. */
void as_child(bool supervised);
/* P0, before its privilege drop: asks whether the kernel's audit is on;
 * the answer comes with the records, and as_audit() reads it in any
 * process of the session. */
void as_ask(void);
#define AS_AUDIT_WAITING 0 /* not answered yet */
#define AS_AUDIT_ON 1
#define AS_AUDIT_OFF 2
#define AS_AUDIT_UNKNOWN 3 /* the kernel would not say: counts as on */
int as_audit(void);
/* P0: the socket (-1: none) and the pipe's write end, which it keeps. */
int as_sup_sock(void);
int as_sup_pipe(void);
/* P0: the listening abstract socket of as_sync_path() (-1: none). */
int as_sup_sync(void);
/* The shell: after a command, a connect() to an abstract unix socket P0
 * made outside the domain is refused by Landlock's scope and logged; the
 * kernel queues records in order, so once its record came every record
 * of the command has. |*hex|: the path as the record names it (hex: it
 * begins with a NUL). NULL when there is none. */
const char *as_sync_path(size_t *len, const char **hex);
/* P0: reads every record queued on the socket and passes those of the
 * domain the shell (pid |shell|, as P0 sees it) created to the pipe. */
void as_pump(pid_t shell);
/* The shell: the pipe's read end (-1: the kernel source is off). */
int as_shell_fd(void);
/* The shell: the name (comm) it takes while it creates its Landlock
 * domain, so that P0 knows the domain's record from one made by an
 * earlier holder of the shell's pid (audit_sup.c). NULL: the source is
 * off. */
const char *as_comm(void);
/* Why the source is off (NULL: on). */
const char *as_why(void);
/* The note `policy` shows: key "denials"; the shell changes it to
 * AS_NOTE_OFF AS_WHY_AUDIT_OFF when P0 says audit is off. */
#define AS_NOTE_ON                                                             \
	"from the kernel's audit records (Landlock ABI 7), matched to this "   \
	"session's domain, whatever stderr is (the mount layer's refusals: "   \
	"mount_denials)"
#define AS_NOTE_OFF                                                            \
	"from stderr (read back from a pipe or a file, not a terminal): no "   \
	"kernel records: "
#define AS_WHY_AUDIT_OFF                                                       \
	"the kernel's audit is off (auditd, audit=1 or `auditctl -e 1` turns " \
	"it on)"
void as_note(struct be_notes *notes);

#endif
