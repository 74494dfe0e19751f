/* shell/interp/bi_vars.c — builtins that work on variables and parameters: set,
 * export, readonly, unset, local, shift, getopts (read: bi_read.c). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "interp.h"

struct optname {
	const char *name;
	char letter;
	enum sh_opt opt;
};

/* dash's table, in dash's order: `set -o` lists it so, "$-" shows the
 * letters in reverse ("ue" after set -e -u), as dash does. interactive
 * and stdin are shown, not set. pipefail (POSIX.1-2024) comes after. */
/* clang-format off */
static const struct optname optnames[] = {
	{ "errexit",     'e', O_ERREXIT },
	{ "noglob",      'f', O_NOGLOB },
	{ "ignoreeof",   'I', O_IGNOREEOF },
	{ "interactive", 'i', O_INTERACTIVE },
	{ "monitor",     'm', O_MONITOR },
	{ "noexec",      'n', O_NOEXEC },
	{ "stdin",       's', O_STDIN },
	{ "xtrace",      'x', O_XTRACE },
	{ "verbose",     'v', O_VERBOSE },
	{ "vi",          'V', O_VI },
	{ "emacs",       'E', O_EMACS },
	{ "noclobber",   'C', O_NOCLOBBER },
	{ "allexport",   'a', O_ALLEXPORT },
	{ "notify",      'b', O_NOTIFY },
	{ "nounset",     'u', O_NOUNSET },
	{ "privileged",  'p', O_PRIVILEGED },
	{ "nolog",       0,   O_NOLOG },
	{ "debug",       0,   O_DEBUG },
	{ "pipefail",    0,   O_PIPEFAIL },
};
/* clang-format on */

#define NOPTS (sizeof(optnames) / sizeof(optnames[0]))

void sh_dollar_dash(struct shell *sh, char *buf, size_t n)
{
	size_t k = 0;

	for (size_t i = NOPTS; i-- > 0 && k + 1 < n;)
		if (optnames[i].letter && sh->opt[optnames[i].opt])
			buf[k++] = optnames[i].letter;
	buf[k] = 0;
}

/* One option on or off, with what else it takes along. */
static void set_opt(struct shell *sh, const struct optname *o, bool on)
{
	/* what the shell is, not something to set */
	if (o->opt == O_INTERACTIVE || o->opt == O_STDIN)
		return;
	sh->opt[o->opt] = on;
	if (o->opt == O_MONITOR && !sh->subshell)
		job_set_monitor(sh, on); /* jobs.c */
	if (on && (o->opt == O_VI || o->opt == O_EMACS)) {
		sh->opt[o->opt == O_VI ? O_EMACS : O_VI] = false;
		SH_HOOK(sh, edit_mode, o->name);
	}
}

/* bash's -E (errtrace), -T (functrace) and -H (histexpand); dash's -E
 * is emacs. */
static const struct optname bash_opts[] = {
    {"errtrace", 'E', O_ERRTRACE},
    {"functrace", 'T', O_FUNCTRACE},
    {"histexpand", 'H', O_HISTEXPAND},
};
#define NBASH (sizeof(bash_opts) / sizeof(bash_opts[0]))

bool sh_option_on(struct shell *sh, const char *name)
{
	if (!strcmp(name, "posix"))
		return sh->opt[O_POSIX];
	for (size_t i = 0; !sh->opt[O_POSIX] && i < NBASH; i++)
		if (!strcmp(bash_opts[i].name, name))
			return sh->opt[bash_opts[i].opt];
	for (size_t i = 0; i < NOPTS; i++)
		if (!strcmp(optnames[i].name, name))
			return sh->opt[optnames[i].opt];
	return false;
}

