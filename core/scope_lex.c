/* core/scope_lex.c — the scope checker's tokenizer (see scope_lex.h).
 * Pure; one forward pass, so linear in the length of the line. */
#include "scope_lex.h"

#include "policy.h"

#include <stdlib.h>
#include <string.h>

static const char *lex_getvar(const struct scan *sc, const char *name)
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

static void put_raw(struct scmd *c, const char *s, size_t n)
{
	buf_putn(&c->typed, s, n);
}

static void add_sub(struct scan *sc, size_t start, size_t end)
{
	if (end <= start || sc->depth >= SCOPE_MAX_DEPTH)
		return;
	if (sc->nsubs == sc->capsubs) {
		sc->capsubs = sc->capsubs ? sc->capsubs * 2 : 8;
		sc->subs = xrealloc(sc->subs, sc->capsubs * sizeof(*sc->subs));
	}
	sc->subs[sc->nsubs++] = (struct range){start, end};
}

/*
 * Skips a nested construct whose opener ends just before |i| and whose
 * closer is |close| (')' for $( and <(, '}' for ${, '`' for backquotes),
 * honouring quotes, escapes and nesting inside it. Returns the index
 * just past the closer, or |len| when it is unterminated or nested too
 * deep. One forward pass, with an explicit stack so that adversarial
 * nesting cannot exhaust the C stack.
 */
static size_t skip_nested(const char *s, size_t len, size_t i, char close)
{
	char st[SCOPE_MAX_NEST];
	size_t d = 0;

#define PUSH(x)                                                                \
	do {                                                                   \
		if (d == SCOPE_MAX_NEST)                                       \
			return len;                                            \
		st[d++] = (x);                                                 \
	} while (0)

	PUSH(close);
	while (i < len) {
		char ch = s[i], top = st[d - 1];

		if (ch == '\\') {
			i += 2;
			continue;
		}
		if (top == '"') {
			if (ch == '"')
				d--;
			else if (ch == '`')
				PUSH('`');
			else if (ch == '$' && i + 1 < len &&
				 (s[i + 1] == '(' || s[i + 1] == '{')) {
				PUSH(s[i + 1] == '(' ? ')' : '}');
				i++;
			}
		} else if (top == '`') {
			if (ch == '`')
				d--;
		} else if (ch == top) {
			d--;
		} else if (ch == '\'') {
			const char *q = memchr(s + i + 1, '\'', len - i - 1);

			if (!q)
				return len;
			i = (size_t)(q - s);
		} else if (ch == '"' || ch == '`') {
			PUSH(ch);
		} else if (ch == '(') {
			PUSH(')');
		} else if (ch == '$' && i + 1 < len && s[i + 1] == '{') {
			PUSH('}');
			i++;
		}
		i++;
		if (d == 0)
			return i;
	}
#undef PUSH
	return len;
}

/* Appends the value of variable |name| (|n| bytes) to the word, or marks
 * the word partial when the variable is unknown. */
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

static void expand_var(struct scan *sc, struct scmd *c, struct sword *w,
		       const char *name, size_t n)
{
	char buf[128];
	const char *val;

	if (w->partial)
		return;
	if (n == 0 || n >= sizeof(buf)) {
		w->partial = true;
		return;
	}
	memcpy(buf, name, n);
	buf[n] = '\0';
	val = lex_getvar(sc, buf);
	if (!val) {
		w->partial = true;
		return;
	}
	put_expansion(sc, c, w, val);
}

/* $'...': the escapes bash decodes. |i| is at the quote; returns the
 * index past the closing quote. */
static size_t ansi_c(struct scan *sc, struct scmd *c, struct sword *w, size_t i)
{
	const char *s = sc->s;
	size_t len = sc->len;

	for (i++; i < len && s[i] != '\'' && s[i] != '\0'; i++) {
		unsigned v = 0;
		size_t k;
		char e;

		if (s[i] != '\\' || i + 1 >= len) {
			put_lit(c, w, s[i]);
			continue;
		}
		e = s[++i];
		switch (e) {
		case 'n':
			v = '\n';
			break;
		case 't':
			v = '\t';
			break;
		case 'r':
			v = '\r';
			break;
		case 'a':
			v = 7;
			break;
		case 'b':
			v = 8;
			break;
		case 'e':
		case 'E':
			v = 27;
			break;
		case 'f':
			v = 12;
			break;
		case 'v':
			v = 11;
			break;
		case 'x':
			for (k = 0; k < 2 && i + 1 < len; k++) {
				char h = s[i + 1];

				if (is_digit(h))
					v = v * 16 + (unsigned)(h - '0');
				else if ((h | 32) >= 'a' && (h | 32) <= 'f')
					v = v * 16 +
					    (unsigned)((h | 32) - 'a' + 10);
				else
					break;
				i++;
			}
			break;
		default:
			if (e >= '0' && e <= '7') {
				v = (unsigned)(e - '0');
				for (k = 0; k < 2 && i + 1 < len &&
					    s[i + 1] >= '0' && s[i + 1] <= '7';
				     k++)
					v = v * 8 + (unsigned)(s[++i] - '0');
			} else if (e && strchr("\\'\"?", e)) {
				v = (unsigned char)e;
			} else {
				put_lit(c, w, '\\');
				v = (unsigned char)e;
			}
		}
		if (v & 0xff) /* bash stops a string at NUL; so do we */
			put_lit(c, w, (char)v);
	}
	return i < len && s[i] == '\'' ? i + 1 : i;
}

