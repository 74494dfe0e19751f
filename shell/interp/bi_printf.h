/* shell/interp/bi_printf.h — the printf and echo builtins, as dash 0.5.12 has
 * them (the posix mode) and as bash 5.2 has them (the default). */
#ifndef SBX_BI_PRINTF_H
#define SBX_BI_PRINTF_H

#include <stdbool.h>

#include "sbx.h"

/* A field width or precision above this is refused (status 1, the
 * conversion prints nothing) instead of allocating gigabytes. */
#define PF_MAX_WIDTH (1 << 24)

/*
 * printf FORMAT [ARG...]: %d %i %o %u %x %X %c %s %b %e %E %f %F %g %G %a
 * %A %%, flags - + space # 0, width and precision including *, the format
 * reused while arguments remain, escapes in the format (\a \b \e \f \n \r
 * \t \v \\ \NNN; any other "\x" stays as is) and in %b (\0NNN as well, \c
 * ends all output). Numeric arguments: decimal, 0x hex, 0 octal, 'c or "c
 * (the code of the byte c); a bad one prints a message, counts as the
 * number parsed so far, sets status 1 and the output goes on, as in dash.
 * An unknown conversion, a missing conversion character, no format or an
 * option other than "--" are fatal: status 2, output so far is kept.
 *
 * argv[0] is "printf". Output is appended to |out|, messages to |err| as
 * "printf: ...\n". Returns the exit status (0, 1 or 2).
 *
 * |m| NULL: dash's printf, as above. Otherwise bash 5.2's (the default
 * mode): -v NAME (|*m->var| gets NAME; the caller assigns the output),
 * %q (quoted for reuse: a\ b, $'\n'), %(strftime)T, C's length
 * modifiers skipped, the escapes \xHH \uHHHH \UHHHHHHHH \" \? \' in
 * the format and echo -e's in %b, and bash's messages ("invalid number",
 * "invalid format character", status 1).
 */
struct pf_mode {
	bool utf8;	  /* \u as UTF-8 */
	const char **var; /* out: -v's NAME or NULL */
	const char *tz;	  /* the shell's $TZ for %T (NULL: unset) */
};
int pf_printf(int argc, char **argv, const struct pf_mode *m,
	      struct sbx_buf *out, struct sbx_buf *err);

/*
 * echo as dash does it (XSI): "-n" is an option only as the first
 * argument, every argument goes through the %b escapes and \c ends all
 * output, the newline included. Returns 0.
 */
int pf_echo(int argc, char **argv, struct sbx_buf *out);

/*
 * echo as bash does it (the default mode): leading words of the letters
 * n, e and E after a '-' are options (-n: no newline; -e escapes on, -E
 * off, the last one wins; |xpg|, shopt xpg_echo, starts them on); the
 * escapes are \a \b \c (ends all output) \e \E \f \n \r \t \v \\ \0NNN
 * \xHH \uHHHH \UHHHHHHHH (UTF-8 when |utf8|, else as bash writes them in
 * the C locale); any other backslash stays as is. Returns 0.
 */
int pf_echo_bash(int argc, char **argv, bool xpg, bool utf8,
		 struct sbx_buf *out);

#endif
