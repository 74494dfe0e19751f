/* shell/interp/arith.c — arithmetic expansion: a recursive-descent evaluator
 * with dash's results and messages under posix, bash's by default (its
 * numbers, BASE#DIGITS, and its words: "1+: syntax error: operand
 * expected (error token is "+")").
 *
 * The expression is parsed and evaluated in one pass, as dash's
 * arith_yacc.c does: there is no tree. Branches that short-circuit are
 * still parsed (so syntax errors are found) but with |noeval| raised,
 * which turns off variable reads, assignments and the division-by-zero
 * check. Every recursion into a nested expression is counted in |depth|,
 * so hostile input ("((((..." or "------...") ends in an error instead of
 * a stack overflow. All arithmetic that can overflow is done on uintmax_t,
 * which wraps like dash's 64-bit results without undefined behaviour.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arith.h"

/* clang-format off */
enum ar_tok {
	T_EOF, T_BAD, T_NUM, T_VAR, T_LP, T_RP, T_QUEST, T_COLON, T_COMMA,
	T_INC, T_DEC, T_NOT, T_BNOT,
	/* binary operators */
	T_POW, T_MUL, T_DIV, T_MOD, T_ADD, T_SUB, T_SHL, T_SHR,
	T_LT, T_LE, T_GT, T_GE, T_EQ, T_NE, T_BAND, T_BXOR, T_BOR,
	T_LAND, T_LOR,
	/* assignment operators */
	T_ASSIGN, T_MULA, T_DIVA, T_MODA, T_ADDA, T_SUBA, T_SHLA, T_SHRA,
	T_ANDA, T_XORA, T_ORA,
};
/* clang-format on */

/*
 * Operators by first character: the token for "c", "c=", "cc" and "cc="
 * (0 where there is none). The lexer takes the longest that matches, so
 * "<<=" beats "<<" beats "<=" beats "<".
 */
struct ar_opchar {
	enum ar_tok one, eq, dbl, dbleq;
};

/* clang-format off */
static const struct ar_opchar ar_opchars[128] = {
	['<'] = { T_LT, T_LE, T_SHL, T_SHLA },
	['>'] = { T_GT, T_GE, T_SHR, T_SHRA },
	['='] = { T_ASSIGN, T_EQ, 0, 0 },
	['!'] = { T_NOT, T_NE, 0, 0 },
	['&'] = { T_BAND, T_ANDA, T_LAND, 0 },
	['|'] = { T_BOR, T_ORA, T_LOR, 0 },
	['^'] = { T_BXOR, T_XORA, 0, 0 },
	['+'] = { T_ADD, T_ADDA, T_INC, 0 },
	['-'] = { T_SUB, T_SUBA, T_DEC, 0 },
	['*'] = { T_MUL, T_MULA, T_POW, 0 },
	['/'] = { T_DIV, T_DIVA, 0, 0 },
	['%'] = { T_MOD, T_MODA, 0, 0 },
	['~'] = { T_BNOT, 0, 0, 0 },
	['?'] = { T_QUEST, 0, 0, 0 },
	[':'] = { T_COLON, 0, 0, 0 },
	['('] = { T_LP, 0, 0, 0 },
	[')'] = { T_RP, 0, 0, 0 },
};
/* clang-format on */

struct ar {
	const char *expr; /* the whole text, for messages */
	/* lexer: the current token and where the next one starts */
	enum ar_tok tok;
	const char *tstart, *p;
	intmax_t num;	  /* T_NUM */
	const char *name; /* T_VAR, not terminated */
	size_t namelen;
	const struct arith_vars *v;
	struct sbx_diag *diag;
	int depth, vdepth;
	int noeval; /* > 0 inside a branch that is not taken */
	int err;    /* first error; everything unwinds once it is set */
	bool bash;  /* bash's numbers and messages (not posix) */
	/* bash's "error token": where the last token that was not the end
	 * began (bash's lasttp), and the end of a number token whose
	 * conversion failed (bash cuts the expression there) */
	const char *lasttp, *cut;
	const char *opend; /* just after the operator being applied */
	bool badsub;	   /* the bad token is an unclosed a[ */
};

static intmax_t ar_fail2(struct ar *a, int err, const char *what,
			 const char *bwhat);

