/* shell/interp/bi_printf.c — printf and echo, byte-for-byte as dash 0.5.12
 * in the posix mode and as bash 5.2 in the default one (bi_printf.h).
 *
 * Each conversion is handed to vsnprintf() with a format rebuilt from
 * the directive: only the flags "#-+ 0", digits, '*' and '.' are ever
 * copied into it, so the user's format cannot reach vsnprintf's own
 * extensions (%n, %m, positional arguments). Integer conversions get the
 * "j" length modifier and an intmax_t, as dash's mklong() does.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bi_printf.h"

/* One conversion with the '*' widths and precisions given (|nstar| of
 * them in |star|): a macro, since the value's type is the conversion's
 * (a string, an intmax_t, a long double). */
#define PF_OUT(fmt, v)                                                         \
	do {                                                                   \
		if (nstar == 2)                                                \
			buf_printf(pf->out, fmt, star[0], star[1], v);         \
		else if (nstar == 1)                                           \
			buf_printf(pf->out, fmt, star[0], v);                  \
		else                                                           \
			buf_printf(pf->out, fmt, v);                           \
	} while (0)

struct pf {
	char **argv; /* the arguments after the format */
	int argc, i; /* how many, and the next one to use */
	int status;
	bool bash, utf8; /* bash's printf (the default mode) */
	const char *tz;	 /* bash: the shell's $TZ */
	struct sbx_buf *out, *err;
};

/* Where a bash escape is read: echo -e, printf's %b (both \0NNN, \c
 * ends the output), printf's format (\NNN, \" \? \', no \c). */
enum esc_mode { ESC_ECHO, ESC_B, ESC_FMT };

static size_t bash_esc(const char *s, struct sbx_buf *out, bool utf8,
		       enum esc_mode mode, bool *stop, struct sbx_buf *err);
static void pf_quote(const char *s, struct sbx_buf *out);
static int pf_bash_conv(struct pf *pf, const char *spec, const int *star);

static bool pf_isodigit(int c)
{
	return c >= '0' && c <= '7';
}

/*
 * One escape: |s| points just after the backslash. Appends the byte it
 * stands for and returns how many characters of |s| it used. An unknown
 * escape (and a backslash at the end) is a plain backslash that uses
 * nothing, so the next character is printed as it is.
 */
static size_t pf_escape(const char *s, struct sbx_buf *b)
{
	static const char from[] = "\\abefnrtv", to[] = "\\\a\b\033\f\n\r\t\v";
	const char *p;

	if (*s && (p = strchr(from, *s))) {
		buf_putc(b, to[p - from]);
		return 1;
	}
	if (pf_isodigit((unsigned char)*s)) {
		unsigned v = 0;
		size_t n = 0;

		while (n < 3 && pf_isodigit((unsigned char)s[n]))
			v = (v << 3) + (unsigned)(s[n++] - '0');
		buf_putc(b, (char)(v & 0xff));
		return n;
	}
	buf_putc(b, '\\');
	return 0;
}

/* The %b conversion on its own: appends |s| with its escapes interpreted
 * to |out|. Returns true if a \\c was met (output must stop there). */
static bool pf_escape_str(const char *s, struct sbx_buf *out)
{
	while (*s) {
		if (*s != '\\') {
			buf_putc(out, *s++);
			continue;
		}
		s++;
		if (*s == 'c')
			return true;
		/* %b octal escapes are \0NNN: the 0 introduces up to
		 * three more digits. */
		if (*s == '0' && pf_isodigit((unsigned char)s[1]))
			s++;
		s += pf_escape(s, out);
	}
	return false;
}

static const char *pf_arg(struct pf *pf)
{
	return pf->i < pf->argc ? pf->argv[pf->i++] : NULL;
}

