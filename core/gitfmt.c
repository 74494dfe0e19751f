/* core/gitfmt.c — the formats of the files git reads, as git reads them
 * (setup.c, config.c): a ".git" file, a commondir file, a config file
 * (gitfmt.h). Pure, and no allocation: the end-of-session check runs
 * them in a signal handler. */
#include "gitfmt.h"

#include <errno.h>
#include <string.h>

#include "sbx.h"

/* --- parsers: no allocation ---------------------------------------------- */

static size_t strip_crlf(const char *buf, size_t len)
{
	while (len && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
		len--;
	return len;
}

int gm_gitfile_path(const char *buf, size_t len, size_t *off, size_t *plen)
{
	static const char pfx[] = "gitdir: ";

	if (len < sizeof(pfx) - 1 || memcmp(buf, pfx, sizeof(pfx) - 1) != 0)
		return -EINVAL;
	len = strip_crlf(buf, len);
	if (len < sizeof(pfx))
		return -ENOENT;
	if (memchr(buf, '\0', len))
		return -EINVAL; /* git's C string ends there: not a path */
	*off = sizeof(pfx) - 1;
	*plen = len - *off;
	return 0;
}

int gm_commondir_path(const char *buf, size_t len, size_t *plen)
{
	len = strip_crlf(buf, len);
	if (!len || memchr(buf, '\0', len))
		return -EINVAL;
	*plen = len;
	return 0;
}

int gm_join(char *out, size_t cap, const char *base, const char *rel,
	    size_t rlen)
{
	size_t bl = rel[0] == '/' ? 0 : strlen(base);

	/* base + "/" + rel, then folded in place (path_fold's rules). */
	if (bl + 1 + rlen + 1 > cap || (bl && base[0] != '/'))
		return -ENAMETOOLONG;
	memcpy(out, base, bl);
	out[bl] = '/';
	memcpy(out + bl + 1, rel, rlen);
	out[bl + 1 + rlen] = '\0';
	path_fold_inplace(out);
	return 0;
}

/* --- the config format (git's config.c) ---------------------------------- */

void gm_cfg_init(struct gm_cfg *c, const char *s, size_t len)
{
	memset(c, 0, sizeof(*c));
	c->s = s;
	c->len = len;
	/* A UTF-8 byte order mark is skipped, as git does. */
	if (len >= 3 && (unsigned char)s[0] == 0xef &&
	    (unsigned char)s[1] == 0xbb && (unsigned char)s[2] == 0xbf)
		c->i = 3;
}

/* git's get_next_char(): CRLF is one newline, the end is a newline. */
static int next_ch(struct gm_cfg *c, bool *eof)
{
	int ch;

	if (c->i >= c->len) {
		*eof = true;
		return '\n';
	}
	ch = (unsigned char)c->s[c->i++];
	if (ch == '\r' && c->i < c->len && c->s[c->i] == '\n')
		ch = (unsigned char)c->s[c->i++];
	return ch;
}

static bool is_space(int ch)
{
	return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' ||
	       ch == '\v' || ch == '\f';
}

static bool is_alpha(int ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

static bool is_keych(int ch)
{
	return is_alpha(ch) || (ch >= '0' && ch <= '9') || ch == '-';
}

static int lower(int ch)
{
	return ch >= 'A' && ch <= 'Z' ? ch + 32 : ch;
}

static void put(char *b, size_t cap, size_t *n, int ch, bool *trunc)
{
	if (*n + 1 < cap)
		b[(*n)++] = (char)ch;
	else
		*trunc = true;
}

/* After "[": the section (and subsection). 0, or -EINVAL. */
static int cfg_section(struct gm_cfg *c, bool *trunc)
{
	size_t n = 0, sn = 0;
	bool eof = false;
	int ch;

	c->sub[0] = '\0';
	for (;;) {
		ch = next_ch(c, &eof);
		if (eof)
			return -EINVAL;
		if (ch == ']')
			break;
		if (is_space(ch)) {
			/* [section "subsection"]: case kept, \x is x. */
			do
				ch = next_ch(c, &eof);
			while (!eof && is_space(ch) && ch != '\n');
			if (ch != '"')
				return -EINVAL;
			for (;;) {
				ch = next_ch(c, &eof);
				if (eof || ch == '\n')
					return -EINVAL;
				if (ch == '"')
					break;
				if (ch == '\\') {
					ch = next_ch(c, &eof);
					if (eof || ch == '\n')
						return -EINVAL;
				}
				put(c->sub, sizeof(c->sub), &sn, ch, trunc);
			}
			if (next_ch(c, &eof) != ']')
				return -EINVAL;
			break;
		}
		if (!is_keych(ch) && ch != '.')
			return -EINVAL;
		put(c->section, sizeof(c->section), &n, lower(ch), trunc);
	}
	c->section[n] = '\0';
	c->sub[sn] = '\0';
	if (!sn) {
		/* [section.sub], the old form: the sub is lower case too. */
		char *dot = strchr(c->section, '.');

		if (dot) {
			size_t k = strlen(dot + 1);

			if (k + 1 > sizeof(c->sub))
				k = sizeof(c->sub) - 1;
			memcpy(c->sub, dot + 1, k);
			c->sub[k] = '\0';
			*dot = '\0';
		}
	}
	return n ? 0 : -EINVAL;
}

/* git's parse_value(). 0, or -EINVAL. */
static int cfg_value(struct gm_cfg *c, struct gm_cfg_kv *kv)
{
	bool quote = false, comment = false, eof = false;
	size_t n = 0, space = 0;

	for (;;) {
		int ch = next_ch(c, &eof);

		if (ch == '\n') {
			if (quote)
				return -EINVAL;
			break;
		}
		if (comment)
			continue;
		if (is_space(ch) && !quote) {
			if (n)
				space++;
			continue;
		}
		if (!quote && (ch == ';' || ch == '#')) {
			comment = true;
			continue;
		}
		for (; space; space--)
			put(kv->value, sizeof(kv->value), &n, ' ',
			    &kv->truncated);
		if (ch == '\\') {
			ch = next_ch(c, &eof);
			switch (ch) {
			case '\n': /* a continued line */
				continue;
			case 't':
				ch = '\t';
				break;
			case 'b':
				ch = '\b';
				break;
			case 'n':
				ch = '\n';
				break;
			case '\\':
			case '"':
				break;
			default:
				return -EINVAL;
			}
			put(kv->value, sizeof(kv->value), &n, ch,
			    &kv->truncated);
			continue;
		}
		if (ch == '"') {
			quote = !quote;
			continue;
		}
		put(kv->value, sizeof(kv->value), &n, ch, &kv->truncated);
	}
	kv->value[n] = '\0';
	return 0;
}

int gm_cfg_next(struct gm_cfg *c, struct gm_cfg_kv *kv)
{
	bool comment = false, eof = false;

	for (;;) {
		int ch = next_ch(c, &eof);
		size_t n = 0;

		if (eof)
			return 0;
		if (ch == '\n') {
			comment = false;
			continue;
		}
		if (comment || is_space(ch))
			continue;
		if (ch == '#' || ch == ';') {
			comment = true;
			continue;
		}
		kv->truncated = false;
		if (ch == '[') {
			c->section[0] = '\0';
			if (cfg_section(c, &kv->truncated) < 0)
				return -EINVAL;
			continue;
		}
		if (!is_alpha(ch) || !c->section[0])
			return -EINVAL;
		put(kv->name, sizeof(kv->name), &n, lower(ch), &kv->truncated);
		for (;;) {
			ch = next_ch(c, &eof);
			if (eof || !is_keych(ch))
				break;
			put(kv->name, sizeof(kv->name), &n, lower(ch),
			    &kv->truncated);
		}
		kv->name[n] = '\0';
		while (ch == ' ' || ch == '\t')
			ch = next_ch(c, &eof);
		memcpy(kv->section, c->section, sizeof(kv->section));
		memcpy(kv->sub, c->sub, sizeof(kv->sub));
		kv->value[0] = '\0';
		kv->has_value = false;
		if (ch != '\n') {
			if (ch != '=')
				return -EINVAL;
			kv->has_value = true;
			if (cfg_value(c, kv) < 0)
				return -EINVAL;
		}
		return 1;
	}
}
