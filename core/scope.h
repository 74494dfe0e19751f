/* core/scope.h — the scope checker (docs/design.md §4): which paths in a
 * command line lie outside the policy, before any of it runs. Pure.
 *
 * Lifecycle: scope_check() → read report → scope_report_free().
 */
#ifndef SBX_SCOPE_H
#define SBX_SCOPE_H

#include "sbx.h"

struct sbx_policy;
struct node;

enum scope_mode {
	SCOPE_MODE_WARN, /* print the flags, then run (default) */
	SCOPE_MODE_DENY, /* print them and run no part of the line: 126 */
	SCOPE_MODE_OFF,
	/* print only what will be refused (a write outside the roots, a
	 * masked secret, a protected path), then run: reads that will work
	 * say nothing (an agent's output stays its own) */
	SCOPE_MODE_WRITES,
};
int scope_mode_parse(const char *s, enum scope_mode *out); /* 0 / -EINVAL */
const char *scope_mode_name(enum scope_mode m);

enum scope_kind {
	SCOPE_FLAG_READ,   /* outside the workspace, readable: will work */
	SCOPE_FLAG_WRITE,  /* a likely write the kernel will deny */
	SCOPE_FLAG_MASKED, /* a masked secret: neither readable nor writable */
	SCOPE_FLAG_PROTECTED, /* a write to a protected path
				 (docs/design.md §2b: git's hooks and config,
				 --protect) in a writable root */
};

struct scope_flag {
	enum scope_kind kind;
	char *path;  /* canonical path that was judged */
	char *typed; /* the word as typed, after quote removal */
	/* one line, no newline: "sbxsh: scope: ..." for what will be
	 * refused, "sbxsh: note: reading P works (...)" for a read */
	char *msg;
};

struct scope_report {
	struct scope_flag *flags;
	size_t n;
};

/* What the checker needs to know about the shell it runs in. */
struct scope_env {
	/* Value of a shell variable ($HOME, $TMPDIR, ...), or NULL. */
	const char *(*getvar)(void *ctx, const char *name);
	const char *cwd;    /* absolute; for relative paths with ".." */
	sbx_canon_fn canon; /* longest-existing-prefix canonicalization */
	void *ctx;
	/* The line is read in the shell's language: dash's when set
	 * (--posix, set -o posix), bash's otherwise. */
	bool posix;
	/* bash's `shopt -s extglob`: @(a|b) is one word (a pattern within
	 * one directory, as `*` is), not a syntax error. */
	bool extglob;
};

/* Parses |line| (|len| bytes; NULs are treated as word breaks) with the
 * shell's parser, command by command, and appends one flag per distinct
 * out-of-scope path. Never fails; of a line with a syntax error, the
 * commands before it are judged (the shell runs those, and no more). */
void scope_check(const struct sbx_policy *pol, const struct scope_env *env,
		 const char *line, size_t len, struct scope_report *out);
/* The same for the shell's own parse of a text of |len| bytes: the tree
 * the shell is about to run (aliases expanded, in its language), so the
 * checker judges exactly what runs, without parsing it again. */
void scope_check_tree(const struct sbx_policy *pol, const struct scope_env *env,
		      const struct node *tree, size_t len,
		      struct scope_report *out);
void scope_report_free(struct scope_report *r);
/* Flags of |r| the sandbox will refuse (all but reads that will work):
 * the line check's exit status is 1 when there is one. */
size_t scope_report_refusals(const struct scope_report *r);

/* 0 when the shell would parse all of |line| (|len| bytes); -EINVAL, with
 * |diag| "line N: syntax error: ...", when it would refuse the line and
 * run none of it. The shell's own parser (core/lang/), in bash's
 * language, without aliases.
 * (scope_syntax.c) */
int scope_syntax(const char *line, size_t len, struct sbx_diag *diag);
/* The same in dash's language when |posix| (sbxsh --posix). */
int scope_syntax_mode(const char *line, size_t len, bool posix,
		      struct sbx_diag *diag);
/* The same, with what the shell would print for it (`sbxsh -c LINE`:
 * bash's words and the offending line in the default language, dash's
 * under --posix) appended to |said|. */
int scope_syntax_said(const char *line, size_t len, bool posix,
		      struct sbx_buf *said);

#endif
