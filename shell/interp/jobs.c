/* shell/interp/jobs.c — the job table and job control.
 *
 * Every pipeline, subshell and background command is a job of one or more
 * processes, waited for here. In monitor mode (set -m: on by default in an
 * interactive shell) each job also gets its own process group, and the
 * terminal while it runs in the foreground. The glibc manual's
 * "Implementing a Job Control Shell" is the reference, dash's jobs.c the
 * model:
 *
 *  - job_init_monitor: the shell waits until it is in the foreground
 *    (kill(0, SIGTTIN) until it is), takes its own process group and the
 *    terminal, and ignores SIGTSTP/SIGTTIN/SIGTTOU/SIGQUIT (SIGINT is
 *    caught by trap.c, so the shell survives it);
 *  - every fork of the shell goes through job_fork, so the prologue is
 *    written once: the job's group and the terminal are decided once per
 *    process (prefork), and setpgid/tcsetpgrp are called on both sides
 *    of the fork (child_group in the child, job_add in the parent), as
 *    dash does: whichever runs first wins the race, so neither the
 *    parent's tcsetpgrp nor the job's first read of the terminal can find
 *    the child still in the shell's group. Between the stages of a
 *    pipeline the terminal stays with the job;
 *  - job_wait_fg waits with WUNTRACED and takes the terminal back when the
 *    job stops or ends: the job's modes are saved when it stops (fg puts
 *    them back), the shell's restored;
 *  - the SIGCHLD handler does nothing (SA_RESTART, so a job ending never
 *    interrupts the read of a half-typed line, except under set -b);
 *    job_reap does the waitpid(-1, WNOHANG|WUNTRACED|WCONTINUED) calls
 *    from the loop, and job_notify prints Done/Exit N/Killed/Stopped
 *    before the next prompt.
 *
 * Without monitor mode (scripts, -c) there are no process groups and no
 * terminal games, as in dash, but &, $!, jobs, wait and kill %n work.
 *
 * struct job is private to this file and jobview.c (jobs_int.h): bi_jobs.c
 * (the builtins and job specs) goes through the job_* calls declared in
 * interp.h. jobview.c holds what is shown of the table: jobs' lines,
 * notices, %+ and %-, and each job's command text.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "fault.h"
#include "interp.h"
#include "jobs_int.h"

/* Done background jobs a non-interactive shell remembers for `wait PID`
 * before it forgets the oldest (POSIX lets it forget after CHILD_MAX). */
#define JOB_KEEP_DONE 1024

/* For the SIGHUP handler only. The table is only reallocated with SIGHUP
 * blocked, so the handler never reads freed memory. */
static struct jobtab *hup_tab;
/* The same for the session's last word on the way out (hooks.h): the
 * table is set once at start-up and never freed. */
static const struct sh_hooks *g_hooks;

