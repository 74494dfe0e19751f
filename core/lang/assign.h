/* core/lang/assign.h — bash's assignment words: NAME+=value (W_APPEND) and
 * NAME[subscript]=value (W_ARRAY), told from their first literal part. The
 * lexer (lex.c) asks, outside posix mode, for a word that is not a plain
 * NAME=value. Pure. */
#ifndef SBX_LANG_ASSIGN_H
#define SBX_LANG_ASSIGN_H

#include "parse.h"

/* Adds W_ASSIGN and W_APPEND or W_ARRAY to |w|'s flags when it is one:
 * |h| is its first part (an unquoted literal), |eq| the first '=' in it
 * or NULL. */
void assign_bash_flags(struct word *w, const struct wpart *h, const char *eq);

#endif