int sh_setopt_letter(struct shell *sh, char c, bool on)
{
	for (size_t i = 0; !sh->opt[O_POSIX] && i < NBASH; i++) {
		if (bash_opts[i].letter == c) {
			sh->opt[bash_opts[i].opt] = on;
			return 0;
		}
	}
	for (size_t i = 0; i < NOPTS; i++) {
		if (optnames[i].letter == c) {
			set_opt(sh, &optnames[i], on);
			return 0;
		}
	}
	return -EINVAL;
}

/* The terminal marks (OSC 133) are the interactive layer's: asked. */
static bool sh_marks_on(struct shell *sh)
{
	return sh->hooks && sh->hooks->marks &&
	       sh->hooks->marks(sh->hooks->ctx, -1);
}

int sh_setopt_name(struct shell *sh, const char *name, bool on)
{
	if (!strcmp(name, "osc133")) {
		if (sh->hooks && sh->hooks->marks)
			sh->hooks->marks(sh->hooks->ctx, on);
		return 0;
	}
	/* set -o denials: a line per refused path after a failed command
	 * (shell/session/denials.c); `explain` is its old name, kept as an
	 * alias */
	if (!strcmp(name, "denials") || !strcmp(name, "explain")) {
		sh->opt[O_DENIALS] = on;
		return 0;
	}
	/* set -o posix: dash's language exactly (docs/language.md) */
	if (!strcmp(name, "posix")) {
		sh->opt[O_POSIX] = on;
		return 0;
	}
	/* set -o check=warn|deny|off: the scope checker's mode */
	if (!strncmp(name, "check=", 6)) {
		enum scope_mode m;

		if (!on || scope_mode_parse(name + 6, &m) < 0)
			return -EINVAL;
		sh->check = m;
		return 0;
	}
	for (size_t i = 0; !sh->opt[O_POSIX] && i < NBASH; i++) {
		if (!strcmp(bash_opts[i].name, name)) {
			sh->opt[bash_opts[i].opt] = on;
			return 0;
		}
	}
	for (size_t i = 0; i < NOPTS; i++) {
		if (!strcmp(optnames[i].name, name)) {
			set_opt(sh, &optnames[i], on);
			return 0;
		}
	}
	return -EINVAL;
}

/* sbxsh's own options, after the POSIX ones, in the same two forms:
 * `set +o` output must restore them when eval'ed. */
static void list_own_opts(struct shell *sh, struct sbx_buf *out, bool on)
{
	const char *check = scope_mode_name(sh->check);

	/* In posix mode the list stays dash's and ours (scripts for sh
	 * compare it); `posix off` shows where bash's language is on. */
	if (!sh->opt[O_POSIX]) {
		for (size_t i = 0; i < NBASH; i++) {
			bool v = sh->opt[bash_opts[i].opt];

			if (on)
				buf_printf(out, "%-16s%s\n", bash_opts[i].name,
					   v ? "on" : "off");
			else
				buf_printf(out, "set %co %s\n", v ? '-' : '+',
					   bash_opts[i].name);
		}
		if (on)
			buf_printf(out, "%-16s%s\n", "posix", "off");
		else
			buf_printf(out, "set +o posix\n");
	}
	if (on) {
		buf_printf(out, "%-16s%s\n", "osc133",
			   sh_marks_on(sh) ? "on" : "off");
		buf_printf(out, "%-16s%s\n", "check", check);
		buf_printf(out, "%-16s%s\n", "denials",
			   sh->opt[O_DENIALS] ? "on" : "off");
	} else {
		buf_printf(out, "set %co osc133\n",
			   sh_marks_on(sh) ? '-' : '+');
		buf_printf(out, "set -o check=%s\n", check);
		buf_printf(out, "set %co denials\n",
			   sh->opt[O_DENIALS] ? '-' : '+');
	}
}

static void print_vars(struct shell *sh, struct sbx_buf *out,
		       const char *prefix, unsigned need)
{
	const char **names = var_names(sh, need);

	for (size_t i = 0; names[i]; i++) {
		const char *v = var_get(sh, names[i]);

		buf_printf(out, "%s%s", prefix, names[i]);
		if (v) {
			buf_putc(out, '=');
			var_quote(out, v);
		}
		buf_putc(out, '\n');
	}
	free(names);
}

