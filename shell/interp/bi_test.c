/* shell/interp/bi_test.c — test and [, with dash's grammar and messages.
 *
 *	oexpr	::= aexpr | aexpr "-o" oexpr
 *	aexpr	::= nexpr | nexpr "-a" aexpr
 *	nexpr	::= primary | "!" nexpr
 *	primary	::= unary-op operand | operand binary-op operand | operand
 *		  | "(" oexpr ")"
 *
 * A word that looks like an operator is still an operand where POSIX's
 * argument-count rules say so: a unary operator that is the last word, or
 * that is followed by a binary operator and one more word ("-n = x"), and
 * "(" as the last word. Words are addressed by index, so running off the
 * end reads as end-of-input (dash reads one slot past the array there).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bi_test.h"

#ifdef __APPLE__
#define st_mtim st_mtimespec
#endif

/* clang-format off */
enum tst_tok {
	TK_EOI, TK_OPERAND,
	/* unary */
	TK_FRD, TK_FWR, TK_FEX, TK_FEXIST, TK_FREG, TK_FDIR, TK_FCHR, TK_FBLK,
	TK_FFIFO, TK_FSOCK, TK_FSYM, TK_FSIZE, TK_FTTY, TK_FSUID, TK_FSGID,
	TK_FSTICKY, TK_FUID, TK_FGID, TK_STRZ, TK_STRN,
	/* binary */
	TK_SEQ, TK_SNE, TK_SLT, TK_SGT, TK_IEQ, TK_INE, TK_IGE, TK_IGT,
	TK_ILE, TK_ILT, TK_FNT, TK_FOT, TK_FEF,
	/* structure */
	TK_NOT, TK_AND, TK_OR, TK_LP, TK_RP,
};
/* clang-format on */

enum tst_type { TT_UNOP, TT_BINOP, TT_BUNOP, TT_BBINOP, TT_PAREN };

struct tst_op {
	const char *text;
	enum tst_tok tok;
	enum tst_type type;
};

/* clang-format off */
static const struct tst_op tst_ops[] = {
	{ "-r", TK_FRD, TT_UNOP }, { "-w", TK_FWR, TT_UNOP },
	{ "-x", TK_FEX, TT_UNOP }, { "-e", TK_FEXIST, TT_UNOP },
	{ "-f", TK_FREG, TT_UNOP }, { "-d", TK_FDIR, TT_UNOP },
	{ "-c", TK_FCHR, TT_UNOP }, { "-b", TK_FBLK, TT_UNOP },
	{ "-p", TK_FFIFO, TT_UNOP }, { "-u", TK_FSUID, TT_UNOP },
	{ "-g", TK_FSGID, TT_UNOP }, { "-k", TK_FSTICKY, TT_UNOP },
	{ "-s", TK_FSIZE, TT_UNOP }, { "-t", TK_FTTY, TT_UNOP },
	{ "-z", TK_STRZ, TT_UNOP }, { "-n", TK_STRN, TT_UNOP },
	{ "-h", TK_FSYM, TT_UNOP }, { "-O", TK_FUID, TT_UNOP },
	{ "-G", TK_FGID, TT_UNOP }, { "-L", TK_FSYM, TT_UNOP },
	{ "-S", TK_FSOCK, TT_UNOP },
	{ "=", TK_SEQ, TT_BINOP }, { "!=", TK_SNE, TT_BINOP },
	{ "<", TK_SLT, TT_BINOP }, { ">", TK_SGT, TT_BINOP },
	{ "-eq", TK_IEQ, TT_BINOP }, { "-ne", TK_INE, TT_BINOP },
	{ "-ge", TK_IGE, TT_BINOP }, { "-gt", TK_IGT, TT_BINOP },
	{ "-le", TK_ILE, TT_BINOP }, { "-lt", TK_ILT, TT_BINOP },
	{ "-nt", TK_FNT, TT_BINOP }, { "-ot", TK_FOT, TT_BINOP },
	{ "-ef", TK_FEF, TT_BINOP },
	{ "!", TK_NOT, TT_BUNOP }, { "-a", TK_AND, TT_BBINOP },
	{ "-o", TK_OR, TT_BBINOP }, { "(", TK_LP, TT_PAREN },
	{ ")", TK_RP, TT_PAREN },
};
/* clang-format on */

struct tst {
	char **w; /* the words after argv[0] (and before "]") */
	int n;
	int i;			 /* index of the word being looked at */
	const struct tst_op *op; /* operator of the last lexed word, or NULL */
	const char *name;	 /* "test" or "[" */
	struct sbx_buf *errb;
	int depth;
	bool err;
};

