/* shell/interp/arrvar.c — bash's arrays in the shell: subscripts
 * (arithmetic for indexed arrays, negative from the end; a string for
 * associative ones), the assignments a=(...), a+=(...), a[i]=v and
 * a[i]+=v, unset 'a[i]', the elements arithmetic reads and writes
 * (a[i] in $((...))), and the values ${a[@]} expands to. array.c holds
 * the elements; only the default (bash) mode gets here: the parser of
 * --posix never makes an array word (dash has none). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "interp.h"

/* An assignment error (a[-9]=x, a readonly variable) drops the rest of
 * the command line with status 1, as in bash; the next line runs. */
void av_fail(struct shell *sh)
{
	if (!sh->jump) {
		sh->jump = J_INTR;
		sh->exit_status = 1;
	}
}

static int ro_err(struct shell *sh, const char *name, size_t n)
{
	sh_err(sh, "%.*s: readonly variable", (int)n, name);
	return -1;
}

/* Associative: an array of that kind, or declared -A with no element. */
static bool assoc_of(struct shell *sh, const char *name, struct arr *a)
{
	return a ? arr_is_assoc(a) : (var_flags(sh, name, NULL) & V_ASSOC);
}

/* |sub| (expanded) as an index of |a| (may be NULL): arithmetic, and
 * negative from the end. -1 after a message. */
static int sub_index(struct shell *sh, const char *name, size_t nlen,
		     struct arr *a, const char *sub, bool ref, intmax_t *idx)
{
	if (exp_arith_str(sh, *sub ? sub : "0", idx) < 0)
		return -1;
	if (*idx < 0) {
		intmax_t m = a ? arr_max(a) : -1;

		*idx += m + 1;
		if (*idx < 0) {
			/* a reference reads nothing and goes on (bash) */
			if (ref) {
				sh_err(sh, "%.*s: bad array subscript",
				       (int)nlen, name);
				return 1;
			}
			sh_err(sh, "%.*s[%s]: bad array subscript", (int)nlen,
			       name, sub);
			return -1;
		}
	}
	return 0;
}

/* A new string: |val| through declare -i's arithmetic when |name| has
 * the attribute, else a copy. NULL after a message. */
static char *int_value(struct shell *sh, unsigned flags, const char *val,
		       const char *old, bool append)
{
	intmax_t r, o = 0;

	if (!(flags & V_INTEGER)) {
		char *v =
		    append && old ? xasprintf("%s%s", old, val) : xstrdup(val);

		var_case(v, flags); /* declare -l, -u */
		return v;
	}
	if (exp_arith_str(sh, *val ? val : "0", &r) < 0)
		return NULL;
	if (append && old && exp_arith_str(sh, *old ? old : "0", &o) < 0)
		return NULL;
	return xasprintf("%jd", (intmax_t)((uintmax_t)r + (uintmax_t)o));
}

int av_set_elem(struct shell *sh, const char *name, size_t nlen,
		const char *sub, const char *val, bool append)
{
	char *nm = xstrndup(name, nlen), *v = NULL;
	unsigned fl = var_flags(sh, nm, NULL);
	struct arr *a = var_arr(sh, nm);
	intmax_t idx = 0;
	int rc = -1;

	if (fl & V_RDONLY) {
		ro_err(sh, name, nlen);
		goto out;
	}
	if (assoc_of(sh, nm, a)) {
		if (!*sub) {
			sh_err(sh, "%s[]: bad array subscript", nm);
			goto out;
		}
	} else if (sub_index(sh, name, nlen, a, sub, false, &idx) < 0) {
		goto out;
	}
	if (var_arr_make(sh, nm, assoc_of(sh, nm, a), &a) < 0) {
		ro_err(sh, name, nlen);
		goto out;
	}
	v = int_value(sh, fl, val, arr_get(a, idx, sub), append);
	if (!v)
		goto out;
	arr_set(a, idx, sub, v);
	sh->var_gen++;
	rc = 0;
out:
	free(v);
	free(nm);
	return rc;
}

