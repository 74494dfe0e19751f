/* shell/interp/bi_sys.h — builtins that only touch process state: umask,
 * ulimit, times. Each takes the builtin's argv (argv[0] is its name), appends
 * its output to |out| and dash's message to |err| ("umask: ...\n"), and returns
 * the exit status: 0, or 2 for a usage error or a failure, as dash's sh_error()
 * gives. */
#ifndef SBX_BI_SYS_H
#define SBX_BI_SYS_H

#include "sbx.h"

/* umask [-S] [mode]: prints "0022" or, with -S, "u=rwx,g=rx,o=rx";
 * sets from octal or from symbolic clauses "u=rwx,g+w,o-r" (who: a u g o,
 * default a and not filtered by the umask; ops = + -; perms r w x X s
 * or one of u g o to copy from the mask as it was before the command). */
int bisys_umask(int argc, char **argv, struct sbx_buf *out,
		struct sbx_buf *err);

/* ulimit [-HSa] [-tfdscmlpnvwr] [value|unlimited]: dash's options, units
 * (512-byte blocks for -f -c, KiB for -d -s -m -l -v) and -a table. With
 * neither -H nor -S a new value sets both limits; printing shows the soft
 * one. Two deliberate departures: an empty value is "bad number" (dash
 * sets the limit to 0) and a value too big for rlim_t means unlimited
 * (dash wraps it around). */
int bisys_ulimit(int argc, char **argv, struct sbx_buf *out,
		 struct sbx_buf *err);

/* times: user and system time of the shell, then of its children, as
 * dash prints them ("0m1.250000s 0m0.000000s", two lines). Returns 0. */
int bisys_times(struct sbx_buf *out);

#endif
