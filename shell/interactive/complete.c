/* shell/interactive/complete.c — TAB completion: a small lexer finds the word
 * under the cursor and what kind it is; the candidates come from the shell's
 * callbacks, the PATH dir cache, or the file system. */
#include "complete.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bi_policy.h"

/* One PATH dir's entries, valid while the dir's mtime (and identity) is
 * unchanged. Creating, renaming or deleting an entry changes the mtime;
 * a chmod does not, so the executable bit is checked when completing,
 * on the few names that match. */
struct pdir {
	char *path;
	struct timespec mtime;
	dev_t dev;
	ino_t ino;
	time_t scanned;
	char **names; /* sorted */
	size_t n;
};

struct cmp {
	struct cmp_source src;
	struct pdir *dirs;
	size_t ndirs;
	unsigned scans, hits;
};

/* A '$' outside single quotes is kept as this byte in the unquoted word,
 * so a listing can expand it and a quoted '$' stays literal. */
#define DOLLAR '\001'

struct lex {
	size_t wstart;	     /* raw offset where the current word starts */
	struct sbx_buf word; /* the word so far, quotes removed */
	char quote;	     /* quote open at the cursor: 0, '\'', '"' */
	size_t word_slash;   /* length of |word| after its last '/' */
	bool slash;
	/* Where the replacement starts: after the word's start, its last
	 * '/', or its last quote mark, whichever is latest; |anchor_word|
	 * is the matching length of |word|. The text before it stays as
	 * typed, quotes and all. */
	size_t anchor_raw, anchor_word;
	size_t raw_dollar; /* raw offset of the last unquoted '$' */
	bool dollar;
	int argi;      /* word index in its simple command */
	bool redir;    /* the word is a redirection target */
	char cmd[64];  /* the command word, "" if none yet */
	char arg1[32]; /* the first argument (policy cache ...) */
};

struct cand {
	char *insert, *shown;
	bool final;
};

struct cands {
	struct cand *v;
	size_t n, cap;
};

static const char *getvar(const struct cmp *c, const char *name)
{
	if (c->src.getvar)
		return c->src.getvar(c->src.ctx, name);
	return getenv(name);
}

/* Words after which the next word is again a command name. */
static bool keeps_cmdpos(const char *w)
{
	static const char *const kw[] = {
	    "then",  "do",  "else", "elif",    "if",	  "while",
	    "until", "!",   "{",    "time",    "command", "exec",
	    "nohup", "env", "sudo", "builtin", NULL,
	};

	for (int i = 0; kw[i]; i++)
		if (!strcmp(w, kw[i]))
			return true;
	return false;
}

static void word_end(struct lex *lx, size_t next)
{
	const char *w = lx->word.s ? lx->word.s : "";

	if (lx->word.len) {
		const char *eq = strchr(w, '=');

		if (lx->redir) {
			lx->redir = false;
		} else if (lx->argi == 0 && eq && eq > w &&
			   str_is_name(w, (size_t)(eq - w))) {
			/* VAR=value cmd: still in command position */
		} else if (lx->argi == 0 && keeps_cmdpos(w)) {
		} else {
			if (lx->argi == 0)
				snprintf(lx->cmd, sizeof(lx->cmd), "%s", w);
			else if (lx->argi == 1)
				snprintf(lx->arg1, sizeof(lx->arg1), "%s", w);
			lx->argi++;
		}
	}
	lx->word.len = 0;
	buf_puts(&lx->word, "");
	lx->wstart = lx->anchor_raw = next;
	lx->anchor_word = 0;
	lx->slash = lx->dollar = false;
}

