/* shell/session/explain.c — explained denials: read back what a failed command
 * said, and print the refusals the policy explains (core/denial.h). */
#include "backend.h"
#include "explain.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "canon.h"
#include "denial.h"
#include "policy.h"
#include "scope.h"
#include "interp.h"

/* How much of a failed command's stderr is read back: the refusal that
 * ended it is near its end. */
#define EX_TAIL (64 * 1024)

static struct {
	bool started;
	bool reg;  /* fd 2 is a regular file */
	off_t off; /* its offset when the command started */

	/* The forwarder, when fd 2 is a pipe: fd 2 (and fd 1, when it is
	 * the same pipe) is the write end of |pipe_r|'s pipe, and a thread
	 * copies what arrives to |real| as it comes, keeping the last
	 * EX_TAIL bytes in |ring|. A pipe for a pipe: isatty() and the
	 * order of what the job writes are what they were. */
	bool want_fwd; /* fd 2 is a pipe: start it at the first fork */
	bool fwd;
	pid_t owner; /* the process whose thread it is */
	int pipe_r, real, real1;
#ifdef SBXSH_FREE_AT_EXIT
	int stop_r, stop_w; /* sanitizer builds: ex_stop() ends the thread */
#endif
	dev_t pdev; /* the forwarder's pipe, to tell whether fd 1 */
	ino_t pino; /* and fd 2 are still it */
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	uint64_t got, put; /* bytes read from the pipe / written out */
	bool dead;	   /* |real| went away (EPIPE): the pipe is closed */
	uint64_t mark;	   /* |got| + what was queued, at ex_begin() */
	/* The denials of the last command that had any: "access path"
	 * (`policy why` with no path asks about them). */
	struct sbx_strv last;
	char ring[EX_TAIL];
} ex = {.mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER};

