/* core/lang/ansic.c — bash's $'...' escapes decoded (ansic.h). Pure. */
#include "ansic.h"

#include <ctype.h>
#include <string.h>

/* Up to |max| digits of |base| (8 or 16) from s[*i]; how many. */
static int digits(const char *s, size_t n, size_t *i, int base, int max,
		  unsigned long *v)
{
	int k = 0, d;

	*v = 0;
	while (k < max && *i < n &&
	       (d = hex_digit((unsigned char)s[*i])) >= 0 && d < base) {
		*v = *v * (unsigned)base + (unsigned)d;
		++*i;
		k++;
	}
	return k;
}

void ansic_decode(const char *s, size_t n, struct sbx_buf *out)
{
	static const char esc[] = "a\ab\be\033E\033f\fn\nr\rt\tv\v\\\\''\"\"??";
	unsigned long v;

	for (size_t i = 0; i < n;) {
		int c = (unsigned char)s[i++];
		const char *e;

		if (c != '\\' || i >= n) {
			if (!c)
				return;
			buf_putc(out, (char)c);
			continue;
		}
		c = (unsigned char)s[i++];
		e = c ? strchr(esc, c) : NULL;
		if (e && (e - esc) % 2 == 0) {
			v = (unsigned char)e[1];
		} else if (c >= '0' && c <= '7') {
			i--;
			digits(s, n, &i, 8, 3, &v);
			v &= 0xff;
		} else if (c == 'x' || c == 'u' || c == 'U') {
			if (!digits(s, n, &i, 16,
				    c == 'x'   ? 2
				    : c == 'u' ? 4
					       : 8,
				    &v)) {
				buf_putc(out, '\\');
				buf_putc(out, (char)c);
				continue;
			}
			if (!v)
				return;
			if (c != 'x') {
				if (v < 0x110000)
					buf_put_utf8(out, v);
				continue;
			}
		} else if (c == 'c' && i < n) {
			c = (unsigned char)s[i++];
			v = c == '?' ? 0x7f
				     : (unsigned long)(toupper(c) & 0x1f);
		} else {
			buf_putc(out, '\\');
			buf_putc(out, (char)c);
			continue;
		}
		if (!v)
			return;
		buf_putc(out, (char)v);
	}
}
