/* shell/interp/bi_table.c — the builtin table and the builtins that steer the
 * shell itself: : true false echo printf test [ break continue return exit
 * eval . exec times trap alias unalias umask ulimit type command hash kill
 * wait. Variable builtins are in bi_vars.c, cd and pwd in bi_cd.c. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input.h"
#include "bi_printf.h"
#include "interp.h"
#include "signames.h"
#include "bi_sys.h"
#include "bi_test.h"

int bi_flush(struct shell *sh, const char *name, struct sbx_buf *b, int fd)
{
	int rc = 0, e;

	if (b->len && (e = out_write(fd, b->s, b->len)) < 0) {
		/* Said as bash says it: "No space left on device" tells a
		 * full disk from a bad one, which "I/O error" did not. */
		if (fd == 1)
			sh_err(sh, "%s: write error: %s", name, strerror(-e));
		rc = 1;
	}
	buf_free(b);
	return rc;
}

int bi_flags(int argc, char **argv, const char *letters, unsigned *on,
	     char *bad)
{
	int i;

	*on = 0;
	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "--"))
			return i + 1;
		for (const char *c = argv[i] + 1; *c; c++) {
			const char *at = strchr(letters, *c);

			if (!at) {
				*bad = *c;
				return -1;
			}
			*on |= 1u << (at - letters);
		}
	}
	return i;
}

static int flush2(struct shell *sh, const char *name, struct sbx_buf *out,
		  struct sbx_buf *err, int st)
{
	bi_flush(sh, name, err, 2);
	if (bi_flush(sh, name, out, 1) && !st)
		st = 1;
	return st;
}

static int bi_true(struct shell *sh, int argc, char **argv)
{
	return 0;
}

static int bi_false(struct shell *sh, int argc, char **argv)
{
	return 1;
}

static int bi_echo(struct shell *sh, int argc, char **argv)
{
	struct sbx_buf out = {0};

	/* bash's echo by default (-e, -E, -n, "-ne"); dash's under posix */
	if (sh->opt[O_POSIX])
		pf_echo(argc, argv, &out);
	else
		pf_echo_bash(argc, argv, sh->shopt[SHOPT_XPG_ECHO],
			     sh_utf8_locale(sh), &out);
	return bi_flush(sh, "echo", &out, 1);
}

/* bash's printf: its messages as the shell's ("sbxsh: line N: printf:
 * ..."), the usage line bare; -v NAME assigns the output instead. */
static int printf_bash(struct shell *sh, int argc, char **argv)
{
	struct sbx_buf out = {0}, err = {0};
	const char *var = NULL;
	struct pf_mode m = {sh_utf8_locale(sh), &var, var_get(sh, "TZ")};
	int st = pf_printf(argc, argv, &m, &out, &err);

	if (var && !str_is_name(var, strlen(var))) {
		sh_err(sh, "printf: `%s': not a valid identifier", var);
		buf_free(&out);
		buf_free(&err);
		return 2;
	}
	for (char *l = err.s, *nl; l && *l; l = nl) {
		nl = strchr(l, '\n');
		if (nl)
			*nl++ = 0;
		else
			nl = l + strlen(l);
		if (strncmp(l, "printf: usage:", 14)) {
			sh_err(sh, "%s", l);
			continue;
		}
		out_write(2, l, strlen(l));
		out_write(2, "\n", 1);
	}
	buf_free(&err);
	if (!var)
		return flush2(sh, "printf", &out, &err, st);
	if (var_set(sh, var, out.s ? out.s : "", 0) == -EPERM) {
		sh_err(sh, "%s: readonly variable", var);
		st = 1;
	}
	buf_free(&out);
	return st;
}

static int bi_printf(struct shell *sh, int argc, char **argv)
{
	struct sbx_buf out = {0}, err = {0};
	int st;

	if (!sh->opt[O_POSIX])
		return printf_bash(sh, argc, argv);
	st = pf_printf(argc, argv, NULL, &out, &err);
	return flush2(sh, "printf", &out, &err, st);
}