struct jobtab *job_tab(struct shell *sh)
{
	if (!sh->jobs) {
		sh->jobs = xcalloc(1, sizeof(*sh->jobs));
		sh->jobs->ttyfd = -1;
	}
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

/* ---- signals --------------------------------------------------------------
 */

/* Does nothing: its arrival is the point. The key read of `set -b`
 * (lineedit.c) turns SA_RESTART off for it, so a job ending interrupts
 * the read and its notice is printed at once; job_reap waits. */
static void on_chld(int sig)
{
	(void)sig;
}

/* A hang-up: pass it on to every job (stopped ones also get SIGCONT so
 * they can act on it), give the terminal back, then die of it as bash
 * does. Only kill() and sigaction() here: async-signal-safe. */
static void on_hup(int sig)
{
	struct sigaction sa;

	if (hup_tab) {
		for (int i = 0; i < hup_tab->n; i++) {
			struct job *j = &hup_tab->jobs[i];

			if (!j->used || !j->listed || j->pgid <= 0 || j->nohup)
				continue;
			kill(-j->pgid, SIGHUP);
			kill(-j->pgid, SIGCONT);
		}
	}
	/* the session's report, before we die of it */
	if (g_hooks && g_hooks->at_fatal_signal)
		g_hooks->at_fatal_signal(g_hooks->ctx);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigaction(sig, &sa, NULL);
	raise(sig);
}

static void set_sig(int sig, void (*fn)(int), int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fn;
	sa.sa_flags = flags;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

void job_sigchld_install(struct shell *sh)
{
	/* SA_RESTART: a job ending while the user types never interrupts
	 * the read of the line being edited. */
	if (!sh->traps[SIGCHLD])
		set_sig(SIGCHLD, on_chld, SA_RESTART);
}

/* ---- monitor mode ------------------------------------------------------- */

static int open_tty(void)
{
	int fd = open("/dev/tty", O_RDWR | O_CLOEXEC);

	/* In a sandbox /dev/tty may be out of reach: the terminal we were
	 * given is the same device. */
	if (fd < 0) {
		for (int k = 0; k <= 2 && fd < 0; k += 2)
			if (isatty(k))
				fd = out_fd_private(dup(k));
		return fd;
	}
	return out_fd_private(fd);
}

int job_init_monitor(struct shell *sh)
{
	struct jobtab *t = job_tab(sh);
	pid_t pgid;
	int fd;

	if (t->monitor)
		return 0;
	if (sh->subshell)
		return -EPERM;
	fd = open_tty();
	if (fd < 0)
		return -ENOTTY;
	/* Wait until we are in the foreground (glibc manual): a shell
	 * started in the background stops here instead of fighting over the
	 * terminal. */
	for (;;) {
		pid_t fg = tcgetpgrp(fd);

		if (fg < 0) {
			close(fd);
			return -ENOTTY;
		}
		if (fg == (pgid = getpgrp()))
			break;
		kill(-pgid, SIGTTIN);
	}
	t->orig_pgid = pgid;
	set_sig(SIGTSTP, SIG_IGN, 0);
	set_sig(SIGTTIN, SIG_IGN, 0);
	set_sig(SIGTTOU, SIG_IGN, 0);
	if (!sh->traps[SIGQUIT])
		set_sig(SIGQUIT, SIG_IGN, 0);
	job_sigchld_install(sh);
	g_hooks = sh->hooks;
	if (!sh->traps[SIGHUP] && !sh->trap_ignored_at_start[SIGHUP])
		set_sig(SIGHUP, on_hup, 0);
	pgid = getpid();
	/* A session leader cannot move (EPERM) and is its own group already. */
	if (getpgrp() != pgid && setpgid(0, pgid) < 0)
		pgid = getpgrp();
	tcsetpgrp(fd, pgid);
	t->have_tmodes = tcgetattr(fd, &t->shell_tmodes) == 0;
	t->ttyfd = fd;
	t->shell_pgid = pgid;
	t->monitor = true;
	hup_tab = t;
	sh->opt[O_MONITOR] = true;
	return 0;
}

/* set +m, and at exit: the terminal and the old group handed back. */
static void job_stop_monitor(struct shell *sh)
{
	struct jobtab *t = sh->jobs;

	if (!t || !t->monitor)
		return;
	/* Hand the terminal and our old group back (dash's setjobctl(0)). */
	if (t->orig_pgid > 0 && t->orig_pgid != t->shell_pgid) {
		setpgid(0, t->orig_pgid);
		tcsetpgrp(t->ttyfd, t->orig_pgid);
	}
	set_sig(SIGTSTP, SIG_DFL, 0);
	set_sig(SIGTTIN, SIG_DFL, 0);
	set_sig(SIGTTOU, SIG_DFL, 0);
	if (!sh->traps[SIGHUP] && !sh->trap_ignored_at_start[SIGHUP])
		set_sig(SIGHUP, SIG_DFL, 0);
	close(t->ttyfd);
	t->ttyfd = -1;
	t->monitor = false;
	hup_tab = NULL;
	sh->opt[O_MONITOR] = false;
}

void job_set_monitor(struct shell *sh, bool on)
{
	if (!on) {
		job_stop_monitor(sh);
		return;
	}
	if (job_init_monitor(sh) < 0) {
		sh_err(sh, "can't access tty; job control turned off");
		sh->opt[O_MONITOR] = false;
	}
}

bool job_monitor(struct shell *sh)
{
	return sh->jobs && sh->jobs->monitor;
}

/* ---- forking ------------------------------------------------------------- */

/* The terminal back to the shell if a child took it and no job came of
 * it (execve failed), or before a prompt: reading it from a background
 * group would fail. */
void job_reclaim_tty(struct jobtab *t)
{
	if (t->monitor && t->ttyfd >= 0 && tcgetpgrp(t->ttyfd) != t->shell_pgid)
		tcsetpgrp(t->ttyfd, t->shell_pgid);
}

/* The parent's half before the fork: which group the process joins and
 * whether it gets the terminal, read by child_group in the child and by
 * job_add in the parent. Set once per process of a job, never undone
 * between the stages of a pipeline: the terminal stays with the job
 * while its later stages start. */
static void prefork(struct shell *sh, int id, bool bg)
{
	struct jobtab *t = job_tab(sh);

	t->next_active = id >= 0 && t->monitor && !sh->subshell;
	t->next_fg = !bg;
	t->next_pgid =
	    id >= 0 && id < t->n && t->jobs[id].used ? t->jobs[id].pgid : 0;
}

/* The child's half: its group, the terminal, default job-control
 * signals. Maybe in a vfork child: syscalls only, no writes to our
 * memory. */
static void child_group(const struct shell *sh)
{
	const struct jobtab *t = sh->jobs;
	pid_t pgid;

	if (!t || !t->monitor || !t->next_active)
		return;
	pgid = t->next_pgid ? t->next_pgid : getpid();
	setpgid(0, pgid);
	/* Still ignoring SIGTTOU, so this cannot stop us. */
	if (t->next_fg)
		tcsetpgrp(t->ttyfd, pgid);
	signal(SIGTSTP, SIG_DFL);
	signal(SIGTTIN, SIG_DFL);
	signal(SIGTTOU, SIG_DFL);
	if (!sh->traps[SIGQUIT] && !sh->trap_ignored_at_start[SIGQUIT])
		signal(SIGQUIT, SIG_DFL);
}

/* A forked child (not a vfork one): its group, then the parent's job
 * control is none of its business. */
static void child_setup(struct shell *sh)
{
	struct jobtab *t = sh->jobs;

	if (!t)
		return;
	child_group(sh);
	if (t->monitor) {
		/* Our handlers are the parent's business. */
		if (!sh->traps[SIGHUP] && !sh->trap_ignored_at_start[SIGHUP])
			signal(SIGHUP, SIG_DFL);
		if (!sh->traps[SIGCHLD])
			signal(SIGCHLD, SIG_DFL);
		/* A subshell does no job control of its own (dash: "do job
		 * control only in root shell"): what it starts stays in its
		 * group, and the terminal stays with whoever has it. */
		if (t->ttyfd >= 0)
			close(t->ttyfd);
		t->ttyfd = -1;
		t->monitor = false;
		hup_tab = NULL;
	}
	t->next_active = false;
}

/* vfork and execve |x|: the parent is suspended until the child has
 * exec'd, so no page tables are copied (what makes a loop of short
 * commands as fast as in dash); everything the child needs was prepared
 * by the caller, and the child only makes system calls. */
static pid_t spawn(struct shell *sh, int id, struct job_exec *x)
{
	struct jobtab *t = job_tab(sh);
	volatile int err = 0;
	sigset_t all, old;
	pid_t pid;
	int ws;

	/* No handler of ours may run in the child while it shares our
	 * memory: block everything, and unblock only in execve's image. */
	sigfillset(&all);
	sigprocmask(SIG_SETMASK, &all, &old);
	pid = FLT("fork", vfork());
	if (pid == 0) {
		child_group(sh);
		trap_child_defaults(sh);
		sigprocmask(SIG_SETMASK, &old, NULL);
		execve(x->path, x->argv, x->envp);
		err = errno;
		_exit(err == ENOENT ? 127 : 126);
	}
	x->err = pid < 0 ? errno : err;
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (!x->err) {
		job_add(sh, id, pid);
		return pid;
	}
	/* No job after all: the child (if any) reaped, the terminal back. */
	if (pid > 0)
		while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
			;
	job_reclaim_tty(t);
	t->next_active = false;
	return -1;
}

pid_t job_fork(struct shell *sh, int id, bool bg, struct job_exec *x)
{
	pid_t pid;

	prefork(sh, id, bg);
	/* What the child could read or write first: the script's
	 * read-ahead given back to stdin, the denial-line forwarder
	 * started, the git scan told that something may change files. */
	sh_input_sync(sh);
	SH_HOOK(sh, before_fork, sh);
	if (x)
		return spawn(sh, id, x);
	pid = FLT("fork", fork());
	if (pid < 0) {
		sh_err(sh, "cannot fork: %s", strerror(errno));
		job_tab(sh)->next_active = false;
		return -1;
	}
	if (pid == 0) {
		child_setup(sh);
		sh_forked(sh, bg);
		return 0;
	}
	if (id >= 0)
		job_add(sh, id, pid);
	return pid;
}

/* ---- the table ------------------------------------------------------------
 */

void job_free(struct shell *sh, int id)
{
	struct job *j = &job_tab(sh)->jobs[id];

	free(j->procs);
	free(j->text);
	strv_free(&j->stages);
	memset(j, 0, sizeof(*j));
}

enum job_state job_jstate(const struct job *j)
{
	bool stop = false;

	for (int k = 0; k < j->n; k++) {
		if (j->procs[k].st == P_RUN)
			return JS_RUNNING;
		if (j->procs[k].st == P_STOP)
			stop = true;
	}
	return stop ? JS_STOPPED : JS_DONE;
}

/* A non-interactive shell never reports Done jobs: it keeps their
 * statuses for `wait PID`, up to a bound. */
static void trim_done(struct shell *sh)
{
	struct jobtab *t = sh->jobs;
	int done = 0;

	for (int i = 0; i < t->n; i++)
		if (t->jobs[i].used && job_jstate(&t->jobs[i]) == JS_DONE)
			done++;
	while (done > JOB_KEEP_DONE) {
		int old = -1;

		for (int i = 0; i < t->n; i++) {
			struct job *j = &t->jobs[i];

			if (j->used && job_jstate(j) == JS_DONE &&
			    (old < 0 || j->seq < t->jobs[old].seq))
				old = i;
		}
		job_free(sh, old);
		done--;
	}
}

int job_new(struct shell *sh)
{
	struct jobtab *t = job_tab(sh);
	int i;

	if (!sh->opt[O_INTERACTIVE] && t->n > JOB_KEEP_DONE) {
		job_reap(sh);
		trim_done(sh);
	}
	for (i = 0; i < t->n; i++)
		if (!t->jobs[i].used)
			break;
	if (i == t->n) {
		sigset_t hup, old;

		sigemptyset(&hup);
		sigaddset(&hup, SIGHUP);
		sigprocmask(SIG_BLOCK, &hup, &old);
		t->jobs =
		    xrealloc(t->jobs, (size_t)(t->n + 1) * sizeof(*t->jobs));
		memset(&t->jobs[t->n], 0, sizeof(t->jobs[t->n]));
		t->n++;
		sigprocmask(SIG_SETMASK, &old, NULL);
	}
	t->jobs[i].used = true;
	return i;
}

void job_add(struct shell *sh, int id, pid_t pid)
{
	struct jobtab *t = job_tab(sh);
	struct job *j = &t->jobs[id];

	if (j->n == j->cap) {
		j->cap = j->cap ? j->cap * 2 : 4;
		j->procs =
		    xrealloc(j->procs, (size_t)j->cap * sizeof(*j->procs));
	}
	j->procs[j->n++] = (struct proc){.pid = pid, .st = P_RUN};
	if (t->next_active && pid > 0) {
		/* The parent's half of the setpgid race (see the top). It
		 * fails with EACCES once the child has exec'd: the child did
		 * it then. */
		if (!j->pgid)
			j->pgid = t->next_pgid ? t->next_pgid : pid;
		j->jobctl = true;
		setpgid(pid, j->pgid);
		if (t->next_fg)
			tcsetpgrp(t->ttyfd, j->pgid);
	}
	t->next_active = false;
}

void job_set_bg(struct shell *sh, int id)
{
	struct jobtab *t = job_tab(sh);
	struct job *j = &t->jobs[id];

	j->listed = true;
	j->amp = true;
	j->seq = ++t->seq;
	if (sh->opt[O_INTERACTIVE] && !sh->subshell && j->n) {
		struct sbx_buf b = {0};

		buf_printf(&b, "[%d] %d\n", id + 1,
			   (int)j->procs[j->n - 1].pid);
		out_write(2, b.s, b.len);
		buf_free(&b);
	}
}

static struct proc *find_proc(struct jobtab *t, pid_t pid, int *id)
{
	/* Newest jobs last: a loop of short commands finds its job at once
	 * when it scans from the end. */
	for (int i = t->n - 1; i >= 0; i--) {
		struct job *j = &t->jobs[i];

		if (!j->used)
			continue;
		for (int k = 0; k < j->n; k++) {
			if (j->procs[k].pid == pid) {
				if (id)
					*id = i;
				return &j->procs[k];
			}
		}
	}
	return NULL;
}

/* Records one wait status for |pid|; false if |pid| is not ours (a
 * disowned job, say). */
static bool record(struct shell *sh, pid_t pid, int ws)
{
	struct jobtab *t = job_tab(sh);
	struct proc *p;
	struct job *j;
	enum job_state before, after;
	int id;

	p = find_proc(t, pid, &id);
	if (!p)
		return false;
	j = &t->jobs[id];
	before = job_jstate(j);
	if (WIFSTOPPED(ws)) {
		p->st = P_STOP;
		p->status = ws;
	} else if (WIFCONTINUED(ws)) {
		p->st = P_RUN;
	} else {
		p->st = P_DONE;
		p->status = ws;
	}
	after = job_jstate(j);
	if (after != before) {
		j->changed = after != j->last;
		if (after == JS_STOPPED)
			j->seq = ++t->seq; /* a stopped job becomes %+ */
	}
	return true;
}

/* One waitpid(-1); the pid, 0 (WNOHANG: nothing), or -1 (errno). */
static pid_t dowait(struct shell *sh, bool block)
{
	struct jobtab *t = job_tab(sh);
	int ws = 0, fl = block ? 0 : WNOHANG;
	pid_t pid;

	if (t->monitor)
		fl |= WUNTRACED | WCONTINUED;
	pid = waitpid(-1, &ws, fl);
	if (pid > 0 && !record(sh, pid, ws) && pid == sh->ps_pid &&
	    (WIFEXITED(ws) || WIFSIGNALED(ws))) {
		sh->ps_ws = ws; /* the last process substitution (procsub.c) */
		sh->ps_done = true;
	}
	return pid;
}

void job_reap(struct shell *sh)
{
	while (dowait(sh, false) > 0)
		;
}

/* Waits until job |id| is no longer running. |intr|: give up (false)
 * when a trapped signal arrives (the wait builtin). */
static bool wait_job(struct shell *sh, int id, bool intr)
{
	struct job *j = &job_tab(sh)->jobs[id];

	while (job_jstate(j) == JS_RUNNING) {
		if (intr && trap_gotsig)
			return false;
		if (dowait(sh, true) < 0) {
			if (errno == EINTR)
				continue;
			/* ECHILD: someone else reaped them */
			for (int k = 0; k < j->n; k++)
				if (j->procs[k].st != P_DONE)
					j->procs[k].st = P_DONE;
			break;
		}
	}
	return true;
}

static int pipeline_status(struct shell *sh, const struct job *j)
{
	int st = 0;

	if (j->n)
		st = job_status_code(j->procs[j->n - 1].status);
	if (sh->opt[O_PIPEFAIL]) {
		for (int k = j->n - 1; k >= 0; k--) {
			int s = job_status_code(j->procs[k].status);

			if (s) {
				st = s;
				break;
			}
		}
	}
	return st;
}

/* The status of a stopped job: 128 + the signal that stopped it. */
static int stopped_status(const struct job *j)
{
	for (int k = j->n - 1; k >= 0; k--)
		if (j->procs[k].st == P_STOP)
			return job_status_code(j->procs[k].status);
	return 128 + SIGTSTP;
}

/* Takes the terminal back from a job that stopped or ended. */
static void take_terminal(struct jobtab *t, struct job *j, bool stopped,
			  bool signalled)
{
	if (!t->monitor || t->ttyfd < 0)
		return;
	if (stopped)
		j->has_tmodes = tcgetattr(t->ttyfd, &j->tmodes) == 0;
	tcsetpgrp(t->ttyfd, t->shell_pgid);
	/* As bash: a program that ended normally may have meant to change
	 * the modes (stty); one that stopped or was killed left its own. */
	if ((stopped || signalled) && t->have_tmodes)
		tcsetattr(t->ttyfd, TCSADRAIN, &t->shell_tmodes);
	else
		t->have_tmodes = tcgetattr(t->ttyfd, &t->shell_tmodes) == 0;
}

/* "Killed", "Segmentation fault (core dumped)" for each process of a
 * foreground job that died of a signal, as dash says it, scripts too
 * (never for SIGINT/SIGPIPE: the user knows, and pipes end that way;
 * after a ^C an interactive shell just ends the line, as bash does). */
static void fg_signal_notes(struct shell *sh, const struct job *j)
{
	struct sbx_buf b = {0};
	bool root = sh->opt[O_INTERACTIVE] && !sh->subshell, intr = false;

	for (int k = 0; k < j->n; k++) {
		int ws = j->procs[k].status, sig;

		if (j->procs[k].st != P_DONE || !WIFSIGNALED(ws))
			continue;
		sig = WTERMSIG(ws);
		if (sig == SIGINT) {
			intr = true;
		} else if (sig != SIGPIPE) {
			buf_puts(&b, strsignal(sig));
			if (WCOREDUMP(ws))
				buf_puts(&b, " (core dumped)");
			buf_putc(&b, '\n');
		}
	}
	if (intr && root && !b.len)
		buf_putc(&b, '\n');
	if (b.len)
		out_write(2, b.s, b.len);
	buf_free(&b);
}

int job_wait_fg(struct shell *sh, int id)
{
	struct jobtab *t = job_tab(sh);
	struct job *j = &t->jobs[id];
	bool root = sh->opt[O_INTERACTIVE] && !sh->subshell;
	int st, last = 0;

	wait_job(sh, id, false);
	j = &t->jobs[id];
	if (j->n)
		last = j->procs[j->n - 1].status;
	if (j->jobctl)
		take_terminal(t, j, job_jstate(j) == JS_STOPPED,
			      j->n && WIFSIGNALED(last));
	if (job_jstate(j) == JS_STOPPED) {
		struct sbx_buf b = {0};

		/* Ctrl-Z: the job becomes current and says so at once (the
		 * terminal echoed "^Z" without a newline). */
		j->listed = true;
		j->amp = false;
		j->changed = false;
		j->last = JS_STOPPED;
		j->seq = ++t->seq;
		buf_putc(&b, '\n');
		job_format(sh, id, 0, &b);
		out_write(2, b.s, b.len);
		buf_free(&b);
		st = stopped_status(j);
		/* Back to the prompt, not on to the next command of a loop
		 * (which bash and dash would start in the foreground). */
		if (root && !sh->jump) {
			sh->jump = J_INTR;
			sh->exit_status = st;
		}
		return st;
	}
	st = pipeline_status(sh, j);
	sh->npipest = 0; /* $PIPESTATUS: each stage's */
	for (int k = 0; k < j->n && k < SH_PIPEST_MAX; k++)
		sh->pipest[sh->npipest++] = job_status_code(j->procs[k].status);
	fg_signal_notes(sh, j);
	if (root && j->n && WIFSIGNALED(last)) {
		/* Ctrl-C ends the whole command line, not just this job: the
		 * shell did not see the SIGINT itself (the job had the
		 * terminal), so it acts as if it had (dash's "truly gross"
		 * raise). */
		if (WTERMSIG(last) == SIGINT && !sh->traps[SIGINT] &&
		    !sh->jump) {
			sh->jump = J_INTR;
			sh->exit_status = st;
		}
	}
	job_free(sh, id);
	return st;
}

/* ---- wait ------------------------------------------------------------------
 */

/* Forgets done background jobs once `wait` reported them. */
static void drop_if_done(struct shell *sh, int id)
{
	struct job *j = &job_tab(sh)->jobs[id];

	if (j->used && job_jstate(j) == JS_DONE)
		job_free(sh, id);
}

int job_wait_id(struct shell *sh, int id)
{
	struct jobtab *t = job_tab(sh);
	struct job *j;
	int st;

	if (!wait_job(sh, id, true))
		return 128 + trap_last_signal();
	j = &t->jobs[id];
	if (job_jstate(j) == JS_STOPPED)
		return stopped_status(j);
	st = pipeline_status(sh, j);
	drop_if_done(sh, id);
	return st;
}

int job_of_pid(struct shell *sh, pid_t pid)
{
	int id;

	return find_proc(job_tab(sh), pid, &id) ? id : -1;
}

int job_wait_next(struct shell *sh, const int *ids, int nids)
{
	struct jobtab *t = job_tab(sh);
	bool *was = NULL;
	int st = 127;

	job_reap(sh);
	/* bash waits for one of the jobs running now: one that already
	 * ended does not count (a non-interactive bash forgot it) */
	was = xcalloc((size_t)t->n + 1, sizeof(*was));
	for (int i = 0; i < t->n; i++) {
		struct job *j = &t->jobs[i];
		bool named = !nids;

		for (int k = 0; k < nids && !named; k++)
			named = ids[k] == i;
		was[i] = named && j->used && j->listed &&
			 job_jstate(j) == JS_RUNNING;
	}
	for (;;) {
		bool any = false;

		for (int i = 0; i < t->n; i++) {
			if (!was[i])
				continue;
			if (job_jstate(&t->jobs[i]) == JS_DONE) {
				st = pipeline_status(sh, &t->jobs[i]);
				drop_if_done(sh, i);
				goto out;
			}
			any |= job_jstate(&t->jobs[i]) == JS_RUNNING;
		}
		if (!any)
			goto out;
		if (trap_gotsig) {
			st = 128 + trap_last_signal();
			goto out;
		}
		if (dowait(sh, true) < 0 && errno != EINTR)
			goto out;
	}
out:
	free(was);
	return st;
}

/* `wait $!` after a process substitution (bash): it is no job, so its
 * status is kept apart, and kept for a second wait. 127: not it. */
static int wait_procsub(struct shell *sh, pid_t pid)
{
	if (!pid || pid != sh->ps_pid)
		return 127;
	while (!sh->ps_done) {
		if (trap_gotsig)
			return 128 + trap_last_signal();
		if (dowait(sh, true) < 0) {
			if (errno == EINTR)
				continue;
			return 127; /* ECHILD: not this process's child */
		}
	}
	return job_status_code(sh->ps_ws);
}

int job_wait_pid(struct shell *sh, pid_t pid)
{
	struct jobtab *t = job_tab(sh);
	struct proc *p;
	int id;

	job_reap(sh);
	p = find_proc(t, pid, &id);
	if (!p)
		return wait_procsub(sh, pid);
	while (p->st == P_RUN) {
		if (trap_gotsig)
			return 128 + trap_last_signal();
		if (dowait(sh, true) < 0) {
			if (errno == EINTR)
				continue;
			p->st = P_DONE;
			break;
		}
		p = find_proc(t, pid, &id);
	}
	if (p->st == P_STOP)
		return job_status_code(p->status);
	{
		int st = job_status_code(p->status);

		drop_if_done(sh, id);
		cop_ended(sh, pid); /* a coproc: NAME unset (coproc.c) */
		return st;
	}
}

int job_wait_all(struct shell *sh)
{
	struct jobtab *t = job_tab(sh);

	job_reap(sh);
	for (int i = 0; i < t->n; i++) {
		struct job *j = &t->jobs[i];

		if (!j->used || !j->listed)
			continue;
		if (!wait_job(sh, i, true))
			return 128 + trap_last_signal();
		drop_if_done(sh, i);
	}
	cop_ended(sh, sh->cop_pid); /* every job is done */
	/* bash's `wait` also waits for the last process substitution */
	if (sh->ps_pid && wait_procsub(sh, sh->ps_pid) >= 128 && trap_gotsig)
		return 128 + trap_last_signal();
	return 0;
}

void job_forget_all(struct shell *sh)
{
	struct jobtab *t = sh->jobs;

	if (!t)
		return;
	for (int i = 0; i < t->n; i++) {
		free(t->jobs[i].procs);
		free(t->jobs[i].text);
		strv_free(&t->jobs[i].stages);
	}
	free(t->jobs);
	t->jobs = NULL;
	t->n = 0;
	sh->ps_pid = 0; /* a forked child has no process substitution */
	sh->ps_done = false;
	free(sh->cop_name); /* ...nor coprocess */
	sh->cop_name = NULL;
	sh->cop_pid = 0;
}

int job_signal(struct shell *sh, int id, int sig)
{
	struct job *j = &job_tab(sh)->jobs[id];
	int rc = 0;

	if (j->jobctl && j->pgid > 0) {
		if (kill(-j->pgid, sig) < 0)
			rc = -errno;
	} else {
		for (int k = 0; k < j->n; k++)
			if (j->procs[k].st != P_DONE &&
			    kill(j->procs[k].pid, sig) < 0)
				rc = -errno;
	}
	/* bash: a stopped job must run to act on SIGTERM or SIGHUP */
	if (!rc && (sig == SIGTERM || sig == SIGHUP) &&
	    job_jstate(j) == JS_STOPPED)
		job_signal(sh, id, SIGCONT);
	return rc;
}

/* Sets the job running again: SIGCONT to its group, after giving it the
 * terminal (and its own modes back) if it goes to the foreground. */
static void resume(struct shell *sh, int id, bool fg)
{
	struct jobtab *t = job_tab(sh);
	struct job *j = &t->jobs[id];

	if (fg && j->jobctl && t->monitor) {
		if (j->has_tmodes)
			tcsetattr(t->ttyfd, TCSADRAIN, &j->tmodes);
		tcsetpgrp(t->ttyfd, j->pgid);
	}
	if (job_jstate(j) == JS_STOPPED) {
		for (int k = 0; k < j->n; k++)
			if (j->procs[k].st == P_STOP)
				j->procs[k].st = P_RUN;
		job_signal(sh, id, SIGCONT);
	}
	j->changed = false;
	j->last = JS_RUNNING;
}

int job_fg(struct shell *sh, int id)
{
	struct job *j = &job_tab(sh)->jobs[id];
	struct sbx_buf b = {0};

	buf_printf(&b, "%s\n", j->text ? j->text : "");
	bi_flush(sh, "fg", &b, 1);
	j->listed = false;
	j->amp = false;
	resume(sh, id, true);
	return job_wait_fg(sh, id);
}

int job_bg(struct shell *sh, int id)
{
	struct jobtab *t = job_tab(sh);
	struct job *j = &t->jobs[id];
	struct sbx_buf b = {0};

	if (job_jstate(j) == JS_RUNNING) {
		sh_err(sh, "bg: job %d already in background", id + 1);
		return 0;
	}
	j->amp = true;
	resume(sh, id, false);
	j->seq = ++t->seq;
	buf_printf(&b, "[%d]%c %s &\n", id + 1, job_mark(sh, id),
		   j->text ? j->text : "");
	return bi_flush(sh, "bg", &b, 1);
}

void job_disown(struct shell *sh, int id)
{
	job_free(sh, id);
}

void job_nohup(struct shell *sh, int id)
{
	struct jobtab *t = job_tab(sh);

	if (id >= 0 && id < t->n && t->jobs[id].used)
		t->jobs[id].nohup = true;
}

bool job_exit_ok(struct shell *sh, bool by_command)
{
	struct jobtab *t = job_tab(sh);

	if (!t->monitor || sh->subshell)
		return true;
	/* The second attempt in a row exits (bash): an `exit` typed right
	 * after the warning (itself the one command since), or a Ctrl-D
	 * with nothing run since; any other command re-arms the warning. */
	if (t->warned && sh->ntop <= t->warned_at + (by_command ? 1 : 0))
		return true;
	job_reap(sh);
	for (int i = 0; i < t->n; i++) {
		if (t->jobs[i].used && t->jobs[i].listed &&
		    job_jstate(&t->jobs[i]) == JS_STOPPED) {
			static const char msg[] = "There are stopped jobs.\n";

			out_write(2, msg, sizeof(msg) - 1);
			t->warned = true;
			t->warned_at = sh->ntop;
			return false;
		}
	}
	return true;
}

void job_exit_hook(struct shell *sh)
{
	struct jobtab *t = sh->jobs;

	if (!t || !t->monitor)
		return;
	/* Stopped jobs would stay stopped forever with nobody to fg them:
	 * hang them up and let them go on (bash does the same). */
	for (int i = 0; i < t->n; i++) {
		struct job *j = &t->jobs[i];

		if (j->used && j->jobctl && !j->nohup &&
		    job_jstate(j) == JS_STOPPED) {
			kill(-j->pgid, SIGHUP);
			kill(-j->pgid, SIGCONT);
		}
	}
	job_stop_monitor(sh);
}
