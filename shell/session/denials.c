/* shell/session/denials.c — the denial lines: read back what a failed command
 * said, and print the refusals the policy explains (core/denial.h). */
#include "backend.h"
#include "denials.h"

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
#include "kaudit.h"

/* The needles of the lines kept before the window (struct dl_kept):
 * core/denial.c's markers as tools write them, without the first
 * letter's case. */
static const char *const dl_needles[] = {
    "ermission denied",		"rrno 13]",
    "ead-only file system",	"rrno 30]",
    "peration not permitted",	"rrno 1]",
    "o such file or directory", "onnection refused",
};

static bool has_needle(const char *s, size_t n)
{
	for (size_t i = 0; i < sizeof(dl_needles) / sizeof(*dl_needles); i++)
		if (memmem(s, n, dl_needles[i], strlen(dl_needles[i])))
			return true;
	return false;
}

static void keep_line(struct dl_kept *k, const char *s, size_t n)
{
	if (n > 4096 || !has_needle(s, n))
		return; /* dn_scan() skips a longer line too */
	if (k->out.len + n + 1 > DL_KEPT) {
		k->over = true;
		return;
	}
	buf_putn(&k->out, s, n);
	buf_putc(&k->out, '\n');
}

static void pend(struct dl_kept *k, const char *s, size_t n)
{
	if (k->line.len + n > 4096)
		k->long_line = true;
	else
		buf_putn(&k->line, s, n);
}

/* The lines of |n| bytes at |s| that may be refusals go to k->out; a
 * chunk with none of the needles costs a few memmem() passes. */
static void keep_marked(struct dl_kept *k, const char *s, size_t n)
{
	const char *e = s + n, *nl = memchr(s, '\n', n);

	if (!nl) {
		pend(k, s, n);
		return;
	}
	/* the line the last chunk began */
	pend(k, s, (size_t)(nl - s));
	if (!k->long_line)
		keep_line(k, k->line.s ? k->line.s : "", k->line.len);
	k->line.len = 0;
	k->long_line = false;
	s = nl + 1;
	if (s < e && has_needle(s, (size_t)(e - s))) {
		while ((nl = memchr(s, '\n', (size_t)(e - s)))) {
			keep_line(k, s, (size_t)(nl - s));
			s = nl + 1;
		}
	} else if (s < e) {
		const char *last = memrchr(s, '\n', (size_t)(e - s));

		s = last ? last + 1 : s;
	}
	pend(k, s, (size_t)(e - s));
}

static void *forward(void *arg)
{
	struct dl_state *dl = arg;
	char buf[16384];

	for (;;) {
#ifdef SBXSH_FREE_AT_EXIT
		/* and the stop pipe of sanitizer builds (dl_stop()) */
		struct pollfd pfd[2] = {{.fd = dl->pipe_r, .events = POLLIN},
					{.fd = dl->stop_r, .events = POLLIN}};
#else
		struct pollfd pfd[1] = {{.fd = dl->pipe_r, .events = POLLIN}};
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
		pthread_mutex_lock(&dl->mu);
		n = read(dl->pipe_r, buf, sizeof(buf));
		for (ssize_t i = 0; i < n; i++)
			dl->ring[(dl->got + (uint64_t)i) % DL_TAIL] = buf[i];
		if (n > 0) {
			dl->got += (uint64_t)n;
			keep_marked(&dl->kept, buf, (size_t)n);
		}
		pthread_mutex_unlock(&dl->mu);
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
		rc = out_write(dl->real, buf, (size_t)n);
		bad = rc == -EPIPE || rc == -EBADF;
		pthread_mutex_lock(&dl->mu);
		dl->put = dl->got;
		pthread_cond_broadcast(&dl->cv);
		pthread_mutex_unlock(&dl->mu);
		if (bad)
			break;
	}
	/* The reader went away: writers get EPIPE (and SIGPIPE) from our
	 * pipe as they would have from theirs. */
	pthread_mutex_lock(&dl->mu);
	dl->dead = true;
	close(dl->pipe_r);
	pthread_cond_broadcast(&dl->cv);
	pthread_mutex_unlock(&dl->mu);
	return NULL;
}