static int bi_test(struct shell *sh, int argc, char **argv)
{
	struct sbx_buf err = {0};
	int st = tst_main(argc, argv, &err);

	if (err.len) {
		/* "sbxsh: line N: test: ..." as the other messages */
		if (err.s[err.len - 1] == '\n')
			err.s[--err.len] = 0;
		sh_err(sh, "%s", err.s);
	}
	buf_free(&err);
	return st;
}

/* A special builtin's usage error: status 2, and the shell ends if it
 * is not interactive (XCU 2.8.1). */
static int usage(struct shell *sh, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static int usage(struct shell *sh, const char *fmt, ...)
{
	struct sbx_buf b = {0};
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	sh_err(sh, "%s", b.s);
	buf_free(&b);
	sh->special_err = true;
	return 2;
}

static bool parse_num(const char *s, long *out)
{
	char *end;

	if (!*s)
		return false;
	errno = 0;
	*out = strtol(s, &end, 10);
	return !*end && !errno && *out >= 0 && *out <= INT_MAX;
}

static int bi_break(struct shell *sh, int argc, char **argv)
{
	long n = 1;

	if (argc > 1 && (!parse_num(argv[1], &n) || n < 1)) {
		sh_err(sh, "%s: Illegal number: %s", argv[0], argv[1]);
		sh->special_err = true;
		return 2;
	}
	if (!sh->loopdepth)
		return 0;
	if (n > sh->loopdepth)
		n = sh->loopdepth;
	sh->jump = argv[0][0] == 'b' ? J_BREAK : J_CONTINUE;
	sh->jumpn = (int)n;
	return 0;
}

/* return and exit: $? by default, else a number; a bad one is a special
 * builtin's error. dash keeps all of it: return 300 makes $? 300 (POSIX:
 * values above 255 are unspecified), and $? in the EXIT trap is all of it;
 * only the process exit (_exit) keeps the low 8 bits. */
static int jump_with_status(struct shell *sh, int argc, char **argv,
			    enum sh_jump j)
{
	long n = sh->status;

	if (argc > 1 && !parse_num(argv[1], &n)) {
		sh_err(sh, "%s: Illegal number: %s", argv[0], argv[1]);
		sh->special_err = true;
		return 2;
	}
	sh->jump = j;
	sh->exit_status = (int)n;
	return sh->exit_status;
}

static int bi_return(struct shell *sh, int argc, char **argv)
{
	sh->return_prev = sh->status; /* $? in bash's RETURN trap */
	return jump_with_status(sh, argc, argv, J_RETURN);
}

static int bi_exit(struct shell *sh, int argc, char **argv)
{
	/* a stopped job warns once (jobs.c) */
	if (sh->opt[O_INTERACTIVE] && !sh->subshell && !job_exit_ok(sh, true))
		return 1;
	return jump_with_status(sh, argc, argv, J_EXIT);
}

static int bi_eval(struct shell *sh, int argc, char **argv)
{
	struct sbx_buf b = {0};
	int st;

	if (argc > 1 && !strcmp(argv[1], "--")) {
		argc--;
		argv++;
	}
	for (int i = 1; i < argc; i++) {
		if (i > 1)
			buf_putc(&b, ' ');
		buf_puts(&b, argv[i]);
	}
	if (!b.len) {
		buf_free(&b);
		return 0;
	}
	if (!sh_scope_ok(sh, b.s, b.len, NULL)) {
		buf_free(&b);
		return 126;
	}
	sh->status = 0;
	const char *inname = sh->inname;

	sh->inname = "eval"; /* bash's "eval: line 1: " */
	st = sh_eval_string(sh, b.s, b.len);
	sh->inname = inname;
	buf_free(&b);
	return st;
}

/* `.` searches PATH for a readable file (XCU 2.14 dot). */
static const char *dot_search(const char *name, const char *pathvar)
{
	static char *found;
	const char *p = pathvar ? pathvar : "", *e;
	struct stat st;

	free(found);
	found = NULL;
	for (;;) {
		size_t n;

		e = strchr(p, ':');
		n = e ? (size_t)(e - p) : strlen(p);
		found =
		    n ? xasprintf("%.*s/%s", (int)n, p, name) : xstrdup(name);
		if (stat(found, &st) == 0 && S_ISREG(st.st_mode) &&
		    !access(found, R_OK))
			return found;
		free(found);
		found = NULL;
		if (!e)
			return NULL;
		p = e + 1;
	}
}

static int bi_dot(struct shell *sh, int argc, char **argv)
{
	const char *path;
	char *text;
	size_t len;
	int fd, st, rc;
	struct sh_reader *r;

	if (argc > 1 && !strcmp(argv[1], "--")) {
		argc--;
		argv++;
	}
	if (argc < 2)
		return usage(sh, ".: filename argument required");
	path = argv[1];
	if (!strchr(path, '/')) {
		path = dot_search(argv[1], var_get(sh, "PATH"));
		if (!path) {
			sh_err(sh, ".: cannot open %s: No such file", argv[1]);
			sh->special_err = true;
			return 2;
		}
	}
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		sh_err(sh, ".: cannot open %s: %s", path, strerror(errno));
		sh->special_err = true;
		return 2;
	}
	rc = in_slurp(fd, &text, &len);
	close(fd);
	if (rc == -EISDIR) {
		/* dash reads a directory as an empty script */
		return 0;
	}
	if (rc < 0) {
		sh_err(sh, ".: %s: %s", path, strerror(-rc));
		sh->special_err = true;
		return 2;
	}
	if (!sh_scope_ok(sh, text, len, NULL)) {
		free(text);
		return 126;
	}
	r = in_string(text, len);
	free(text);
	sh->status = 0;
	int lineno = sh->lineno;
	char **params = sh->params;
	int nparams = sh->nparams;

	/* ". file args" sets $@ for the file, as bash and ksh do */
	if (argc > 2) {
		sh->params = NULL;
		sh->nparams = 0;
		var_set_params(sh, argc - 2, argv + 2);
	}
	const char *osrc = sh->cursrc, *inname = sh->inname;

	sh->cursrc = sv_intern(sh, path);
	sv_frame_push(sh, "source", sh->cursrc, lineno);
	sh->inname = path; /* bash's "FILE: line N: " */
	st = sh_loop(sh, r, false, 1);
	sh->inname = inname;
	sh->cursrc = osrc;
	if (argc > 2) {
		var_free_params(sh->params, sh->nparams);
		sh->params = params;
		sh->nparams = nparams;
	}
	sh->lineno = lineno;
	in_free(r);
	if (sh->jump == J_RETURN) {
		sh->jump = J_NONE;
		st = sh->exit_status;
	}
	if (sh->return_trap) /* bash's RETURN trap: a `.` script ended */
		trapx_run_return(sh, st);
	sv_frame_pop(sh);
	return st;
}