static void *forward(void *arg)
{
	char buf[16384];

	(void)arg;
	for (;;) {
#ifdef SBXSH_FREE_AT_EXIT
		/* and the stop pipe of sanitizer builds (ex_stop()) */
		struct pollfd pfd[2] = {{.fd = ex.pipe_r, .events = POLLIN},
					{.fd = ex.stop_r, .events = POLLIN}};
#else
		struct pollfd pfd[1] = {{.fd = ex.pipe_r, .events = POLLIN}};
#endif
		ssize_t n;
		bool bad;
		int rc;

		/* Bytes leave the pipe and are counted in |got| under one
		 * lock (the read does not block: O_NONBLOCK), so drain()
		 * finds every byte either still queued (FIONREAD) or
		 * counted. A blocking read outside the lock left a window
		 * where bytes read but not yet counted were in neither: the
		 * shell exited without waiting for them, and the end of a
		 * job's output was lost on a loaded machine (1 session in
		 * ~100 of escape_mountlayer.sh). */
		if (poll(pfd, sizeof(pfd) / sizeof(*pfd), -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
#ifdef SBXSH_FREE_AT_EXIT
		if (pfd[1].revents)
			break;
#endif
		pthread_mutex_lock(&ex.mu);
		n = read(ex.pipe_r, buf, sizeof(buf));
		for (ssize_t i = 0; i < n; i++)
			ex.ring[(ex.got + (uint64_t)i) % EX_TAIL] = buf[i];
		if (n > 0)
			ex.got += (uint64_t)n;
		pthread_mutex_unlock(&ex.mu);
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (n <= 0)
			break;
		/* Only a reader that went away (EPIPE, EBADF) ends the
		 * thread: a write that failed otherwise (EIO, ENOSPC on a
		 * full disk) loses these bytes, as it would have for the
		 * writer, but closing the pipe for it would kill the shell
		 * and its jobs with SIGPIPE at their next write, the
		 * shell's own stdout too when it is the same pipe
		 * (faults.sh, part B). */
		rc = out_write(ex.real, buf, (size_t)n);
		bad = rc == -EPIPE || rc == -EBADF;
		pthread_mutex_lock(&ex.mu);
		ex.put = ex.got;
		pthread_cond_broadcast(&ex.cv);
		pthread_mutex_unlock(&ex.mu);
		if (bad)
			break;
	}
	/* The reader went away: writers get EPIPE (and SIGPIPE) from our
	 * pipe as they would have from theirs. */
	pthread_mutex_lock(&ex.mu);
	ex.dead = true;
	close(ex.pipe_r);
	pthread_cond_broadcast(&ex.cv);
	pthread_mutex_unlock(&ex.mu);
	return NULL;
}

static bool same_pipe(int a, int b)
{
	struct stat x, y;

	return fstat(a, &x) == 0 && fstat(b, &y) == 0 && S_ISFIFO(x.st_mode) &&
	       x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

static void start_forwarder(void)
{
	int p[2], rc;
	sigset_t all, old;
	pthread_attr_t attr;
	bool both = same_pipe(1, 2);

	if (pipe2(p, O_CLOEXEC))
		return;
	/* The read end only: the jobs' writes block as on any pipe. */
	fcntl(p[0], F_SETFL, O_NONBLOCK);
#ifdef SBXSH_FREE_AT_EXIT
	{
		int q[2];

		if (pipe2(q, O_CLOEXEC)) {
			close(p[0]);
			close(p[1]);
			return;
		}
		ex.stop_r = out_fd_private(q[0]);
		ex.stop_w = out_fd_private(q[1]);
	}
#endif
	ex.real = out_fd_private(dup(2));
	ex.real1 = both ? out_fd_private(dup(1)) : -1;
	if (ex.real < 0 || (both && ex.real1 < 0))
		goto fail;
	ex.pipe_r = out_fd_private(p[0]);
	if (ex.pipe_r < 0)
		goto fail;
	fcntl(ex.real, F_SETFD, FD_CLOEXEC);
	if (ex.real1 >= 0)
		fcntl(ex.real1, F_SETFD, FD_CLOEXEC);
	/* Every signal stays with the shell's own thread: SIGCHLD and
	 * SIGINT drive job control there, and the thread's SIGPIPE is an
	 * EPIPE it acts on. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	pthread_attr_init(&attr);
	/* read, write and a 16 KiB buffer: no need for 8 MiB of stack */
	pthread_attr_setstacksize(&attr, 64 * 1024);
	rc = pthread_create(&ex.thread, &attr, forward, NULL);
	pthread_attr_destroy(&attr);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc)
		goto fail;
	{
		struct stat st;

		fstat(p[1], &st);
		ex.pdev = st.st_dev;
		ex.pino = st.st_ino;
	}
	dup2(p[1], 2);
	if (both)
		dup2(p[1], 1);
	close(p[1]);
	ex.fwd = true;
	ex.owner = getpid();
	return;
fail:
	close(p[0]);
	close(p[1]);
	if (ex.real >= 0)
		close(ex.real);
	if (ex.real1 >= 0)
		close(ex.real1);
}

void ex_start(struct shell *sh)
{
	struct stat st;

	if (ex.started)
		return;
	ex.started = true;
	ex.off = -1;
	ex.real = ex.real1 = ex.pipe_r = -1;
	if (!sh->pol || !sh->opt[O_EXPLAIN] || fstat(2, &st))
		return;
	ex.reg = S_ISREG(st.st_mode);
	ex.want_fwd = S_ISFIFO(st.st_mode);
}

void ex_fork(struct shell *sh)
{
	if (!ex.want_fwd || sh->subshell || getpid() != sh->rootpid)
		return;
	ex.want_fwd = false;
	start_forwarder();
	if (ex.fwd) {
		/* a command already under way started its mark before us */
		pthread_mutex_lock(&ex.mu);
		ex.mark = 0;
		pthread_mutex_unlock(&ex.mu);
	}
}

/* What is queued in the pipe now lies before |*to|. */
static uint64_t queued_end(void)
{
	int q = 0;

	if (ex.dead || ioctl(ex.pipe_r, FIONREAD, &q) < 0)
		q = 0;
	return ex.got + (uint64_t)q;
}

void ex_begin(struct shell *sh)
{
	if (!sh->opt[O_EXPLAIN])
		return;
	if (ex.reg)
		ex.off = lseek(2, 0, SEEK_CUR);
	if (ex.fwd) {
		pthread_mutex_lock(&ex.mu);
		ex.mark = queued_end();
		pthread_mutex_unlock(&ex.mu);
	}
}

/* Waits until the thread has passed on everything queued now. Before
 * the lines (|bounded|) for 300 ms at most: a reader that stopped reading
 * must not hang the prompt, and the lines queue behind the rest anyway.
 * Before exit or exec without a bound: what the thread holds would be
 * lost with it (a slow machine, strace -f on the session, lost the end
 * of a job's output), and a reader that stopped reading would have held
 * the job's own write just as long. */
static void drain(uint64_t *end, bool bounded)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_nsec += 300 * 1000 * 1000;
	if (ts.tv_nsec >= 1000000000L) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&ex.mu);
	*end = queued_end();
	while (!ex.dead && ex.put < *end) {
		if (!bounded)
			pthread_cond_wait(&ex.cv, &ex.mu);
		else if (pthread_cond_timedwait(&ex.cv, &ex.mu, &ts))
			break;
	}
	if (*end > ex.got)
		*end = ex.got;
	pthread_mutex_unlock(&ex.mu);
}

