/* shell/interp/bi_dirs.c — bash's directory stack: pushd, popd and dirs
 * (bash only: BI_BASH, absent under posix mode).
 *
 * The stack's top is always the current folder ($PWD); sh->dirstack holds
 * the entries below it, most recent first, so "cd" moves the top as it
 * does in bash. Entries are kept as they were given (pushd -n does not
 * look at the disk) and shown with $HOME as "~" unless -l.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "interp.h"

/* The whole stack's size: $PWD and the entries below it. */
static size_t ds_size(const struct shell *sh)
{
	return sh->dirstack.n + 1;
}

/* Entry |i| of the whole stack (0: the current folder). */
static const char *ds_at(const struct shell *sh, size_t i)
{
	if (!i)
		return sh->pwd ? sh->pwd : ".";
	return sh->dirstack.v[i - 1];
}

/* "+N" or "-N" (from the end) as an index of the whole stack, or -1 when
 * |arg| is no such number. |*range| says whether it fits the stack. */
static long ds_index(const struct shell *sh, const char *arg, bool *range)
{
	long n;
	char *end;

	if ((arg[0] != '+' && arg[0] != '-') || !arg[1])
		return -1;
	errno = 0;
	n = strtol(arg + 1, &end, 10);
	if (*end || errno || n < 0 || arg[1] == '-' || arg[1] == '+')
		return -1;
	*range = (size_t)n < ds_size(sh);
	if (!*range)
		return 0;
	return arg[0] == '+' ? n : (long)ds_size(sh) - 1 - n;
}

static void ds_put(const struct shell *sh, const char *dir, bool tilde,
		   struct sbx_buf *out)
{
	const char *home = var_get((struct shell *)sh, "HOME");
	size_t n = home ? strlen(home) : 0;

	if (tilde && n > 1 && !strncmp(dir, home, n) &&
	    (dir[n] == '/' || !dir[n])) {
		buf_putc(out, '~');
		dir += n;
	}
	buf_puts(out, dir);
}

/* dirs' output: the whole stack on one line, or one per line (-p), or
 * numbered (-v); entry |only| alone when >= 0. */
static void ds_print(const struct shell *sh, bool tilde, bool lines,
		     bool numbered, long only, struct sbx_buf *out)
{
	for (size_t i = 0; i < ds_size(sh); i++) {
		if (only >= 0 && (size_t)only != i)
			continue;
		if (numbered)
			buf_printf(out, "%2zu  ", i);
		ds_put(sh, ds_at(sh, i), tilde, out);
		buf_putc(out,
			 lines || numbered || only >= 0 || i + 1 == ds_size(sh)
			     ? '\n'
			     : ' ');
	}
}

static int ds_show(struct shell *sh, const char *who)
{
	struct sbx_buf out = {0};

	ds_print(sh, true, false, false, -1, &out);
	return bi_flush(sh, who, &out, 1);
}

/* cd to |dir| for pushd or popd; a failure is said as bash says it. */
static int ds_cd(struct shell *sh, const char *who, const char *dir)
{
	int err = sh_chdir(sh, dir);

	if (err)
		sh_err(sh, "%s: %s: %s", who, dir, strerror(err));
	return err ? 1 : 0;
}

static int ds_usage(struct shell *sh, const char *who, const char *what,
		    const char *arg)
{
	sh_err(sh, "%s: %s: %s", who, arg, what);
	if (!strcmp(who, "pushd"))
		sh_usage(sh, "pushd: usage: pushd [-n] [+N | -N | dir]");
	else if (!strcmp(who, "popd"))
		sh_usage(sh, "popd: usage: popd [-n] [+N | -N]");
	else
		sh_usage(sh, "dirs: usage: dirs [-clpv] [+N] [-N]");
	return 2;
}

int bi_dirs(struct shell *sh, int argc, char **argv)
{
	bool tilde = true, lines = false, numbered = false, range = true;
	bool cleared = false;
	long only = -1;
	struct sbx_buf out = {0};

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--"))
			continue;
		if (a[0] == '-' && strchr("clpv", a[1]) && a[1] && !a[2]) {
			/* one letter per word: bash's dirs takes no "-lv" */
			if (a[1] == 'c') {
				strv_free(&sh->dirstack);
				cleared = true;
			}
			tilde &= a[1] != 'l';
			lines |= a[1] == 'p';
			numbered |= a[1] == 'v';
			continue;
		}
		if ((a[0] == '+' || a[0] == '-') && a[1]) {
			only = ds_index(sh, a, &range);
			if (only < 0)
				return ds_usage(sh, "dirs", "invalid number",
						a);
			if (!range && !sh->dirstack.n) {
				sh_err(sh, "dirs: directory stack empty");
				return 1;
			}
			if (!range) {
				sh_err(sh,
				       "dirs: %s: directory stack index "
				       "out of range",
				       a + 1);
				return 1;
			}
			continue;
		}
		return ds_usage(sh, "dirs", "invalid option", a);
	}
	if (cleared)
		return 0;
	ds_print(sh, tilde, lines, numbered, only, &out);
	return bi_flush(sh, "dirs", &out, 1);
}