static const struct tst_op *tst_getop(const char *s)
{
	size_t i;

	/* Every operator is one to three bytes: most words (the operands)
	 * are told apart by their first byte or length alone, so a loop of
	 * `[ $i -lt N ]` does not compare each word with all 39 (it was 8 %
	 * of such a loop's instructions). */
	if (!s[0] || !strchr("-=!<>()", s[0]) || (s[1] && s[2] && s[3]))
		return NULL;
	for (i = 0; i < sizeof(tst_ops) / sizeof(tst_ops[0]); i++)
		if (tst_ops[i].text[0] == s[0] && tst_ops[i].text[1] == s[1] &&
		    !strcmp(s, tst_ops[i].text))
			return &tst_ops[i];
	return NULL;
}

static const char *tst_word(const struct tst *t, int i)
{
	return i >= 0 && i < t->n ? t->w[i] : NULL;
}

static int tst_error(struct tst *t, const char *op, const char *msg)
{
	if (!t->err) {
		t->err = true;
		if (op && *op)
			buf_printf(t->errb, "%s: %s: %s\n", t->name, op, msg);
		else
			buf_printf(t->errb, "%s: %s\n", t->name, msg);
	}
	return 0;
}

/* Is the unary operator at |i| really an operand? Yes when it is the last
 * word, or when a binary operator and one more word follow it. */
static bool tst_isoperand(const struct tst *t, int i)
{
	const struct tst_op *op;

	if (!tst_word(t, i + 1))
		return true;
	if (!tst_word(t, i + 2))
		return false;
	op = tst_getop(tst_word(t, i + 1));
	return op && op->type == TT_BINOP;
}

static enum tst_tok tst_lex(struct tst *t, int i)
{
	const char *s = tst_word(t, i);
	const struct tst_op *op;

	t->op = NULL;
	if (!s)
		return TK_EOI;
	op = tst_getop(s);
	if (op && !(op->type == TT_UNOP && tst_isoperand(t, i)) &&
	    !(op->tok == TK_LP && !tst_word(t, i + 1))) {
		t->op = op;
		return op->tok;
	}
	return TK_OPERAND;
}

/* dash's atomax10: decimal, blanks around allowed, overflow is an error. */
static intmax_t tst_num(struct tst *t, const char *s)
{
	char *end;
	intmax_t v;

	errno = 0;
	v = strtoimax(s, &end, 10);
	if (end != s) {
		while (*end == ' ' || *end == '\t' || *end == '\n')
			end++;
	}
	if (end == s || *end || errno == ERANGE) {
		if (!t->err) {
			t->err = true;
			buf_printf(t->errb, "%s: Illegal number: %s\n", t->name,
				   s);
		}
		return 0;
	}
	return v;
}

static int tst_access(const char *path, int mode)
{
	return faccessat(AT_FDCWD, path, mode, AT_EACCESS) == 0;
}

static int tst_filstat(const char *path, enum tst_tok tok)
{
	struct stat st;

	if (tok == TK_FSYM ? lstat(path, &st) : stat(path, &st))
		return 0;
	switch (tok) {
	case TK_FREG:
		return S_ISREG(st.st_mode);
	case TK_FDIR:
		return S_ISDIR(st.st_mode);
	case TK_FCHR:
		return S_ISCHR(st.st_mode);
	case TK_FBLK:
		return S_ISBLK(st.st_mode);
	case TK_FFIFO:
		return S_ISFIFO(st.st_mode);
	case TK_FSOCK:
		return S_ISSOCK(st.st_mode);
	case TK_FSYM:
		return S_ISLNK(st.st_mode);
	case TK_FSUID:
		return (st.st_mode & S_ISUID) != 0;
	case TK_FSGID:
		return (st.st_mode & S_ISGID) != 0;
	case TK_FSTICKY:
		return (st.st_mode & S_ISVTX) != 0;
	case TK_FSIZE:
		return st.st_size > 0;
	case TK_FUID:
		return st.st_uid == geteuid();
	case TK_FGID:
		return st.st_gid == getegid();
	default: /* -e */
		return 1;
	}
}

/* -nt/-ot: both files must exist (dash; bash differs). */
static int tst_newer(const char *a, const char *b)
{
	struct stat sa, sb;

	if (stat(a, &sa) || stat(b, &sb))
		return 0;
	return sa.st_mtim.tv_sec > sb.st_mtim.tv_sec ||
	       (sa.st_mtim.tv_sec == sb.st_mtim.tv_sec &&
		sa.st_mtim.tv_nsec > sb.st_mtim.tv_nsec);
}

