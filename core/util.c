/* core/util.c — allocation, string vectors and buffers, pure path helpers. */
#include "sbx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sbx_diag_set(struct sbx_diag *d, int err, const char *fmt, ...)
{
	va_list ap;

	if (d) {
		char raw[sizeof(d->msg)];

		d->err = err;
		va_start(ap, fmt);
		vsnprintf(raw, sizeof(raw), fmt, ap);
		va_end(ap);
		/* A diagnostic names paths, values and names a job could
		 * have chosen; it is printed as is by whoever reports it, so
		 * it is made safe for a terminal here, once for all. */
		str_shown_copy(d->msg, sizeof(d->msg), 0, raw);
	}
	return err;
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		abort();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		abort();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		abort();
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	struct sbx_buf b = {0};
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	if (!b.s)
		return xstrdup("");
	return b.s;
}

void sbx_freep(void *pp)
{
	free(*(void **)pp);
}

void strv_take(struct sbx_strv *sv, char *s)
{
	if (sv->n + 2 > sv->cap) {
		sv->cap = sv->cap ? sv->cap * 2 : 8;
		sv->v = xrealloc(sv->v, sv->cap * sizeof(*sv->v));
	}
	sv->v[sv->n++] = s;
	sv->v[sv->n] = NULL;
}

void strv_push(struct sbx_strv *sv, const char *s)
{
	strv_take(sv, xstrdup(s));
}

bool strv_has(const struct sbx_strv *sv, const char *s)
{
	for (size_t i = 0; i < sv->n; i++)
		if (strcmp(sv->v[i], s) == 0)
			return true;
	return false;
}

void strv_free(struct sbx_strv *sv)
{
	for (size_t i = 0; i < sv->n; i++)
		free(sv->v[i]);
	free(sv->v);
	sv->v = NULL;
	sv->n = sv->cap = 0;
}

static void buf_grow(struct sbx_buf *b, size_t extra)
{
	if (b->len + extra + 1 <= b->cap)
		return;
	while (b->len + extra + 1 > b->cap)
		b->cap = b->cap ? b->cap * 2 : 64;
	b->s = xrealloc(b->s, b->cap);
}

