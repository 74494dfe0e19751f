/* tests/unit/test_arith.c — arith_eval(): dash's results, through a fake
 * variable store. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "arith.h"

/* A fake shell variable store; "ro" is readonly. */
#define NV 32
struct store {
	char *name[NV], *val[NV];
	int n;
	int sets; /* number of successful set() calls */
};

static const char *st_get(void *ctx, const char *name)
{
	struct store *s = ctx;
	int i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->name[i], name))
			return s->val[i];
	return NULL;
}

static int st_set(void *ctx, const char *name, const char *value)
{
	struct store *s = ctx;
	int i;

	if (!strcmp(name, "ro"))
		return -EPERM;
	s->sets++;
	for (i = 0; i < s->n; i++) {
		if (!strcmp(s->name[i], name)) {
			free(s->val[i]);
			s->val[i] = xstrdup(value);
			return 0;
		}
	}
	assert_true(s->n < NV);
	s->name[s->n] = xstrdup(name);
	s->val[s->n++] = xstrdup(value);
	return 0;
}

static struct store S;
static struct arith_vars V = {st_get, st_set, &S, false};

static void put(const char *name, const char *val)
{
	assert_int_equal(st_set(&S, name, val), 0);
	S.sets = 0;
}

static int reset(void **state)
{
	int i;

	(void)state;
	for (i = 0; i < S.n; i++) {
		free(S.name[i]);
		free(S.val[i]);
	}
	memset(&S, 0, sizeof(S));
	return 0;
}

static intmax_t ev(const char *e)
{
	struct sbx_diag d = {0};
	intmax_t r = -12345;
	int err = arith_eval(e, &V, &r, &d);

	if (err)
		fail_msg("%s: %d %s", e, err, d.msg);
	return r;
}

/* Returns the error and leaves the message in |msg|. */
static int everr(const char *e, char *msg, size_t size)
{
	struct sbx_diag d = {0};
	intmax_t r = 0;
	int err = arith_eval(e, &V, &r, &d);

	if (msg)
		snprintf(msg, size, "%s", d.msg);
	return err;
}

/* bash's **: above * and below the unary operators, right-associative,
 * wrapping; a negative exponent is an error; in posix mode (dash) it is
 * not an operator at all. */
static void arith_power(void **state)
{
	char msg[600];

	(void)state;
	assert_int_equal(ev("2**10"), 1024);
	assert_int_equal(ev("2**3**2"), 512);
	assert_int_equal(ev("2*3**2"), 18);
	assert_int_equal(ev("-2**2"), 4);
	assert_int_equal(ev("0**0"), 1);
	assert_int_equal(ev("3**0"), 1);
	assert_int_equal(ev("2**64"), 0);	   /* wraps */
	assert_int_equal(ev("2**63"), INTMAX_MIN); /* wraps */
	assert_int_equal(ev("1 || 2**-1"), 1);	   /* not evaluated */
	assert_int_equal(everr("2**-1", msg, sizeof(msg)), -EINVAL);
	assert_non_null(strstr(msg, "exponent less than 0"));
	V.posix = true;
	assert_int_equal(everr("2**3", msg, sizeof(msg)), -EINVAL);
	assert_non_null(strstr(msg, "expecting primary"));
	V.posix = false;
}

