/* shell/interp/expand.c — word expansion (XCU 2.6) in POSIX order: tilde,
 * parameters, command substitution, arithmetic, field splitting, pathname
 * expansion, quote removal.
 *
 * A word's parts carry their quoting from the parser, so expansion builds
 * each field character by character knowing whether that character was
 * quoted: only unquoted results of expansions are split, only unquoted
 * pattern characters glob.
 *
 * Pathname expansion uses glob(3) with the quoted characters escaped by a
 * backslash; glob(3) fits POSIX here (leading dots need an explicit dot,
 * no brace or tilde extensions without GLOB_BRACE/GLOB_TILDE). Where it
 * does not fit: glob(3) sorts with strcoll, dash with strcmp (the same in
 * the C locale), and glob(3) cannot tell us which characters came from
 * quotes inside an unreadable directory component — an unmatched pattern
 * is then kept as typed, which is what POSIX asks anyway. Pattern matching
 * for case and ${x#p} uses fnmatch(3) without flags in the posix mode,
 * which is exactly the POSIX pattern language (2.13.1); bash's extglob,
 * globstar, nocaseglob and nocasematch are globx.c's.
 */
#include <errno.h>
#include <fnmatch.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arith.h"
#include "brace.h"
#include "globx.h"
#include "paramx.h"
#include "pw.h"
#include "interp.h"

struct exp {
	struct shell *sh;
	struct sbx_strv *out; /* fields; NULL: one string */
	struct sbx_buf cur;   /* the field, quotes removed */
	struct sbx_buf pat;   /* the field as a glob pattern */
	bool split, glob, pattern;
	int tilde; /* 0 none, 1 word start, 2 assignment */
	bool inword, pending, hasglob;
	int in_arg; /* inside ${x-word}: literals split too */
	int err;
	/* bash's errors in its own operators: status 1 (not 2), and an
	 * invalid indirection ends only the command, not the script */
	int fail_status;
	bool fail_stay;
};

static int expand_parts(struct exp *e, struct wpart *w);

/* A quoted character in a pattern is escaped with a backslash so that it
 * matches itself. Inside a bracket expression that covers more than the
 * five pattern characters: "[\!a]", "[a\-c]" and "[[:alpha\:]]" are sets
 * of literal characters (XCU 2.13.1), so every ASCII punctuation
 * character is escaped ('/' excepted: glob(3) splits on it first).
 * Letters, digits and non-ASCII bytes (a multibyte character) never
 * need it. */
static bool is_glob_special(int c)
{
	return c < 128 && c != '/' && !(c >= '0' && c <= '9') &&
	       !((c | 0x20) >= 'a' && (c | 0x20) <= 'z') && c > ' ';
}

static void add_char(struct exp *e, int c, bool quoted)
{
	if (e->pattern && quoted && is_glob_special(c))
		buf_putc(&e->cur, '\\');
	buf_putc(&e->cur, (char)c);
	if (e->glob) {
		if (quoted && is_glob_special(c))
			buf_putc(&e->pat, '\\');
		else if (!quoted &&
			 (c == '*' || c == '?' || c == '[' || c == '('))
			e->hasglob = true;
		buf_putc(&e->pat, (char)c);
	}
	e->inword = true;
	e->pending = false;
}

static void add_chars(struct exp *e, const char *s, size_t n, bool quoted)
{
	if (!e->pattern && !e->glob) {
		buf_putn(&e->cur, s, n);
		e->inword = true;
		e->pending = false;
		return;
	}
	for (size_t i = 0; i < n; i++)
		add_char(e, (unsigned char)s[i], quoted);
}

/* "." or ".." as the last component: bash 5.2 never globs them
 * (globskipdots), dash does (".*"). */
static bool dot_or_dotdot(const char *p)
{
	const char *b = strrchr(p, '/');

	b = b ? b + 1 : p;
	return b[0] == '.' && (!b[1] || (b[1] == '.' && !b[2]));
}

static void emit(struct exp *e)
{
	struct shell *sh = e->sh;
	bool bash = !sh->opt[O_POSIX];

	if (!e->out)
		return;
	if (e->glob && e->hasglob && gx_magic(sh, e->pat.s)) {
		glob_t g;
		int n = 0;
		/* shopt -s dotglob: a leading '.' needs no explicit dot */
		int flags = bash && sh->shopt[SHOPT_DOTGLOB] ? GLOB_PERIOD : 0;

		if (gx_wanted(sh)) {
			/* extglob, globstar, nocaseglob: globx.c walks */
			n = gx_expand(sh, e->pat.s, e->out);
			if (n == -EINTR) {
				/* ^C during the walk: the command does not
				 * run (with its list cut short) */
				e->err = -1;
				e->fail_status = 130;
				e->fail_stay = true;
				goto reset;
			}
		} else {
			if (glob(e->pat.s, flags, NULL, &g) == 0)
				for (size_t i = 0; i < g.gl_pathc; i++) {
					if (bash &&
					    dot_or_dotdot(g.gl_pathv[i]))
						continue;
					strv_push(e->out, g.gl_pathv[i]);
					n++;
				}
			globfree(&g);
		}
		if (n)
			goto reset;
		if (bash && sh->shopt[SHOPT_NULLGLOB])
			goto reset; /* no match: no word */
		if (bash && sh->shopt[SHOPT_FAILGLOB]) {
			/* the line is dropped, the script goes on (bash) */
			sh_err(sh, "no match: %s", e->cur.s ? e->cur.s : "");
			e->err = -1;
			e->fail_status = 1;
			e->fail_stay = true;
			goto reset;
		}
	}
	strv_push(e->out, e->cur.s ? e->cur.s : "");
reset:
	e->cur.len = 0;
	if (e->cur.s)
		e->cur.s[0] = 0;
	e->pat.len = 0;
	if (e->pat.s)
		e->pat.s[0] = 0;
	e->inword = false;
	e->hasglob = false;
}