/* "name[sub]": the name's length and the subscript, or false. */
static bool split_ref(const char *s, size_t *nlen, char **sub)
{
	size_t n = 0, len = strlen(s);

	while ((s[n] >= 'a' && s[n] <= 'z') || (s[n] >= 'A' && s[n] <= 'Z') ||
	       s[n] == '_' || (n && s[n] >= '0' && s[n] <= '9'))
		n++;
	if (!n || s[n] != '[' || len < n + 2 || s[len - 1] != ']')
		return false;
	*nlen = n;
	*sub = xstrndup(s + n + 1, len - n - 2);
	return true;
}

bool av_is_ref(const char *s)
{
	size_t n;
	char *sub;

	if (!split_ref(s, &n, &sub))
		return false;
	free(sub);
	return true;
}

const char *av_get_ref(struct shell *sh, const char *ref, char **tmp)
{
	size_t n;
	char *sub, *nm;
	struct arr *a;
	const char *v = NULL;
	intmax_t idx = 0;

	*tmp = NULL;
	if (!split_ref(ref, &n, &sub))
		return NULL;
	nm = xstrndup(ref, n);
	a = var_arr(sh, nm);
	if (assoc_of(sh, nm, a)) {
		v = a ? arr_get(a, 0, sub) : NULL;
	} else if (!a) {
		if (!strcmp(sub, "0") || !strcmp(sub, "@") || !strcmp(sub, "*"))
			v = var_get(sh, nm);
	} else if (sub_index(sh, ref, n, a, sub, true, &idx) == 0) {
		v = arr_get(a, idx, NULL);
	}
	if (v)
		v = *tmp = xstrdup(v);
	free(nm);
	free(sub);
	return v;
}

int av_set_ref(struct shell *sh, const char *ref, const char *val)
{
	size_t n;
	char *sub;
	int rc;

	if (!split_ref(ref, &n, &sub))
		return -EINVAL;
	rc = av_set_elem(sh, ref, n, sub, val, false);
	free(sub);
	return rc < 0 ? -EINVAL : 0;
}

int av_unset_ref(struct shell *sh, const char *ref)
{
	size_t n;
	char *sub, *nm;
	struct arr *a;
	intmax_t idx = 0;
	int rc = 0;

	if (!split_ref(ref, &n, &sub))
		return -EINVAL;
	nm = xstrndup(ref, n);
	a = var_arr(sh, nm);
	if (var_flags(sh, nm, NULL) & V_RDONLY) {
		sh_err(sh, "unset: %s: cannot unset: readonly variable", nm);
		rc = -1;
	} else if (!strcmp(sub, "@") || !strcmp(sub, "*")) {
		if (a)
			arr_clear(a);
		else
			var_unset(sh, nm);
	} else if (!a) {
		if (!strcmp(sub, "0"))
			var_unset(sh, nm);
	} else if (arr_is_assoc(a)) {
		arr_set(a, 0, sub, NULL);
	} else if (sub_index(sh, nm, n, a, sub, false, &idx) == 0) {
		arr_set(a, idx, NULL, NULL);
	} else {
		rc = -1;
	}
	sh->var_gen++;
	free(nm);
	free(sub);
	return rc;
}

/* --- a[sub]=value words ---------------------------------------------- */

/* The parts of word |w| (a[sub]=v or a[sub]+=v, W_ARRAY without W_LIST)
 * cut at "name[", "]=" into the subscript's and the value's, as copies
 * of the boundary parts (|cut| holds them). */
struct cut {
	struct wpart head, tail, *subparts, *valparts;
	struct wpart *copies; /* middle parts copied, freed after */
	size_t nlen;
	bool append;
};

