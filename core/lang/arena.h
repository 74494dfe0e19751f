/* core/lang/arena.h — a bump allocator for parse trees, reference counted so a
 * function definition can keep the tree it lives in alive after the
 * command that defined it has finished. */
#ifndef SBX_ARENA_H
#define SBX_ARENA_H

#include <stddef.h>

struct arena_block;

struct arena {
	struct arena_block *blocks;
	int refs;
};

/* new (refs = 1) → alloc... → unref (frees at 0). */
struct arena *arena_new(void);
void *arena_alloc(struct arena *a, size_t n); /* zeroed, never NULL */
char *arena_strndup(struct arena *a, const char *s, size_t n);
void arena_ref(struct arena *a);
void arena_unref(struct arena *a);

#endif
