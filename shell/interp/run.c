/* shell/interp/run.c — sh_run: the read-check-parse-run loop for -c strings,
 * script files and stdin, and the scope checker's place in it (docs/design.md
 * §4: before any part of a command line runs). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fault.h"
#include "config.h"
#include "input.h"
#include "array.h"
#include "policy.h"
#include "interp.h"

extern char **environ;

static void sh_vmsg(struct shell *sh, const char *fmt, va_list ap)
{
	struct sbx_buf b = {0};

	buf_puts(&b, "sbxsh: ");
	/* The rc file of an interactive shell names itself too. */
	if (!sh->opt[O_INTERACTIVE] || sh->srcname) {
		if (sh->srcname)
			buf_printf(&b, "%s: ", sh->srcname);
		buf_printf(&b, "line %d: ", sh->lineno);
	}
	buf_vprintf(&b, fmt, ap);
	/* Every diagnostic names something a job could have chosen (a
	 * file, a folder, a command found by a glob, a variable's value):
	 * none reaches the terminal raw (docs/design.md §2b). \n and \t
	 * stay. */
	buf_make_shown(&b);
	buf_putc(&b, '\n');
	out_write(2, b.s, b.len);
	buf_free(&b);
}

void sh_err(struct shell *sh, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sh_vmsg(sh, fmt, ap);
	va_end(ap);
}

void sh_usage(struct shell *sh, const char *line)
{
	struct sbx_buf b = {0};

	(void)sh;
	buf_printf(&b, "%s\n", line);
	out_write(2, b.s, b.len);
	buf_free(&b);
}

bool sh_scope_ok(struct shell *sh, const char *text, size_t len,
		 const struct node *tree)
{
	const struct sh_hooks *h = sh->hooks;

	return !h || !h->check_line ||
	       h->check_line(h->ctx, sh, text, len, tree);
}

static const char *parser_alias(void *ctx, const char *name)
{
	return alias_get(ctx, name);
}

/* A syntax error as the shell prints it into |b|, and the status it
 * leaves. --posix: dash's words and 2. The default language: bash's words
 * and statuses (core/lang/synerr.c), its prefix naming the input as bash
 * does ("sbxsh: -c: line 1: ", "sbxsh: eval: line 1: ", "sbxsh: line 3: "
 * for stdin), the offending line after it, and no line at all at the
 * prompt. */
static int syntax_error(struct shell *sh, struct parser *p, struct sh_reader *r,
			const struct sbx_diag *d, struct sbx_buf *b)
{
	const struct parse_error *e = parse_error_info(p);
	bool eval = sh->inname && !strcmp(sh->inname, "eval");
	bool prompt = sh->opt[O_INTERACTIVE] && sh->opt[O_STDIN] &&
		      !sh->srcname && (!sh->inname || eval);
	size_t from = b->len, n;

	if (!e) {
		buf_puts(b, "sbxsh: ");
		if (sh->srcname)
			buf_printf(b, "%s: ", sh->srcname);
		buf_printf(b, "%s\n", d->msg);
		return 2;
	}
	parse_error_print(e, "sbxsh", sh->srcname ? sh->srcname : sh->inname,
			  prompt, b);
	/* the offending line is the script's text: shown, never raw
	 * (docs/design.md §2b) */
	if (b->len > from)
		buf_make_shown(b);
	switch (e->status) {
	case PERR_ST_LAST_NL:
		/* bash has looked past the line for the rest of [[ ]]: a
		 * script ends here anyway, so reading on loses nothing (never
		 * at a prompt, where it would wait for a line) */
		if (eval || prompt || r->read_line(r, true, &n))
			return eval ? 2 : sh->status;
		return sh->status ? sh->status : 2;
	case PERR_ST_1:
		return 1;
	case PERR_ST_LAST_OR_2:
		return eval || !sh->status ? 2 : sh->status;
	case PERR_ST_LAST:
		return eval ? 2 : sh->status;
	default:
		return 2;
	}
}

/* How many Ctrl-Ds in a row at PS1 are ignored, as bash counts them:
 * IGNOREEOF's number (10 when it is set but not a number), else 10 under
 * `set -o ignoreeof`, else none. */
static long ignoreeof_limit(struct shell *sh)
{
	const char *v = var_get(sh, "IGNOREEOF");
	char *end;
	long n;

	if (!v)
		return sh->opt[O_IGNOREEOF] ? 10 : 0;
	errno = 0;
	n = strtol(v, &end, 10);
	if (!*v || *end || errno || n < 0)
		return 10;
	return n;
}

