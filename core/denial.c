/* core/denial.c — reading a failed command's stderr for the paths the
 * sandbox refused, and deciding which of them the policy explains. Pure.
 *
 * Tools word their errors alike because they print strerror(): coreutils
 * "touch: cannot touch '/x': Permission denied", the shell
 * "/x: Read-only file system", Python "[Errno 13] Permission denied:
 * '/x'", Go "open /x: permission denied", git "could not lock config
 * file .git/config: Permission denied". So a line is a candidate when it
 * holds one of those strerror texts, and its paths are the quoted words
 * and the words with a '/' in them.
 */
#include "denial.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* clang-format off */
static const struct { const char *text; enum dn_err err; } markers[] = {
	{ "permission denied",         DN_EACCES },
	{ "[errno 13]",                DN_EACCES },
	{ "read-only file system",     DN_EROFS },
	{ "[errno 30]",                DN_EROFS },
	{ "operation not permitted",   DN_EPERM },
	{ "[errno 1]",                 DN_EPERM },
	{ "no such file or directory", DN_ENOENT },
	{ "connection refused",        DN_ECONNREFUSED },
};
/* Words that say the tool meant to write (for a masked path: which of
 * the two the line names). */
static const char *const write_words[] = {
	"cannot create", "cannot touch", "for writing", "could not lock",
	"cannot remove", "cannot overwrite", "can't create", "cannot make",
	"failed to create", "unable to create", "unable to write",
	"cannot write", "mkdir", "rename", "'w'", "'a'", "write",
};
/* A refusal with no path that is about the network. */
static const char *const net_words[] = {
	"socket", "connect", "network", "urlopen",
};
/* What tools print when they could not reach the network at all, with no
 * errno text of ours to go by: curl's "(7) Couldn't connect to server"
 * (its socket() was refused under --network off), a connect() with no
 * route (ENETUNREACH: the namespace of --network domains has loopback
 * alone), Python's errno for it. Each is a refusal only when the policy
 * says the network is not open (why_ask(WHY_NET)). */
static const char *const net_markers[] = {
	"couldn't connect to server", "network is unreachable",
	"[errno 101]",
};
/* clang-format on */

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* memmem(), which core's pure subset of libc leaves out. */
static const char *mem_find(const char *s, size_t n, const char *w, size_t wl)
{
	for (size_t i = 0; wl && i + wl <= n; i++)
		if (s[i] == *w && !memcmp(s + i, w, wl))
			return s + i;
	return NULL;
}

/* Case-insensitive search in |n| bytes of |s|. */
static const char *find_ci(const char *s, size_t n, const char *w)
{
	size_t wl = strlen(w);

	for (size_t i = 0; i + wl <= n; i++)
		if (!strncasecmp(s + i, w, wl))
			return s + i;
	return NULL;
}

static bool has_any(const char *s, size_t n, const char *const *w, size_t nw)
{
	for (size_t i = 0; i < nw; i++)
		if (find_ci(s, n, w[i]))
			return true;
	return false;
}

static void add(struct dn_cands *c, const char *p, size_t n, enum dn_err e,
		bool write)
{
	while (n > 1 && (p[n - 1] == ':' || p[n - 1] == ',' ||
			 p[n - 1] == '.' || p[n - 1] == ')' || p[n - 1] == ';'))
		n--;
	if (!n || n > 4096 || memchr(p, '\n', n))
		return;
	/* URLs are not paths (docs/design.md §4). */
	if (n > 3 && mem_find(p, n, "://", 3))
		return;
	for (size_t i = 0; i < c->n; i++)
		if (c->v[i].err == e && strlen(c->v[i].path) == n &&
		    !memcmp(c->v[i].path, p, n)) {
			c->v[i].write |= write;
			return;
		}
	if (c->n >= DN_MAX_CANDS) {
		c->dropped = true;
		return;
	}
	if (c->n == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 8;
		c->v = xrealloc(c->v, c->cap * sizeof(*c->v));
	}
	c->v[c->n].path = xstrndup(p, n);
	c->v[c->n].err = e;
	c->v[c->n].write = write;
	c->n++;
}

static bool is_open_quote(const char *s, size_t i, size_t n, size_t *qlen,
			  const char **close)
{
	/* ASCII quotes, and coreutils' ‘ ’ in UTF-8 locales. */
	if (s[i] == '\'' || s[i] == '"' || s[i] == '`') {
		*qlen = 1;
		*close = s[i] == '`' ? "'" : s[i] == '"' ? "\"" : "'";
		return true;
	}
	if (i + 3 <= n && !memcmp(s + i, "\xe2\x80\x98", 3)) {
		*qlen = 3;
		*close = "\xe2\x80\x99";
		return true;
	}
	return false;
}

/* The paths of one line: quoted words (any, even relative "x"), and
 * unquoted words holding a '/'. */
