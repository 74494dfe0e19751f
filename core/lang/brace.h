/* core/lang/brace.h — bash's brace expansion ({a,b}, {1..10..2},
 * {a..e}) on a word given as tokens. Pure: no shell state, no syscalls.
 *
 * A token is an unquoted character (0..255) or BRACE_OPAQUE + i: anything
 * brace expansion must not look into (a quoted character or string, a
 * $parameter, a $(command), a $((expression))), which it copies whole. */
#ifndef SBX_BRACE_H
#define SBX_BRACE_H

#include <stdbool.h>
#include <stddef.h>

#define BRACE_OPAQUE 256
/* In a result only: a quoted empty string, what "\" as a character of
 * {Z..a} leaves after quote removal (bash prints an empty word there). */
#define BRACE_QNULL (-1)

/* The most words one word may expand to ({1..99999999} or {a,b}{a,b}...
 * thirty times): beyond it the word is left as it is, not expanded into
 * gigabytes (bash tries and fails to allocate). */
#define BRACE_MAX_WORDS (1u << 20)

struct brace_word {
	int *t;
	size_t n;
};

struct brace_list {
	struct brace_word *v;
	size_t n, cap;
};

/* True when |t| holds an unquoted '{' and, after it, '}': the cheap test
 * before brace_expand. */
bool brace_maybe(const int *t, size_t n);

/* Expands |t| into |out| (appended to, each word's tokens allocated).
 * A word without a brace expression comes back as it is, one word.
 * Returns 0, or -E2BIG when it would exceed BRACE_MAX_WORDS (|out| then
 * holds the word as it is). */
int brace_expand(const int *t, size_t n, struct brace_list *out);

void brace_list_free(struct brace_list *l);

struct wpart;

/* Brace expansion of a word of the parse tree: its parts as tokens (each
 * unquoted literal character, or a whole other part), then each word it
 * expands to rebuilt as parts and handed to |fn| (valid during the call
 * only; a part that is not literal is a copy of the original). A word
 * that expands to nothing ({,a}'s empty first word) is skipped; a word
 * with no brace expression is handed over as it is. Both the shell
 * (expand.c) and the scope checker use this, so the checker sees the
 * very words the shell will run. Returns the first nonzero |fn|
 * returned, else 0. */
int brace_each(struct wpart *parts, int (*fn)(void *ctx, struct wpart *w),
	       void *ctx);

/* For tests and tools: |s| expanded as if every character were unquoted,
 * except that a backslash quotes the next character (kept in the result
 * with its backslash), joined by single spaces into a new string. */
char *brace_expand_str(const char *s);

#endif
