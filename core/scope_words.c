/* core/scope_words.c — a word of the parse tree (core/lang/parse.h), as
 * the scope checker sees it: the value the program will get, as far as
 * it can be known before anything runs, and the text as typed. Pure.
 *
 * The parser already split the line, removed the quotes (keeping which
 * parts were quoted) and parsed every $(...) into a tree of its own;
 * what is left here is the expansion that can be known now: $HOME,
 * ${VAR} and ~ from the shell's variables, within a byte budget. An
 * expansion that cannot be known ($(..), $1, ${x:-y}, ~other) makes the
 * word partial from that point on: it is judged by its known prefix.
 * One pass over the word's parts, so linear in the word.
 */
#include "scope_cmd.h"

#include "brace.h"
#include "parse.h"
#include "policy.h"

#include <stdlib.h>
#include <string.h>

static const char *word_getvar(const struct scan *sc, const char *name)
{
	if (!sc->env || !sc->env->getvar)
		return NULL;
	return sc->env->getvar(sc->env->ctx, name);
}

static inline void put_v(struct scmd *c, struct sword *w, char ch)
{
	if (!w->partial)
		bput(&c->vals, ch);
}

static inline void put_lit(struct scmd *c, struct sword *w, char ch)
{
	put_v(c, w, ch);
	bput(&c->typed, ch);
}

/* Appends |val| to the word's value, within the expansion budget; past
 * it the word is partial (judged by its known prefix). */
static void put_expansion(struct scan *sc, struct scmd *c, struct sword *w,
			  const char *val)
{
	size_t n = strlen(val);

	if (w->partial)
		return;
	if (n > *sc->budget) {
		w->partial = true;
		return;
	}
	*sc->budget -= n;
	buf_putn(&c->vals, val, n);
}

static void add_node(struct scan *sc, const struct node *n)
{
	if (!n)
		return;
	if (sc->nnodes == sc->capnodes) {
		sc->capnodes = sc->capnodes ? sc->capnodes * 2 : 8;
		sc->nodes =
		    xrealloc(sc->nodes, sc->capnodes * sizeof(*sc->nodes));
	}
	sc->nodes[sc->nnodes++] = n;
}

/* The command substitutions anywhere in |pw|: in ${x:-$(..)}'s argument
 * and $(( $(..) )) too. The tree's depth is bounded by the parser's
 * (PARSE_MAXDEPTH). */
void scope_word_subs(struct scan *sc, const struct word *pw)
{
	for (const struct wpart *p = pw ? pw->parts : NULL; p; p = p->next) {
		if (p->type == WP_CMD || p->type == WP_PROCSUB) {
			add_node(sc, p->cmd);
			continue;
		}
		/* ${x/p/$(r)}'s second operand and ${a[$(i)]}'s subscript
		 * (bash) run their commands too */
		for (const struct word *a = p->arg; a; a = a->next)
			scope_word_subs(sc, a);
		scope_word_subs(sc, p->sub);
	}
}

/* How a ${...} operator was typed. */
static const char *op_text(unsigned char op)
{
	switch (op) {
	case PO_RLARGE:
		return "%%";
	case PO_LLARGE:
		return "##";
	case PO_MINUS:
		return "-";
	case PO_ASSIGN:
		return "=";
	case PO_QUEST:
		return "?";
	case PO_PLUS:
		return "+";
	case PO_RSMALL:
		return "%";
	case PO_LSMALL:
		return "#";
	}
	return "";
}

static void put_typed_word(struct sbx_buf *b, const struct word *pw);

/* |p| as typed, quotes removed: $NAME, ${NAME} where a name character
 * follows, ${NAME op ARG}, $(...) for a command substitution (its text
 * is a tree now; the flag names the path, not the command). */
