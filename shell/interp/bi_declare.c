/* shell/interp/bi_declare.c — bash's declare and typeset (and local with
 * options): the attributes -a -A -i -r -x (+ to take -i and -x off), -g
 * (global inside a function), -p (printed as bash prints them, so the
 * output reads back in). Arrays' elements are in array.c, their
 * assignments in arrvar.c. Default (bash) mode only: the table hides
 * declare and typeset under --posix, as dash has neither. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "interp.h"
#include "paramx.h"

/* bash's value quoting in declare -p: "..." escaping " $ ` \, or $'...'
 * when a control character is in it. */
static void put_value(struct sbx_buf *b, const char *v)
{
	for (const char *p = v; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f) {
			px_transform(v, "Q", b);
			return;
		}
	buf_putc(b, '"');
	for (; *v; v++) {
		if (strchr("\"$`\\", *v))
			buf_putc(b, '\\');
		buf_putc(b, *v);
	}
	buf_putc(b, '"');
}

static void put_key(struct sbx_buf *b, const char *k)
{
	for (const char *p = k; *p; p++)
		if (strchr(" \t\n\"'\\$`;&|<>()*?[]", *p)) {
			put_value(b, k);
			return;
		}
	buf_puts(b, k);
}

static bool print_var(struct shell *sh, struct sbx_buf *b, const char *name);

/* One variable as `declare -p` prints it; false when it does not exist.
 * A reference (declare -n) is shown as itself: -n and its target. */
static bool print_one(struct shell *sh, struct sbx_buf *b, const char *name)
{
	bool nd = sh->noderef, rc;

	sh->noderef = true;
	rc = print_var(sh, b, name);
	sh->noderef = nd;
	return rc;
}

static bool print_var(struct shell *sh, struct sbx_buf *b, const char *name)
{
	bool set;
	unsigned fl = var_flags(sh, name, &set);
	struct arr *a = var_arr(sh, name);
	const char *v;
	size_t n0 = b->len;

	fl &= ~(unsigned)V_DECL;
	if (a && !(fl & (V_ARRAY | V_ASSOC)))
		fl |= V_ARRAY; /* PIPESTATUS, FUNCNAME...: computed */
	if (!set && !fl && !(var_flags(sh, name, NULL) & V_DECL))
		return false;
	buf_puts(b, "declare -");
	if (fl & V_ARRAY)
		buf_putc(b, 'a');
	if (fl & V_ASSOC)
		buf_putc(b, 'A');
	if (fl & V_INTEGER)
		buf_putc(b, 'i');
	if (fl & V_NAMEREF)
		buf_putc(b, 'n');
	if (fl & V_RDONLY)
		buf_putc(b, 'r');
	if (fl & V_EXPORT)
		buf_putc(b, 'x');
	if (fl & V_LOWER)
		buf_putc(b, 'l');
	if (fl & V_UPPER)
		buf_putc(b, 'u');
	if (b->len == n0 + 9)
		buf_putc(b, '-');
	buf_printf(b, " %s", name);
	if (a) {
		buf_puts(b, "=(");
		for (size_t i = 0; i < arr_count(a); i++) {
			intmax_t idx;
			const char *k;

			arr_nth(a, i, &idx, &k, &v);
			if (i && !k)
				buf_putc(b, ' ');
			buf_putc(b, '[');
			if (k)
				put_key(b, k);
			else
				buf_printf(b, "%jd", idx);
			buf_puts(b, "]=");
			put_value(b, v);
			if (k)
				buf_putc(b, ' ');
		}
		buf_putc(b, ')');
	} else if (set && (v = var_get(sh, name))) {
		buf_putc(b, '=');
		put_value(b, v);
	}
	buf_putc(b, '\n');
	return true;
}

static int print_all(struct shell *sh, unsigned need)
{
	struct sbx_buf b = {0};
	const char **all = var_names(sh, need);

	for (size_t i = 0; all[i]; i++)
		print_one(sh, &b, all[i]);
	free(all);
	return bi_flush(sh, "declare", &b, 1);
}

