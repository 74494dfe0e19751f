/* shell/session/canon.c — symlink canonicalization for the policy and the
 * checker.
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

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sbx.h"

enum { CANON_MAX_LINKS = 40 }; /* the kernel's own limit (ELOOP) */

/*
 * A folder read whole (canon_memo_list): its names in one buffer, each
 * as a type byte ('e': exists and is no symlink; 'l': a symlink, or a
 * type the listing did not say) then the name and a NUL, found through
 * an open-addressing index of offsets. One allocation for all the names:
 * a home of a hundred entries is read at every session's start.
 */
struct canon_listing {
	char *dir; /* canonical */
	size_t dlen;
	char *names;
	size_t len;
	unsigned *slot; /* offset of the type byte + 1; 0 empty */
	size_t nslot;	/* a power of two */
};

enum { LIST_MISSING, LIST_EXISTS, LIST_ASK };

static unsigned long name_hash(const char *s, size_t n)
{
	unsigned long h = 14695981039346656037UL; /* FNV-1a */

	while (n--)
		h = (h ^ (unsigned char)*s++) * 1099511628211UL;
	return h;
}

static void lists_free(struct canon_memo *m)
{
	for (size_t i = 0; i < m->nlists; i++) {
		free(m->lists[i].dir);
		free(m->lists[i].names);
		free(m->lists[i].slot);
	}
	free(m->lists);
	m->lists = NULL;
	m->nlists = 0;
}

/* The listing of folder [s, s + len), if it was read whole. */
static const struct canon_listing *listing_of(const struct canon_memo *m,
					      const char *s, size_t len)
{
	for (size_t i = 0; m && len && i < m->nlists; i++)
		if (m->lists[i].dlen == len && !memcmp(m->lists[i].dir, s, len))
			return &m->lists[i];
	return NULL;
}

/* Is [name, name + n) in listing |l|, and how? */
static int listing_has(const struct canon_listing *l, const char *name,
		       size_t n)
{
	size_t mask = l->nslot - 1;

	for (size_t j = name_hash(name, n) & mask; l->slot[j];
	     j = (j + 1) & mask) {
		const char *e = l->names + l->slot[j] - 1;

		if (!strncmp(e + 1, name, n) && !e[1 + n])
			return e[0] == 'e' ? LIST_EXISTS : LIST_ASK;
	}
	return LIST_MISSING;
}

void canon_memo_free(struct canon_memo *m)
{
	if (!m)
		return;
	strv_free(&m->keys);
	strv_free(&m->vals);
	free(m->hash);
	m->hash = NULL;
	free(m->slot);
	m->slot = NULL;
	m->nslot = 0;
	lists_free(m);
	buf_free(&m->last);
}