/* The whole stack rotated so that entry |k| is on top. With |nocd|
 * (pushd -n +N) the current folder stays on top, as in bash, and the
 * entries below it are the rotated stack's. */
static int ds_rotate(struct shell *sh, size_t k, bool nocd)
{
	struct sbx_strv all = {0};
	int st = 0;

	for (size_t i = 0; i < ds_size(sh); i++)
		strv_push(&all, ds_at(sh, (k + i) % ds_size(sh)));
	if (!nocd)
		st = ds_cd(sh, "pushd", all.v[0]);
	if (!st) {
		strv_free(&sh->dirstack);
		for (size_t i = 1; i < all.n; i++)
			strv_push(&sh->dirstack, all.v[i]);
	}
	strv_free(&all);
	return st;
}

/* |dir| pushed at position |at| of the entries below the top. */
static void ds_insert(struct shell *sh, size_t at, const char *dir)
{
	struct sbx_strv v = {0};

	for (size_t i = 0; i <= sh->dirstack.n; i++) {
		if (i == at)
			strv_push(&v, dir);
		if (i < sh->dirstack.n)
			strv_push(&v, sh->dirstack.v[i]);
	}
	strv_free(&sh->dirstack);
	sh->dirstack = v;
}

int bi_pushd(struct shell *sh, int argc, char **argv)
{
	bool nocd = false, range = true;
	const char *arg = NULL;
	char *old;
	int i = 1;

	for (; i < argc; i++) {
		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		}
		if (!strcmp(argv[i], "-n"))
			nocd = true;
		else
			break;
	}
	if (i < argc)
		arg = argv[i++];
	if (i < argc) {
		sh_err(sh, "pushd: too many arguments");
		return 1;
	}
	if (!arg || ((arg[0] == '+' || arg[0] == '-') && arg[1])) {
		long k;

		k = arg ? ds_index(sh, arg, &range) : 1;
		if (k < 0)
			return ds_usage(sh, "pushd", "invalid number", arg);
		if (!arg && nocd)
			return 0; /* bash: nothing to swap, nothing said */
		if (!sh->dirstack.n) {
			sh_err(sh, "pushd: %s",
			       arg ? "directory stack empty"
				   : "no other directory");
			return 1;
		}
		if (!range) {
			sh_err(sh,
			       "pushd: %s: directory stack index out of "
			       "range",
			       arg);
			return 1;
		}
		if (!arg) {
			/* swap the top two */
			char *below = xstrdup(sh->dirstack.v[0]);

			old = xstrdup(ds_at(sh, 0));
			if (nocd) {
				free(below);
				free(old);
				return ds_show(sh, "pushd");
			}
			if (ds_cd(sh, "pushd", below)) {
				free(below);
				free(old);
				return 1;
			}
			free(sh->dirstack.v[0]);
			sh->dirstack.v[0] = old;
			free(below);
			return ds_show(sh, "pushd");
		}
		if (k && ds_rotate(sh, (size_t)k, nocd))
			return 1;
		if (nocd)
			return 0; /* bash says nothing after pushd -n +N */
		return ds_show(sh, "pushd");
	}
	if (nocd) {
		ds_insert(sh, 0, arg);
		return ds_show(sh, "pushd");
	}
	old = xstrdup(ds_at(sh, 0));
	if (ds_cd(sh, "pushd", arg)) {
		free(old);
		return 1;
	}
	ds_insert(sh, 0, old);
	free(old);
	return ds_show(sh, "pushd");
}

int bi_popd(struct shell *sh, int argc, char **argv)
{
	bool nocd = false, range = true;
	long k = 0;
	int i = 1;

	for (; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--"))
			continue;
		if (!strcmp(a, "-n")) {
			nocd = true;
			continue;
		}
		if ((a[0] == '+' || a[0] == '-') && a[1]) {
			if (!sh->dirstack.n)
				break;
			k = ds_index(sh, a, &range);
			if (k < 0)
				return ds_usage(sh, "popd", "invalid number",
						a);
			if (!range) {
				sh_err(sh,
				       "popd: %s: directory stack index "
				       "out of range",
				       a);
				return 1;
			}
			continue;
		}
		return ds_usage(sh, "popd", "invalid argument", a);
	}
	if (!sh->dirstack.n) {
		sh_err(sh, "popd: directory stack empty");
		return 1;
	}
	if (k == 0 && !nocd) {
		/* the top goes: cd to the entry below it */
		char *next = xstrdup(sh->dirstack.v[0]);

		if (ds_cd(sh, "popd", next)) {
			free(next);
			return 1;
		}
		free(next);
	}
	/* remove entry k of the whole stack (-n: the one below the top) */
	{
		size_t at = k == 0 ? 0 : (size_t)k - 1;

		free(sh->dirstack.v[at]);
		memmove(sh->dirstack.v + at, sh->dirstack.v + at + 1,
			(sh->dirstack.n - at - 1) * sizeof(char *));
		sh->dirstack.v[--sh->dirstack.n] = NULL;
	}
	return ds_show(sh, "popd");
}
