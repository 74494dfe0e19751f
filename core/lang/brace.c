/* core/lang/brace.c — brace expansion as bash 5.2 does it (braces.c
 * there): the first '{' whose matching '}' encloses a comma or ".." at its
 * own level starts the expression; "{a}", "{}", "{a..}" and an unmatched
 * '{' are skipped over, so "{a}{b,c}" is "{a}b {a}c"; an amble with a
 * comma anywhere is a list, split at its own level's commas and each
 * element expanded again; without one it must be a sequence ("1..5",
 * "01..10..3", "a..e"), and one that is not ("x..y..z", an overflow)
 * leaves the braces as typed and expands what follows. */
#include <errno.h> /* E2BIG: a constant, errno itself is not used */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brace.h"
#include "parse.h"
#include "sbx.h"

/* Deeper nesting than this is left as typed, so a word of a million
 * '{a,' cannot exhaust the stack. */
#define BRACE_MAX_DEPTH 200

static void push_cat(struct brace_list *l, const int *a, size_t an,
		     const int *b, size_t bn, const int *c, size_t cn)
{
	struct brace_word *w;

	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 8;
		l->v = xrealloc(l->v, l->cap * sizeof(*l->v));
	}
	w = &l->v[l->n++];
	w->n = an + bn + cn;
	w->t = xmalloc((w->n ? w->n : 1) * sizeof(int));
	if (an)
		memcpy(w->t, a, an * sizeof(int));
	if (bn)
		memcpy(w->t + an, b, bn * sizeof(int));
	if (cn)
		memcpy(w->t + an + bn, c, cn * sizeof(int));
}

void brace_list_free(struct brace_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i].t);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

bool brace_maybe(const int *t, size_t n)
{
	size_t i = 0;

	while (i < n && t[i] != '{')
		i++;
	for (; i < n; i++)
		if (t[i] == '}')
			return true;
	return false;
}

/* From |i| (just after a '{'): the index of its '}', or -1; |*sep| counts
 * the commas and ".." (not followed by '}') at its own level. */
static long find_close(const int *t, size_t n, size_t i, int *sep)
{
	int level = 0;

	*sep = 0;
	for (; i < n; i++) {
		int c = t[i];

		if (c == '}' && !level)
			return (long)i;
		if (c == '{')
			level++;
		else if (c == '}')
			level--;
		else if (c == ',' && !level)
			(*sep)++;
		else if (c == '.' && !level && i + 1 < n && t[i + 1] == '.' &&
			 !(i + 2 < n && t[i + 2] == '}'))
			(*sep)++;
	}
	return -1;
}

/* An integer term of a sequence: an optional sign and digits, nothing
 * else, within intmax_t (an overflow is not a sequence, as in bash). */
static bool seq_int(const int *t, size_t n, intmax_t *v)
{
	char buf[32];
	size_t i = 0;

	if (!n || n >= sizeof(buf))
		return false;
	for (i = 0; i < n; i++) {
		if (t[i] < 0 || t[i] > 127)
			return false;
		buf[i] = (char)t[i];
	}
	buf[n] = 0;
	i = buf[0] == '-' || buf[0] == '+';
	if (!buf[i])
		return false;
	/* Digits only, accumulated with an overflow check: core/lang is
	 * pure (no errno, so no strtoimax's ERANGE). */
	{
		bool neg = buf[0] == '-';
		uintmax_t lim = neg ? (uintmax_t)INTMAX_MAX + 1 : INTMAX_MAX;
		uintmax_t acc = 0;

		for (; buf[i]; i++) {
			unsigned d;

			if (buf[i] < '0' || buf[i] > '9')
				return false;
			d = (unsigned)(buf[i] - '0');
			if (acc > (lim - d) / 10)
				return false;
			acc = acc * 10 + d;
		}
		*v = neg ? (acc == (uintmax_t)INTMAX_MAX + 1 ? INTMAX_MIN
							     : -(intmax_t)acc)
			 : (intmax_t)acc;
	}
	return true;
}

static bool is_alpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Zero padding as bash decides it: a term written with a leading zero
 * ("01", "-01") pads to the longer term's length. */
static int seq_width(const int *l, size_t ln, const int *r, size_t rn)
{
	size_t w = 0;
	bool z = false;

	if ((ln > 1 && l[0] == '0') || (ln > 2 && l[0] == '-' && l[1] == '0'))
		w = ln, z = true;
	if (((rn > 1 && r[0] == '0') ||
	     (rn > 2 && r[0] == '-' && r[1] == '0')) &&
	    w < rn)
		w = rn, z = true;
	if (z && w < ln)
		w = ln;
	if (z && w < rn)
		w = rn;
	return z ? (int)w : 0;
}