static void pf_check(struct pf *pf, const char *s, const char *end, int err)
{
	if (pf->bash && *end) {
		buf_printf(pf->err, "printf: %s: invalid number\n", s);
		pf->status = 1;
	} else if (pf->bash && err == ERANGE) {
		/* bash: a warning, the status stays */
		buf_printf(pf->err, "printf: warning: %s: %s\n", s,
			   strerror(ERANGE));
	} else if (*end) {
		buf_printf(pf->err, "printf: %s: %s\n", s,
			   end == s ? "expected numeric value"
				    : "not completely converted");
		pf->status = 1;
	} else if (err == ERANGE) {
		buf_printf(pf->err, "printf: %s: %s\n", s, strerror(ERANGE));
		pf->status = 1;
	}
}

/* The next argument as a number, read as |kind| says: 'd' signed, 'u'
 * unsigned (both returned), 'f' a double or 'L' a long double (in *|f|).
 * A missing argument is 0; 'c and "c are the code of c. */
static intmax_t pf_num(struct pf *pf, char kind, long double *f)
{
	const char *s = pf_arg(pf);
	char *end;
	intmax_t v = 0;

	if (!s || *s == '"' || *s == '\'') {
		v = s ? (unsigned char)s[1] : 0;
		if (f)
			*f = v;
		return v;
	}
	errno = 0;
	if (kind == 'd')
		v = strtoimax(s, &end, 0);
	else if (kind == 'u')
		v = (intmax_t)strtoumax(s, &end, 0);
	else if (kind == 'f')
		*f = strtod(s, &end);
	else
		*f = strtold(s, &end);
	pf_check(pf, s, end, errno);
	return v;
}

static intmax_t pf_int(struct pf *pf, bool is_signed)
{
	return pf_num(pf, is_signed ? 'd' : 'u', NULL);
}

/* bash's floating conversions: the argument as a long double. */
static int pf_long_double(struct pf *pf, const char *spec, size_t len,
			  int nstar, const int *star)
{
	char fmt[80];
	long double v;

	pf_num(pf, 'L', &v);
	if (len + 2 > sizeof(fmt))
		return -1;
	memcpy(fmt, spec, len - 1);
	fmt[len - 1] = 'L';
	fmt[len] = spec[len - 1];
	fmt[len + 1] = '\0';
	PF_OUT(fmt, v);
	return 0;
}

/* Width or precision digits written in the format, saturated. */
static long pf_digits(const char *p, const char **end)
{
	long v = 0;

	for (; *p >= '0' && *p <= '9'; p++)
		v = v > PF_MAX_WIDTH ? v : v * 10 + (*p - '0');
	*end = p;
	return v;
}

/* Pads |s| (|len| bytes) to |width| and cuts it to |prec| (< 0: none). */
static void pf_field(struct sbx_buf *b, const char *s, size_t len, bool left,
		     int width, int prec)
{
	size_t w;

	if (width < 0) {
		left = true;
		width = -width;
	}
	if (prec >= 0 && (size_t)prec < len)
		len = (size_t)prec;
	w = (size_t)width;
	if (!left)
		for (; w > len; w--)
			buf_putc(b, ' ');
	buf_putn(b, s, len);
	if (left)
		for (; w > len; w--)
			buf_putc(b, ' ');
}

/*
 * One conversion. |spec| is the directive from '%' to the conversion
 * character (NUL-terminated copy), |nstar| how many '*' it holds and
 * |star| their values. Returns 1 if %b met \c, -1 on a fatal error.
 */
