/* shell/interp/redir.c — redirections (XCU 2.7), with the shell's previous fds
 * saved (above 10, close-on-exec) so builtins and compound commands can
 * have theirs undone afterwards. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fault.h"
#include "brace.h"
#include "interp.h"

struct redir_save {
	struct redir_save *next;
	int fd;
	int saved; /* -1: fd was closed */
};

/*
 * The shell's own descriptors: the history file, the script being read,
 * the terminal it keeps for job control, libedit's streams, the saved
 * copies of redirected fds, the run folder's lock. Every one of them is
 * close-on-exec (so no job inherits it), and every descriptor of the
 * user's is not: redirections open without O_CLOEXEC, dup2() clears it,
 * and a descriptor inherited at start-up cannot have it. So the flag
 * tells them apart, whatever their number.
 *
 * Why it matters: `sh -c 'echo INJECTED' >&12` handed the shell's
 * read-write history fd to a job, which appended to the history file
 * (outside every writable root) or emptied it with ftruncate(); `exec
 * 12>x` would have redirected the history into x. A redirection that
 * names one acts as on a closed descriptor, as dash does for the fds it
 * owns. (seccomp denies pidfd_getfd, the other way to take them.)
 */
static bool shell_fd(int fd)
{
	int fl = fcntl(fd, F_GETFD);

	return fl >= 0 && (fl & FD_CLOEXEC);
}

/* An open descriptor of the user's: one a redirection may duplicate. */
static bool user_fd(int fd)
{
	int fl = fcntl(fd, F_GETFD);

	return fl >= 0 && !(fl & FD_CLOEXEC);
}

/*
 * Refuses (closing |fd|) a redirection that reopened the history file:
 * /dev/fd/12 and /proc/self/fd/12 are magic links to the shell's own
 * descriptor, and a reopen through them gets the permissions of the
 * mount the descriptor was opened on, before confinement: under the
 * namespace backend that mount is the host's, writable. O_TRUNC would
 * empty the history, `echo x >` would put a line in it. Checked after
 * the open, by inode, so a symlink to either path is caught too.
 */
static int own_file(struct shell *sh, int fd, const char *name)
{
	struct stat st;

	if (!sh->hist_ino || fstat(fd, &st) < 0 || st.st_ino != sh->hist_ino ||
	    st.st_dev != sh->hist_dev)
		return fd;
	close(fd);
	sh_err(sh, "cannot open %s: Permission denied (the shell's history)",
	       name);
	return -1;
}

