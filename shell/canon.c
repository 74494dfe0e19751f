/* shell/canon.c — symlink canonicalization for the policy and the checker.
 *
 * One readlink() per path component, as glibc's realpath() does, but with
 * an optional memo of the prefixes already resolved: opening a session
 * canonicalizes some forty paths that share a handful of prefixes (/tmp,
 * the workspace, $HOME), and without the memo that was ~120 readlinks, a
 * tenth of the start-up time. The memo is only ever used while the session
 * opens (nothing else changes the disk then); during the session, paths
 * are resolved afresh (ctx NULL), as commands keep changing the disk.
 */
#include "canon.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sbx.h"

enum { CANON_MAX_LINKS = 40 }; /* the kernel's own limit (ELOOP) */

void canon_memo_free(struct canon_memo *m)
{
	if (!m)
		return;
	strv_free(&m->keys);
	strv_free(&m->vals);
	free(m->hash);
	m->hash = NULL;
}

void canon_memo_forget_absent(struct canon_memo *m)
{
	size_t k = 0;

	if (!m)
		return;
	for (size_t i = 0; i < m->keys.n; i++) {
		if (!*m->vals.v[i]) {
			free(m->keys.v[i]);
			free(m->vals.v[i]);
			continue;
		}
		m->keys.v[k] = m->keys.v[i];
		m->hash[k] = m->hash[i];
		m->vals.v[k++] = m->vals.v[i];
	}
	m->keys.n = m->vals.n = k;
}

/* Cuts |b| back to |n| bytes (an empty buffer stays empty). */
static void buf_cut(struct sbx_buf *b, size_t n)
{
	if (b->s && n <= b->len) {
		b->len = n;
		b->s[n] = '\0';
	}
}

static void buf_set(struct sbx_buf *b, const char *s)
{
	buf_cut(b, 0);
	buf_puts(b, s);
}

/* The value of a prefix known not to exist (ENOENT, ENOTDIR): "" (a
 * resolved one always starts with '/'). */
static const char memo_absent[] = "";

static unsigned long memo_hash(const char *p)
{
	unsigned long h = 14695981039346656037UL; /* FNV-1a */

	while (*p)
		h = (h ^ (unsigned char)*p++) * 1099511628211UL;
	return h;
}

static const char *memo_find(const struct canon_memo *m, const char *p,
			     unsigned long h)
{
	for (size_t i = 0; i < m->keys.n; i++)
		if (m->hash[i] == h && strcmp(m->keys.v[i], p) == 0)
			return m->vals.v[i];
	return NULL;
}

static const char *memo_get(const struct canon_memo *m, const char *p)
{
	return m ? memo_find(m, p, memo_hash(p)) : NULL;
}

static void memo_put(struct canon_memo *m, const char *p, const char *r)
{
	unsigned long h;

	if (!m)
		return;
	h = memo_hash(p);
	if (memo_find(m, p, h))
		return;
	strv_push(&m->keys, p);
	strv_push(&m->vals, r);
	/* keys.cap grew with the push: the hashes follow it. */
	m->hash = xrealloc(m->hash, m->keys.cap * sizeof(*m->hash));
	m->hash[m->keys.n - 1] = h;
}

/* Resolves the folded absolute |p| component by component into |out| (a
 * canonical existing prefix) and returns the offset in |p| of the first
 * component that could not be resolved (strlen(p) if all were). A
 * symlink's target is resolved the same way, recursively. */
static size_t walk(struct canon_memo *m, const char *p, struct sbx_buf *out,
		   int *links)
{
	size_t i = 0, n = strlen(p);

	buf_cut(out, 0);
	while (i < n) {
		size_t j = i + 1, start = i;
		const char *hit;
		char tgt[PATH_MAX];
		ssize_t tl;

		while (j < n && p[j] != '/')
			j++;
		if (out->len == 1)
			buf_cut(out, 0); /* a link to "/" resolved to "/" */
		buf_putn(out, p + i, j - i);
		i = j;
		/* Memo keys are canonical prefixes, values what they resolve
		 * to: for an existing non-link the same string. */
		hit = memo_get(m, out->s);
		if (hit && !*hit) {
			buf_cut(out, out->len - (j - start));
			return start;
		}
		if (hit) {
			if (strcmp(hit, out->s) != 0)
				buf_set(out, hit); /* |hit| is the memo's */
			continue;
		}
		tl = readlink(out->s, tgt, sizeof(tgt) - 1);
		if (tl < 0) {
			if (errno == EINVAL) { /* exists, not a link */
				memo_put(m, out->s, out->s);
				continue;
			}
			/* ENOENT, ENOTDIR, EACCES...: the rest stays as it is.
			 * Drop the component we could not resolve. An absent
			 * one is remembered: ~/.cargo/registry and ~/.cargo/git
			 * ask about the same missing ~/.cargo. */
			if (m && (errno == ENOENT || errno == ENOTDIR))
				memo_put(m, out->s, memo_absent);
			buf_cut(out, out->len - (j - start));
			return start;
		}
		tgt[tl] = '\0';
		buf_cut(out, out->len - (j - start));
		/* A target that filled the buffer may be cut: as realpath()
		 * (ENAMETOOLONG), stop at the link. So does a loop. */
		if ((size_t)tl >= sizeof(tgt) - 1 || ++*links > CANON_MAX_LINKS)
			return start;
		{
			SBX_AUTOFREE char *key = xasprintf(
			    "%s%.*s", out->s ? out->s : "", (int)(j - start),
			    p + start);
			SBX_AUTOFREE char *abs = tgt[0] == '/'
			    ? xstrdup(tgt)
			    : path_join(out->len ? out->s : "/", tgt);
			SBX_AUTOFREE char *folded = path_fold(abs);
			const char *t = folded ? folded : abs;
			struct sbx_buf sub = {0};
			size_t stop = walk(m, t, &sub, links);

			if (t[stop] != '\0') {
				/* A dangling link (or a loop): like realpath(),
				 * the walk stops at the link itself. */
				buf_free(&sub);
				return start;
			}
			buf_set(out, sub.len ? sub.s : "/");
			buf_free(&sub);
			memo_put(m, key, out->s);
		}
	}
	return n;
}

char *sh_canon(void *ctx, const char *path)
{
	(void)ctx; /* the checker's ctx is its own, never a memo */
	return sh_canon_memo(NULL, path);
}

char *sh_canon_memo(void *memo, const char *path)
{
	SBX_AUTOFREE char *p = path_fold(path);
	struct sbx_buf out = {0};
	int links = 0;
	size_t stop;
	char *r;

	if (!p)
		return xstrdup(path);
	stop = walk(memo, p, &out, &links);
	/* An existing prefix, canonical, then the rest as it was given. */
	if (!out.len || strcmp(out.s, "/") == 0) {
		r = xstrdup(p[stop] ? p + stop : "/");
	} else {
		size_t rest = strlen(p + stop);

		r = xmalloc(out.len + rest + 1);
		memcpy(r, out.s, out.len);
		memcpy(r + out.len, p + stop, rest + 1);
	}
	buf_free(&out);
	return r;
}

bool sh_is_dir(void *ctx, const char *path)
{
	struct stat st;

	(void)ctx;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bool sh_is_dir_memo(void *memo, const char *path)
{
	const struct canon_memo *m = memo;

	/* A path the memo saw missing, or beneath one, is no folder: the
	 * policy asks about the same cache folders it just resolved. */
	for (size_t i = 0; m && i < m->keys.n; i++)
		if (!*m->vals.v[i] &&
		    path_under(m->keys.v[i], path))
			return false;
	return sh_is_dir(NULL, path);
}