static int bi_exec(struct shell *sh, int argc, char **argv)
{
	/* eval_simple made the redirections stick (redir_commit). */
	if (argc > 1 && !strcmp(argv[1], "--")) {
		argc--;
		argv++;
	}
	if (argc < 2)
		return 0;
	/* The shell is replaced: its EXIT trap does not run. */
	sh->in_exec = true; /* bash says "exec: NAME: not found" */
	int st = exec_replace(sh, argv[1], argv + 1, var_environ(sh));

	sh->in_exec = false;

	if (!sh->opt[O_INTERACTIVE]) {
		sh->jump = J_EXIT;
		sh->exit_status = st;
	}
	return st;
}

const bi_fn bi_exec_fn = bi_exec;

static int bi_times(struct shell *sh, int argc, char **argv)
{
	struct sbx_buf out = {0};

	bisys_times(&out);
	return bi_flush(sh, "times", &out, 1);
}

static int trap_bad(struct shell *sh, const char *name)
{
	if (sh->opt[O_POSIX])
		sh_err(sh, "trap: %s: bad trap", name);
	else
		sh_err(sh, "trap: %s: invalid signal specification", name);
	return 1;
}

/* bash's trap -p [NAME...]: the traps set, or those named. */
static int trap_p(struct shell *sh, int n, char **names)
{
	struct sbx_buf out = {0};
	int st = 0;

	if (n > 0 && !strcmp(names[0], "--")) {
		n--;
		names++;
	}
	if (n <= 0)
		trap_print(sh, &out);
	for (int i = 0; i < n; i++) {
		int sig = sig_byname(names[i]), x = trapx_name(sh, names[i]);

		if (x)
			trapx_print(sh, &out, x);
		else if (sig >= 0)
			trap_print_one(sh, &out, sig);
		else
			st = trap_bad(sh, names[i]);
	}
	int fst = bi_flush(sh, "trap", &out, 1);

	return st ? st : fst;
}

