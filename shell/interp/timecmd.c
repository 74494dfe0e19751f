/* shell/interp/timecmd.c — bash's `time [-p] pipeline` keyword (N_TIME):
 * the real, user and system time of the pipeline, written to the shell's
 * own stderr after it ends in the format of $TIMEFORMAT (bash's default
 * when unset, nothing when empty; -p: POSIX's "real %2R" lines). The
 * pipeline's own redirections do not apply to the report: `time ls
 * 2>/dev/null` still shows it, `{ time ls; } 2>/dev/null` does not. Not
 * in posix mode (the parser makes no N_TIME there: `time` is the command
 * in PATH, as in dash). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "interp.h"
#include "output.h"

#define TIME_BASHFMT "\nreal\t%3lR\nuser\t%3lU\nsys\t%3lS"
#define TIME_POSIXFMT "real %2R\nuser %2U\nsys %2S"

/* One duration as bash's mkfmt() writes it: seconds (|lng|: minutes 'm'
 * seconds), |prec| digits of the milliseconds (truncated), 's' if |lng|. */
static void time_fmt_one(struct sbx_buf *b, int prec, bool lng, int64_t ms)
{
	static const int precs[] = {0, 100, 10, 1};
	int64_t sec = ms / 1000;
	int frac = (int)(ms % 1000);

	if (lng) {
		buf_printf(b, "%lldm", (long long)(sec / 60));
		sec %= 60;
	}
	buf_printf(b, "%lld", (long long)sec);
	if (prec) {
		buf_putc(b, '.');
		for (int i = 1; i <= prec; i++) {
			buf_putc(b, (char)('0' + frac / precs[i]));
			frac %= precs[i];
		}
	}
	if (lng)
		buf_putc(b, 's');
}

/* Microseconds to milliseconds, rounded as bash's timeval_to_secs(). */
static int64_t us_to_ms(int64_t us)
{
	return us / 1000 + (us % 1000 >= 500);
}

/* bash's print_formatted_time(): %[p][l]R, U, S; %P; %%. 0, or -1 with
 * the offending character in |*bad| (nothing is printed then). */
static int time_format(struct sbx_buf *b, const char *fmt, int64_t real_us,
		       int64_t user_us, int64_t sys_us, char *bad)
{
	for (const char *s = fmt; *s; s++) {
		int prec = 3;
		bool lng = false;
		int64_t v;

		if (*s != '%' || !s[1]) {
			buf_putc(b, *s);
			continue;
		}
		s++;
		if (*s == '%') {
			buf_putc(b, '%');
			continue;
		}
		if (*s == 'P') {
			int64_t cpu =
			    real_us ? (user_us + sys_us) * 10000 / real_us : 0;

			if (cpu > 10000)
				cpu = 10000;
			time_fmt_one(b, 2, false,
				     (cpu / 100) * 1000 + (cpu % 100) * 10);
			continue;
		}
		if (*s >= '0' && *s <= '9') {
			prec = *s++ - '0';
			if (prec > 3)
				prec = 3;
		}
		if (*s == 'l') {
			lng = true;
			s++;
		}
		if (*s == 'R' || *s == 'E')
			v = real_us;
		else if (*s == 'U')
			v = user_us;
		else if (*s == 'S')
			v = sys_us;
		else {
			*bad = *s;
			return -1;
		}
		time_fmt_one(b, prec, lng, us_to_ms(v));
	}
	return 0;
}

static int64_t tv_us(const struct timeval *tv)
{
	return (int64_t)tv->tv_sec * 1000000 + tv->tv_usec;
}

/* The shell's and its waited-for children's CPU times, in microseconds. */
static void cpu_now(int64_t *user, int64_t *sys)
{
	struct rusage self, kids;

	getrusage(RUSAGE_SELF, &self);
	getrusage(RUSAGE_CHILDREN, &kids);
	*user = tv_us(&self.ru_utime) + tv_us(&kids.ru_utime);
	*sys = tv_us(&self.ru_stime) + tv_us(&kids.ru_stime);
}

static int64_t real_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

int time_eval(struct shell *sh, struct node *n, int flags)
{
	int64_t r0 = real_now(), u0, s0, u1, s1, r1;
	const char *fmt;
	int st = 0;
	char bad = 0;
	struct sbx_buf b = {0};

	cpu_now(&u0, &s0);
	if (n->a)
		st = eval_node(sh, n->a, flags);
	r1 = real_now();
	cpu_now(&u1, &s1);
	fmt = n->for_in ? TIME_POSIXFMT : var_get(sh, "TIMEFORMAT");
	if (!fmt)
		fmt = TIME_BASHFMT;
	if (!*fmt)
		return st;
	if (time_format(&b, fmt, r1 - r0, u1 - u0, s1 - s0, &bad) < 0)
		sh_err(sh, "TIMEFORMAT: `%c': invalid format character", bad);
	else {
		buf_putc(&b, '\n');
		out_write(2, b.s, b.len);
	}
	buf_free(&b);
	return st;
}
