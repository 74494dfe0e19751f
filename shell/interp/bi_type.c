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

/* 0 if |name| was found (and described), 1 if not. */
static int type_one(struct shell *sh, const char *name, int fl,
		    struct sbx_buf *out)
{
	bool found = false, all = fl & TY_ALL;
	bool quiet = fl & (TY_PATH | TY_FORCE); /* files only */
	const struct builtin *bi;
	const char *a;

	if (!(fl & TY_FORCE)) {
		if ((a = alias_get(sh, name))) {
			if (!quiet && (fl & TY_KIND))
				buf_puts(out, "alias\n");
			else if (!quiet)
				buf_printf(out, "%s is aliased to `%s'\n", name,
					   a);
			if (!all)
				return 0;
			found = true;
		}
		if (bi_is_keyword(sh, name)) {
			if (!quiet)
				say(out, fl, name, "keyword",
				    "is a shell keyword", NULL);
			if (!all)
				return 0;
			found = true;
		}
		if (!(fl & TY_NOFUNC) && func_get(sh, name)) {
			if (!quiet) {
				say(out, fl, name, "function", "is a function",
				    NULL);
				if (!(fl & TY_KIND)) {
					fnprint(out, name, func_get(sh, name));
					buf_putc(out, '\n');
				}
			}
			if (!all)
				return 0;
			found = true;
		}
		if ((bi = bi_find(sh, name))) {
			if (!quiet)
				say(out, fl, name, "builtin",
				    "is a shell builtin", NULL);
			if (!all)
				return 0;
			found = true;
		}
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
	int fl = 0, i = 1;

	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		}
		for (const char *c = argv[i] + 1; *c; c++) {
			const char *at = strchr("afptP", *c);
			static const int bit[] = {TY_ALL, TY_NOFUNC, TY_PATH,
						  TY_KIND, TY_FORCE};

			if (!at) {
				sh_err(sh, "type: -%c: invalid option", *c);
				sh_usage(sh, "type: usage: type [-afptP] name "
					     "[name ...]");
				return 2;
			}
			fl |= bit[at - "afptP"];
		}
	}
	return bi_type_names(sh, "type", fl, argc - i, argv + i);
}
