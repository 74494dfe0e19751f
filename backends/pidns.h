/* backends/pidns.h — the session in a private PID namespace (pidns.c). */
#ifndef SBX_PIDNS_H
#define SBX_PIDNS_H

#include <signal.h>

#include "be_base.h"

/*
 * The PID namespace (pidns.c). Called after mnt_apply() succeeded, while
 * the process still has the capabilities the mount layer had. Returns 0
 * in the process that goes on as the shell (pid 2 of the namespace); the
 * process that was started stays outside as the supervisor, and never
 * returns, nor does the namespace's init. Returns 1 (*unshare_err set,
 * nothing changed) when the namespace cannot be had, or -errno (+diag).
 * *proc_private: the namespace's own /proc is mounted over /proc.
 * *exit_fd: for be_session_end() in the shell (-1: none).
 */
int pns_enter(int last_pid_fd, bool *proc_private, int *unshare_err,
	      int *exit_fd, struct sbx_diag *diag);

/* /proc/sys/kernel/ns_last_pid opened for pns_enter() (whose init makes
 * the shell's pid random), before the mount layer makes /proc read-only;
 * -1 if it cannot be. The caller closes it. */
int pns_open_last_pid(void);

/* P1, the namespace's init (pidns.c): 0 when the session has ended,
 * -ESRCH if no shell pid came on |rfd|, -EPERM (|diag| set, nothing
 * signalled) unless it is pid 1. Exposed for the unit test. */
int pns_init(int rfd, const sigset_t *old, struct sbx_diag *diag);
/* P2's side of the fast way out (be_session_end()). */
void pns_exit_fast(int fd, int status);

#endif
