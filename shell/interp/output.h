/* shell/interp/output.h — writing all of a buffer to a descriptor. */
#ifndef SBX_OUTPUT_H
#define SBX_OUTPUT_H

#include <stddef.h>

/* Writes all |n| bytes of |buf| to |fd|, again after EINTR and short
 * writes; 0 or -errno. */
int out_write(int fd, const void *buf, size_t n);

/* Moves |fd| to the shell's own range (SBX_FD_PRIVATE and up, else 10
 * and up), close-on-exec, and returns the new fd (|fd| itself if it
 * could not move; a negative |fd| as it is). The shell's own descriptors
 * (the history, a script, the terminal, saved copies, the denial lines'
 * pipes, the run folder's lock) are told from the user's by that flag:
 * shell/interp/redir.c says why, and what it stops. */
int out_fd_private(int fd);

#endif