int sh_loop(struct shell *sh, struct sh_reader *r, bool check_each, int lineno)
{
	struct parse_opts po = {parser_alias,	  sh,
				lineno,		  false,
				sh->opt[O_POSIX], sh->shopt[SHOPT_EXTGLOB]};
	struct parser *p = parse_new(r, &po);
	struct sbx_buf text = {0};
	struct sbx_diag d;
	struct node *n;
	bool want_text = check_each || sh->opt[O_VERBOSE];
	/* The terminal's own loop: where Ctrl-D is a key, not the end of a
	 * file (rc files and `.` run through here with check_each off). */
	bool top = check_each && sh->opt[O_INTERACTIVE] && sh->opt[O_STDIN] &&
		   !sh->evaldepth && !sh->subshell && !sh->srcname;
	long eofs = 0;

	for (;;) {
		struct arena *a;
		int rc;

		if (top && parse_at_eof(p)) {
			/* Ctrl-D at PS2 ended that command only (a syntax
			 * error, or a here-document cut short that ran as
			 * bash runs it): the terminal is read again. A file
			 * or a pipe only says EOF once more. Losing the
			 * session and its jobs to a stray key is the harm. */
			parse_clear_eof(p);
		}
		if (trap_gotsig)
			trap_run_pending(sh);
		if (sh->jump == J_INTR && !sh->evaldepth) {
			sh->jump = J_NONE; /* ^C dropped the rest of the line */
			sh->status = sh->exit_status;
		}
		if (sh->jump)
			break;
		a = arena_new();
		d.msg[0] = 0;
		/* `set -o posix` takes effect from the next command on */
		parse_set_posix(p, sh->opt[O_POSIX]);
		parse_set_extglob(p, sh->shopt[SHOPT_EXTGLOB]);
		rc = parse_next(p, a, &n, want_text ? &text : NULL, &d);
		if (parse_warning(p)) {
			struct sbx_buf b = {0};
			const char *w = parse_warning(p);

			if (top && r->sync)
				r->sync(r); /* inside C ... D, as errors */
			/* bash names no line at its prompt */
			if (top && !sh->opt[O_POSIX] &&
			    !strncmp(w, "line ", 5) && strstr(w, ": "))
				w = strstr(w, ": ") + 2;
			buf_printf(&b, "sbxsh: %s\n", w);
			out_write(2, b.s, b.len);
			buf_free(&b);
		}
		if (rc == PARSE_EOF) {
			arena_unref(a);
			if (top && isatty(0) && eofs < ignoreeof_limit(sh)) {
				static const char m[] =
				    "Use \"exit\" to leave the shell.\n";

				eofs++;
				out_write(2, m, sizeof(m) - 1);
				parse_clear_eof(p);
				continue;
			}
			/* Ctrl-D is an exit like any other: stopped jobs get
			 * their one warning, and the prompt comes back. */
			if (sh->opt[O_INTERACTIVE] && sh->opt[O_STDIN] &&
			    !sh->evaldepth && !sh->subshell &&
			    !job_exit_ok(sh, false)) {
				parse_clear_eof(p);
				continue;
			}
			break;
		}
		/* bash's arrays are there in the default mode (arrvar.c);
		 * under --posix the parser makes no array word (dash has
		 * none), and a tree parsed before `set -o posix` that holds
		 * one is refused whole by eval_simple (refuse_array). */
		if (rc == -EINTR) {
			/* Ctrl-C dropped an unfinished command: like bash */
			arena_unref(a);
			sh->status = 130;
			parse_reset(p);
			continue;
		}
		if (rc < 0) {
			struct sbx_buf b = {0};
			int st = syntax_error(sh, p, r, &d, &b);

			/* The line ran, as far as a terminal or a harness can
			 * tell: its error goes inside OSC 133 C ... D;2 (the
			 * reader's sync sends C), where a harness reads a
			 * command's output, not before C. */
			if (top && r->sync)
				r->sync(r);
			out_write(2, b.s, b.len);
			buf_free(&b);
			arena_unref(a);
			sh->status = st;
			/* bash (not posix mode): a syntax error in an eval
			 * string or a sourced file ends only that */
			if (sh->evaldepth &&
			    (sh->in_command || !sh->opt[O_POSIX])) {
				/* command eval 'if': the error ends the eval,
				 * not the shell (XCU 2.8.1, as dash) */
				break;
			}
			if (!sh->opt[O_INTERACTIVE]) {
				sh->jump = J_EXIT;
				sh->exit_status = st;
				break;
			}
			parse_reset(p);
			continue;
		}
		eofs = 0;
		if (sh->opt[O_VERBOSE] && text.len)
			out_write(2, text.s, text.len);
		if (!n) {
			arena_unref(a);
			continue;
		}
		if (r->sync && !r->lazy_sync)
			r->sync(r);
		if (check_each && !sh_scope_ok(sh, text.s, text.len, n)) {
			sh->status = 126;
			arena_unref(a);
			continue;
		}
		if (r->sync && !r->lazy_sync)
			r->sync(r);
		if (r->lazy_sync) {
			sh->sync_reader = r;
			sh->sync_due = true;
		}
		if (!sh->evaldepth) {
			SH_HOOK(sh, line, sh);
			sh->ntop++;
		}
		if (!sh->evaldepth && trap_gotsig) {
			/* a ^C typed at the prompt must not cancel this line */
			trap_run_pending(sh);
			if (sh->jump == J_INTR)
				sh->jump = J_NONE;
		}
		if (!sh->opt[O_NOEXEC] || sh->opt[O_INTERACTIVE])
			eval_node(sh, n, 0);
		arena_unref(a);
	}
	parse_free(p);
	buf_free(&text);
	return sh->status;
}