/* trap as dash 0.5.12 has it: one operand, or a first operand that is a
 * signal number, resets (XCU 2.14 trap); a bad condition is reported
 * with status 1 and ends the list there, and it does not end the shell
 * ("invalid signal names or numbers shall not be considered a syntax
 * error and do not cause the shell to abort"). */
static int bi_trap(struct shell *sh, int argc, char **argv)
{
	struct sbx_buf out = {0};
	const char *action = NULL;
	int i = 1;

	if (argc > 1 && !strcmp(argv[1], "--"))
		i++;
	else if (argc > 1 && !strcmp(argv[1], "-p") && !sh->opt[O_POSIX])
		return trap_p(sh, argc - 2, argv + 2);
	else if (argc > 1 && argv[1][0] == '-' && argv[1][1])
		return usage(sh, "trap: Illegal option %s", argv[1]);
	if (i >= argc) {
		trap_print(sh, &out);
		return bi_flush(sh, "trap", &out, 1);
	}
	if (i + 1 < argc &&
	    !(sig_trapname(argv[i]) >= 0 &&
	      strspn(argv[i], "0123456789") == strlen(argv[i]))) {
		action = argv[i++];
		if (!strcmp(action, "-"))
			action = NULL;
	}
	for (; i < argc; i++) {
		int sig = sig_trapname(argv[i]), x = trapx_name(sh, argv[i]);

		if (x) {
			trapx_set(sh, x, action);
			continue;
		}
		if (sig < 0)
			return trap_bad(sh, argv[i]);
		trap_set(sh, sig, action);
	}
	return 0;
}

static int bi_alias(struct shell *sh, int argc, char **argv)
{
	struct sbx_buf out = {0};
	int st = 0;

	if (argc == 1) {
		const char **names = alias_names(sh);

		for (size_t i = 0; names[i]; i++)
			alias_print(sh, &out, names[i]);
		free(names);
	}
	for (int i = 1; i < argc; i++) {
		char *eq = strchr(argv[i], '=');

		if (eq) {
			*eq = 0;
			alias_set(sh, argv[i], eq + 1);
			*eq = '=';
		} else if (alias_get(sh, argv[i])) {
			alias_print(sh, &out, argv[i]);
		} else {
			sh_err(sh, "alias: %s not found", argv[i]);
			st = 1;
		}
	}
	if (bi_flush(sh, "alias", &out, 1))
		st = 1;
	return st;
}

static int bi_unalias(struct shell *sh, int argc, char **argv)
{
	int st = 0;

	if (argc > 1 && !strcmp(argv[1], "-a")) {
		alias_clear(sh);
		return 0;
	}
	for (int i = 1; i < argc; i++) {
		if (alias_unset(sh, argv[i]) < 0) {
			sh_err(sh, "unalias: %s not found", argv[i]);
			st = 1;
		}
	}
	return st;
}

static int bi_umask(struct shell *sh, int argc, char **argv)
{
	struct sbx_buf out = {0}, err = {0};
	int st = bisys_umask(argc, argv, &out, &err);

	return flush2(sh, "umask", &out, &err, st);
}

