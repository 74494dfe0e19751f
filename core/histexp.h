/* core/histexp.h — bash's history expansion of one typed line, pure: the
 * history comes through a callback. Events `!!`, `!n`, `!-n`, `!str`,
 * `!?str?`, `!#`, `^old^new`; word designators `:n`, `:n-m`, `:n-`,
 * `:-m`, `:n*`, `^`, `$`, `*` (and `!$`, `!^`, `!*`, `!:n` for the last
 * command); modifiers `:h :t :r :e :p :q :x :s/old/new/ :gs/old/new/ :&
 * :g&`. Only the interactive reader calls it, and only for a person at a
 * prompt (never --agent, -c, a script or posix mode). */
#ifndef SBX_HISTEXP_H
#define SBX_HISTEXP_H

#include <stddef.h>

#include "sbx.h"

/* What `:s` and `^old^new` remember from one line to the next (`:&`, an
 * empty old string): bash keeps them for the session. Owned by the
 * caller; hx_mem_free releases the strings. */
struct hx_mem {
	char *old, *rep;
};

struct hx_src {
	/* entry |k| back (1: the newest), or NULL */
	const char *(*recent)(void *ctx, int k);
	/* entry number |n| as `history` numbers them (1: the oldest) */
	const char *(*numbered)(void *ctx, int n);
	void *ctx;
	struct hx_mem *mem; /* may be NULL: nothing remembered */
};

/* 0: nothing to expand (|out| untouched); 1: |out| holds the new line;
 * 2: |out| holds the new line, to be shown and recorded but not run
 * (`:p`); -1: |err| holds bash's message ("!x: event not found"). |line|
 * has no trailing newline. */
int hx_expand(const char *line, size_t len, const struct hx_src *src,
	      struct sbx_buf *out, struct sbx_buf *err);

void hx_mem_free(struct hx_mem *m);

#endif
