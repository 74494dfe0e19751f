/* shell/output.h — writing all of a buffer to a descriptor. */
#ifndef SBX_OUTPUT_H
#define SBX_OUTPUT_H

#include <stddef.h>

/* Writes all |n| bytes of |buf| to |fd|, again after EINTR and short
 * writes; 0 or -errno. */
int out_write(int fd, const void *buf, size_t n);

#endif
