/* core/gitcache.c — the git scan cache's file format (gitcache.h). Pure,
 * no allocation. */
#include "gitcache.h"

#include <errno.h>
#include <string.h>

static void put(struct gcache_out *o, const char *s, size_t n)
{
	if (o->overflow || o->len + n > o->cap) {
		o->overflow = true;
		return;
	}
	memcpy(o->b + o->len, s, n);
	o->len += n;
}

static void str(struct gcache_out *o, const char *s)
{
	put(o, s, strlen(s));
}

/* |v| in decimal, then |sep|. */
static void num(struct gcache_out *o, uint64_t v, char sep)
{
	char b[24];
	int k = sizeof(b);

	b[--k] = sep;
	do
		b[--k] = (char)('0' + v % 10);
	while ((v /= 10) && k > 0);
	put(o, b + k, sizeof(b) - (size_t)k);
}

static char kind_char(enum gm_kind k)
{
	return k == GM_FILE   ? 'f'
	       : k == GM_DIR  ? 'd'
	       : k == GM_LINK ? 'l'
			      : 'o';
}

bool gcache_header(struct gcache_out *o, uint64_t dev, uint64_t ino,
		   const char *root)
{
	if (strchr(root, '\n'))
		return false;
	str(o, "sbxsh-gitscan 1 ");
	num(o, dev, ' ');
	num(o, ino, ' ');
	str(o, root);
	put(o, "\n", 1);
	return true;
}

bool gcache_header_matches(const struct gcache_out *o, const char *in,
			   size_t inlen)
{
	return !o->overflow && inlen >= o->len && !memcmp(in, o->b, o->len);
}

bool gcache_dir(struct gcache_out *o, const char *name,
		const struct gcache_stamp *st)
{
	if (strchr(name, '\n'))
		return false;
	str(o, "d ");
	num(o, st->ino, ' ');
	num(o, st->mtime_s, ' ');
	num(o, st->mtime_ns, ' ');
	num(o, st->ctime_s, ' ');
	num(o, st->ctime_ns, ' ');
	str(o, name);
	put(o, "\n", 1);
	return true;
}

bool gcache_repo(struct gcache_out *o, enum gm_kind k, const char *rel,
		 size_t n)
{
	if (memchr(rel, '\n', n))
		return false;
	str(o, "r ");
	put(o, &(char){kind_char(k)}, 1);
	put(o, " ", 1);
	if (n == 0)
		put(o, ".", 1);
	else
		put(o, rel, n);
	put(o, "\n", 1);
	return true;
}

/* Parses a decimal number at *p, then one space. A number too large
 * for 64 bits is refused, not wrapped: it would compare equal to
 * another. */
static bool parse(const char **p, const char *end, uint64_t *v)
{
	const char *q = *p;

	*v = 0;
	if (q >= end || *q < '0' || *q > '9')
		return false;
	while (q < end && *q >= '0' && *q <= '9') {
		uint64_t d = (uint64_t)(*q++ - '0');

		if (*v > (UINT64_MAX - d) / 10)
			return false;
		*v = *v * 10 + d;
	}
	if (q >= end || *q != ' ')
		return false;
	*p = q + 1;
	return true;
}

const char *gcache_find(const char *in, const char *end, const char *name)
{
	size_t nl = strlen(name);

	for (const char *l = in; l && l < end;) {
		const char *e = memchr(l, '\n', (size_t)(end - l));
		const char *p = l + 2;
		uint64_t v;
		int k;

		if (!e)
			break;
		if (e - l >= 2 && l[0] == 'd' && l[1] == ' ') {
			for (k = 0; k < 5 && parse(&p, e, &v); k++)
				;
			if (k == 5 && (size_t)(e - p) == nl &&
			    !memcmp(p, name, nl))
				return l;
		}
		l = e + 1;
	}
	return NULL;
}

bool gcache_same(const char *l, const char *end, const struct gcache_stamp *st)
{
	const char *p = l + 2;
	uint64_t v[5];

	for (int k = 0; k < 5; k++)
		if (!parse(&p, end, &v[k]))
			return false;
	return v[0] == st->ino && v[1] == st->mtime_s && v[2] == st->mtime_ns &&
	       v[3] == st->ctime_s && v[4] == st->ctime_ns;
}

int gcache_next_repo(const char **l, const char *end, char *rel, size_t cap)
{
	const char *p = *l, *e;
	size_t n;

	if (p >= end || p[0] == 'd')
		return 0; /* the next block, or the end */
	e = memchr(p, '\n', (size_t)(end - p));
	if (!e || e - p < 5 || p[0] != 'r' || p[1] != ' ' || p[3] != ' ' ||
	    !memchr("fdlo", p[2], 4))
		return -EINVAL;
	n = (size_t)(e - p - 4);
	if (n + 1 > cap || memchr(p + 4, '/', n) || memchr(p + 4, '\0', n) ||
	    (n == 2 && !memcmp(p + 4, "..", 2)))
		return -EINVAL;
	memcpy(rel, p + 4, n);
	rel[n] = '\0';
	*l = e + 1;
	return 1;
}
