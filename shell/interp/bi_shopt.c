/* shell/interp/bi_shopt.c — bash's `shopt` (the default mode only: dash,
 * and so the posix mode, has none) and the options it sets.
 *
 * The table is the one place an option is named: a module that honours
 * one reads sh->shopt[SHOPT_X] (echo reads xpg_echo; expand.c's emit()
 * nullglob and failglob; glob.c dotglob, globstar, nocaseglob and
 * extglob; pmatch.c extglob and nocasematch; run.c hands extglob to the
 * parser before each command, as bash decides at parse time). */
#include <string.h>

#include "interp.h"

/* clang-format off */
static const struct {
	const char *name;
	enum sh_shopt opt;
} shopts[] = {
	/* sorted by name: bash lists them so */
	{ "dotglob",    SHOPT_DOTGLOB },
	{ "extglob",    SHOPT_EXTGLOB },
	{ "failglob",   SHOPT_FAILGLOB },
	{ "globstar",   SHOPT_GLOBSTAR },
	{ "nocaseglob", SHOPT_NOCASEGLOB },
	{ "nocasematch", SHOPT_NOCASEMATCH },
	{ "nullglob",   SHOPT_NULLGLOB },
	{ "xpg_echo",   SHOPT_XPG_ECHO },
};
/* clang-format on */

#define NSHOPTS (sizeof(shopts) / sizeof(shopts[0]))

static int shopt_find(const char *name)
{
	for (size_t i = 0; i < NSHOPTS; i++)
		if (!strcmp(shopts[i].name, name))
			return (int)i;
	return -1;
}

static void shopt_show(struct shell *sh, size_t i, bool p, struct sbx_buf *b)
{
	bool on = sh->shopt[shopts[i].opt];

	if (p)
		buf_printf(b, "shopt -%c %s\n", on ? 's' : 'u', shopts[i].name);
	else
		buf_printf(b, "%-15s\t%s\n", shopts[i].name, on ? "on" : "off");
}

int bi_shopt(struct shell *sh, int argc, char **argv)
{
	struct sbx_buf out = {0};
	unsigned fl;
	char bad;
	int st = 0, i = bi_flags(argc, argv, "suqp", &fl, &bad);
	bool s = fl & 1, u = fl & 2, q = fl & 4, p = fl & 8;

	if (i < 0) {
		struct sbx_buf e = {0};

		sh_err(sh, "shopt: -%c: invalid option", bad);
		buf_puts(&e,
			 "shopt: usage: shopt [-pqsu] [-o] [optname ...]\n");
		bi_flush(sh, "shopt", &e, 2);
		return 2;
	}
	if (s && u) {
		sh_err(sh, "shopt: cannot set and unset shell options "
			   "simultaneously");
		return 1;
	}
	if (i == argc) {
		/* a listing: all, or those -s / -u select */
		for (size_t k = 0; k < NSHOPTS; k++) {
			bool on = sh->shopt[shopts[k].opt];

			if ((s && !on) || (u && on))
				continue;
			if (!q)
				shopt_show(sh, k, p, &out);
			if (!on)
				st = 1;
		}
		if (s || u)
			st = 0;
		return bi_flush(sh, "shopt", &out, 1) ? 1 : st;
	}
	for (; i < argc; i++) {
		int k = shopt_find(argv[i]);

		if (k < 0) {
			sh_err(sh, "shopt: %s: invalid shell option name",
			       argv[i]);
			st = 1;
			continue;
		}
		if (s || u) {
			sh->shopt[shopts[k].opt] = s;
			continue;
		}
		if (!sh->shopt[shopts[k].opt])
			st = 1;
		if (!q)
			shopt_show(sh, (size_t)k, p, &out);
	}
	if (bi_flush(sh, "shopt", &out, 1))
		st = 1;
	return st;
}