static void put_typed_part(struct sbx_buf *b, const struct wpart *p)
{
	const struct wpart *nx = p->next;

	switch (p->type) {
	case WP_LIT:
		buf_putn(b, p->s, p->len);
		break;
	case WP_PARAM:
		if (p->op == PO_LEN) {
			buf_printf(b, "${#%s}", p->s);
		} else if (p->op) {
			buf_printf(b, "${%s%s%s", p->s, p->colon ? ":" : "",
				   op_text(p->op));
			put_typed_word(b, p->arg);
			buf_putc(b, '}');
		} else if (p->len > 1 && !str_is_name(p->s, p->len)) {
			buf_printf(b, "${%s}", p->s); /* ${10} */
		} else if (nx && nx->type == WP_LIT && nx->len &&
			   is_name_char(nx->s[0])) {
			buf_printf(b, "${%s}", p->s);
		} else {
			buf_printf(b, "$%s", p->s);
		}
		break;
	case WP_CMD:
		buf_puts(b, "$(...)");
		break;
	case WP_ARITH:
		buf_puts(b, "$((...))");
		break;
	case WP_PROCSUB:
		buf_puts(b, p->op == '>' ? ">(...)" : "<(...)");
		break;
	}
}

static void put_typed_word(struct sbx_buf *b, const struct word *pw)
{
	for (const struct wpart *p = pw ? pw->parts : NULL; p; p = p->next)
		put_typed_part(b, p);
}

/*
 * A '~' at s[i] of an unquoted literal where the shell expands it. ~ and
 * ~/x are $HOME; ~+ is $PWD; ~name is $HOME only when name is the
 * current user: another user's home is a fact we do not have, so that
 * word is left partial. |last|: the literal ends the word. Returns the
 * index past the prefix, or NOPOS when this is not a tilde prefix (a
 * quote or an expansion follows).
 */
static size_t tilde(struct scan *sc, struct scmd *c, struct sword *w,
		    const char *s, size_t len, size_t i, bool last)
{
	const char *val = NULL, *user;
	size_t j = i + 1, n;

	while (j < len && (is_name_char(s[j]) || s[j] == '.' || s[j] == '-' ||
			   s[j] == '+'))
		j++;
	if (j < len ? s[j] != '/' && s[j] != ':' : !last)
		return NOPOS;
	n = j - i - 1;
	if (n == 0) {
		val = word_getvar(sc, "HOME");
		if (!val)
			val = pol_home(sc->pol);
	} else if (n == 1 && s[i + 1] == '+') {
		val = word_getvar(sc, "PWD");
		if (!val)
			val = sc->env ? sc->env->cwd : NULL;
	} else if (n == 1 && s[i + 1] == '-') {
		val = word_getvar(sc, "OLDPWD");
	} else {
		user = word_getvar(sc, "USER");
		if (!user)
			user = word_getvar(sc, "LOGNAME");
		if (user && strlen(user) == n &&
		    memcmp(user, s + i + 1, n) == 0)
			val = word_getvar(sc, "HOME");
	}
	if (!val)
		w->partial = true;
	else
		put_expansion(sc, c, w, val);
	buf_putn(&c->typed, s + i, j - i);
	return j;
}

/* Where the word's parts stand: a NAME so far (for NAME=), and whether
 * a '~' here would expand. */
struct wstate {
	bool name_ok, tilde_ok;
};

static void unquoted_lit(struct scan *sc, struct scmd *c, struct sword *w,
			 struct wstate *st, const struct wpart *p)
{
	const char *s = p->s;
	size_t len = p->len, r;

	for (size_t i = 0; i < len;) {
		char ch = s[i];
		bool was_ok = st->tilde_ok;

		st->tilde_ok = false;
		if (ch == '~' && was_ok) {
			r = tilde(sc, c, w, s, len, i, !p->next);
			if (r != NOPOS) {
				i = r;
				st->name_ok = false;
				continue;
			}
		}
		if (ch != '=' &&
		    !(is_name_char(ch) && st->name_ok &&
		      !(is_digit(ch) && c->typed.len == w->t)) &&
		    !(ch == '+' && st->name_ok && i + 1 < len &&
		      s[i + 1] == '='))
			st->name_ok = false;
		if (ch == '=') {
			if (w->veq == NOPOS && !w->partial) {
				w->veq = c->vals.len - w->v;
				w->teq = c->typed.len - w->t;
				w->assign = st->name_ok && !w->quoted &&
					    w->teq > 0 &&
					    c->typed.s[w->t] != '+';
				st->tilde_ok = w->assign;
			}
			st->name_ok = false;
		} else if (ch == ':') {
			st->tilde_ok = w->assign;
		}
		put_lit(c, w, ch);
		i++;
	}
}