static size_t dquote(struct scan *sc, struct scmd *c, struct sword *w,
		     size_t i);

/* A '$' at |i|. Returns the index after the expansion. */
static size_t dollar(struct scan *sc, struct scmd *c, struct sword *w, size_t i,
		     bool in_dq)
{
	const char *s = sc->s;
	size_t len = sc->len, end, j;
	char n = i + 1 < len ? s[i + 1] : '\0';

	if (n == '(') {
		bool arith = i + 2 < len && s[i + 2] == '(';

		end = skip_nested(s, len, i + 2, ')');
		if (!arith)
			add_sub(sc, i + 2, end > i + 2 ? end - 1 : end);
		w->partial = true;
		put_raw(c, s + i, end - i);
		return end;
	}
	if (n == '{') {
		end = skip_nested(s, len, i + 2, '}');
		if (end > i + 2 && s[end - 1] == '}' &&
		    str_is_name(s + i + 2, end - 1 - (i + 2)))
			expand_var(sc, c, w, s + i + 2, end - 1 - (i + 2));
		else
			w->partial = true;
		put_raw(c, s + i, end - i);
		return end;
	}
	if (n == '\'' && !in_dq) {
		w->quoted = true;
		return ansi_c(sc, c, w, i + 1);
	}
	if (n == '"' && !in_dq)
		return dquote(sc, c, w, i + 1);
	if (is_name_start(n)) {
		for (j = i + 1; j < len && is_name_char(s[j]); j++)
			;
		expand_var(sc, c, w, s + i + 1, j - i - 1);
		put_raw(c, s + i, j - i);
		return j;
	}
	if (is_digit(n) || (n && strchr("@*#?$!-", n))) {
		w->partial = true;
		put_raw(c, s + i, 2);
		return i + 2;
	}
	put_lit(c, w, '$');
	return i + 1;
}

/* A backquote at |i|: an old-style command substitution. */
static size_t bquote(struct scan *sc, struct scmd *c, struct sword *w, size_t i)
{
	size_t end = skip_nested(sc->s, sc->len, i + 1, '`');

	add_sub(sc, i + 1, end > i + 1 ? end - 1 : end);
	w->partial = true;
	put_raw(c, sc->s + i, end - i);
	return end;
}

/* A double quote at |i|; returns the index after the closing quote. */
static size_t dquote(struct scan *sc, struct scmd *c, struct sword *w, size_t i)
{
	const char *s = sc->s;
	size_t len = sc->len;

	w->quoted = true;
	i++;
	while (i < len && s[i] != '"' && s[i] != '\0') {
		char ch = s[i];

		if (ch == '\\' && i + 1 < len && s[i + 1] &&
		    strchr("$`\"\\\n", s[i + 1])) {
			if (s[i + 1] != '\n')
				put_lit(c, w, s[i + 1]);
			i += 2;
		} else if (ch == '$') {
			i = dollar(sc, c, w, i, true);
		} else if (ch == '`') {
			i = bquote(sc, c, w, i);
		} else {
			put_lit(c, w, ch);
			i++;
		}
	}
	return i < len && s[i] == '"' ? i + 1 : i;
}

/*
 * A '~' at |i| in a position where the shell expands it. ~ and ~/x are
 * $HOME; ~+ is $PWD; ~name is $HOME only when name is the current user:
 * another user's home is a fact we do not have, so that word is left
 * alone. Returns NOPOS when this is not a tilde prefix (a quote follows).
 */