static void arith_precedence(void **state)
{
	(void)state;
	assert_int_equal(ev("2+3*4"), 14);
	assert_int_equal(ev("(2+3)*4"), 20);
	assert_int_equal(ev("10-2-3"), 5); /* left associative */
	assert_int_equal(ev("100/10/5"), 2);
	assert_int_equal(ev("2<<1<<1"), 8);
	assert_int_equal(ev("1<2==1"), 1);	/* < binds tighter than == */
	assert_int_equal(ev("7&3^1|8"), 10);	/* & > ^ > | */
	assert_int_equal(ev("1 ^ 3 & 2"), 3);	/* & binds tighter than ^ */
	assert_int_equal(ev("1 | 1 ^ 1"), 1);	/* ^ binds tighter than | */
	assert_int_equal(ev("0 && 0 | 1"), 0);	/* | binds tighter than && */
	assert_int_equal(ev("1 == 2 < 3"), 1);	/* < binds tighter than == */
	assert_int_equal(ev("5 & 3 == 3"), 1);	/* == binds tighter than & */
	assert_int_equal(ev("1 || 0 && 0"), 1); /* && binds tighter than || */
	assert_int_equal(ev("1 + 2 << 1"), 6);	/* + binds tighter than << */
	assert_int_equal(ev("1 << 2 < 5"), 1);
	assert_int_equal(ev("-2*-2"), 4);
	assert_int_equal(ev("- -1"), 1);
	assert_int_equal(ev("!0"), 1);
	assert_int_equal(ev("!!5"), 1);
	assert_int_equal(ev("!-1"), 0);
	assert_int_equal(ev("~0"), -1);
	assert_int_equal(ev("~5 + 1"), -5);
	assert_int_equal(ev("1?0:1?2:3"), 0); /* ?: right associative */
	assert_int_equal(ev("0 ? 1 : 0 ? 2 : 3"), 3);
	assert_int_equal(ev("1 ? 2 : 3 ? 4 : 5"), 2);
	assert_int_equal(ev("-7/2"), -3); /* truncates toward zero */
	assert_int_equal(ev("-7%2"), -1);
	assert_int_equal(ev("7%-3"), 1);
	assert_int_equal(ev("5 / -1"), -5);
	assert_int_equal(ev("-7 / -1"), 7);
	assert_int_equal(ev("-5 % -1"), 0);
	assert_int_equal(ev("1<2<3"), 1);
	assert_int_equal(ev("5>3>1"), 0);
	assert_int_equal(ev("4 >= 3 <= 1"), 1);
	assert_int_equal(ev("1 != 2"), 1);
	assert_int_equal(ev("(((1)))"), 1);
	assert_int_equal(ev(" \t\n 1 \n"), 1);
}

static void arith_constants(void **state)
{
	(void)state;
	assert_int_equal(ev("0x10"), 16);
	assert_int_equal(ev("0X1f"), 31);
	assert_int_equal(ev("010"), 8);
	assert_int_equal(ev("007"), 7);
	/* posix: out-of-range constants clamp, as dash's strtoimax does */
	V.posix = true;
	assert_true(ev("9223372036854775808") == INTMAX_MAX);
	assert_true(ev("0x8000000000000000") == INTMAX_MAX);
	assert_int_equal(everr("08", NULL, 0), -EINVAL);
	assert_int_equal(everr("0x", NULL, 0), -EINVAL);
	assert_int_equal(everr("1a", NULL, 0), -EINVAL);
	V.posix = false;
	/* bash: they wrap, "0x" is 0, and a bad number is one token */
	assert_true(ev("9223372036854775808") == INTMAX_MIN);
	assert_true(ev("0x8000000000000000") == INTMAX_MIN);
	assert_int_equal(ev("0x"), 0);
	assert_int_equal(ev("0x1F + 017 + 2#11 + 64#_"), 31 + 15 + 3 + 63);
	assert_int_equal(everr("08", NULL, 0), -EINVAL);
	assert_int_equal(everr("1a", NULL, 0), -EINVAL);
}

static void arith_overflow_wraps(void **state)
{
	(void)state;
	assert_true(ev("0x7fffffffffffffff+1") == INTMAX_MIN);
	assert_true(ev("-9223372036854775807-1") == INTMAX_MIN);
	assert_true(ev("-(-9223372036854775807-1)") == INTMAX_MIN);
	assert_true(ev("9223372036854775807*2") == -2);
	/* dash 0.5.12 dies of SIGFPE here (status 136); bash gives
	 * INTMAX_MIN and 0, and so do we */
	assert_true(ev("(-9223372036854775807-1)/-1") == INTMAX_MIN);
	assert_int_equal(ev("(-9223372036854775807-1)%-1"), 0);
	put("m", "-9223372036854775808");
	assert_true(ev("m /= -1") == INTMAX_MIN);
	assert_string_equal(st_get(&S, "m"), "-9223372036854775808");
	/* shift counts are taken modulo 64, as on x86 */
	assert_int_equal(ev("1<<64"), 1);
	assert_true(ev("1<<-1") == INTMAX_MIN);
	assert_true(ev("1<<63") == INTMAX_MIN);
	assert_int_equal(ev("-1>>1"), -1);
	assert_int_equal(ev("-8>>1"), -4);
}