static bool cut_word(struct word *w, struct cut *c)
{
	struct wpart *h = w->parts, **t;
	size_t n = 0;

	memset(c, 0, sizeof(*c));
	while (n < h->len && h->s[n] != '[')
		n++;
	c->nlen = n;
	c->head = *h;
	c->head.s += n + 1;
	c->head.len -= n + 1;
	c->head.next = h->next;
	/* the copies of the subscript's parts, up to the "]=" */
	t = &c->subparts;
	for (struct wpart *q = &c->head; q; q = q->next) {
		if (q->type == WP_LIT && !q->quoted) {
			for (size_t i = 0; i + 1 < q->len; i++) {
				if (q->s[i] != ']' ||
				    !(q->s[i + 1] == '=' ||
				      (q->s[i + 1] == '+' && i + 2 < q->len &&
				       q->s[i + 2] == '=')))
					continue;
				struct wpart *last = xmalloc(sizeof(*last));

				*last = *q;
				last->len = i;
				last->next = NULL;
				*t = last;
				c->append = q->s[i + 1] == '+';
				c->tail = *q;
				c->tail.s += i + (c->append ? 3 : 2);
				c->tail.len -= i + (c->append ? 3 : 2);
				c->valparts = &c->tail;
				return true;
			}
		}
		struct wpart *cp = xmalloc(sizeof(*cp));

		*cp = *q;
		cp->next = NULL;
		*t = cp;
		t = &cp->next;
	}
	return false;
}

static void cut_free(struct cut *c)
{
	struct wpart *q = c->subparts, *nx;

	for (; q; q = nx) {
		nx = q->next;
		free(q);
	}
}

static char *parts_str(struct shell *sh, struct wpart *p, bool tilde)
{
	struct word w = {.parts = p};

	return exp_str(sh, &w, tilde);
}

static int assign_elem_word(struct shell *sh, struct word *w,
			    struct sbx_strv *trace)
{
	struct cut c;
	char *sub = NULL, *val = NULL;
	int rc = -1;

	if (!cut_word(w, &c)) {
		cut_free(&c);
		sh_err(sh, "%s: bad array subscript", w->parts->s);
		return -1;
	}
	sub = parts_str(sh, c.subparts, false);
	if (sub)
		val = parts_str(sh, c.valparts, true);
	if (sub && val)
		rc = av_set_elem(sh, w->parts->s, c.nlen, sub, val, c.append);
	if (!rc && trace)
		strv_take(trace,
			  xasprintf("%.*s[%s]%s=%s", (int)c.nlen, w->parts->s,
				    sub, c.append ? "+" : "", val));
	free(sub);
	free(val);
	cut_free(&c);
	return rc;
}

/* --- a=(...) ------------------------------------------------------------ */

struct item {
	char *key; /* [key]=: the subscript expanded; NULL: the next index */
	char *val;
	bool append;
};

/* An element [key]=value or [key]+=value of a=(...)? */
static bool keyed(struct word *e)
{
	struct wpart *h = e->parts;

	if (!h || h->type != WP_LIT || h->quoted || !h->len || h->s[0] != '[')
		return false;
	for (struct wpart *q = h; q; q = q->next)
		if (q->type == WP_LIT && !q->quoted)
			for (size_t i = 0; i + 1 < q->len; i++)
				if (q->s[i] == ']' &&
				    (q->s[i + 1] == '=' ||
				     (q->s[i + 1] == '+' && i + 2 < q->len &&
				      q->s[i + 2] == '=')))
					return true;
	return false;
}

static int expand_items(struct shell *sh, struct word *elems, struct item **out,
			size_t *n)
{
	size_t cap = 0;

	*out = NULL;
	*n = 0;
	for (struct word *e = elems; e; e = e->next) {
		struct sbx_strv f = {0};

		if (keyed(e)) {
			/* cut "[k]=v" as a[k]=v is cut: a name of length 0 */
			struct cut c;
			char *k = NULL, *v = NULL;

			cut_word(e, &c);
			k = parts_str(sh, c.subparts, false);
			if (k)
				v = parts_str(sh, c.valparts, true);
			cut_free(&c);
			if (!k || !v) {
				free(k);
				return -1;
			}
			strv_take(&f, v);
			if (*n == cap) {
				cap = cap ? cap * 2 : 8;
				*out = xrealloc(*out, cap * sizeof(**out));
			}
			(*out)[*n] = (struct item){k, NULL, c.append};
			(*out)[(*n)++].val = f.v[0];
			free(f.v);
			continue;
		}
		if (exp_words_until(sh, e, e->next, &f) < 0) {
			strv_free(&f);
			return -1;
		}
		for (size_t i = 0; i < f.n; i++) {
			if (*n == cap) {
				cap = cap ? cap * 2 : 8;
				*out = xrealloc(*out, cap * sizeof(**out));
			}
			(*out)[(*n)++] = (struct item){NULL, f.v[i], false};
		}
		free(f.v);
	}
	return 0;
}

