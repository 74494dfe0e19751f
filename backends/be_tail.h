/* backends/be_tail.h — the apply tail both Linux backends share
 * (be_tail.c): PID namespace, hardening, privilege drop, Landlock domain,
 * seccomp, in that order, and the notes about them. */
#ifndef SBX_BE_TAIL_H
#define SBX_BE_TAIL_H

#include "be_base.h"

/*
 * What both Linux backends do after their mount layer (be_tail.c): the
 * PID namespace (when |mnt| is the mount layer that succeeded and
 * |pidns| asks for it), be_harden_self(), every privilege dropped and
 * read back (be_drop_privs()), NO_NEW_PRIVS, the Landlock domain (|ll|
 * may be NULL) and the seccomp filter, in that order: the one that lets
 * SysV IPC through where |mnt| made private IPC and UTS namespaces, else
 * the one that refuses it. |t| records what happened, for
 * be_tail_report(). 0 or -errno (+diag naming |backend|).
 */
struct be_tail {
	bool in_ns;	   /* the shell is pid 2 of a private PID ns */
	bool proc_private; /* ...with its own /proc */
	int pns_err;	   /* unshare(CLONE_NEWPID)'s errno, or 0 */
	int exit_fd;	   /* the shell's end of the status pipe, or -1 */
	bool bnd_left;	   /* be_drop_privs(): bounding set not emptied */
	bool ipc_private;  /* private IPC and UTS namespaces (mount layer) */
	bool applied;	   /* be_apply_tail() got as far as the filter */
};
struct ll_rules;
struct mnt_plan;
struct sc_filter;
int be_apply_tail(const struct mnt_plan *mnt, bool pidns, int last_pid_fd,
		  const struct ll_rules *ll, const struct sc_filter *sc,
		  const char *backend, struct be_tail *t,
		  struct sbx_diag *diag);

/* The notes about processes (the PID namespace, or the door left open
 * and why; sets notes->pidns), about SysV IPC (private, or refused by the
 * filter) and a bounding set be_drop_privs() could not empty. */
void be_tail_report(const struct be_tail *t, bool mount_layer, bool pidns,
		    struct be_notes *notes);

#endif