static int pf_convert(struct pf *pf, char *spec, size_t len, int nstar,
		      const int *star)
{
	char conv = spec[len - 1];
	char fmt[80];

	switch (conv) {
	case 'b': {
		struct sbx_buf tmp = {0};
		const char *s = pf_arg(pf);
		int width = 0, prec = -1, k = 0;
		const char *p = spec + 1;
		bool left = false, stop;

		/* The width and precision apply to the converted text. */
		for (; *p && strchr("#-+ 0", *p); p++)
			left |= *p == '-';
		if (*p == '*') {
			width = star[k++];
			p++;
		} else {
			width = (int)pf_digits(p, &p);
		}
		if (*p == '.') {
			p++;
			prec = *p == '*' ? star[k] : (int)pf_digits(p, &p);
		}
		if (pf->bash) {
			stop = false;
			for (const char *q = s ? s : ""; *q && !stop;) {
				if (*q != '\\') {
					buf_putc(&tmp, *q++);
					continue;
				}
				q++;
				q += bash_esc(q, &tmp, pf->utf8, ESC_B, &stop,
					      pf->err);
			}
		} else {
			stop = pf_escape_str(s ? s : "", &tmp);
		}
		pf_field(pf->out, tmp.s ? tmp.s : "", tmp.len, left, width,
			 prec);
		buf_free(&tmp);
		return stop ? 1 : 0;
	}
	case 'c':
	case 's': {
		const char *s = pf_arg(pf);

		if (conv == 'c') {
			int c = s ? (unsigned char)*s : 0;

			PF_OUT(spec, c);
			return 0;
		}
		if (!s)
			s = "";
		PF_OUT(spec, s);
		return 0;
	}
	case 'd':
	case 'i':
	case 'o':
	case 'u':
	case 'x':
	case 'X': {
		intmax_t v = pf_int(pf, conv == 'd' || conv == 'i');

		if (len + 2 > sizeof(fmt))
			return -1;
		memcpy(fmt, spec, len - 1);
		fmt[len - 1] = 'j';
		fmt[len] = conv;
		fmt[len + 1] = '\0';
		PF_OUT(fmt, v);
		return 0;
	}
	case 'a':
	case 'A':
	case 'e':
	case 'E':
	case 'f':
	case 'F':
	case 'g':
	case 'G': {
		long double v;

		if (pf->bash) /* bash: long double, "%Lf" */
			return pf_long_double(pf, spec, len, nstar, star);
		pf_num(pf, 'f', &v);
		PF_OUT(spec, (double)v);
		return 0;
	}
	case 'q':
	case 'T':
		if (pf->bash)
			return pf_bash_conv(pf, spec, star);
		/* fall through */
	default:
		if (pf->bash) {
			buf_printf(pf->err,
				   "printf: `%c': invalid format character\n",
				   conv);
			pf->status = 1;
			return -1;
		}
		buf_printf(pf->err, "printf: %s: invalid directive\n", spec);
		pf->status = 2;
		return -1;
	}
}

/* A '*' width or precision: an int as dash's cast makes it. */
static int pf_star(struct pf *pf)
{
	return (int)pf_int(pf, true);
}

/*
 * Runs the format once. Returns 1 if output must stop (\c in %b), -1 on
 * a fatal error, 0 otherwise.
 */
static int pf_once(struct pf *pf, const char *format)
{
	const char *f = format;

	while (*f) {
		const char *start;
		int star[2], nstar = 0;
		bool toobig = false;
		char small[64], *spec;
		const char *mods = NULL;
		size_t len;
		int r;

		if (*f == '\\') {
			f++;
			if (pf->bash)
				f += bash_esc(f, pf->out, pf->utf8, ESC_FMT,
					      NULL, pf->err);
			else
				f += pf_escape(f, pf->out);
			continue;
		}
		if (*f != '%' || f[1] == '%') {
			buf_putc(pf->out, *f);
			f += *f == '%' ? 2 : 1;
			continue;
		}
		start = f++;
		f += strspn(f, "#-+ 0");
		if (*f == '*') {
			f++;
			star[nstar] = pf_star(pf);
			/* a negative width means '-' and the same size */
			toobig |= star[nstar] > PF_MAX_WIDTH ||
				  star[nstar] < -PF_MAX_WIDTH;
			nstar++;
		} else {
			toobig |= pf_digits(f, &f) > PF_MAX_WIDTH;
		}
		if (*f == '.') {
			f++;
			if (*f == '*') {
				f++;
				/* a negative precision is no precision */
				star[nstar] = pf_star(pf);
				toobig |= star[nstar] > PF_MAX_WIDTH;
				nstar++;
			} else {
				toobig |= pf_digits(f, &f) > PF_MAX_WIDTH;
			}
		}
		if (pf->bash) {
			/* bash skips C's length modifiers (%ld, %zu) */
			mods = f;
			f += strspn(f, "hlLjzt");
			if (*f == '(') {
				/* %(strftime format)T */
				const char *close = strchr(f, ')');

				f = close ? close + 1 : f + strlen(f);
			}
		}
		if (!*f) {
			if (pf->bash) {
				buf_puts(pf->err, "printf: `%': missing format "
						  "character\n");
				pf->status = 1;
				return -1;
			}
			buf_puts(pf->err, "printf: missing format character\n");
			pf->status = 2;
			return -1;
		}
		len = (size_t)(f - start) + 1;
		spec = len < sizeof(small) ? small : xmalloc(len + 1);
		memcpy(spec, start, len);
		spec[len] = '\0';
		if (mods && spec[len - 1] != 'T') {
			/* the modifiers out: vsnprintf gets "%jd" */
			size_t at = (size_t)(mods - start),
			       nm = strspn(spec + at, "hlLjzt");

			memmove(spec + at, spec + at + nm, len - at - nm + 1);
			len -= nm;
		}
		f++;
		if (toobig && strchr("bcsdiouxXaAeEfFgGqT", spec[len - 1])) {
			/* Consume the argument all the same, so the rest of
			 * the line stays aligned with its arguments. */
			pf_arg(pf);
			buf_printf(pf->err,
				   "printf: %s: field width too large\n", spec);
			pf->status = 1;
			r = 0;
		} else {
			r = pf_convert(pf, spec, len, nstar, star);
		}
		if (spec != small)
			free(spec);
		if (r)
			return r;
	}
	return 0;
}