static size_t tilde(struct scan *sc, struct scmd *c, struct sword *w, size_t i)
{
	const char *s = sc->s, *val = NULL, *user;
	size_t len = sc->len, j = i + 1, n;

	while (j < len && (is_name_char(s[j]) || s[j] == '.' || s[j] == '-' ||
			   s[j] == '+'))
		j++;
	if (j < len && s[j] != '/' && s[j] != ':' && s[j] != '\n' &&
	    !is_blank(s[j]) && !is_meta(s[j]))
		return NOPOS;
	n = j - i - 1;
	if (n == 0) {
		val = lex_getvar(sc, "HOME");
		if (!val)
			val = pol_home(sc->pol);
	} else if (n == 1 && s[i + 1] == '+') {
		val = lex_getvar(sc, "PWD");
		if (!val)
			val = sc->env ? sc->env->cwd : NULL;
	} else if (n == 1 && s[i + 1] == '-') {
		val = lex_getvar(sc, "OLDPWD");
	} else {
		user = lex_getvar(sc, "USER");
		if (!user)
			user = lex_getvar(sc, "LOGNAME");
		if (user && strlen(user) == n &&
		    memcmp(user, s + i + 1, n) == 0)
			val = lex_getvar(sc, "HOME");
	}
	if (!val)
		w->partial = true;
	else
		put_expansion(sc, c, w, val);
	put_raw(c, s + i, j - i);
	return j;
}

static void push_word(struct scmd *c, const struct sword *w)
{
	if (c->n == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 16;
		c->w = xrealloc(c->w, c->cap * sizeof(*c->w));
	}
	c->w[c->n++] = *w;
}

/* Scans one word starting at sc->i and appends it to |c|. */
static void scan_word(struct scan *sc, struct scmd *c)
{
	const char *s = sc->s;
	size_t len = sc->len, i = sc->i, r;
	struct sword w = {
	    .v = c->vals.len,
	    .t = c->typed.len,
	    .veq = NOPOS,
	    .teq = NOPOS,
	};
	bool tilde_ok = true; /* at a place where ~ expands */
	bool name_ok = true;  /* typed so far is NAME or NAME+ */

	while (i < len) {
		char ch = s[i];
		bool was_ok = tilde_ok;

		if (is_blank(ch) || ch == '\n' || is_meta(ch))
			break;
		tilde_ok = false;
		if (ch == '~' && was_ok) {
			r = tilde(sc, c, &w, i);
			if (r != NOPOS) {
				i = r;
				name_ok = false;
				continue;
			}
		}
		if (ch != '=' &&
		    !(is_name_char(ch) && name_ok &&
		      !(is_digit(ch) && c->typed.len == w.t)) &&
		    !(ch == '+' && name_ok && i + 1 < len && s[i + 1] == '='))
			name_ok = false;
		switch (ch) {
		case '\'': {
			const char *q = memchr(s + i + 1, '\'', len - i - 1);
			size_t end = q ? (size_t)(q - s) : len;

			w.quoted = true;
			for (size_t k = i + 1; k < end; k++) {
				if (s[k] == '\0') {
					end = k;
					break;
				}
				put_lit(c, &w, s[k]);
			}
			i = end < len && s[end] == '\'' ? end + 1 : end;
			break;
		}
		case '"':
			i = dquote(sc, c, &w, i);
			break;
		case '\\':
			if (i + 1 >= len) {
				i++;
			} else if (s[i + 1] == '\0') {
				i++; /* a NUL is a word break, even here */
			} else if (s[i + 1] == '\n') {
				i += 2; /* line continuation */
			} else {
				w.quoted = true;
				put_lit(c, &w, s[i + 1]);
				i += 2;
			}
			break;
		case '$':
			i = dollar(sc, c, &w, i, false);
			break;
		case '`':
			i = bquote(sc, c, &w, i);
			break;
		case '=':
			if (w.veq == NOPOS && !w.partial) {
				w.veq = c->vals.len - w.v;
				w.teq = c->typed.len - w.t;
				w.assign = name_ok && !w.quoted && w.teq > 0 &&
					   c->typed.s[w.t] != '+';
				tilde_ok = w.assign;
			}
			name_ok = false;
			put_lit(c, &w, ch);
			i++;
			break;
		case ':':
			tilde_ok = w.assign;
			put_lit(c, &w, ch);
			i++;
			break;
		default:
			put_lit(c, &w, ch);
			i++;
		}
	}
	w.vlen = c->vals.len - w.v;
	w.tlen = c->typed.len - w.t;
	bput(&c->vals, '\0');
	bput(&c->typed, '\0');
	sc->i = i;
	push_word(c, &w);
}

/*
 * The next token at sc->i. Words are appended to |c|; a redirection
 * operator sets *rd to what its target word is. Operators that split
 * commands (; & | && || ;; ( ) and newline) are TK_SEP or TK_NL.
 */
