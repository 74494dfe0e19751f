/* shell/interp/globx.c — bash's pattern options (see globx.h).
 *
 * Matching is glibc's fnmatch(3): FNM_EXTMATCH is ksh's (and so bash's)
 * @(a|b) !(a) +(a) *(a) ?(a), FNM_CASEFOLD nocasematch / nocaseglob.
 *
 * Pathname expansion under extglob, globstar or nocaseglob walks the
 * directories itself, one '/'-separated component at a time (glob(3)
 * knows none of the three): a component without pattern characters is
 * taken as it is, one with them is matched against each name of its
 * directory. `**` alone as a component (globstar) is zero or more
 * directories; as bash 5.2 it lists a symbolic link to a directory but
 * never descends into one, so a link to / inside the workspace does not
 * make `**` walk the whole file system (nor loop on a link to "..").
 * The walk runs inside the sandbox like every other file access of the
 * shell; it is bounded by the tree, and a pending SIGINT ends it
 * (gx_expand returns -EINTR): a `**` under / at the prompt stops at Ctrl-C.
 */
#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "globx.h"
#include "paramx.h"

int gx_fnmflags(const struct shell *sh, enum gx_where w)
{
	int f = 0;

	if (sh->opt[O_POSIX])
		return 0;
	if (sh->shopt[SHOPT_EXTGLOB] || w == GX_COND)
		f |= FNM_EXTMATCH;
	if (sh->shopt[SHOPT_NOCASEMATCH] && w != GX_REMOVE)
		f |= FNM_CASEFOLD;
	return f;
}

bool gx_match(const struct shell *sh, enum gx_where w, const char *pat,
	      const char *s)
{
	int f = gx_fnmflags(sh, w);
	char *fix = f & FNM_EXTMATCH ? px_extfix(pat) : NULL;
	bool m = !fnmatch(fix ? fix : pat, s, f);

	free(fix);
	return m;
}

bool gx_wanted(const struct shell *sh)
{
	return !sh->opt[O_POSIX] &&
	       (sh->shopt[SHOPT_EXTGLOB] || sh->shopt[SHOPT_GLOBSTAR] ||
		sh->shopt[SHOPT_NOCASEGLOB]);
}

/* The pattern characters of |p| up to |end|: * ? [..] and with |ext|
 * the extglob openers. */
static bool magic_n(const char *p, const char *end, bool ext)
{
	for (; p < end && *p; p++) {
		if (*p == '\\') {
			if (p + 1 >= end)
				break;
			p++;
		} else if (*p == '*' || *p == '?') {
			return true;
		} else if (ext && strchr("@!+", *p) && p + 1 < end &&
			   p[1] == '(') {
			return true;
		} else if (*p == '[') {
			const char *q = p + 1;

			if (q < end && (*q == '!' || *q == '^'))
				q++;
			if (q < end && *q == ']')
				q++;
			for (; q < end && *q != ']'; q++)
				if (*q == '\\' && q + 1 < end)
					q++;
			if (q < end && *q == ']')
				return true;
		}
	}
	return false;
}

bool gx_magic(const struct shell *sh, const char *pat)
{
	return magic_n(pat, pat + strlen(pat),
		       !sh->opt[O_POSIX] && sh->shopt[SHOPT_EXTGLOB]);
}

struct walk {
	struct shell *sh;
	struct sbx_strv res;
	char **comp; /* the pattern's components */
	size_t ncomp;
	bool lastlit; /* the last component is a plain name */
	bool trail;   /* the pattern ended in '/': directories only */
	int flags;    /* fnmatch */
	bool ext, star, dot;
	bool intr;
};

/* A pending SIGINT (the interactive shell catches it, trap.c): the walk
 * stops. A non-interactive shell dies of it as bash does. */
static bool interrupted(struct walk *w)
{
	if (!w->intr && trap_pending(SIGINT))
		w->intr = true;
	return w->intr;
}

/* May the component |c| match a name that starts with '.'? A leading
 * '.' of its own, or (extglob) a group @( *( +( ?( one of whose
 * alternatives starts with '.': bash's rule; !(..) never does. */
