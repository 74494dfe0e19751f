/* shell/jobs.c — the job table: every pipeline, subshell and background
 * command is a job of one or more processes, waited for here.
 *
 * Monitor mode (the interactive layer) adds process groups and terminal
 * hand-off: job_add is where setpgid goes (in parent and child, as dash
 * does, so whichever runs first wins the race), job_wait_fg where the
 * terminal is given to the job and taken back, with WUNTRACED for
 * stopped jobs.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "sh.h"

struct proc {
	pid_t pid;
	int status;     /* wait status */
	bool done;
};

struct job {
	struct proc *procs;
	int n, cap;
	bool used, bg;
};

struct jobtab {
	struct job *jobs;
	int n;
};

static struct jobtab *tab(struct shell *sh)
{
	if (!sh->jobs)
		sh->jobs = xcalloc(1, sizeof(*sh->jobs));
	return sh->jobs;
}

int job_status_code(int ws)
{
	if (WIFEXITED(ws))
		return WEXITSTATUS(ws);
	if (WIFSIGNALED(ws))
		return 128 + WTERMSIG(ws);
	if (WIFSTOPPED(ws))
		return 128 + WSTOPSIG(ws);
	return 0;
}

int job_new(struct shell *sh)
{
	struct jobtab *t = tab(sh);
	int i;

	for (i = 0; i < t->n; i++)
		if (!t->jobs[i].used)
			break;
	if (i == t->n) {
		t->jobs = xrealloc(t->jobs, (size_t)(t->n + 1) *
				   sizeof(*t->jobs));
		t->n++;
	}
	memset(&t->jobs[i], 0, sizeof(t->jobs[i]));
	t->jobs[i].used = true;
	return i;
}

void job_add(struct shell *sh, int id, pid_t pid)
{
	struct job *j = &tab(sh)->jobs[id];

	if (j->n == j->cap) {
		j->cap = j->cap ? j->cap * 2 : 4;
		j->procs = xrealloc(j->procs, (size_t)j->cap *
				    sizeof(*j->procs));
	}
	j->procs[j->n++] = (struct proc){ .pid = pid };
}

void job_set_bg(struct shell *sh, int id)
{
	tab(sh)->jobs[id].bg = true;
}

static void job_free(struct shell *sh, int id)
{
	struct job *j = &tab(sh)->jobs[id];

	free(j->procs);
	memset(j, 0, sizeof(*j));
}

static struct proc *find_proc(struct shell *sh, pid_t pid, int *id)
{
	struct jobtab *t = tab(sh);

	for (int i = 0; i < t->n; i++) {
		if (!t->jobs[i].used)
			continue;
		for (int k = 0; k < t->jobs[i].n; k++) {
			if (t->jobs[i].procs[k].pid == pid) {
				if (id)
					*id = i;
				return &t->jobs[i].procs[k];
			}
		}
	}
	return NULL;
}

/* Waits for one process; returns false if interrupted by a trapped
 * signal (wait builtin) and |intr| is set. */
static bool wait_proc(struct shell *sh, struct proc *p, bool intr)
{
	int ws;
	pid_t r;

	while (!p->done) {
		r = waitpid(p->pid, &ws, 0);
		if (r < 0) {
			if (errno == EINTR) {
				if (intr && trap_gotsig)
					return false;
				continue;
			}
			p->done = true;     /* ECHILD: already reaped */
			p->status = 0;
			break;
		}
		p->done = true;
		p->status = ws;
	}
	return true;
}

int job_wait_fg(struct shell *sh, int id)
{
	struct job *j = &tab(sh)->jobs[id];
	int st = 0, k;

	for (k = 0; k < j->n; k++)
		wait_proc(sh, &j->procs[k], false);
	if (j->n)
		st = job_status_code(j->procs[j->n - 1].status);
	if (sh->opt[O_PIPEFAIL]) {
		for (k = j->n - 1; k >= 0; k--) {
			int s = job_status_code(j->procs[k].status);

			if (s) {
				st = s;
				break;
			}
		}
	}
	job_free(sh, id);
	return st;
}

void job_reap(struct shell *sh)
{
	int ws;
	pid_t pid;

	while ((pid = waitpid(-1, &ws, WNOHANG)) > 0) {
		struct proc *p = find_proc(sh, pid, NULL);

		if (p) {
			p->done = true;
			p->status = ws;
		}
	}
}

int job_wait_pid(struct shell *sh, pid_t pid)
{
	int id, st;
	struct proc *p = find_proc(sh, pid, &id);
	struct job *j;

	if (!p)
		return 127;
	if (!wait_proc(sh, p, true))
		return 128 + SIGINT;
	st = job_status_code(p->status);
	j = &tab(sh)->jobs[id];
	for (int k = 0; k < j->n; k++)
		if (!j->procs[k].done)
			return st;
	job_free(sh, id);
	return st;
}

int job_wait_all(struct shell *sh)
{
	struct jobtab *t = tab(sh);

	for (int i = 0; i < t->n; i++) {
		if (!t->jobs[i].used || !t->jobs[i].bg)
			continue;
		for (int k = 0; k < t->jobs[i].n; k++)
			if (!wait_proc(sh, &t->jobs[i].procs[k], true))
				return 128 + SIGINT;
		job_free(sh, i);
	}
	return 0;
}

void job_forget_all(struct shell *sh)
{
	struct jobtab *t = sh->jobs;

	if (!t)
		return;
	for (int i = 0; i < t->n; i++)
		free(t->jobs[i].procs);
	free(t->jobs);
	t->jobs = NULL;
	t->n = 0;
}
