/* shell/interactive/prompt.h — PS1/PS2 expansion (the escapes are listed in
 * docs/interactive.md and at pr_expand below).
 *
 * Lifecycle: fill a struct pr_ctx once (callbacks into the shell) →
 * pr_render() before each prompt → free() the string.
 *
 * Non-printing groups: "\[...\]" (and the colour the default prompt adds)
 * become literal groups between |delim| bytes, the form libedit's
 * EL_PROMPT_ESC takes. libedit glues each group to the visible character
 * that follows it and silently drops a group with none after it (its
 * prompt.c: "XXX: We lose the last literal"), and garbles two groups in a
 * row; pr_expand() therefore merges adjacent groups and moves a trailing
 * group in front of the last visible character, so what reaches the
 * terminal is every byte that was asked for.
 */
#ifndef SBX_PROMPT_H
#define SBX_PROMPT_H

#include <stdbool.h>

#define PR_DELIM '\001'

struct pr_ctx {
	void *ctx;
	/* A shell variable (PS1, PS2, HOME, PWD, USER), or NULL. */
	const char *(*getvar)(void *ctx, const char *name);
	/* Number of jobs in the job table (\j); NULL: 0. */
	int (*njobs)(void *ctx);
	/* $? (\?); NULL: 0. */
	int (*status)(void *ctx);
	/* POSIX parameter expansion of PS1/PS2 (before the backslash
	 * escapes); returns a new string. NULL: no expansion. */
	char *(*expand)(void *ctx, const char *s);
	const char *workflow; /* \S shows "[sbx:<workflow>]" */
	const char *backend;  /* \B */
	bool colour;	      /* the default prompt may use colour */
	bool agent;	      /* PR_AGENT_PS1 when PS1 is unset */
	/* PR_DELIM: keep non-printing groups between delimiters (libedit);
	 * 0: drop the groups entirely (plain reader, TERM=dumb). */
	char delim;
};

#define PR_AGENT_PS1 "sbxsh$ "
#define PR_DEFAULT_PS2 "> "

/* The default PS1 (an escape string, before expansion). Static. */
const char *pr_default_ps1(bool colour);

/* Expands the escapes of |ps| (see docs/interactive.md):
 *   \u user  \h host (to the first '.')  \H host  \w cwd (~ for $HOME)
 *   \W last component of the cwd  \$ '#' for root, else '$'  \n newline
 *   \\ backslash  \[ \] non-printing group  \e ESC  \a BEL
 *   \t time HH:MM:SS  \j number of jobs  \? last status
 *   \s "sbxsh"  \v version  \S sandbox marker "[sbx:<workflow>]"
 *   \B backend
 * An unknown escape is kept as typed. Returns a new string. */
char *pr_expand(const struct pr_ctx *c, const char *ps);

/* The prompt to show: PS1 (or PS2 when |cont|) from the shell, the default
 * when unset (PR_AGENT_PS1 in agent mode). New string. */
char *pr_render(const struct pr_ctx *c, bool cont);

/* |s| rewritten so libedit shows every literal group: adjacent groups
 * merged, empty ones removed, a group followed by a control character
 * (a newline) or by nothing moved to the next visible character, or in
 * front of the last one. A prompt of nothing but groups gets a space to
 * carry them. New string. Exported for tests. */
char *pr_fix_literals(const char *s, char delim);

#endif
