/* shell/interp/coproc.c — bash's coproc (default mode; under posix
 * `coproc` is a command name as in dash). `coproc NAME { ...; }` or
 * `coproc cmd args` (named COPROC) starts the command as a background job,
 * forked through job_fork like every job (so confined as every job is),
 * its stdin and stdout two pipes whose other ends the shell keeps:
 * ${NAME[0]} to read what it writes, ${NAME[1]} to write to it, NAME_PID
 * its pid, $! too. The ends are at 60 or above, out of the way of the
 * script's own numbers, and not close-on-exec: redir.c lets a
 * redirection duplicate only such a descriptor (`>&${NAME[1]}`), a
 * close-on-exec one being the shell's own (its history file). When a `wait` has
 * taken it, NAME and NAME_PID are unset and the ends closed, as bash does. One
 * at a time, as in bash: a second while the first runs gets bash's warning, and
 * the first's ends stay open under their numbers. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fault.h"
#include "interp.h"

#define COP_FD_MIN 60

static void cop_forget(struct shell *sh)
{
	free(sh->cop_name);
	sh->cop_name = NULL;
	sh->cop_pid = 0;
}

void cop_ended(struct shell *sh, pid_t pid)
{
	char *pidvar;

	if (!sh->cop_pid || pid != sh->cop_pid)
		return;
	close(sh->cop_fd[0]);
	close(sh->cop_fd[1]);
	pidvar = xasprintf("%s_PID", sh->cop_name);
	var_unset(sh, sh->cop_name);
	var_unset(sh, pidvar);
	free(pidvar);
	cop_forget(sh);
}

/* |fd| moved to COP_FD_MIN or above, a user's descriptor (inherited,
 * as bash's); -1 on failure. */
static int high_fd(int fd)
{
	int h = fcntl(fd, F_DUPFD, COP_FD_MIN);

	close(fd);
	return h;
}

int cop_eval(struct shell *sh, struct node *n)
{
	int in[2], out[2], id, rfd, wfd;
	char *v[2], *pidvar;
	pid_t pid;

	if (sh->cop_pid) {
		sh_err(sh,
		       "warning: execute_coproc: coproc [%ld:%s] still exists",
		       (long)sh->cop_pid, sh->cop_name);
		cop_forget(sh);
	}
	if (FLT("pipe", pipe2(in, O_CLOEXEC)) < 0) {
		sh_err(sh, "cannot create pipe: %s", strerror(errno));
		return 1;
	}
	if (FLT("pipe", pipe2(out, O_CLOEXEC)) < 0) {
		sh_err(sh, "cannot create pipe: %s", strerror(errno));
		close(in[0]);
		close(in[1]);
		return 1;
	}
	job_reap(sh);
	id = job_new(sh);
	job_set_node(sh, id, n);
	pid = job_fork(sh, id, true, NULL);
	if (pid == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		sh_exit(sh, eval_node(sh, n->a, EV_EXIT));
	}
	close(in[0]);
	close(out[1]);
	if (pid < 0) {
		close(in[1]);
		close(out[0]);
		job_disown(sh, id);
		return 1;
	}
	job_set_bg(sh, id);
	sh->lastbg = pid;
	rfd = high_fd(out[0]);
	wfd = high_fd(in[1]);
	if (rfd < 0 || wfd < 0) {
		sh_err(sh, "coproc: cannot duplicate fd: %s", strerror(errno));
		if (rfd >= 0)
			close(rfd);
		if (wfd >= 0)
			close(wfd);
		return 1;
	}
	v[0] = xasprintf("%d", rfd);
	v[1] = xasprintf("%d", wfd);
	pidvar = xasprintf("%s_PID", n->name);
	if (av_store(sh, "coproc", n->name, v, 2, 0, false) == 0) {
		char num[24];

		snprintf(num, sizeof(num), "%ld", (long)pid);
		var_set(sh, pidvar, num, 0);
	}
	free(v[0]);
	free(v[1]);
	free(pidvar);
	sh->cop_pid = pid;
	sh->cop_name = xstrdup(n->name);
	sh->cop_fd[0] = rfd;
	sh->cop_fd[1] = wfd;
	return 0;
}