/* Rebuilds the index for the keys there are, at most half full. */
static void memo_reindex(struct canon_memo *m)
{
	size_t n = 64;

	while (n < m->keys.n * 2 + 2)
		n *= 2;
	free(m->slot);
	m->slot = xcalloc(n, sizeof(*m->slot));
	m->nslot = n;
	for (size_t i = 0; i < m->keys.n; i++) {
		size_t j = m->hash[i] & (n - 1);

		while (m->slot[j])
			j = (j + 1) & (n - 1);
		m->slot[j] = i + 1;
	}
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
	if (m->nslot)
		memo_reindex(m);
	/* A listed folder may hold new entries now. */
	lists_free(m);
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
	if (!m->nslot)
		return NULL;
	for (size_t j = h & (m->nslot - 1); m->slot[j];
	     j = (j + 1) & (m->nslot - 1)) {
		size_t i = m->slot[j] - 1;

		if (m->hash[i] == h && strcmp(m->keys.v[i], p) == 0)
			return m->vals.v[i];
	}
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
	if (m->keys.n * 2 + 2 > m->nslot) {
		memo_reindex(m);
	} else {
		size_t j = h & (m->nslot - 1);

		while (m->slot[j])
			j = (j + 1) & (m->nslot - 1);
		m->slot[j] = m->keys.n;
	}
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
		if (!hit && m && m->nlists) {
			/* The folder read whole: a name it lacks is missing,
			 * one it holds that is no symlink needs no readlink. */
			size_t plen = out->len - (j - start);
			const struct canon_listing *l =
			    listing_of(m, out->s, plen);
			int k =
			    l ? listing_has(l, out->s + plen + 1, j - start - 1)
			      : LIST_ASK;

			if (k == LIST_MISSING) {
				buf_cut(out, plen);
				return start;
			}
			if (k == LIST_EXISTS)
				continue;
		}
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
			SBX_AUTOFREE char *key =
			    xasprintf("%s%.*s", out->s ? out->s : "",
				      (int)(j - start), p + start);
			SBX_AUTOFREE char *abs =
			    tgt[0] == '/'
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

void canon_memo_list(struct canon_memo *m, const char *dir)
{
	union {
		char b[16384];
		struct dirent64 align;
	} buf;
	struct canon_listing l = {0};
	struct sbx_buf names = {0};
	size_t n = 0, nslot = 16;
	long got = 0;
	int fd;

	if (!m || dir[0] != '/' || listing_of(m, dir, strlen(dir)))
		return;
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return;
	while (n <= 2048 &&
	       (got = (long)getdents64(fd, buf.b, sizeof(buf.b))) > 0) {
		for (long off = 0; off < got;) {
			struct dirent64 *e = (struct dirent64 *)(buf.b + off);

			off += e->d_reclen;
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			buf_putc(&names,
				 e->d_type == DT_LNK || e->d_type == DT_UNKNOWN
				     ? 'l'
				     : 'e');
			buf_putn(&names, e->d_name, strlen(e->d_name) + 1);
			n++;
		}
	}
	close(fd);
	/* A listing cut short, or failed, says nothing of what is absent. */
	if (got != 0 || n > 2048) {
		buf_free(&names);
		return;
	}
	while (nslot < 2 * n + 2)
		nslot *= 2;
	l.dir = xstrdup(dir);
	l.dlen = strlen(dir);
	l.names = names.s ? names.s : xstrdup("");
	l.len = names.len;
	l.slot = xcalloc(nslot, sizeof(*l.slot));
	l.nslot = nslot;
	for (size_t off = 0; off < l.len;) {
		const char *e = l.names + off;
		size_t nl = strlen(e + 1);
		size_t j = name_hash(e + 1, nl) & (nslot - 1);

		while (l.slot[j])
			j = (j + 1) & (nslot - 1);
		l.slot[j] = (unsigned)off + 1;
		off += nl + 2;
	}
	m->lists = xrealloc(m->lists, (m->nlists + 1) * sizeof(*m->lists));
	m->lists[m->nlists++] = l;
}

char *sh_canon(void *ctx, const char *path)
{
	(void)ctx; /* the checker's ctx is its own, never a memo */
	return sh_canon_memo(NULL, path);
}

enum known { KNOWN_NOT, KNOWN_EXISTS, KNOWN_MISSING };

/*
 * What the memo knows of folded |p| without a walk or a syscall: that it
 * exists as itself (a canonical path), or that it is missing and so is
 * canonical as typed: its nearest ancestor the memo knows is missing
 * (memo keys are canonical prefixes), or is a canonical folder read whole
 * (canon_memo_list) that does not hold the next component. The credential
 * table asks this of a hundred paths, mostly missing ones under a few
 * folders: one pass hashes every prefix, the probes go longest first.
 */
static enum known memo_known(const struct canon_memo *m, const char *p)
{
	unsigned long h = 14695981039346656037UL, ph[64];
	size_t pl[64], np = 0, i;

	if (!m || (!m->nslot && !m->nlists))
		return KNOWN_NOT;
	for (i = 0;; i++) {
		if (i > 1 && (p[i] == '/' || !p[i]) && np < 64) {
			ph[np] = h;
			pl[np++] = i;
		}
		if (!p[i])
			break;
		h = (h ^ (unsigned char)p[i]) * 1099511628211UL;
	}
	if (!np || pl[np - 1] != i)
		return KNOWN_NOT; /* deeper than 64 components: ask */
	for (size_t k = np; k-- > 0;) {
		const char *hit = NULL;

		for (size_t j = ph[k] & (m->nslot - 1); m->nslot && m->slot[j];
		     j = (j + 1) & (m->nslot - 1)) {
			size_t e = m->slot[j] - 1;

			if (m->hash[e] == ph[k] &&
			    !strncmp(m->keys.v[e], p, pl[k]) &&
			    !m->keys.v[e][pl[k]]) {
				hit = m->vals.v[e];
				break;
			}
		}
		if (hit) {
			if (!*hit)
				return KNOWN_MISSING;
			return k == np - 1 && !strncmp(hit, p, pl[k]) &&
				       !hit[pl[k]]
				   ? KNOWN_EXISTS
				   : KNOWN_NOT; /* deeper: a walk's business */
		}
		/* Not in the memo: its folder may have been read whole. */
		if (k > 0) {
			const struct canon_listing *l =
			    listing_of(m, p, pl[k - 1]);

			if (l) {
				int r = listing_has(l, p + pl[k - 1] + 1,
						    pl[k] - pl[k - 1] - 1);

				if (r == LIST_MISSING)
					return KNOWN_MISSING;
				return r == LIST_EXISTS && k == np - 1
					   ? KNOWN_EXISTS
					   : KNOWN_NOT;
			}
		}
	}
	return KNOWN_NOT;
}

char *sh_canon_memo(void *memo, const char *path)
{
	/* The policy hands over folded paths: folding them again was a
	 * tenth of the credential table's cost. */
	SBX_AUTOFREE char *p =
	    path_is_folded(path) ? xstrdup(path) : path_fold(path);
	struct sbx_buf out = {0};
	int links = 0;
	size_t stop;
	char *r;

	if (!p)
		return xstrdup(path);
	if (memo) {
		struct canon_memo *m = memo;
		enum known k = memo_known(m, p);

		if (k != KNOWN_NOT) {
			buf_set(&m->last, p);
			m->last_known = (int)k;
			return sbx_steal(&p);
		}
	}
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

bool sh_exists_memo(void *memo, const char *path)
{
	const struct canon_memo *m = memo;
	struct stat st;

	/* The policy asks right after canonicalizing the same path. */
	if (m && m->last.len && !strcmp(m->last.s, path))
		return m->last_known == KNOWN_EXISTS;
	switch (memo_known(memo, path)) {
	case KNOWN_EXISTS:
		return true;
	case KNOWN_MISSING:
		return false;
	default:
		return lstat(path, &st) == 0;
	}
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
		if (!*m->vals.v[i] && path_under(m->keys.v[i], path))
			return false;
	return sh_is_dir(NULL, path);
}
