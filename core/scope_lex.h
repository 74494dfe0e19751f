/* core/scope_lex.h — the scope checker's shell-aware tokenizer. Private
 * to core/scope.c and core/scope_lex.c; nothing else includes it.
 *
 * The tokenizer splits a command line into words and operators the way
 * the shell will, so that the checker sees the words a program will get:
 * quotes and backslashes removed, $HOME, ${VAR}, ~ and ~user expanded
 * when their value is known, and an unknowable expansion ($(..), $1)
 * marking the word partial from that point on.
 */
#ifndef SBX_SCOPE_LEX_H
#define SBX_SCOPE_LEX_H

#include "scope.h"

#include <string.h>

#define NOPOS ((size_t)-1)
/* $(...), `...`, <(...) and sh -c '...' are checked as lines of their
 * own, down to this depth; each level rescans its text once, so the
 * total cost stays within (depth + 1) times the line length. */
#define SCOPE_MAX_DEPTH 4
/* Quote/paren nesting the skipper tracks before it gives up on the rest
 * of the line (an adversarial "$($($(..." must not overflow a stack). */
#define SCOPE_MAX_NEST 256
#define SCOPE_MAX_HEREDOCS 16

/* What the word after a redirection operator is. */
enum rd {
	RD_NONE,
	RD_IN,		/* <        a read */
	RD_OUT,		/* > >> >| <> &> &>>   a write */
	RD_DUPIN,	/* <&N: a descriptor, or (bash) a file to read */
	RD_DUPOUT,	/* >&N: a descriptor, or (bash) a file to write */
	RD_HEREDOC,	/* <<  the delimiter, not a path */
	RD_HEREDOC_TAB, /* <<- */
	RD_HERESTR,	/* <<< a string, not a path */
	RD_ARRAY,	/* not a redirection: an element of a=(...) */
};

/* One word of a simple command. Its text lives in the command's two
 * buffers, addressed by offset because the buffers grow. */
struct word {
	size_t v, vlen;	   /* value: quotes removed, known expansions done */
	size_t t, tlen;	   /* as typed: quotes removed, nothing expanded */
	size_t veq, teq;   /* first unquoted '=' (relative), or NOPOS */
	size_t voff, toff; /* where the path part starts (--opt=, -o/p) */
	bool partial;	   /* the value stops where an unknowable
			      expansion ($(..), $1, ~other) began */
	bool quoted;	   /* some part was quoted: not a reserved word */
	bool assign;	   /* NAME=value with an unquoted NAME */
	bool list;	   /* the path part is a ':' list (PATH=/a:/b) */
	unsigned char rd;  /* enum rd: this word is a redirection target */
	unsigned char role;
};

struct cmd {
	struct sbx_buf vals, typed;
	struct word *w;
	size_t n, cap;
	size_t nargv; /* words that are not redirection targets */
	size_t shc;   /* index of an `sh -c` string to check, or NOPOS */
};

struct range {
	size_t start, end;
};

struct scan {
	const char *s;
	size_t len, i;
	int depth;
	const struct sbx_policy *pol;
	const struct scope_env *env;
	struct ctx *cx; /* the checker's; opaque here */
	/* Bytes that expansions may still add, shared by the whole check:
	 * "$BIG $BIG ..." must not turn a short line into gigabytes. */
	size_t *budget;
	struct range *subs;
	size_t nsubs, capsubs;
	char *hd[SCOPE_MAX_HEREDOCS];
	bool hdtab[SCOPE_MAX_HEREDOCS];
	size_t nhd;
};

enum tk { TK_EOF, TK_WORD, TK_SEP, TK_NL, TK_REDIR };

/*
 * The next token at sc->i. A word is appended to |c| (TK_WORD); a
 * redirection operator sets *rd to what its target word will be
 * (TK_REDIR); ; & | && || ;; ( ) are TK_SEP and a newline TK_NL.
 * Command substitutions met on the way are recorded in sc->subs.
 */
enum tk scope_lex_next(struct scan *sc, struct cmd *c, unsigned char *rd);

/* After a TK_NL: skips the bodies of the here-documents the line opened
 * (a body is data, never a path) and frees their delimiters. */
void scope_lex_heredocs(struct scan *sc);

static inline void bput(struct sbx_buf *b, char ch)
{
	if (b->len + 2 > b->cap) {
		buf_putn(b, &ch, 1);
		return;
	}
	b->s[b->len++] = ch;
	b->s[b->len] = '\0';
}

static inline bool is_blank(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\0';
}

/* Characters that end an unquoted word (besides blanks and newline). */
static inline bool is_meta(char ch)
{
	return ch == ';' || ch == '&' || ch == '|' || ch == '(' || ch == ')' ||
	       ch == '<' || ch == '>';
}

static inline bool is_name_start(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	       ch == '_';
}

static inline bool is_name_char(char ch)
{
	return is_name_start(ch) || (ch >= '0' && ch <= '9');
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