static int bi_ulimit(struct shell *sh, int argc, char **argv)
{
	struct sbx_buf out = {0}, err = {0};
	int st = bisys_ulimit(argc, argv, &out, &err);

	return flush2(sh, "ulimit", &out, &err, st);
}

static const char *const keyword_list[] = {
    "!",  "{",	 "}",  "case", "do",   "done",	"elif",	 "else", "esac",
    "fi", "for", "if", "in",   "then", "until", "while", NULL,
};

static bool is_keyword_name(const char *s)
{
	for (int i = 0; keyword_list[i]; i++)
		if (!strcmp(s, keyword_list[i]))
			return true;
	return false;
}

bool bi_is_keyword(const struct shell *sh, const char *s)
{
	/* bash's own, outside posix mode */
	static const char *const bash_only[] = {
	    "[[", "]]", "function", "select", "time", "coproc", NULL,
	};

	if (is_keyword_name(s))
		return true;
	for (int i = 0; !sh->opt[O_POSIX] && bash_only[i]; i++)
		if (!strcmp(s, bash_only[i]))
			return true;
	return false;
}

/* type / command -v / command -V. |mode|: 'v' or 'V'. */
static int describe(struct shell *sh, const char *name, int mode,
		    struct sbx_buf *out, bool defpath)
{
	const struct builtin *bi;
	const char *a, *path;
	int err;

	if (is_keyword_name(name)) {
		if (mode == 'v')
			buf_printf(out, "%s\n", name);
		else
			buf_printf(out, "%s is a shell keyword\n", name);
		return 0;
	}
	if ((a = alias_get(sh, name))) {
		if (mode == 'v') {
			buf_printf(out, "alias %s=", name);
			var_quote(out, a);
			buf_putc(out, '\n');
		} else {
			buf_printf(out, "%s is an alias for %s\n", name, a);
		}
		return 0;
	}
	bi = bi_find(sh, name);
	if (bi && (bi->flags & BI_SPECIAL)) {
		if (mode == 'v')
			buf_printf(out, "%s\n", name);
		else
			buf_printf(out, "%s is a special shell builtin\n",
				   name);
		return 0;
	}
	if (func_get(sh, name)) {
		if (mode == 'v')
			buf_printf(out, "%s\n", name);
		else
			buf_printf(out, "%s is a shell function\n", name);
		return 0;
	}
	if (bi) {
		if (mode == 'v')
			buf_printf(out, "%s\n", name);
		else
			buf_printf(out, "%s is a shell builtin\n", name);
		return 0;
	}
	if (strchr(name, '/')) {
		struct stat st;

		/* a path names itself if there is something there, as in
		 * dash (executable or not: the exec would say) */
		if (stat(name, &st) == 0) {
			if (mode == 'v')
				buf_printf(out, "%s\n", name);
			else
				buf_printf(out, "%s is %s\n", name, name);
			return 0;
		}
	} else {
		bool tracked = !defpath && exec_hashed(sh, name);

		/* bash hashes only what ran (a PATH given to exec_find is
		 * searched, not remembered); dash's lookup is remembered */
		const char *pv = NULL;

		if (defpath)
			pv = SH_DEFPATH;
		else if (!sh->opt[O_POSIX] && !tracked)
			pv = var_get(sh, "PATH") ? var_get(sh, "PATH")
						 : SH_DEFPATH;
		path = exec_find(sh, name, &err, pv);
		if (path) {
			if (mode == 'v')
				buf_printf(out, "%s\n", path);
			else
				buf_printf(out, "%s is %s%s\n", name,
					   tracked ? "a tracked alias for "
						   : "",
					   path);
			return 0;
		}
	}
	if (mode == 'V')
		buf_printf(out, "%s: not found\n", name);
	return 127;
}

static int bi_type(struct shell *sh, int argc, char **argv)
{
	struct sbx_buf out = {0};
	int st = 0;

	if (!sh->opt[O_POSIX])
		return bi_type_bash(sh, argc, argv);
	for (int i = 1; i < argc; i++)
		if (describe(sh, argv[i], 'V', &out, false))
			st = 127;
	if (bi_flush(sh, "type", &out, 1))
		st = 1;
	return st;
}

