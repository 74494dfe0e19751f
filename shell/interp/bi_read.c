/* shell/interp/bi_read.c — the read builtin: dash's under posix mode, and
 * bash's options otherwise (-d -n -N -t -s -u -p, REPLY with no name).
 */
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "interp.h"

/*
 * What `read` takes from fd 0. From a regular file a block is read and the
 * line taken from it; the rest stays in sh->rd_buf with the file offset
 * ahead of it, and sh_read_sync() puts the offset back to just after the
 * last line taken before anything else could read that file: a fork or
 * exec, a redirection made or undone, the script's own reader, exit
 * (sh_input_sync() calls it at each). A loop of `read` over a file is
 * then one read(2) per block instead of one per byte. A pipe or a
 * terminal cannot be given back what was read past the newline, and POSIX
 * read says that must stay for the next reader: there it is one byte per
 * read(2), as before. 1 with a byte in *c, 0 at end of file, -1 (errno).
 */
#define RD_BLOCK 8192
enum { RD_UNKNOWN, RD_BLOCKS, RD_BYTES };

static int rd_getc(struct shell *sh, char *c)
{
	ssize_t k;

	if (sh->rd_pos < sh->rd_len) {
		*c = sh->rd_buf[sh->rd_pos++];
		return 1;
	}
	if (sh->rd_kind == RD_UNKNOWN) {
		struct stat st;

		sh->rd_kind = fstat(0, &st) == 0 && S_ISREG(st.st_mode)
				  ? RD_BLOCKS
				  : RD_BYTES;
	}
	if (sh->rd_kind == RD_BYTES) {
		k = read(0, c, 1);
		return k < 0 ? -1 : (int)k;
	}
	if (!sh->rd_buf)
		sh->rd_buf = xmalloc(RD_BLOCK);
	k = read(0, sh->rd_buf, RD_BLOCK);
	if (k <= 0)
		return k < 0 ? -1 : 0;
	sh->rd_len = (size_t)k;
	sh->rd_pos = 1;
	*c = sh->rd_buf[0];
	return 1;
}

void sh_read_sync(struct shell *sh)
{
	if (sh->rd_pos < sh->rd_len)
		lseek(0, -(off_t)(sh->rd_len - sh->rd_pos), SEEK_CUR);
	sh->rd_pos = sh->rd_len = 0;
	sh->rd_kind = RD_UNKNOWN;
}

/* bash's read: what the options ask. */
struct rd_opts {
	int fd;		/* -u */
	int delim;	/* -d: the byte that ends the input ('\n') */
	long nchars;	/* -n / -N: at most this many bytes (-1: no limit) */
	bool exact;	/* -N: exactly nchars, no delimiter, no splitting */
	bool raw;	/* -r */
	bool silent;	/* -s: no echo at a terminal */
	bool timed;	/* -t */
	double timeout; /* -t seconds */
	const char *prompt;
	const char *array; /* -a: the fields go to this array's 0, 1, ... */
};

static void rd_usage(struct shell *sh)
{
	sh_usage(sh, "read: usage: read [-ers] [-a array] [-d delim] "
		     "[-i text] [-n nchars] [-N nchars] [-p prompt] "
		     "[-t timeout] [-u fd] [name ...]");
}

static double rd_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* One byte of |o->fd|, waiting no later than |deadline| with -t. 1, 0 at
 * end of file, -1 with errno (ETIMEDOUT when the time is up). Fd 0 with
 * no limit and no timeout goes through rd_getc's read-ahead. */
static int rd_byte(struct shell *sh, const struct rd_opts *o, double deadline,
		   char *c)
{
	if (o->fd == 0 && !o->timed && o->nchars < 0)
		return rd_getc(sh, c);
	if (o->timed) {
		struct pollfd p = {.fd = o->fd, .events = POLLIN};
		double left = deadline - rd_now();
		int r;

		if (left <= 0) {
			errno = ETIMEDOUT;
			return -1;
		}
		r = poll(&p, 1, (int)(left * 1000) + 1);
		if (r < 0)
			return -1;
		if (r == 0) {
			errno = ETIMEDOUT;
			return -1;
		}
	}
	ssize_t k = read(o->fd, c, 1);

	return k < 0 ? -1 : (int)k;
}

/* Parses bash's options into |o|; the index of the first name, or -1
 * after an error (|*st| set). */