int sh_eval_string(struct shell *sh, const char *s, size_t len)
{
	struct sh_reader *r = in_string(s, len);
	int st;

	st = sh_loop(sh, r, false, sh->lineno);
	in_free(r);
	return st;
}

void sh_script_sync(struct shell *sh)
{
	if (sh->sync_due && sh->sync_reader) {
		sh->sync_reader->sync(sh->sync_reader);
		sh->sync_due = false;
	}
}

static void read_sync_hook(void *ctx)
{
	sh_read_sync(ctx);
}

void sh_input_sync(struct shell *sh)
{
	sh_script_sync(sh);
	if (sh->rd_kind)
		sh_read_sync(sh);
}

/*
 * The session's end, in the order that keeps the git report (at_end,
 * docs/design.md §2b) true and seen: in a PID namespace sh_end_session() hands
 * the status to the supervisor at once (the caller then goes on), so the
 * report comes first; without one the shell first ends what the session
 * left behind, which can then change nothing after the report.
 */
static void end_session(struct shell *sh, int status)
{
	bool last = !sh->subshell && getpid() == sh->rootpid;

	SH_HOOK(sh, at_exit, sh); /* what the forwarder holds goes out first */
	if (last && !sh->cfg->reap_at_exit && sh->hooks && sh->hooks->at_end)
		sh->hooks->at_end(sh->hooks->ctx);
	SH_HOOK(sh, end_session, sh, status);
	if (last && sh->cfg->reap_at_exit && sh->hooks && sh->hooks->at_end)
		sh->hooks->at_end(sh->hooks->ctx);
}

void sh_exit(struct shell *sh, int status)
{
	sh_input_sync(sh); /* what follows `exit` is the next reader's */
	/* J_INTR: a subshell whose line bash's error dropped, (echo
	 * $((1/0))), ends with that error's status */
	if (sh->jump == J_EXIT || sh->jump == J_INTR)
		status = sh->exit_status;
	sh->jump = J_EXIT;
	sh->exit_status = status;
	trap_run_exit(sh);
	if (!sh->subshell)
		job_exit_hook(sh);
	end_session(sh, sh->exit_status & 0xff);
	_exit(sh->exit_status & 0xff);
}

void sh_forked(struct shell *sh, bool bg)
{
	/* job_fork (jobs.c) has set the child's group and terminal. */
	sh->subshell = true;
	/* The script's fd offset is shared with the parent: never ours to
	 * move from here. */
	sh->sync_reader = NULL;
	sh->sync_due = false;
	trap_reset_child(sh);
	job_forget_all(sh);
	if (bg && !sh->opt[O_MONITOR]) {
		int fd;

		signal(SIGINT, SIG_IGN);
		signal(SIGQUIT, SIG_IGN);
		/* XCU 2.9.3: without job control, an asynchronous list's
		 * stdin is /dev/null unless it redirects it itself */
		fd = open("/dev/null", O_RDONLY);
		if (fd > 0) {
			dup2(fd, 0);
			close(fd);
		}
	}
}

void sh_run_script_child(struct shell *sh, const char *path, char **argv)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), argc = 0;
	struct sh_reader *r;

	if (fd < 0) {
		sh_err(sh, "cannot open %s: %s", path, strerror(errno));
		_exit(127);
	}
	fd = out_fd_private(fd);
	while (argv[argc])
		argc++;
	free(sh->arg0);
	sh->arg0 = xstrdup(path);
	var_set_params(sh, argc > 0 ? argc - 1 : 0, argv + (argc > 0));
	sh->jump = J_NONE;
	sh->funcdepth = sh->loopdepth = 0;
	sh->lineno = 0;
	alias_clear(sh);
	r = in_fd(fd, false, true);
	sh->status = 0;
	sh->inname = path;
	sh_loop(sh, r, true, 1);
	sh_exit(sh, sh->status);
}