static bool same_pipe(int a, int b)
{
	struct stat x, y;

	return fstat(a, &x) == 0 && fstat(b, &y) == 0 && S_ISFIFO(x.st_mode) &&
	       x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

static void start_forwarder(struct dl_state *dl)
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
		dl->stop_r = out_fd_private(q[0]);
		dl->stop_w = out_fd_private(q[1]);
	}
#endif
	dl->real = out_fd_private(dup(2));
	dl->real1 = both ? out_fd_private(dup(1)) : -1;
	if (dl->real < 0 || (both && dl->real1 < 0))
		goto fail;
	dl->pipe_r = out_fd_private(p[0]);
	if (dl->pipe_r < 0)
		goto fail;
	fcntl(dl->real, F_SETFD, FD_CLOEXEC);
	if (dl->real1 >= 0)
		fcntl(dl->real1, F_SETFD, FD_CLOEXEC);
	/* Every signal stays with the shell's own thread: SIGCHLD and
	 * SIGINT drive job control there, and the thread's SIGPIPE is an
	 * EPIPE it acts on. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	pthread_attr_init(&attr);
	/* read, write and a 16 KiB buffer: no need for 8 MiB of stack */
	pthread_attr_setstacksize(&attr, 64 * 1024);
	rc = pthread_create(&dl->thread, &attr, forward, dl);
	pthread_attr_destroy(&attr);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc)
		goto fail;
	{
		struct stat st;

		fstat(p[1], &st);
		dl->pdev = st.st_dev;
		dl->pino = st.st_ino;
	}
	dup2(p[1], 2);
	if (both)
		dup2(p[1], 1);
	close(p[1]);
	dl->fwd = true;
	dl->owner = getpid();
	return;
fail:
	close(p[0]);
	close(p[1]);
	if (dl->real >= 0)
		close(dl->real);
	if (dl->real1 >= 0)
		close(dl->real1);
}

void dl_start(struct dl_state *dl, struct shell *sh)
{
	struct stat st;

	if (dl->started)
		return;
	dl->started = true;
	pthread_mutex_init(&dl->mu, NULL);
	pthread_cond_init(&dl->cv, NULL);
	dl->off = -1;
	dl->real = dl->real1 = dl->pipe_r = -1;
	if (!sh->pol || !sh->opt[O_DENIALS] || fstat(2, &st))
		return;
	dl->reg = S_ISREG(st.st_mode);
	dl->want_fwd = S_ISFIFO(st.st_mode);
}

void dl_fork(struct dl_state *dl, struct shell *sh)
{
	ka_before_fork();
	if (!dl->want_fwd || sh->subshell || getpid() != sh->rootpid)
		return;
	dl->want_fwd = false;
	start_forwarder(dl);
	if (dl->fwd) {
		/* a command already under way started its mark before us */
		pthread_mutex_lock(&dl->mu);
		dl->mark = 0;
		pthread_mutex_unlock(&dl->mu);
	}
}

/* What is queued in the pipe now lies before |*to|. */
static uint64_t queued_end(struct dl_state *dl)
{
	int q = 0;

	if (dl->dead || ioctl(dl->pipe_r, FIONREAD, &q) < 0)
		q = 0;
	return dl->got + (uint64_t)q;
}

void dl_begin(struct dl_state *dl, struct shell *sh)
{
	if (!sh->opt[O_DENIALS])
		return;
	ka_begin();
	if (dl->reg)
		dl->off = lseek(2, 0, SEEK_CUR);
	if (dl->fwd) {
		pthread_mutex_lock(&dl->mu);
		dl->mark = queued_end(dl);
		dl->kept.out.len = 0; /* a line ended since is this command's */
		dl->kept.over = false;
		pthread_mutex_unlock(&dl->mu);
	}
}

/* Waits until the thread has passed on everything queued now. Before
 * the lines (|bounded|) for 300 ms at most: a reader that stopped reading
 * must not hang the prompt, and the lines queue behind the rest anyway.
 * Before exit or exec without a bound: what the thread holds would be
 * lost with it (a slow machine, strace -f on the session, lost the end
 * of a job's output), and a reader that stopped reading would have held
 * the job's own write just as long. */
