/* tests/unit/test_prompt.c — PS1/PS2 escapes, literal groups for libedit,
 * and the terminal decisions of term.c. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "prompt.h"
#include "sbx.h"
#include "term.h"

static const char *vars[16][2];

static const char *getvar(void *ctx, const char *name)
{
	(void)ctx;
	for (int i = 0; i < 16 && vars[i][0]; i++)
		if (!strcmp(vars[i][0], name))
			return vars[i][1];
	return NULL;
}

static int njobs(void *ctx)
{
	(void)ctx;
	return 3;
}

static int status(void *ctx)
{
	(void)ctx;
	return 130;
}

static struct pr_ctx mkctx(char delim)
{
	struct pr_ctx c = {0};

	c.getvar = getvar;
	c.njobs = njobs;
	c.status = status;
	c.workflow = "demo";
	c.backend = "landlock";
	c.delim = delim;
	return c;
}

static int setup(void **state)
{
	(void)state;
	memset(vars, 0, sizeof(vars));
	vars[0][0] = "HOME", vars[0][1] = "/home/u";
	vars[1][0] = "PWD", vars[1][1] = "/home/u/proj";
	vars[2][0] = "USER", vars[2][1] = "alice";
	return 0;
}

static void expect(const struct pr_ctx *c, const char *ps, const char *want)
{
	char *got = pr_expand(c, ps);

	assert_string_equal(got, want);
	free(got);
}

/* Hostile names (tests/integration/hostile.sh drives the same through a
 * pty): a cwd, a workflow or raw PS1 bytes with control characters or
 * invalid UTF-8 are shown escaped; \e, \a and \[...\] stay raw. */
static void hostile_names(void **state)
{
	struct pr_ctx c = mkctx(0);
	struct sbx_buf b = {0};

	(void)state;
	vars[1][1] = "/srv/a\033]0;x\007b/\377\376\xc2\x9b/\xc3\xbc";
	expect(&c, "\\w",
	       "/srv/a\\x1b]0;x\\x07b/\\xff\\xfe\\xc2\\x9b/\xc3\xbc");
	expect(&c, "\\W", "\xc3\xbc");
	c.workflow = "w\033[2J";
	expect(&c, "\\S", "[sbx:w\\x1b[2J]");
	/* raw bytes of PS1 (from $PWD, $(cmd)): escaped outside a group,
	 * kept inside one (but never invalid UTF-8); newline kept */
	expect(&c, "a\033b\nc\377$ ", "a\\x1bb\nc\\xff$ ");
	expect(&c, "\\e[1m\\a", "\033[1m\007");
	c.delim = PR_DELIM;
	expect(&c, "\\[\033[1m\377\\]X", "\001\033[1m\\xff\001X");
	/* the helper itself */
	buf_put_shown(&b, "ok \xe2\x82\xac\t\n\x7f\xc0\xaf\xed\xa0\x80");
	assert_string_equal(
	    b.s, "ok \xe2\x82\xac\\t\\n\\x7f\\xc0\\xaf\\xed\\xa0\\x80");
	assert_true(str_shown_raw("caf\xc3\xa9 /x"));
	assert_false(str_shown_raw("a\033b"));
	buf_free(&b);
	buf_put_shown_text(&b, "l1\tx\nl2\033\n");
	assert_string_equal(b.s, "l1\tx\nl2\\x1b\n");
	buf_free(&b);
}

static void escapes(void **state)
{
	struct pr_ctx c = mkctx(0);
	char want[64];

	(void)state;
	expect(&c, "\\S \\w \\$ ",
	       geteuid() ? "[sbx:demo] ~/proj $ " : "[sbx:demo] ~/proj # ");
	expect(&c, "\\u|\\W|\\j|\\?|\\B|\\s",
	       "alice|proj|3|130|landlock|sbxsh");
	expect(&c, "a\\nb\\\\c\\qd", "a\nb\\c\\qd");
	expect(&c, "\\e\\a", "\033\007");
	expect(&c, "trailing\\", "trailing\\");
	vars[1][1] = "/home/u";
	expect(&c, "\\w \\W", "~ ~");
	vars[1][1] = "/home/user2/x"; /* not under /home/u */
	expect(&c, "\\w \\W", "/home/user2/x x");
	vars[1][1] = "/";
	expect(&c, "\\W", "/");
	snprintf(want, sizeof(want), "%s", "sbxsh " SBXSH_VERSION);
	expect(&c, "\\s \\v", want);
}

static void dumb_drops_groups(void **state)
{
	struct pr_ctx c = mkctx(0);

	(void)state;
	/* No escape byte reaches a dumb terminal. */
	expect(&c, "\\[\\e[1m\\]X\\[\\e[0m\\] $ ", "X $ ");
	expect(&c, "\001raw\001$ ", "raw$ ");
}