static bool is_ours(int fd)
{
	struct stat st;

	return fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode) &&
	       st.st_dev == ex.pdev && st.st_ino == ex.pino;
}

void ex_stop(struct shell *sh)
{
	uint64_t end;

	(void)sh;
	if (!ex.fwd || getpid() != ex.owner)
		return;
	/* Our own copies of the write end go first, then what is queued
	 * is passed on: nothing written before this is lost, and what the
	 * shell (or the program exec replaces it with) writes next goes
	 * straight out. */
	drain(&end, false);
	/* Only where the fd is still ours: after `exec 2>log` the user's
	 * redirection stays. */
	if (is_ours(2))
		dup2(ex.real, 2);
	if (ex.real1 >= 0 && is_ours(1))
		dup2(ex.real1, 1);
	drain(&end, false);
	ex.fwd = false;
#ifdef SBXSH_FREE_AT_EXIT
	/* Sanitizer builds: LeakSanitizer stops every thread with ptrace
	 * at exit, and their seccomp filter lets it reach the shell's own
	 * thread only (backends/seccomp.c): one it cannot stop makes it
	 * warn of false leaks. Everything queued is out (drain() above),
	 * so the thread ends here as it would with the process. Not with
	 * pthread_cancel(): ASan does not see a cancelled thread's frames
	 * unwind and then reports its stack as overflowed. */
	if (write(ex.stop_w, "", 1) == 1)
		pthread_join(ex.thread, NULL);
#endif
}

const struct sbx_strv *ex_last(void)
{
	return &ex.last;
}

bool ex_covered_socket(const char *path)
{
	struct stat st;

	return strcmp(path, "/dev/null") && lstat(path, &st) == 0 &&
	       S_ISCHR(st.st_mode) && st.st_rdev == makedev(1, 3);
}

/* What the command wrote on a regular-file stderr since ex_begin().
 * fd 2 is usually write-only, so the file is opened again for reading
 * (through /proc/self/fd: the same file even if renamed). */