void buf_putn(struct sbx_buf *b, const char *s, size_t n)
{
	buf_grow(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void buf_putc(struct sbx_buf *b, char c)
{
	buf_putn(b, &c, 1);
}

void buf_puts(struct sbx_buf *b, const char *s)
{
	buf_putn(b, s, strlen(s));
}

void buf_vprintf(struct sbx_buf *b, const char *fmt, va_list ap)
{
	va_list ap2;
	size_t room;
	int n;

	/* Formatted once into the room there is (most texts are short),
	 * a second time only when it did not fit: vsnprintf() is most of
	 * what formatting the start-up's notes costs. */
	buf_grow(b, 127);
	room = b->cap - b->len;
	va_copy(ap2, ap);
	n = vsnprintf(b->s + b->len, room, fmt, ap2);
	va_end(ap2);
	if (n < 0) {
		b->s[b->len] = '\0';
		return;
	}
	if ((size_t)n >= room) {
		buf_grow(b, (size_t)n);
		vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	}
	b->len += (size_t)n;
}

void buf_printf(struct sbx_buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(b, fmt, ap);
	va_end(ap);
}

static bool str_shown_raw_text(const char *s);

size_t u8_shown_len(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t k;
	unsigned cp;

	if (!n)
		return 0;
	if (p[0] < 0x80)
		return p[0] >= 0x20 && p[0] != 0x7f;
	if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		k = 2;
		cp = p[0] & 0x1f;
	} else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		k = 3;
		cp = p[0] & 0x0f;
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		k = 4;
		cp = p[0] & 0x07;
	} else {
		return 0; /* a continuation byte, 0xc0/0xc1 or > 0xf4 */
	}
	if (n < k)
		return 0;
	for (size_t i = 1; i < k; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	/* overlong forms, surrogates, beyond U+10FFFF, C1 controls */
	if ((k == 3 && cp < 0x800) || (k == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff ||
	    (cp >= 0x80 && cp <= 0x9f))
		return 0;
	return k;
}

size_t u8_shown_char(const char *s, size_t n, char out[5], size_t *olen)
{
	static const char hex[] = "0123456789abcdef";
	size_t k = u8_shown_len(s, n);
	unsigned char c = (unsigned char)s[0];

	if (k) {
		memcpy(out, s, k);
		*olen = k;
	} else if (c == '\n' || c == '\t') {
		out[0] = '\\';
		out[1] = c == '\n' ? 'n' : 't';
		*olen = 2;
		k = 1;
	} else {
		/* One byte at a time: in "\xc2\x9b" (U+009B, an 8-bit CSI)
		 * neither byte reaches the terminal, and the next character
		 * is judged afresh, so an invalid sequence cannot swallow
		 * the valid text behind it. */
		out[0] = '\\';
		out[1] = 'x';
		out[2] = hex[c >> 4];
		out[3] = hex[c & 15];
		*olen = 4;
		k = 1;
	}
	out[*olen] = '\0';
	return k;
}

void buf_putn_shown(struct sbx_buf *b, const char *s, size_t n)
{
	char o[5];
	size_t ol;

	for (size_t i = 0; i < n;) {
		i += u8_shown_char(s + i, n - i, o, &ol);
		buf_putn(b, o, ol);
	}
	buf_puts(b, "");
}

size_t str_shown_copy(char *dst, size_t cap, size_t at, const char *s)
{
	size_t n = s ? strlen(s) : 0;
	char o[5];
	size_t ol;

	if (!cap)
		return 0;
	if (at >= cap)
		at = cap - 1;
	for (size_t i = 0; i < n;) {
		size_t k = u8_shown_char(s + i, n - i, o, &ol);

		if (at + ol >= cap)
			break; /* whole characters only: no half escape */
		memcpy(dst + at, o, ol);
		at += ol;
		i += k;
	}
	dst[at] = '\0';
	return at;
}

void buf_put_shown(struct sbx_buf *b, const char *s)
{
	buf_putn_shown(b, s, strlen(s));
}

void buf_put_shown_text(struct sbx_buf *b, const char *s)
{
	while (*s) {
		size_t k = strcspn(s, "\n\t");

		buf_putn_shown(b, s, k);
		s += k;
		if (*s)
			buf_putc(b, *s++);
	}
	buf_puts(b, "");
}

void buf_make_shown(struct sbx_buf *b)
{
	struct sbx_buf o = {0};

	if (!b->s || str_shown_raw_text(b->s))
		return;
	buf_put_shown_text(&o, b->s);
	buf_free(b);
	*b = o;
}

bool str_is_name(const char *s, size_t n)
{
	if (!n || !((s[0] >= 'a' && s[0] <= 'z') ||
		    (s[0] >= 'A' && s[0] <= 'Z') || s[0] == '_'))
		return false;
	for (size_t i = 1; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') ||
		      (s[i] >= 'A' && s[i] <= 'Z') ||
		      (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
			return false;
	return true;
}

int str_index(const char *const *names, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (names[i] && !strcmp(names[i], s))
			return (int)i;
	return -1;
}

bool str_shown_raw(const char *s)
{
	size_t n = strlen(s);

	for (size_t i = 0; i < n;) {
		size_t k = u8_shown_len(s + i, n - i);

		if (!k)
			return false;
		i += k;
	}
	return true;
}

static bool str_shown_raw_text(const char *s)
{
	size_t n = strlen(s);

	for (size_t i = 0; i < n;) {
		size_t k = s[i] == '\n' || s[i] == '\t'
			       ? 1
			       : u8_shown_len(s + i, n - i);

		if (!k)
			return false;
		i += k;
	}
	return true;
}

void buf_free(struct sbx_buf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

char *path_fold(const char *p)
{
	char *out;

	if (!p || p[0] != '/')
		return NULL;
	out = xmalloc(strlen(p) + 2);
	strcpy(out, p);
	path_fold_inplace(out);
	return out;
}

void path_fold_inplace(char *out)
{
	const char *p = out;
	size_t len = 0;

	/* The folded path is never longer than what is left to read, so
	 * writing at |len| never overtakes reading at |p|. */
	while (*p) {
		const char *c;
		size_t cl;

		while (*p == '/')
			p++;
		c = p;
		while (*p && *p != '/')
			p++;
		cl = (size_t)(p - c);
		if (cl == 0 || (cl == 1 && c[0] == '.'))
			continue;
		if (cl == 2 && c[0] == '.' && c[1] == '.') {
			while (len > 0 && out[len - 1] != '/')
				len--;
			if (len > 0)
				len--; /* drop the slash too */
			continue;
		}
		out[len++] = '/';
		memmove(out + len, c, cl);
		len += cl;
	}
	if (len == 0)
		out[len++] = '/';
	out[len] = '\0';
}

bool path_is_folded(const char *p)
{
	if (!p || p[0] != '/')
		return false;
	/* only what follows each slash can be wrong: strchr() jumps */
	for (const char *c = p; (c = strchr(c, '/')) != NULL; c++) {
		if (c[1] == '/' || (c[1] == '\0' && c != p))
			return false;
		if (c[1] == '.' && (c[2] == '/' || !c[2] ||
				    (c[2] == '.' && (c[3] == '/' || !c[3]))))
			return false;
	}
	return true;
}

bool path_under(const char *root, const char *p)
{
	size_t rl = strlen(root);

	if (rl == 1 && root[0] == '/')
		return p[0] == '/';
	if (strncmp(root, p, rl) != 0)
		return false;
	return p[rl] == '\0' || p[rl] == '/';
}

char *path_join(const char *a, const char *b)
{
	size_t al = strlen(a), bl;
	char *r;

	while (*b == '/')
		b++;
	bl = strlen(b);
	if (al > 0 && a[al - 1] == '/')
		al--;
	/* By hand, not xasprintf: a session's opening joins a few hundred
	 * paths, and printf's machinery was a visible part of it. */
	r = xmalloc(al + 1 + bl + 1);
	memcpy(r, a, al);
	r[al] = '/';
	memcpy(r + al + 1, b, bl + 1);
	return r;
}

const char *path_base(const char *p)
{
	const char *s = strrchr(p, '/');

	if (!s || s[1] == '\0')
		return p;
	return s + 1;
}

const char *env_lookup(char *const *env, const char *name)
{
	size_t nl = strlen(name);

	for (; env && *env; env++)
		if (strncmp(*env, name, nl) == 0 && (*env)[nl] == '=')
			return *env + nl + 1;
	return NULL;
}

static bool is_octal(char c)
{
	return c >= '0' && c <= '7';
}

char *str_unescape_octal(const char *s, size_t n)
{
	char *o = xmalloc(n + 1), *p = o;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\\' && i + 3 < n && s[i + 1] >= '0' &&
		    s[i + 1] <= '3' && is_octal(s[i + 2]) &&
		    is_octal(s[i + 3])) {
			*p++ = (char)((s[i + 1] - '0') << 6 |
				      (s[i + 2] - '0') << 3 | (s[i + 3] - '0'));
			i += 3;
		} else {
			*p++ = s[i];
		}
	}
	*p = '\0';
	return o;
}

int hex_digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

void buf_put_squoted(struct sbx_buf *b, const char *s)
{
	buf_putc(b, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			buf_puts(b, "'\\''");
		else
			buf_putc(b, *s);
	}
	buf_putc(b, '\'');
}

void buf_put_utf8(struct sbx_buf *b, unsigned long v)
{
	if (v < 0x80) {
		buf_putc(b, (char)v);
	} else if (v < 0x800) {
		buf_putc(b, (char)(0xc0 | (v >> 6)));
		buf_putc(b, (char)(0x80 | (v & 0x3f)));
	} else if (v < 0x10000) {
		buf_putc(b, (char)(0xe0 | (v >> 12)));
		buf_putc(b, (char)(0x80 | ((v >> 6) & 0x3f)));
		buf_putc(b, (char)(0x80 | (v & 0x3f)));
	} else if (v < 0x200000) {
		buf_putc(b, (char)(0xf0 | (v >> 18)));
		buf_putc(b, (char)(0x80 | ((v >> 12) & 0x3f)));
		buf_putc(b, (char)(0x80 | ((v >> 6) & 0x3f)));
		buf_putc(b, (char)(0x80 | (v & 0x3f)));
	}
}