static int tst_same(const char *a, const char *b)
{
	struct stat sa, sb;

	if (stat(a, &sa) || stat(b, &sb))
		return 0;
	return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

static int tst_binop(struct tst *t)
{
	const char *l = t->w[t->i], *r;
	const struct tst_op *op;
	intmax_t a, b;

	tst_lex(t, ++t->i);
	op = t->op;
	r = tst_word(t, ++t->i);
	if (!r)
		return tst_error(t, op->text, "argument expected");
	switch (op->tok) {
	case TK_SEQ:
		return strcoll(l, r) == 0;
	case TK_SNE:
		return strcoll(l, r) != 0;
	case TK_SLT:
		return strcoll(l, r) < 0;
	case TK_SGT:
		return strcoll(l, r) > 0;
	case TK_FNT:
		return tst_newer(l, r);
	case TK_FOT:
		return tst_newer(r, l);
	case TK_FEF:
		return tst_same(l, r);
	default:
		break;
	}
	a = tst_num(t, l);
	b = tst_num(t, r);
	switch (op->tok) {
	case TK_IEQ:
		return a == b;
	case TK_INE:
		return a != b;
	case TK_IGE:
		return a >= b;
	case TK_IGT:
		return a > b;
	case TK_ILE:
		return a <= b;
	default: /* TK_ILT */
		return a < b;
	}
}

static int tst_oexpr(struct tst *t, enum tst_tok n);

static int tst_primary(struct tst *t, enum tst_tok n)
{
	const char *arg;
	int res;

	if (n == TK_EOI)
		return 0; /* missing expression */
	if (n == TK_LP) {
		enum tst_tok nn = tst_lex(t, ++t->i);

		if (nn == TK_RP)
			return 0; /* missing expression */
		if (++t->depth > TST_MAX_DEPTH)
			return tst_error(t, NULL,
					 "expression too deeply nested");
		res = tst_oexpr(t, nn);
		t->depth--;
		if (t->err)
			return 0;
		if (tst_lex(t, ++t->i) != TK_RP)
			return tst_error(t, NULL, "closing paren expected");
		return res;
	}
	if (t->op && t->op->type == TT_UNOP) {
		const char *optext = t->op->text;

		arg = tst_word(t, ++t->i);
		if (!arg)
			return tst_error(t, optext, "argument expected");
		switch (n) {
		case TK_STRZ:
			return *arg == '\0';
		case TK_STRN:
			return *arg != '\0';
		case TK_FTTY: {
			intmax_t fd = tst_num(t, arg);

			return fd >= 0 && fd <= INT32_MAX && isatty((int)fd);
		}
		case TK_FRD:
			return tst_access(arg, R_OK);
		case TK_FWR:
			return tst_access(arg, W_OK);
		case TK_FEX:
			return tst_access(arg, X_OK);
		default:
			return tst_filstat(arg, n);
		}
	}
	tst_lex(t, t->i + 1);
	if (t->op && t->op->type == TT_BINOP)
		return tst_binop(t);
	return t->w[t->i][0] != '\0';
}

/* "!" chains are counted, not recursed into: 100 000 of them are fine. */
static int tst_nexpr(struct tst *t, enum tst_tok n)
{
	int neg = 0;

	while (n == TK_NOT) {
		n = tst_lex(t, t->i + 1);
		if (n != TK_EOI)
			t->i++;
		neg ^= 1;
	}
	return tst_primary(t, n) ^ neg;
}

static int tst_aexpr(struct tst *t, enum tst_tok n)
{
	int res = 1;

	for (;;) {
		if (!tst_nexpr(t, n))
			res = 0;
		if (t->err)
			return 0;
		n = tst_lex(t, t->i + 1);
		if (n != TK_AND)
			return res;
		t->i += 2;
		n = tst_lex(t, t->i);
	}
}

static int tst_oexpr(struct tst *t, enum tst_tok n)
{
	int res = 0;

	for (;;) {
		res |= tst_aexpr(t, n);
		if (t->err)
			return 0;
		n = tst_lex(t, t->i + 1);
		if (n != TK_OR)
			return res;
		t->i += 2;
		n = tst_lex(t, t->i);
	}
}

int tst_main(int argc, char **argv, struct sbx_buf *err)
{
	struct tst t = {.errb = err,
			.name = argc > 0 && argv[0] ? argv[0] : "test"};
	const struct tst_op *op;
	enum tst_tok n;
	int res = 1; /* exit status when the expression is true is res ^ 1 */

	if (!strcmp(t.name, "[")) {
		if (argc < 2 || strcmp(argv[argc - 1], "]")) {
			buf_printf(err, "[: missing ]\n");
			return 2;
		}
		argc--;
	}
	t.w = argv + 1;
	t.n = argc - 1;

	/* POSIX's rules for 0-4 arguments, then the general grammar. */
	for (;;) {
		if (t.n < 1)
			return res;
		if (t.n == 3) {
			op = tst_getop(t.w[1]);
			if (op && op->type == TT_BINOP) {
				t.op = NULL;
				n = TK_OPERAND;
				break;
			}
		}
		if (t.n == 3 || t.n == 4) {
			if (!strcmp(t.w[0], "(") &&
			    !strcmp(t.w[t.n - 1], ")")) {
				t.w++;
				t.n -= 2;
			} else if (!strcmp(t.w[0], "!")) {
				res = 0;
				t.w++;
				t.n--;
				continue;
			}
		}
		n = tst_lex(&t, 0);
		break;
	}
	res ^= tst_oexpr(&t, n);
	if (!t.err && tst_word(&t, t.i) && tst_word(&t, t.i + 1))
		tst_error(&t, t.w[t.i], "unexpected operator");
	return t.err ? 2 : res;
}