static bool ifs_ws(int c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

/* An unquoted expansion result: split by IFS, as it is now. Looked up
 * here, not once per word list: an expansion before this one may have
 * assigned it (${IFS:=:}, $((IFS=1))), which frees the old value; dash
 * splits with the new one too. */
static void add_split(struct exp *e, const char *s, size_t n)
{
	const char *ifs = var_get(e->sh, "IFS");

	if (!ifs)
		ifs = " \t\n";

	for (size_t i = 0; i < n; i++) {
		int c = (unsigned char)s[i];

		if (!c || !strchr(ifs, c)) {
			add_char(e, c, false);
			continue;
		}
		if (ifs_ws(c)) {
			if (e->inword) {
				emit(e);
				e->pending = true;
			}
		} else {
			if (e->inword || !e->pending)
				emit(e);
			e->pending = false;
		}
	}
}

static void add_value(struct exp *e, const char *s, bool quoted)
{
	if (quoted) {
		/* "$e" and "$*" make a field even when empty */
		e->inword = true;
		e->pending = false;
	}
	if (!s)
		return;
	if (quoted || !e->split || !e->out)
		add_chars(e, s, strlen(s), quoted);
	else
		add_split(e, s, strlen(s));
}

static const char *home_of(struct exp *e, const char *user, size_t n)
{
	char name[256];

	if (!n)
		return var_get(e->sh, "HOME");
	if (n >= sizeof(name))
		return NULL;
	memcpy(name, user, n);
	name[n] = 0;
	return pw_home(name);
}

/* |s| starts with '~'. Returns the characters used (0: no expansion). */
static size_t do_tilde(struct exp *e, const char *s, size_t n, bool more)
{
	size_t k = 1;
	const char *h;

	while (k < n && s[k] != '/' && !(e->tilde == 2 && s[k] == ':'))
		k++;
	if (k == n && more)
		return 0; /* the prefix runs into a quoted or expanded part */
	h = home_of(e, s + 1, k - 1);
	if (!h)
		return 0;
	add_chars(e, h, strlen(h), true);
	return k;
}

static void expand_lit(struct exp *e, struct wpart *w, bool first)
{
	size_t i = 0;

	if (w->quoted) {
		if (!w->len) {
			e->inword = true;
			e->pending = false;
		}
		add_chars(e, w->s, w->len, true);
		return;
	}
	if (e->tilde && first && w->len && w->s[0] == '~')
		i = do_tilde(e, w->s, w->len, w->next != NULL);
	if (e->in_arg && e->split && e->out) {
		add_split(e, w->s + i, w->len - i);
		return;
	}
	if (e->tilde != 2) {
		add_chars(e, w->s + i, w->len - i, false);
		return;
	}
	for (; i < w->len; i++) {
		add_char(e, (unsigned char)w->s[i], false);
		if (w->s[i] == ':' && i + 1 < w->len && w->s[i + 1] == '~')
			i += do_tilde(e, w->s + i + 1, w->len - i - 1,
				      w->next != NULL);
	}
}

/* --- parameters
 * --------------------------------------------------------------- */

static char *param_join(struct shell *sh, int sep)
{
	struct sbx_buf b = {0};

	buf_putn(&b, "", 0);
	for (int i = 0; i < sh->nparams; i++) {
		if (i && sep)
			buf_putc(&b, (char)sep);
		buf_puts(&b, sh->params[i]);
	}
	return b.s;
}

static int ifs_first(struct exp *e)
{
	const char *ifs = var_get(e->sh, "IFS");

	return ifs ? ifs[0] : ' ';
}

/* Value of a parameter: NULL if unset. |tmp| receives allocated strings. */
static const char *param_value(struct exp *e, const char *name, char **tmp)
{
	struct shell *sh = e->sh;
	char buf[64];

	*tmp = NULL;
	if (name[1] == 0) {
		switch (name[0]) {
		case '@':
		case '*':
			if (!sh->nparams)
				return NULL;
			return *tmp = param_join(
				   sh, name[0] == '*' ? ifs_first(e) : ' ');
		case '#':
			snprintf(buf, sizeof(buf), "%d", sh->nparams);
			return *tmp = xstrdup(buf);
		case '?':
			snprintf(buf, sizeof(buf), "%d", sh->status);
			return *tmp = xstrdup(buf);
		case '$':
			snprintf(buf, sizeof(buf), "%ld", (long)sh->rootpid);
			return *tmp = xstrdup(buf);
		case '!':
			if (!sh->lastbg)
				return NULL;
			snprintf(buf, sizeof(buf), "%ld", (long)sh->lastbg);
			return *tmp = xstrdup(buf);
		case '-':
			sh_dollar_dash(sh, buf, sizeof(buf));
			return *tmp = xstrdup(buf);
		case '0':
			return sh->arg0;
		}
	}
	if (name[0] >= '0' && name[0] <= '9') {
		long i = strtol(name, NULL, 10);

		if (i < 1 || i > sh->nparams)
			return NULL;
		return sh->params[i - 1];
	}
	if (name[0] == 'L' && !strcmp(name, "LINENO")) {
		snprintf(buf, sizeof(buf), "%d", sh->lineno);
		return *tmp = xstrdup(buf);
	}
	if (!sh->opt[O_POSIX] && strchr("RSEBPF", name[0])) {
		const char *v = sv_value(sh, name, tmp);

		if (v)
			return v;
	}
	return var_get(sh, name);
}

static int remove_pattern(const char *val, const char *pat0, int op, int fl,
			  struct sbx_buf *res)
{
	size_t len = strlen(val), i;
	char *v = xstrdup(val),
	     *fix = fl & FNM_EXTMATCH ? px_extfix(pat0) : NULL;
	const char *pat = fix ? fix : pat0;
	int found = 0;

	switch (op) {
	case PO_RSMALL:
	case PO_RLARGE:
		for (size_t k = 0; k <= len; k++) {
			i = op == PO_RSMALL ? len - k : k;
			if (!fnmatch(pat, v + i, fl)) {
				buf_putn(res, v, i);
				found = 1;
				break;
			}
		}
		break;
	default:
		for (size_t k = 0; k <= len; k++) {
			char c;

			i = op == PO_LSMALL ? k : len - k;
			c = v[i];
			v[i] = 0;
			if (!fnmatch(pat, v, fl)) {
				v[i] = c;
				buf_puts(res, v + i);
				found = 1;
				break;
			}
			v[i] = c;
		}
	}
	if (!found)
		buf_puts(res, val);
	free(v);
	free(fix);
	return 0;
}

static char *sub_str(struct exp *e, struct word *w, bool pattern)
{
	if (!w)
		return xstrdup("");
	return pattern ? exp_pattern(e->sh, w) : exp_str(e->sh, w, false);
}

static int expand_arg(struct exp *e, struct wpart *w)
{
	int rc, tilde = e->tilde;

	if (!w->arg)
		return 0;
	if (w->quoted) {
		e->inword = true;
		e->pending = false;
	}
	e->in_arg++;
	/* in an assignment, x=${y:-~/a:~/b} expands both (dash) */
	e->tilde = tilde;
	rc = expand_parts(e, w->arg->parts);
	e->tilde = tilde;
	e->in_arg--;
	return rc;
}

static bool bash_op(int op)
{
	switch (op) {
	case PO_REPL:
	case PO_REPLALL:
	case PO_REPLBEG:
	case PO_REPLEND:
	case PO_SUBSTR:
	case PO_UPPER1:
	case PO_UPPER:
	case PO_LOWER1:
	case PO_LOWER:
	case PO_TOGGLE1:
	case PO_TOGGLE:
	case PO_TRANSFORM:
	case PO_NAMES:
		return true;
	}
	return false;
}

static int bad_subst(struct exp *e, struct wpart *w)
{
	struct sbx_buf b = {0};

	part_text(&b, w);
	sh_err(e->sh, "%s: bad substitution", b.s ? b.s : "");
	buf_free(&b);
	if (!e->sh->opt[O_POSIX])
		e->fail_status = 1;
	return -1;
}

/* Several values as "$@" (|at| and |quoted|: a field each), "$*" (one,
 * joined by IFS's first character) or unquoted (each split). */
static void add_list(struct exp *e, char *const *v, int n, bool quoted, bool at)
{
	if (quoted && at && e->out) {
		for (int i = 0; i < n; i++) {
			if (i)
				emit(e);
			e->inword = true;
			add_chars(e, v[i], strlen(v[i]), true);
		}
		return;
	}
	if (!quoted && e->out && e->split) {
		for (int i = 0; i < n; i++) {
			if (i && e->inword)
				emit(e);
			add_split(e, v[i], strlen(v[i]));
		}
		return;
	}
	for (int i = 0; i < n; i++) {
		int sep = at ? ' ' : ifs_first(e);

		if (i && sep)
			add_chars(e, (char[]){(char)sep}, 1, quoted);
		add_chars(e, v[i], strlen(v[i]), quoted);
	}
	if (quoted) {
		e->inword = true;
		e->pending = false;
	}
}

/* One operand of ${x:off:len}: bash names the parameter in an error
 * ("x: 1/0: division by 0"), drops the rest of the line, status 1. */
static int substr_arith(struct exp *e, const char *who, const char *s,
			intmax_t *v)
{
	int rc = exp_arith_who(e->sh, who, s, v);

	if (rc < 0 && !e->sh->opt[O_POSIX]) {
		e->fail_status = 1;
		e->fail_stay = true;
	}
	return rc;
}

/* ${x:off:len}'s operands: arithmetic, as bash; |*has_len| false when
 * there is no ":len". */
static int substr_args(struct exp *e, struct wpart *w, const char *who,
		       intmax_t *off, intmax_t *len, bool *has_len)
{
	char *s;
	int rc;

	if (!w->arg || !w->arg->parts) {
		e->fail_stay = true;
		return bad_subst(e, w); /* ${x:} */
	}
	s = exp_str(e->sh, w->arg, false);
	if (!s)
		return -1;
	rc = substr_arith(e, who, s, off);
	free(s);
	if (rc < 0)
		return -1;
	*has_len = w->arg->next != NULL;
	*len = 0;
	if (!*has_len)
		return 0;
	s = exp_str(e->sh, w->arg->next, false);
	if (!s)
		return -1;
	rc = substr_arith(e, who, s, len);
	free(s);
	return rc;
}

/* ${@:off:len} and ${*:off:len}: a slice of $0 $1 ... */
static int expand_slice(struct exp *e, struct wpart *w, bool at)
{
	struct shell *sh = e->sh;
	intmax_t off, len, n = sh->nparams + 1;
	bool has_len;
	char **v;

	if (substr_args(e, w, at ? "@" : "*", &off, &len, &has_len) < 0)
		return -1;
	if (has_len && len < 0) {
		sh_err(sh, "%jd: substring expression < 0", len);
		e->fail_status = 1;
		e->fail_stay = true;
		return -1;
	}
	if (off < 0)
		off += n;
	if (off < 0 || off >= n) {
		add_list(e, NULL, 0, w->quoted, at);
		return 0;
	}
	if (!has_len || len > n - off)
		len = n - off;
	v = xmalloc((size_t)(len + 1) * sizeof(*v));
	for (intmax_t i = 0; i < len; i++)
		v[i] = off + i ? sh->params[off + i - 1] : sh->arg0;
	add_list(e, v, (int)len, w->quoted, at);
	free(v);
	return 0;
}

/* ${!prefix*} and ${!prefix@}: the names of the set variables that start
 * with it, sorted. */
static int expand_names(struct exp *e, struct wpart *w)
{
	const char **all = var_names(e->sh, 0);
	size_t pl = strlen(w->s);
	int n = 0;

	for (size_t i = 0; all[i]; i++)
		if (!strncmp(all[i], w->s, pl))
			all[n++] = all[i];
	add_list(e, (char *const *)all, n, w->quoted, w->colon);
	free(all);
	return 0;
}

/* The operands of a replacement (pattern, replacement), a case change
 * (pattern) or a transform (its letter), expanded once. */
static int op_operands(struct exp *e, struct wpart *w, char **pat, char **rep)
{
	*pat = *rep = NULL;
	if (w->op == PO_TRANSFORM)
		*pat = exp_str(e->sh, w->arg, false);
	else
		*pat = sub_str(e, w->arg, true);
	if (!*pat)
		return -1;
	if (w->op == PO_REPL || w->op == PO_REPLALL || w->op == PO_REPLBEG ||
	    w->op == PO_REPLEND) {
		*rep = sub_str(e, w->arg ? w->arg->next : NULL, true);
		if (!*rep)
			return -1;
	}
	return 0;
}

/* One value through the operator (paramx.c computes) into |res|. */
static int op_apply(struct exp *e, struct wpart *w, const char *v,
		    const char *pat, const char *rep, struct sbx_buf *res)
{
	switch (w->op) {
	case PO_TRANSFORM:
		if (px_transform(v, pat, res) < 0)
			return bad_subst(e, w);
		return 0;
	case PO_REPL:
	case PO_REPLALL:
	case PO_REPLBEG:
	case PO_REPLEND:
		px_replace(v, pat, rep, w->op, gx_fnmflags(e->sh, GX_REPLACE),
			   res);
		return 0;
	case PO_RSMALL:
	case PO_RLARGE:
	case PO_LSMALL:
	case PO_LLARGE:
		buf_putn(res, "", 0);
		return remove_pattern(v, pat, w->op,
				      gx_fnmflags(e->sh, GX_REMOVE), res);
	default:
		px_case(v, pat, w->op, gx_fnmflags(e->sh, GX_REMOVE), res);
		return 0;
	}
}

/* ${@/p/r}, ${*^^}, ${@@Q}...: the operator on each parameter, the
 * results as "$@" or "$*" would give them (bash). The parameters are
 * copied first: an operand may run `set --`. */
static int expand_each_v(struct exp *e, struct wpart *w, bool at, char **v,
			 int n)
{
	char *pat, *rep;
	int rc = op_operands(e, w, &pat, &rep);

	for (int i = 0; !rc && i < n; i++) {
		struct sbx_buf res = {0};

		rc = op_apply(e, w, v[i], pat, rep, &res);
		free(v[i]);
		v[i] = res.s ? res.s : xstrdup("");
	}
	if (!rc)
		add_list(e, v, n, w->quoted, at);
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
	free(pat);
	free(rep);
	return rc;
}

static int expand_each(struct exp *e, struct wpart *w, bool at)
{
	struct shell *sh = e->sh;
	int n = sh->nparams;
	char **v = xcalloc((size_t)n + 1, sizeof(*v));

	for (int i = 0; i < n; i++)
		v[i] = xstrdup(sh->params[i]);
	return expand_each_v(e, w, at, v, n);
}

/* bash's ${a[@]} and ${a[*]} (arrvar.c has the values): the values as
 * "$@" or "$*" give them, with an operator applied to each, their
 * count (${#a[@]}), a slice, or the keys (${!a[@]}). */
static int expand_array(struct exp *e, struct wpart *w, int as)
{
	intmax_t off, len;
	bool has_len, at = as == '@';
	size_t n;
	char **v, buf[32];
	int rc = 0;

	if (w->op == PO_SUBSTR) {
		char *who = xasprintf("%s[%c]", w->s, as);

		rc = substr_args(e, w, who, &off, &len, &has_len);
		free(who);
		if (rc < 0)
			return -1;
		v = av_slice(e->sh, w->s, off, has_len, len, &n);
	} else {
		v = av_list(e->sh, w->s, w->indirect, &n);
	}
	if (w->op == PO_LEN) {
		snprintf(buf, sizeof(buf), "%zu", n);
		add_value(e, buf, w->quoted);
	} else if (w->op == PO_NONE || w->op == PO_SUBSTR || w->indirect) {
		add_list(e, v, (int)n, w->quoted, at);
	} else if (w->op == PO_MINUS || w->op == PO_PLUS) {
		if ((w->op == PO_MINUS) ==
		    (!n || (w->colon && n == 1 && !*v[0])))
			rc = expand_arg(e, w);
		else if (w->op == PO_MINUS)
			add_list(e, v, (int)n, w->quoted, at);
	} else if (w->op == PO_ASSIGN || w->op == PO_QUEST) {
		rc = bad_subst(e, w);
	} else {
		return expand_each_v(e, w, at, v, (int)n);
	}
	av_free(v, n);
	return rc;
}

/* A parameter's value, or an array element's ${a[sub]} (bash): NULL when
 * unset, -1 in |*err| after a message. */
static const char *lookup(struct exp *e, struct wpart *w, const char *name,
			  char **tmp, int *err)
{
	const char *val;

	*err = 0;
	if (!w->sub)
		return param_value(e, name, tmp);
	if (av_elem(e->sh, name, w->sub, &val, tmp) < 0) {
		/* bash: a[1/0] drops the rest of the line, status 1 */
		e->fail_status = 1;
		e->fail_stay = true;
		*err = -1;
	}
	return val;
}

/* set -u's error for |name|: bash's words and status in its mode
 * ("unbound variable", 127; 1 in a subshell, as bash's), dash's in
 * posix mode ("parameter not set", 2). */
static void unbound(struct exp *e, const char *name, const struct wpart *w)
{
	struct shell *sh = e->sh;
	struct sbx_buf sub = {0};

	if (sh->opt[O_POSIX]) {
		sh_err(sh, "%s: parameter not set", name);
		return;
	}
	/* an element: bash names it with its subscript as typed, a[$i] */
	if (w->sub)
		unparse_word(&sub, w->sub);
	sh_err(sh, "%s%s%s%s: unbound variable", name, w->sub ? "[" : "",
	       w->sub ? sub.s : "", w->sub ? "]" : "");
	buf_free(&sub);
	e->fail_status = sh->subshell ? 1 : 127;
}

/* ${x?word}'s error status: 127 in bash's mode (1 in a subshell), 2 in
 * dash's. */
static void quest_status(struct exp *e)
{
	if (!e->sh->opt[O_POSIX])
		e->fail_status = e->sh->subshell ? 1 : 127;
}

/* bash's operators on one value (paramx.c computes). The value is copied
 * first: expanding the operands may assign the variable. */
static int expand_bash_op(struct exp *e, struct wpart *w, const char *name,
			  bool atstar)
{
	struct shell *sh = e->sh;
	struct sbx_buf res = {0};
	char *tmp = NULL, *v, *pat = NULL, *rep = NULL;
	const char *val;
	int rc = 0;

	if (w->op == PO_SUBSTR && atstar)
		return expand_slice(e, w, name[0] == '@');
	if (atstar)
		return expand_each(e, w, name[0] == '@');
	val = lookup(e, w, name, &tmp, &rc);
	if (rc < 0)
		return -1;
	if (!val && sh->opt[O_NOUNSET] && !atstar) {
		free(tmp);
		unbound(e, name, w);
		return -1;
	}
	v = tmp ? tmp : xstrdup(val ? val : "");
	if (w->op == PO_SUBSTR) {
		intmax_t off, len;
		bool has_len;

		rc = substr_args(e, w, name, &off, &len, &has_len);
		if (!rc && px_substr(v, off, has_len, len, &res) < 0) {
			sh_err(sh, "%jd: substring expression < 0", len);
			e->fail_status = 1;
			e->fail_stay = true;
			rc = -1;
		}
	} else {
		rc = op_operands(e, w, &pat, &rep);
		if (!rc)
			rc = op_apply(e, w, v, pat, rep, &res);
		if (!rc && !val)
			res.len = 0; /* ${unset@Q} is nothing */
	}
	if (!rc) {
		if (res.s)
			res.s[res.len] = 0;
		if (val || w->quoted)
			add_value(e, val ? (res.s ? res.s : "") : NULL,
				  w->quoted);
	}
	buf_free(&res);
	free(pat);
	free(rep);
	free(v);
	return rc;
}

/* ${!name}: the parameter named by name's value. */
static int indirect_name(struct exp *e, const char *name, char **out)
{
	char *tmp;
	const char *val = param_value(e, name, &tmp);
	size_t n;

	e->fail_status = 1;
	if (!val) {
		sh_err(e->sh, "%s: invalid indirect expansion", name);
		e->fail_stay = true;
		return -1;
	}
	n = strlen(val);
	if (!str_is_name(val, n) && !(n == 1 && strchr("@*#?-$!0", val[0])) &&
	    !(n && strspn(val, "0123456789") == n)) {
		sh_err(e->sh, "%s: invalid variable name", val);
		e->fail_stay = true;
		free(tmp);
		return -1;
	}
	e->fail_status = 0;
	*out = tmp ? tmp : xstrdup(val);
	return 0;
}

static int expand_param1(struct exp *e, struct wpart *w);

/* declare -n: ${!ref} is the name the reference holds (its own value,
 * with any operator: ${!ref^^}), not the variable that name names. */
static int expand_param(struct exp *e, struct wpart *w)
{
	struct shell *sh = e->sh;
	struct wpart own;
	bool nd = sh->noderef;
	int rc;

	if (!w->indirect || !sh->has_nameref || sh->opt[O_POSIX] ||
	    !var_ref_target(sh, w->s))
		return expand_param1(e, w);
	own = *w;
	own.indirect = false;
	sh->noderef = true;
	rc = expand_param1(e, &own);
	sh->noderef = nd;
	return rc;
}

static int expand_param1(struct exp *e, struct wpart *w)
{
	struct shell *sh = e->sh;
	const char *name = w->s;
	char *tmp = NULL, *s, *ind = NULL;
	const char *val;
	bool set, empty, atstar;
	int rc = 0;

	if (w->sub && av_atstar(w->sub))
		return expand_array(e, w, av_atstar(w->sub));
	if (w->indirect || bash_op(w->op)) {
		/* dash has none of them: an error when expanded, as there */
		if (sh->opt[O_POSIX])
			return bad_subst(e, w);
		if (w->op == PO_NAMES)
			return expand_names(e, w);
		if (w->indirect) {
			if (indirect_name(e, name, &ind) < 0)
				return -1;
			name = ind;
		}
		if (bash_op(w->op)) {
			rc = expand_bash_op(
			    e, w, name,
			    !name[1] && (name[0] == '@' || name[0] == '*'));
			free(ind);
			return rc;
		}
	}
	atstar = !name[1] && (name[0] == '@' || name[0] == '*');
	if (atstar && !sh->opt[O_POSIX] &&
	    (w->op == PO_RSMALL || w->op == PO_RLARGE || w->op == PO_LSMALL ||
	     w->op == PO_LLARGE)) {
		/* "${@%-*}": each parameter (bash), not the joined value */
		free(ind);
		return expand_each(e, w, name[0] == '@');
	}

	if (atstar && w->op == PO_NONE) {
		if (w->quoted && name[0] == '@' && e->out) {
			for (int i = 0; i < sh->nparams; i++) {
				if (i)
					emit(e);
				e->inword = true;
				add_chars(e, sh->params[i],
					  strlen(sh->params[i]), true);
			}
			free(ind);
			return 0;
		}
		if (!w->quoted && e->out && e->split) {
			for (int i = 0; i < sh->nparams; i++) {
				if (i && e->inword)
					emit(e);
				add_split(e, sh->params[i],
					  strlen(sh->params[i]));
			}
			free(ind);
			return 0;
		}
	}
	val = lookup(e, w, name, &tmp, &rc);
	if (rc < 0) {
		free(ind);
		return -1;
	}
	set = val != NULL;
	empty = !val || !*val;
	switch (w->op) {
	case PO_NONE:
	case PO_LEN:
		if (!set && sh->opt[O_NOUNSET] && !atstar) {
			unbound(e, name, w);
			rc = -1;
			break;
		}
		if (w->op == PO_LEN) {
			char buf[32];

			snprintf(buf, sizeof(buf), "%zu",
				 val ? strlen(val) : 0);
			add_value(e, buf, w->quoted);
		} else {
			add_value(e, val, w->quoted);
		}
		break;
	case PO_MINUS:
		if (!set || (w->colon && empty))
			rc = expand_arg(e, w);
		else
			add_value(e, val, w->quoted);
		break;
	case PO_PLUS:
		if (set && !(w->colon && empty)) {
			rc = expand_arg(e, w);
		} else if (w->quoted) {
			/* "${x+...}" with x unset is still one empty field */
			e->inword = true;
			e->pending = false;
		}
		break;
	case PO_ASSIGN:
		if (set && !(w->colon && empty)) {
			add_value(e, val, w->quoted);
			break;
		}
		if (!str_is_name(name, strlen(name))) {
			sh_err(sh, "%s: bad substitution", name);
			rc = -1;
			break;
		}
		s = sub_str(e, w->arg, false);
		if (!s) {
			rc = -1;
			break;
		}
		if (var_set(sh, name, s, 0) < 0) {
			sh_err(sh, "%s: is read only", name);
			rc = -1;
		} else {
			add_value(e, s, w->quoted);
		}
		free(s);
		break;
	case PO_QUEST:
		if (set && !(w->colon && empty)) {
			add_value(e, val, w->quoted);
			break;
		}
		s = w->arg && w->arg->parts ? sub_str(e, w->arg, false) : NULL;
		if (s && *s)
			sh_err(sh, "%s: %s", name, s);
		else
			sh_err(sh, "%s: %s", name,
			       set ? "parameter null or not set"
				   : "parameter not set");
		free(s);
		quest_status(e);
		rc = -1;
		break;
	default: {
		struct sbx_buf res = {0};

		if (!set && sh->opt[O_NOUNSET] && !atstar) {
			unbound(e, name, w);
			rc = -1;
			break;
		}
		/* The pattern is expanded after the value was looked up, and
		 * may assign the same variable (${x#$((x=1))}, ${x%${x=}}),
		 * which frees the old value: keep a copy of it first (a
		 * use-after-free the expand fuzzer found). */
		if (val && !tmp)
			val = tmp = xstrdup(val);
		s = sub_str(e, w->arg, true);
		if (!s) {
			rc = -1;
			break;
		}
		buf_putn(&res, "", 0);
		remove_pattern(val ? val : "", s, w->op,
			       gx_fnmflags(e->sh, GX_REMOVE), &res);
		add_value(e, res.s, w->quoted);
		buf_free(&res);
		free(s);
	}
	}
	free(tmp);
	free(ind);
	return rc;
}

static int expand_parts(struct exp *e, struct wpart *w)
{
	bool first = true;

	for (; w && !e->err; w = w->next, first = false) {
		switch (w->type) {
		case WP_LIT:
			expand_lit(e, w, first);
			break;
		case WP_PARAM:
			if (expand_param(e, w) < 0)
				e->err = -1;
			break;
		case WP_CMD: {
			char *s = eval_cmdsubst(e->sh, w->cmd);

			add_value(e, s, w->quoted);
			free(s);
			if (e->sh->jump == J_EXIT)
				e->err = -1;
			break;
		}
		case WP_PROCSUB: {
			char *s = ps_open(e->sh, w);

			if (!s) {
				e->err = -1;
				break;
			}
			add_value(e, s, 1);
			free(s);
			break;
		}
		case WP_ARITH: {
			char *s = exp_str(e->sh, w->arg, false);
			intmax_t v;
			char buf[32];

			if (!s) {
				e->err = -1;
				break;
			}
			if (exp_arith_str(e->sh, s, &v) < 0) {
				/* bash: status 1, the rest of the line
				 * dropped, the script goes on */
				if (!e->sh->opt[O_POSIX]) {
					e->fail_status = 1;
					e->fail_stay = true;
				}
				e->err = -1;
				free(s);
				break;
			}
			free(s);
			snprintf(buf, sizeof(buf), "%jd", v);
			add_value(e, buf, w->quoted);
			break;
		}
		}
	}
	return e->err;
}

static void exp_init(struct exp *e, struct shell *sh)
{
	memset(e, 0, sizeof(*e));
	e->sh = sh;
	buf_putn(&e->cur, "", 0);
}

static void exp_fail(struct exp *e)
{
	struct shell *sh = e->sh;
	int st = e->fail_status ? e->fail_status : 2;

	buf_free(&e->cur);
	buf_free(&e->pat);
	sh->status = st;
	/* bash drops the rest of the command line after some of its own
	 * errors (${!unset}, ${x:0:-9}, ${x:}) and goes on with the next */
	if (e->fail_stay && sh->jump != J_EXIT) {
		sh->jump = J_INTR;
		sh->exit_status = st;
		return;
	}
	/* An expansion error in a non-interactive shell ends it (POSIX
	 * 2.8.1); in a subshell, just that subshell. */
	if (!sh->opt[O_INTERACTIVE] && sh->jump != J_EXIT && !sh->in_command) {
		sh->jump = J_EXIT;
		sh->exit_status = st;
	}
}

/* One word of a list: its fields into e->out. */
static int expand_field(struct exp *e, struct wpart *parts)
{
	e->tilde = 1;
	e->pending = false;
	if (expand_parts(e, parts) < 0)
		return -1;
	if (e->inword)
		emit(e);
	e->inword = false;
	return e->err; /* failglob */
}

/* Brace expansion (bash mode), before every other expansion: each word
 * it gives (brace.h) is expanded in turn ({~,x} has a tilde to expand,
 * {$a,b} a parameter). */
static int expand_one_braced(void *ctx, struct wpart *w)
{
	return expand_field(ctx, w);
}

static int expand_braced(struct exp *e, struct wpart *parts)
{
	return brace_each(parts, expand_one_braced, e);
}

int exp_words(struct shell *sh, struct word *w, struct sbx_strv *out)
{
	return exp_words_until(sh, w, NULL, out);
}

int exp_words_until(struct shell *sh, struct word *w, struct word *stop,
		    struct sbx_strv *out)
{
	struct exp e;

	exp_init(&e, sh);
	e.out = out;
	e.split = true;
	e.glob = !sh->opt[O_NOGLOB];
	if (e.glob)
		buf_putn(&e.pat, "", 0);
	for (; w && w != stop; w = w->next) {
		int rc;

		if ((w->flags & W_BRACE) && !sh->opt[O_POSIX]) {
			rc = expand_braced(&e, w->parts);
		} else if ((w->flags & W_PLAIN) && w->parts->s[0] != '~') {
			strv_push(out, w->parts->s);
			continue;
		} else {
			rc = expand_field(&e, w->parts);
		}
		if (rc < 0) {
			exp_fail(&e);
			return -1;
		}
	}
	buf_free(&e.cur);
	buf_free(&e.pat);
	return 0;
}

static char *exp_one(struct shell *sh, struct wpart *parts, int tilde,
		     bool pattern)
{
	struct exp e;

	exp_init(&e, sh);
	e.tilde = tilde;
	e.pattern = pattern;
	if (expand_parts(&e, parts) < 0) {
		exp_fail(&e);
		return NULL;
	}
	return e.cur.s;
}

char *exp_str(struct shell *sh, struct word *w, bool tilde_assign)
{
	if (!w)
		return xstrdup("");
	if (w->flags & W_PLAIN && w->parts->s[0] != '~')
		return xstrdup(w->parts->s);
	return exp_one(sh, w->parts, tilde_assign ? 2 : 1, false);
}

char *exp_pattern(struct shell *sh, struct word *w)
{
	if (!w)
		return xstrdup("");
	return exp_one(sh, w->parts, 1, true);
}

char *exp_assign(struct shell *sh, struct word *w, char **name)
{
	struct wpart first = *w->parts;
	char *eq =
	    first.type == WP_LIT ? memchr(first.s, '=', first.len) : NULL;
	size_t off;

	/* An array element's name (a[$i]=v) spans several parts: the shell
	 * refuses such a command before it expands anything (eval.c
	 * refuse_array); here it is an error, never a length off the end. */
	if (!eq) {
		*name = NULL;
		sh_err(sh, "%.*s: arrays are not supported yet", (int)first.len,
		       first.s ? first.s : "");
		return NULL;
	}
	off = (size_t)(eq - first.s) + 1;
	*name = xstrndup(first.s, off - 1);
	first.s += off;
	first.len -= off;
	if (!first.next && !memchr(first.s, '~', first.len))
		return xstrndup(first.s, first.len); /* a plain literal */
	return exp_one(sh, &first, 2, false);
}

void exp_ifs_split_read(struct shell *sh, const char *s, const char *esc,
			size_t len, int max, struct sbx_strv *out)
{
	const char *ifs = var_get(sh, "IFS");
	size_t i = 0;

	if (!ifs)
		ifs = " \t\n";
#define ISIFS(k) (!esc[k] && s[k] && strchr(ifs, s[k]))
#define ISWS(k) (ISIFS(k) && ifs_ws((unsigned char)s[k]))
	while (i < len && ISWS(i))
		i++;
	for (int f = 0; f < max && i < len; f++) {
		size_t st = i;

		if (f == max - 1) {
			size_t end = len, q = i;

			while (end > i && ISWS(end - 1))
				end--;
			/* "2," for the last name is "2": a lone field and its
			 * delimiter, as dash and bash read it */
			while (q < end && !ISIFS(q))
				q++;
			if (q < end) {
				size_t r = q + 1;

				while (r < end && ISWS(r))
					r++;
				if (r == end && !ifs_ws((unsigned char)s[q]))
					end = q;
			}
			strv_take(out, xstrndup(s + st, end - st));
			return;
		}
		while (i < len && !ISIFS(i))
			i++;
		strv_take(out, xstrndup(s + st, i - st));
		while (i < len && ISWS(i))
			i++;
		if (i < len && ISIFS(i)) {
			i++;
			while (i < len && ISWS(i))
				i++;
		}
	}
#undef ISIFS
#undef ISWS
}
