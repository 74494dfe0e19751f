/* tests/unit/test_json.c — the one JSON writer (core/json.c): the three
 * layouts, nesting, a resumed object, numbers and null, and the string
 * escaping every document relies on (issue 20: nothing a job chose
 * reaches a terminal raw, and the document stays valid UTF-8). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

static char *lit(const char *s)
{
	struct sbx_buf b = {0};

	json_put_str(&b, s);
	return b.s;
}

static void check_lit(const char *in, const char *want)
{
	char *got = lit(in);

	assert_string_equal(got, want);
	free(got);
}

static void escapes(void **state)
{
	(void)state;
	check_lit("", "\"\"");
	check_lit("plain /path", "\"plain /path\"");
	check_lit("q\"b\\", "\"q\\\"b\\\\\"");
	check_lit("\n\t\r", "\"\\n\\t\\r\"");
	check_lit("\x1b]0;x\x07", "\"\\u001b]0;x\\u0007\"");
	check_lit("\x01\x1f\x7f", "\"\\u0001\\u001f\\u007f\"");
	/* C1 as UTF-8 (U+009B, CSI; U+0085): the code point, not bytes */
	check_lit("a\xc2\x9b"
		  "b\xc2\x85",
		  "\"a\\u009bb\\u0085\"");
	/* U+00A0, the first printable after C1, and other UTF-8: kept */
	check_lit("\xc2\xa0\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80",
		  "\"\xc2\xa0\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"");
	/* a raw C1 byte, a stray continuation, overlong, surrogate, out
	 * of range, truncated: one U+FFFD each byte */
	check_lit("\x9b", "\"\\ufffd\"");
	check_lit("\x80", "\"\\ufffd\"");
	check_lit("\xc0\xaf", "\"\\ufffd\\ufffd\"");
	check_lit("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"");
	check_lit("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");
	check_lit("\xe2\x82", "\"\\ufffd\\ufffd\"");
	check_lit("\xff", "\"\\ufffd\"");
}

/* Every byte value, alone and after 0xc2: no byte below 0x20, no DEL,
 * no C1 (raw or as UTF-8) in the output. */
static void no_control_out(void **state)
{
	(void)state;
	for (int lead = 0; lead < 2; lead++)
		for (int a = 1; a < 256; a++) {
			char in[3] = {0};
			char *out;

			in[0] = lead ? (char)0xc2 : (char)a;
			in[1] = lead ? (char)a : 0;
			out = lit(in);
			for (const unsigned char *p = (void *)out; *p; p++) {
				assert_true(*p >= 0x20 && *p != 0x7f);
				assert_false(*p == 0xc2 && p[1] >= 0x80 &&
					     p[1] <= 0x9f);
				assert_false(
				    *p >= 0x80 && *p <= 0x9f &&
				    (p == (void *)out || p[-1] != 0xc2));
			}
			free(out);
		}
}

static void layouts(void **state)
{
	struct sbx_buf b = {0};
	struct json_w w;

	(void)state;
	json_begin(&w, &b);
	json_obj(&w, NULL, JSON_LINES);
	json_str(&w, "a", "x");
	json_str(&w, "n", NULL);
	json_bool(&w, "t", true);
	json_arr(&w, "empty", JSON_LINES);
	json_end(&w);
	json_arr(&w, "rows", JSON_LINES);
	json_obj(&w, NULL, JSON_INLINE);
	json_u64(&w, "u", UINT64_MAX);
	json_i64(&w, "i", -5);
	json_arr(&w, "in", JSON_INLINE);
	json_str(&w, NULL, "p");
	json_str(&w, NULL, "q");
	json_end(&w);
	json_end(&w);
	json_obj(&w, NULL, JSON_INLINE);
	json_end(&w);
	json_end(&w);
	json_obj(&w, "o", JSON_INLINE);
	json_bool(&w, "f", false);
	json_end(&w);
	json_end(&w);
	assert_int_equal(w.depth, 0);
	assert_string_equal(b.s, "{\n"
				 "  \"a\": \"x\",\n"
				 "  \"n\": null,\n"
				 "  \"t\": true,\n"
				 "  \"empty\": [],\n"
				 "  \"rows\": [\n"
				 "    {\"u\": 18446744073709551615, \"i\": -5, "
				 "\"in\": [\"p\", \"q\"]},\n"
				 "    {}\n"
				 "  ],\n"
				 "  \"o\": {\"f\": false}\n"
				 "}");
	buf_free(&b);
}

/* policy why's list: one object a row, under the bracket */
static void rows(void **state)
{
	struct sbx_buf b = {0};
	struct json_w w;

	(void)state;
	json_begin(&w, &b);
	json_arr(&w, NULL, JSON_ROWS);
	json_end(&w);
	json_arr(&w, NULL, JSON_ROWS);
	for (int i = 0; i < 3; i++) {
		json_obj(&w, NULL, JSON_INLINE);
		json_i64(&w, "k", i);
		json_end(&w);
	}
	json_end(&w);
	assert_string_equal(b.s, "[][{\"k\": 0},\n {\"k\": 1},\n {\"k\": 2}]");
	buf_free(&b);
}

/* A key is escaped like any string: a hostile name cannot close the
 * string early or inject a member. */
static void keys_escaped(void **state)
{
	struct sbx_buf b = {0};
	struct json_w w;

	(void)state;
	json_begin(&w, &b);
	json_obj(&w, NULL, JSON_INLINE);
	json_str(&w, "a\": 1, \"b", "\x1b[2J");
	json_end(&w);
	assert_string_equal(b.s, "{\"a\\\": 1, \\\"b\": \"\\u001b[2J\"}");
	buf_free(&b);
}

/* Members written alone (ef_format_json) and inside a document: the
 * first with no separator, the next ones on lines of their own. */
static void resumed(void **state)
{
	struct sbx_buf b = {0};
	struct json_w w;

	(void)state;
	buf_puts(&b, "X");
	json_resume(&w, &b, JSON_LINES, 1);
	json_arr(&w, "a", JSON_INLINE);
	json_end(&w);
	json_str(&w, "b", "c");
	assert_int_equal(w.depth, 1);
	assert_string_equal(b.s, "X\"a\": [],\n  \"b\": \"c\"");
	buf_free(&b);
}

/* An array of strings; a NULL list is an empty array. */
static void string_lists(void **state)
{
	struct sbx_buf b = {0};
	struct sbx_strv v = {0};
	struct json_w w;

	(void)state;
	strv_push(&v, "a");
	strv_push(&v, "b\"");
	json_begin(&w, &b);
	json_obj(&w, NULL, JSON_INLINE);
	json_strv(&w, "v", JSON_INLINE, &v);
	json_strv(&w, "none", JSON_INLINE, NULL);
	json_end(&w);
	assert_string_equal(b.s, "{\"v\": [\"a\", \"b\\\"\"], \"none\": []}");
	strv_free(&v);
	buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(escapes),	    cmocka_unit_test(no_control_out),
	    cmocka_unit_test(layouts),	    cmocka_unit_test(rows),
	    cmocka_unit_test(keys_escaped), cmocka_unit_test(resumed),
	    cmocka_unit_test(string_lists),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