/* The pending NAME=(...) of this name (eval.c run_decl), taken. */
static struct word *take_list(struct shell *sh, const char *name)
{
	size_t n = strlen(name);

	for (struct word **l = sh->decl_lists; l && *l; l++) {
		const char *s;

		if (*l == (struct word *)1)
			continue;
		s = (*l)->parts->s;
		if (!strncmp(s, name, n) && strchr("+=", s[n])) {
			struct word *w = *l;

			*l = (struct word *)1;
			return w;
		}
	}
	return NULL;
}

struct dopts {
	unsigned on, off;
	bool print, global, local;
	const char *who;
};

static int declare_var(struct shell *sh, const struct dopts *o, char *arg);

/* declare -n NAME=TARGET (and +n) acts on the reference itself: its
 * target must be a name (an element a[i] too), never itself. */
static int declare_one(struct shell *sh, const struct dopts *o, char *arg)
{
	bool nd = sh->noderef;
	const char *eq = strchr(arg, '=');
	int rc;

	if (!((o->on | o->off) & V_NAMEREF))
		return declare_var(sh, o, arg);
	if ((o->on & V_NAMEREF) && eq) {
		size_t n = (size_t)(eq - arg), t = strcspn(eq + 1, "[");

		if (!str_is_name(eq + 1, t)) {
			sh_err(sh,
			       "%s: `%s': invalid variable name for name "
			       "reference",
			       o->who, eq + 1);
			return 1;
		}
		if (strlen(eq + 1) == n && !strncmp(arg, eq + 1, n)) {
			sh_err(sh,
			       "%s: %.*s: nameref variable self references "
			       "not allowed",
			       o->who, (int)n, arg);
			return 1;
		}
	}
	sh->noderef = true;
	rc = declare_var(sh, o, arg);
	sh->noderef = nd;
	return rc;
}

static int declare_var(struct shell *sh, const struct dopts *o, char *arg)
{
	char *eq = strchr(arg, '='), *lb = strchr(arg, '['), *name;
	size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
	struct word *list = NULL;
	struct arr *a;
	unsigned fl, on, off;
	int rc = 0;

	if (lb && (!eq || lb < eq))
		n = (size_t)(lb - arg);
	if (eq && eq > arg && eq[-1] == '+' && (!lb || lb > eq))
		n--;
	if (!str_is_name(arg, n)) {
		sh_err(sh, "%s: `%s': not a valid identifier", o->who, arg);
		return 1;
	}
	name = xstrndup(arg, n);
	if (!eq && !lb)
		list = take_list(sh, name);
	fl = var_flags(sh, name, NULL);
	if ((o->local || (var_in_function(sh) && !o->global))) {
		bool had = sh->locals && var_flags(sh, name, NULL);

		var_make_local(sh, name);
		/* bash's local starts unset (a global's attributes and value
		 * stay outside) */
		if (had && !(fl & V_RDONLY) && !eq && !list)
			var_unset(sh, name);
		fl = var_flags(sh, name, NULL);
	}
	if ((fl & V_RDONLY) && (eq || list)) {
		sh_err(sh, "%s: %s: readonly variable", o->who, name);
		free(name);
		return 1;
	}
	if (o->on & (V_ARRAY | V_ASSOC)) {
		bool assoc = o->on & V_ASSOC;

		a = var_arr(sh, name);
		if ((a && arr_is_assoc(a) != assoc) ||
		    (!assoc && (fl & V_ASSOC))) {
			sh_err(sh, "%s: %s: cannot convert %s to %s array",
			       o->who, name, assoc ? "indexed" : "associative",
			       assoc ? "associative" : "indexed");
			free(name);
			return 1;
		}
		if (!a && (eq || list || var_get(sh, name)))
			var_arr_make(sh, name, assoc, &a);
	}
	on = o->on & ~(unsigned)V_RDONLY;
	off = o->off;
	/* -l turns -u off and -u -l; both at once leave neither (bash) */
	if ((on & V_CASE) == V_CASE) {
		on &= ~(unsigned)V_CASE;
		off |= V_CASE;
	} else if (on & V_CASE) {
		off |= V_CASE & ~on;
	}
	var_addflags(sh, name, on | V_DECL);
	if (off)
		var_delflags(sh, name, off);
	if (list && av_assign_list(sh, name, list->elems,
				   list->flags & W_APPEND, NULL) < 0)
		rc = 1;
	else if (eq && lb && lb < eq)
		rc = av_set_elem(sh, name, n, lb + 1, eq + 1, eq[-1] == '+') < 0
			 ? 1
			 : 0;
	else if (eq) {
		char *v = eq + 1, *tmp = NULL;
		intmax_t r;

		if (var_flags(sh, name, NULL) & V_INTEGER) {
			/* bash's "declare: 1/0: ..." */
			if (exp_arith_who(sh, o->who, v, &r) < 0) {
				/* bash drops the rest of the line */
				av_fail(sh);
				free(name);
				return 1;
			}
			v = tmp = xasprintf("%jd", r);
		}
		if (eq > arg && eq[-1] == '+' && var_get(sh, name)) {
			char *cat = xasprintf("%s%s", var_get(sh, name), v);

			free(tmp);
			v = tmp = cat;
		}
		var_set(sh, name, v, 0);
		free(tmp);
	}
	if (o->on & V_RDONLY)
		var_addflags(sh, name, V_RDONLY);
	free(name);
	return rc;
}

