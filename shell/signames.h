/* shell/signames.h — signal names for kill and trap, as dash spells them. */
#ifndef SBX_SIGNAMES_H
#define SBX_SIGNAMES_H

#include "sbx.h"

/* "INT", "SIGINT", "int", "2" -> 2; "EXIT", "0" -> 0; "RTMIN", "RTMIN+3",
 * "RTMAX-1", and the aliases IOT, CLD, POLL, STKFLT. Case does not matter
 * and the SIG prefix is optional (bash's leniency; dash takes neither).
 * A number must be below NSIG. Returns -1 for anything else. */
int sig_byname(const char *name);

/* 2 -> "INT", 0 -> "EXIT", 35 -> "RTMIN+1" (no SIG prefix); NULL for a
 * number with no name (16 on Linux, as dash shows it). Static storage. */
const char *sig_name(int sig);

/* Appends the "kill -l" listing as dash prints it: one line per number
 * from 0 to NSIG-1, the name or else the number ("0" for 0). */
void sig_list(struct sbx_buf *out);

/* NSIG: signal numbers run from 0 to sig_count() - 1. */
int sig_count(void);

#endif
