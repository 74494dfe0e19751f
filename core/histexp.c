/* core/histexp.c — history expansion (see histexp.h). As bash: no expansion
 * inside '...', after a backslash, or for a `!` before a blank, `=`, `(`
 * or the end of the line. */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "histexp.h"

/* The words of |s|, split at unquoted blanks. */
static void split_words(const char *s, struct sbx_strv *out)
{
	struct sbx_buf w = {0};
	char q = 0;
	bool in = false;

	for (const char *p = s;; p++) {
		if (!*p || (!q && (*p == ' ' || *p == '\t' || *p == '\n'))) {
			if (in) {
				buf_putc(&w, 0);
				strv_push(out, w.s);
				w.len = 0;
			}
			in = false;
			if (!*p)
				break;
			continue;
		}
		in = true;
		if (q && *p == q)
			q = 0;
		else if (!q && (*p == '\'' || *p == '"'))
			q = *p;
		else if (*p == '\\' && p[1] && q != '\'')
			buf_putc(&w, *p++);
		buf_putc(&w, *p);
	}
	buf_free(&w);
}

/* Appends the words |from|..|to| (inclusive, clipped) of |ev|; -1 if
 * there are none such. */
static int put_words(struct sbx_buf *out, const char *ev, int from, int to)
{
	struct sbx_strv ws = {0};
	int rc = -1;

	split_words(ev, &ws);
	if (to < 0)
		to = (int)ws.n - 1;
	if (from < (int)ws.n && from <= to) {
		for (int i = from; i <= to && i < (int)ws.n; i++) {
			if (i > from)
				buf_putc(out, ' ');
			buf_puts(out, ws.v[i]);
		}
		rc = 0;
	} else if (from == 1 && to == -1) {
		rc = 0; /* !* of a one-word command: nothing */
	}
	strv_free(&ws);
	return rc;
}

static int fail(struct sbx_buf *err, const char *s, size_t n, const char *why)
{
	buf_putn(err, s, n);
	buf_printf(err, ": %s", why);
	return -1;
}

/* ^old^new[^]: the previous command with the first old made new. */
static int quick_subst(const char *line, size_t len, const struct hx_src *src,
		       struct sbx_buf *out, struct sbx_buf *err)
{
	const char *prev = src->recent(src->ctx, 1), *e = line + len;
	const char *o = line + 1, *oe = memchr(o, '^', (size_t)(e - o));
	const char *n, *ne, *hit;
	char *old;

	if (!prev)
		return fail(err, "!!", 2, "event not found");
	if (!oe)
		oe = e;
	n = oe < e ? oe + 1 : e;
	ne = memchr(n, '^', (size_t)(e - n));
	if (!ne)
		ne = e;
	old = strndup(o, (size_t)(oe - o));
	hit = *old ? strstr(prev, old) : NULL;
	if (!hit) {
		free(old);
		buf_puts(err, ":s");
		buf_putn(err, line, len);
		buf_puts(err, ": substitution failed");
		return -1;
	}
	buf_putn(out, prev, (size_t)(hit - prev));
	buf_putn(out, n, (size_t)(ne - n));
	buf_puts(out, hit + strlen(old));
	if (ne < e)
		buf_putn(out, ne + 1, (size_t)(e - ne - 1));
	free(old);
	return 1;
}

int hx_expand(const char *line, size_t len, const struct hx_src *src,
	      struct sbx_buf *out, struct sbx_buf *err)
{
	bool changed = false, sq = false, dq = false;
	size_t i = 0;

	if (!memchr(line, '!', len) && !(len && line[0] == '^'))
		return 0;
	if (len > 1 && line[0] == '^')
		return quick_subst(line, len, src, out, err);
	out->len = 0;
	while (i < len) {
		char c = line[i];
		size_t st = i;
		const char *ev = NULL;
		int from = 0, to = -1;

		if (c == '\\' && i + 1 < len && !sq) {
			buf_putn(out, line + i, 2);
			i += 2;
			continue;
		}
		if (c == '\'' && !dq)
			sq = !sq;
		if (c == '"' && !sq)
			dq = !dq;
		if (c != '!' || sq || i + 1 >= len ||
		    strchr(" \t\n=(", line[i + 1]) ||
		    (dq && line[i + 1] == '"')) {
			buf_putc(out, c);
			i++;
			continue;
		}
		i++;
		if (line[i] == '!') {
			ev = src->recent(src->ctx, 1);
			i++;
		} else if (line[i] == '$' || line[i] == '^' || line[i] == '*') {
			ev = src->recent(src->ctx, 1); /* designator below */
		} else if (line[i] == '-' || isdigit((unsigned char)line[i])) {
			bool neg = line[i] == '-';
			long k;

			if (neg)
				i++;
			k = strtol(line + i, NULL, 10);
			while (i < len && isdigit((unsigned char)line[i]))
				i++;
			ev = neg ? src->recent(src->ctx, (int)k)
				 : src->numbered(src->ctx, (int)k);
		} else {
			size_t s0 = i;
			char *pfx;

			while (i < len && !strchr(" \t\n;&|<>():\"'", line[i]))
				i++;
			pfx = strndup(line + s0, i - s0);
			for (int k = 1; (ev = src->recent(src->ctx, k)); k++)
				if (!strncmp(ev, pfx, strlen(pfx)))
					break;
			free(pfx);
		}
		if (!ev)
			return fail(err, line + st, i - st, "event not found");
		/* a word designator: !$ !^ !* or :N :$ :^ :* */
		if (i < len && (line[i] == '$' || line[i] == '^' ||
				line[i] == '*' || line[i] == ':')) {
			char d =
			    line[i] == ':' && i + 1 < len ? line[++i] : line[i];

			if (d == '$') {
				struct sbx_strv ws = {0};

				split_words(ev, &ws);
				from = ws.n ? (int)ws.n - 1 : 0;
				strv_free(&ws);
			} else if (d == '^') {
				from = to = 1;
			} else if (d == '*') {
				from = 1;
			} else if (isdigit((unsigned char)d)) {
				from = to = (int)strtol(line + i, NULL, 10);
				while (i + 1 < len &&
				       isdigit((unsigned char)line[i + 1]))
					i++;
			} else {
				return fail(err, line + st, i + 1 - st,
					    "unrecognized history modifier");
			}
			i++;
			if (put_words(out, ev, from, to) < 0)
				return fail(err, line + st, i - st,
					    "bad word specifier");
		} else {
			buf_puts(out, ev);
		}
		changed = true;
	}
	return changed ? 1 : 0;
}