char *sh_expand_prompt(void *ctx, const char *ps)
{
	struct shell *sh = ctx;
	struct sbx_buf b = {0};
	struct arena *a;
	struct word *w;
	char *out = NULL;
	int st = sh->status;

	if (!strpbrk(ps, "$`"))
		return xstrdup(ps);
	/* Backslashes are the prompt's own escapes (\u, \$): keep them all
	 * by doubling them, the here-document rules then undo that. */
	for (const char *p = ps; *p; p++) {
		if (*p == '\\')
			buf_putc(&b, '\\');
		buf_putc(&b, *p);
	}
	a = arena_new();
	w = parse_dq_string(b.s, a, NULL);
	if (w)
		out = exp_str(sh, w, false);
	arena_unref(a);
	buf_free(&b);
	sh->status = st;
	return out ? out : xstrdup(ps);
}

void sh_free(struct shell *sh)
{
	var_free_all(sh);
	sh_hash_invalidate(sh);
	free(sh->hash);
	for (int s = 0; s < NSIG; s++)
		free(sh->traps[s]);
	free(sh->exit_trap);
	free(sh->err_trap); /* bash's ERR and RETURN (trapx.c) */
	free(sh->return_trap);
	free(sh->debug_trap);
	free(sh->cmd_text);
	free(sh->cop_name);
	job_forget_all(sh);
	free(sh->jobs);
	free(sh->pwd);
	strv_free(&sh->dirstack);
	free(sh->arg0);
	free(sh->rd_buf);
	free(sh->frames); /* specvars.c's call stack */
	strv_free(&sh->interned);
	if (sh->sv_arr)
		arr_free(sh->sv_arr);
	free(sh);
}

struct shell *sh_new(const struct sh_config *cfg)
{
	struct shell *sh = xcalloc(1, sizeof(*sh));

	sh->cfg = cfg;
	sh->hooks = cfg->hooks;
	sh->check = cfg->check;
	sh->pol = cfg->pol;
	sh->rootpid = getpid();
	if (cfg->hist_fd >= 0) {
		struct stat st;

		if (fstat(cfg->hist_fd, &st) == 0) {
			sh->hist_dev = st.st_dev;
			sh->hist_ino = st.st_ino;
		}
	}
	sh->opt[O_INTERACTIVE] = cfg->interactive;
	sh->opt[O_DENIALS] = cfg->pol && !cfg->no_denials;
	sh->opt[O_POSIX] = cfg->posix;
	/* bash's set -H: on for a person at a prompt, never for an agent
	 * (its `!` stays literal), -c or a script */
	sh->opt[O_HISTEXPAND] = cfg->interactive && !cfg->agent && !cfg->posix;
	var_init(sh, environ);
	if (!sh->opt[O_POSIX])
		sv_init(sh);
	SH_HOOK(sh, init, sh);
	sh_pwd_init(sh);
	trap_init(sh);
	sh->arg0 = xstrdup(cfg->arg0 ? cfg->arg0 : "sbxsh");
	var_set_params(sh, cfg->nargs, cfg->args);
	for (const char *f = cfg->set_flags; f && *f; f++) {
		if (*f == 'P') /* -o pipefail: no letter (opts.c) */
			sh_setopt_name(sh, "pipefail", true);
		else
			sh_setopt_letter(sh, *f, true);
	}
	for (const char *f = cfg->unset_flags; f && *f; f++)
		sh_setopt_letter(sh, *f, false);
	return sh;
}

/*
 * docs/design.md §8: an interactive shell sources $ENV (parameter-expanded, as
 * POSIX says), else $XDG_CONFIG_HOME/sbxsh/sbxshrc, before its first
 * prompt. It runs after confinement, inside the sandbox, so it changes
 * the shell (aliases, functions, PS1) and never the policy. A file a
 * session could rewrite (in a writable root of the built-in policy or of
 * this one), with a second hard link, or that someone else can write,
 * is refused and the session ends before its first prompt (-EPERM, exit
 * 2): whatever it holds would run at every start. main opened and
 * judged it before confinement (cr_open_rc()), except a $ENV that needs
 * expanding. An error in it is reported with its file and line, and the
 * session goes on.
 */