static int bi_command(struct shell *sh, int argc, char **argv)
{
	int mode = 0, i;
	bool defpath = false;

	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		}
		for (const char *c = argv[i] + 1; *c; c++) {
			if (*c == 'v' || *c == 'V')
				mode = *c;
			else if (*c == 'p')
				defpath = true;
			else {
				sh_err(sh, "command: Illegal option -%c", *c);
				return 2;
			}
		}
	}
	if (i >= argc)
		return 0;
	if (mode) {
		/* one command_name (XCU command) in dash, which ignores the
		 * rest; bash describes each, and fails only if none is found */
		struct sbx_buf out = {0};
		int st;

		if (mode == 'V' && !sh->opt[O_POSIX] && !defpath)
			return bi_type_names(sh, "command", 0, argc - i,
					     argv + i);
		st = describe(sh, argv[i], mode, &out, defpath);

		for (int k = i + 1; !sh->opt[O_POSIX] && k < argc; k++)
			if (!describe(sh, argv[k], mode, &out, defpath))
				st = 0;
		if (st && !sh->opt[O_POSIX])
			st = 1; /* bash: 1, dash: 127 */

		if (bi_flush(sh, "command", &out, 1))
			st = 1;
		return st;
	}
	if (defpath) {
		var_push_frame(sh);
		var_make_local(sh, "PATH");
		var_set(sh, "PATH", SH_DEFPATH, 0);
	}
	/* command suppresses functions, and special builtins lose their
	 * special properties (errors do not end the shell). */
	sh->in_command++;
	int st = eval_argv(sh, argc - i, argv + i, 0, true);

	sh->in_command--;
	sh->special_err = false;
	if (defpath)
		var_pop_frame(sh);
	return st;
}

static int bi_hash(struct shell *sh, int argc, char **argv)
{
	struct sbx_buf out = {0};
	int st = 0;

	if (argc == 1) {
		exec_hash_print(sh, &out);
		return bi_flush(sh, "hash", &out, 1);
	}
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-r")) {
			sh_hash_invalidate(sh);
			continue;
		}
		if (bi_find(sh, argv[i]) || func_get(sh, argv[i]))
			continue;
		if (exec_hash_add(sh, argv[i]) < 0) {
			sh_err(sh, "hash: %s: not found", argv[i]);
			st = 1;
		}
	}
	return st;
}

/* kill -l WORD: the name of a signal number (or of the signal that ended
 * a job with status 128+N), or the number of a signal name. */
static int kill_list_one(struct shell *sh, const char *word,
			 struct sbx_buf *out)
{
	long n;
	int s = -1;
	const char *nm = NULL;

	if (parse_num(word, &n))
		nm = sig_name((int)(n > 128 ? n - 128 : n));
	else
		s = sig_byname(word);
	if (!nm && s < 0) {
		sh_err(sh, "kill: invalid signal number or exit status: %s",
		       word);
		return 1;
	}
	if (nm)
		buf_printf(out, "%s\n", nm);
	else
		buf_printf(out, "%d\n", s);
	return 0;
}