static void items_free(struct item *it, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(it[i].key);
		free(it[i].val);
	}
	free(it);
}

int av_assign_list(struct shell *sh, const char *name, struct word *elems,
		   bool append, struct sbx_strv *trace)
{
	struct item *it;
	size_t n, nlen = strlen(name);
	struct arr *a = var_arr(sh, name);
	unsigned fl = var_flags(sh, name, NULL);
	intmax_t next = 0;
	int rc = 0;

	if (expand_items(sh, elems, &it, &n) < 0)
		return -1;
	if (fl & V_RDONLY) {
		items_free(it, n);
		return ro_err(sh, name, nlen);
	}
	if (var_arr_make(sh, name, assoc_of(sh, name, a), &a) < 0) {
		items_free(it, n);
		return ro_err(sh, name, nlen);
	}
	if (!append)
		arr_clear(a);
	next = arr_max(a) + 1;
	for (size_t i = 0; i < n && !rc; i++) {
		bool assoc = arr_is_assoc(a);
		const char *key = it[i].key;
		intmax_t idx = next;
		char *v;

		if (assoc && !key) {
			/* declare -A m; m=(k v k2 v2): pairs (bash 5.2) */
			key = it[i].val;
			if (++i >= n) {
				arr_set(a, 0, key, "");
				break;
			}
		}
		if (assoc && !*key) {
			sh_err(sh, "%s[]: bad array subscript", name);
			rc = -1;
			break;
		}
		if (!assoc && key &&
		    sub_index(sh, name, nlen, a, key, false, &idx) < 0) {
			rc = -1;
			break;
		}
		v = int_value(sh, fl, it[i].val,
			      arr_get(a, idx, assoc ? key : NULL),
			      it[i].append);
		if (!v) {
			rc = -1;
			break;
		}
		arr_set(a, idx, assoc ? key : NULL, v);
		free(v);
		next = idx + 1;
	}
	sh->var_gen++;
	if (!rc && trace) {
		struct sbx_buf b = {0};

		buf_printf(&b, "%s%s=(", name, append ? "+" : "");
		for (size_t i = 0; i < n; i++)
			buf_printf(&b, "%s%s", i ? " " : "", it[i].val);
		buf_putc(&b, ')');
		strv_take(trace, b.s);
	}
	items_free(it, n);
	return rc;
}

int av_assign_word(struct shell *sh, struct word *w, bool local, unsigned flags,
		   struct sbx_strv *trace)
{
	struct wpart *h = w->parts;
	char *name;
	size_t n = 0;
	int rc;

	(void)flags;
	while (n < h->len && h->s[n] != '=' && h->s[n] != '+' && h->s[n] != '[')
		n++;
	name = xstrndup(h->s, n);
	if (local)
		var_make_local(sh, name);
	if (w->flags & W_LIST)
		rc = av_assign_list(sh, name, w->elems, w->flags & W_APPEND,
				    trace);
	else
		rc = assign_elem_word(sh, w, trace);
	free(name);
	return rc;
}

/* --- what expansions read ------------------------------------------------ */

int av_atstar(const struct word *sub)
{
	const struct wpart *p = sub ? sub->parts : NULL;

	if (p && !p->next && p->type == WP_LIT && !p->quoted && p->len == 1 &&
	    (p->s[0] == '@' || p->s[0] == '*'))
		return p->s[0];
	return 0;
}

