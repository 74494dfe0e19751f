/* shell/interp/signames.h — signal names for kill and trap, as dash spells
 * them. */
#ifndef SBX_SIGNAMES_H
#define SBX_SIGNAMES_H

#include "sbx.h"

/* "INT", "SIGINT", "int", "2" -> 2; "EXIT", "0" -> 0; "RTMIN", "RTMIN+3",
 * "RTMAX-1", and the aliases IOT, CLD, POLL, STKFLT. Case does not matter
 * (as in dash) and the SIG prefix is optional (as in bash; dash refuses it).
 * A number must be below NSIG. Returns -1 for anything else. */
int sig_byname(const char *name);

/* The names trap takes, as dash 0.5.12 does: the same without the SIG
 * prefix and the input-only aliases ("SIGINT" and "IOT" are bad traps;
 * POSIX names conditions without the prefix). */
int sig_trapname(const char *name);

/* 2 -> "INT", 0 -> "EXIT", 35 -> "RTMIN+1" (no SIG prefix); NULL for a
 * number with no name (16 on Linux, as dash shows it). Static storage. */
const char *sig_name(int sig);

/* Appends the "kill -l" listing as dash prints it: one line per number
 * from 0 to NSIG-1, the name or else the number ("0" for 0). */
void sig_list(struct sbx_buf *out);

/* "kill -l [ARG]" as dash does it: no |arg| (NULL) lists all names; a
 * signal number, or an exit status above 128 (130 -> "INT"), prints the
 * name. Errors, status 2: "kill: Illegal number: X\n" for a non-number,
 * "kill: invalid signal number or exit status: X\n" out of range. Only
 * the first operand counts in dash, so pass argv[2] after "-l". */
int sig_kill_l(const char *arg, struct sbx_buf *out, struct sbx_buf *err);

/* NSIG: signal numbers run from 0 to sig_count() - 1. */
int sig_count(void);

#endif
