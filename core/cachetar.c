/* core/cachetar.c — .sandbox-cache rows, ustar headers, archive rules.
 * Pure.
 *
 * The archive format is POSIX ustar with pax extended headers for names
 * longer than ustar holds: what GNU tar, bsdtar and busybox tar read.
 * Written here rather than run through tar(1) so that what an import
 * accepts is decided by these few rules, not by the flags of whichever
 * tar the machine has (GNU tar follows a symlink it extracted earlier
 * unless told --no-overwrite-dir / --keep-directory-symlink ...).
 */
#include "cachetar.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "route.h"

static char *first_component(const char *sub)
{
	const char *pct = strstr(sub, "%s/");
	const char *s = pct ? pct + 3 : sub;
	const char *slash;

	slash = strchr(s, '/');
	return slash ? xstrndup(s, (size_t)(slash - s)) : xstrdup(s);
}

void ct_rows_make(struct ct_rows *out)
{
	memset(out, 0, sizeof(*out));
	out->v = xcalloc(rt_table_len, sizeof(*out->v));
	for (size_t i = 0; i < rt_table_len; i++) {
		const struct rt_row *r = &rt_table[i];
		SBX_AUTOFREE char *dir = NULL;
		size_t k;

		if (!r->sub || r->sub[0] == '=' || r->sub == RT_RUN_TMP)
			continue;
		dir = first_component(r->sub);
		for (k = 0; k < out->n; k++)
			if (!strcmp(out->v[k].dir, dir))
				break;
		if (k == out->n) {
			out->v[k].dir = sbx_steal(&dir);
			out->n++;
		} else {
			buf_puts(&out->v[k].vars, ", ");
		}
		buf_puts(&out->v[k].vars, r->name);
	}
}

void ct_rows_free(struct ct_rows *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->v[i].dir);
		buf_free(&r->v[i].vars);
	}
	free(r->v);
	memset(r, 0, sizeof(*r));
}

bool ct_matches(const struct ct_row *r, const char *name)
{
	size_t n = strlen(name);
	const char *v = r->vars.s;

	if (!n)
		return false;
	if (!strncmp(r->dir, name, n) &&
	    (!r->dir[n] || r->dir[n] == '-'))
		return true;
	/* a variable name, whole, in the "A, B" list */
	while (v && *v) {
		const char *e = strchr(v, ',');
		size_t l = e ? (size_t)(e - v) : strlen(v);

		if (l == n && !strncasecmp(v, name, n))
			return true;
		v = e ? e + 2 : NULL;
	}
	return false;
}

bool ct_name_ok(const char *name, const char **why)
{
	const char *p = name;

	if (!*name) {
		*why = "an empty name";
		return false;
	}
	if (*name == '/') {
		*why = "an absolute path";
		return false;
	}
	while (*p) {
		const char *e = strchr(p, '/');
		size_t l = e ? (size_t)(e - p) : strlen(p);

		if (l == 2 && !strncmp(p, "..", 2)) {
			*why = "a '..' component";
			return false;
		}
		p += l;
		while (*p == '/')
			p++;
	}
	return true;
}

bool ct_link_ok(const char *name, const char *target, const char **why)
{
	int depth = 0, ups = 0;
	bool down = false;
	const char *p;

	if (!*target) {
		*why = "a symlink with an empty target";
		return false;
	}
	if (*target == '/') {
		*why = "a symlink to an absolute path";
		return false;
	}
	/* the folders above the link inside the archive */
	for (p = name; *p; p++)
		if (*p == '/' && p[1] && p[1] != '/')
			depth++;
	for (p = target; *p;) {
		const char *e = strchr(p, '/');
		size_t l = e ? (size_t)(e - p) : strlen(p);

		if (l == 2 && !strncmp(p, "..", 2)) {
			if (down) {
				*why = "a symlink with '..' after another "
				       "component";
				return false;
			}
			if (++ups > depth) {
				*why = "a symlink out of the folder";
				return false;
			}
		} else if (l && !(l == 1 && *p == '.')) {
			down = true;
		}
		p += l;
		while (*p == '/')
			p++;
	}
	return true;
}

static void octal(char *f, size_t w, uint64_t v)
{
	/* w-1 digits and a NUL, as ustar has them (a bigger value is cut
	 * to its low digits: sizes here stay far below 8 GiB) */
	f[w - 1] = 0;
	for (size_t i = w - 1; i-- > 0; v >>= 3)
		f[i] = (char)('0' + (v & 7));
}

static void checksum(unsigned char *h)
{
	unsigned sum = 0;

	memset(h + 148, ' ', 8);
	for (int i = 0; i < 512; i++)
		sum += h[i];
	snprintf((char *)h + 148, 8, "%06o", sum);
	h[155] = ' ';
}

static void raw_header(struct sbx_buf *out, const char *name, char type,
		       uint64_t size, unsigned mode, int64_t mtime,
		       const char *link)
{
	unsigned char h[512] = { 0 };

	memcpy(h, name, strnlen(name, 100));
	octal((char *)h + 100, 8, mode & 07777);
	octal((char *)h + 108, 8, 0);
	octal((char *)h + 116, 8, 0);
	octal((char *)h + 124, 12, size);
	octal((char *)h + 136, 12, mtime < 0 ? 0 : (uint64_t)mtime);
	h[156] = (unsigned char)type;
	if (link)
		memcpy(h + 157, link, strnlen(link, 100));
	memcpy(h + 257, "ustar", 6);
	memcpy(h + 263, "00", 2);
	checksum(h);
	buf_putn(out, (const char *)h, 512);
}

