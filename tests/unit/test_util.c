/* tests/unit/test_util.c — the terminal escaper (core/util.c
 * u8_shown_char and its sinks): every byte a job could choose reaches a
 * terminal as text, never as a control (issue 20 item 6). Each class of
 * byte: C0, DEL, C1 as raw bytes and as UTF-8, invalid UTF-8 (stray
 * continuation bytes, overlong forms, surrogates, beyond U+10FFFF, a
 * sequence cut short), and valid printable UTF-8 kept as is. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sbx.h"

static char *shown(const char *s)
{
	struct sbx_buf b = {0};

	buf_put_shown(&b, s);
	return b.s;
}

#define SHOWN(in, out)                                                         \
	do {                                                                   \
		char *got_ = shown(in);                                        \
		assert_string_equal(got_, out);                                \
		free(got_);                                                    \
	} while (0)

/* No byte of the output is a control, DEL or above 0x7f unless it is
 * part of valid printable UTF-8 that was in the input. */
static void no_control_left(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		assert_true(*p >= 0x20 && *p != 0x7f);
}

static void c0_and_del(void **state)
{
	char in[2] = {0, 0};
	char want[8];

	(void)state;
	for (int c = 1; c < 0x20; c++) {
		in[0] = (char)c;
		if (c == '\n')
			snprintf(want, sizeof(want), "\\n");
		else if (c == '\t')
			snprintf(want, sizeof(want), "\\t");
		else
			snprintf(want, sizeof(want), "\\x%02x", c);
		SHOWN(in, want);
	}
	SHOWN("\x7f", "\\x7f");
	SHOWN("\x1b]0;X\a\x1b[2J", "\\x1b]0;X\\x07\\x1b[2J");
	SHOWN("plain ascii ~!", "plain ascii ~!");
}

static void c1_as_bytes_and_utf8(void **state)
{
	char in[3] = {0};
	char want[16];

	(void)state;
	for (int c = 0x80; c <= 0x9f; c++) {
		/* a raw 8-bit control: not UTF-8 at all */
		in[0] = (char)c;
		in[1] = 0;
		snprintf(want, sizeof(want), "\\x%02x", c);
		SHOWN(in, want);
		/* U+0080..U+009F encoded: valid UTF-8, still a control */
		in[0] = (char)0xc2;
		in[1] = (char)c;
		snprintf(want, sizeof(want), "\\xc2\\x%02x", c);
		SHOWN(in, want);
	}
	SHOWN("a\xc2\x9b"
	      "2Jb\xc2\x9d"
	      "0;x\xc2\x9c",
	      "a\\xc2\\x9b2Jb\\xc2\\x9d0;x\\xc2\\x9c");
	/* U+00A0 (NBSP) is the first printable after C1: kept */
	SHOWN("\xc2\xa0", "\xc2\xa0");
}

static void invalid_utf8(void **state)
{
	(void)state;
	SHOWN("\x80x", "\\x80x");		  /* stray continuation */
	SHOWN("\xc0\xaf", "\\xc0\\xaf");	  /* overlong '/' */
	SHOWN("\xe0\x80\xaf", "\\xe0\\x80\\xaf"); /* overlong, 3 bytes */
	SHOWN("\xed\xa0\x80", "\\xed\\xa0\\x80"); /* a surrogate */
	SHOWN("\xf4\x90\x80\x80", "\\xf4\\x90\\x80\\x80"); /* > U+10FFFF */
	SHOWN("\xf5", "\\xf5");
	SHOWN("\xff\xfe", "\\xff\\xfe");
	/* cut short: the next character is judged afresh, not swallowed */
	SHOWN("\xe2\x82x", "\\xe2\\x82x");
	SHOWN("\xc3", "\\xc3");
	SHOWN("\xc3\x1b", "\\xc3\\x1b");
}

static void valid_utf8_kept(void **state)
{
	const char *keep[] = {"\xc3\xa9t\xc3\xa9",	  /* été */
			      "\xe2\x82\xac",		  /* € */
			      "\xe6\x97\xa5\xe6\x9c\xac", /* 日本 */
			      "\xf0\x9f\x98\x80",	  /* U+1F600 */
			      "\xf4\x8f\xbf\xbf",	  /* U+10FFFF */
			      NULL};

	(void)state;
	for (int i = 0; keep[i]; i++) {
		SHOWN(keep[i], keep[i]);
		assert_true(str_shown_raw(keep[i]));
	}
	assert_false(str_shown_raw("a\xc2\x9b"));
	assert_false(str_shown_raw("a\x7f"));
}

static void text_keeps_lines(void **state)
{
	struct sbx_buf b = {0};

	(void)state;
	buf_put_shown_text(&b, "line one\n\tx\x1b[31m\n");
	assert_string_equal(b.s, "line one\n\tx\\x1b[31m\n");
	buf_free(&b);
	buf_puts(&b, "a\xc2\x9d"
		     "b\n");
	buf_make_shown(&b);
	assert_string_equal(b.s, "a\\xc2\\x9db\n");
	buf_free(&b);
}

/* The fixed-buffer sink: whole characters only, always terminated, the
 * same text as the growing one. */