static int bi_kill(struct shell *sh, int argc, char **argv)
{
	int sig = SIGTERM, i = 1, st = 0;

	if (argc < 2)
		goto usage;
	if (!strcmp(argv[1], "-l") || !strcmp(argv[1], "-L")) {
		struct sbx_buf out = {0};

		if (argc == 2)
			sig_list(&out);
		for (i = 2; i < argc; i++)
			if (kill_list_one(sh, argv[i], &out))
				st = 1;
		if (bi_flush(sh, "kill", &out, 1))
			st = 1;
		return st;
	}
	if (!strcmp(argv[1], "-s") || !strcmp(argv[1], "-n")) {
		if (argc < 3)
			goto usage;
		sig = sig_byname(argv[2]);
		i = 3;
	} else if (argv[1][0] == '-' && argv[1][1] && strcmp(argv[1], "--")) {
		sig = sig_byname(argv[1] + 1);
		i = 2;
	} else if (!strcmp(argv[1], "--")) {
		i = 2;
	}
	if (sig < 0) {
		sh_err(sh, "kill: invalid signal number or name: %s",
		       argv[i - 1][0] == '-' ? argv[i - 1] + 1 : argv[i - 1]);
		return 2;
	}
	if (i >= argc)
		goto usage;
	for (; i < argc; i++) {
		char *end;
		long pid;

		if (argv[i][0] == '%') {
			int r = bi_kill_job(sh, argv[i], sig);

			if (r > st)
				st = r;
			continue;
		}
		pid = strtol(argv[i], &end, 10);
		if (!*argv[i] || *end) {
			sh_err(sh, "kill: Illegal number: %s", argv[i]);
			st = 2;
			continue;
		}
		if (kill((pid_t)pid, sig) < 0) {
			sh_err(sh, "kill: %s: %s", argv[i], strerror(errno));
			st = 1;
		}
	}
	return st;
usage:
	sh_err(sh, "kill: usage: kill [-s sigspec | -signum | -sigspec] [pid | "
		   "job]... or\n"
		   "kill -l [exitstatus]");
	return 2;
}

/* bash's wait -n [ID...]: the next of those jobs to end. */
static int wait_next(struct shell *sh, int argc, char **argv)
{
	int *ids = xcalloc((size_t)argc + 1, sizeof(*ids)), n = 0, st;

	for (int i = 0; i < argc; i++) {
		char *end;
		long pid = strtol(argv[i], &end, 10);
		int id = argv[i][0] == '%'
			     ? bi_job_from_spec(sh, argv[i], "wait")
			 : *end || pid <= 0 ? -1
					    : job_of_pid(sh, (pid_t)pid);

		if (id < 0 && argv[i][0] != '%')
			sh_err(sh, "wait: %s: no such job", argv[i]);

		if (id >= 0)
			ids[n++] = id;
	}
	st = argc && !n ? 127 : job_wait_next(sh, ids, n);
	free(ids);
	return st;
}

static int bi_wait(struct shell *sh, int argc, char **argv)
{
	int st = 0;

	if (!sh->opt[O_POSIX] && argc > 1 && argv[1][0] == '-' && argv[1][1]) {
		if (!strcmp(argv[1], "-n"))
			return wait_next(sh, argc - 2, argv + 2);
		if (strcmp(argv[1], "--")) {
			sh_err(sh, "wait: %s: invalid option", argv[1]);
			sh_usage(sh,
				 "wait: usage: wait [-fn] [-p var] [id ...]");
			return 2;
		}
		argc--, argv++;
	}

	if (argc < 2) {
		job_reap(sh);
		return job_wait_all(sh);
	}
	for (int i = 1; i < argc; i++) {
		char *end;
		long pid;

		if (argv[i][0] == '%') {
			st = bi_wait_job(sh, argv[i]);
			continue;
		}
		pid = strtol(argv[i], &end, 10);
		if (!*argv[i] || *end || pid <= 0) {
			sh_err(sh, "wait: Illegal number: %s", argv[i]);
			return 2;
		}
		st = job_wait_pid(sh, (pid_t)pid);
	}
	return st;
}

/* `policy` and `history` belong to the session and the interactive
 * layer: the builtin hook runs them (shell/interp/hooks.h). */
static int bi_layer(struct shell *sh, int argc, char **argv)
{
	const struct sh_hooks *h = sh->hooks;

	if (h && h->builtin)
		return h->builtin(h->ctx, sh, argc, argv);
	sh_err(sh, "%s: not available in this shell", argv[0]);
	return 127;
}

/* clang-format off */