static int open_target(struct shell *sh, struct redir *r, const char *name)
{
	int fd, fl;
	struct stat st;
	bool trunc;

	switch (r->type) {
	case R_IN:
		fd = FLT("open", open(name, O_RDONLY));
		if (fd < 0) {
			sh_err(sh, "cannot open %s: %s", name, strerror(errno));
			return -1;
		}
		return own_file(sh, fd, name);
	case R_RDWR:
		fl = O_RDWR | O_CREAT;
		break;
	case R_APPEND:
		fl = O_WRONLY | O_CREAT | O_APPEND;
		break;
	case R_OUT:
		if (sh->opt[O_NOCLOBBER]) {
			if (stat(name, &st) == 0 && S_ISREG(st.st_mode)) {
				sh_err(sh, "cannot create %s: File exists",
				       name);
				return -1;
			}
			fl = O_WRONLY | O_CREAT;
			if (stat(name, &st) < 0)
				fl |= O_EXCL;
			else
				fl |= O_TRUNC;
			break;
		}
		/* fall through */
	default:
		fl = O_WRONLY | O_CREAT | O_TRUNC;
	}
	/* With a history to protect, the truncation waits until the file
	 * opened is known not to be it: O_TRUNC would empty it at open. */
	trunc = sh->hist_ino && (fl & O_TRUNC);
	SH_HOOK(sh, file_written, sh); /* see the session's end */
	fd = FLT("open", open(name, trunc ? fl & ~O_TRUNC : fl, 0666));
	if (fd < 0) {
		sh_err(sh, "cannot create %s: %s", name, strerror(errno));
		return -1;
	}
	fd = own_file(sh, fd, name);
	if (fd >= 0 && trunc && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    ftruncate(fd, 0) < 0) {
		sh_err(sh, "cannot create %s: %s", name, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

static int heredoc_fd(struct shell *sh, const char *body, size_t len)
{
	int pfd[2];

	if (FLT("pipe", pipe2(pfd, O_CLOEXEC)) < 0) {
		sh_err(sh, "cannot create pipe: %s", strerror(errno));
		return -1;
	}
	if (len <= PIPE_BUF) {
		out_write(pfd[1], body, len);
		close(pfd[1]);
		return pfd[0];
	}
	/* Larger than a pipe takes without a reader: an anonymous file
	 * (no writer process, so no child to reap). */
	int mfd = memfd_create("sbxsh-heredoc", MFD_CLOEXEC);

	if (mfd >= 0) {
		close(pfd[0]);
		close(pfd[1]);
		if (out_write(mfd, body, len) < 0 ||
		    lseek(mfd, 0, SEEK_SET) < 0) {
			sh_err(sh, "here-document: %s", strerror(errno));
			close(mfd);
			return -1;
		}
		return mfd;
	}
	/* No memfd: a writer process feeds the pipe. */
	pid_t pid = FLT("fork", fork());

	if (pid == 0) {
		close(pfd[0]);
		signal(SIGPIPE, SIG_DFL);
		out_write(pfd[1], body, len);
		_exit(0);
	}
	close(pfd[1]);
	if (pid < 0) {
		close(pfd[0]);
		sh_err(sh, "cannot fork: %s", strerror(errno));
		return -1;
	}
	return pfd[0];
}

static void save_fd(struct redir_save **save, int fd)
{
	struct redir_save *s;

	if (!save)
		return;
	for (s = *save; s; s = s->next)
		if (s->fd == fd)
			return;
	s = xcalloc(1, sizeof(*s));
	s->fd = fd;
	s->saved = fcntl(fd, F_DUPFD_CLOEXEC, SBX_FD_PRIVATE);
	if (s->saved < 0)
		s->saved = fcntl(fd, F_DUPFD_CLOEXEC, 10);
	s->next = *save;
	*save = s;
}

static int count_word(void *ctx, struct wpart *w)
{
	(void)w;
	++*(size_t *)ctx;
	return 0;
}

struct one_target {
	struct shell *sh;
	const struct word *w;
	char *s;
};

static int expand_target(void *ctx, struct wpart *parts)
{
	struct one_target *t = ctx;
	struct word w = *t->w;

	w.parts = parts;
	w.flags &= ~(unsigned)(W_BRACE | W_PLAIN);
	w.next = NULL;
	t->s = exp_str(t->sh, &w, false);
	return 1;
}

/* A redirection's target expanded. bash brace-expands it first: one
 * word is the target (`> x{1..1}` writes x1, as the checker judges it),
 * more are refused: "> {a,b}" is an error there, never a file named
 * "{a,b}" the writer did not mean (nor a write to one of them). NULL
 * after a message. */
static char *redir_target(struct shell *sh, struct word *w)
{
	struct one_target t = {sh, w, NULL};
	size_t n = 0;

	if (sh->opt[O_POSIX] || !(w->flags & W_BRACE))
		return exp_str(sh, w, false);
	(void)brace_each(w->parts, count_word, &n);
	if (n != 1) {
		sh_err(sh, "%s: ambiguous redirect", w->raw ? w->raw : "");
		return NULL;
	}
	(void)brace_each(w->parts, expand_target, &t);
	return t.s;
}

int redir_apply(struct shell *sh, struct redir *r, struct redir_save **save)
{
	/* Before fd 0 may change: the read-ahead goes back to the script's
	 * own file, not to whatever a redirection puts on fd 0. */
	if (r)
		sh_input_sync(sh);
	for (; r; r = r->next) {
		int fd = -1, src = -1;
		char *s = NULL;

		/* `exec 12>x` must not land on the shell's history fd. */
		if (shell_fd(r->fd)) {
			sh_err(sh, "%d: Bad file descriptor", r->fd);
			return -1;
		}

		if (r->type == R_HEREDOC) {
			if (r->hd_quoted) {
				struct wpart *w = r->target->parts;

				fd = heredoc_fd(sh, w ? w->s : "",
						w ? w->len : 0);
			} else {
				enum sh_jump j = sh->jump;

				s = exp_str(sh, r->target, false);
				if (!s) {
					/* An error in the body (set -u) is a
					 * redirection error, as in dash: the
					 * command does not run, the shell goes
					 * on unless the caller ends it. */
					sh->jump = j;
					return -1;
				}
				fd = heredoc_fd(sh, s, strlen(s));
			}
		} else if (r->type == R_HERESTR) {
			/* bash's <<< word: the word expanded (no splitting
			 * or globbing) and a newline, served as a
			 * here-document's body is */
			struct sbx_buf b = {0};

			s = exp_str(sh, r->target, false);
			if (!s)
				return -1;
			buf_puts(&b, s);
			buf_putc(&b, '\n');
			fd = heredoc_fd(sh, b.s, b.len);
			buf_free(&b);
		} else {
			s = redir_target(sh, r->target);
			if (!s)
				return -1;
			if (r->type == R_DUPIN || r->type == R_DUPOUT) {
				char *end;
				long v;

				if (!strcmp(s, "-")) {
					if (shell_fd(r->fd)) {
						sh_err(sh,
						       "%d: Bad file "
						       "descriptor",
						       r->fd);
						free(s);
						return -1;
					}
					save_fd(save, r->fd);
					close(r->fd);
					free(s);
					continue;
				}
				v = strtol(s, &end, 10);
				if (!*s || *end || v < 0 || v > INT_MAX) {
					/* Not a number: POSIX leaves it open;
					 * dash makes it a syntax error, which
					 * ends a non-interactive shell. */
					sh_err(sh, "%s: Bad fd number", s);
					free(s);
					if (!sh->opt[O_INTERACTIVE] &&
					    !sh->jump) {
						sh->jump = J_EXIT;
						sh->exit_status = 2;
					}
					return -1;
				}
				src = (int)v;
				/* n>&n does nothing, open or not, as in
				 * dash and bash (a private fd stays private:
				 * nothing is duplicated) */
				if (src == r->fd) {
					free(s);
					continue;
				}
				if (!user_fd(src)) {
					sh_err(sh, "%d: Bad file descriptor",
					       src);
					free(s);
					return -1;
				}
			} else {
				fd = open_target(sh, r, s);
			}
		}
		free(s);
		if (src >= 0) {
			save_fd(save, r->fd);
			if (src != r->fd && dup2(src, r->fd) < 0) {
				sh_err(sh, "%d: %s", r->fd, strerror(errno));
				return -1;
			}
			continue;
		}
		if (fd < 0)
			return -1;
		if (fd == r->fd) {
			/* the target was closed and open() reused it */
			if (save) {
				struct redir_save *sv = xcalloc(1, sizeof(*sv));

				sv->fd = fd;
				sv->saved = -1;
				sv->next = *save;
				*save = sv;
			}
			fcntl(fd, F_SETFD, 0);
			continue;
		}
		save_fd(save, r->fd);
		if (dup2(fd, r->fd) < 0) {
			sh_err(sh, "%d: %s", r->fd, strerror(errno));
			close(fd);
			return -1;
		}
		close(fd);
	}
	return 0;
}

void redir_restore(struct shell *sh, struct redir_save *s)
{
	struct redir_save *n;

	/* `read`'s block belongs to the fd 0 that is going away */
	if (s)
		sh_input_sync(sh);

	for (; s; s = n) {
		n = s->next;
		if (s->saved >= 0) {
			dup2(s->saved, s->fd);
			close(s->saved);
		} else {
			close(s->fd);
		}
		free(s);
	}
}

int redir_saved_fd(const struct redir_save *s, int fd)
{
	for (; s; s = s->next)
		if (s->fd == fd)
			return s->saved;
	return fd;
}

void redir_commit(struct redir_save *s)
{
	struct redir_save *n;

	for (; s; s = n) {
		n = s->next;
		if (s->saved >= 0)
			close(s->saved);
		free(s);
	}
}
