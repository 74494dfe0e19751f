/* tests/unit/test_expand.c — word expansion through a real struct shell:
 * field splitting (IFS whitespace and not), "$@", parameter operators and
 * their quoting, tilde, command substitution, arithmetic, globbing. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "input.h"
#include "parse.h"
#include "interp.h"

static struct sh_config cfg;
static char *args2[] = {"a b", ""};

/* Expands the words after "x " in |line|; returns the fields joined by
 * '|' (a new string), or NULL on an expansion error. */
static char *fields(struct shell *sh, const char *line)
{
	char *text;
	struct sh_reader *r;
	struct parser *p;
	struct arena *a = arena_new();
	struct sbx_diag d;
	struct node *n = NULL;
	struct sbx_strv out = {0};
	struct sbx_buf b = {0};
	char *res = NULL;

	text = xasprintf("x %s\n", line);
	r = in_string(text, strlen(text));
	p = parse_new(r, NULL);
	assert_int_equal(parse_next(p, a, &n, NULL, &d), PARSE_OK);
	if (exp_words(sh, n->args->next, &out) == 0) {
		buf_putn(&b, "", 0);
		for (size_t i = 0; i < out.n; i++) {
			if (i)
				buf_putc(&b, '|');
			buf_puts(&b, out.v[i]);
		}
		res = b.s;
	}
	sh->jump = J_NONE;
	strv_free(&out);
	parse_free(p);
	in_free(r);
	arena_unref(a);
	free(text);
	return res;
}

#define EXPECT(sh, line, want)                                                 \
	do {                                                                   \
		char *got_ = fields(sh, line);                                 \
		assert_non_null(got_);                                         \
		assert_string_equal(got_, want);                               \
		free(got_);                                                    \
	} while (0)

static int setup(void **state)
{
	cfg.arg0 = "t";
	cfg.args = args2;
	cfg.nargs = 2;
	*state = sh_new(&cfg);
	return 0;
}

static int teardown(void **state)
{
	sh_free(*state);
	return 0;
}

static void ifs_splitting(void **state)
{
	struct shell *sh = *state;

	var_set(sh, "v", "  a  b\tc  ", 0);
	EXPECT(sh, "$v", "a|b|c");
	EXPECT(sh, "\"$v\"", "  a  b\tc  ");
	EXPECT(sh, "x$v\"y\"", "x|a|b|c|y");
	var_set(sh, "IFS", ":", 0);
	var_set(sh, "v", "a::b:", 0);
	EXPECT(sh, "$v", "a||b");
	var_set(sh, "v", ":a", 0);
	EXPECT(sh, "$v", "|a");
	var_set(sh, "IFS", " :", 0);
	var_set(sh, "v", " a : b  ::c ", 0);
	EXPECT(sh, "$v", "a|b||c");
	var_set(sh, "IFS", "", 0);
	var_set(sh, "v", "a b", 0);
	EXPECT(sh, "$v", "a b");
	var_set(sh, "IFS", " \t\n", 0);
	var_set(sh, "e", "", 0);
	EXPECT(sh, "$e", ""); /* no field at all */
	EXPECT(sh, "$e x", "x");
	EXPECT(sh, "\"$e\" x", "|x"); /* one empty field */
	EXPECT(sh, "''$e", "");
}

static void dollar_at(void **state)
{
	struct shell *sh = *state;
	char *got;

	EXPECT(sh, "\"$@\"", "a b|");
	EXPECT(sh, "\"<$@>\"", "<a b|>");
	EXPECT(sh, "$@", "a|b");
	EXPECT(sh, "\"$*\"", "a b ");
	EXPECT(sh, "$#", "2");
	var_set_params(sh, 0, NULL);
	got = fields(sh, "\"$@\"");
	assert_string_equal(got, ""); /* zero fields */
	free(got);
	EXPECT(sh, "\"$@\" x", "x");
	EXPECT(sh, "\"$*\" x", "|x");
	var_set_params(sh, 2, args2);
}

static void parameter_operators(void **state)
{
	struct shell *sh = *state;

	var_unset(sh, "u");
	var_set(sh, "e", "", 0);
	var_set(sh, "s", "dir/sub/file.tar.gz", 0);
	var_set(sh, "y", "*", 0);
	EXPECT(sh, "${u-def} ${e-def} ${e:-def} ${s:+alt}", "def|def|alt");
	EXPECT(sh, "\"${u:-a  b}\" ${u:-a  b}", "a  b|a|b");
	EXPECT(sh, "${#s} ${s%.*} ${s%%.*} ${s#*/} ${s##*/}",
	       "19|dir/sub/file.tar|dir/sub/file|sub/file.tar.gz|file.tar.gz");
	EXPECT(sh, "\"${s##*/}\"",
	       "file.tar.gz"); /* pattern not quoted by "" */
	var_set(sh, "v", "a*b", 0);
	EXPECT(sh, "${v#\"$y\"}", "a*b"); /* quoted: literal '*' */
	EXPECT(sh, "${v#*\"*\"}", "b");
	EXPECT(sh, "${u=set}$u", "setset");
	assert_string_equal(var_get(sh, "u"), "set");
	/* bash's status for ${x:?word} in its mode, dash's under posix */
	assert_null(fields(sh, "${nope:?gone}"));
	assert_int_equal(sh->status, 127);
	sh->opt[O_POSIX] = true;
	assert_null(fields(sh, "${nope:?gone}"));
	assert_int_equal(sh->status, 2);
	sh->opt[O_POSIX] = false;
}

