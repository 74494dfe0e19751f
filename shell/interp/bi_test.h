/* shell/interp/bi_test.h — the test and [ builtins. */
#ifndef SBX_BI_TEST_H
#define SBX_BI_TEST_H

#include "sbx.h"

/* Parentheses nested deeper than this are an error, not a stack overflow. */
#define TST_MAX_DEPTH 1000

/*
 * argv[0] is "test" or "["; "[" requires a final "]". POSIX test with the
 * 0-4 argument rules and, beyond four, dash's grammar (-a binds tighter
 * than -o, "!" and "( )"): unary -b -c -d -e -f -g -h -L -n -p -r -s -S -t
 * -u -w -x -z -O -G -k, binary = != < > (strcoll), -eq -ne -lt -le -gt -ge
 * (decimal, blanks around allowed, anything else is an error), -nt -ot -ef.
 * -r -w -x use faccessat(AT_EACCESS) as dash does.
 *
 * Returns 0 true, 1 false, 2 error; the message is appended to |err| as
 * "test: ...\n" or "[: ...\n" (dash's texts: "missing ]", "Illegal number:
 * x", "x: unexpected operator", "-eq: argument expected", "closing paren
 * expected"). |argv| is not modified and needs no NULL terminator.
 */
int tst_main(int argc, char **argv, struct sbx_buf *err);

#endif