static int rd_parse(struct shell *sh, int argc, char **argv, struct rd_opts *o,
		    int *st)
{
	int i;

	*o = (struct rd_opts){.fd = 0, .delim = '\n', .nchars = -1};
	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "--"))
			return i + 1;
		for (char *c = argv[i] + 1; *c; c++) {
			const char *arg;
			char *end;

			if (*c == 'r' || *c == 's' || *c == 'e') {
				o->raw |= *c == 'r';
				o->silent |= *c == 's';
				continue;
			}
			if (!strchr("adinNptu", *c)) {
				sh_err(sh, "read: -%c: invalid option", *c);
				rd_usage(sh);
				return *st = 2, -1;
			}
			if (c[1])
				arg = c + 1;
			else if (i + 1 < argc)
				arg = argv[++i];
			else {
				sh_err(sh,
				       "read: -%c: option requires an "
				       "argument",
				       *c);
				rd_usage(sh);
				return *st = 2, -1;
			}
			switch (*c) {
			case 'a':
				o->array = arg;
				break;
			case 'd':
				o->delim = (unsigned char)arg[0];
				break;
			case 'i':
				break; /* readline's initial text: no readline
					*/
			case 'n':
			case 'N':
				errno = 0;
				o->nchars = strtol(arg, &end, 10);
				if (!*arg || *end || errno || o->nchars < 0) {
					sh_err(sh, "read: %s: invalid number",
					       arg);
					return *st = 1, -1;
				}
				o->exact = *c == 'N';
				break;
			case 'p':
				o->prompt = arg;
				break;
			case 't':
				errno = 0;
				o->timeout = strtod(arg, &end);
				if (!*arg || *end || errno || o->timeout < 0 ||
				    strchr(arg, 'x') || strchr(arg, 'X')) {
					sh_err(sh,
					       "read: %s: invalid timeout "
					       "specification",
					       arg);
					return *st = 1, -1;
				}
				o->timed = true;
				break;
			case 'u':
				errno = 0;
				o->fd = (int)strtol(arg, &end, 10);
				if (!*arg || *end || errno || o->fd < 0 ||
				    fcntl(o->fd, F_GETFD) < 0) {
					sh_err(sh,
					       "read: %s: invalid file "
					       "descriptor: %s",
					       arg, strerror(EBADF));
					return *st = 1, -1;
				}
				break;
			}
			break; /* the rest of the word was the argument */
		}
	}
	return i;
}

/* The input up to the delimiter (or |o->nchars| bytes), a backslash
 * escaping the next byte unless -r (its mark in |esc| for the field
 * split, a backslash-newline dropped). 0, 128+N after a trapped signal,
 * 142 when -t ran out (what came is kept); |*eof| at end of input. */
static int rd_line(struct shell *sh, const struct rd_opts *o, double deadline,
		   struct sbx_buf *line, struct sbx_buf *esc, bool *eof)
{
	long got = 0;
	int k;

	buf_putn(line, "", 0);
	buf_putn(esc, "", 0);
	/* The script's own read-ahead goes back first (stdin shared). */
	if (o->fd == 0)
		sh_script_sync(sh);
	while (o->nchars < 0 || got < o->nchars) {
		char c;

		k = rd_byte(sh, o, deadline, &c);
		if (k < 0 && errno == EINTR) {
			if (trap_gotsig) {
				*eof = true;
				return 128 + trap_last_signal();
			}
			continue;
		}
		if (k < 0 && errno == ETIMEDOUT)
			return 128 + SIGALRM; /* bash keeps what came */
		if (k <= 0) {
			*eof = true;
			return 0;
		}
		got++;
		if (c == '\\' && !o->raw) {
			do
				k = rd_byte(sh, o, deadline, &c);
			while (k < 0 && errno == EINTR && !trap_gotsig);
			if (k <= 0) {
				*eof = true;
				return 0;
			}
			if (c == '\n')
				continue;
			buf_putc(line, c);
			buf_putc(esc, 1);
			continue;
		}
		if (c == o->delim && !o->exact)
			return 0;
		buf_putc(line, c);
		buf_putc(esc, 0);
	}
	return 0;
}

/* The line split by IFS into |names| (the last takes the rest); a
 * read-only one is said as the mode says it: bash goes on with status 1,
 * dash with 2. Returns |st|, or that status. */
static int rd_assign(struct shell *sh, char **names, int n,
		     const struct sbx_buf *line, const struct sbx_buf *esc,
		     int st)
{
	struct sbx_strv fields = {0};
	bool posix = sh->opt[O_POSIX];

	exp_ifs_split_read(sh, line->s, esc->s, line->len, n, &fields);
	for (int k = 0; k < n; k++) {
		const char *v = (size_t)k < fields.n ? fields.v[k] : "";

		if (var_set(sh, names[k], v, 0) >= 0)
			continue;
		if (posix)
			sh_err(sh, "read: %s: is read only", names[k]);
		else
			sh_err(sh, "%s: readonly variable", names[k]);
		st = posix ? 2 : 1;
	}
	strv_free(&fields);
	return st;
}