static void tilde_cmdsub_arith(void **state)
{
	struct shell *sh = *state;

	var_set(sh, "HOME", "/home/t", 0);
	EXPECT(sh, "~ ~/x \"~\" a~", "/home/t|/home/t/x|~|a~");
	EXPECT(sh, "$(echo 'a  b') \"$(printf 'x\\n\\n\\n')\"", "a|b|x");
	EXPECT(sh, "`echo bq`", "bq");
	var_set(sh, "n", "6", 0);
	EXPECT(sh, "$((n * 7)) $((1 << 3 | 1)) $((n += 1))", "42|9|7");
	assert_string_equal(var_get(sh, "n"), "7");
	assert_null(fields(sh, "$((1/0))"));
}

static void globbing(void **state)
{
	struct shell *sh = *state;
	char dir[] = "/tmp/sbxsh-globXXXXXX";
	char *cmd;

	assert_non_null(mkdtemp(dir));
	cmd = xasprintf("%s/b.c", dir);
	fclose(fopen(cmd, "w"));
	free(cmd);
	cmd = xasprintf("%s/a.c", dir);
	fclose(fopen(cmd, "w"));
	free(cmd);
	assert_int_equal(chdir(dir), 0);
	EXPECT(sh, "*.c", "a.c|b.c");
	EXPECT(sh, "\"*\".c", "*.c");	/* quoted: no globbing */
	EXPECT(sh, "*.none", "*.none"); /* no match: kept */
	EXPECT(sh, "[ab].c", "a.c|b.c");
	EXPECT(sh, "[", "[");
	sh->opt[O_NOGLOB] = true;
	EXPECT(sh, "*.c", "*.c");
	sh->opt[O_NOGLOB] = false;
	unlink("a.c");
	unlink("b.c");
	assert_int_equal(chdir("/"), 0);
	rmdir(dir);
}

/* bash's words (issue 24): brace expansion before the rest, the
 * parameter operators on a copy of the value, the computed variables. */
static void bash_words(void **state)
{
	struct shell *sh = *state;

	var_set(sh, "x", "a-b-c", 0);
	EXPECT(sh, "{a,b}{1..2} p{$x,'q r'}", "a1|a2|b1|b2|pa-b-c|pq r");
	EXPECT(sh, "\"{a,b}\" {a} {1..03}", "{a,b}|{a}|01|02|03");
	EXPECT(sh, "${x//-/_} \"${x/#a/<&>}\" ${x/%c} ${x//[ab]/\\&}",
	       "a_b_c|<a>-b-c|a-b-|&-&-c");
	EXPECT(sh, "${x:1:3} ${x: -2} ${x:1:-1} ${x^^} ${x^} ${x@Q}",
	       "-b-|-c|-b-|A-B-C|A-b-c|'a-b-c'");
	var_set(sh, "n", "x", 0);
	EXPECT(sh, "${!n} \"${!n*}\"", "a-b-c|n");
	/* an operand that assigns the variable: the value read is the
	 * one before (a copy), not freed memory */
	EXPECT(sh, "${x/b/$((x=1))}", "a-1-c");
	assert_string_equal(var_get(sh, "x"), "1");
	var_set(sh, "RANDOM", "1", 0);
	EXPECT(sh, "$RANDOM $RANDOM", "16807|10791");
	EXPECT(sh, "$OSTYPE", "linux-gnu");
	assert_null(fields(sh, "${x@Z}"));
}

/* Under posix none of it: dash's words. */
static void posix_words(void **state)
{
	struct shell *sh = *state;

	sh->opt[O_POSIX] = true;
	var_set(sh, "x", "a-b-c", 0);
	EXPECT(sh, "{a,b} {1..2}", "{a,b}|{1..2}");
	EXPECT(sh, "[$RANDOM$SECONDS$PIPESTATUS$BASHPID]", "[]");
	assert_null(fields(sh, "${x//-/_}"));
	assert_null(fields(sh, "${!x}"));
	sh->opt[O_POSIX] = false;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(ifs_splitting, setup, teardown),
	    cmocka_unit_test_setup_teardown(dollar_at, setup, teardown),
	    cmocka_unit_test_setup_teardown(parameter_operators, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(tilde_cmdsub_arith, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(globbing, setup, teardown),
	    cmocka_unit_test_setup_teardown(bash_words, setup, teardown),
	    cmocka_unit_test_setup_teardown(posix_words, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