static int source_rc(struct shell *sh, const struct sh_config *cfg)
{
	struct sbx_diag d = {0};
	SBX_AUTOFREE char *path = NULL;
	SBX_AUTOFREE char *text = NULL;
	struct sh_reader *r;
	size_t len;
	int fd = cfg->rc_fd, rc;

	if (!cfg->rc || fd == SH_RC_NONE)
		return 0;
	if (fd == SH_RC_EXPAND) {
		/* $ENV needs the shell's expansion: opened here, inside,
		 * with the same checks (cfgread.h says what they miss). */
		path = sh_expand_prompt(sh, var_get(sh, "ENV"));
		if (!path || !*path)
			return 0;
		fd = sh->hooks && sh->hooks->open_rc
			 ? sh->hooks->open_rc(sh->hooks->ctx, sh, path, &d)
			 : -ENOENT;
		if (fd == -EPERM) {
			/* docs/design.md §2b: fail closed before the first
			 * prompt; nothing of the user's has run. */
			fprintf(stderr, "sbxsh: %s\n", d.msg);
			return -EPERM;
		}
		if (fd < 0)
			return 0;
	} else {
		path = xstrdup(cfg->rc_path ? cfg->rc_path : "rc file");
	}
	rc = in_slurp(fd, &text, &len);
	close(fd);
	if (rc < 0) {
		fprintf(stderr, "sbxsh: rc file %s: %s\n", path, strerror(-rc));
		return 0;
	}
	if (!sh_scope_ok(sh, text, len, NULL))
		return 0;
	r = in_string(text, len);
	sh->srcname = path;
	sh_loop(sh, r, false, 1);
	sh->srcname = NULL;
	in_free(r);
	if (sh->jump == J_RETURN)
		sh->jump = J_NONE;
	sh->lineno = 0;
	return 0;
}

int sh_run(const struct sh_config *cfg)
{
	struct shell *sh = sh_new(cfg);
	struct sh_reader *r;
	int st;

	if (cfg->interactive) {
		signal(SIGQUIT, SIG_IGN);
		signal(SIGTERM, SIG_IGN);
		trap_catch_int(sh);
		if (!cfg->command && !cfg->script &&
		    !(cfg->unset_flags && strchr(cfg->unset_flags, 'm')))
			job_init_monitor(sh);
	}
	SH_HOOK(sh, start, sh);
	if (cfg->command) {
		size_t len = strlen(cfg->command);

		if (!sh_scope_ok(sh, cfg->command, len, NULL)) {
			sh_free(sh);
			return 126;
		}
		r = in_string(cfg->command, len);
		sh->cursrc = "environment"; /* bash's BASH_SOURCE under -c */
		sh->inname = "-c";
		sh_loop(sh, r, false, 1);
	} else if (cfg->script) {
		int fd = open(cfg->script, O_RDONLY | O_CLOEXEC);

		if (fd < 0) {
			int e = errno;

			fprintf(stderr, "sbxsh: cannot open %s: %s\n",
				cfg->script, strerror(e));
			sh_free(sh);
			return e == ENOENT ? 127 : 126;
		}
		fd = out_fd_private(fd);
		r = in_fd(fd, false, true);
		sh->cursrc = sh->scriptsrc = cfg->script;
		sh->inname = cfg->script;
		sh_loop(sh, r, true, 1);
	} else {
		sh->opt[O_STDIN] = true;
		sh->cursrc = "main"; /* bash's BASH_SOURCE for stdin */
		if (cfg->interactive && source_rc(sh, cfg) < 0) {
			sh_free(sh);
			return 2;
		}
		if (cfg->interactive) {
			r = sh->hooks && sh->hooks->reader
				? sh->hooks->reader(sh->hooks->ctx, sh)
				: NULL;
			if (!r)
				r = in_fd(0, true, false);
		} else {
			r = in_fd(0, true, false);
			/* `read` in the script may hold a block of fd 0 */
			r->pre_read = read_sync_hook;
			r->pre_ctx = sh;
		}
		sh_loop(sh, r, true, 1);
	}
	sh_input_sync(sh);
	sh->sync_reader = NULL;
	in_free(r);
	st = sh->jump == J_EXIT ? sh->exit_status : sh->status;
	sh->jump = J_EXIT;
	sh->exit_status = st;
	trap_run_exit(sh);
	st = sh->exit_status & 0xff;
	job_exit_hook(sh);
	end_session(sh, st);
	/* The process exits next: freeing each variable, node and policy
	 * string one by one would only delay it (a tenth of the user time
	 * of `sbxsh -c true`). Sanitizer builds free everything, so that
	 * LeakSanitizer sees what a real leak is. */
#ifdef SBXSH_FREE_AT_EXIT
	sh_free(sh);
#endif
	return st;
}
