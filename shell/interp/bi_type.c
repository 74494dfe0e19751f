/* shell/interp/bi_type.c — `type` as bash 5.2 has it (-a -f -p -P -t),
 * and `command -V` outside posix mode, which words its answers the same
 * way. Under posix mode bi_table.c's describe() answers as dash does.
 *
 * bash looks a name up as aliases, reserved words, functions, builtins
 * and then PATH, in that order; -a lists every match (each file in PATH
 * too), -f skips functions, -t prints the kind alone, -p the file alone
 * and -P searches PATH even when something else would run.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "interp.h"

/* -a, -f, -t, -p, -P */
enum { TY_ALL = 1, TY_NOFUNC = 2, TY_KIND = 4, TY_PATH = 8, TY_FORCE = 16 };

/* Every executable file |name| names in $PATH, in order (bash's -a). */
static void path_all(struct shell *sh, const char *name, struct sbx_strv *out)
{
	const char *path = var_get(sh, "PATH"), *p, *e;

	for (p = path ? path : ""; p; p = e ? e + 1 : NULL) {
		size_t n;
		char *cand;
		struct stat st;

		e = strchr(p, ':');
		n = e ? (size_t)(e - p) : strlen(p);
		cand = xasprintf("%.*s%s%s", (int)n, p, n ? "/" : "", name);
		if (stat(cand, &st) == 0 && S_ISREG(st.st_mode) &&
		    access(cand, X_OK) == 0)
			strv_push(out, cand);
		free(cand);
	}
}

/* One line of the answer, as -t, -p or the sentence asks. */
static void say(struct sbx_buf *out, int fl, const char *name, const char *kind,
		const char *sentence, const char *file)
{
	if (fl & TY_KIND)
		buf_printf(out, "%s\n", kind);
	else if (fl & (TY_PATH | TY_FORCE)) {
		if (file)
			buf_printf(out, "%s\n", file);
	} else if (file)
		buf_printf(out, "%s is %s\n", name, sentence);
	else
		buf_printf(out, "%s %s\n", name, sentence);
}

/* Whether |name| is a thing of kind |k| (kinds[]). */
static bool type_is(struct shell *sh, const char *name, int fl, size_t k)
{
	switch (k) {
	case 0:
		return alias_get(sh, name) != NULL;
	case 1:
		return bi_is_keyword(sh, name);
	case 2:
		return !(fl & TY_NOFUNC) && func_get(sh, name);
	default:
		return bi_find(sh, name) != NULL;
	}
}

/* 0 if |name| was found (and described), 1 if not. */
static int type_one(struct shell *sh, const char *name, int fl,
		    struct sbx_buf *out)
{
	/* what bash looks a name up as before PATH, in this order */
	static const struct {
		const char *kind, *sentence;
	} kinds[] = {
	    {"alias", NULL},
	    {"keyword", "is a shell keyword"},
	    {"function", "is a function"},
	    {"builtin", "is a shell builtin"},
	};
	bool found = false, all = fl & TY_ALL;
	bool quiet = fl & (TY_PATH | TY_FORCE); /* files only */

	for (size_t k = 0;
	     !(fl & TY_FORCE) && k < sizeof(kinds) / sizeof(*kinds); k++) {
		SBX_AUTOFREE char *aliased = NULL;

		if (!type_is(sh, name, fl, k))
			continue;
		if (!quiet && k == 0)
			aliased = xasprintf("is aliased to `%s'",
					    alias_get(sh, name));
		if (!quiet)
			say(out, fl, name, kinds[k].kind,
			    aliased ? aliased : kinds[k].sentence, NULL);
		if (!quiet && k == 2 && !(fl & TY_KIND)) {
			fnprint(out, name, func_get(sh, name));
			buf_putc(out, '\n');
		}
		if (!all)
			return 0;
		found = true;
	}
	if (strchr(name, '/')) {
		struct stat st;

		if (stat(name, &st) == 0 && S_ISREG(st.st_mode) &&
		    access(name, X_OK) == 0) {
			say(out, fl, name, "file", name, name);
			return 0;
		}
		return found ? 0 : 1;
	}
	if (all) {
		struct sbx_strv files = {0};

		path_all(sh, name, &files);
		for (size_t i = 0; i < files.n; i++)
			say(out, fl, name, "file", files.v[i], files.v[i]);
		found |= files.n > 0;
		strv_free(&files);
		return found ? 0 : 1;
	}
	{
		bool hashed = exec_hashed(sh, name);
		const char *pv = var_get(sh, "PATH");
		int err;
		/* a lookup of type's own is not remembered (bash: only a
		 * command that ran is hashed) */
		const char *path = exec_find(sh, name, &err,
					     hashed ? NULL
					     : pv   ? pv
						    : SH_DEFPATH);
		SBX_AUTOFREE char *s = NULL;

		if (!path)
			return 1;
		s = hashed ? xasprintf("hashed (%s)", path) : xstrdup(path);
		say(out, fl, name, "file", s, path);
		return 0;
	}
}

int bi_type_names(struct shell *sh, const char *who, int fl, int n,
		  char **names)
{
	bool command = !strcmp(who, "command");
	int missing = 0, st = 0;

	for (int i = 0; i < n; i++) {
		struct sbx_buf out = {0};

		/* each answer out before the next one's error, as bash */
		if (type_one(sh, names[i], fl, &out)) {
			missing++;
			/* said only without -t, -p and -P */
			if (!(fl & (TY_KIND | TY_PATH | TY_FORCE)))
				sh_err(sh, "%s: %s: not found", who, names[i]);
		}
		if (bi_flush(sh, who, &out, 1))
			st = 1;
	}
	/* type fails if one name is missing; command -V only if all are */
	if (missing && (!command || missing == n))
		st = 1;
	return st;
}

int bi_type_bash(struct shell *sh, int argc, char **argv)
{
	unsigned fl; /* the letters in the order of TY_* */
	char bad;
	int i = bi_flags(argc, argv, "aftpP", &fl, &bad);

	if (i < 0) {
		sh_err(sh, "type: -%c: invalid option", bad);
		sh_usage(sh, "type: usage: type [-afptP] name [name ...]");
		return 2;
	}
	return bi_type_names(sh, "type", (int)fl, argc - i, argv + i);
}