static void lex_line(const char *line, size_t cursor, struct lex *lx)
{
	memset(lx, 0, sizeof(*lx));
	buf_puts(&lx->word, "");
	for (size_t i = 0; i < cursor; i++) {
		char ch = line[i];

		/* The word is a C string in which DOLLAR marks a '$': a NUL
		 * typed into the line (^V^@) would end it early, and the
		 * '$' the lexer saw after it could not be found again (a
		 * NULL strrchr, the shell dead at TAB); a DOLLAR byte typed
		 * would pass for a '$'. The parser drops NULs as well. */
		if (ch == '\0' || ch == DOLLAR)
			continue;
		if (lx->quote == '\'') {
			if (ch == '\'') {
				lx->quote = 0;
				lx->anchor_raw = i + 1;
				lx->anchor_word = lx->word.len;
			} else
				buf_putc(&lx->word, ch);
		} else if (ch == '\\' && i + 1 < cursor) {
			i++;
			if (line[i] != '\0' && line[i] != DOLLAR) /* as above */
				buf_putc(&lx->word, line[i]);
		} else if (ch == '\\') {
			/* a trailing backslash: nothing to unquote yet */
		} else if (lx->quote == '"') {
			if (ch == '"') {
				lx->quote = 0;
				lx->anchor_raw = i + 1;
				lx->anchor_word = lx->word.len;
			} else if (ch == '$') {
				lx->dollar = true;
				lx->raw_dollar = i;
				buf_putc(&lx->word, DOLLAR);
			} else
				buf_putc(&lx->word, ch);
		} else if (ch == '\'' || ch == '"') {
			lx->quote = ch;
			lx->anchor_raw = i + 1;
			lx->anchor_word = lx->word.len;
		} else if (ch == ' ' || ch == '\t' || ch == '\n') {
			word_end(lx, i + 1);
		} else if (strchr(";&|()`", ch)) {
			word_end(lx, i + 1);
			lx->argi = 0;
			lx->cmd[0] = 0;
			lx->redir = false;
		} else if (ch == '<' || ch == '>') {
			word_end(lx, i + 1);
			lx->redir = true;
		} else if (ch == '$') {
			if (i + 1 < cursor && line[i + 1] == '(') {
				/* $( opens a new command */
				word_end(lx, i + 2);
				lx->argi = 0;
				lx->cmd[0] = 0;
				i++;
				continue;
			}
			lx->dollar = true;
			lx->raw_dollar = i;
			buf_putc(&lx->word, DOLLAR);
		} else {
			buf_putc(&lx->word, ch);
		}
		if (ch == '/') {
			lx->slash = true;
			lx->word_slash = lx->word.len;
			lx->anchor_raw = i + 1;
			lx->anchor_word = lx->word.len;
		}
	}
}

static void cand_add(struct cands *cs, char *insert, const char *shown,
		     bool final)
{
	if (cs->n == cs->cap) {
		cs->cap = cs->cap ? cs->cap * 2 : 64;
		cs->v = xrealloc(cs->v, cs->cap * sizeof(*cs->v));
	}
	cs->v[cs->n].insert = insert;
	cs->v[cs->n].shown = xstrdup(shown);
	cs->v[cs->n].final = final;
	cs->n++;
}

static int cand_cmp(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;
	int r = strcmp(x->shown, y->shown);

	return r ? r : strcmp(x->insert, y->insert);
}

char *cmp_quote(const char *s)
{
	struct sbx_buf b = {0};

	buf_puts(&b, "");
	for (const char *p = s; *p; p++) {
		if (strchr(" \t\n'\"\\$`!&;|<>()*?[]#", *p) ||
		    (*p == '~' && p == s))
			buf_putc(&b, '\\');
		buf_putc(&b, *p);
	}
	return b.s;
}

/* |s| for a word whose |quote| is still open at the cursor. */
static char *quote_in(const char *s, char quote, bool close)
{
	struct sbx_buf b = {0};

	buf_puts(&b, "");
	if (!quote) {
		char *q = cmp_quote(s);

		buf_puts(&b, q);
		free(q);
		return b.s;
	}
	for (const char *p = s; *p; p++) {
		if (quote == '\'' && *p == '\'')
			buf_puts(&b, "'\\''");
		else if (quote == '"' && strchr("\"\\$`", *p))
			buf_putc(&b, '\\'), buf_putc(&b, *p);
		else
			buf_putc(&b, *p);
	}
	if (close)
		buf_putc(&b, quote);
	return b.s;
}