/* "A..B" or "A..B..C" into |out|; false when it is not a sequence. */
static bool seq_expand(const int *t, size_t n, struct brace_list *out)
{
	size_t d1 = 0, d2, ln, rn;
	intmax_t a, b, incr = 1, k, cnt;
	bool chars;
	int width = 0;

	while (d1 + 1 < n && !(t[d1] == '.' && t[d1 + 1] == '.'))
		d1++;
	if (d1 + 1 >= n)
		return false;
	ln = d1;
	for (d2 = d1 + 2; d2 + 1 < n && !(t[d2] == '.' && t[d2 + 1] == '.');)
		d2++;
	if (d2 + 1 < n) {
		rn = d2 - d1 - 2;
		if (!seq_int(t + d2 + 2, n - d2 - 2, &incr))
			return false;
	} else {
		rn = n - d1 - 2;
	}
	const int *l = t, *r = t + d1 + 2;

	if (ln == 1 && rn == 1 && is_alpha(l[0]) && is_alpha(r[0])) {
		chars = true;
		a = l[0];
		b = r[0];
	} else if (seq_int(l, ln, &a) && seq_int(r, rn, &b)) {
		chars = false;
		width = seq_width(l, ln, r, rn);
	} else {
		return false;
	}
	if (incr == INTMAX_MIN)
		return false;
	if (incr < 0)
		incr = -incr;
	if (!incr)
		incr = 1;
	if ((b > 0 && a < INTMAX_MIN + b) || (b < 0 && a > INTMAX_MAX + b))
		return false; /* a - b overflows */
	k = a > b ? a - b : b - a;
	cnt = k / incr + 1;
	if ((uintmax_t)cnt > BRACE_MAX_WORDS)
		return false;
	if (a > b)
		incr = -incr;
	for (intmax_t i = 0, v = a; i < cnt; i++, v += incr) {
		int tok[40];
		char s[40];
		size_t m;

		if (chars) {
			/* "\" quotes nothing after it: an empty word */
			tok[0] = v == '\\' ? BRACE_QNULL : (int)v;
			push_cat(out, tok, 1, NULL, 0, NULL, 0);
			continue;
		}
		if (width)
			snprintf(s, sizeof(s), "%0*d", width, (int)v);
		else
			snprintf(s, sizeof(s), "%jd", v);
		for (m = 0; s[m]; m++)
			tok[m] = (unsigned char)s[m];
		push_cat(out, tok, m, NULL, 0, NULL, 0);
	}
	return true;
}

static int expand(const int *t, size_t n, struct brace_list *out, int depth);

/* The list "a,b{c,d},e" (|t|, the text between the braces): each element
 * at this level expanded in turn. */
static int expand_list(const int *t, size_t n, struct brace_list *out,
		       int depth)
{
	size_t st = 0;
	int level = 0;

	for (size_t i = 0; i <= n; i++) {
		if (i < n && t[i] == '{')
			level++;
		else if (i < n && t[i] == '}')
			level--;
		if (i == n || (t[i] == ',' && !level)) {
			int rc = expand(t + st, i - st, out, depth + 1);

			if (rc < 0)
				return rc;
			st = i + 1;
		}
	}
	return 0;
}

static int expand(const int *t, size_t n, struct brace_list *out, int depth)
{
	struct brace_list mid = {0}, post = {0};
	size_t i, j = 0;
	int sep = 0, rc = 0;
	bool comma = false;

	for (i = 0; i < n && depth < BRACE_MAX_DEPTH; i++) {
		long c;

		if (t[i] != '{')
			continue;
		c = find_close(t, n, i + 1, &sep);
		if (c >= 0 && sep) {
			j = (size_t)c;
			break;
		}
	}
	if (i >= n || depth >= BRACE_MAX_DEPTH) {
		push_cat(out, t, n, NULL, 0, NULL, 0);
		return 0;
	}
	for (size_t k = i + 1; k < j; k++)
		if (t[k] == ',')
			comma = true;
	if (comma) {
		rc = expand_list(t + i + 1, j - i - 1, &mid, depth);
	} else if (!seq_expand(t + i + 1, j - i - 1, &mid)) {
		/* not a sequence: kept as typed, what follows still expands
		 * ({x..y}{1,2} is "{x..y}1 {x..y}2") */
		brace_list_free(&mid);
		if (j + 1 == n) {
			push_cat(out, t, n, NULL, 0, NULL, 0);
			return 0;
		}
		rc = expand(t + j + 1, n - j - 1, &post, depth + 1);
		for (size_t p = 0; !rc && p < post.n; p++)
			push_cat(out, t, j + 1, post.v[p].t, post.v[p].n, NULL,
				 0);
		brace_list_free(&post);
		return rc;
	}
	if (!rc)
		rc = expand(t + j + 1, n - j - 1, &post, depth + 1);
	if (!rc && (mid.n * post.n > BRACE_MAX_WORDS ||
		    out->n + mid.n * post.n > BRACE_MAX_WORDS))
		rc = -E2BIG;
	for (size_t m = 0; !rc && m < mid.n; m++)
		for (size_t p = 0; p < post.n; p++)
			push_cat(out, t, i, mid.v[m].t, mid.v[m].n, post.v[p].t,
				 post.v[p].n);
	brace_list_free(&mid);
	brace_list_free(&post);
	return rc;
}

