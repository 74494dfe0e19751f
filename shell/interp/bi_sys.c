/* shell/interp/bi_sys.c — umask, ulimit and times, with dash's syntax and
 * output. */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/times.h>
#include <unistd.h>

#include "bi_sys.h"

/*
 * dash's nextopt(): options are the leading words that start with '-'
 * and have more after it; "--" ends them. Calls back for each letter and
 * returns the index of the first operand, or -1 after printing
 * "NAME: Illegal option -x" for a letter not in |allowed|.
 */
static int bisys_opts(int argc, char **argv, const char *allowed,
		      struct sbx_buf *err, void (*fn)(void *ctx, int c),
		      void *ctx)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *p = argv[i];

		if (p[0] != '-' || !p[1])
			break;
		if (!strcmp(p, "--")) {
			i++;
			break;
		}
		for (p++; *p; p++) {
			if (!strchr(allowed, *p)) {
				buf_printf(err, "%s: Illegal option -%c\n",
					   argv[0], *p);
				return -1;
			}
			fn(ctx, *p);
		}
	}
	return i;
}

static void bisys_umask_opt(void *ctx, int c)
{
	*(bool *)ctx = true;
}

/* Applies dash's symbolic mode to the permission bits |perm| (the
 * complement of the umask). Returns false if |s| is not a valid mode. */
static bool bisys_symbolic(const char *s, unsigned perm, unsigned *out)
{
	unsigned nperm = perm, who = 0;

	while (*s) {
		unsigned val = 0;
		char op;

		for (; *s && strchr("augo", *s); s++)
			who |= *s == 'a'   ? 0111
			       : *s == 'u' ? 0100
			       : *s == 'g' ? 0010
					   : 0001;
		if (!who)
			who = 0111; /* no "who": all, not filtered by umask */
		/* "u" with no operator is an error (dash reads past the
		 * end of the word there and mostly says so too) */
		if (!*s || !strchr("=+-", *s))
			return false;
		op = *s++;
		for (; *s && strchr("rwxugoXs", *s); s++) {
			switch (*s) {
			case 'r':
				val |= 04;
				break;
			case 'w':
				val |= 02;
				break;
			case 'x':
				val |= 01;
				break;
			/* copies read the mask from before this command */
			case 'u':
				val |= perm >> 6;
				break;
			case 'g':
				val |= perm >> 3;
				break;
			case 'o':
				val |= perm;
				break;
			case 'X':
				if (perm & 0111)
					val |= 01;
				break;
			default:
				break; /* 's' means nothing in a umask */
			}
		}
		val = (val & 07) * who;
		if (op == '-')
			nperm &= ~val;
		else if (op == '+')
			nperm |= val;
		else
			nperm = val | (nperm & ~(who * 07));
		if (*s == ',') {
			who = 0;
			s++;
		} else if (!*s || !strchr("=+-", *s)) {
			break;
		}
	}
	if (*s)
		return false;
	*out = nperm & 0777;
	return true;
}

int bisys_umask(int argc, char **argv, struct sbx_buf *out, struct sbx_buf *err)
{
	bool symbolic = false;
	unsigned mask, nmask = 0;
	const char *ap;
	int i;

	i = bisys_opts(argc, argv, "S", err, bisys_umask_opt, &symbolic);
	if (i < 0)
		return 2;
	mask = umask(0);
	umask(mask);
	if (i >= argc) {
		if (symbolic) {
			unsigned perm = ~mask & 0777;
			int w, j;

			for (w = 0; w < 3; w++) {
				buf_printf(out, "%s%c=", w ? "," : "",
					   "ugo"[w]);
				for (j = 0; j < 3; j++)
					if (perm & (1u << (8 - (3 * w + j))))
						buf_putc(out, "rwx"[j]);
			}
			buf_putc(out, '\n');
		} else {
			buf_printf(out, "%.4o\n", mask);
		}
		return 0;
	}
	ap = argv[i];
	if (*ap >= '0' && *ap <= '9') {
		for (; *ap; ap++) {
			if (*ap < '0' || *ap > '7') {
				buf_printf(err, "umask: Illegal number: %s\n",
					   argv[i]);
				return 2;
			}
			/* only the low bits survive umask(), so keep only them
			 * instead of overflowing on a long digit string */
			nmask = ((nmask << 3) + (unsigned)(*ap - '0')) & 07777;
		}
	} else {
		unsigned perm;

		if (!bisys_symbolic(ap, ~mask & 0777, &perm)) {
			buf_printf(err, "umask: Illegal mode: %s\n", argv[i]);
			return 2;
		}
		nmask = ~perm & 0777;
	}
	umask((mode_t)(nmask & 0777));
	return 0;
}

