/* shell/interp/arith.h — POSIX arithmetic expansion $((...)). Pure: touches no
 * shell state except through the |arith_vars| callbacks. */
#ifndef SBX_ARITH_H
#define SBX_ARITH_H

#include <stdint.h>

#include "sbx.h"

/* How the evaluator reads and writes shell variables. |get| returns the
 * value (NULL when unset); the string only has to live until the next call.
 * |set| returns 0 or -errno (e.g. -EPERM for a readonly variable). */
struct arith_vars {
	const char *(*get)(void *ctx, const char *name);
	int (*set)(void *ctx, const char *name, const char *value);
	void *ctx;
	bool posix; /* dash's operators only: no ** (bash's power) */
};

/* Nesting allowed in one expression (parentheses, unary operators,
 * ?: and assignment chains) before "expression too deeply nested". */
#define ARITH_MAX_DEPTH 1000
/* Variables whose values are themselves expressions, evaluated
 * recursively (x=y, y=z+1): deeper than this is an error, as in bash. */
#define ARITH_MAX_VAR_DEPTH 64

/*
 * Evaluates |expr| (text that has already been parameter-expanded) with
 * 64-bit wrapping arithmetic, as dash does: the C operators POSIX lists,
 * pre and post ++/-- (as bash), decimal, octal 0NN and hex 0xNN constants,
 * variables (unset or empty = 0; a value that is not a number is evaluated
 * as an expression), short-circuit && || ?: (the branch not taken neither
 * assigns nor fails on division by zero). INTMAX_MIN / -1 is INTMAX_MIN and
 * INTMAX_MIN % -1 is 0, as in bash (dash 0.5.12 dies of SIGFPE there);
 * shift counts are taken modulo 64, as dash's results on x86 show.
 *
 * Returns 0 and stores the result in |*out|, or:
 *  -EINVAL: syntax error, nesting or recursion too deep. diag->msg is
 *           dash's text: 'arithmetic expression: expecting primary: "1+"'
 *  -EDOM:   division by zero, 'arithmetic expression: division by zero:
 *           "1/0"'
 *  other:   what |set| returned; diag->msg is "NAME: is read only" for
 *           -EPERM, -EROFS or -EACCES, else "NAME: cannot assign"
 * Never -ERANGE: overflow wraps and big constants clamp, as in dash.
 * The caller prefixes "sbxsh: line N: " to diag->msg.
 * |v| may be NULL (then every variable reads as 0 and assignment fails);
 * |diag| may be NULL. Assignments made before an error stay made.
 */
int arith_eval(const char *expr, const struct arith_vars *v, intmax_t *out,
	       struct sbx_diag *diag);

#endif