int brace_expand(const int *t, size_t n, struct brace_list *out)
{
	size_t n0 = out->n;
	int rc = expand(t, n, out, 0);

	if (rc < 0) {
		while (out->n > n0)
			free(out->v[--out->n].t);
		push_cat(out, t, n, NULL, 0, NULL, 0);
	}
	return rc;
}

char *brace_expand_str(const char *s)
{
	size_t n = strlen(s), m = 0;
	int *t = xmalloc((n + 1) * sizeof(int));
	struct brace_list l = {0};
	struct sbx_buf b = {0};

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\\' && i + 1 < n)
			t[m++] = BRACE_OPAQUE + (unsigned char)s[++i];
		else
			t[m++] = (unsigned char)s[i];
	}
	brace_expand(t, m, &l);
	buf_putn(&b, "", 0);
	for (size_t w = 0; w < l.n; w++) {
		if (w)
			buf_putc(&b, ' ');
		for (size_t k = 0; k < l.v[w].n; k++) {
			int c = l.v[w].t[k];

			if (c == BRACE_QNULL)
				continue;
			if (c >= BRACE_OPAQUE) {
				buf_putc(&b, '\\');
				c -= BRACE_OPAQUE;
			}
			buf_putc(&b, (char)c);
		}
	}
	brace_list_free(&l);
	free(t);
	return b.s;
}

int brace_each(struct wpart *parts, int (*fn)(void *ctx, struct wpart *w),
	       void *ctx)
{
	struct brace_list l = {0};
	struct wpart **opq, *p;
	size_t n = 0, np = 0, m = 0;
	int *t, rc = 0;

	for (p = parts; p; p = p->next, np++)
		n += p->type == WP_LIT && !p->quoted ? p->len : 1;
	t = xmalloc((n + 1) * sizeof(*t));
	opq = xmalloc((np + 1) * sizeof(*opq));
	np = 0;
	for (p = parts; p; p = p->next) {
		if (p->type == WP_LIT && !p->quoted) {
			for (size_t i = 0; i < p->len; i++)
				t[m++] = (unsigned char)p->s[i];
		} else {
			opq[np] = p;
			t[m++] = BRACE_OPAQUE + (int)np++;
		}
	}
	if (!brace_maybe(t, m)) {
		free(t);
		free(opq);
		return fn(ctx, parts);
	}
	brace_expand(t, m, &l);
	for (size_t k = 0; !rc && k < l.n; k++) {
		const struct brace_word *bw = &l.v[k];
		struct wpart *pv = xcalloc(bw->n + 1, sizeof(*pv)),
			     *head = NULL, **tail = &head;
		char *chars = xmalloc(2 * bw->n + 1), *cp = chars;

		for (size_t i = 0; i < bw->n;) {
			struct wpart *q = &pv[i];
			int c = bw->t[i];

			if (c >= BRACE_OPAQUE) {
				*q = *opq[c - BRACE_OPAQUE];
				i++;
			} else if (c == BRACE_QNULL) {
				q->type = WP_LIT;
				q->quoted = 1;
				q->s = "";
				i++;
			} else {
				q->type = WP_LIT;
				q->s = cp;
				while (i < bw->n && bw->t[i] >= 0 &&
				       bw->t[i] < BRACE_OPAQUE)
					*cp++ = (char)bw->t[i++];
				q->len = (size_t)(cp - q->s);
				*cp++ = 0;
			}
			q->next = NULL;
			*tail = q;
			tail = &q->next;
		}
		/* a word that expanded to nothing at all ({,a}) is no word */
		if (head)
			rc = fn(ctx, head);
		free(pv);
		free(chars);
	}
	brace_list_free(&l);
	free(t);
	free(opq);
	return rc;
}