static bool dot_ok(const struct walk *w, const char *c)
{
	int depth = 0;

	if (w->dot || c[0] == '.' || (c[0] == '\\' && c[1] == '.'))
		return true;
	if (!w->ext || !strchr("@*+?", c[0]) || c[1] != '(')
		return false;
	for (const char *p = c + 2; *p; p++) {
		if (!depth && (p[-1] == '(' || p[-1] == '|') &&
		    (*p == '.' || (*p == '\\' && p[1] == '.')))
			return true;
		if (*p == '\\' && p[1])
			p++;
		else if (*p == '(')
			depth++;
		else if (*p == ')' && !depth--)
			break;
	}
	return false;
}

/* A plain component, its backslashes removed. */
static void unescape(struct sbx_buf *b, const char *c)
{
	for (; *c; c++) {
		if (*c == '\\' && c[1])
			c++;
		buf_putc(b, *c);
	}
}

static void walk(struct walk *w, struct sbx_buf *path, size_t i);

static void add(struct walk *w, struct sbx_buf *path)
{
	struct stat st;
	const char *s = path->len ? path->s : "";

	if (w->trail) {
		/* "dir/": the path so far ends in the '/' */
		if (!path->len || stat(s, &st) || !S_ISDIR(st.st_mode))
			return;
	} else if (w->lastlit && lstat(s, &st)) {
		return;
	}
	strv_push(&w->res, s);
}

/* path + name (+ '/' when more components follow), walk on from |i|. */
static void descend(struct walk *w, struct sbx_buf *path, const char *name,
		    size_t i)
{
	size_t keep = path->len;

	buf_puts(path, name);
	if (i < w->ncomp || w->trail)
		buf_putc(path, '/');
	walk(w, path, i);
	path->len = keep;
	path->s[keep] = 0;
}

/* The names of the directory |path| (sorted afterwards, with the rest). */
static char **list_dir(struct walk *w, const char *path, size_t *n,
		       unsigned char **types)
{
	DIR *d = opendir(*path ? path : ".");
	struct dirent *de;
	struct sbx_strv v = {0};
	struct sbx_buf t = {0};

	*n = 0;
	*types = NULL;
	if (!d)
		return NULL;
	while ((de = readdir(d))) {
		if (interrupted(w))
			break;
		if (de->d_name[0] == '.' &&
		    (!de->d_name[1] ||
		     (de->d_name[1] == '.' && !de->d_name[2])))
			continue; /* bash 5.2: never . or .. (globskipdots) */
		strv_push(&v, de->d_name);
		buf_putc(&t, (char)de->d_type);
	}
	closedir(d);
	*n = v.n;
	*types = (unsigned char *)t.s;
	return v.v;
}

/* Is |path|/|name| a directory that `**` descends into: a real one, not a
 * link to one (bash 5.2). */
static bool real_dir(const char *path, const char *name, unsigned char type)
{
	struct sbx_buf b = {0};
	struct stat st;
	bool r;

	if (type != DT_UNKNOWN)
		return type == DT_DIR;
	buf_puts(&b, path);
	buf_puts(&b, name);
	r = !lstat(b.s, &st) && S_ISDIR(st.st_mode);
	buf_free(&b);
	return r;
}

/* `**` at component |i| under |path| (which ends in '/' or is empty). As
 * the last component it names everything below (directories only, with
 * their '/', when the pattern ends in one), the directory itself too
 * (d/ then `**` gives d/); before more components it is zero or more
 * directories ("**\/x" finds ./x too). */
