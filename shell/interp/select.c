/* shell/interp/select.c — bash's select loop (N_FOR with ->select): a
 * numbered menu of the words on stderr, PS3 ("#? ") as the prompt, a line
 * read into REPLY by the read builtin, NAME set to the chosen word (empty
 * for anything else), the body run, until break or end of input (status
 * 1, as in bash). The menu's layout is bash's (columns filling COLUMNS,
 * numbers right-aligned), so a person or an agent reading it sees the
 * same menu as under bash. */
#include <stdlib.h>
#include <string.h>

#include "interp.h"
#include "output.h"

enum { SEL_TAB = 8 };

static int num_len(size_t n)
{
	int l = 1;

	while (n >= 10) {
		n /= 10;
		l++;
	}
	return l;
}

/* Blanks from column |from| to |to|, tabs where they fit (bash's
 * indent()). */
static void sel_indent(struct sbx_buf *b, int from, int to)
{
	while (from < to) {
		if (to / SEL_TAB > from / SEL_TAB) {
			buf_putc(b, '\t');
			from += SEL_TAB - from % SEL_TAB;
		} else {
			buf_putc(b, ' ');
			from++;
		}
	}
}

static int sel_columns(struct shell *sh)
{
	const char *c = var_get(sh, "COLUMNS");
	int n = c && *c ? atoi(c) : 80;

	return n > 0 ? n : 80;
}

/* The menu, as bash's print_select_list() lays it out. */
static void sel_menu(struct shell *sh, const struct sbx_strv *l)
{
	struct sbx_buf b = {0};
	size_t n = l->n, rows, cols, maxlen = 0;
	int ilen = num_len(n), first;

	for (size_t i = 0; i < n; i++)
		if (strlen(l->v[i]) > maxlen)
			maxlen = strlen(l->v[i]);
	maxlen += (size_t)ilen + 2 + 2; /* the number, ") ", two blanks */
	cols = (size_t)sel_columns(sh) / maxlen;
	if (!cols)
		cols = 1;
	rows = n / cols + (n % cols != 0);
	cols = n / rows + (n % rows != 0);
	if (rows == 1) {
		rows = cols;
		cols = 1;
	}
	first = num_len(rows);
	for (size_t r = 0; r < rows; r++) {
		size_t ind = r;
		int pos = 0;

		for (;;) {
			int w = pos ? ilen : first;
			int len = (int)strlen(l->v[ind]) + w + 2;

			buf_printf(&b, "%*zu) %s", w, ind + 1, l->v[ind]);
			ind += rows;
			if (ind >= n)
				break;
			sel_indent(&b, pos + len, pos + (int)maxlen);
			pos += (int)maxlen;
		}
		buf_putc(&b, '\n');
	}
	out_write(2, b.s, b.len);
	buf_free(&b);
}

/* The word chosen (maybe "" for a reply that is no item's number), or
 * NULL at end of input. */
static const char *sel_query(struct shell *sh, const struct sbx_strv *l,
			     bool menu)
{
	static char *read_argv[] = {"read", NULL};

	for (;;) {
		const char *ps3 = var_get(sh, "PS3");
		const char *reply;
		char *end;
		long v;

		if (menu)
			sel_menu(sh, l);
		if (!ps3)
			ps3 = "#? ";
		out_write(2, ps3, strlen(ps3));
		if (bi_read(sh, 1, read_argv) != 0) {
			out_write(1, "\n", 1);
			return NULL;
		}
		reply = var_get(sh, "REPLY");
		if (!reply)
			return NULL;
		if (!*reply) { /* an empty line shows the menu again */
			menu = true;
			continue;
		}
		v = strtol(reply, &end, 10);
		while (*end == ' ' || *end == '\t' || *end == '\n')
			end++;
		if (*end || end == reply || v < 1 || (size_t)v > l->n)
			return "";
		return l->v[v - 1];
	}
}

int sel_eval(struct shell *sh, struct node *n, int flags)
{
	struct sbx_strv list = {0};
	bool menu = true;
	int st = 0;

	flags &= ~EV_EXIT;
	sh->lineno = n->lineno;
	if (eval_loop_words(sh, n, &list) < 0)
		return sh->status;
	if (!list.n)
		return 0;
	sh->loopdepth++;
	for (;;) {
		const char *pick = sel_query(sh, &list, menu);
		const char *reply;

		if (!pick) {
			st = 1;
			break;
		}
		if (var_set(sh, n->name, pick, 0) < 0) {
			sh_err(sh, "%s: readonly variable", n->name);
			st = 1;
			break;
		}
		st = eval_node(sh, n->b, flags);
		if (sh->jump && eval_loop_jump(sh))
			break;
		/* bash shows the menu again when the body left REPLY
		 * empty */
		reply = var_get(sh, "REPLY");
		menu = reply && !*reply;
	}
	sh->loopdepth--;
	strv_free(&list);
	return st;
}
