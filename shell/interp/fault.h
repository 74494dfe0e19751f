/* shell/interp/fault.h — fault injection at the shell's own call sites, for
 * tests/integration/faults.sh only.
 *
 * strace's -e inject counts calls per process, and the supervisor (P0)
 * makes the first pipe2() and fork() of a session: the calls the
 * confined shell makes for a pipeline, a here-document or the history
 * cannot be failed alone from outside. FLT(NAME, call) wraps those call
 * sites: in the test binary sbxsh_fault (tests/faults/tests.cmake, built
 * with -DSBXSH_FAULT) SBXSH_FAULT=NAME:N[:ERRNO] makes the Nth call named
 * NAME in a process (N+: the Nth and every later one) fail with ERRNO
 * (default EIO) instead of being made,
 * and says so on the descriptor $SBXSH_FAULT_FD if set ("fault NAME N"),
 * so the test knows the Nth call exists. In every other build, the
 * release binary included, FLT() is the call itself and nothing of this
 * is compiled in: no environment variable can make sbxsh fail on purpose.
 *
 * Names: pipe (pipe2), fork (fork, vfork), write (out_write: every
 * write of the shell, the history appends and compaction included), open
 * (redirections), flock and rename (the history).
 */
#ifndef SBX_FAULT_H
#define SBX_FAULT_H

#ifdef SBXSH_FAULT
#include <stdbool.h>
/* True (errno set) if this call named |name| is the one to fail. */
bool flt_fail(const char *name);
#define FLT(name, call) (flt_fail(name) ? -1 : (call))
#else
#define FLT(name, call) (call)
#endif

#endif
