/* shell/interp/signames.c — signal numbers <-> names.
 *
 * The names are dash's: the classic ones without the SIG prefix, realtime
 * signals as RTMIN+n for the lower half and RTMAX-n for the upper half.
 * The realtime range is read at run time because glibc reserves the first
 * few for itself (SIGRTMIN is 34 on Linux, not 32).
 */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "signames.h"

/* clang-format off */
static const struct sig_ent {
	int sig;
	const char *name;
} sig_tab[] = {
	{ SIGHUP, "HUP" }, { SIGINT, "INT" }, { SIGQUIT, "QUIT" },
	{ SIGILL, "ILL" }, { SIGTRAP, "TRAP" }, { SIGABRT, "ABRT" },
	{ SIGBUS, "BUS" }, { SIGFPE, "FPE" }, { SIGKILL, "KILL" },
	{ SIGUSR1, "USR1" }, { SIGSEGV, "SEGV" }, { SIGUSR2, "USR2" },
	{ SIGPIPE, "PIPE" }, { SIGALRM, "ALRM" }, { SIGTERM, "TERM" },
	{ SIGCHLD, "CHLD" }, { SIGCONT, "CONT" }, { SIGSTOP, "STOP" },
	{ SIGTSTP, "TSTP" }, { SIGTTIN, "TTIN" }, { SIGTTOU, "TTOU" },
	{ SIGURG, "URG" }, { SIGXCPU, "XCPU" }, { SIGXFSZ, "XFSZ" },
	{ SIGVTALRM, "VTALRM" }, { SIGPROF, "PROF" }, { SIGWINCH, "WINCH" },
	{ SIGIO, "IO" },
#ifdef SIGPWR
	{ SIGPWR, "PWR" },
#endif
#ifdef SIGINFO
	{ SIGINFO, "INFO" },
#endif
#ifdef SIGEMT
	{ SIGEMT, "EMT" },
#endif
	{ SIGSYS, "SYS" },
};

/* Accepted on input only: dash lists these numbers under other names. */
static const struct sig_ent sig_alias[] = {
	{ SIGABRT, "IOT" }, { SIGCHLD, "CLD" }, { SIGIO, "POLL" },
#ifdef SIGSTKFLT
	{ SIGSTKFLT, "STKFLT" },
#endif
};

static const char *const sig_rtmin_names[] = {
	"RTMIN", "RTMIN+1", "RTMIN+2", "RTMIN+3", "RTMIN+4", "RTMIN+5",
	"RTMIN+6", "RTMIN+7", "RTMIN+8", "RTMIN+9", "RTMIN+10", "RTMIN+11",
	"RTMIN+12", "RTMIN+13", "RTMIN+14", "RTMIN+15", "RTMIN+16",
};
static const char *const sig_rtmax_names[] = {
	"RTMAX", "RTMAX-1", "RTMAX-2", "RTMAX-3", "RTMAX-4", "RTMAX-5",
	"RTMAX-6", "RTMAX-7", "RTMAX-8", "RTMAX-9", "RTMAX-10", "RTMAX-11",
	"RTMAX-12", "RTMAX-13", "RTMAX-14", "RTMAX-15", "RTMAX-16",
};
/* clang-format on */

#define SIG_N(a) ((int)(sizeof(a) / sizeof((a)[0])))

int sig_count(void)
{
	return NSIG;
}

/* Parses the digits of |s| as a number no larger than |max|; -1 if it
 * is empty, has other characters or is too big. */
static int sig_num(const char *s, int max)
{
	long v = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		v = v * 10 + (*s - '0');
		if (v > max)
			return -1;
	}
	return (int)v;
}

static int sig_lookup(const char *name, bool lenient)
{
	int i, n;

	if (!name || !*name)
		return -1;
	if (*name >= '0' && *name <= '9')
		return sig_num(name, NSIG - 1);
	if (lenient && !strncasecmp(name, "SIG", 3) && name[3])
		name += 3;
	if (!strcasecmp(name, "EXIT"))
		return 0;
	for (i = 0; i < SIG_N(sig_tab); i++)
		if (!strcasecmp(name, sig_tab[i].name))
			return sig_tab[i].sig;
	for (i = 0; lenient && i < SIG_N(sig_alias); i++)
		if (!strcasecmp(name, sig_alias[i].name))
			return sig_alias[i].sig;
#ifdef SIGRTMIN
	if (!strncasecmp(name, "RTMIN", 5) || !strncasecmp(name, "RTMAX", 5)) {
		bool min = !strncasecmp(name, "RTMIN", 5);
		int span = SIGRTMAX - SIGRTMIN;

		if (!name[5])
			return min ? SIGRTMIN : SIGRTMAX;
		if (name[5] != (min ? '+' : '-'))
			return -1;
		n = sig_num(name + 6, span);
		if (n < 0)
			return -1;
		return min ? SIGRTMIN + n : SIGRTMAX - n;
	}
#endif
	return -1;
}

int sig_byname(const char *name)
{
	return sig_lookup(name, true);
}

int sig_trapname(const char *name)
{
	return sig_lookup(name, false);
}

const char *sig_name(int sig)
{
	int i;

	if (sig == 0)
		return "EXIT";
	for (i = 0; i < SIG_N(sig_tab); i++)
		if (sig_tab[i].sig == sig)
			return sig_tab[i].name;
#ifdef SIGRTMIN
	if (sig >= SIGRTMIN && sig <= SIGRTMAX) {
		/* dash's split: RTMIN+n up to the middle, RTMAX-n above */
		int mid = SIGRTMIN + (SIGRTMAX - SIGRTMIN) / 2;

		if (sig <= mid && sig - SIGRTMIN < SIG_N(sig_rtmin_names))
			return sig_rtmin_names[sig - SIGRTMIN];
		if (sig > mid && SIGRTMAX - sig < SIG_N(sig_rtmax_names))
			return sig_rtmax_names[SIGRTMAX - sig];
	}
#endif
	return NULL;
}

void sig_list(struct sbx_buf *out)
{
	int i;

	buf_puts(out, "0\n");
	for (i = 1; i < NSIG; i++) {
		const char *nm = sig_name(i);

		if (nm)
			buf_printf(out, "%s\n", nm);
		else
			buf_printf(out, "%d\n", i);
	}
}

int sig_kill_l(const char *arg, struct sbx_buf *out, struct sbx_buf *err)
{
	const char *name;
	intmax_t n;
	char *end;

	if (!arg) {
		sig_list(out);
		return 0;
	}
	errno = 0;
	n = strtoimax(arg, &end, 10);
	while (end != arg && (*end == ' ' || *end == '\t' || *end == '\n'))
		end++;
	if (end == arg || *end || errno == ERANGE) {
		buf_printf(err, "kill: Illegal number: %s\n", arg);
		return 2;
	}
	if (n > 128)
		n -= 128;
	if (n <= 0 || n >= NSIG) {
		buf_printf(err,
			   "kill: invalid signal number or exit status: %s\n",
			   arg);
		return 2;
	}
	name = sig_name((int)n);
	if (name)
		buf_printf(out, "%s\n", name);
	else
		buf_printf(out, "%d\n", (int)n);
	return 0;
}