static void arith_variables(void **state)
{
	(void)state;
	assert_int_equal(ev("unset_var"), 0);
	put("e", "");
	assert_int_equal(ev("e + 1"), 1);
	put("x", " 5 ");
	assert_int_equal(ev("x * 2"), 10);
	put("h", "0x10");
	assert_int_equal(ev("h"), 16);
	put("o", "010");
	assert_int_equal(ev("o"), 8);
	put("n", "-3");
	assert_int_equal(ev("n"), -3);
	/* a value that is an expression is evaluated (bash) */
	put("y", "1+2");
	put("z", "y*2");
	assert_int_equal(ev("z"), 6);
	/* ... with a limit on the recursion */
	put("r1", "r2");
	put("r2", "r1");
	char msg[512];
	assert_int_equal(everr("r1", msg, sizeof(msg)), -EINVAL);
	assert_non_null(strstr(msg, "recursion"));
	put("bad", "1+");
	assert_int_equal(everr("bad", msg, sizeof(msg)), -EINVAL);
	assert_string_equal(
	    msg, "1+: syntax error: operand expected (error token is \"+\")");
	V.posix = true;
	assert_int_equal(everr("bad", msg, sizeof(msg)), -EINVAL);
	assert_string_equal(msg,
			    "arithmetic expression: expecting primary: \"1+\"");
	V.posix = false;
	/* no variable store at all: names read as 0, assignment fails */
	intmax_t r = 7;
	assert_int_equal(arith_eval("abc + 2", NULL, &r, NULL), 0);
	assert_int_equal(r, 2);
	assert_true(arith_eval("abc = 2", NULL, &r, NULL) < 0);
}

static void arith_assignment(void **state)
{
	(void)state;
	assert_int_equal(ev("a = b = 3"), 3);
	assert_string_equal(st_get(&S, "a"), "3");
	assert_string_equal(st_get(&S, "b"), "3");
	put("x", "3");
	assert_int_equal(ev("x *= 2"), 6);
	assert_int_equal(ev("x /= 4"), 1);
	assert_int_equal(ev("x <<= 3"), 8);
	assert_int_equal(ev("x |= 1"), 9);
	assert_int_equal(ev("x ^= 3"), 10);
	assert_int_equal(ev("x &= 6"), 2);
	assert_int_equal(ev("x %= 4"), 2);
	assert_int_equal(ev("x -= 10"), -8);
	assert_int_equal(ev("x >>= 1"), -4);
	assert_int_equal(ev("x += 5"), 1);
	assert_string_equal(st_get(&S, "x"), "1");
	assert_int_equal(ev("k += m2 += 2"), 2);
	assert_string_equal(st_get(&S, "k"), "2");
	assert_int_equal(ev("w = 1 ? 2 : 3"), 2);
	assert_int_equal(ev("1 ? q = 2 : 3"), 2);
	assert_string_equal(st_get(&S, "q"), "2");
	/* not an lvalue */
	assert_int_equal(everr("1 = 2", NULL, 0), -EINVAL);
	assert_int_equal(everr("(x) = 1", NULL, 0), -EINVAL);
	assert_int_equal(everr("1 + x = 2", NULL, 0), -EINVAL);
	assert_int_equal(everr("1 ? 2 : x = 5", NULL, 0), -EINVAL);
	/* x == 1 is a comparison, not an assignment */
	put("x", "1");
	S.sets = 0;
	assert_int_equal(ev("x == 1"), 1);
	assert_int_equal(S.sets, 0);
}

static void arith_incdec(void **state)
{
	(void)state;
	put("x", "5");
	assert_int_equal(ev("x++"), 5);
	assert_string_equal(st_get(&S, "x"), "6");
	assert_int_equal(ev("++x"), 7);
	assert_int_equal(ev("x--"), 7);
	assert_int_equal(ev("--x"), 5);
	assert_int_equal(ev("x++ + ++x"), 12); /* 5 + 7, as bash */
	assert_string_equal(st_get(&S, "x"), "7");
	/* not before a name: unary plus/minus twice, or a binary + */
	assert_int_equal(ev("++5"), 5);
	assert_int_equal(ev("--5"), 5);
	assert_int_equal(ev("1++2"), 3);
	assert_int_equal(ev("1--1"), 2);
	assert_int_equal(ev("x+++1"), 8); /* (x++) + 1 */
	assert_string_equal(st_get(&S, "x"), "8");
}

static void arith_short_circuit(void **state)
{
	(void)state;
	S.sets = 0;
	assert_int_equal(ev("0 && (a1 = 1)"), 0);
	assert_int_equal(ev("1 || (a2 = 2)"), 1);
	assert_int_equal(ev("0 ? (a3 = 1) : 2"), 2);
	assert_int_equal(ev("1 ? 2 : (a4 = 1)"), 2);
	assert_int_equal(ev("0 && a5++"), 0);
	assert_int_equal(ev("1 || ++a6"), 1);
	assert_int_equal(S.sets, 0);
	assert_null(st_get(&S, "a1"));
	/* no division by zero in the branch not taken */
	assert_int_equal(ev("0 && 1/0"), 0);
	assert_int_equal(ev("1 || 1%0"), 1);
	assert_int_equal(ev("0 ? 1/0 : 5"), 5);
	assert_int_equal(ev("1 ? 5 : 1/0"), 5);
	assert_int_equal(ev("0 || 0 && 1/0"), 0);
	/* the branch that is taken does assign */
	assert_int_equal(ev("1 && (t1 = 4)"), 1);
	assert_string_equal(st_get(&S, "t1"), "4");
	/* && and || give 0/1 */
	assert_int_equal(ev("5 && 7"), 1);
	assert_int_equal(ev("0 || -3"), 1);
	/* a branch that is not taken is still parsed */
	assert_int_equal(everr("0 && (1 +)", NULL, 0), -EINVAL);
}

