/* core/lang/assign.c — which of bash's assignment shapes a word is
 * (assign.h). Pure. */
#include "assign.h"

#include <ctype.h>

/* bash's NAME+=value and NAME[subscript]=value (|eq|: the first '=' in
 * the first part |h|, or NULL). */
void assign_bash_flags(struct word *w, const struct wpart *h, const char *eq)
{
	size_t n = 0;

	if (eq && eq > h->s && eq[-1] == '+' &&
	    str_is_name(h->s, (size_t)(eq - 1 - h->s))) {
		w->flags |= W_ASSIGN | W_APPEND;
		return;
	}
	while (n < h->len &&
	       (isalnum((unsigned char)h->s[n]) || h->s[n] == '_'))
		n++;
	if (!n || n >= h->len || h->s[n] != '[' || !str_is_name(h->s, n))
		return;
	/* the subscript may hold expansions: "]=" or "]+=" in any unquoted
	 * literal part from here on makes it an element's assignment */
	for (const struct wpart *q = h; q; q = q->next) {
		if (q->type != WP_LIT || q->quoted)
			continue;
		for (size_t i = q == h ? n : 0; i + 1 < q->len; i++)
			if (q->s[i] == ']' &&
			    (q->s[i + 1] == '=' ||
			     (q->s[i + 1] == '+' && i + 2 < q->len &&
			      q->s[i + 2] == '='))) {
				w->flags |= W_ASSIGN | W_ARRAY;
				return;
			}
	}
}
