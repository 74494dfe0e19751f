/* core/scope_cmd.h — the scope checker's view of one simple command:
 * its words as the program will get them. Private to core/scope*.c;
 * nothing else includes it.
 *
 * scope_words.c builds these words from the words of the parse tree
 * (core/lang/): quotes removed, $HOME, ${VAR}, ~ and ~user expanded
 * when their value is known, and an unknowable expansion ($(..), $1)
 * marking the word partial from that point on. scope.c gives each word
 * its role; scope_judge.c judges the paths.
 */
#ifndef SBX_SCOPE_CMD_H
#define SBX_SCOPE_CMD_H

#include "scope.h"

#include <stdint.h>
#include <string.h>

struct node;
struct word;

#define NOPOS ((size_t)-1)
/* sh -c '...' strings are parsed and checked as lines of their own,
 * down to this depth; each level parses its text once, so the total
 * cost stays within (depth + 1) times the line length. */
#define SCOPE_MAX_DEPTH 4

/* What the word after a redirection operator is. (A here-document's
 * body and a here-string are data, never words of the command.) */
enum rd {
	RD_NONE,
	RD_IN,	   /* <        a read */
	RD_OUT,	   /* > >> >| <> &> &>>   a write */
	RD_DUPIN,  /* <&N: a descriptor, or (bash) a file to read */
	RD_DUPOUT, /* >&N: a descriptor, or (bash) a file to write */
	RD_ARRAY,  /* not a redirection: an element of a=(...) */
};

/* One word of a simple command. Its text lives in the command's two
 * buffers, addressed by offset because the buffers grow. */
struct sword {
	size_t v, vlen;	   /* value: quotes removed, known expansions done */
	size_t t, tlen;	   /* as typed: quotes removed, nothing expanded */
	size_t veq, teq;   /* first unquoted '=' (relative), or NOPOS */
	size_t voff, toff; /* where the path part starts (--opt=, -o/p) */
	bool partial;	   /* the value stops where an unknowable
			      expansion ($(..), $1, ~other) began */
	bool quoted;	   /* some part was quoted: not NAME=value */
	bool assign;	   /* NAME=value with an unquoted NAME */
	bool list;	   /* the path part is a ':' list (PATH=/a:/b) */
	unsigned char rd;  /* enum rd: this word is a redirection target */
	unsigned char role;
};

struct scmd {
	struct sbx_buf vals, typed;
	struct sword *w;
	size_t n, cap;
	size_t shc; /* index of an `sh -c` string to check, or NOPOS */
};

enum role { R_NONE, R_READ, R_WRITE };

struct slot {
	uint64_t hash; /* compared first: a probe rarely touches the path */
	size_t idx;    /* flag index + 1; 0 = free */
};

/* State of one scope_check() call, shared by the nested sub-lines. */
struct ctx {
	const struct sbx_policy *pol;
	const struct scope_env *env;
	struct scope_report *out;
	size_t cap;	  /* of out->flags */
	struct slot *set; /* open-addressing hash of the flags' paths */
	size_t setcap;
	char *cwd;   /* folded; changes with `cd` in the line; NULL =
			unknown, then relative words are skipped */
	size_t *av;  /* scratch: argv word indexes of a command */
	size_t *ops; /* scratch: operand word indexes */
	size_t scratch;
	size_t budget;		  /* see struct scan's */
	struct sbx_strv newrepos; /* folded: `git init DIR`, `git clone URL
				     DIR` earlier in the line */
};

/* One line (or `sh -c` string) being walked. */
struct scan {
	int depth; /* of `sh -c` strings */
	const struct sbx_policy *pol;
	const struct scope_env *env;
	struct ctx *cx;
	/* Bytes that expansions may still add, shared by the whole check:
	 * "$BIG $BIG ..." must not turn a short line into gigabytes. */
	size_t *budget;
	/* The command substitutions met in the current command's words:
	 * checked after it, as commands of their own. */
	const struct node **nodes;
	size_t nnodes, capnodes;
	struct scmd cmd; /* the simple command being looked at */
};

/* scope_judge.c: judging a path. |v| (|vl| bytes, expanded) as typed
 * |t|; |partial|: only its known prefix counts. */
void scope_judge_path(struct ctx *cx, enum role role, const char *v, size_t vl,
		      const char *t, size_t tl, bool partial);
/* Judges word |w| of |c| by its role (each element of a ':' list). */
void scope_judge_word(struct ctx *cx, const struct scmd *c,
		      const struct sword *w);
/* Room in the flag set for one more flag. */
void scope_set_grow(struct ctx *cx);

/* scope_words.c: appends the checker's view of parse-tree word |pw| to
 * |c| (and records the command substitutions in it in sc->nodes). */
void scope_word_add(struct scan *sc, struct scmd *c, const struct word *pw);
/* Adds |w| to |c| as the words its brace expansion gives (bash's mode;
 * one word when it has none, or in posix mode), within the check's
 * budget; |then| (may be NULL) runs after each. */
void scope_word_add_braced(struct scan *sc, struct scmd *c,
			   const struct word *w,
			   void (*then)(struct scan *sc, struct scmd *c));
/* Records the command substitutions of |pw| (a here-document's body:
 * data, but its $(...) run) without making it a word. */
void scope_word_subs(struct scan *sc, const struct word *pw);

/* scope_syntax.c: calls |fn| on each complete command of |line|, in
 * order, as the shell parses them; stops at the first syntax error
 * (-EINVAL, |diag|). 0 when all of it parsed. |extglob|: bash's
 * `shopt -s extglob` was on (@(a|b) is a word, not a syntax error). */
int scope_parse_each(const char *line, size_t len, bool posix, bool extglob,
		     void (*fn)(void *ctx, const struct node *n), void *ctx,
		     struct sbx_diag *diag);

static inline void bput(struct sbx_buf *b, char ch)
{
	if (b->len + 2 > b->cap) {
		buf_putn(b, &ch, 1);
		return;
	}
	b->s[b->len++] = ch;
	b->s[b->len] = '\0';
}

static inline bool is_name_char(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	       ch == '_' || (ch >= '0' && ch <= '9');
}

/* The last '/' of v[0..n), or NULL (memrchr is not in macOS's libc). */
static inline const char *last_slash(const char *v, size_t n)
{
	while (n > 0)
		if (v[--n] == '/')
			return v + n;
	return NULL;
}

static inline bool is_digit(char ch)
{
	return ch >= '0' && ch <= '9';
}

/* |ch| is in the option-letter set |set| (which may be NULL). */
static inline bool in_set(const char *set, char ch)
{
	return set && ch && strchr(set, ch);
}

#endif
