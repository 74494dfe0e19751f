/* shell/interp/paramx.h — bash's parameter operators on a value: pattern
 * replacement (${x/p/r} and its //, /#, /% forms), substrings (${x:o:l}),
 * case modification (${x^p} ${x^^p} ${x,p} ${x,,p} ${x~p} ${x~~p}) and
 * the @ transformations (Q E U u L). Pure string functions: expand.c
 * looks the value up and expands the operands, these compute. Patterns
 * come as expand.c's exp_pattern makes them (quoted characters escaped
 * with a backslash), for fnmatch(3). Case changes are ASCII only. */
#ifndef SBX_PARAMX_H
#define SBX_PARAMX_H

#include <stdbool.h>
#include <stdint.h>

#include "sbx.h"

/* glibc's FNM_EXTMATCH splits @(a\|b) at the escaped '|' and counts
 * an escaped parenthesis (bash does neither): |pat| with each \| \( \)
 * outside a bracket expression as [|] [(] [)], a new string; NULL when
 * there is none. */
char *px_extfix(const char *pat);

/* |v| with the matches of |pat| replaced by |rep| into |out|. |op| is
 * PO_REPL, PO_REPLALL, PO_REPLBEG or PO_REPLEND (parse.h). In |rep| (a
 * pattern-escaped string) an unescaped '&' is the matched text (bash
 * 5.2's patsub_replacement) and "\c" is c. |fnm|: fnmatch flags (extglob,
 * nocasematch). */
void px_replace(const char *v, const char *pat, const char *rep, int op,
		int fnm, struct sbx_buf *out);

/* |v|'s characters from |off| (negative: from the end), |len| of them
 * (|has_len| false: to the end; negative: up to that many from the end).
 * Returns -ERANGE when the end falls before the start ("substring
 * expression < 0"). */
int px_substr(const char *v, intmax_t off, bool has_len, intmax_t len,
	      struct sbx_buf *out);

/* The characters of |v| that match |pat| ("" matches any) changed: |op|
 * PO_UPPER1/PO_LOWER1/PO_TOGGLE1 the first only, PO_UPPER/PO_LOWER/
 * PO_TOGGLE every one. |fnm|: fnmatch flags (extglob). */
void px_case(const char *v, const char *pat, int op, int fnm,
	     struct sbx_buf *out);

/* ${x@OP}: Q (quoted for reuse: '...' or $'...'), E (backslash escapes
 * as in $'...'), U, u, L. -EINVAL for another operator. */
int px_transform(const char *v, const char *op, struct sbx_buf *out);

#endif