static const struct builtin builtins[] = {
	{ ".",        bi_dot,      BI_SPECIAL },
	{ ":",        bi_true,     BI_SPECIAL },
	{ "[",        bi_test,     BI_REGULAR },
	{ "alias",    bi_alias,    BI_REGULAR },
	{ "bg",       bi_bg,       BI_REGULAR },
	{ "break",    bi_break,    BI_SPECIAL },
	{ "caller",   bi_caller,   BI_REGULAR | BI_BASH }, /* specvars.c */
	{ "cd",       bi_cd,       BI_REGULAR },
	{ "command",  bi_command,  BI_REGULAR },
	{ "continue", bi_break,    BI_SPECIAL },
	{ "declare",  bi_declare,  BI_REGULAR | BI_BASH }, /* bi_declare.c */
	{ "dirs",     bi_dirs,     BI_REGULAR | BI_BASH },
	{ "disown",   bi_disown,   BI_REGULAR },
	{ "echo",     bi_echo,     BI_REGULAR },
	{ "eval",     bi_eval,     BI_SPECIAL },
	{ "exec",     bi_exec,     BI_SPECIAL },
	{ "exit",     bi_exit,     BI_SPECIAL },
	{ "export",   bi_export,   BI_SPECIAL },
	{ "false",    bi_false,    BI_REGULAR },
	{ "fg",       bi_fg,       BI_REGULAR },
	{ "getopts",  bi_getopts,  BI_REGULAR },
	{ "hash",     bi_hash,     BI_REGULAR },
	{ "history",  bi_layer,    BI_REGULAR },
	{ "jobs",     bi_jobs,     BI_REGULAR },
	{ "kill",     bi_kill,     BI_REGULAR },
	{ "let",      bi_let,      BI_REGULAR | BI_BASH }, /* arithcmd.c */
	/* special in dash: its errors end a script */
	{ "local",    bi_local,    BI_SPECIAL },
	{ "mapfile",  bi_mapfile,  BI_REGULAR | BI_BASH }, /* bi_mapfile.c */
	{ "policy",   bi_layer,    BI_REGULAR },
	{ "popd",     bi_popd,     BI_REGULAR | BI_BASH },
	{ "printf",   bi_printf,   BI_REGULAR },
	{ "pushd",    bi_pushd,    BI_REGULAR | BI_BASH },
	{ "pwd",      bi_pwd,      BI_REGULAR },
	{ "read",     bi_read,     BI_REGULAR },
	{ "readarray", bi_mapfile, BI_REGULAR | BI_BASH },
	{ "readonly", bi_readonly, BI_SPECIAL },
	{ "return",   bi_return,   BI_SPECIAL },
	{ "set",      bi_set,      BI_SPECIAL },
	{ "shift",    bi_shift,    BI_SPECIAL },
	{ "shopt",    bi_shopt,    BI_REGULAR | BI_BASH },
	/* not in dash, but agents `source venv/bin/activate` all day; bash
	 * has it as a synonym of "." */
	{ "source",   bi_dot,      BI_SPECIAL },
	{ "test",     bi_test,     BI_REGULAR },
	{ "times",    bi_times,    BI_SPECIAL },
	{ "trap",     bi_trap,     BI_SPECIAL },
	{ "true",     bi_true,     BI_REGULAR },
	{ "type",     bi_type,     BI_REGULAR },
	{ "typeset",  bi_declare,  BI_REGULAR | BI_BASH },
	{ "ulimit",   bi_ulimit,   BI_REGULAR },
	{ "umask",    bi_umask,    BI_REGULAR },
	{ "unalias",  bi_unalias,  BI_REGULAR },
	{ "unset",    bi_unset,    BI_SPECIAL },
	{ "wait",     bi_wait,     BI_REGULAR },
};
/* clang-format on */

const struct builtin *bi_find(const struct shell *sh, const char *name)
{
	size_t lo = 0, hi = sizeof(builtins) / sizeof(builtins[0]);

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(name, builtins[mid].name);

		if (!c)
			return sh && sh->opt[O_POSIX] &&
				       (builtins[mid].flags & BI_BASH)
				   ? NULL
				   : &builtins[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}