/* Frees the line and its escape map; end of input with nothing wrong
 * else is status 1, as in every shell, so `while read` loops stop. */
static int rd_done(struct sbx_buf *line, struct sbx_buf *esc, bool eof, int st)
{
	buf_free(line);
	buf_free(esc);
	return eof && !st ? 1 : st;
}

static int read_bash(struct shell *sh, int argc, char **argv)
{
	struct sbx_buf line = {0}, esc = {0};
	struct rd_opts o;
	struct termios saved;
	bool eof = false, tty, restore = false;
	double deadline = 0;
	int i, st = 0, nnames;

	if ((i = rd_parse(sh, argc, argv, &o, &st)) < 0)
		return st;
	for (int k = i; k < argc; k++) {
		if (!str_is_name(argv[k], strlen(argv[k]))) {
			sh_err(sh, "read: `%s': not a valid identifier",
			       argv[k]);
			return 1;
		}
	}
	nnames = argc - i;
	if (o.timed && o.timeout == 0) {
		/* -t 0: is there input, without reading it */
		struct pollfd p = {.fd = o.fd, .events = POLLIN};

		return poll(&p, 1, 0) == 1 ? 0 : 1;
	}
	tty = isatty(o.fd);
	if (o.prompt && tty)
		out_write(2, o.prompt, strlen(o.prompt));
	/* -s hides what is typed; -n/-N take each key as it comes: the
	 * terminal's modes for this read only, given back below. */
	if (tty && (o.silent || o.nchars >= 0) &&
	    tcgetattr(o.fd, &saved) == 0) {
		struct termios t = saved;

		if (o.silent)
			t.c_lflag &= ~(tcflag_t)(ECHO | ECHONL);
		if (o.nchars >= 0) {
			t.c_lflag &= ~(tcflag_t)ICANON;
			t.c_cc[VMIN] = 1;
			t.c_cc[VTIME] = 0;
		}
		restore = tcsetattr(o.fd, TCSADRAIN, &t) == 0;
	}
	if (o.timed)
		deadline = rd_now() + o.timeout;
	st = rd_line(sh, &o, deadline, &line, &esc, &eof);
	if (restore)
		tcsetattr(o.fd, TCSADRAIN, &saved);
	if (o.array) {
		/* read -a: every field an element (arrvar.c) */
		struct sbx_strv f = {0};

		exp_ifs_split_read(sh, line.s, esc.s, line.len, INT_MAX, &f);
		if (av_store(sh, "read", o.array, f.v, f.n, 0, false) < 0)
			st = 1;
		strv_free(&f);
	} else if (!nnames || o.exact) {
		/* REPLY takes the line as it came (no IFS trimming), and -N
		 * gives all of it to the first name */
		const char *name = nnames ? argv[i] : "REPLY";

		if (var_set(sh, name, line.s, 0) < 0) {
			sh_err(sh, "%s: readonly variable", name);
			st = 1;
		}
		for (int k = 1; k < nnames; k++)
			var_set(sh, argv[i + k], "", 0);
	} else {
		st = rd_assign(sh, argv + i, nnames, &line, &esc, st);
	}
	return rd_done(&line, &esc, eof, st);
}

static int read_dash(struct shell *sh, int argc, char **argv)
{
	struct sbx_buf line = {0}, esc = {0};
	struct rd_opts o = {.fd = 0, .delim = '\n', .nchars = -1};
	bool eof = false;
	const char *prompt = NULL;
	int i, st = 0, nnames;

	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		}
		for (char *c = argv[i] + 1; *c; c++) {
			if (*c == 'r') {
				o.raw = true;
			} else if (*c == 'p') {
				if (c[1]) {
					prompt = c + 1;
				} else if (i + 1 < argc) {
					prompt = argv[++i];
				} else {
					sh_err(sh,
					       "read: No arg for -p option");
					return 2;
				}
				break;
			} else {
				sh_err(sh, "read: Illegal option -%c", *c);
				return 2;
			}
		}
	}
	if (i >= argc) {
		sh_err(sh, "read: arg count");
		return 2;
	}
	nnames = argc - i;
	for (int k = i; k < argc; k++) {
		if (!str_is_name(argv[k], strlen(argv[k]))) {
			sh_err(sh, "read: %s: bad variable name", argv[k]);
			return 2;
		}
	}
	if (prompt && isatty(0))
		out_write(2, prompt, strlen(prompt));
	st = rd_line(sh, &o, 0, &line, &esc, &eof);
	st = rd_assign(sh, argv + i, nnames, &line, &esc, st);
	return rd_done(&line, &esc, eof, st);
}

int bi_read(struct shell *sh, int argc, char **argv)
{
	return sh->opt[O_POSIX] ? read_dash(sh, argc, argv)
				: read_bash(sh, argc, argv);
}