/* A digit of bash's BASE#DIGITS (2 <= BASE <= 64): 0-9, then a-z, A-Z,
 * @ and _ (below base 37 a letter's case does not matter); -1 if none. */
static int ar_digit(int c, intmax_t base)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + (base <= 36 ? 10 : 36);
	if (c == '@')
		return 62;
	if (c == '_')
		return 63;
	return -1;
}

/* bash's number token (expr.c strlong): the whole run of letters,
 * digits, '#', '@' and '_' from |s|, as 0x hex, 0 octal, BASE#DIGITS or
 * decimal, wrapping; "08", "1a", "2#2" are errors bash names ("value too
 * great for base"), not a number followed by a bad token. */
static void ar_bash_num(struct ar *a, const char *s)
{
	const char *e = s, *p = s;
	intmax_t base = 10;
	uintmax_t v = 0;
	bool found = false;

	while (isalnum((unsigned char)*e) || *e == '#' || *e == '@' ||
	       *e == '_')
		e++;
	a->tok = T_NUM;
	a->p = e;
	a->cut = e;
	if (*p == '0') {
		p++;
		if (p == e) {
			a->cut = NULL;
			a->num = 0;
			return;
		}
		base = 8;
		if (*p == 'x' || *p == 'X') {
			base = 16;
			p++;
		}
		found = true;
	}
	for (; p < e; p++) {
		int d;

		if (*p == '#') {
			if (found) {
				ar_fail2(a, -EINVAL, "bad number",
					 "invalid number");
				return;
			}
			if ((intmax_t)v < 2 || v > 64) {
				ar_fail2(a, -EINVAL, "bad number",
					 "invalid arithmetic base");
				return;
			}
			base = (intmax_t)v;
			v = 0;
			found = true;
			/* bash's valid_number: a digit character follows
			 * (whether it fits the base is checked next) */
			d = p + 1 < e ? ar_digit((unsigned char)p[1], base)
				      : -1;
			if (d < 0) {
				ar_fail2(a, -EINVAL, "bad number",
					 "invalid integer constant");
				return;
			}
			continue;
		}
		d = ar_digit((unsigned char)*p, base);
		if (d < 0 || d >= base) {
			ar_fail2(a, -EINVAL, "bad number",
				 "value too great for base");
			return;
		}
		v = v * (uintmax_t)base + (uintmax_t)d;
	}
	a->cut = NULL;
	a->num = (intmax_t)v;
}

/* The lexer state that e_assign() must be able to rewind by one token. */
struct ar_mark {
	enum ar_tok tok;
	const char *tstart, *p, *name;
	size_t namelen;
};

