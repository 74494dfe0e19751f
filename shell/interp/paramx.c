/* shell/interp/paramx.c — bash's parameter operators on a value (see
 * paramx.h). Each works on a copy the caller made: expanding an operand
 * may have assigned the variable (${x/$((x=1))/y}) and freed the value
 * it was looked up as, the use-after-free the expand fuzzer found in
 * ${x#word}. */
#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "paramx.h"
#include "parse.h"

/* A pattern without an unescaped * ? or [ is a plain string: matched with
 * memcmp and strstr instead of fnmatch at every position (${f//-/_} in a
 * loop). |lit| receives it unescaped. */
static bool pat_literal(const char *pat, int fnm, struct sbx_buf *lit)
{
	if (fnm & FNM_CASEFOLD)
		return false;
	buf_putn(lit, "", 0);
	for (const char *p = pat; *p; p++) {
		if (*p == '\\' && p[1])
			p++;
		else if (*p == '*' || *p == '?' || *p == '[' ||
			 (*p == '(' && (fnm & FNM_EXTMATCH)))
			return false;
		buf_putc(lit, *p);
	}
	return true;
}

char *px_extfix(const char *pat)
{
	struct sbx_buf b = {0};
	bool changed = false;

	buf_putn(&b, "", 0);
	for (const char *p = pat; *p; p++) {
		if (*p == '\\' && p[1] && strchr("|()", p[1])) {
			buf_putc(&b, '[');
			buf_putc(&b, *++p);
			buf_putc(&b, ']');
			changed = true;
			continue;
		}
		if (*p == '\\' && p[1]) {
			buf_putn(&b, p++, 2);
			continue;
		}
		if (*p == '[') {
			/* a bracket expression is copied as it is */
			const char *q = p + 1;

			if (*q == '!' || *q == '^')
				q++;
			if (*q == ']')
				q++;
			for (; *q && *q != ']'; q++)
				if (*q == '\\' && q[1])
					q++;
			if (*q == ']') {
				buf_putn(&b, p, (size_t)(q - p) + 1);
				p = q;
				continue;
			}
		}
		buf_putc(&b, *p);
	}
	if (!changed) {
		buf_free(&b);
		return NULL;
	}
	return b.s;
}

static void put_rep(struct sbx_buf *out, const char *rep, const char *m,
		    size_t mlen)
{
	for (const char *r = rep; *r; r++) {
		if (*r == '\\' && r[1])
			buf_putc(out, *++r);
		else if (*r == '&')
			buf_putn(out, m, mlen);
		else
			buf_putc(out, *r);
	}
}

/* Does |pat| match v[i..j)? |v| is the caller's own copy. */
static bool match_at(char *v, size_t i, size_t j, const char *pat, int fnm)
{
	char c = v[j];
	bool ok;

	v[j] = 0;
	ok = !fnmatch(pat, v + i, fnm);
	v[j] = c;
	return ok;
}

static void replace_glob(const char *val, const char *pat, const char *rep,
			 int op, int fnm, struct sbx_buf *out)
{
	size_t len = strlen(val), i = 0, j;
	char *v = xstrdup(val);

	if (op == PO_REPLBEG) {
		for (j = len + 1; j-- > 0;)
			if (match_at(v, 0, j, pat, fnm)) {
				put_rep(out, rep, v, j);
				buf_puts(out, v + j);
				goto done;
			}
		buf_puts(out, v);
		goto done;
	}
	if (op == PO_REPLEND) {
		for (i = 0; i <= len; i++)
			if (match_at(v, i, len, pat, fnm)) {
				buf_putn(out, v, i);
				put_rep(out, rep, v + i, len - i);
				goto done;
			}
		buf_puts(out, v);
		goto done;
	}
	/* the longest match at the leftmost place, then on after it; an
	 * empty match counts only in an empty value (bash) */
	while (i <= len) {
		bool found = false;

		for (j = len;; j--) {
			if (match_at(v, i, j, pat, fnm)) {
				found = true;
				break;
			}
			if (j == i)
				break;
		}
		if (found && (j > i || !len)) {
			put_rep(out, rep, v + i, j - i);
			if (op == PO_REPL || j == i) {
				buf_puts(out, v + j);
				goto done;
			}
			i = j;
			continue;
		}
		if (i == len)
			break;
		buf_putc(out, v[i++]);
	}
done:
	free(v);
}

void px_replace(const char *v, const char *pat, const char *rep, int op,
		int fnm, struct sbx_buf *out)
{
	struct sbx_buf lit = {0};
	size_t vl = strlen(v), pl;
	const char *p, *q;

	buf_putn(out, "", 0);
	if (!pat_literal(pat, fnm, &lit)) {
		char *fix = fnm & FNM_EXTMATCH ? px_extfix(pat) : NULL;

		buf_free(&lit);
		replace_glob(v, fix ? fix : pat, rep, op, fnm, out);
		free(fix);
		return;
	}
	pl = lit.len;
	switch (op) {
	case PO_REPLBEG:
		if (!strncmp(v, lit.s, pl)) {
			put_rep(out, rep, v, pl);
			buf_puts(out, v + pl);
		} else {
			buf_puts(out, v);
		}
		break;
	case PO_REPLEND:
		if (vl >= pl && !strcmp(v + vl - pl, lit.s)) {
			buf_putn(out, v, vl - pl);
			put_rep(out, rep, v + vl - pl, pl);
		} else {
			buf_puts(out, v);
		}
		break;
	default:
		if (!pl) {
			buf_puts(out, v);
			break;
		}
		for (p = v; (q = strstr(p, lit.s)); p = q + pl) {
			buf_putn(out, p, (size_t)(q - p));
			put_rep(out, rep, q, pl);
			if (op == PO_REPL) {
				p = q + pl;
				break;
			}
		}
		buf_puts(out, p);
	}
	buf_free(&lit);
}