/* "%d path=...\n", where %d counts its own digits. */
static void pax_record(struct sbx_buf *b, const char *key, const char *val)
{
	size_t body = strlen(key) + strlen(val) + 3, n = body + 1;

	while (snprintf(NULL, 0, "%zu", n) + body != n)
		n = snprintf(NULL, 0, "%zu", n) + body;
	buf_printf(b, "%zu %s=%s\n", n, key, val);
}

void ct_header(const struct ct_member *m, struct sbx_buf *out)
{
	char type = m->type == CT_DIR ? '5' : m->type == CT_SYMLINK ? '2'
								  : '0';
	SBX_AUTOFREE char *name = m->type == CT_DIR
					  ? xasprintf("%s/", m->name)
					  : xstrdup(m->name);
	bool longname = strlen(name) >= 100;
	bool longlink = m->type == CT_SYMLINK && strlen(m->link) >= 100;

	if (longname || longlink) {
		struct sbx_buf pax = { 0 };

		if (longname)
			pax_record(&pax, "path", name);
		if (longlink)
			pax_record(&pax, "linkpath", m->link);
		raw_header(out, "././@PaxHeader", 'x', pax.len, 0644, m->mtime,
			   NULL);
		buf_putn(out, pax.s, pax.len);
		for (size_t pad = (512 - pax.len % 512) % 512; pad; pad--)
			buf_putc(out, 0);
		buf_free(&pax);
	}
	raw_header(out, name, type, m->type == CT_FILE ? m->size : 0, m->mode,
		   m->mtime, m->type == CT_SYMLINK ? m->link : NULL);
}

static uint64_t parse_octal(const unsigned char *f, size_t w, bool *ok)
{
	uint64_t v = 0;
	size_t i = 0;

	while (i < w && (f[i] == ' ' || f[i] == 0))
		i++;
	for (; i < w && f[i] >= '0' && f[i] <= '7'; i++)
		v = v * 8 + (uint64_t)(f[i] - '0');
	for (; i < w; i++)
		if (f[i] != ' ' && f[i] != 0)
			*ok = false;
	return v;
}

void ct_pax(const char *body, size_t n, char *path, size_t pn, char *link,
	    size_t ln)
{
	size_t i = 0;

	while (i < n) {
		char *end;
		unsigned long len = strtoul(body + i, &end, 10);
		const char *kv, *eq;

		if (end == body + i || *end != ' ' || len == 0 || len > n - i)
			return;
		kv = end + 1;
		eq = memchr(kv, '=', (size_t)(body + i + len - kv));
		if (eq) {
			size_t vl = (size_t)(body + i + len - 1 - (eq + 1));
			size_t kl = (size_t)(eq - kv);
			char *dst = kl == 4 && !strncmp(kv, "path", 4) ? path
				    : kl == 8 && !strncmp(kv, "linkpath", 8)
					? link
					: NULL;
			size_t cap = dst == path ? pn : ln;

			if (dst && vl < cap) {
				memcpy(dst, eq + 1, vl);
				dst[vl] = 0;
			}
		}
		i += len;
	}
}

int ct_parse(const unsigned char blk[512], const char *pax_path,
	     const char *pax_link, struct ct_member *m, const char **why)
{
	unsigned sum = 0, want;
	bool ok = true, zero = true;
	char name[256 + 2] = { 0 };
	size_t nl;

	for (int i = 0; i < 512; i++)
		zero &= !blk[i];
	if (zero)
		return 0;
	for (int i = 0; i < 512; i++)
		sum += i >= 148 && i < 156 ? ' ' : blk[i];
	want = (unsigned)parse_octal(blk + 148, 8, &ok);
	if (!ok || sum != want) {
		*why = "a header with a bad checksum (not a tar archive?)";
		return -EINVAL;
	}
	memset(m, 0, sizeof(*m));
	m->typeflag = (char)blk[156];
	m->size = parse_octal(blk + 124, 12, &ok);
	m->mode = (unsigned)parse_octal(blk + 100, 8, &ok);
	m->mtime = (int64_t)parse_octal(blk + 136, 12, &ok);
	if (!ok) {
		*why = "a header with a malformed number";
		return -EINVAL;
	}
	if (pax_path && *pax_path) {
		snprintf(m->name, sizeof(m->name), "%s", pax_path);
	} else {
		if (!memcmp(blk + 257, "ustar", 5) && blk[345])
			snprintf(name, sizeof(name), "%.155s/", blk + 345);
		nl = strlen(name);
		memcpy(name + nl, blk, strnlen((const char *)blk, 100));
		snprintf(m->name, sizeof(m->name), "%s", name);
	}
	if (pax_link && *pax_link)
		snprintf(m->link, sizeof(m->link), "%s", pax_link);
	else
		memcpy(m->link, blk + 157, strnlen((const char *)blk + 157, 100));
	switch (m->typeflag) {
	case '0':
	case '\0':
	case '7':
		m->type = CT_FILE;
		break;
	case '5':
		m->type = CT_DIR;
		break;
	case '2':
		m->type = CT_SYMLINK;
		break;
	default:
		m->type = CT_OTHER;
	}
	/* "./a/b/" → "a/b" */
	while (!strncmp(m->name, "./", 2))
		memmove(m->name, m->name + 2, strlen(m->name + 2) + 1);
	nl = strlen(m->name);
	while (nl > 1 && m->name[nl - 1] == '/')
		m->name[--nl] = 0;
	return 1;
}