static bool ar_isname1(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool ar_isname(int c)
{
	return ar_isname1(c) || (c >= '0' && c <= '9');
}

/* An error: dash's words |what| under posix, bash's |bwhat| otherwise:
 * the expression (its leading blanks dropped), the words, and the text
 * from the error token on. */
static intmax_t ar_fail2(struct ar *a, int err, const char *what,
			 const char *bwhat)
{
	const char *x = a->expr, *t = a->lasttp ? a->lasttp : "";
	size_t xl, tl = strlen(t);

	if (a->err)
		return 0;
	a->err = err;
	if (!a->bash) {
		sbx_diag_set(a->diag, err,
			     "arithmetic expression: %s: \"%.400s%s\"", what,
			     a->expr, strlen(a->expr) > 400 ? "..." : "");
		return 0;
	}
	while (*x == ' ' || *x == '\t')
		x++;
	xl = strlen(x);
	if (a->cut) { /* a bad number: bash cut both at its end */
		xl = x < a->cut ? (size_t)(a->cut - x) : 0;
		tl = t < a->cut ? (size_t)(a->cut - t) : 0;
	}
	sbx_diag_set(a->diag, err, "%.*s%s: %s (error token is \"%.*s%s\")",
		     (int)(xl > 300 ? 300 : xl), x, xl > 300 ? "..." : "",
		     bwhat, (int)(tl > 300 ? 300 : tl), t,
		     tl > 300 ? "..." : "");
	return 0;
}

static intmax_t ar_fail(struct ar *a, int err, const char *what)
{
	return ar_fail2(a, err, what, what);
}

static void ar_next(struct ar *a)
{
	const char *s = a->p;

	/* blanks and newlines separate tokens, as in dash; a \r (a CRLF
	 * script) is a bad character there, though a variable's value may
	 * carry one around its number (ar_value) */
	while (*s == ' ' || *s == '\t' || *s == '\n')
		s++;
	a->tstart = s;
	if (!*s) {
		a->tok = T_EOF;
		a->p = s;
		return;
	}
	a->lasttp = s;
	if (*s >= '0' && *s <= '9' && a->bash) {
		ar_bash_num(a, s);
		return;
	}
	if (*s >= '0' && *s <= '9') {
		char *end;

		/* Base 0 takes 0x1f and 017; "08" stops after the 0 and the
		 * stray 8 is a syntax error, as in dash. Overflow clamps to
		 * INTMAX_MAX, as dash's strtoimax does. */
		a->num = strtoimax(s, &end, 0);
		a->tok = T_NUM;
		a->p = end;
		return;
	}
	if (ar_isname1((unsigned char)*s)) {
		a->name = s;
		while (ar_isname((unsigned char)*s))
			s++;
		if (*s == '[' && a->v && !a->v->posix) {
			/* bash's a[expr]: the element is the variable (the
			 * shell's get/set evaluate the subscript) */
			int depth = 0;

			do {
				depth += *s == '[' ? 1 : *s == ']' ? -1 : 0;
				s++;
			} while (*s && depth);
			if (depth) {
				a->tok = T_BAD;
				a->p = s;
				a->badsub = true;
				return;
			}
		}
		a->namelen = (size_t)(s - a->name);
		a->tok = T_VAR;
		a->p = s;
		return;
	}
	if (*s == ',' && a->bash) { /* bash's comma operator */
		a->tok = T_COMMA;
		a->p = s + 1;
		return;
	}
	if ((unsigned char)*s < 128) {
		const struct ar_opchar *o = &ar_opchars[(unsigned char)*s];

		if (o->dbleq && s[1] == s[0] && s[2] == '=') {
			a->tok = o->dbleq;
			a->p = s + 3;
			return;
		}
		/* ** is bash's (dash: "expecting primary") */
		if (o->dbl && s[1] == s[0] &&
		    !(o->dbl == T_POW && a->v && a->v->posix)) {
			a->tok = o->dbl;
			a->p = s + 2;
			return;
		}
		if (o->eq && s[1] == '=') {
			a->tok = o->eq;
			a->p = s + 2;
			return;
		}
		if (o->one) {
			a->tok = o->one;
			a->p = s + 1;
			return;
		}
	}
	a->tok = T_BAD;
	a->p = s + 1;
}

/* Turns a "++"/"--" token that cannot be an increment into a single "+"
 * or "-": "1++2" is 1 + +2 and "++5" is +(+5), as in bash. */
static void ar_split(struct ar *a)
{
	a->tok = a->tok == T_INC ? T_ADD : T_SUB;
	a->p = a->tstart + 1;
}

static struct ar_mark ar_mark(const struct ar *a)
{
	return (struct ar_mark){a->tok, a->tstart, a->p, a->name, a->namelen};
}

static void ar_rewind(struct ar *a, const struct ar_mark *m)
{
	a->tok = m->tok;
	a->tstart = m->tstart;
	a->p = m->p;
	a->name = m->name;
	a->namelen = m->namelen;
}

static int ar_eval_sub(const char *expr, const struct arith_vars *v,
		       intmax_t *out, struct sbx_diag *diag, int depth,
		       int vdepth);

/* Parses a variable's value: a number with optional blanks around it,
 * else (as bash does) an expression of its own. */
static intmax_t ar_value(struct ar *a, const char *name, const char *val)
{
	const char *s = val;
	char *end;
	intmax_t n;
	char *copy;
	int err;

	while (isspace((unsigned char)*s))
		s++;
	if (!*s)
		return 0;
	n = strtoimax(s, &end, 0);
	if (end != s) {
		while (isspace((unsigned char)*end))
			end++;
		if (!*end)
			return n;
	}
	if (a->vdepth >= ARITH_MAX_VAR_DEPTH) {
		if (a->bash)
			return ar_fail(a, -EINVAL,
				       "expression recursion level exceeded");
		if (!a->err) {
			a->err = -EINVAL;
			sbx_diag_set(
			    a->diag, -EINVAL,
			    "%.100s: expression recursion level exceeded",
			    name);
		}
		return 0;
	}
	/* |val| is only good until the next get(): the nested expression
	 * may read other variables. */
	copy = xstrdup(val);
	err = ar_eval_sub(copy, a->v, &n, a->diag, a->depth, a->vdepth + 1);
	free(copy);
	if (err) {
		a->err = err;
		return 0;
	}
	return n;
}

/* A NUL-terminated copy of a T_VAR name: in |buf| if it fits, else on
 * the heap (free it when it is not |buf|). */
static char *ar_name(const char *name, size_t len, char *buf, size_t size)
{
	if (len < size) {
		memcpy(buf, name, len);
		buf[len] = '\0';
		return buf;
	}
	return xstrndup(name, len);
}

static intmax_t ar_get(struct ar *a, const char *name, size_t len)
{
	char small[64], *nm;
	const char *val;
	intmax_t r = 0;

	if (a->noeval || !a->v || !a->v->get)
		return 0;
	nm = ar_name(name, len, small, sizeof(small));
	val = a->v->get(a->v->ctx, nm);
	if (val)
		r = ar_value(a, nm, val);
	if (nm != small)
		free(nm);
	return r;
}

static void ar_set(struct ar *a, const char *name, size_t len, intmax_t val)
{
	char small[64], *nm, num[32];
	int err = -EPERM;

	if (a->noeval || a->err)
		return;
	nm = ar_name(name, len, small, sizeof(small));
	snprintf(num, sizeof(num), "%jd", val);
	if (a->v && a->v->set)
		err = a->v->set(a->v->ctx, nm, num);
	if (err < 0) {
		a->err = err;
		if ((err == -EPERM || err == -EROFS || err == -EACCES) &&
		    a->bash)
			sbx_diag_set(a->diag, err, "%.200s: readonly variable",
				     nm);
		else if (err == -EPERM || err == -EROFS || err == -EACCES)
			sbx_diag_set(a->diag, err, "%.200s: is read only", nm);
		else
			sbx_diag_set(a->diag, err, "%.200s: cannot assign", nm);
	}
	if (nm != small)
		free(nm);
}

static int ar_prec(enum ar_tok t)
{
	switch (t) {
	case T_POW:
		return 11;
	case T_MUL:
	case T_DIV:
	case T_MOD:
		return 10;
	case T_ADD:
	case T_SUB:
		return 9;
	case T_SHL:
	case T_SHR:
		return 8;
	case T_LT:
	case T_LE:
	case T_GT:
	case T_GE:
		return 7;
	case T_EQ:
	case T_NE:
		return 6;
	case T_BAND:
		return 5;
	case T_BXOR:
		return 4;
	case T_BOR:
		return 3;
	case T_LAND:
		return 2;
	case T_LOR:
		return 1;
	default:
		return 0;
	}
}

/* The binary operator behind an assignment operator ("+=" -> "+"). */
static enum ar_tok ar_base(enum ar_tok t)
{
	static const enum ar_tok base[] = {
	    [T_MULA] = T_MUL, [T_DIVA] = T_DIV,	 [T_MODA] = T_MOD,
	    [T_ADDA] = T_ADD, [T_SUBA] = T_SUB,	 [T_SHLA] = T_SHL,
	    [T_SHRA] = T_SHR, [T_ANDA] = T_BAND, [T_XORA] = T_BXOR,
	    [T_ORA] = T_BOR,
	};
	return base[t];
}

static intmax_t ar_apply(struct ar *a, enum ar_tok op, intmax_t l, intmax_t r)
{
	uintmax_t ul = (uintmax_t)l, ur = (uintmax_t)r;

	switch (op) {
	case T_POW: {
		uintmax_t res = 1;

		if (r < 0) {
			if (a->noeval)
				return 0;
			return ar_fail(a, -EINVAL, "exponent less than 0");
		}
		/* by squaring: 63 rounds at most; wraps as * does */
		for (; ur; ur >>= 1, ul *= ul)
			if (ur & 1)
				res *= ul;
		return (intmax_t)res;
	}
	case T_MUL:
		return (intmax_t)(ul * ur);
	case T_DIV:
	case T_MOD:
		if (r == 0) {
			if (a->noeval)
				return 0;
			/* bash names the text after the operator */
			for (a->lasttp = a->opend;
			     a->lasttp &&
			     (*a->lasttp == ' ' || *a->lasttp == '\t');)
				a->lasttp++;
			return ar_fail2(a, -EDOM, "division by zero",
					"division by 0");
		}
		/* INTMAX_MIN / -1 traps on x86 (dash 0.5.12 dies of
		 * SIGFPE); give the wrapped results, as bash does. */
		if (r == -1)
			return op == T_DIV ? (intmax_t)(0 - ul) : 0;
		return op == T_DIV ? l / r : l % r;
	case T_ADD:
		return (intmax_t)(ul + ur);
	case T_SUB:
		return (intmax_t)(ul - ur);
	case T_SHL:
		/* x86 masks the count, so dash's 1<<64 is 1 and 1<<-1 is
		 * INTMAX_MIN; do the same without the undefined shift. */
		return (intmax_t)(ul << (ur & 63));
	case T_SHR:
		return l >> (ur & 63);
	case T_LT:
		return l < r;
	case T_LE:
		return l <= r;
	case T_GT:
		return l > r;
	case T_GE:
		return l >= r;
	case T_EQ:
		return l == r;
	case T_NE:
		return l != r;
	case T_BAND:
		return l & r;
	case T_BXOR:
		return l ^ r;
	case T_BOR:
		return l | r;
	case T_LAND:
		return l && r;
	case T_LOR:
		return l || r;
	default:
		return ar_fail(a, -EINVAL, "expecting operator");
	}
}

static bool ar_enter(struct ar *a)
{
	if (++a->depth > ARITH_MAX_DEPTH) {
		if (!a->err) {
			a->err = -EINVAL;
			sbx_diag_set(a->diag, -EINVAL,
				     "arithmetic expression: expression too "
				     "deeply nested");
		}
		return false;
	}
	return true;
}

static intmax_t e_assign(struct ar *a);
static intmax_t e_comma(struct ar *a);
static intmax_t e_ternary(struct ar *a);
static intmax_t e_unary(struct ar *a);

static intmax_t e_primary(struct ar *a)
{
	intmax_t v;

	switch (a->tok) {
	case T_NUM:
		v = a->num;
		ar_next(a);
		return v;
	case T_VAR: {
		const char *name = a->name;
		size_t len = a->namelen;

		ar_next(a);
		v = ar_get(a, name, len);
		if (a->tok == T_INC || a->tok == T_DEC) {
			/* post-increment: the old value is the result */
			uintmax_t nv =
			    (uintmax_t)v + (a->tok == T_INC ? 1 : -1);

			ar_next(a);
			ar_set(a, name, len, (intmax_t)nv);
		}
		return v;
	}
	case T_LP:
		ar_next(a);
		v = e_comma(a);
		if (a->err)
			return 0;
		if (a->tok != T_RP)
			return ar_fail2(a, -EINVAL, "expecting ')'",
					"missing `)'");
		ar_next(a);
		return v;
	default:
		return ar_fail2(a, -EINVAL, "expecting primary",
				a->tok == T_BAD && a->badsub
				    ? "bad array subscript"
				    : "syntax error: operand expected");
	}
}

static intmax_t e_unary(struct ar *a)
{
	enum ar_tok op;
	intmax_t v;

	if (a->tok == T_INC || a->tok == T_DEC) {
		struct ar_mark m = ar_mark(a);

		op = a->tok;
		ar_next(a);
		if (a->tok == T_VAR) {
			const char *name = a->name;
			size_t len = a->namelen;
			uintmax_t nv;

			ar_next(a);
			nv = (uintmax_t)ar_get(a, name, len) +
			     (op == T_INC ? 1 : -1);
			ar_set(a, name, len, (intmax_t)nv);
			return (intmax_t)nv;
		}
		ar_rewind(a, &m);
		ar_split(a);
	}
	op = a->tok;
	if (op != T_ADD && op != T_SUB && op != T_NOT && op != T_BNOT)
		return e_primary(a);
	if (!ar_enter(a))
		return 0;
	ar_next(a);
	v = e_unary(a);
	a->depth--;
	switch (op) {
	case T_SUB:
		return (intmax_t)(0 - (uintmax_t)v);
	case T_NOT:
		return !v;
	case T_BNOT:
		return ~v;
	default:
		return v;
	}
}

/* Precedence climbing over the left-associative binary operators. */
static intmax_t e_binary(struct ar *a, int minprec)
{
	intmax_t l, r;

	l = e_unary(a);
	while (!a->err) {
		const char *opend;
		enum ar_tok op;
		int prec;

		if (a->tok == T_INC || a->tok == T_DEC)
			ar_split(a);
		op = a->tok;
		prec = ar_prec(op);
		if (!prec || prec < minprec)
			break;
		opend = a->p;
		ar_next(a);
		if (op == T_LAND || op == T_LOR) {
			int skip = op == T_LAND ? !l : !!l;

			a->noeval += skip;
			r = e_binary(a, prec + 1);
			a->noeval -= skip;
		} else {
			/* ** is right-associative: 2**3**2 is 2**9 */
			r = e_binary(a, op == T_POW ? prec : prec + 1);
		}
		if (a->err)
			break;
		a->opend = opend;
		l = ar_apply(a, op, l, r);
	}
	return a->err ? 0 : l;
}

static intmax_t e_ternary(struct ar *a)
{
	intmax_t c, t, f;

	c = e_binary(a, 1);
	if (a->err || a->tok != T_QUEST)
		return c;
	ar_next(a);
	if (a->bash && (a->tok == T_COLON || a->tok == T_EOF))
		return ar_fail(a, -EINVAL, "expression expected");
	a->noeval += !c;
	t = a->bash ? e_comma(a) : e_assign(a);
	a->noeval -= !c;
	if (a->err)
		return 0;
	if (a->tok != T_COLON)
		return ar_fail2(a, -EINVAL, "expecting ':'",
				"`:' expected for conditional expression");
	ar_next(a);
	if (a->bash && a->tok == T_EOF)
		return ar_fail(a, -EINVAL, "expression expected");
	if (!ar_enter(a))
		return 0;
	a->noeval += !!c;
	f = e_ternary(a);
	a->noeval -= !!c;
	a->depth--;
	return c ? t : f;
}

static intmax_t e_assign(struct ar *a)
{
	intmax_t v = 0;

	if (!ar_enter(a))
		return 0;
	if (a->tok == T_VAR) {
		struct ar_mark m = ar_mark(a);
		const char *name = a->name;
		size_t len = a->namelen;
		enum ar_tok op;

		ar_next(a);
		op = a->tok;
		if (op >= T_ASSIGN) {
			const char *opend = a->p;

			ar_next(a);
			v = e_assign(a);
			a->opend = opend;
			if (!a->err && op != T_ASSIGN)
				v = ar_apply(a, ar_base(op),
					     ar_get(a, name, len), v);
			ar_set(a, name, len, v);
			a->depth--;
			return a->err ? 0 : v;
		}
		ar_rewind(a, &m);
	}
	v = e_ternary(a);
	a->depth--;
	/* bash: 3=4, (1)+=2 */
	if (a->bash && !a->err && a->tok >= T_ASSIGN)
		return ar_fail(a, -EINVAL,
			       "attempted assignment to non-variable");
	return v;
}

/* bash's lowest operator: a, b is b (both evaluated). */
static intmax_t e_comma(struct ar *a)
{
	intmax_t v = e_assign(a);

	while (!a->err && a->tok == T_COMMA) {
		ar_next(a);
		v = e_assign(a);
	}
	return v;
}

static int ar_eval_sub(const char *expr, const struct arith_vars *v,
		       intmax_t *out, struct sbx_diag *diag, int depth,
		       int vdepth)
{
	struct ar a = {
	    .expr = expr,
	    .p = expr,
	    .v = v,
	    .diag = diag,
	    .depth = depth,
	    .vdepth = vdepth,
	    .bash = v && !v->posix,
	};
	intmax_t r;

	ar_next(&a);
	r = e_comma(&a);
	if (!a.err && a.tok != T_EOF)
		ar_fail2(&a, -EINVAL, "expecting EOF",
			 a.tok == T_BAD ? "syntax error: invalid arithmetic "
					  "operator"
					: "syntax error in expression");
	if (a.err)
		return a.err;
	*out = r;
	return 0;
}

int arith_eval(const char *expr, const struct arith_vars *v, intmax_t *out,
	       struct sbx_diag *diag)
{
	return ar_eval_sub(expr, v, out, diag, 0, 0);
}