int px_substr(const char *v, intmax_t off, bool has_len, intmax_t len,
	      struct sbx_buf *out)
{
	intmax_t n = (intmax_t)strlen(v), end;

	buf_putn(out, "", 0);
	if (off < 0)
		off += n;
	if (off < 0 || off > n)
		return 0;
	end = n;
	if (has_len) {
		if (len < 0) {
			end = n + len;
			if (end < off)
				return -ERANGE;
		} else if (len < n - off) {
			end = off + len;
		}
	}
	buf_putn(out, v + off, (size_t)(end - off));
	return 0;
}

static int change(int c, int op)
{
	bool up = c >= 'a' && c <= 'z', low = c >= 'A' && c <= 'Z';

	switch (op) {
	case PO_UPPER1:
	case PO_UPPER:
		return up ? c - 32 : c;
	case PO_LOWER1:
	case PO_LOWER:
		return low ? c + 32 : c;
	default:
		return up ? c - 32 : low ? c + 32 : c;
	}
}

void px_case(const char *v, const char *pat, int op, int fnm,
	     struct sbx_buf *out)
{
	char *fix = fnm & FNM_EXTMATCH ? px_extfix(pat) : NULL;
	bool all = op == PO_UPPER || op == PO_LOWER || op == PO_TOGGLE;

	buf_putn(out, "", 0);
	for (size_t i = 0; v[i]; i++) {
		char one[2] = {v[i], 0};
		int c = (unsigned char)v[i];

		if ((i == 0 || all) &&
		    (!*pat || !fnmatch(fix ? fix : pat, one, fnm)))
			c = change(c, op);
		buf_putc(out, (char)c);
	}
	free(fix);
}

static bool all_printable(const char *v)
{
	for (; *v; v++)
		if ((unsigned char)*v < 0x20 || (unsigned char)*v >= 0x7f)
			return false;
	return true;
}

/* bash's sh_quote_reusable: '...' when every byte prints, else $'...' */
static void quote(const char *v, struct sbx_buf *out)
{
	static const char from[] = "\a\b\033\f\n\r\t\v", to[] = "abEfnrtv";

	if (all_printable(v)) {
		buf_put_squoted(out, v);
		return;
	}
	buf_puts(out, "$'");
	for (; *v; v++) {
		unsigned char c = (unsigned char)*v;
		const char *k = strchr(from, c);

		if (c == '\'' || c == '\\')
			buf_putc(out, '\\'), buf_putc(out, (char)c);
		else if (c && k)
			buf_putc(out, '\\'), buf_putc(out, to[k - from]);
		else if (c < 0x20 || c >= 0x7f)
			buf_printf(out, "\\%03o", c);
		else
			buf_putc(out, (char)c);
	}
	buf_putc(out, '\'');
}

static int hexv(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* The escapes of $'...' (bash's ansicstr): \a \b \e \E \f \n \r \t \v
 * \\ \' \" \? \NNN \xHH \cX; \u and \U only below 0x80 here (the
 * interpreter has no locale), any other kept as typed. */
static void ansic(const char *s, struct sbx_buf *out)
{
	static const char from[] = "abeEfnrtv\\'\"?",
			  to[] = "\a\b\033\033\f\n\r\t\v\\'\"?";

	while (*s) {
		const char *k;
		unsigned long v = 0;
		int n, d, max;

		if (*s != '\\' || !s[1]) {
			buf_putc(out, *s++);
			continue;
		}
		s++;
		if ((k = strchr(from, *s))) {
			buf_putc(out, to[k - from]);
			s++;
		} else if (*s >= '0' && *s <= '7') {
			for (n = 0; n < 3 && *s >= '0' && *s <= '7'; n++)
				v = v * 8 + (unsigned long)(*s++ - '0');
			buf_putc(out, (char)v);
		} else if (*s == 'c' && s[1]) {
			buf_putc(out, (char)(s[1] & 0x1f));
			s += 2;
		} else if (*s == 'x' || *s == 'u' || *s == 'U') {
			max = *s == 'x' ? 2 : *s == 'u' ? 4 : 8;
			for (n = 0; n < max && (d = hexv(s[1 + n])) >= 0; n++)
				v = v * 16 + (unsigned long)d;
			if (!n || (*s != 'x' && v >= 0x80)) {
				buf_putc(out, '\\');
				continue;
			}
			buf_putc(out, (char)v);
			s += 1 + n;
		} else {
			buf_putc(out, '\\');
		}
	}
}

int px_transform(const char *v, const char *op, struct sbx_buf *out)
{
	buf_putn(out, "", 0);
	if (!op[0] || op[1])
		return -EINVAL;
	switch (op[0]) {
	case 'Q':
		quote(v, out);
		return 0;
	case 'E':
		ansic(v, out);
		return 0;
	case 'U':
		px_case(v, "", PO_UPPER, 0, out);
		return 0;
	case 'u':
		px_case(v, "", PO_UPPER1, 0, out);
		return 0;
	case 'L':
		px_case(v, "", PO_LOWER, 0, out);
		return 0;
	}
	return -EINVAL;
}
