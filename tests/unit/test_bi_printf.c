/* tests/unit/test_bi_printf.c — pf_printf() and pf_echo(): dash's output,
 * byte for byte, and its messages and statuses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bi_printf.h"

static struct sbx_buf out, err;
static int status;

/* Runs printf (or echo, when |echo|) with the NULL-terminated arguments
 * that follow; the results land in |out|, |err| and |status|. */
static void call(int echo, ...)
{
	char *argv[64];
	int argc = 0;
	va_list ap;

	argv[argc++] = echo ? "echo" : "printf";
	va_start(ap, echo);
	while ((argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	buf_free(&out);
	buf_free(&err);
	memset(&out, 0, sizeof(out));
	memset(&err, 0, sizeof(err));
	if (echo == 2) /* bash's echo, xpg_echo off, C locale */
		status = pf_echo_bash(argc, argv, false, false, &out);
	else
		status = echo ? pf_echo(argc, argv, &out)
			      : pf_printf(argc, argv, NULL, &out, &err);
}

#define PF(...) call(0, __VA_ARGS__, (char *)NULL)
#define ECHO(...) call(1, __VA_ARGS__, (char *)NULL)
#define BECHO(...) call(2, __VA_ARGS__, (char *)NULL)

/* Output compared with its length, so embedded NULs count. */
#define assert_out(lit)                                                        \
	do {                                                                   \
		assert_int_equal(out.len, sizeof(lit) - 1);                    \
		assert_memory_equal(out.s ? out.s : "", lit, sizeof(lit) - 1); \
	} while (0)

static const char *errs(void)
{
	return err.s ? err.s : "";
}

static int teardown(void **state)
{
	(void)state;
	buf_free(&out);
	buf_free(&err);
	return 0;
}

static void pf_integers(void **state)
{
	(void)state;
	PF("%d|%i|%o|%u|%x|%X\n", "42", "-3", "8", "7", "255", "255");
	assert_out("42|-3|10|7|ff|FF\n");
	assert_int_equal(status, 0);
	PF("%x %o %X %u\n", "-1", "-1", "255", "-1");
	assert_out("ffffffffffffffff 1777777777777777777777 FF "
		   "18446744073709551615\n");
	PF("%#x %#o %+d % d %05d\n", "255", "8", "5", "5", "5");
	assert_out("0xff 010 +5  5 00005\n");
	PF("%.3d|%#.3o|%-5d|%5d|%-+5d|\n", "5", "5", "1", "1", "3");
	assert_out("005|005|1    |    1|+3   |\n");
	/* hex, octal, blanks before, char codes */
	PF("%d %d %d %d\n", "0x10", "010", "-0x10", " 5");
	assert_out("16 8 -16 5\n");
	PF("%d %d %d %d\n", "'A", "\"B", "'", "'\xc3\xa9");
	assert_out("65 66 0 195\n");
	PF("%d|%d\n", "", "+5");
	assert_out("0|5\n");
	assert_int_equal(status, 0);
	PF("%d %u", "-9223372036854775808", "18446744073709551615");
	assert_out("-9223372036854775808 18446744073709551615");
	assert_int_equal(status, 0);
}

static void pf_floats_strings_chars(void **state)
{
	(void)state;
	PF("%5.2f|%-8.3f|%e|%g|%G|%E\n", "3.14159", "1.5", "1.5", "0.0001",
	   "0.00001", "1e10");
	assert_out(" 3.14|1.500   |1.500000e+00|0.0001|1E-05|1.000000E+10\n");
	PF("%a %F %f %.0f %#.0f\n", "1", "inf", "0x10", "2.5", "2");
	assert_out("0x1p+0 INF 16.000000 2 2.\n");
	PF("%s|%5s|%-5s|%.2s|%5.1s|\n", "abc", "x", "y", "abcdef", "abc");
	assert_out("abc|    x|y    |ab|    a|\n");
	PF("%c%c|%5c|%-3c|\n", "1", "22", "abc", "z");
	assert_out("12|    a|z  |\n");
	/* %c of an empty argument is a NUL byte */
	PF("%c|", "");
	assert_out("\0|");
	PF("%%s %% %d%%\n", "5");
	assert_out("%s % 5%\n");
	/* * width and precision, negative width = left */
	PF("%*d|%-*d|%.*f|%*s|%.*s|\n", "5", "1", "4", "2", "2", "3.14159",
	   "-5", "ab", "-1", "abc");
	assert_out("    1|2   |3.14|ab   |abc|\n");
	PF("%0*d|", "3");
	assert_out("000|");
}

static void pf_escapes(void **state)
{
	(void)state;
	PF("\\a\\b\\e\\f\\n\\r\\t\\v\\\\");
	assert_out("\a\b\033\f\n\r\t\v\\");
	/* \NNN takes up to three octal digits */
	PF("\\1010\\0101 \\18 \\400");
	assert_out("A0\b1 \0018 \0");
	/* unknown escapes (and \c, \x, \u in the format) stay as they are */
	PF("\\q\\x41\\u00e9 abc\\c def\\");
	assert_out("\\q\\x41\\u00e9 abc\\c def\\");
	PF("\\0");
	assert_out("\0");
}

static void pf_b_conversion(void **state)
{
	(void)state;
	PF("%b|", "a\\tb\\n");
	assert_out("a\tb\n|");
	/* \0NNN: the 0 introduces up to three more digits */
	PF("%b|%b|%b|%b|", "\\0101", "\\101", "\\1010", "\\0");
	assert_out("A|A|A0|\0|");
	PF("%b|", "\\00101");
	assert_out("\b1|");
	PF("%b|%b|", "\\q", "x\\");
	assert_out("\\q|x\\|");
	/* width and precision apply to the converted text */
	PF("%5.2b|%-5b|%05b|", "abcdef", "ab", "cd");
	assert_out("   ab|ab   |   cd|");
	PF("%3b|%.1b|", "\\t", "\\101\\102");
	assert_out("  \t|A|");
	/* \c ends all output, the rest of the format and the reuse too */
	PF("%b\n", "a", "b\\cX", "c");
	assert_out("a\nb");
	assert_int_equal(status, 0);
	PF("%s-%b-%s\n", "1", "\\c", "3");
	assert_out("1-");
}

static void pf_reuse(void **state)
{
	(void)state;
	PF("%s %s\n", "a", "b", "c");
	assert_out("a b\nc \n");
	PF("%s", "a", "b", "c");
	assert_out("abc");
	PF("%d %s\n", "1", "a", "2");
	assert_out("1 a\n2 \n");
	/* missing arguments: "" and 0 */
	PF("%d %d|%s|%c|%f\n", "1");
	assert_out("1 0||\0|0.000000\n");
	/* no conversion: printed once, arguments ignored */
	PF("a\n", "x", "y");
	assert_out("a\n");
	PF("%s\n");
	assert_out("\n");
}

static void pf_invalid_numbers(void **state)
{
	(void)state;
	/* a message, the number parsed so far, status 1, and on */
	PF("%d\n", "abc", "3");
	assert_out("0\n3\n");
	assert_string_equal(errs(), "printf: abc: expected numeric value\n");
	assert_int_equal(status, 1);
	PF("%d|\n", "3x", "4");
	assert_out("3|\n4|\n");
	assert_string_equal(errs(), "printf: 3x: not completely converted\n");
	assert_int_equal(status, 1);
	PF("%d\n", "5 ");
	assert_out("5\n");
	assert_string_equal(errs(), "printf: 5 : not completely converted\n");
	PF("%d\n", "99999999999999999999");
	assert_out("9223372036854775807\n");
	assert_string_equal(
	    errs(),
	    "printf: 99999999999999999999: Numerical result out of range\n");
	assert_int_equal(status, 1);
	PF("%u\n", "-99999999999999999999");
	assert_out("18446744073709551615\n");
	assert_int_equal(status, 1);
	PF("%f %f\n", "abc", "1e999");
	assert_out("0.000000 inf\n");
	assert_string_equal(errs(),
			    "printf: abc: expected numeric value\n"
			    "printf: 1e999: Numerical result out of range\n");
	PF("%i %o\n", "3.5", "1");
	assert_out("3 1\n");
	assert_int_equal(status, 1);
	PF("%*d|", "x", "1");
	assert_out("1|");
	assert_int_equal(status, 1);
}

static void pf_fatal_errors(void **state)
{
	(void)state;
	/* status 2, output so far kept, nothing after */
	PF("a%5%b", "x");
	assert_out("a");
	assert_string_equal(errs(), "printf: %5%: invalid directive\n");
	assert_int_equal(status, 2);
	PF("%ld\n", "5");
	assert_string_equal(errs(), "printf: %l: invalid directive\n");
	assert_int_equal(status, 2);
	PF("%q");
	assert_string_equal(errs(), "printf: %q: invalid directive\n");
	PF("x%");
	assert_out("x");
	assert_string_equal(errs(), "printf: missing format character\n");
	assert_int_equal(status, 2);
	PF("%-5.");
	assert_string_equal(errs(), "printf: missing format character\n");
	/* %n and friends never reach vsnprintf */
	PF("%n", "1");
	assert_string_equal(errs(), "printf: %n: invalid directive\n");
	PF("%1$s", "1");
	assert_int_equal(status, 2);
	/* options */
	call(0, (char *)NULL);
	assert_string_equal(errs(), "printf: usage: printf format [arg ...]\n");
	assert_int_equal(status, 2);
	PF("--");
	assert_string_equal(errs(), "printf: usage: printf format [arg ...]\n");
	PF("-v", "x", "a");
	assert_string_equal(errs(), "printf: Illegal option -v\n");
	assert_int_equal(status, 2);
	PF("-5");
	assert_string_equal(errs(), "printf: Illegal option -5\n");
	PF("--", "-x");
	assert_out("-x");
	assert_int_equal(status, 0);
	PF("-");
	assert_out("-");
	PF("%s\n", "--", "a");
	assert_out("--\na\n");
}

static void pf_huge_width(void **state)
{
	(void)state;
	PF("%99999999d|%s", "1", "x");
	assert_out("|x");
	assert_string_equal(errs(),
			    "printf: %99999999d: field width too large\n");
	assert_int_equal(status, 1);
	PF("%*d|", "999999999", "1");
	assert_out("|");
	assert_int_equal(status, 1);
	PF("%-*s|", "-999999999", "ab");
	assert_out("|");
	assert_int_equal(status, 1);
	/* a negative precision is no precision at all */
	PF("%.*s|", "-999999999", "ab");
	assert_out("ab|");
	assert_int_equal(status, 0);
	/* within the limit it works */
	PF("%1000d", "1");
	assert_int_equal(out.len, 1000);
	assert_int_equal(out.s[999], '1');
}

static void pf_echo_cases(void **state)
{
	(void)state;
	ECHO("a", "b");
	assert_out("a b\n");
	ECHO("-n", "a", "b");
	assert_out("a b");
	/* -n only as the first argument; no other options */
	ECHO("-n", "-n", "x");
	assert_out("-n x");
	ECHO("-e", "a\\tb");
	assert_out("-e a\tb\n");
	ECHO("--", "-n");
	assert_out("-- -n\n");
	ECHO("-nn", "x");
	assert_out("-nn x\n");
	/* escapes as %b; \c ends everything, the newline too */
	ECHO("a\\cb", "c");
	assert_out("a");
	ECHO("\\0101\\101\\x41");
	assert_out("AA\\x41\n");
	ECHO("a\\\\b", "\\q");
	assert_out("a\\b \\q\n");
	ECHO("a", "", "b");
	assert_out("a  b\n");
	ECHO("\\0", "\\c");
	assert_out("\0 ");
	call(1, (char *)NULL);
	assert_out("\n");
	ECHO("-n");
	assert_out("");
	assert_int_equal(status, 0);
}

/* bash's echo (issue 24): bash 5.2's output */
static void pf_echo_bash_cases(void **state)
{
	(void)state;
	BECHO("a\\tb");
	assert_out("a\\tb\n");
	BECHO("-e", "a\\tb\\x41\\0101\\e|");
	assert_out("a\tbAA\033|\n");
	BECHO("-neE", "r\\n");
	assert_out("r\\n");
	BECHO("-en", "q\\n", "\\c", "z");
	assert_out("q\n ");
	BECHO("--", "-x", "-");
	assert_out("-- -x -\n");
	BECHO("-e", "\\u00e9\\u41\\xZ\\q");
	assert_out("\\u00E9A\\xZ\\q\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(pf_integers),
	    cmocka_unit_test(pf_floats_strings_chars),
	    cmocka_unit_test(pf_escapes),
	    cmocka_unit_test(pf_b_conversion),
	    cmocka_unit_test(pf_reuse),
	    cmocka_unit_test(pf_invalid_numbers),
	    cmocka_unit_test(pf_fatal_errors),
	    cmocka_unit_test(pf_huge_width),
	    cmocka_unit_test(pf_echo_cases),
	    cmocka_unit_test(pf_echo_bash_cases),
	};
	return cmocka_run_group_tests(tests, NULL, teardown);
}
