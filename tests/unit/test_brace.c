/* tests/unit/test_brace.c — brace_expand(): bash 5.2's results (each
 * expected line was printed by `bash -c 'echo WORD'`; empty words show as
 * nothing between two spaces here, which echo drops). */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "brace.h"

static const char *const cases[][2] = {
    {"{{a,b}}", "{a} {b}"},
    {"{a}{b,c}", "{a}b {a}c"},
    {"{a..}", "{a..}"},
    {"{}", "{}"},
    {"{a,b}{}", "a{} b{}"},
    {"x{,}y", "xy xy"},
    {"{1..10..0}", "1 2 3 4 5 6 7 8 9 10"},
    {"{1..3..-1}", "1 2 3"},
    {"{3..1..2}", "3 1"},
    {"{01..3}", "01 02 03"},
    {"{-01..3}", "-01 000 001 002 003"},
    {"{a..e..2}", "a c e"},
    {"{z..u}", "z y x w v u"},
    {"{a..3}", "{a..3}"},
    {"{1..2..a}", "{1..2..a}"},
    {"{A..c}",
     "A B C D E F G H I J K L M N O P Q R S T U V W X Y Z [  ] ^ _ ` a b c"},
    {"{1..3}{a,b}", "1a 1b 2a 2b 3a 3b"},
    {"{-3..3}", "-3 -2 -1 0 1 2 3"},
    {"{+1..3}", "1 2 3"},
    {"{1..-1}", "1 0 -1"},
    {"{a,{b,c}}d", "ad bd cd"},
    {"{a,b{1..2}}", "a b1 b2"},
    {"a{b}c{d,e}", "a{b}cd a{b}ce"},
    {"{a.b,c}", "a.b c"},
    {"{1...3}", "{1...3}"},
    {"{1..3...}", "{1..3...}"},
    {"{9..11}", "9 10 11"},
    {"{0001..3..2}", "0001 0003"},
    {"{1..03}", "01 02 03"},
    {"{1..03..1}", "01 02 03"},
    {"{a..a}", "a"},
    {"{5..5}", "5"},
    {"{-0..2}", "0 1 2"},
    {"{00..-2}", "00 -1 -2"},
    {"{1..3}}", "1} 2} 3}"},
    {"{{1..3}", "{1 {2 {3"},
    {"{a,b}}c", "a}c b}c"},
    {"{a,b", "{a,b"},
    {"a}b{c,d}", "a}bc a}bd"},
    {"{..}", "{..}"},
    {"{1..9999999999999999999999}", "{1..9999999999999999999999}"},
    {"{1..2..99999999999999999999}x{a,b}",
     "{1..2..99999999999999999999}xa {1..2..99999999999999999999}xb"},
    {"{a..c}{1..2}", "a1 a2 b1 b2 c1 c2"},
    {"{x..y..}", "{x..y..}"},
    {"{1..3{a,b}}", "1..3a 1..3b"},
    {"{a..c,d}", "a..c d"},
    {"{10..1..3}", "10 7 4 1"},
    {"{-5..-1..2}", "-5 -3 -1"},
    {"{a,b}{c,d}{e,f}", "ace acf ade adf bce bcf bde bdf"},
    {"{a..c}{", "a{ b{ c{"},
    {"-{1..2}-", "-1- -2-"},
    {"{1..10..3}", "1 4 7 10"},
    {"{0..10..5}", "0 5 10"},
    {"{07..10}", "07 08 09 10"},
    {"{a..z..30}", "a"},
    {"{z..a..3}", "z w t q n k h e b"},
    /* empty words stay words here (the shell drops unquoted empty
     * fields later) */
    {"{,}", " "},
    {"{a,b,}", "a b "},
    {",{,a}", ", ,a"},
    /* quoted characters are not syntax */
    {"{a\\,b}", "{a\\,b}"},
    {"\\{a,b}", "\\{a,b}"},
    {"{a,b\\}", "{a,b\\}"},
    {"{a,\\,}", "a \\,"},
    {"{Z..a}", "Z [  ] ^ _ ` a"},
};

static void test_bash(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *s = brace_expand_str(cases[i][0]);

		if (strcmp(s, cases[i][1]))
			fail_msg("%s: got \"%s\", want \"%s\"", cases[i][0], s,
				 cases[i][1]);
		free(s);
	}
}

/* Past BRACE_MAX_WORDS the word is left as typed, not expanded into
 * gigabytes. */
static void test_limit(void **state)
{
	struct brace_list l = {0};
	const char *w = "{1..2000000}";
	int t[32];
	size_t n = strlen(w);
	char big[200];

	(void)state;
	for (size_t i = 0; i < n; i++)
		t[i] = (unsigned char)w[i];
	assert_int_equal(brace_expand(t, n, &l), 0);
	assert_int_equal(l.n, 1);
	assert_int_equal(l.v[0].n, n);
	brace_list_free(&l);
	/* 2^21 words from a product */
	big[0] = 0;
	for (int i = 0; i < 21; i++)
		strcat(big, "{a,b}");
	n = strlen(big);
	{
		int *tb = malloc(n * sizeof(int));

		for (size_t i = 0; i < n; i++)
			tb[i] = (unsigned char)big[i];
		assert_int_equal(brace_expand(tb, n, &l), -E2BIG);
		assert_int_equal(l.n, 1);
		brace_list_free(&l);
		free(tb);
	}
	/* deep nesting is left as typed, not a stack overflow */
	{
		size_t k = 1000;
		char *d = malloc(4 * k + 1);
		char *s;

		for (size_t i = 0; i < k; i++) {
			memcpy(d + 3 * i, "{a,", 3);
			d[3 * k + i] = '}';
		}
		d[4 * k] = 0;
		s = brace_expand_str(d);
		assert_non_null(s);
		free(s);
		free(d);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_bash),
	    cmocka_unit_test(test_limit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