static void arith_division_by_zero(void **state)
{
	char msg[512];

	(void)state;
	assert_int_equal(everr("1/0", msg, sizeof(msg)), -EDOM);
	assert_string_equal(msg, "1/0: division by 0 (error token is \"0\")");
	assert_int_equal(everr(" 1 / 0 + 2", msg, sizeof(msg)), -EDOM);
	assert_string_equal(msg, "1 / 0 + 2: division by 0 (error token is "
				 "\"0 + 2\")");
	V.posix = true;
	assert_int_equal(everr("1/0", msg, sizeof(msg)), -EDOM);
	assert_string_equal(msg,
			    "arithmetic expression: division by zero: \"1/0\"");
	V.posix = false;
	assert_int_equal(everr("1%0", NULL, 0), -EDOM);
	put("x", "5");
	assert_int_equal(everr("x /= 0", NULL, 0), -EDOM);
	assert_string_equal(st_get(&S, "x"), "5");
	assert_int_equal(everr("x %= 0", NULL, 0), -EDOM);
}

static void arith_readonly(void **state)
{
	char msg[512];

	(void)state;
	assert_int_equal(everr("ro = 1", msg, sizeof(msg)), -EPERM);
	assert_string_equal(msg, "ro: readonly variable");
	V.posix = true;
	assert_int_equal(everr("ro = 1", msg, sizeof(msg)), -EPERM);
	assert_string_equal(msg, "ro: is read only");
	V.posix = false;
	assert_int_equal(everr("ro++", NULL, 0), -EPERM);
	assert_int_equal(everr("++ro", NULL, 0), -EPERM);
	/* not an error when it is never evaluated */
	assert_int_equal(ev("0 && (ro = 1)"), 0);
}

static void arith_syntax_errors(void **state)
{
	static const struct {
		const char *e, *msg;
	} t[] = {
	    {"1+", "arithmetic expression: expecting primary: \"1+\""},
	    {"", "arithmetic expression: expecting primary: \"\""},
	    {"  ", "arithmetic expression: expecting primary: \"  \""},
	    {"-", "arithmetic expression: expecting primary: \"-\""},
	    {"(1", "arithmetic expression: expecting ')': \"(1\""},
	    {"(1))", "arithmetic expression: expecting EOF: \"(1))\""},
	    {")", "arithmetic expression: expecting primary: \")\""},
	    {"3 4", "arithmetic expression: expecting EOF: \"3 4\""},
	    {"1 ? 2", "arithmetic expression: expecting ':': \"1 ? 2\""},
	    {"a=", "arithmetic expression: expecting primary: \"a=\""},
	    {"2**3", "arithmetic expression: expecting primary: \"2**3\""},
	    {"x ?: 3", "arithmetic expression: expecting primary: \"x ?: 3\""},
	    {"1,2", "arithmetic expression: expecting EOF: \"1,2\""},
	    {"$x", "arithmetic expression: expecting primary: \"$x\""},
	    {"1 @ 2", "arithmetic expression: expecting EOF: \"1 @ 2\""},
	};
	size_t i;
	char msg[512];

	(void)state;
	/* dash's texts: posix mode (bash's ** is arith_power's) */
	V.posix = true;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		assert_int_equal(everr(t[i].e, msg, sizeof(msg)), -EINVAL);
		assert_string_equal(msg, t[i].msg);
	}
	V.posix = false;
}

/* bash's words: the expression without its leading blanks, what is
 * wrong, and the text from the error token on (bash 5.2's expr.c) */