static void drain(struct dl_state *dl, uint64_t *end, bool bounded)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_nsec += 300 * 1000 * 1000;
	if (ts.tv_nsec >= 1000000000L) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&dl->mu);
	*end = queued_end(dl);
	while (!dl->dead && dl->put < *end) {
		if (!bounded)
			pthread_cond_wait(&dl->cv, &dl->mu);
		else if (pthread_cond_timedwait(&dl->cv, &dl->mu, &ts))
			break;
	}
	if (*end > dl->got)
		*end = dl->got;
	pthread_mutex_unlock(&dl->mu);
}

static bool is_ours(const struct dl_state *dl, int fd)
{
	struct stat st;

	return fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode) &&
	       st.st_dev == dl->pdev && st.st_ino == dl->pino;
}

void dl_stop(struct dl_state *dl, struct shell *sh)
{
	uint64_t end;

	(void)sh;
	if (!dl->fwd || getpid() != dl->owner)
		return;
	/* Our own copies of the write end go first, then what is queued
	 * is passed on: nothing written before this is lost, and what the
	 * shell (or the program exec replaces it with) writes next goes
	 * straight out. */
	drain(dl, &end, false);
	/* Only where the fd is still ours: after `exec 2>log` the user's
	 * redirection stays. */
	if (is_ours(dl, 2))
		dup2(dl->real, 2);
	if (dl->real1 >= 0 && is_ours(dl, 1))
		dup2(dl->real1, 1);
	drain(dl, &end, false);
	dl->fwd = false;
#ifdef SBXSH_FREE_AT_EXIT
	/* Sanitizer builds: LeakSanitizer stops every thread with ptrace
	 * at exit, and their seccomp filter lets it reach the shell's own
	 * thread only (backends/seccomp.c): one it cannot stop makes it
	 * warn of false leaks. Everything queued is out (drain() above),
	 * so the thread ends here as it would with the process. Not with
	 * pthread_cancel(): ASan does not see a cancelled thread's frames
	 * unwind and then reports its stack as overflowed. */
	if (write(dl->stop_w, "", 1) == 1)
		pthread_join(dl->thread, NULL);
#endif
}

const struct sbx_strv *dl_last(const struct dl_state *dl)
{
	return &dl->last;
}

bool dl_covered_socket(const char *path)
{
	struct stat st;

	return strcmp(path, "/dev/null") && lstat(path, &st) == 0 &&
	       S_ISCHR(st.st_mode) && st.st_rdev == makedev(1, 3);
}

/* Bytes [from, end) of |fd|, up to the first that cannot be read: the
 * lines that may be refusals into |k|, or (|k| NULL) all of them into |b|. */
static void read_range(int fd, off_t from, off_t end, struct dl_kept *k,
		       struct sbx_buf *b)
{
	char buf[16384];

	while (from < end) {
		size_t want = (size_t)(end - from) < sizeof(buf)
				  ? (size_t)(end - from)
				  : sizeof(buf);
		ssize_t n = pread(fd, buf, want, from);

		if (n <= 0)
			break;
		if (k)
			keep_marked(k, buf, (size_t)n);
		else
			buf_putn(b, buf, (size_t)n);
		from += n;
	}
}

/* What the command wrote on stderr since dl_begin(): the last DL_TAIL
 * bytes, after the lines before them that may be refusals (a line in
 * both is only counted once: dn_scan() and the report keep each path
 * once). A regular file: fd 2 is usually write-only, so the file is
 * opened again for reading (through /proc/self/fd: the same file even if
 * renamed). |*cut|: some of it could not be read. */
