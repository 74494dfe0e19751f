/* shell/interp/trap.c — trap: actions for EXIT and signals. The handler only
 * records the signal (dash trap.c does the same); the actions run between
 * commands, from eval's loop. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "interp.h"
#include "signames.h"

volatile sig_atomic_t trap_gotsig;
static volatile sig_atomic_t pending[NSIG];

static volatile sig_atomic_t lastsig;

static void on_signal(int sig)
{
	pending[sig] = 1;
	lastsig = sig;
	trap_gotsig = 1;
}

bool trap_pending(int sig)
{
	return sig > 0 && sig < NSIG && pending[sig];
}

int trap_last_signal(void)
{
	return lastsig ? lastsig : SIGINT;
}

static bool ignored_now(int sig)
{
	struct sigaction sa;

	return sigaction(sig, NULL, &sa) == 0 && sa.sa_handler == SIG_IGN;
}

/* What was ignored on entry matters to trap_set() (POSIX) and to the
 * signals the shell handles itself. Only those are asked now; every other
 * signal keeps its entry disposition until trap_set() changes it, which
 * asks first (ignored_at_start()). 54 sigaction() calls fewer at
 * start-up. */
static const int own_sigs[] = {SIGHUP,	SIGINT,	 SIGQUIT, SIGTERM,  SIGCHLD,
			       SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH, SIGPIPE};

void trap_init(struct shell *sh)
{
	for (size_t i = 0; i < sizeof(own_sigs) / sizeof(*own_sigs); i++) {
		int s = own_sigs[i];

		sh->trap_ignored_at_start[s] = ignored_now(s);
		sh->trap_entry_known[s] = true;
	}
}

static bool ignored_at_start(struct shell *sh, int sig)
{
	if (!sh->trap_entry_known[sig]) {
		sh->trap_ignored_at_start[sig] = ignored_now(sig);
		sh->trap_entry_known[sig] = true;
	}
	return sh->trap_ignored_at_start[sig];
}

int trap_set(struct shell *sh, int sig, const char *action)
{
	struct sigaction sa;

	if (sig == 0) {
		free(sh->exit_trap);
		sh->exit_trap = action ? xstrdup(action) : NULL;
		return 0;
	}
	if (sig < 0 || sig >= NSIG)
		return -EINVAL;
	/* POSIX: signals ignored on entry to a non-interactive shell cannot
	 * be trapped or reset. */
	if (ignored_at_start(sh, sig) && !sh->opt[O_INTERACTIVE])
		return 0;
	free(sh->traps[sig]);
	sh->traps[sig] = action ? xstrdup(action) : NULL;
	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	if (!action)
		sa.sa_handler = SIG_DFL;
	else if (!*action)
		sa.sa_handler = SIG_IGN;
	else
		sa.sa_handler = on_signal;
	/* KILL and STOP cannot be caught: the action is kept and listed
	 * but never runs, as in dash (POSIX: undefined results). */
	if (sig != SIGKILL && sig != SIGSTOP)
		sigaction(sig, &sa, NULL);
	/* trap - SIG: back to what the shell itself does with it */
	if (!action && sig == SIGCHLD && job_monitor(sh))
		job_sigchld_install(sh);
	if (!action && sig == SIGINT && sh->opt[O_INTERACTIVE] && !sh->subshell)
		trap_catch_int(sh);
	return 0;
}

void trap_run_pending(struct shell *sh)
{
	trap_gotsig = 0;
	for (int s = 1; s < NSIG; s++) {
		if (!pending[s])
			continue;
		pending[s] = 0;
		if (sh->traps[s] && *sh->traps[s]) {
			int st = sh->status;
			char *act = xstrdup(sh->traps[s]);

			sh_eval_string(sh, act, strlen(act));
			free(act);
			if (sh->jump != J_EXIT)
				sh->status = st;
		} else if (s == SIGINT && !sh->traps[s] && !sh->jump &&
			   sh->opt[O_INTERACTIVE] && !sh->subshell) {
			/* ^C in a builtin loop: back to the prompt (run.c) */
			sh->jump = J_INTR;
			sh->exit_status = 130;
			if (sh->evaldepth) /* the line after the echoed ^C */
				out_write(2, "\n", 1);
		}
	}
}

/* An interactive shell ignores or catches these for itself; its
 * commands must get the defaults back (ignored signals survive execve). */
static const int shell_sigs[] = {SIGINT, SIGQUIT, SIGTERM};

void trap_child_defaults(struct shell *sh)
{
	if (!sh->opt[O_INTERACTIVE])
		return;
	for (size_t i = 0; i < sizeof(shell_sigs) / sizeof(shell_sigs[0]); i++)
		if (!sh->traps[shell_sigs[i]])
			signal(shell_sigs[i], SIG_DFL);
}

void trap_catch_int(struct shell *sh)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
}

void trap_reset_child(struct shell *sh)
{
	trap_child_defaults(sh);
	for (int s = 1; s < NSIG; s++) {
		if (sh->traps[s] && *sh->traps[s]) {
			signal(s, SIG_DFL);
			free(sh->traps[s]);
			sh->traps[s] = NULL;
		}
	}
	free(sh->exit_trap);
	sh->exit_trap = NULL;
	trapx_reset_child(sh);
}

void trap_print(struct shell *sh, struct sbx_buf *out)
{
	if (sh->exit_trap) {
		buf_puts(out, "trap -- ");
		var_quote(out, sh->exit_trap);
		buf_puts(out, " EXIT\n");
	}
	for (int s = 1; s < NSIG; s++) {
		if (!sh->traps[s])
			continue;
		trap_print_one(sh, out, s);
	}
	trapx_print(sh, out, 0);
}

void trap_print_one(struct shell *sh, struct sbx_buf *out, int s)
{
	const char *n = sig_name(s);

	if (s == 0) {
		if (sh->exit_trap) {
			buf_puts(out, "trap -- ");
			var_quote(out, sh->exit_trap);
			buf_puts(out, " EXIT\n");
		}
		return;
	}
	if (!sh->traps[s])
		return;
	buf_puts(out, "trap -- ");
	var_quote(out, sh->traps[s]);
	/* bash names them SIGINT, dash INT */
	buf_printf(out, " %s%s\n", sh->opt[O_POSIX] || !n ? "" : "SIG",
		   n ? n : "?");
}

void trap_run_exit(struct shell *sh)
{
	char *act = sh->exit_trap;
	int st;

	if (!act)
		return;
	sh->exit_trap = NULL;
	st = sh->jump == J_EXIT ? sh->exit_status : sh->status;
	sh->jump = J_NONE;
	sh->status = st;
	sh_eval_string(sh, act, strlen(act));
	free(act);
	if (sh->jump != J_EXIT) {
		sh->jump = J_EXIT;
		sh->exit_status = st;
	}
}

bool trap_any(struct shell *sh)
{
	if (sh->exit_trap)
		return true;
	for (int s = 1; s < NSIG; s++)
		if (sh->traps[s] && *sh->traps[s])
			return true;
	return false;
}
