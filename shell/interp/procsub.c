/* shell/interp/procsub.c — bash's process substitution: <(cmd) and >(cmd)
 * expand to /dev/fd/N, one end of a pipe whose other end is the standard
 * output (<) or input (>) of cmd, run in a child forked through job_fork
 * like every process of the shell, so confined as every job is (the shell
 * itself is confined). The fds live from PS_FD_MIN up to below the
 * shell's own (100, docs/language.md): a redirection of the command
 * (3>x) does not land on one. The command that expanded them closes them
 * when it ends (ps_close_from), so a loop of them does not run out of fds;
 * the child is not waited for (as in bash): job_reap takes it. As in
 * bash, $! is the last one's pid and `wait $!` (or `wait`) waits for it
 * and gives its status (jobs.c keeps it: it is no job). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fault.h"
#include "interp.h"

#define PS_FD_MIN 60
#define PS_FD_MAX 99

size_t ps_mark(struct shell *sh)
{
	return sh->nps;
}

void ps_close_from(struct shell *sh, size_t mark)
{
	while (sh->nps > mark)
		close(sh->ps_fds[--sh->nps]);
}

char *ps_open(struct shell *sh, struct wpart *w)
{
	bool in = w->op == '<'; /* <(cmd): the command writes, we read */
	int pfd[2], keep, fd;
	struct sbx_buf b = {0};
	pid_t pid;

	if (sh->nps >= sizeof(sh->ps_fds) / sizeof(sh->ps_fds[0])) {
		sh_err(sh, "too many process substitutions");
		return NULL;
	}
	if (FLT("pipe", pipe2(pfd, O_CLOEXEC)) < 0) {
		sh_err(sh, "cannot create pipe: %s", strerror(errno));
		return NULL;
	}
	pid = job_fork(sh, -1, true, NULL);
	if (pid == 0) {
		/* the other substitutions' ends are not this child's */
		for (size_t i = 0; i < sh->nps; i++)
			close(sh->ps_fds[i]);
		sh->nps = 0;
		dup2(in ? pfd[1] : pfd[0], in ? 1 : 0);
		close(pfd[0]);
		close(pfd[1]);
		sh_exit(sh, eval_node(sh, w->cmd, EV_EXIT));
	}
	keep = in ? pfd[0] : pfd[1];
	close(in ? pfd[1] : pfd[0]);
	if (pid < 0) {
		close(keep);
		return NULL;
	}
	sh->ps_pid = sh->lastbg = pid;
	sh->ps_done = false;
	/* F_DUPFD: the copy is inherited by the command (no CLOEXEC) */
	fd = fcntl(keep, F_DUPFD, PS_FD_MIN);
	close(keep);
	if (fd < 0 || fd > PS_FD_MAX) {
		if (fd >= 0)
			close(fd);
		sh_err(sh, "too many process substitutions");
		return NULL;
	}
	sh->ps_fds[sh->nps++] = fd;
	buf_printf(&b, "/dev/fd/%d", fd);
	return b.s;
}