int av_elem(struct shell *sh, const char *name, struct word *subw,
	    const char **val, char **tmp)
{
	struct arr *a = var_arr(sh, name);
	char *sub = exp_str(sh, subw, false);
	intmax_t idx = 0;
	int rc = 0;

	*val = *tmp = NULL;
	if (!sub)
		return -1;
	if (assoc_of(sh, name, a)) {
		*val = a ? arr_get(a, 0, sub) : NULL;
	} else if ((rc = sub_index(sh, name, strlen(name), a, sub, true,
				   &idx)) != 0) {
		rc = rc < 0 ? -1 : 0;
	} else if (a) {
		*val = arr_get(a, idx, NULL);
	} else if (!idx) {
		*val = var_get(sh, name);
	}
	if (*val)
		*val = *tmp = xstrdup(*val);
	free(sub);
	return rc;
}

char **av_list(struct shell *sh, const char *name, bool keys, size_t *n)
{
	struct arr *a = var_arr(sh, name);
	const char *v;
	char **out;

	if (a) {
		if (keys)
			return arr_keys(a, n);
		const char **vals = arr_values(a, n);

		out = xcalloc(*n + 1, sizeof(*out));
		for (size_t i = 0; i < *n; i++)
			out[i] = xstrdup(vals[i]);
		free(vals);
		return out;
	}
	v = var_get(sh, name);
	*n = v ? 1 : 0;
	out = xcalloc(2, sizeof(*out));
	if (v)
		out[0] = keys ? xstrdup("0") : xstrdup(v);
	return out;
}

char **av_slice(struct shell *sh, const char *name, intmax_t off, bool has_len,
		intmax_t len, size_t *n)
{
	struct arr *a = var_arr(sh, name);
	size_t i, cnt = 0, start;
	char **out;

	if (!a || arr_is_assoc(a)) {
		/* a scalar is an array of one: ${x[@]:0:1} */
		size_t m;
		char **all = av_list(sh, name, false, &m);

		if (off < 0)
			off = (intmax_t)m + off < 0 ? (intmax_t)m
						    : (intmax_t)m + off;
		start = (size_t)off;
		out = xcalloc(m + 1, sizeof(*out));
		for (i = 0; i < m; i++) {
			if (i >= start && (!has_len || (intmax_t)cnt < len))
				out[cnt++] = all[i];
			else
				free(all[i]);
		}
		free(all);
		*n = cnt;
		return out;
	}
	if (off < 0) {
		off += arr_max(a) + 1;
		if (off < 0) {
			*n = 0;
			return xcalloc(1, sizeof(char *));
		}
	}
	start = arr_lower(a, off);
	out = xcalloc(arr_count(a) - start + 1, sizeof(*out));
	for (i = start; i < arr_count(a) && (!has_len || (intmax_t)cnt < len);
	     i++) {
		intmax_t idx;
		const char *k, *v;

		arr_nth(a, i, &idx, &k, &v);
		out[cnt++] = xstrdup(v);
	}
	*n = cnt;
	return out;
}

void av_free(char **v, size_t n)
{
	arr_keys_free(v, n);
}

int av_store(struct shell *sh, const char *who, const char *name,
	     char *const *v, size_t n, intmax_t origin, bool keep)
{
	struct arr *a = var_arr(sh, name);
	unsigned fl = var_flags(sh, name, NULL);

	if (!str_is_name(name, strlen(name))) {
		sh_err(sh, "%s: `%s': not a valid identifier", who, name);
		return -1;
	}
	if (var_flags(sh, name, NULL) & V_RDONLY)
		return ro_err(sh, name, strlen(name));
	if (assoc_of(sh, name, a)) {
		sh_err(sh, "%s: %s: not an indexed array", who, name);
		return -1;
	}
	if (!a && !keep) {
		var_unset(sh, name); /* read -a x: x's old value goes */
		var_addflags(sh, name, fl & V_CASE);
	}
	if (var_arr_make(sh, name, false, &a) < 0)
		return ro_err(sh, name, strlen(name));
	if (!keep)
		arr_clear(a);
	for (size_t i = 0; i < n; i++) {
		char *c = xstrdup(v[i]);

		var_case(c, fl); /* declare -l, -u */
		arr_set(a, origin + (intmax_t)i, NULL, c);
		free(c);
	}
	sh->var_gen++;
	return 0;
}