static void read_back(struct sbx_buf *b)
{
	off_t end, from;
	int fd;

	if (ex.fwd) {
		uint64_t to, start;

		drain(&to, true);
		pthread_mutex_lock(&ex.mu);
		start = ex.mark;
		if (to > start + EX_TAIL)
			start = to - EX_TAIL;
		if (ex.got > EX_TAIL && start < ex.got - EX_TAIL)
			start = ex.got - EX_TAIL;
		for (uint64_t i = start; i < to; i++)
			buf_putc(b, ex.ring[i % EX_TAIL]);
		pthread_mutex_unlock(&ex.mu);
		return;
	}
	if (!ex.reg || ex.off < 0)
		return;
	end = lseek(2, 0, SEEK_CUR);
	if (end <= ex.off)
		return;
	from = end - ex.off > EX_TAIL ? end - EX_TAIL : ex.off;
	fd = open("/proc/self/fd/2",
		  O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return;
	while (from < end) {
		char buf[8192];
		size_t want = (size_t)(end - from) < sizeof(buf)
				  ? (size_t)(end - from)
				  : sizeof(buf);
		ssize_t n = pread(fd, buf, want, from);

		if (n <= 0)
			break;
		buf_putn(b, buf, (size_t)n);
		from += n;
	}
	close(fd);
}

/* The mode bits (access(2): Landlock does not judge it) would let us
 * write |canon|, or create it in its folder. */
static bool mode_ok(const char *canon)
{
	SBX_AUTOFREE char *dir = NULL;
	char *slash;

	if (access(canon, W_OK) == 0)
		return true;
	if (errno != ENOENT)
		return false;
	dir = xstrdup(canon);
	slash = strrchr(dir, '/');
	if (!slash)
		return false;
	slash[slash == dir ? 1 : 0] = 0;
	return access(dir, W_OK | X_OK) == 0;
}

static char *canon_of(struct shell *sh, const char *p)
{
	SBX_AUTOFREE char *joined = NULL;
	SBX_AUTOFREE char *folded = NULL;

	if (*p == '~' && p[1] == '/' && var_get(sh, "HOME"))
		p = joined = path_join(var_get(sh, "HOME"), p + 2);
	else if (*p != '/')
		p = joined = path_join(sh->pwd ? sh->pwd : "/", p);
	folded = path_fold(p);
	if (!folded)
		return NULL;
	return sh_canon(sh, folded);
}

/* Returns how many bytes of the command's stderr it could read. */
static size_t from_stderr(struct shell *sh, struct dn_report *r)
{
	struct sbx_buf text = {0};
	struct dn_cands c;
	size_t len;

	read_back(&text);
	if (!text.len)
		return 0;
	dn_scan(text.s, text.len, &c);
	for (size_t i = 0; i < c.n; i++) {
		SBX_AUTOFREE char *canon = canon_of(sh, c.v[i].path);
		struct dn_facts f = {0};
		struct why_answer w;

		if (!canon)
			continue;
		f.mode_ok = mode_ok(canon);
		f.covered_socket = ex_covered_socket(canon);
		if (dn_decide(sh->pol, &c.v[i], canon, &f, &w)) {
			dn_report_add(r, &w);
			why_free(&w);
		}
	}
	if (c.net) {
		struct why_answer w;

		why_ask(sh->pol, NULL, WHY_NET, &w);
		if (!w.allowed)
			dn_report_add(r, &w);
		why_free(&w);
	}
	dn_cands_free(&c);
	len = text.len;
	buf_free(&text);
	return len;
}

static const char *getvar(void *ctx, const char *name)
{
	return var_get(ctx, name);
}

/* The checker's flags for the command that ran (its tree): the writes it said
 * the sandbox would deny, the masked secrets, the protected paths. */
static void from_checker(struct shell *sh, const struct node *n,
			 struct dn_report *r)
{
	struct scope_report rep = {0};
	struct scope_env env = {
	    .getvar = getvar,
	    .cwd = sh->pwd ? sh->pwd : "/",
	    .canon = sh_canon,
	    .ctx = sh,
	    .posix = sh->opt[O_POSIX],
	};

	if (!n)
		return;
	/* The tree that ran, as the check before the line read it. */
	scope_check_tree(sh->pol, &env, n, 0, &rep);
	for (size_t i = 0; i < rep.n; i++) {
		enum scope_kind k = rep.flags[i].kind;
		struct why_answer w;

		if (k == SCOPE_FLAG_READ)
			continue;
		why_ask(sh->pol, rep.flags[i].path,
			k == SCOPE_FLAG_MASKED ? WHY_READ : WHY_WRITE, &w);
		if (!w.allowed)
			dn_report_add(r, &w);
		why_free(&w);
	}
	scope_report_free(&rep);
}

void ex_end(struct shell *sh, const struct node *n)
{
	struct dn_report r = {0};

	if (!sh->status || !sh->opt[O_EXPLAIN] || !sh->pol || sh->subshell ||
	    sh->jump == J_INTR)
		return;
	/* The checker only foresaw a write: when the command said what went
	 * wrong and it was not that (`cp nothere /etc/x`: the source was
	 * missing), its flag is no evidence. It speaks when there is nothing
	 * to read: a terminal, 2>/dev/null, a silent tool. */
	if (!from_stderr(sh, &r))
		from_checker(sh, n, &r);
	dn_report_finish(&r);
	if (r.out.len) {
		out_write(2, r.out.s, r.out.len);
		strv_free(&ex.last);
		ex.last = r.seen;
		memset(&r.seen, 0, sizeof(r.seen));
	}
	dn_report_free(&r);
	ex.off = -1;
}