static void scan_line(const char *s, size_t n, struct dn_cands *c)
{
	enum dn_err err = DN_EACCES;
	bool marked = false, write, any = false;
	size_t before = c->n;

	if (has_any(s, n, net_markers, N(net_markers)))
		c->net = true;
	if (has_any(s, n, net_words, N(net_words)))
		c->net_word = true;
	for (size_t k = 0; k < N(markers) && !marked; k++)
		if (find_ci(s, n, markers[k].text)) {
			err = markers[k].err;
			marked = true;
		}
	if (!marked)
		return;
	write = has_any(s, n, write_words, N(write_words));
	for (size_t i = 0; i < n;) {
		size_t ql;
		const char *close;

		if (is_open_quote(s, i, n, &ql, &close)) {
			const char *e = mem_find(s + i + ql, n - i - ql, close,
						 strlen(close));

			if (e) {
				const char *w = s + i + ql;
				size_t wl = (size_t)(e - w);

				/* "[Errno 13] Permission denied: 'x'": a
				 * quoted word with a space is prose. */
				if (wl && !memchr(w, ' ', wl))
					add(c, w, wl, err, write);
				i = (size_t)(e - s) + strlen(close);
				continue;
			}
		}
		if (s[i] == ' ' || s[i] == '\t' || s[i] == '(' || s[i] == '=' ||
		    s[i] == '[') {
			i++;
			continue;
		}
		{
			size_t j = i;

			while (j < n && s[j] != ' ' && s[j] != '\t' &&
			       s[j] != '\'' && s[j] != '"')
				j++;
			if (j > i && memchr(s + i, '/', j - i))
				add(c, s + i, j - i, err, write);
			/* a lone quote that closes nowhere ("can't") */
			i = j > i ? j : i + 1;
		}
	}
	any = c->n > before;
	if (!any && (err == DN_EPERM || err == DN_EACCES) &&
	    has_any(s, n, net_words, N(net_words)))
		c->net = true;
	else if (!any && err == DN_EPERM)
		c->bare_eperm = true;
}

void dn_scan(const char *text, size_t len, struct dn_cands *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < len;) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t e = nl ? (size_t)(nl - text) : len;

		/* A very long line is data, not a message. */
		if (e - i <= 4096)
			scan_line(text + i, e - i, out);
		i = e + 1;
	}
	if (out->bare_eperm && out->net_word)
		out->net = true;
}

void dn_cands_free(struct dn_cands *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->v[i].path);
	free(c->v);
	memset(c, 0, sizeof(*c));
}

bool dn_decide(const struct sbx_policy *pol, const struct dn_cand *c,
	       const char *canon, const struct dn_facts *f,
	       struct why_answer *w)
{
	enum pol_access a = pol_access(pol, canon, NULL);
	enum why_access acc = c->write ? WHY_WRITE : WHY_READ;

	if (c->err == DN_ECONNREFUSED) {
		/* A refused connect is a denial only where the mount layer
		 * put /dev/null over an outside socket; else the server is
		 * simply not listening. */
		if (!f->covered_socket)
			return false;
		acc = WHY_CONNECT;
	} else if (a == POL_ACCESS_MASKED) {
		/* Masked entries show as missing or empty, or refused:
		 * any of the three is the mask. */
	} else if (c->err == DN_ENOENT) {
		return false;
	} else if (a == POL_ACCESS_PROTECTED) {
		acc = WHY_WRITE;
	} else if (a == POL_ACCESS_RO) {
		/* Reads are allowed here, so a refusal was a write (or a
		 * metadata change, refused by the mount layer alike). An
		 * EACCES the mode bits explain is not ours to claim. */
		if (c->err != DN_EROFS && !f->mode_ok)
			return false;
		acc = WHY_WRITE;
	} else {
		return false; /* writable: the mode bits, not the sandbox */
	}
	if (acc == WHY_CONNECT)
		why_ask_socket(pol, canon, 1, w);
	else
		why_ask(pol, canon, acc, w);
	if (w->allowed) {
		why_free(w);
		return false;
	}
	return true;
}

void dn_report_add(struct dn_report *r, const struct why_answer *w)
{
	SBX_AUTOFREE char *key = xasprintf("%s %s", why_access_name(w->access),
					   w->path ? w->path : "");

	if (strv_has(&r->seen, key))
		return;
	strv_push(&r->seen, key);
	if (r->lines >= DN_MAX_LINES) {
		r->more++;
		return;
	}
	why_format_denial(w, &r->out);
	buf_putc(&r->out, '\n');
	r->lines++;
}

void dn_report_finish(struct dn_report *r)
{
	if (r->more)
		buf_printf(&r->out,
			   WHY_DENIED "... and %s%zu more (not shown)\n",
			   r->at_least ? "at least " : "", r->more);
}

void dn_report_free(struct dn_report *r)
{
	strv_free(&r->seen);
	buf_free(&r->out);
	memset(r, 0, sizeof(*r));
}
