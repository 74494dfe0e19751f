/* core/cachetar.c — .sandbox-cache rows and the rules an imported
 * archive's members must keep. Pure.
 *
 * Reading and writing tar (and gzip) is libarchive's job
 * (shell/session/cache.c): a well-kept library for a solved and attack-prone
 * format. What an import accepts is decided here, member by member, not by
 * libarchive's extraction flags nor by whichever tar(1) the machine has (GNU
 * tar follows a symlink it extracted earlier unless told
 * --no-overwrite-dir / --keep-directory-symlink ...).
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
	if (!strncmp(r->dir, name, n) && (!r->dir[n] || r->dir[n] == '-'))
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

int ct_norm(const char *name, char *out, size_t n, const char **why)
{
	const char *p = name;
	size_t len = 0;

	if (!*name) {
		*why = "unnamed (an empty name)";
		return -EINVAL;
	}
	if (*name == '/') {
		*why = "an absolute path";
		return -EINVAL;
	}
	/* Each component once, "" and "." dropped: depth and duplicates
	 * are counted on this form ("a/./././b" is "a/b", one folder deep,
	 * not five). */
	while (*p) {
		const char *e = strchr(p, '/');
		size_t l = e ? (size_t)(e - p) : strlen(p);

		if (l == 2 && !strncmp(p, "..", 2)) {
			*why = "a '..' component";
			return -EINVAL;
		}
		if (l && !(l == 1 && *p == '.')) {
			if (len + !!len + l + 1 > n) {
				*why = "a name too long";
				return -EINVAL;
			}
			if (len)
				out[len++] = '/';
			memcpy(out + len, p, l);
			len += l;
		}
		p += l;
		while (*p == '/')
			p++;
	}
	if (!len) {
		/* "." or "./": the cache folder itself. Extracting it would
		 * replace (remove) the whole folder. */
		*why = "named '.' (the folder itself)";
		return -EINVAL;
	}
	out[len] = 0;
	return 0;
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
	/* the folders above the link inside the archive: |name| is
	 * normalised (ct_norm), so every '/' is one real folder */
	for (p = name; *p; p++)
		if (*p == '/')
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

static size_t hash(const char *s, size_t l)
{
	size_t h = 1469598103934665603ull;

	for (size_t i = 0; i < l; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	return h;
}

/* The slot of the first |l| bytes of |name|: its entry, or the empty
 * slot where it goes. */
static struct ct_ent *slot(struct ct_seen *s, const char *name, size_t l)
{
	size_t i = hash(name, l) & (s->cap - 1);

	while (s->v[i].name &&
	       (strlen(s->v[i].name) != l || strncmp(s->v[i].name, name, l)))
		i = (i + 1) & (s->cap - 1);
	return &s->v[i];
}

static struct ct_ent *put(struct ct_seen *s, const char *name, size_t l,
			  enum ct_kind kind)
{
	struct ct_ent *e;

	if (2 * (s->n + 1) > s->cap) {
		struct ct_seen g = {0};

		g.cap = s->cap ? 2 * s->cap : 256;
		g.v = xcalloc(g.cap, sizeof(*g.v));
		for (size_t i = 0; i < s->cap; i++)
			if (s->v[i].name)
				*slot(&g, s->v[i].name, strlen(s->v[i].name)) =
				    s->v[i];
		free(s->v);
		s->v = g.v;
		s->cap = g.cap;
	}
	e = slot(s, name, l);
	e->name = xstrndup(name, l);
	e->kind = kind;
	s->n++;
	return e;
}

static struct ct_ent *find(struct ct_seen *s, const char *name, size_t l)
{
	struct ct_ent *e;

	if (!s->cap)
		return NULL;
	e = slot(s, name, l);
	return e->name ? e : NULL;
}

void ct_seen_free(struct ct_seen *s)
{
	for (size_t i = 0; i < s->cap; i++)
		free(s->v[i].name);
	free(s->v);
	memset(s, 0, sizeof(*s));
}

static const char *type_refused(enum ct_type type)
{
	switch (type) {
	case CT_FILE:
	case CT_DIR:
	case CT_SYMLINK:
		return NULL;
	case CT_HARDLINK:
		/* a hard link to a file outside the archive would share its
		 * inode: a later write through the cache writes it */
		return "a hard link";
	case CT_DEVICE:
		return "a device node";
	case CT_FIFO:
		return "a fifo";
	case CT_SOCKET:
		return "a socket";
	default:
		return "an unknown member type";
	}
}

int ct_check(struct ct_seen *s, const char *name, enum ct_type type,
	     const char *link, unsigned mode, int64_t mtime, char *norm,
	     size_t nn, const char **why)
{
	struct ct_ent *e;
	size_t len;

	if ((*why = type_refused(type)))
		return -EINVAL;
	if (ct_norm(name, norm, nn, why) < 0)
		return -EINVAL;
	if (type == CT_SYMLINK && !ct_link_ok(norm, link ? link : "", why))
		return -EINVAL;
	len = strlen(norm);
	/* Every folder above the member: never one the archive made a
	 * symlink (extraction would walk through it, out of the folder)
	 * or a file. */
	for (size_t i = 0; i < len; i++) {
		if (norm[i] != '/')
			continue;
		e = find(s, norm, i);
		if (!e) {
			put(s, norm, i, CT_K_IMPLICIT)->mode = 0755;
		} else if (e->kind == CT_K_LINK) {
			*why = "beneath a symlink of the archive";
			return -EINVAL;
		} else if (e->kind == CT_K_FILE) {
			*why = "beneath a file of the archive";
			return -EINVAL;
		}
	}
	e = find(s, norm, len);
	if (e && (e->kind != CT_K_IMPLICIT || type != CT_DIR)) {
		/* A second member of one name replaces the first: a
		 * symlink swapped in for a folder other members filled, or
		 * a file for a checked symlink. */
		*why = e->kind == CT_K_IMPLICIT
			   ? "a folder of earlier members given again as "
			     "a non-folder"
			   : "a duplicate member";
		return -EINVAL;
	}
	if (!e)
		e = put(s, norm, len, CT_K_IMPLICIT);
	e->kind = type == CT_DIR       ? CT_K_DIR
		  : type == CT_SYMLINK ? CT_K_LINK
				       : CT_K_FILE;
	e->mode = mode & 0777;
	e->mtime = mtime;
	return 0;
}