int bi_set(struct shell *sh, int argc, char **argv)
{
	struct sbx_buf out = {0};
	int i;
	bool setargs = false;

	if (argc == 1) {
		print_vars(sh, &out, "", 0);
		return bi_flush(sh, "set", &out, 1);
	}
	for (i = 1; i < argc; i++) {
		char *a = argv[i];
		bool on = a[0] == '-';

		if (a[0] != '-' && a[0] != '+')
			break;
		/* As dash: "-" turns -x and -v off and ends the options, the
		 * parameters change only if words follow; "--" ends them and
		 * sets the parameters, to none if nothing follows; "+" alone
		 * is an empty list of options (XCU 2.14 set). */
		if (!strcmp(a, "-")) {
			sh->opt[O_XTRACE] = sh->opt[O_VERBOSE] = false;
			i++;
			break;
		}
		if (!strcmp(a, "--")) {
			i++;
			setargs = true;
			break;
		}
		for (char *c = a + 1; *c; c++) {
			if (*c == 'o') {
				if (i + 1 >= argc || (c[1])) {
					for (size_t k = 0; k < NOPTS; k++) {
						if (on)
							buf_printf(
							    &out, "%-16s%s\n",
							    optnames[k].name,
							    sh->opt[optnames[k]
									.opt]
								? "on"
								: "off");
						else
							buf_printf(
							    &out,
							    "set %co %s\n",
							    sh->opt[optnames[k]
									.opt]
								? '-'
								: '+',
							    optnames[k].name);
					}
					list_own_opts(sh, &out, on);
					if (on && out.len) {
						struct sbx_buf h = {0};

						buf_puts(&h, "Current option "
							     "settings\n");
						buf_putn(&h, out.s, out.len);
						buf_free(&out);
						out = h;
					}
					continue;
				}
				if (sh_setopt_name(sh, argv[++i], on) < 0) {
					sh_err(sh, "set: Illegal option -o %s",
					       argv[i]);
					sh->special_err = true;
					buf_free(&out);
					return 2;
				}
				break;
			}
			if (sh_setopt_letter(sh, *c, on) < 0) {
				sh_err(sh, "set: Illegal option %c%c",
				       on ? '-' : '+', *c);
				sh->special_err = true;
				buf_free(&out);
				return 2;
			}
		}
	}
	if (i < argc || setargs)
		var_set_params(sh, argc - i, argv + i);
	return bi_flush(sh, "set", &out, 1);
}

static int export_like(struct shell *sh, int argc, char **argv, unsigned flag,
		       const char *name)
{
	struct sbx_buf out = {0};
	int st = 0, i = 1;

	bool print = false;

	if (i < argc && !strcmp(argv[i], "-p")) {
		i++;
		print = true; /* dash lists them all, whatever follows */
	}
	if (i < argc && !strcmp(argv[i], "--"))
		i++;
	if (i >= argc || print) {
		char prefix[32];

		snprintf(prefix, sizeof(prefix), "%s ", name);
		print_vars(sh, &out, prefix, flag);
		return bi_flush(sh, name, &out, 1);
	}
	for (; i < argc; i++) {
		char *eq = strchr(argv[i], '=');
		size_t n = eq ? (size_t)(eq - argv[i]) : strlen(argv[i]);

		if (!str_is_name(argv[i], n)) {
			sh_err(sh, "%s: %.*s: bad variable name", name, (int)n,
			       argv[i]);
			sh->special_err = true;
			st = 2;
			continue;
		}
		if (eq) {
			if (var_setn(sh, argv[i], n, eq + 1, flag) < 0) {
				sh_err(sh, "%s: %.*s: is read only", name,
				       (int)n, argv[i]);
				sh->special_err = true;
				st = 2;
			}
		} else {
			var_addflags(sh, argv[i], flag);
		}
	}
	return st;
}