static bool prefix(const char *s, const char *pre, size_t n)
{
	return !strncmp(s, pre, n);
}

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void pdir_scan(struct pdir *d, const struct stat *st)
{
	DIR *dir = opendir(d->path);
	struct dirent *de;
	size_t cap = 0;

	for (size_t i = 0; i < d->n; i++)
		free(d->names[i]);
	d->n = 0;
	d->mtime = st->st_mtim;
	d->dev = st->st_dev;
	d->ino = st->st_ino;
	d->scanned = time(NULL);
	if (!dir)
		return;
	while ((de = readdir(dir))) {
		if (de->d_type == DT_DIR || !strcmp(de->d_name, ".") ||
		    !strcmp(de->d_name, ".."))
			continue;
		if (d->n == cap) {
			cap = cap ? cap * 2 : 256;
			d->names = xrealloc(d->names, cap * sizeof(char *));
		}
		d->names[d->n++] = xstrdup(de->d_name);
	}
	closedir(dir);
	if (d->n)
		qsort(d->names, d->n, sizeof(char *), str_cmp);
}

static struct pdir *pdir_get(struct cmp *c, const char *path)
{
	struct pdir *d = NULL;
	struct stat st;

	if (stat(path, &st) < 0 || !S_ISDIR(st.st_mode))
		return NULL;
	for (size_t i = 0; i < c->ndirs; i++)
		if (!strcmp(c->dirs[i].path, path))
			d = &c->dirs[i];
	if (!d) {
		c->dirs = xrealloc(c->dirs, (c->ndirs + 1) * sizeof(*d));
		d = &c->dirs[c->ndirs++];
		memset(d, 0, sizeof(*d));
		d->path = xstrdup(path);
	} else if (d->mtime.tv_sec == st.st_mtim.tv_sec &&
		   d->mtime.tv_nsec == st.st_mtim.tv_nsec &&
		   d->dev == st.st_dev && d->ino == st.st_ino &&
		   /* Racy-git rule: a scan in the same second as the last
		    * change may have missed a second change in that tick. */
		   d->scanned > st.st_mtim.tv_sec + 1) {
		c->hits++;
		return d;
	}
	c->scans++;
	pdir_scan(d, &st);
	return d;
}

