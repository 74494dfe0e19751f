/* core/histexp.h — bash's history expansion of one typed line (`!!`, `!$`,
 * `!^`, `!*`, `!n`, `!-n`, `!str`, `^old^new`), pure: the history comes
 * through a callback. Only the interactive reader calls it, and only for a
 * person at a prompt (never --agent, -c, a script or posix mode). */
#ifndef SBX_HISTEXP_H
#define SBX_HISTEXP_H

#include <stddef.h>

#include "sbx.h"

struct hx_src {
	/* entry |k| back (1: the newest), or NULL */
	const char *(*recent)(void *ctx, int k);
	/* entry number |n| as `history` numbers them (1: the oldest) */
	const char *(*numbered)(void *ctx, int n);
	void *ctx;
};

/* 0: nothing to expand (|out| untouched); 1: |out| holds the new line;
 * -1: |err| holds bash's message ("!x: event not found"). |line| has no
 * trailing newline. */
int hx_expand(const char *line, size_t len, const struct hx_src *src,
	      struct sbx_buf *out, struct sbx_buf *err);

#endif