int pf_printf(int argc, char **argv, const struct pf_mode *m,
	      struct sbx_buf *out, struct sbx_buf *err)
{
	struct pf pf = {.out = out, .err = err};
	const char *format;
	int argi = 1;

	if (m) {
		pf.bash = true;
		pf.utf8 = m->utf8;
		pf.tz = m->tz;
		*m->var = NULL;
		/* bash: -v NAME, "--"; any other "-x" is an error, a lone
		 * "-" is the format */
		for (; argi < argc && argv[argi][0] == '-' && argv[argi][1];
		     argi++) {
			if (!strcmp(argv[argi], "--")) {
				argi++;
				break;
			}
			if (argv[argi][1] != 'v') {
				buf_printf(err, "printf: -%c: invalid option\n",
					   argv[argi][1]);
				goto usage;
			}
			if (argv[argi][2]) {
				*m->var = argv[argi] + 2;
			} else if (argi + 1 < argc) {
				*m->var = argv[++argi];
			} else {
				buf_puts(err, "printf: -v: option requires an "
					      "argument\n");
				goto usage;
			}
		}
		if (argi >= argc)
			goto usage;
	} else if (argi < argc && argv[argi][0] == '-' && argv[argi][1]) {
		/* dash's nextopt(""): "--" is skipped, any other "-x" is
		 * an error, a lone "-" is the format. */
		if (strcmp(argv[argi], "--")) {
			buf_printf(err, "printf: Illegal option -%c\n",
				   argv[argi][1]);
			return 2;
		}
		argi++;
	}
	if (argi >= argc) {
		buf_puts(err, "printf: usage: printf format [arg ...]\n");
		return 2;
	}
	format = argv[argi++];
	pf.argv = argv + argi;
	pf.argc = argc - argi;
	do {
		if (pf_once(&pf, format))
			break;
	} while (pf.i > 0 && pf.i < pf.argc);
	return pf.status;
usage:
	buf_puts(err, "printf: usage: printf [-v var] format [arguments]\n");
	return 2;
}

int pf_echo(int argc, char **argv, struct sbx_buf *out)
{
	int i = 1;
	bool nl = true;

	if (i < argc && !strcmp(argv[i], "-n")) {
		nl = false;
		i++;
	}
	for (; i < argc; i++) {
		if (pf_escape_str(argv[i], out))
			return 0;
		if (i + 1 < argc)
			buf_putc(out, ' ');
	}
	if (nl)
		buf_putc(out, '\n');
	return 0;
}

/* A code point from \u or \U: UTF-8 in a UTF-8 locale; in any other, an
 * ASCII one as itself and the rest as bash writes it there (\u00E9). */