enum tk scope_lex_next(struct scan *sc, struct scmd *c, unsigned char *rd)
{
	const char *s = sc->s;
	size_t len = sc->len, i, j;

	for (;;) {
		i = sc->i;
		while (i < len && is_blank(s[i]))
			i++;
		if (i + 1 < len && s[i] == '\\' && s[i + 1] == '\n') {
			sc->i = i + 2;
			continue;
		}
		if (i < len && s[i] == '#') { /* a comment, to end of line */
			const char *nl = memchr(s + i, '\n', len - i);

			i = nl ? (size_t)(nl - s) : len;
		}
		sc->i = i;
		break;
	}
	if (i >= len)
		return TK_EOF;
	switch (s[i]) {
	case '\n':
		sc->i = i + 1;
		return TK_NL;
	case ';':
		sc->i = i + 1 +
			(i + 1 < len && (s[i + 1] == ';' || s[i + 1] == '&'));
		return TK_SEP;
	case '&':
		if (i + 1 < len && s[i + 1] == '>') { /* &> and &>> */
			sc->i = i + 2 + (i + 2 < len && s[i + 2] == '>');
			*rd = RD_OUT;
			return TK_REDIR;
		}
		sc->i = i + 1 + (i + 1 < len && s[i + 1] == '&');
		return TK_SEP;
	case '|':
		sc->i = i + 1 +
			(i + 1 < len && (s[i + 1] == '|' || s[i + 1] == '&'));
		return TK_SEP;
	case '(':
	case ')':
		sc->i = i + 1;
		return TK_SEP;
	}
	/* An io-number: "2>", "10<" (only at the start of a token). */
	for (j = i; j < len && is_digit(s[j]); j++)
		;
	if (j == i || j >= len || (s[j] != '<' && s[j] != '>')) {
		if (s[i] != '<' && s[i] != '>') {
			scan_word(sc, c);
			return TK_WORD;
		}
		j = i;
	}
	i = j;
	if (i + 1 < len && s[i + 1] == '(') {
		/* <(...) and >(...): a process substitution stands for a
		 * /dev/fd path; its inside is a command line of its own. */
		size_t end = skip_nested(s, len, i + 2, ')');
		struct sword w = {
		    .v = c->vals.len,
		    .t = c->typed.len,
		    .veq = NOPOS,
		    .teq = NOPOS,
		    .partial = true,
		};

		add_sub(sc, i + 2, end > i + 2 ? end - 1 : end);
		put_raw(c, s + i, end - i);
		w.tlen = c->typed.len - w.t;
		bput(&c->vals, '\0');
		bput(&c->typed, '\0');
		push_word(c, &w);
		sc->i = end;
		return TK_WORD;
	}
	if (s[i] == '<') {
		if (i + 2 < len && s[i + 1] == '<' && s[i + 2] == '<') {
			*rd = RD_HERESTR;
			i += 3;
		} else if (i + 2 < len && s[i + 1] == '<' && s[i + 2] == '-') {
			*rd = RD_HEREDOC_TAB;
			i += 3;
		} else if (i + 1 < len && s[i + 1] == '<') {
			*rd = RD_HEREDOC;
			i += 2;
		} else if (i + 1 < len && s[i + 1] == '>') {
			*rd = RD_OUT; /* <> opens read-write */
			i += 2;
		} else if (i + 1 < len && s[i + 1] == '&') {
			*rd = RD_DUPIN;
			i += 2;
		} else {
			*rd = RD_IN;
			i += 1;
		}
	} else {
		if (i + 1 < len && s[i + 1] == '&') {
			*rd = RD_DUPOUT;
			i += 2;
		} else {
			*rd = RD_OUT;
			i += 1 + (i + 1 < len &&
				  (s[i + 1] == '>' || s[i + 1] == '|'));
		}
	}
	sc->i = i;
	return TK_REDIR;
}

/* After a newline: skip the bodies of the here-documents the line
 * opened, in order. A body is data, never a path. */
void scope_lex_heredocs(struct scan *sc)
{
	const char *s = sc->s;
	size_t len = sc->len, i = sc->i;

	for (size_t h = 0; h < sc->nhd; h++) {
		size_t dl = strlen(sc->hd[h]);

		while (i < len) {
			const char *nl = memchr(s + i, '\n', len - i);
			size_t e = nl ? (size_t)(nl - s) : len, b = i;

			if (sc->hdtab[h])
				while (b < e && s[b] == '\t')
					b++;
			i = e < len ? e + 1 : len;
			if (e - b == dl && memcmp(s + b, sc->hd[h], dl) == 0)
				break;
		}
		free(sc->hd[h]);
	}
	sc->nhd = 0;
	sc->i = i;
}