static int declare_main(struct shell *sh, int argc, char **argv, bool local)
{
	struct dopts o = {.who = argv[0], .local = local};
	int i = 1, st = 0;

	for (;
	     i < argc && (argv[i][0] == '-' || argv[i][0] == '+') && argv[i][1];
	     i++) {
		bool on = argv[i][0] == '-';

		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		}
		for (const char *c = argv[i] + 1; *c; c++) {
			unsigned f = 0;

			switch (*c) {
			case 'a':
				f = V_ARRAY;
				break;
			case 'A':
				f = V_ASSOC;
				break;
			case 'i':
				f = V_INTEGER;
				break;
			case 'r':
				f = V_RDONLY;
				break;
			case 'x':
				f = V_EXPORT;
				break;
			case 'l': /* -l and -u: each turns the other off */
				f = V_LOWER;
				break;
			case 'u':
				f = V_UPPER;
				break;
			case 'n':
				f = V_NAMEREF;
				break;
			case 'g':
				o.global = on;
				continue;
			case 'p':
				o.print = on;
				continue;
			default:
				sh_err(sh, "%s: %c%c: invalid option", o.who,
				       argv[i][0], *c);
				sh_usage(sh,
					 "declare: usage: declare [-aAgipx] "
					 "[-p] [name[=value] ...]");
				return 2;
			}
			if (on)
				o.on |= f;
			else
				o.off |= f;
		}
	}
	if (local && !var_in_function(sh)) {
		sh_err(sh, "local: can only be used in a function");
		return 1;
	}
	if (o.print || i == argc) {
		struct sbx_buf b = {0};

		if (i == argc)
			return print_all(sh, o.on);
		for (; i < argc; i++) {
			if (!print_one(sh, &b, argv[i])) {
				bi_flush(sh, o.who, &b, 1);
				sh_err(sh, "%s: %s: not found", o.who, argv[i]);
				st = 1;
			}
		}
		return bi_flush(sh, o.who, &b, 1) | st;
	}
	for (; i < argc; i++)
		st |= declare_one(sh, &o, argv[i]);
	return st;
}

int bi_declare(struct shell *sh, int argc, char **argv)
{
	return declare_main(sh, argc, argv, false);
}

/* local in bash's mode: declare's options and its fresh (unset) value. */
int bi_local_bash(struct shell *sh, int argc, char **argv)
{
	return declare_main(sh, argc, argv, true);
}
