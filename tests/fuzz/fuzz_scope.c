/* tests/fuzz/fuzz_scope.c — the scope checker (core/scope.c walking the
 * tree of the shell's parser, core/lang/, with core/scope_words.c and
 * core/scope_judge.c) on any command line, in bash's language and in
 * dash's (--posix), against a policy made by
 * pol_new() from the unit tests' fake facts (tests/unit/fixture_policy.h:
 * workspace /work/ws, home /home/u, a few fake symlinks, a repository's
 * protected paths): nothing on disk is asked. Each flag must be whole:
 * a canonical absolute path, the word as typed, and one line of message
 * ("sbxsh: scope: ...", no newline: it is printed before the line
 * runs, and a newline in it would let a typed word forge a line of its
 * own); and scope_syntax(), the shell's parser's verdict that --check-line
 * gives. */
#include <string.h>

#include "../unit/fixture_policy.h"
#include "fuzz.h"
#include "policy.h"
#include "scope.h"

static struct sbx_policy *pol[2];
static const struct scope_env senv[2] = {
    {.getvar = fx_getvar, .cwd = WS "/sub", .canon = fx_canon},
    {.getvar = fx_getvar, .cwd = WS "/sub", .canon = fx_canon, .posix = true},
};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct pol_facts f = fx_facts();
	struct gm_plan *g = fx_git_plan(1);
	struct sbx_diag d;

	(void)argc;
	(void)argv;
	FZ_CHECK(pol_new(&f, &pol[0], &d) == 0);
	f.git = g;
	f.scope = POL_SCOPE_READONLY;
	FZ_CHECK(pol_new(&f, &pol[1], &d) == 0);
	gm_plan_free(g);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!pol[0])
		LLVMFuzzerInitialize(NULL, NULL);
	for (int k = 0; k < 2; k++) {
		struct scope_report rep = {0};

		scope_check(pol[k], &senv[k], (const char *)data, size, &rep);
		for (size_t i = 0; i < rep.n; i++) {
			const struct scope_flag *fl = &rep.flags[i];

			FZ_CHECK(fl->path && fl->path[0] == '/');
			FZ_CHECK(fl->typed && fl->msg);
			/* a read that will work is a note, all else scope: */
			FZ_CHECK(
			    fl->kind == SCOPE_FLAG_READ
				? !strncmp(fl->msg, "sbxsh: note: reading ", 21)
				: !strncmp(fl->msg, "sbxsh: scope: ", 14));
			FZ_CHECK(!strchr(fl->msg, '\n'));
			for (size_t j = 0; j < i; j++)
				FZ_CHECK(strcmp(rep.flags[j].path, fl->path) ||
					 rep.flags[j].kind != fl->kind);
		}
		scope_report_free(&rep);
	}
	/* The syntax verdict (--check-line's): the shell's parser, one line of
	 * message in bash's words, after the line it is on, or nothing. */
	{
		struct sbx_diag d = {0};

		for (int k = 0; k < 2; k++) {
			if (scope_syntax_mode((const char *)data, size, k, &d) <
			    0) {
				/* bash's words vary (core/lang/synerr.c:
				 * "unexpected EOF while looking for
				 * matching", "conditional binary operator
				 * expected", ...): every one says its line */
				FZ_CHECK(!strncmp(d.msg, "line ", 5) &&
					 d.msg[5] >= '1' && d.msg[5] <= '9');
				FZ_CHECK(!strchr(d.msg, '\n'));
			}
		}
	}
	return 0;
}