static void groups_for_libedit(void **state)
{
	struct pr_ctx c = mkctx(PR_DELIM);

	(void)state;
	/* Glued to the next visible character. */
	expect(&c, "\\[\\e[1m\\]X", "\001\033[1m\001X");
	/* Adjacent groups merged into one. */
	expect(&c, "\\[\\e[1m\\]\\[\\e[2m\\]X", "\001\033[1m\033[2m\001X");
	/* A trailing group moves in front of the last visible character
	 * instead of being lost. */
	expect(&c, "$ \\[\\e[0m\\]", "$\001\033[0m\001 ");
	/* Across a newline: to the next visible character. */
	expect(&c, "a\\[\\e[0m\\]\\nb", "a\n\001\033[0m\001b");
	/* Nothing visible: a space carries it. */
	expect(&c, "\\[\\e]0;t\\a\\]", "\001\033]0;t\007\001 ");
	/* Unclosed group closes at the end (and is then moved). */
	expect(&c, "ab\\[\\e[0m", "a\001\033[0m\001b");
	/* Empty groups vanish. */
	expect(&c, "\\[\\]x", "x");
}

static void fix_literals_utf8(void **state)
{
	char *s;

	(void)state;
	/* "é" is two bytes but one character: the group stays whole. */
	s = pr_fix_literals("\xc3\xa9\001Z\001", '\001');
	assert_string_equal(s, "\001Z\001\xc3\xa9");
	free(s);
}

static void render_defaults(void **state)
{
	struct pr_ctx c = mkctx(0);
	char *s;

	(void)state;
	s = pr_render(&c, false);
	assert_memory_equal(s, "[sbx:demo] ~/proj ", 18);
	free(s);
	s = pr_render(&c, true);
	assert_string_equal(s, "> ");
	free(s);
	vars[3][0] = "PS1", vars[3][1] = "custom\\$ ";
	s = pr_render(&c, false);
	assert_memory_equal(s, "custom", 6);
	free(s);
	/* Agent mode: a PS1 the harness set wins (pexpect's replwrap sets
	 * its own and waits for it)... */
	c.agent = true;
	s = pr_render(&c, false);
	assert_memory_equal(s, "custom", 6);
	free(s);
	/* ...and with none, the fixed prompt. */
	vars[3][0] = NULL;
	s = pr_render(&c, false);
	assert_string_equal(s, PR_AGENT_PS1);
	free(s);
	/* The colour default keeps every escape, each glued to text. */
	c.agent = false;
	c.colour = true;
	c.delim = PR_DELIM;
	vars[3][0] = NULL;
	s = pr_render(&c, false);
	assert_non_null(strstr(s, "\001\033[1;33m\001[sbx:demo]"));
	assert_non_null(strstr(s, "\001\033[0m\001 "));
	assert_int_equal(s[strlen(s) - 1], ' ');
	free(s);
}

static void colour_rules(void **state)
{
	struct term_facts f = {
	    .term = "xterm-256color", .out_tty = true, .interactive = true};

	(void)state;
	assert_true(term_colour_allowed(&f));
	f.no_color = "";
	assert_true(term_colour_allowed(&f)); /* empty NO_COLOR: ignored */
	f.no_color = "1";
	assert_false(term_colour_allowed(&f));
	f.no_color = NULL;
	f.term = "dumb";
	assert_false(term_colour_allowed(&f));
	assert_false(term_osc133_default(&f));
	f.term = "xterm";
	f.out_tty = false;
	assert_false(term_colour_allowed(&f));
	assert_false(term_osc133_default(&f));
	f.out_tty = true;
	f.agent = true;
	assert_false(term_colour_allowed(&f));
	assert_true(term_osc133_default(&f));
	f.term = NULL;
	assert_true(term_osc133_default(&f)); /* agent, bare pty: marks */
	f.agent = false;
	assert_false(term_osc133_default(&f)); /* no TERM: dumb */
	f.term = "dumb";
	f.agent = true;
	assert_false(term_osc133_default(&f)); /* dumb wins, even for agents */
}

static void marks(void **state)
{
	struct term_facts f = {
	    .term = "xterm", .out_tty = true, .interactive = true};
	struct term_state ts = {0};
	struct sbx_buf b = {0};

	(void)state;
	term_init(&ts, &f);
	term_fmt_prompt_start(&ts, &b);
	term_fmt_prompt_end(&ts, &b);
	term_fmt_cmd_start(&ts, &b);
	term_fmt_cmd_end(&ts, &b, 1);
	assert_string_equal(b.s, "\033]133;A\007\033]133;B\007"
				 "\033]133;C\007\033]133;D;1\007");
	b.len = 0;
	term_set_osc133(&ts, false);
	term_fmt_cmd_end(&ts, &b, 0);
	assert_int_equal(b.len, 0);
	term_osc7_uri(&b, "box", "/home/u/a b%/ü");
	assert_string_equal(b.s,
			    "\033]7;file://box/home/u/a%20b%25/%C3%BC\007");
	buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup(escapes, setup),
	    cmocka_unit_test_setup(dumb_drops_groups, setup),
	    cmocka_unit_test_setup(groups_for_libedit, setup),
	    cmocka_unit_test_setup(fix_literals_utf8, setup),
	    cmocka_unit_test_setup(render_defaults, setup),
	    cmocka_unit_test_setup(hostile_names, setup),
	    cmocka_unit_test_setup(colour_rules, setup),
	    cmocka_unit_test_setup(marks, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