static void put_ucs(struct sbx_buf *out, unsigned long u, bool utf8, bool big)
{
	if (u < 0x80) {
		buf_putc(out, (char)u);
	} else if (!utf8 || u > 0x1FFFFF) {
		buf_printf(out, big ? "\\U%08lX" : "\\u%04lX", u);
	} else {
		buf_put_utf8(out, u);
	}
}

/* One bash escape: |s| points just after the backslash. Appends what it
 * stands for and returns how many characters of |s| it used (0: an
 * unknown one, the backslash stays and the character is printed as it
 * is). \c sets |*stop| (echo -e, %b: all output ends). */
static size_t bash_esc(const char *s, struct sbx_buf *out, bool utf8,
		       enum esc_mode mode, bool *stop, struct sbx_buf *err)
{
	static const char from[] = "abeEfnrtv\\",
			  to[] = "\a\b\033\033\f\n\r\t\v\\";
	const char *k, *p = s;
	unsigned long v = 0;
	int d, n, max;

	if (!*s) {
		buf_putc(out, '\\');
		return 0;
	}
	if (*s == 'c' && mode != ESC_FMT) {
		*stop = true;
		return 1;
	}
	if ((k = strchr(from, *s))) {
		buf_putc(out, to[k - from]);
		return 1;
	}
	if (mode == ESC_FMT && strchr("\"?'", *s)) {
		buf_putc(out, *s);
		return 1;
	}
	if (*s >= '0' && *s <= '7' && (mode != ESC_ECHO || *s == '0')) {
		/* echo and %b: \0 and up to three digits; %b and the
		 * format: \NNN */
		if (*s == '0' && mode != ESC_FMT)
			p++;
		for (n = 0; n < 3 && *p >= '0' && *p <= '7'; n++)
			v = v * 8 + (unsigned long)(*p++ - '0');
		buf_putc(out, (char)(v & 0xFF));
		return (size_t)(p - s);
	}
	if (*s == 'x' || *s == 'u' || *s == 'U') {
		max = *s == 'x' ? 2 : *s == 'u' ? 4 : 8;
		for (n = 0; n < max && (d = hex_digit(s[1 + n])) >= 0; n++)
			v = v * 16 + (unsigned long)d;
		if (!n) {
			/* "\x" with no digit stays; printf says so */
			if (err)
				buf_printf(
				    err, "printf: missing %s digit for \\%c\n",
				    *s == 'x' ? "hex" : "unicode", *s);
			buf_putc(out, '\\');
			return 0;
		}
		if (*s == 'x')
			buf_putc(out, (char)v);
		else
			put_ucs(out, v, utf8, *s == 'U');
		return 1 + (size_t)n;
	}
	buf_putc(out, '\\'); /* "\z" stays as it is */
	return 0;
}

/* bash's echo -e escapes in |s|; returns 1 at \c (all output ends). */
static int echo_escapes(const char *s, struct sbx_buf *out, bool utf8)
{
	bool stop = false;

	while (*s && !stop) {
		if (*s != '\\') {
			buf_putc(out, *s++);
			continue;
		}
		s++;
		s += bash_esc(s, out, utf8, ESC_ECHO, &stop, NULL);
	}
	return stop;
}

/* bash's %q (sh_backslash_quote): a backslash before each character the
 * shell would read specially, '' for the empty string, and $'...' for a
 * string with a control character (ansic_quote). */
static void pf_quote(const char *s, struct sbx_buf *out)
{
	bool ctl = false;

	if (!*s) {
		buf_puts(out, "''");
		return;
	}
	for (const char *p = s; *p; p++)
		ctl |= (unsigned char)*p < 0x20 || *p == 0x7f;
	if (ctl) {
		static const char from[] = "\a\b\033\f\n\r\t\v",
				  to[] = "abEfnrtv";

		buf_puts(out, "$'");
		for (const char *p = s; *p; p++) {
			const char *k = strchr(from, *p);
			int c = (unsigned char)*p;

			if (k)
				buf_printf(out, "\\%c", to[k - from]);
			else if (c == '\\' || c == '\'')
				buf_printf(out, "\\%c", c);
			else if (c < 0x20 || c == 0x7f)
				buf_printf(out, "\\%03o", c);
			else
				buf_putc(out, (char)c);
		}
		buf_putc(out, '\'');
		return;
	}
	for (const char *p = s; *p; p++) {
		if (strchr(" \t\n'\"\\|&;()<>!{}*[?]^$`,", *p) ||
		    (p == s && (*p == '~' || *p == '#')))
			buf_putc(out, '\\');
		buf_putc(out, *p);
	}
}

