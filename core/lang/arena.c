/* core/lang/arena.c — bump allocator for parse trees. */
#include "arena.h"

#include <stdlib.h>
#include <string.h>

#include "sbx.h"

struct arena_block {
	struct arena_block *next;
	size_t used, cap;
	char data[];
};

#define ARENA_BLOCK 8192

struct arena *arena_new(void)
{
	struct arena *a = xcalloc(1, sizeof(*a));

	a->refs = 1;
	return a;
}

void *arena_alloc(struct arena *a, size_t n)
{
	struct arena_block *b = a->blocks;
	void *p;

	n = (n + 15) & ~(size_t)15;
	if (!b || b->cap - b->used < n) {
		size_t cap = n > ARENA_BLOCK ? n : ARENA_BLOCK;

		b = xmalloc(sizeof(*b) + cap);
		b->used = 0;
		b->cap = cap;
		b->next = a->blocks;
		a->blocks = b;
	}
	p = b->data + b->used;
	b->used += n;
	memset(p, 0, n);
	return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

void arena_ref(struct arena *a)
{
	a->refs++;
}

void arena_unref(struct arena *a)
{
	struct arena_block *b, *n;

	if (!a || --a->refs > 0)
		return;
	for (b = a->blocks; b; b = n) {
		n = b->next;
		free(b);
	}
	free(a);
}