static void complete_path(struct cmp *c, const struct lex *lx, struct cands *cs)
{
	const char *path = getvar(c, "PATH");
	SBX_AUTOFREE char *copy = xstrdup(path ? path : "");
	struct sbx_strv seen = {0};
	char *save = NULL;
	const char *pre = lx->word.s;
	size_t n = lx->word.len;

	for (char *dir = strtok_r(copy, ":", &save); dir;
	     dir = strtok_r(NULL, ":", &save)) {
		struct pdir *d;
		size_t lo, hi;

		if (*dir != '/' || strv_has(&seen, dir))
			continue;
		strv_push(&seen, dir);
		if (!(d = pdir_get(c, dir)))
			continue;
		/* Binary search for the first name >= the prefix. */
		for (lo = 0, hi = d->n; lo < hi;) {
			size_t mid = (lo + hi) / 2;

			if (strncmp(d->names[mid], pre, n) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (size_t i = lo; i < d->n && prefix(d->names[i], pre, n);
		     i++) {
			SBX_AUTOFREE char *full = NULL;
			struct stat st;

			if (d->names[i][0] == '.' && (!n || pre[0] != '.'))
				continue;
			full = path_join(dir, d->names[i]);
			if (stat(full, &st) < 0 || S_ISDIR(st.st_mode) ||
			    access(full, X_OK) < 0)
				continue;
			cand_add(cs,
				 quote_in(d->names[i] + lx->anchor_word,
					  lx->quote, true),
				 d->names[i], true);
		}
	}
	strv_free(&seen);
}

/* |lx|: a command name, quoted from the lexer's anchor; NULL: a job spec
 * or a variable, inserted as is after |lead|. */
static void complete_names(struct cmp *c, enum cmp_kind kind, const char *pre,
			   size_t n, struct cands *cs, const char *lead,
			   bool final, const struct lex *lx)
{
	struct sbx_strv names = {0};

	if (!c->src.names)
		return;
	c->src.names(c->src.ctx, kind, &names);
	for (size_t i = 0; i < names.n; i++) {
		if (!prefix(names.v[i], pre, n))
			continue;
		SBX_AUTOFREE char *q =
		    lx ? quote_in(names.v[i] + lx->anchor_word, lx->quote,
				  final)
		       : xstrdup(names.v[i]);

		cand_add(cs, xasprintf("%s%s", lead, q), names.v[i], final);
	}
	strv_free(&names);
}

/* The unquoted dir part, with $NAME, ${NAME} and a leading ~ expanded. */
static char *expand_dir(struct cmp *c, const char *w, size_t n)
{
	struct sbx_buf b = {0};

	buf_puts(&b, "");
	if (n && w[0] == '~' && (n == 1 || w[1] == '/')) {
		const char *home = getvar(c, "HOME");

		buf_puts(&b, home ? home : "~");
		w++, n--;
	}
	for (size_t i = 0; i < n; i++) {
		size_t j = i + 1, k;
		bool brace;

		if (w[i] != DOLLAR) {
			buf_putc(&b, w[i]);
			continue;
		}
		brace = j < n && w[j] == '{';
		j += brace;
		for (k = j; k < n && str_is_name(w + j, k - j + 1); k++)
			;
		if (k > j && (!brace || (k < n && w[k] == '}'))) {
			SBX_AUTOFREE char *name = xstrndup(w + j, k - j);
			const char *v = getvar(c, name);

			buf_puts(&b, v ? v : "");
			i = k - 1 + brace;
		} else {
			buf_putc(&b, '$');
		}
	}
	return b.s;
}

static void complete_files(struct cmp *c, const struct lex *lx,
			   struct cands *cs)
{
	const char *w = lx->word.s;
	size_t dn = lx->slash ? lx->word_slash : 0;
	const char *base = w + dn;
	size_t bn = strlen(base);
	SBX_AUTOFREE char *dir = expand_dir(c, w, dn);
	DIR *d = opendir(*dir ? dir : ".");
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d))) {
		SBX_AUTOFREE char *full = NULL;
		struct stat st;
		bool isdir;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (!prefix(de->d_name, base, bn) ||
		    (de->d_name[0] == '.' && base[0] != '.'))
			continue;
		full = xasprintf("%s%s", *dir ? dir : "", de->d_name);
		isdir = stat(full, &st) == 0 && S_ISDIR(st.st_mode);
		if (isdir) {
			SBX_AUTOFREE char *q =
			    quote_in(de->d_name + (lx->anchor_word - dn),
				     lx->quote, false);
			cand_add(cs, xasprintf("%s/", q), de->d_name, false);
		} else {
			cand_add(cs,
				 quote_in(de->d_name + (lx->anchor_word - dn),
					  lx->quote, true),
				 de->d_name, true);
		}
	}
	closedir(d);
}

static bool is_jobcmd(const char *cmd)
{
	return !strcmp(cmd, "fg") || !strcmp(cmd, "bg") ||
	       !strcmp(cmd, "kill") || !strcmp(cmd, "wait") ||
	       !strcmp(cmd, "disown") || !strcmp(cmd, "jobs");
}

size_t cmp_complete(struct cmp *c, const char *line, size_t len, size_t cursor,
		    struct cmp_result *r)
{
	struct lex lx;
	struct cands cs = {0};
	const char *w;
	size_t wn;

	memset(r, 0, sizeof(*r));
	if (cursor > len)
		cursor = len;
	lex_line(line, cursor, &lx);
	w = lx.word.s;
	wn = lx.word.len;
	r->end = cursor;
	r->start = lx.wstart;