/* The flags, width and precision of |spec| ('*' ones from |star|). */
static void spec_wp(const char *spec, const int *star, bool *left, int *width,
		    int *prec)
{
	const char *p = spec + 1;
	int k = 0;

	*left = false;
	*width = 0;
	*prec = -1;
	for (; *p && strchr("#-+ 0", *p); p++)
		*left |= *p == '-';
	if (*p == '*') {
		*width = star[k++];
		p++;
	} else {
		*width = (int)pf_digits(p, &p);
	}
	if (*p == '.') {
		p++;
		*prec = *p == '*' ? star[k] : (int)pf_digits(p, &p);
	}
}

/* The zone of %T is the shell's $TZ, which need not be in the process's
 * environment: set there for the conversion (|*old| gets what was
 * there, to put back with |old| NULL). */
static void pf_tz(const char *tz, char **old)
{
	if (old) {
		const char *e = getenv("TZ");

		*old = e ? xstrdup(e) : NULL;
	}
	if (tz)
		setenv("TZ", tz, 1);
	else
		unsetenv("TZ");
	tzset();
}

/* bash's own conversions: %q and %(strftime)T. The argument of %T is
 * seconds since the epoch, -1 (or none) now, -2 the shell's start. */
static int pf_bash_conv(struct pf *pf, const char *spec, const int *star)
{
	struct sbx_buf tmp = {0};
	bool left;
	int width, prec;

	spec_wp(spec, star, &left, &width, &prec);
	if (spec[strlen(spec) - 1] == 'q') {
		const char *s = pf_arg(pf);

		pf_quote(s ? s : "", &tmp);
	} else {
		const char *o = strchr(spec, '('), *c = strrchr(spec, ')');
		bool none = pf->i >= pf->argc;
		intmax_t v = none ? -1 : pf_int(pf, true);
		char fmt[256], res[1024];
		size_t n = (size_t)(c - o - 1);
		time_t t = v < 0 ? time(NULL) : (time_t)v;
		struct tm tm;
		char *saved;

		if (n >= sizeof(fmt))
			n = sizeof(fmt) - 1;
		memcpy(fmt, o + 1, n);
		fmt[n] = 0;
		pf_tz(pf->tz, &saved);
		if (!localtime_r(&t, &tm) ||
		    !strftime(res, sizeof(res), n ? fmt : "%X", &tm))
			res[0] = 0;
		pf_tz(saved, NULL);
		free(saved);
		buf_puts(&tmp, res);
	}
	pf_field(pf->out, tmp.s ? tmp.s : "", tmp.len, left, width, prec);
	buf_free(&tmp);
	return 0;
}

int pf_echo_bash(int argc, char **argv, bool xpg, bool utf8,
		 struct sbx_buf *out)
{
	int i = 1;
	bool nl = true, esc = xpg;

	/* options: words of n, e and E only after a '-' ("-neE"); "-",
	 * "--" and "-x" are operands */
	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		const char *p = argv[i] + 1;

		if (p[strspn(p, "neE")])
			break;
		for (; *p; p++) {
			if (*p == 'n')
				nl = false;
			else
				esc = *p == 'e';
		}
	}
	for (int first = i; i < argc; i++) {
		if (i > first)
			buf_putc(out, ' ');
		if (!esc)
			buf_puts(out, argv[i]);
		else if (echo_escapes(argv[i], out, utf8))
			return 0;
	}
	if (nl)
		buf_putc(out, '\n');
	return 0;
}
