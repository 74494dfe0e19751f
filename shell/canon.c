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
	strv_free(&m->listed);
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
	strv_free(&m->listed);
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
/* The value of an entry a listing found but could not tell a symlink
 * from anything else by (DT_LNK, DT_UNKNOWN): readlink() it. */
static const char memo_ask[] = "?";

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

/* An entry a listing left to ask about gets what was found. */
static void memo_settle(struct canon_memo *m, const char *p, unsigned long h,
			const char *r)
{
	for (size_t j = h & (m->nslot - 1); m->slot[j];
	     j = (j + 1) & (m->nslot - 1)) {
		size_t i = m->slot[j] - 1;

		if (m->hash[i] == h && strcmp(m->keys.v[i], p) == 0) {
			if (m->vals.v[i][0] == '?') {
				free(m->vals.v[i]);
				m->vals.v[i] = xstrdup(r);
			}
			return;
		}
	}
}

/* Was the parent of canonical prefix |s| (its first |plen| bytes) read
 * whole by canon_memo_list()? */
static bool listed_parent(const struct canon_memo *m, const char *s,
			  size_t plen)
{
	for (size_t i = 0; m && plen && i < m->listed.n; i++)
		if (strlen(m->listed.v[i]) == plen &&
		    !memcmp(m->listed.v[i], s, plen))
			return true;
	return false;
}

static void memo_put(struct canon_memo *m, const char *p, const char *r)
{
	unsigned long h;

	if (!m)
		return;
	h = memo_hash(p);
	if (memo_find(m, p, h)) {
		memo_settle(m, p, h, r);
		return;
	}
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
		if (!hit && listed_parent(m, out->s, out->len - (j - start))) {
			/* read whole: no such name (remembered, so that
			 * sh_exists_memo() of a path beneath it knows) */
			memo_put(m, out->s, memo_absent);
			hit = memo_absent;
		}
		if (hit && hit[0] == '?')
			hit = NULL; /* a symlink, or a type unknown: ask */
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

void canon_memo_list(struct canon_memo *m, const char *dir)
{
	union {
		char b[16384];
		struct dirent64 align;
	} buf;
	int fd, n = 0;
	long got;

	if (!m || dir[0] != '/' || strv_has(&m->listed, dir))
		return;
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return;
	while ((got = (long)getdents64(fd, buf.b, sizeof(buf.b))) > 0) {
		for (long off = 0; off < got;) {
			struct dirent64 *e = (struct dirent64 *)(buf.b + off);
			SBX_AUTOFREE char *key = NULL;

			off += e->d_reclen;
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			key = path_join(dir, e->d_name);
			memo_put(m, key, e->d_type == DT_LNK ||
						 e->d_type == DT_UNKNOWN
					     ? memo_ask
					     : key);
			n++;
		}
		if (n > 2048)
			break;
	}
	close(fd);
	/* A listing cut short, or failed, says nothing of what is absent. */
	if (got == 0 && n <= 2048)
		strv_push(&m->listed, dir);
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

	if (!m || !m->nslot)
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

		for (size_t j = ph[k] & (m->nslot - 1); m->slot[j];
		     j = (j + 1) & (m->nslot - 1)) {
			size_t e = m->slot[j] - 1;

			if (m->hash[e] == ph[k] &&
			    !strncmp(m->keys.v[e], p, pl[k]) &&
			    !m->keys.v[e][pl[k]]) {
				hit = m->vals.v[e];
				break;
			}
		}
		if (!hit)
			continue;
		if (!*hit)
			return KNOWN_MISSING;
		if (hit[0] == '?' || strncmp(hit, p, pl[k]) || hit[pl[k]])
			return KNOWN_NOT; /* a link, or not canonical */
		if (k == np - 1)
			return KNOWN_EXISTS;
		/* every name of a listed folder is in the memo */
		return listed_parent(m, p, pl[k]) ? KNOWN_MISSING : KNOWN_NOT;
	}
	return KNOWN_NOT;
}

char *sh_canon_memo(void *memo, const char *path)
{
	/* The policy hands over folded paths: folding them again was a
	 * tenth of the credential table's cost. */
	SBX_AUTOFREE char *p = path_is_folded(path) ? xstrdup(path)
						    : path_fold(path);
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
	case KNOWN_EXISTS: return true;
	case KNOWN_MISSING: return false;
	default: return lstat(path, &st) == 0;
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
		if (!*m->vals.v[i] &&
		    path_under(m->keys.v[i], path))
			return false;
	return sh_is_dir(NULL, path);
}
