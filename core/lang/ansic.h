/* core/lang/ansic.h — bash's $'...' (ANSI-C quoting): the escapes decoded.
 * Pure; the lexer (lex.c) calls it with the text between $' and '. */
#ifndef SBX_LANG_ANSIC_H
#define SBX_LANG_ANSIC_H

#include <stddef.h>

#include "sbx.h"

/* Appends to |out| the decoding of |s| (|n| bytes): \a \b \e \E \f \n \r
 * \t \v \\ \' \" \?, \nnn (1-3 octal digits), \xHH (1-2 hex), \uHHHH and
 * \UHHHHHHHH (UTF-8), \cX (control-X, \c? is DEL); any other escape stays
 * as typed. A NUL (\0, \x00, \u0000) ends the string: the rest is
 * dropped, as bash does. */
void ansic_decode(const char *s, size_t n, struct sbx_buf *out);

#endif