static void globstar(struct walk *w, struct sbx_buf *path, size_t i, bool top)
{
	bool last = i + 1 == w->ncomp;
	unsigned char *types;
	size_t n;
	char **names;

	if (interrupted(w))
		return;
	if (!last)
		walk(w, path, i + 1);
	else if (top && path->len)
		strv_push(&w->res, path->s);
	names = list_dir(w, path->s, &n, &types);
	for (size_t k = 0; k < n && !w->intr; k++) {
		size_t keep = path->len;
		bool isdir;
		struct stat st;

		if (names[k][0] == '.' && !w->dot)
			continue;
		isdir = real_dir(path->s, names[k], types[k]);
		buf_puts(path, names[k]);
		if (last && !w->trail)
			strv_push(&w->res, path->s);
		else if (last && (isdir ||
				  (!stat(path->s, &st) && S_ISDIR(st.st_mode))))
			strv_push(&w->res, (buf_putc(path, '/'), path->s));
		path->len = keep;
		path->s[keep] = 0;
		if (isdir) {
			buf_puts(path, names[k]);
			buf_putc(path, '/');
			globstar(w, path, i, false);
			path->len = keep;
			path->s[keep] = 0;
		}
	}
	for (size_t k = 0; k < n; k++)
		free(names[k]);
	free(names);
	free(types);
}

static void walk(struct walk *w, struct sbx_buf *path, size_t i)
{
	const char *c;
	unsigned char *types;
	size_t n;
	char **names;

	if (interrupted(w))
		return;
	if (i == w->ncomp) {
		add(w, path);
		return;
	}
	c = w->comp[i];
	if (w->star && !strcmp(c, "**")) {
		globstar(w, path, i, true);
		return;
	}
	if (!magic_n(c, c + strlen(c), w->ext)) {
		struct sbx_buf b = {0};

		unescape(&b, c);
		descend(w, path, b.s ? b.s : "", i + 1);
		buf_free(&b);
		return;
	}
	names = list_dir(w, path->s, &n, &types);
	for (size_t k = 0; k < n && !w->intr; k++) {
		if (names[k][0] == '.' && !dot_ok(w, c))
			continue;
		if (fnmatch(c, names[k], w->flags))
			continue;
		descend(w, path, names[k], i + 1);
	}
	for (size_t k = 0; k < n; k++)
		free(names[k]);
	free(names);
	free(types);
}

static int by_coll(const void *a, const void *b)
{
	return strcoll(*(char *const *)a, *(char *const *)b);
}

int gx_expand(struct shell *sh, const char *pat, struct sbx_strv *out)
{
	struct walk w = {.sh = sh};
	struct sbx_buf path = {0};
	char *copy, *p, *slash;
	size_t i;

	w.ext = sh->shopt[SHOPT_EXTGLOB];
	w.star = sh->shopt[SHOPT_GLOBSTAR];
	w.dot = sh->shopt[SHOPT_DOTGLOB];
	w.flags = (w.ext ? FNM_EXTMATCH : 0) |
		  (sh->shopt[SHOPT_NOCASEGLOB] ? FNM_CASEFOLD : 0);
	copy = w.ext ? px_extfix(pat) : NULL;
	p = copy = copy ? copy : xstrdup(pat);
	buf_putn(&path, "", 0);
	while (*p == '/') {
		buf_putc(&path, '/'); /* "/x", "//x": kept as typed */
		p++;
	}
	/* components; an empty one between two '/' is dropped, a '/' at the
	 * end asks for directories */
	w.comp = xcalloc(strlen(p) + 1, sizeof(*w.comp));
	while (*p) {
		slash = strchr(p, '/');
		if (slash)
			*slash = 0;
		if (*p)
			w.comp[w.ncomp++] = p;
		if (!slash)
			break;
		p = slash + 1;
		while (*p == '/')
			p++;
		if (!*p)
			w.trail = true;
	}
	if (w.ncomp) {
		const char *l = w.comp[w.ncomp - 1];

		w.lastlit = !magic_n(l, l + strlen(l), w.ext) &&
			    !(w.star && !strcmp(l, "**"));
		walk(&w, &path, 0);
	}
	free(w.comp);
	free(copy);
	buf_free(&path);
	if (w.intr) {
		strv_free(&w.res);
		return -EINTR;
	}
	if (w.res.n) /* qsort's base must not be NULL, even for 0 */
		qsort(w.res.v, w.res.n, sizeof(*w.res.v), by_coll);
	for (i = 0; i < w.res.n; i++)
		strv_take(out, w.res.v[i]);
	free(w.res.v);
	return (int)i;
}
