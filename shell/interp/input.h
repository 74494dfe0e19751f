/* shell/interp/input.h — where command text comes from: a string, a file,
 * stdin, or (later) libedit. The parser pulls one line at a time through this
 * interface, so an interactive reader can print PS2 when |cont| is set.
 *
 * Lifecycle: in_string()/in_fd() → read_line... → in_free().
 */
#ifndef SBX_INPUT_H
#define SBX_INPUT_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "parse.h" /* struct sh_reader */

/* Copies |s|. */
struct sh_reader *in_string(const char *s, size_t len);
/* Reads |fd|; with |share| set (stdin), never consumes past the line that
 * was returned: one byte at a time from a pipe, read-ahead and lseek back
 * from a seekable file. |own|: close fd when freed. */
struct sh_reader *in_fd(int fd, bool share, bool own);
/* A read of a pipe or terminal by |r| (an in_fd reader) that a signal
 * interrupts while *|flag| is set gives up: read_line returns NULL with
 * *|flag| still set, the partial line dropped (Ctrl-C at a prompt). */
void in_fd_intr(struct sh_reader *r, const volatile sig_atomic_t *flag);
void in_free(struct sh_reader *r);

/* Reads all of |fd| into a new NUL-terminated buffer; 0 or -errno. */
int in_slurp(int fd, char **out, size_t *len);

#endif
