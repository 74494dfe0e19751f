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

#include "scope_cmd.h"

/* Quote/paren nesting the skipper tracks before it gives up on the rest
 * of the line (an adversarial "$($($(..." must not overflow a stack). */
#define SCOPE_MAX_NEST 256

enum tk { TK_EOF, TK_WORD, TK_SEP, TK_NL, TK_REDIR };

/*
 * The next token at sc->i. A word is appended to |c| (TK_WORD); a
 * redirection operator sets *rd to what its target word will be
 * (TK_REDIR); ; & | && || ;; ( ) are TK_SEP and a newline TK_NL.
 * Command substitutions met on the way are recorded in sc->subs.
 */
enum tk scope_lex_next(struct scan *sc, struct scmd *c, unsigned char *rd);

/* After a TK_NL: skips the bodies of the here-documents the line opened
 * (a body is data, never a path) and frees their delimiters. */
void scope_lex_heredocs(struct scan *sc);

#endif
