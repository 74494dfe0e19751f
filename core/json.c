/* core/json.c — the one JSON writer (json.h). Pure. */
#include <stdlib.h>
#include <string.h>

#include "json.h"

/* The length of the well-formed UTF-8 sequence at |p| (lead byte
 * >= 0x80): 2 to 4, or 0 for a stray, overlong, surrogate or
 * out-of-range one (RFC 3629). */
static size_t utf8_seq(const unsigned char *p)
{
	unsigned cp;
	size_t n;

	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2, cp = p[0] & 0x1f;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3, cp = p[0] & 0x0f;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4, cp = p[0] & 0x07;
	else
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0; /* the NUL ends it here too */
		cp = cp << 6 | (p[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

/* JSON text is UTF-8 (RFC 8259 section 8.1), but a path or a variable
 * on Linux is any bytes: one that is not UTF-8 would make the whole
 * document unreadable to a strict parser (Python's json.loads of the
 * bytes, Go's encoding/json), so each such byte becomes U+FFFD, as a
 * decoder would show it. The text form (pol_format_text) keeps the
 * bytes. */
void json_put_str(struct sbx_buf *b, const char *s)
{
	/* the characters JSON writes as a backslash and a letter */
	static const char esc_from[] = "\"\\\n\t\r", esc_to[] = "\"\\ntr";

	buf_putc(b, '"');
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) {
			/* a C1 control (8-bit CSI, OSC) written as UTF-8: the
			 * same code point, never the raw bytes to a terminal */
			buf_printf(b, "\\u%04x", *++p);
			continue;
		}
		if (*p >= 0x80) {
			size_t n = utf8_seq(p);

			if (!n) {
				buf_puts(b, "\\ufffd");
				continue;
			}
			buf_putn(b, (const char *)p, n);
			p += n - 1;
			continue;
		}
		if (strchr(esc_from, *p))
			buf_printf(b, "\\%c",
				   esc_to[strchr(esc_from, *p) - esc_from]);
		else if (*p < 0x20 || *p == 0x7f)
			/* DEL too: the same code point, never the raw byte */
			buf_printf(b, "\\u%04x", *p);
		else
			buf_putc(b, (char)*p);
	}
	buf_putc(b, '"');
}

void json_begin(struct json_w *w, struct sbx_buf *b)
{
	*w = (struct json_w){.b = b};
}

void json_resume(struct json_w *w, struct sbx_buf *b, enum json_style style,
		 unsigned depth)
{
	json_begin(w, b);
	if (depth >= JSON_MAX_DEPTH)
		abort(); /* a printer's mistake, never input's */
	w->depth = depth;
	w->lv[depth].style = (unsigned char)style;
	w->lv[depth].any = true;
	w->lv[depth].close = '}';
	w->nosep = true;
}

static void indent(struct sbx_buf *b, unsigned depth)
{
	for (unsigned i = 0; i < depth; i++)
		buf_puts(b, "  ");
}

/* The separator before an item of the open container, then its key. */
static void item(struct json_w *w, const char *key)
{
	if (w->nosep)
		w->nosep = false;
	else if (w->depth) {
		unsigned d = w->depth;
		bool any = w->lv[d].any;

		switch (w->lv[d].style) {
		case JSON_INLINE:
			if (any)
				buf_puts(w->b, ", ");
			break;
		case JSON_LINES:
			buf_puts(w->b, any ? ",\n" : "\n");
			indent(w->b, d);
			break;
		case JSON_ROWS:
			if (any) {
				buf_puts(w->b, ",\n");
				indent(w->b, d - 1);
				buf_putc(w->b, ' ');
			}
			break;
		}
		w->lv[d].any = true;
	}
	if (key) {
		json_put_str(w->b, key);
		buf_puts(w->b, ": ");
	}
}

static void open_c(struct json_w *w, const char *key, enum json_style style,
		   char c)
{
	item(w, key);
	buf_putc(w->b, c);
	if (w->depth + 1 >= JSON_MAX_DEPTH)
		abort(); /* a printer's mistake, never input's */
	w->depth++;
	w->lv[w->depth].style = (unsigned char)style;
	w->lv[w->depth].any = false;
	w->lv[w->depth].close = c == '{' ? '}' : ']';
}

void json_obj(struct json_w *w, const char *key, enum json_style style)
{
	open_c(w, key, style, '{');
}

void json_arr(struct json_w *w, const char *key, enum json_style style)
{
	open_c(w, key, style, '[');
}

void json_end(struct json_w *w)
{
	unsigned d = w->depth;

	if (!d)
		abort(); /* a printer's mistake, never input's */
	if (w->lv[d].style == JSON_LINES && w->lv[d].any) {
		buf_putc(w->b, '\n');
		indent(w->b, d - 1);
	}
	buf_putc(w->b, w->lv[d].close);
	w->depth--;
}

void json_str(struct json_w *w, const char *key, const char *v)
{
	item(w, key);
	if (v)
		json_put_str(w->b, v);
	else
		buf_puts(w->b, "null");
}

void json_strv(struct json_w *w, const char *key, enum json_style style,
	       const struct sbx_strv *v)
{
	json_arr(w, key, style);
	for (size_t i = 0; v && i < v->n; i++)
		json_str(w, NULL, v->v[i]);
	json_end(w);
}

void json_bool(struct json_w *w, const char *key, bool v)
{
	item(w, key);
	buf_puts(w->b, v ? "true" : "false");
}

void json_u64(struct json_w *w, const char *key, uint64_t v)
{
	item(w, key);
	buf_printf(w->b, "%llu", (unsigned long long)v);
}

void json_i64(struct json_w *w, const char *key, int64_t v)
{
	item(w, key);
	buf_printf(w->b, "%lld", (long long)v);
}
