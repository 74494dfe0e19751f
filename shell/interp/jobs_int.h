/* shell/interp/jobs_int.h — the job table, shared by jobs.c (forking,
 * waiting, the terminal) and jobview.c (what is shown of it) only; the
 * rest of the interpreter goes through the job_* calls of interp.h. */
#ifndef SBX_JOBS_INT_H
#define SBX_JOBS_INT_H

#include <stdbool.h>
#include <sys/types.h>
#include <termios.h>

#include "interp.h"

enum pstate { P_RUN, P_STOP, P_DONE };

struct proc {
	pid_t pid;
	int status; /* last wait status */
	enum pstate st;
};

struct job {
	struct proc *procs;
	int n, cap;
	bool used;
	bool listed;	     /* background or stopped: jobs shows it */
	bool amp;	     /* runs in the background ("cmd &") */
	bool changed;	     /* a notice is due */
	bool jobctl;	     /* has its own process group */
	enum job_state last; /* state at the last notice */
	pid_t pgid;
	char *text;		/* the command, for jobs and notices */
	struct sbx_strv stages; /* a pipeline's stages, for jobs -l */
	bool has_tmodes;
	struct termios tmodes; /* the job's terminal modes when it stopped */
	unsigned long seq;     /* recency, for %+ and %- */
	bool nohup;	       /* disown -h: no SIGHUP from us */
};

struct jobtab {
	struct job *jobs;
	int n;
	bool monitor;
	int ttyfd;
	pid_t shell_pgid, orig_pgid;
	struct termios shell_tmodes;
	bool have_tmodes;
	unsigned long seq;
	bool warned;		 /* "There are stopped jobs." said once */
	unsigned long warned_at; /* ...when sh->ntop was this */
	/* The next fork: set by prefork, used by child_group in the child
	 * and by job_add in the parent, which clears it. */
	bool next_active, next_fg;
	pid_t next_pgid;
};

/* The shell's table, made on first use. */
struct jobtab *job_tab(struct shell *sh);
/* A job's state from its processes'. */
enum job_state job_jstate(const struct job *j);
/* Empties slot |id|. */
void job_free(struct shell *sh, int id);
/* The terminal back to the shell after a fork that never became a job. */
void job_reclaim_tty(struct jobtab *t);
/* '+' for %+, '-' for %-, else ' ' (jobview.c). */
char job_mark(struct shell *sh, int id);

#endif