	if (lx.dollar && lx.quote != '\'') {
		const char *d = strrchr(w, DOLLAR);
		bool brace = d[1] == '{';
		const char *nm = d + 1 + brace;

		if (str_is_name(nm, strlen(nm))) {
			r->what = "variable";
			r->start = lx.raw_dollar;
			complete_names(c, CMP_VAR, nm, strlen(nm), &cs,
				       brace ? "${" : "$", false, NULL);
			if (brace)
				for (size_t i = 0; i < cs.n; i++) {
					char *s =
					    xasprintf("%s}", cs.v[i].insert);

					free(cs.v[i].insert);
					cs.v[i].insert = s;
				}
			goto out;
		}
	}
	if (lx.argi > 0 && wn && w[0] == '%' && is_jobcmd(lx.cmd)) {
		r->what = "job";
		complete_names(c, CMP_JOB, w, wn, &cs, "", true, NULL);
		goto out;
	}
	if (lx.argi == 1 && !lx.redir && !strcmp(lx.cmd, "policy") &&
	    !lx.quote) {
		r->what = "policy";
		for (int i = 0; pb_subcommands[i]; i++)
			if (prefix(pb_subcommands[i], w, wn))
				cand_add(&cs, xstrdup(pb_subcommands[i]),
					 pb_subcommands[i], true);
		goto out;
	}
	if (lx.argi >= 2 && !lx.redir && !strcmp(lx.cmd, "policy") &&
	    !lx.quote) {
		/* policy cache SUB, policy cache prune --opt, policy why --opt
		 */
		const char *const *t =
		    !strcmp(lx.arg1, "cache")
			? (lx.argi == 2	       ? pb_cache_subcommands
			   : wn && w[0] == '-' ? pb_prune_options
					       : NULL)
		    : !strcmp(lx.arg1, "why") && wn && w[0] == '-'
			? pb_why_options
			: NULL;

		if (t) {
			r->what = "policy";
			for (int i = 0; t[i]; i++)
				if (prefix(t[i], w, wn))
					cand_add(&cs, xstrdup(t[i]), t[i],
						 true);
			goto out;
		}
	}
	if (lx.argi == 0 && !lx.redir && !lx.slash && !strchr(w, DOLLAR)) {
		r->what = "command";
		r->start = lx.anchor_raw;
		complete_names(c, CMP_BUILTIN, w, wn, &cs, "", true, &lx);
		complete_names(c, CMP_FUNCTION, w, wn, &cs, "", true, &lx);
		complete_names(c, CMP_ALIAS, w, wn, &cs, "", true, &lx);
		complete_path(c, &lx, &cs);
		goto out;
	}
	r->what = "file";
	r->start = lx.anchor_raw;
	complete_files(c, &lx, &cs);
out:
	buf_free(&lx.word);
	if (cs.n)
		qsort(cs.v, cs.n, sizeof(*cs.v), cand_cmp);
	r->final = xcalloc(cs.n + 1, sizeof(bool));
	for (size_t i = 0; i < cs.n; i++) {
		size_t k = r->insert.n;

		/* Against the last one kept: a duplicate before this one
		 * was freed (a builtin also in two PATH folders, /bin and
		 * /usr/bin of a merged /usr, made three). */
		if (k && !strcmp(cs.v[i].insert, r->insert.v[k - 1])) {
			free(cs.v[i].insert);
		} else {
			strv_take(&r->insert, cs.v[i].insert);
			strv_push(&r->shown, cs.v[i].shown);
			r->final[k] = cs.v[i].final;
		}
		free(cs.v[i].shown);
	}
	free(cs.v);
	return r->insert.n;
}

void cmp_result_free(struct cmp_result *r)
{
	strv_free(&r->insert);
	strv_free(&r->shown);
	free(r->final);
	r->final = NULL;
}

char *cmp_common(const struct cmp_result *r)
{
	size_t n;

	if (!r->insert.n)
		return xstrdup("");
	n = strlen(r->insert.v[0]);
	for (size_t i = 1; i < r->insert.n; i++) {
		size_t k = 0;

		while (k < n && r->insert.v[i][k] == r->insert.v[0][k])
			k++;
		n = k;
	}
	/* Never stop inside a backslash escape. */
	if (n && r->insert.v[0][n - 1] == '\\') {
		size_t bs = 0;

		for (size_t k = n; k > 0 && r->insert.v[0][k - 1] == '\\'; k--)
			bs++;
		if (bs % 2)
			n--;
	}
	return xstrndup(r->insert.v[0], n);
}

struct cmp *cmp_new(const struct cmp_source *src)
{
	struct cmp *c = xcalloc(1, sizeof(*c));

	if (src)
		c->src = *src;
	return c;
}

void cmp_free(struct cmp *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->ndirs; i++) {
		for (size_t k = 0; k < c->dirs[i].n; k++)
			free(c->dirs[i].names[k]);
		free(c->dirs[i].names);
		free(c->dirs[i].path);
	}
	free(c->dirs);
	free(c);
}

void cmp_stats(const struct cmp *c, unsigned *scans, unsigned *hits)
{
	*scans = c->scans;
	*hits = c->hits;
}
