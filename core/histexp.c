/* core/histexp.c — history expansion (see histexp.h). As bash: no expansion
 * inside '...', after a backslash, for a `!` before a blank, `=`, `(` or
 * the end of the line, in `$!`, `${!name}` or a bracket `[!...]`. An
 * event's words are split as bash's history_tokenize splits them: at
 * blanks and around `;`, `&`, `|`, `<`, `>`, `(`, `)`, with quotes,
 * backslashes, `$(...)`, `${...}` and backquotes kept inside one word. */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "histexp.h"

static bool blank_c(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

/* A redirection that starts a word with digits (`2>&1`, `3<&-`): the
 * operator, and the `&n` after it, stay in the word. */
static size_t redir_tail(const char *s, size_t i)
{
	i++; /* < or > */
	if (s[i] == '>' || s[i] == '|')
		i++;
	else if (s[i] == '&')
		for (i++; isdigit((unsigned char)s[i]) || s[i] == '-'; i++)
			;
	return i;
}

/* End of the word that starts at |s|[i] (not a blank). */
static size_t word_end(const char *s, size_t i)
{
	size_t st = i;
	int depth = 0;
	char q = 0;

	if (strchr(";&|<>()", s[i])) {
		char c = s[i], d = s[i + 1];

		if (c == '(' || c == ')' || !d)
			return i + 1;
		if (d == c ||
		    ((c == '<' || c == '>') && (d == '&' || d == '|')) ||
		    (c == '&' && d == '>') || (c == '|' && d == '&'))
			return i + 2;
		return i + 1;
	}
	for (; s[i]; i++) {
		char c = s[i];

		if (q == '\'') {
			if (c == '\'')
				q = 0;
			continue;
		}
		if (c == '\\' && s[i + 1]) {
			i++;
			continue;
		}
		if (q == '"') {
			if (c == '"')
				q = 0;
			continue;
		}
		if (c == '\'' || c == '"' || c == '`') {
			q = c == '`' ? 0 : c;
			if (c == '`') {
				const char *e = strchr(s + i + 1, '`');

				i = e ? (size_t)(e - s) : strlen(s) - 1;
			}
			continue;
		}
		if (c == '$' && (s[i + 1] == '(' || s[i + 1] == '{')) {
			depth++;
			i++;
			continue;
		}
		if (depth) {
			if (c == '(' || c == '{')
				depth++;
			else if (c == ')' || c == '}')
				depth--;
			continue;
		}
		if (blank_c(c) || strchr(";&|()", c))
			break;
		if (c == '<' || c == '>') {
			size_t k = st;

			while (k < i && isdigit((unsigned char)s[k]))
				k++;
			if (k == i && i > st) {
				i = redir_tail(s, i) - 1;
				continue;
			}
			break;
		}
	}
	return i;
}

/* The words of |s| as bash's history_tokenize finds them. */
static void split_words(const char *s, struct sbx_strv *out)
{
	size_t i = 0;

	for (;;) {
		size_t e;

		while (blank_c(s[i]))
			i++;
		if (!s[i])
			break;
		e = word_end(s, i);
		strv_take(out, xstrndup(s + i, e - i));
		i = e;
	}
}

static int fail(struct sbx_buf *err, const char *s, size_t n, const char *why)
{
	buf_putn(err, s, n);
	buf_printf(err, ": %s", why);
	return -1;
}

static void mem_set(struct hx_mem *m, const char *old, const char *rep)
{
	char *o, *r;

	if (!m)
		return;
	o = xstrdup(old);
	r = xstrdup(rep);
	free(m->old);
	free(m->rep);
	m->old = o;
	m->rep = r;
}

void hx_mem_free(struct hx_mem *m)
{
	free(m->old);
	free(m->rep);
	m->old = m->rep = NULL;
}

/* One part of `:s/old/new/` up to |delim| or the end of the line: a
 * backslash before the delimiter (or before `&` in the new part) makes
 * it literal; in the new part an unescaped `&` stands for |old|. */
static size_t subst_part(const char *line, size_t i, size_t len, char delim,
			 const char *old, struct sbx_buf *part)
{
	part->len = 0;
	buf_putc(part, 0);
	part->len = 0;
	while (i < len && line[i] != delim) {
		if (line[i] == '\\' && i + 1 < len &&
		    (line[i + 1] == delim || (old && line[i + 1] == '&'))) {
			buf_putc(part, line[i + 1]);
			i += 2;
			continue;
		}
		if (old && line[i] == '&')
			buf_puts(part, old);
		else
			buf_putc(part, line[i]);
		i++;
	}
	return i;
}

/* |val| with |old| replaced by |rep|, once or everywhere; false if
 * |old| is not in it. */
static bool substitute(struct sbx_buf *val, const char *old, const char *rep,
		       bool global)
{
	struct sbx_buf r = {0};
	size_t ol = strlen(old);
	const char *p = val->s ? val->s : "", *hit;
	bool any = false;

	while (*old && (hit = strstr(p, old))) {
		buf_putn(&r, p, (size_t)(hit - p));
		buf_puts(&r, rep);
		p = hit + ol;
		any = true;
		if (!global)
			break;
	}
	if (any) {
		buf_puts(&r, p);
		buf_free(val);
		if (!r.s) {
			buf_putc(&r, 0);
			r.len = 0;
		}
		*val = r;
	}
	return any;
}

/* :h :t :r :e on |val| in place, as bash's strrchr on `/` and `.`. */
static void path_mod(struct sbx_buf *val, char m)
{
	char *s = val->s, *c = strrchr(s, m == 'h' || m == 't' ? '/' : '.');
	size_t keep;

	if (!c)
		return;
	if (m == 'h' || m == 'r') {
		val->len = (size_t)(c - s);
		s[val->len] = 0;
		return;
	}
	if (m == 't')
		c++;
	keep = strlen(c);
	memmove(s, c, keep + 1);
	val->len = keep;
}

/* :q quotes the whole value, :x each blank-separated word, as bash. */
static void quote_val(struct sbx_buf *out, const char *v, bool breaks)
{
	buf_putc(out, '\'');
	for (; *v; v++) {
		if (*v == '\'')
			buf_puts(out, "'\\''");
		else if (breaks && blank_c(*v)) {
			buf_putc(out, '\'');
			buf_putc(out, *v);
			buf_putc(out, '\'');
		} else
			buf_putc(out, *v);
	}
	buf_putc(out, '\'');
}

/* A word number at |line|[*i]: digits, `^` (1) or `$` (the last). */
static int word_num(const char *line, size_t *i, size_t len, int last)
{
	int n = 0;

	if (line[*i] == '^') {
		(*i)++;
		return 1;
	}
	if (line[*i] == '$') {
		(*i)++;
		return last;
	}
	while (*i < len && isdigit((unsigned char)line[*i]) && n < 100000)
		n = n * 10 + (line[(*i)++] - '0');
	return n;
}

/* The word designator at |line|[*i] applied to |ev| into |val|: `*`,
 * `n`, `n-m`, `n-`, `-m`, `n*`, with `^`/`$` for 1/the last. -1 if the
 * words are not there. */
static int designate(const char *line, size_t *i, size_t len, const char *ev,
		     struct sbx_buf *val)
{
	struct sbx_strv ws = {0};
	int from, to, last, rc = 0;

	split_words(ev, &ws);
	last = (int)ws.n - 1;
	if (line[*i] == '*') {
		(*i)++;
		from = 1;
		to = last;
		if (ws.n < 2)
			goto done; /* !* of a one-word command: nothing */
	} else {
		from = line[*i] == '-' ? 0 : word_num(line, i, len, last);
		if (*i < len && line[*i] == '*') {
			(*i)++;
			to = last;
			if (from == last + 1)
				goto done;
		} else if (*i < len && line[*i] == '-') {
			(*i)++;
			if (*i < len && (isdigit((unsigned char)line[*i]) ||
					 line[*i] == '^' || line[*i] == '$'))
				to = word_num(line, i, len, last);
			else
				to = last - 1; /* n-: all but the last */
		} else {
			to = from;
		}
	}
	if (from < 0 || from > to || to > last) {
		rc = -1;
		goto done;
	}
	for (int k = from; k <= to; k++) {
		if (k > from)
			buf_putc(val, ' ');
		buf_puts(val, ws.v[k]);
	}
done:
	strv_free(&ws);
	return rc;
}

/* The event of the `!` at |line|[st]: |*i| moves past its spec. May
 * set |*own| to a string to free. */
static const char *find_event(const char *line, size_t len, size_t st,
			      size_t *i, const struct hx_src *src,
			      const struct sbx_buf *sofar, char **own)
{
	const char *ev = NULL;
	size_t p = st + 1;
	char c = line[p];

	if (c == '!') {
		*i = p + 1;
		return src->recent(src->ctx, 1);
	}
	if (c == '#') {
		*i = p + 1;
		*own = xstrndup(sofar->s ? sofar->s : "", sofar->len);
		return *own;
	}
	if (c == '$' || c == '^' || c == '*' || c == ':') {
		*i = p;
		return src->recent(src->ctx, 1);
	}
	if (c == '-' || isdigit((unsigned char)c)) {
		bool neg = c == '-';
		long k = 0;

		if (neg)
			p++;
		while (p < len && isdigit((unsigned char)line[p]) &&
		       k < 10000000)
			k = k * 10 + (line[p++] - '0');
		*i = p;
		return neg ? src->recent(src->ctx, (int)k)
			   : src->numbered(src->ctx, (int)k);
	}
	if (c == '?') {
		size_t s0 = ++p;
		char *pat;

		while (p < len && line[p] != '?')
			p++;
		pat = xstrndup(line + s0, p - s0);
		*i = p < len ? p + 1 : p;
		for (int k = 1; *pat && (ev = src->recent(src->ctx, k)); k++)
			if (strstr(ev, pat))
				break;
		free(pat);
		return ev;
	}
	{
		size_t s0 = p;
		char *pfx;

		while (p < len && !strchr(" \t\n;&|<>():\"'", line[p]))
			p++;
		pfx = xstrndup(line + s0, p - s0);
		*i = p;
		for (int k = 1; (ev = src->recent(src->ctx, k)); k++)
			if (!strncmp(ev, pfx, strlen(pfx)))
				break;
		free(pfx);
		return ev;
	}
}

/* The modifiers after an event at |line|[*i] applied to |val|. Sets
 * |*print| for :p, |*quote| to 'q' or 'x'. */
static int modifiers(const char *line, size_t len, size_t *i,
		     const struct hx_src *src, struct sbx_buf *val, bool *print,
		     char *quote, struct sbx_buf *err)
{
	struct sbx_buf old = {0}, rep = {0};
	int rc = 0;

	while (*i + 1 < len && line[*i] == ':') {
		size_t ms = *i, p = *i + 1;
		char m = line[p];
		bool global = false;

		if ((m == 'g' || m == 'a') && p + 1 < len &&
		    (line[p + 1] == 's' || line[p + 1] == '&')) {
			global = true;
			m = line[++p];
		}
		p++;
		if (strchr("htre", m)) {
			path_mod(val, m);
		} else if (m == 'p') {
			*print = true;
		} else if (m == 'q' || m == 'x') {
			*quote = m;
		} else if (m == 's' && p < len) {
			char delim = line[p];
			const char *o, *r;

			p = subst_part(line, p + 1, len, delim, NULL, &old);
			if (!old.len && src->mem && src->mem->old)
				buf_puts(&old, src->mem->old);
			if (p < len)
				p++;
			p = subst_part(line, p, len, delim, old.s, &rep);
			if (p < len)
				p++;
			o = old.s;
			r = rep.s;
			if (*o)
				mem_set(src->mem, o, r);
			if (!*o || !substitute(val, o, r, global)) {
				rc = fail(err, line + ms, p - ms,
					  "substitution failed");
				break;
			}
		} else if (m == 's') {
			/* `:s` at the end of the line: nothing to do */
		} else if (m == '&') {
			if (!src->mem || !src->mem->old ||
			    !substitute(val, src->mem->old, src->mem->rep,
					global)) {
				rc = fail(err, line + ms, p - ms,
					  "substitution failed");
				break;
			}
		} else {
			rc = fail(err, line + ms + 1, 1,
				  "unrecognized history modifier");
			break;
		}
		*i = p;
	}
	buf_free(&old);
	buf_free(&rep);
	return rc;
}

/* No history expansion for this `!` (bash_history_inhibit_expansion and
 * the blanks after it). */
static bool inhibited(const char *line, size_t i, size_t len, bool dq)
{
	char n = i + 1 < len ? line[i + 1] : 0;

	if (!n || strchr(" \t\n=(", n) || (dq && n == '"'))
		return true;
	if (i > 0 && line[i - 1] == '$')
		return true; /* $! */
	if (i > 1 && line[i - 1] == '{' && line[i - 2] == '$')
		return true; /* ${!name} */
	if (i > 0 && line[i - 1] == '[' && memchr(line + i, ']', len - i))
		return true; /* [!a-z] */
	return false;
}

/* One `!...` at |line|[*i] appended to |out|. */
static int expand_one(const char *line, size_t len, size_t *i,
		      const struct hx_src *src, struct sbx_buf *out,
		      bool *print, struct sbx_buf *err)
{
	size_t st = *i, p;
	char *own = NULL, quote = 0;
	struct sbx_buf val = {0};
	const char *ev = find_event(line, len, st, &p, src, out, &own);
	int rc = 0;

	if (!ev) {
		free(own);
		return fail(err, line + st, p - st, "event not found");
	}
	buf_putc(&val, 0);
	val.len = 0;
	if (p < len && (line[p] == '$' || line[p] == '^' || line[p] == '*' ||
			(line[p] == ':' && p + 1 < len &&
			 strchr("0123456789^$*-", line[p + 1])))) {
		size_t ds = p;

		if (line[p] == ':')
			p++;
		if (designate(line, &p, len, ev, &val) < 0)
			rc = fail(err, line + ds, p - ds, "bad word specifier");
	} else {
		buf_puts(&val, ev);
	}
	if (rc == 0)
		rc = modifiers(line, len, &p, src, &val, print, &quote, err);
	if (rc == 0) {
		if (quote)
			quote_val(out, val.s, quote == 'x');
		else
			buf_puts(out, val.s);
	}
	free(own);
	buf_free(&val);
	*i = p;
	return rc;
}

int hx_expand(const char *line, size_t len, const struct hx_src *src,
	      struct sbx_buf *out, struct sbx_buf *err)
{
	bool changed = false, sq = false, dq = false, print = false;
	SBX_AUTOFREE char *quick = NULL;
	size_t i = 0;

	if (!memchr(line, '!', len) && !(len && line[0] == '^'))
		return 0;
	/* ^old^new[^rest] is !!:s^old^new^rest */
	if (len > 1 && line[0] == '^') {
		quick = xasprintf("!!:s%.*s", (int)len, line);
		line = quick;
		len = strlen(quick);
	}
	out->len = 0;
	buf_putc(out, 0);
	out->len = 0;
	while (i < len) {
		char c = line[i];

		if (c == '\\' && i + 1 < len && !sq) {
			buf_putn(out, line + i, 2);
			i += 2;
			continue;
		}
		if (c == '\'' && !dq)
			sq = !sq;
		if (c == '"' && !sq)
			dq = !dq;
		if (c != '!' || sq || inhibited(line, i, len, dq)) {
			buf_putc(out, c);
			i++;
			continue;
		}
		if (expand_one(line, len, &i, src, out, &print, err) < 0)
			return -1;
		changed = true;
	}
	return changed ? (print ? 2 : 1) : 0;
}