static void fixed_buffer(void **state)
{
	char out[64];
	size_t n;
	char *ref;

	(void)state;
	n = str_shown_copy(out, sizeof(out), 0, "x\x1b]0;X\a\xc2\x9b\xc3\xa9");
	ref = shown("x\x1b]0;X\a\xc2\x9b\xc3\xa9");
	assert_string_equal(out, ref);
	assert_int_equal(n, strlen(ref));
	free(ref);
	/* appends at |at| */
	n = str_shown_copy(out, sizeof(out), n, "\x7f");
	assert_int_equal(strcmp(out + n - 4, "\\x7f"), 0);
	/* no half escape: "ab" then \x1b needs 4 more bytes than fit */
	n = str_shown_copy(out, 6, 0, "ab\x1b");
	assert_string_equal(out, "ab");
	assert_int_equal(n, 2);
	/* no half UTF-8 character either */
	n = str_shown_copy(out, 3, 0, "a\xc3\xa9");
	assert_string_equal(out, "a");
	n = str_shown_copy(out, 1, 0, "abc");
	assert_int_equal(n, 0);
	assert_string_equal(out, "");
	assert_int_equal(str_shown_copy(out, 0, 0, "abc"), 0);
	n = str_shown_copy(out, sizeof(out), 0, NULL);
	assert_int_equal(n, 0);
}

/* Every byte value, alone and after 0xc2: the output holds no control. */
static void every_byte(void **state)
{
	char in[4], out[64];

	(void)state;
	for (int a = 1; a < 256; a++) {
		for (int lead = 0; lead < 2; lead++) {
			char *s;

			in[0] = lead ? (char)0xc2 : (char)a;
			in[1] = lead ? (char)a : 0;
			in[2] = 0;
			s = shown(in);
			for (const unsigned char *p = (unsigned char *)s; *p;
			     p++)
				if (*p >= 0x80)
					assert_true(str_shown_raw(s));
			no_control_left(s);
			str_shown_copy(out, sizeof(out), 0, in);
			assert_string_equal(out, s);
			free(s);
		}
	}
}

/* A diagnostic is made safe where it is written (sbx_diag_set). */
static void diag_is_shown(void **state)
{
	struct sbx_diag d;

	(void)state;
	assert_int_equal(
	    sbx_diag_set(&d, -2, "cannot open %s", "/w/\x1b]0;x\a\xc2\x9b"),
	    -2);
	assert_string_equal(d.msg, "cannot open /w/\\x1b]0;x\\x07\\xc2\\x9b");
}

/* One name rule for the parser, the completer and the configuration
 * reader: ASCII only, no empty name, no leading digit. */
/* mountinfo's octal escapes: a mount point with a space, tab, newline or
 * backslash is one path, and anything not a full three-digit escape below
 * \400 stays as it is (a truncated "\04" at the end, "\999", "\400"). */
static void octal_unescape(void **state)
{
	static const struct {
		const char *in, *out;
	} t[] = {
	    {"/a\\040b", "/a b"},
	    {"/t\\011x\\012y", "/t\tx\ny"},
	    {"/b\\134s", "/b\\s"},
	    {"/end\\04", "/end\\04"},
	    {"/n\\999", "/n\\999"},
	    {"/big\\400", "/big\\400"},
	    {"", ""},
	};
	(void)state;
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		char *o = str_unescape_octal(t[i].in, strlen(t[i].in));

		assert_string_equal(o, t[i].out);
		free(o);
	}
	/* only the first |n| bytes count */
	{
		char *o = str_unescape_octal("ab\\040", 3);

		assert_string_equal(o, "ab\\");
		free(o);
	}
}

static void shell_names(void **state)
{
	(void)state;
	assert_true(str_is_name("a", 1));
	assert_true(str_is_name("_x9", 3));
	assert_true(str_is_name("PATH=x", 4));
	assert_false(str_is_name("", 0));
	assert_false(str_is_name("9a", 2));
	assert_false(str_is_name("a-b", 3));
	assert_false(str_is_name("a b", 3));
	assert_false(str_is_name("caf\xc3\xa9", 5));
	assert_false(str_is_name("=x", 0));
}

/* One table names an enum both ways: NULL holes are skipped. */
static void name_index(void **state)
{
	static const char *const names[] = {"warn", NULL, "off"};

	(void)state;
	assert_int_equal(str_index(names, 3, "warn"), 0);
	assert_int_equal(str_index(names, 3, "off"), 2);
	assert_int_equal(str_index(names, 3, "deny"), -1);
	assert_int_equal(str_index(names, 2, "off"), -1);
	assert_int_equal(str_index(names, 3, ""), -1);
}

/* What a shell reads back as the same word: a quote is closed, escaped
 * and reopened, everything else literal. */
static void single_quoted(void **state)
{
	struct sbx_buf b = {0};

	(void)state;
	buf_put_squoted(&b, "");
	buf_put_squoted(&b, " it's $x\\n");
	assert_string_equal(b.s, "''' it'\\''s $x\\n'");
	buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(c0_and_del),
	    cmocka_unit_test(c1_as_bytes_and_utf8),
	    cmocka_unit_test(invalid_utf8),
	    cmocka_unit_test(valid_utf8_kept),
	    cmocka_unit_test(text_keeps_lines),
	    cmocka_unit_test(fixed_buffer),
	    cmocka_unit_test(every_byte),
	    cmocka_unit_test(diag_is_shown),
	    cmocka_unit_test(shell_names),
	    cmocka_unit_test(octal_unescape),
	    cmocka_unit_test(name_index),
	    cmocka_unit_test(single_quoted),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