static void push_word(struct scmd *c, const struct sword *w)
{
	if (c->n == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 16;
		c->w = xrealloc(c->w, c->cap * sizeof(*c->w));
	}
	c->w[c->n++] = *w;
}

void scope_word_add(struct scan *sc, struct scmd *c, const struct word *pw)
{
	struct sword w = {
	    .v = c->vals.len,
	    .t = c->typed.len,
	    .veq = NOPOS,
	    .teq = NOPOS,
	};
	struct wstate st = {true, true};

	for (const struct wpart *p = pw ? pw->parts : NULL; p; p = p->next) {
		if (p->type == WP_LIT && !p->quoted) {
			unquoted_lit(sc, c, &w, &st, p);
			continue;
		}
		st.name_ok = st.tilde_ok = false;
		if (p->quoted)
			w.quoted = true;
		switch (p->type) {
		case WP_LIT: /* quoted: '...', "...", \x */
			w.quoted = true;
			for (size_t k = 0; k < p->len; k++)
				put_lit(c, &w, p->s[k]);
			continue;
		case WP_PARAM:
			/* ${a[i]}: an element the checker does not track */
			if (!p->op && !p->sub && str_is_name(p->s, p->len)) {
				const char *val =
				    w.partial ? NULL : word_getvar(sc, p->s);

				if (val)
					put_expansion(sc, c, &w, val);
				else
					w.partial = true;
			} else {
				w.partial = true;
			}
			for (const struct word *a = p->arg; a; a = a->next)
				scope_word_subs(sc, a);
			scope_word_subs(sc, p->sub);
			break;
		case WP_CMD:
		case WP_PROCSUB: /* a /dev/fd name: the inside is checked */
			w.partial = true;
			add_node(sc, p->cmd);
			break;
		default: /* WP_ARITH */
			w.partial = true;
			scope_word_subs(sc, p->arg);
		}
		put_typed_part(&c->typed, p);
	}
	w.vlen = c->vals.len - w.v;
	w.tlen = c->typed.len - w.t;
	bput(&c->vals, '\0');
	bput(&c->typed, '\0');
	push_word(c, &w);
}

/* Brace expansion as the shell does it (bash's mode): rm {/etc/a,b}
 * is rm /etc/a b, and each of those words is judged. Each word it gives
 * spends its length from the check's budget; past it the rest are not
 * added (echo {1..99999999} must not cost the checker gigabytes; the
 * kernel still stops what the checker did not flag). */
struct brace_add {
	struct scan *sc;
	struct scmd *c;
	void (*then)(struct scan *sc, struct scmd *c); /* after each */
};

static int brace_add_one(void *ctx, struct wpart *parts)
{
	struct brace_add *ba = ctx;
	struct word w = {.parts = parts};
	size_t len = 1;

	for (const struct wpart *p = parts; p; p = p->next)
		len += p->type == WP_LIT ? p->len : 1;
	if (len > *ba->sc->budget)
		return 1;
	*ba->sc->budget -= len;
	scope_word_add(ba->sc, ba->c, &w);
	if (ba->then)
		ba->then(ba->sc, ba->c);
	return 0;
}

void scope_word_add_braced(struct scan *sc, struct scmd *c,
			   const struct word *w,
			   void (*then)(struct scan *sc, struct scmd *c))
{
	struct brace_add ba = {sc, c, then};

	if (!(w->flags & W_BRACE) || (sc->env && sc->env->posix)) {
		scope_word_add(sc, c, w);
		if (then)
			then(sc, c);
		return;
	}
	(void)brace_each(w->parts, brace_add_one, &ba);
}