static void read_back(struct dl_state *dl, struct sbx_buf *b, bool *cut)
{
	off_t end, from, start;
	int fd;

	if (dl->fwd) {
		uint64_t to, first;

		drain(dl, &to, true);
		pthread_mutex_lock(&dl->mu);
		first = dl->mark;
		if (to > first + DL_TAIL)
			first = to - DL_TAIL;
		if (dl->got > DL_TAIL && first < dl->got - DL_TAIL)
			first = dl->got - DL_TAIL;
		if (first > dl->mark) {
			buf_putn(b, dl->kept.out.s ? dl->kept.out.s : "",
				 dl->kept.out.len);
			*cut = dl->kept.over;
		}
		for (uint64_t i = first; i < to; i++)
			buf_putc(b, dl->ring[i % DL_TAIL]);
		pthread_mutex_unlock(&dl->mu);
		return;
	}
	if (!dl->reg || dl->off < 0)
		return;
	end = lseek(2, 0, SEEK_CUR);
	if (end <= dl->off)
		return;
	from = end - dl->off > DL_TAIL ? end - DL_TAIL : dl->off;
	fd = open("/proc/self/fd/2",
		  O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return;
	start = dl->off;
	if (from - start > DL_SCAN) {
		start = from - DL_SCAN;
		*cut = true;
	}
	if (start < from) {
		struct dl_kept k = {0};

		read_range(fd, start, from, &k, NULL);
		buf_putn(b, k.out.s ? k.out.s : "", k.out.len);
		/* the head of the line the window starts inside */
		if (!k.long_line)
			buf_putn(b, k.line.s ? k.line.s : "", k.line.len);
		*cut |= k.over;
		buf_free(&k.out);
		buf_free(&k.line);
	}
	read_range(fd, from, end, NULL, b);
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

/* Returns how many bytes of the command's stderr it could read.
 * |kernel|: the kernel's records named Landlock's refusals already
 * (kaudit.c), so a "Permission denied" is not read again: a pipe and a
 * terminal get the same lines (the records name the folder a file was
 * refused in, the message the file). */
static size_t from_stderr(struct dl_state *dl, struct shell *sh,
			  struct dn_report *r, bool kernel)
{
	struct sbx_buf text = {0};
	struct dn_cands c;
	bool cut = false;
	size_t len;

	read_back(dl, &text, &cut);
	if (!text.len)
		return 0;
	dn_scan(text.s, text.len, &c);
	r->at_least = cut || c.dropped;
	for (size_t i = 0; i < c.n; i++) {
		SBX_AUTOFREE char *canon = canon_of(sh, c.v[i].path);
		struct dn_facts f = {0};
		struct why_answer w;

		if (!canon || (kernel && c.v[i].err == DN_EACCES))
			continue;
		f.mode_ok = mode_ok(canon);
		f.covered_socket = dl_covered_socket(canon);
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
	    .extglob = sh->shopt[SHOPT_EXTGLOB],
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

void dl_end(struct dl_state *dl, struct shell *sh, const struct node *n)
{
	struct dn_report r = {0};
	int k;

	if (!sh->status || !sh->opt[O_DENIALS] || !sh->pol || sh->subshell ||
	    sh->jump == J_INTR)
		return;
	/* The checker only foresaw a write: when the command said what went
	 * wrong and it was not that (`cp nothere /etc/x`: the source was
	 * missing), its flag is no evidence. It speaks when there is nothing
	 * to read: a terminal, 2>/dev/null, a silent tool. The kernel's
	 * records (kaudit.c), where the session has them, come first. */
	k = ka_end(sh, &r);
	{
		size_t before = r.seen.n;
		size_t got = from_stderr(dl, sh, &r, k > 0);

		/* The mount layer's records (audit_mnt.c) name the folder
		 * a new file was refused in; the message, where the tool
		 * printed one, names the file: theirs only when stderr
		 * named nothing (a terminal, a silent tool). */
		ka_end_mount(sh, &r, r.seen.n == before);
		if (!got && !k)
			from_checker(sh, n, &r);
	}
	dn_report_finish(&r);
	if (r.out.len) {
		out_write(2, r.out.s, r.out.len);
		strv_free(&dl->last);
		dl->last = r.seen;
		memset(&r.seen, 0, sizeof(r.seen));
	}
	dn_report_free(&r);
	dl->off = -1;
}