/* clang-format off */
static const struct sys_limit {
	const char *name;
	int res;
	unsigned factor; /* value * factor = rlim */
	char opt;
} sys_limits[] = {
	{ "time(seconds)", RLIMIT_CPU, 1, 't' },
	{ "file(blocks)", RLIMIT_FSIZE, 512, 'f' },
	{ "data(kbytes)", RLIMIT_DATA, 1024, 'd' },
	{ "stack(kbytes)", RLIMIT_STACK, 1024, 's' },
	{ "coredump(blocks)", RLIMIT_CORE, 512, 'c' },
	/* Linux and macOS both have these three (not POSIX) */
	{ "memory(kbytes)", RLIMIT_RSS, 1024, 'm' },
	{ "locked memory(kbytes)", RLIMIT_MEMLOCK, 1024, 'l' },
	{ "process", RLIMIT_NPROC, 1, 'p' },
	{ "nofiles", RLIMIT_NOFILE, 1, 'n' },
	{ "vmemory(kbytes)", RLIMIT_AS, 1024, 'v' },
#ifdef __linux__
	{ "locks", RLIMIT_LOCKS, 1, 'w' },
	{ "rtprio", RLIMIT_RTPRIO, 1, 'r' },
#endif
};
/* clang-format on */

#define SYS_NLIMITS ((int)(sizeof(sys_limits) / sizeof(sys_limits[0])))

enum { SYS_SOFT = 1, SYS_HARD = 2 };

struct sys_ulopt {
	int how;
	bool all;
	char what;
};

static void bisys_ulimit_opt(void *ctx, int c)
{
	struct sys_ulopt *o = ctx;

	if (c == 'H')
		o->how = SYS_HARD;
	else if (c == 'S')
		o->how = SYS_SOFT;
	else if (c == 'a')
		o->all = true;
	else
		o->what = (char)c;
}

static void bisys_printlim(struct sbx_buf *out, int how,
			   const struct rlimit *rl, const struct sys_limit *l)
{
	rlim_t v = how & SYS_SOFT ? rl->rlim_cur : rl->rlim_max;

	if (v == RLIM_INFINITY)
		buf_puts(out, "unlimited\n");
	else
		buf_printf(out, "%jd\n", (intmax_t)(v / l->factor));
}

int bisys_ulimit(int argc, char **argv, struct sbx_buf *out,
		 struct sbx_buf *err)
{
	char allowed[8 + SYS_NLIMITS] = "HSa";
	struct sys_ulopt o = {.how = SYS_SOFT | SYS_HARD, .what = 'f'};
	const struct sys_limit *l = NULL;
	struct rlimit rl;
	rlim_t val = 0;
	int i, k;

	for (k = 0; k < SYS_NLIMITS; k++)
		allowed[3 + k] = sys_limits[k].opt;
	allowed[3 + k] = '\0';
	i = bisys_opts(argc, argv, allowed, err, bisys_ulimit_opt, &o);
	if (i < 0)
		return 2;
	for (k = 0; k < SYS_NLIMITS; k++)
		if (sys_limits[k].opt == o.what)
			l = &sys_limits[k];
	if (i < argc) {
		const char *p = argv[i];

		if (o.all || i + 1 < argc) {
			buf_puts(err, "ulimit: too many arguments\n");
			return 2;
		}
		if (!strcmp(p, "unlimited")) {
			val = RLIM_INFINITY;
		} else {
			if (!*p) {
				buf_puts(err, "ulimit: bad number\n");
				return 2;
			}
			for (; *p; p++) {
				if (*p < '0' || *p > '9') {
					buf_puts(err, "ulimit: bad number\n");
					return 2;
				}
				/* saturate: a huge number means no limit */
				if (val > (RLIM_INFINITY - 9) / 10 / l->factor)
					val = RLIM_INFINITY / l->factor;
				else
					val = val * 10 + (rlim_t)(*p - '0');
			}
			val = val >= RLIM_INFINITY / l->factor
				  ? RLIM_INFINITY
				  : val * l->factor;
		}
	} else if (o.all) {
		for (k = 0; k < SYS_NLIMITS; k++) {
			getrlimit(sys_limits[k].res, &rl);
			buf_printf(out, "%-20s ", sys_limits[k].name);
			bisys_printlim(out, o.how, &rl, &sys_limits[k]);
		}
		return 0;
	}
	if (getrlimit(l->res, &rl) < 0) {
		buf_printf(err, "ulimit: %s\n", strerror(errno));
		return 2;
	}
	if (i >= argc) {
		bisys_printlim(out, o.how, &rl, l);
		return 0;
	}
	if (o.how & SYS_HARD)
		rl.rlim_max = val;
	if (o.how & SYS_SOFT)
		rl.rlim_cur = val;
	if (setrlimit(l->res, &rl) < 0) {
		buf_printf(err, "ulimit: error setting limit (%s)\n",
			   strerror(errno));
		return 2;
	}
	return 0;
}

int bisys_times(struct sbx_buf *out)
{
	struct tms t;
	long tck = sysconf(_SC_CLK_TCK);
	clock_t v[4];
	int i;

	if (tck <= 0)
		tck = 100;
	times(&t);
	v[0] = t.tms_utime;
	v[1] = t.tms_stime;
	v[2] = t.tms_cutime;
	v[3] = t.tms_cstime;
	for (i = 0; i < 4; i++) {
		long mins = (long)(v[i] / (60 * tck));
		double secs = (double)(v[i] - (clock_t)mins * 60 * tck) / tck;

		buf_printf(out, "%ldm%fs%c", mins, secs, i & 1 ? '\n' : ' ');
	}
	return 0;
}
