/* shell/session/reap.c — ending what the session left behind, where there is no
 * PID namespace to do it (docs/design.md §2b, "Terminals").
 *
 * A job that ignores SIGHUP and double-forks (or calls setsid()) would
 * outlive the session, take the foreground or keep reading the terminal,
 * and get what the user types to the outer shell next. With a private PID
 * namespace its init ends every member when the shell ends
 * (backends/pidns.c). Without one (no mount layer: an unprivileged user
 * without user namespaces, a nested session), the backend made the shell
 * a child subreaper (PR_SET_CHILD_SUBREAPER): every orphaned descendant is
 * re-parented to it instead of to init, so at the end the shell still
 * finds them all below itself in /proc/<pid>/task/<tid>/children. It
 * hangs them up (SIGHUP, and SIGCONT for the stopped), waits a short
 * grace, kills what is left, and says so in one line.
 *
 * What stays open: `exec cmd` as the last command replaces the shell, so
 * no shell code runs at the end (the subreaper attribute survives exec,
 * and cmd inherits the orphans, but does not end them).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "backend.h"
#include "interp.h"

enum { REAP_MAX = 256, REAP_GRACE_MS = 300, REAP_SETTLE_MS = 20 };

/* Appends the children of |pid| (its only thread: the shell and most
 * jobs are single-threaded; a threaded job's other threads' children are
 * found through their own task entries below). */
static size_t children_of(pid_t pid, pid_t *out, size_t n, size_t max)
{
	char path[64], buf[4096];
	ssize_t k;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/children", (int)pid,
		 (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return n;
	k = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (k <= 0)
		return n;
	buf[k] = '\0';
	for (char *p = buf, *e; n < max && *p; p = e) {
		long v = strtol(p, &e, 10);

		if (e == p)
			break;
		out[n++] = (pid_t)v;
	}
	return n;
}

/* Whether |pid| has ended and only waits to be reaped (state Z): a
 * process substitution's `wc` that finished as its pipeline did is no
 * process left behind. */
static bool is_zombie(pid_t pid)
{
	char path[64], buf[256], *rp;
	ssize_t k;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	/* Only a process that is gone or a zombie is passed over: one whose
	 * stat cannot be read for another reason counts as alive, so a job
	 * cannot outlive the session by hiding its /proc entry. */
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT || errno == ESRCH;
	k = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (k <= 0)
		return false;
	buf[k] = '\0';
	/* "pid (comm) S ...": comm may hold ") ", so the last ')' */
	rp = strrchr(buf, ')');
	return rp && rp[1] == ' ' && (rp[2] == 'Z' || rp[2] == 'X');
}

/* Every live descendant of the shell, breadth first (zombies are walked
 * through for their children, but not counted). */
static size_t descendants(pid_t *out, size_t max)
{
	pid_t all[REAP_MAX];
	size_t n = children_of(getpid(), all, 0, REAP_MAX), live = 0;

	for (size_t i = 0; i < n; i++)
		n = children_of(all[i], all, n, REAP_MAX);
	for (size_t i = 0; i < n && live < max; i++)
		if (!is_zombie(all[i]))
			out[live++] = all[i];
	return live;
}

static void comm_of(pid_t pid, char *out, size_t n)
{
	char path[64];
	ssize_t k;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/comm", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	k = fd < 0 ? -1 : read(fd, out, n - 1);
	if (fd >= 0)
		close(fd);
	out[k > 0 ? k : 0] = '\0';
	out[strcspn(out, "\n")] = '\0';
}

/* Waits for a SIGCHLD (blocked by the caller: one that came since it
 * looked stays pending and ends the wait at once), at most |ms|: a
 * session whose jobs end at the hang-up ends then, where a fixed sleep
 * made every such session wait 10 ms or more. The bound stays, since a
 * grandchild's end is told to its parent, not to the shell. */
static void wait_chld(const sigset_t *chld, long ms)
{
	struct timespec ts = {0, ms * 1000000L};

	(void)sigtimedwait(chld, NULL, &ts);
}

void sh_end_session(struct shell *sh, int status)
{
	pid_t pids[REAP_MAX];
	struct sbx_buf line = {0}, names = {0};
	struct timespec t0, t;
	sigset_t chld;
	size_t n, left;
	int killed = 0;

	if (sh->subshell || getpid() != sh->rootpid)
		return;
	if (!sh->cfg->reap_at_exit) {
		/* Everything written before the caller hears the status. */
		fflush(NULL);
		be_session_end(sh->cfg->exit_fd, status);
		return;
	}
	/* What has ended already is reaped first, not reported. */
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
	n = descendants(pids, REAP_MAX);
	if (!n)
		return;
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL); /* the shell is ending */
	/* A process that closed its descriptors is not a zombie yet for a
	 * moment (the kernel closes files before it tells the parent): a
	 * process substitution's wc that ended with its pipeline. What ends
	 * by itself within REAP_SETTLE_MS was not left behind. */
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (n) {
		wait_chld(&chld, 5);
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
		n = descendants(pids, REAP_MAX);
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 +
			(t.tv_nsec - t0.tv_nsec) / 1000000 >=
		    REAP_SETTLE_MS)
			break;
	}
	if (!n)
		return;
	for (size_t i = 0; i < n; i++) {
		char c[32];

		comm_of(pids[i], c, sizeof(c));
		/* The job chose the name (PR_SET_NAME): shown escaped, or
		 * $'\e]0;x\a' would reach the terminal after the session. */
		if (names.len < 200) {
			buf_puts(&names, i ? ", " : "");
			buf_put_shown(&names, c);
		}
		kill(pids[i], SIGHUP);
		kill(pids[i], SIGCONT); /* a stopped one cannot act on HUP */
	}
	/* The grace is a time, not a count of wake-ups: many jobs ending
	 * one by one must not cut it short for a slow one. */
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
		if (!descendants(pids, REAP_MAX))
			break;
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 +
			(t.tv_nsec - t0.tv_nsec) / 1000000 >=
		    REAP_GRACE_MS)
			break;
		wait_chld(&chld, 10);
	}
	left = descendants(pids, REAP_MAX);
	for (size_t i = 0; i < left; i++, killed++)
		kill(pids[i], SIGKILL);
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
	clock_gettime(CLOCK_MONOTONIC, &t);
	buf_printf(&line,
		   "sbxsh: ended %zu process%s the session left behind (%s)", n,
		   n == 1 ? "" : "es", names.s);
	/* as the PID namespace's init says it (backends/pidns.c) */
	if (killed)
		buf_puts(&line, ": SIGKILL after the hang-up\n");
	else
		buf_printf(&line, " %ld ms after the hang-up\n",
			   (long)((t.tv_sec - t0.tv_sec) * 1000 +
				  (t.tv_nsec - t0.tv_nsec) / 1000000));
	out_write(2, line.s, line.len);
	buf_free(&line);
	buf_free(&names);
}