int bi_export(struct shell *sh, int argc, char **argv)
{
	return export_like(sh, argc, argv, V_EXPORT, "export");
}

int bi_readonly(struct shell *sh, int argc, char **argv)
{
	return export_like(sh, argc, argv, V_RDONLY, "readonly");
}

int bi_unset(struct shell *sh, int argc, char **argv)
{
	int i = 1, st = 0;
	int mode = 'v';

	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		}
		for (char *c = argv[i] + 1; *c; c++) {
			/* -n (bash): a reference itself, not its target */
			if (*c != 'f' && *c != 'v' &&
			    (*c != 'n' || sh->opt[O_POSIX])) {
				sh_err(sh, "unset: Illegal option -%c", *c);
				sh->special_err = true;
				return 2;
			}
			mode = *c;
		}
	}
	for (; i < argc; i++) {
		if (mode == 'f') {
			func_unset(sh, argv[i]);
			continue;
		}
		if (!sh->opt[O_POSIX] && av_is_ref(argv[i])) {
			/* bash's unset 'a[i]' (arrvar.c) */
			if (av_unset_ref(sh, argv[i]) < 0)
				st = 1;
			continue;
		}
		if (!str_is_name(argv[i], strlen(argv[i]))) {
			sh_err(sh, "unset: %s: bad variable name", argv[i]);
			sh->special_err = true;
			st = 2;
			continue;
		}
		bool nd = sh->noderef;
		int r;

		sh->noderef = mode == 'n';
		r = var_unset(sh, argv[i]);
		sh->noderef = nd;
		if (r < 0) {
			sh_err(sh, "unset: %s: is read only", argv[i]);
			sh->special_err = true;
			st = 2;
		}
	}
	return st;
}

int bi_local(struct shell *sh, int argc, char **argv)
{
	int st = 0;

	/* bash's local -a/-A/-i/-r/-x/-p and local a=(...) (bi_declare.c) */
	if (!sh->opt[O_POSIX] && ((argc > 1 && argv[1][0] == '-' &&
				   argv[1][1] && strcmp(argv[1], "-")) ||
				  sh->decl_lists))
		return bi_local_bash(sh, argc, argv);
	if (!var_in_function(sh)) {
		sh_err(sh, "local: not in a function");
		sh->special_err = true;
		return 2;
	}
	for (int i = 1; i < argc; i++) {
		char *eq = strchr(argv[i], '=');
		size_t n = eq ? (size_t)(eq - argv[i]) : strlen(argv[i]);
		char *name;

		if (!strcmp(argv[i], "-")) {
			var_local_opts(sh);
			continue;
		}
		if (!str_is_name(argv[i], n)) {
			sh_err(sh, "local: %.*s: bad variable name", (int)n,
			       argv[i]);
			sh->special_err = true;
			st = 2;
			continue;
		}
		name = xstrndup(argv[i], n);
		var_make_local(sh, name);
		if (eq && var_set(sh, name, eq + 1, 0) < 0) {
			sh_err(sh, "local: %s: is read only", name);
			sh->special_err = true;
			st = 2;
		}
		free(name);
	}
	return st;
}

int bi_shift(struct shell *sh, int argc, char **argv)
{
	long n = 1;
	char *end;

	if (argc > 1) {
		n = strtol(argv[1], &end, 10);
		if (!*argv[1] || *end || n < 0) {
			sh_err(sh, "shift: Illegal number: %s", argv[1]);
			sh->special_err = true;
			return 2;
		}
	}
	if (n > sh->nparams) {
		sh_err(sh, "shift: can't shift that many");
		sh->special_err = true;
		return 2;
	}
	for (long i = 0; i < n; i++)
		free(sh->params[i]);
	memmove(sh->params, sh->params + n,
		(size_t)(sh->nparams - n + 1) * sizeof(char *));
	sh->nparams -= (int)n;
	return 0;
}