static void arith_bash_errors(void **state)
{
	static const struct {
		const char *e, *msg;
	} t[] = {
	    {"1+", "1+: syntax error: operand expected (error token is \"+\")"},
	    {" 1 + ",
	     "1 + : syntax error: operand expected (error token is \"+ \")"},
	    {"1 2", "1 2: syntax error in expression (error token is \"2\")"},
	    {"1 @ 2", "1 @ 2: syntax error: invalid arithmetic operator "
		      "(error token is \"@ 2\")"},
	    {"(1 2)", "(1 2): missing `)' (error token is \"2)\")"},
	    {"1?2", "1?2: `:' expected for conditional expression (error "
		    "token is \"2\")"},
	    {"1?:3", "1?:3: expression expected (error token is \":3\")"},
	    {"3=4", "3=4: attempted assignment to non-variable (error token "
		    "is \"=4\")"},
	    {"2**-1", "2**-1: exponent less than 0 (error token is \"1\")"},
	    {"09+1", "09: value too great for base (error token is \"09\")"},
	    {"0#1", "0#1: invalid number (error token is \"0#1\")"},
	    {"65#1", "65#1: invalid arithmetic base (error token is \"65#1\")"},
	    {"2#", "2#: invalid integer constant (error token is \"2#\")"},
	    {"a[1", "a[1: bad array subscript (error token is \"a[1\")"},
	};
	char msg[512];

	(void)state;
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		assert_true(everr(t[i].e, msg, sizeof(msg)) < 0);
		assert_string_equal(msg, t[i].msg);
	}
	/* the comma operator is bash's */
	assert_int_equal(ev("a = 1, a + 1"), 2);
	V.posix = true;
	assert_int_equal(everr("1,2", NULL, 0), -EINVAL);
	V.posix = false;
}

static char *repeat3(const char *a, size_t na, const char *mid, const char *b,
		     size_t nb)
{
	size_t la = strlen(a), lm = strlen(mid), lb = strlen(b), i;
	char *s = xmalloc(la * na + lm + lb * nb + 1), *p = s;

	for (i = 0; i < na; i++, p += la)
		memcpy(p, a, la);
	memcpy(p, mid, lm);
	p += lm;
	for (i = 0; i < nb; i++, p += lb)
		memcpy(p, b, lb);
	*p = '\0';
	return s;
}

static void arith_nesting_limit(void **state)
{
	char msg[512];
	char *s;

	(void)state;
	/* well within the limit */
	s = repeat3("(", 900, "1", ")", 900);
	assert_int_equal(ev(s), 1);
	free(s);
	/* 100 000 parentheses: an error, not a stack overflow */
	s = repeat3("(", 100000, "1", ")", 100000);
	assert_int_equal(everr(s, msg, sizeof(msg)), -EINVAL);
	assert_non_null(strstr(msg, "too deeply nested"));
	free(s);
	/* unary operators, ?: and assignment chains count too */
	s = repeat3("-", 1000000, "1", "", 0);
	assert_int_equal(everr(s, msg, sizeof(msg)), -EINVAL);
	assert_non_null(strstr(msg, "too deeply nested"));
	free(s);
	s = repeat3("1?", 100000, "1", ":1", 100000);
	assert_int_equal(everr(s, NULL, 0), -EINVAL);
	free(s);
	s = repeat3("a=", 100000, "1", "", 0);
	assert_int_equal(everr(s, NULL, 0), -EINVAL);
	free(s);
	/* a long flat expression (1 MiB) is fine */
	s = repeat3("1+", 524288, "1", "", 0);
	assert_int_equal(ev(s), 524289);
	free(s);
	/* and a long one with a syntax error keeps a short message */
	s = repeat3("1+", 524288, "", "", 0);
	assert_int_equal(everr(s, msg, sizeof(msg)), -EINVAL);
	assert_true(strlen(msg) < 500);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(arith_precedence, reset, reset),
	    cmocka_unit_test_setup_teardown(arith_power, reset, reset),
	    cmocka_unit_test_setup_teardown(arith_constants, reset, reset),
	    cmocka_unit_test_setup_teardown(arith_overflow_wraps, reset, reset),
	    cmocka_unit_test_setup_teardown(arith_variables, reset, reset),
	    cmocka_unit_test_setup_teardown(arith_assignment, reset, reset),
	    cmocka_unit_test_setup_teardown(arith_incdec, reset, reset),
	    cmocka_unit_test_setup_teardown(arith_short_circuit, reset, reset),
	    cmocka_unit_test_setup_teardown(arith_division_by_zero, reset,
					    reset),
	    cmocka_unit_test_setup_teardown(arith_readonly, reset, reset),
	    cmocka_unit_test_setup_teardown(arith_syntax_errors, reset, reset),
	    cmocka_unit_test_setup_teardown(arith_bash_errors, reset, reset),
	    cmocka_unit_test_setup_teardown(arith_nesting_limit, reset, reset),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