static void set_optind(struct shell *sh, int optind)
{
	char buf[32];
	int off = sh->optoff;

	snprintf(buf, sizeof(buf), "%d", optind);
	var_set(sh, "OPTIND", buf, 0);
	sh->optoff = off;
}

/* getopts' NAME: "is read only" is an error (status 2), as in dash. */
static int getopts_var(struct shell *sh, const char *name, const char *val,
		       unsigned flags)
{
	if (var_set(sh, name, val, flags) < 0) {
		sh_err(sh, "getopts: %s: is read only", name);
		return -1;
	}
	return 0;
}

/* Option |opt| (a string of one letter) unknown, or |missing| its
 * argument: silently (a ':' leading the option string), OPTARG is the
 * letter and |name| '?' or, for a missing argument, ':'; else the error
 * is said, OPTARG unset and |name| '?'. */
static int getopts_refuse(struct shell *sh, const char *name, const char *opt,
			  bool silent, bool missing, int optind)
{
	if (silent) {
		if (getopts_var(sh, "OPTARG", opt, 0) < 0)
			return 2;
	} else {
		if (missing)
			sh_err(sh, "No arg for -%c option", opt[0]);
		else
			sh_err(sh, "Illegal option -%c", opt[0]);
		var_unset(sh, "OPTARG");
	}
	getopts_var(sh, name, silent && missing ? ":" : "?", 0);
	set_optind(sh, optind);
	return 0;
}

int bi_getopts(struct shell *sh, int argc, char **argv)
{
	const char *optstr, *name, *ov, *arg, *p;
	char **args, cbuf[2] = {0, 0};
	int nargs, optind;
	bool silent;

	if (argc < 3) {
		sh_err(sh, "getopts: usage: getopts optstring var [arg...]");
		return 2;
	}
	optstr = argv[1];
	name = argv[2];
	silent = optstr[0] == ':';
	if (argc > 3) {
		args = argv + 3;
		nargs = argc - 3;
	} else {
		args = sh->params;
		nargs = sh->nparams;
	}
	ov = var_get(sh, "OPTIND");
	optind = ov ? atoi(ov) : 1;
	if (optind < 1) {
		optind = 1;
		sh->optoff = 0;
	}
	if (optind > nargs)
		goto end;
	arg = args[optind - 1];
	if (!sh->optoff) {
		if (arg[0] != '-' || !arg[1])
			goto end;
		if (!strcmp(arg, "--")) {
			optind++;
			goto end;
		}
		sh->optoff = 1;
	}
	cbuf[0] = arg[sh->optoff++];
	p = cbuf[0] != ':' ? strchr(optstr, cbuf[0]) : NULL;
	if (!arg[sh->optoff]) {
		optind++;
		sh->optoff = 0;
	}
	if (!p)
		return getopts_refuse(sh, name, cbuf, silent, false, optind);
	if (p[1] == ':') {
		if (sh->optoff) {
			if (getopts_var(sh, "OPTARG", arg + sh->optoff, 0) < 0)
				return 2;
			optind++;
			sh->optoff = 0;
		} else if (optind <= nargs) {
			if (getopts_var(sh, "OPTARG", args[optind - 1], 0) < 0)
				return 2;
			optind++;
		} else {
			return getopts_refuse(sh, name, cbuf, silent, true,
					      optind);
		}
	} else {
		var_unset(sh, "OPTARG");
	}
	if (getopts_var(sh, name, cbuf, 0) < 0)
		return 2;
	set_optind(sh, optind);
	return 0;
end:
	sh->optoff = 0;
	if (getopts_var(sh, name, "?", 0) < 0)
		return 2;
	set_optind(sh, optind);
	sh->optoff = 0;
	return 1;
}
