/* shell/interp/eval.c — walking the tree: lists, compound commands, functions,
 * pipelines, subshells and the dispatch of simple commands (special
 * builtins, functions, builtins, then PATH, as XCU 2.9.1 orders them).
 *
 * Nothing here unwinds: break/continue/return/exit set sh->jump and every
 * loop checks it. set -e is applied where POSIX says a command "fails":
 * simple commands, pipelines and subshells evaluated outside a tested
 * context (if/while conditions, all but the last of && ||, after !).
 */
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fault.h"
#include "globx.h"
#include "interp.h"

#define EVAL_MAXDEPTH 2000

/* Runs function |def| (an N_FUNC node) with argv[1..] as $@. */
static int eval_call_func(struct shell *sh, struct node *def, int argc,
			  char **argv, int flags);

static void check_errexit(struct shell *sh, int st, int flags)
{
	if (!st || (flags & EV_TESTED) || sh->noerrexit || sh->jump)
		return;
	/* bash's ERR trap fires where -e would exit, before it does */
	if (sh->err_trap)
		trapx_err(sh, st);
	if (sh->opt[O_ERREXIT] && !sh->jump) {
		sh->jump = J_EXIT;
		sh->exit_status = st;
	}
}

/* dash 0.5.12 prints the words as they are, unquoted: so do we, so
 * traces compare equal. */
static void trace_word(struct sbx_buf *b, const char *s)
{
	buf_puts(b, s);
}

static void xtrace(struct shell *sh, struct sbx_strv *assigns, char **argv,
		   int argc, int fd)
{
	struct sbx_buf b = {0};
	const char *ps4 = var_get(sh, "PS4");
	bool sp = false;

	if (ps4 && strpbrk(ps4, "$`\\")) {
		/* PS4 is expanded each time (XCU 2.5.3) */
		struct arena *a = arena_new();
		struct word *w = parse_dq_string(ps4, a, NULL);
		char *s = w ? exp_str(sh, w, false) : NULL;

		buf_puts(&b, s ? s : ps4);
		free(s);
		arena_unref(a);
	} else {
		buf_puts(&b, ps4 ? ps4 : "");
	}
	for (size_t i = 0; assigns && i < assigns->n; i++) {
		char *eq = strchr(assigns->v[i], '=');

		if (sp)
			buf_putc(&b, ' ');
		buf_putn(&b, assigns->v[i], (size_t)(eq - assigns->v[i]) + 1);
		trace_word(&b, eq + 1);
		sp = true;
	}
	for (int i = 0; i < argc; i++) {
		if (sp)
			buf_putc(&b, ' ');
		trace_word(&b, argv[i]);
		sp = true;
	}
	buf_putc(&b, '\n');
	if (fd >= 0)
		out_write(fd, b.s, b.len);
	buf_free(&b);
}

/* One NAME=value word, expanded as an assignment, appended to |out|. */
static int expand_assign(struct shell *sh, struct word *w, struct sbx_strv *out)
{
	char *name, *val = exp_assign(sh, w, &name);

	if (!val) {
		free(name);
		return -1;
	}
	strv_take(out, xasprintf("%s=%s", name, val));
	free(name);
	free(val);
	return 0;
}

/*
 * The NAME=value words of a simple command, each expanded and assigned
 * before the next one is expanded, so A=1 B=$A gives B the 1 (XCU 2.9.1:
 * "each variable assignment shall be expanded ... prior to assigning the
 * value", in order; dash and bash agree). |local|: into the frame the
 * caller pushed, as the temporaries of a function, builtin or program;
 * else for good (no command name, special builtins). |flags| are added
 * (V_EXPORT). With |trace| the "NAME=value" strings are collected for
 * set -x. 0, -1 after an expansion error (printed), -2 after "is read
 * only" (printed).
 */
/* declare -i's NAME=expr and NAME+=expr (bash): |*val| becomes the
 * number. -1 after a message. */
static int int_assign(struct shell *sh, const char *name, char **val,
		      bool append)
{
	intmax_t r, o = 0;
	const char *old = var_get(sh, name);

	if (exp_arith_str(sh, **val ? *val : "0", &r) < 0)
		return -1;
	if (append && old && exp_arith_str(sh, *old ? old : "0", &o) < 0)
		return -1;
	free(*val);
	*val = xasprintf("%jd", (intmax_t)((uintmax_t)r + (uintmax_t)o));
	return 0;
}

static int assign_words(struct shell *sh, struct word *w, bool local,
			unsigned flags, struct sbx_strv *trace)
{
	for (; w; w = w->next) {
		char *name, *val;
		int rc = 0;

		if (w->flags & W_ARRAY) {
			/* bash's a=(...), a[i]=v (arrvar.c) */
			if (av_assign_word(sh, w, local, flags, trace) < 0)
				return -3;
			continue;
		}
		val = exp_assign(sh, w, &name);
		if (!val) {
			free(name);
			return -1;
		}
		if (w->flags & W_APPEND) {
			size_t n = strlen(name);

			if (n && name[n - 1] == '+')
				name[n - 1] = 0;
		}
		if (w->flags & W_APPEND &&
		    !(var_flags(sh, name, NULL) & V_INTEGER)) {
			/* bash's NAME+=value: appended to the value */
			const char *old = var_get(sh, name);

			if (old && *old) {
				char *cat = xasprintf("%s%s", old, val);

				free(val);
				val = cat;
			}
		}
		if (local)
			var_make_local(sh, name);
		if (var_flags(sh, name, NULL) & V_INTEGER &&
		    int_assign(sh, name, &val, w->flags & W_APPEND) < 0) {
			free(name);
			free(val);
			return -3;
		}
		if (var_set(sh, name, val, flags) < 0) {
			if (!sh->opt[O_POSIX]) {
				/* bash's words, and its end of the line */
				sh_err(sh, "%s: readonly variable", name);
				rc = -3;
			} else {
				sh_err(sh, "%s: is read only", name);
				rc = -2;
			}
		} else if (trace) {
			strv_take(trace, xasprintf("%s=%s", name, val));
		}
		free(name);
		free(val);
		if (rc)
			return rc;
	}
	return 0;
}

/* An assignment to a readonly variable ends a non-interactive shell
 * (XCU 2.8.1 "variable assignment error"), whatever the command. */
static void assign_fail(struct shell *sh)
{
	if (!sh->opt[O_INTERACTIVE] && !sh->jump && !sh->in_command) {
		sh->jump = J_EXIT;
		sh->exit_status = 2;
	}
}

/* A failed special builtin ends a non-interactive shell (XCU 2.8.1). */
/* A command whose redirection failed: 2 as in dash, 1 as in bash. */
static int redir_fail_status(const struct shell *sh)
{
	return sh->opt[O_POSIX] ? 2 : 1;
}

static void special_fail(struct shell *sh, int st)
{
	if (sh->special_err && !sh->opt[O_INTERACTIVE] && !sh->jump &&
	    !sh->in_command) {
		sh->jump = J_EXIT;
		sh->exit_status = st;
	}
	sh->special_err = false;
}

/* Runs builtin |bi|; redirections are the caller's. */
static int run_builtin(struct shell *sh, const struct builtin *bi, int argc,
		       char **argv, int flags)
{
	int st;

	/* eval and . run their text in the caller's context: a tested one
	 * ignores set -e inside (XCU 2.14 set -e) */
	if (flags & EV_TESTED)
		sh->noerrexit++;
	sh->special_err = false;
	st = bi->fn(sh, argc, argv);
	if (flags & EV_TESTED)
		sh->noerrexit--;
	if (bi->flags & BI_SPECIAL)
		special_fail(sh, st);
	sh->special_err = false;
	return st;
}

/* "not found", "Permission denied", "File name too long": the message
 * and status for a command that cannot be started (|err| an errno or
 * 126/127 from exec_find). */
static int exec_fail(struct shell *sh, const char *name, int err)
{
	switch (err) {
	case 127:
	case ENOENT:
	case ENOTDIR:
		exec_not_found(sh, name, err);
		return 127;
	case ENAMETOOLONG:
		/* no file can have that name: not found, as in dash */
		sh_err(sh, "%s: %s", name, strerror(err));
		return 127;
	case 126:
		sh_err(sh, "%s: Permission denied", name);
		return 126;
	default:
		sh_err(sh, "%s: %s", name, strerror(err));
		return 126;
	}
}

/* A program, found by PATH search; assignments and redirections are in
 * place already (the caller's frame, the caller's saved fds). */
static int run_external(struct shell *sh, int argc, char **argv, int flags)
{
	const char *path;
	int err = 0, id, xerr = 0;
	char **envp;
	pid_t pid;

	path = exec_find(sh, argv[0], &err, NULL);
	if (!path)
		return exec_fail(sh, argv[0], err);
	envp = var_environ(sh);
	if ((flags & EV_EXIT) && !trap_any(sh)) {
		/* Last command of a forked child with no traps to run
		 * afterwards: no need to fork again. */
		_exit(exec_replace(sh, argv[0], argv, envp));
	}
	id = job_new(sh);
	job_set_argv(sh, id, argv);
	pid = exec_spawn(sh, id, path, argv, envp, &xerr);
	if (pid < 0 && xerr == ENOENT && !strchr(argv[0], '/')) {
		/* The file the hash remembered has gone (exec_spawn forgot
		 * it): search PATH again, as dash does. */
		path = exec_find(sh, argv[0], &err, NULL);
		if (!path) {
			job_disown(sh, id);
			return exec_fail(sh, argv[0], err);
		}
		pid = exec_spawn(sh, id, path, argv, envp, &xerr);
	}
	if (pid < 0) {
		/* vfork or execve failed (xerr), or the fork for a script
		 * (message printed): no process, no job. */
		job_disown(sh, id);
		return xerr ? exec_fail(sh, argv[0], xerr) : 126;
	}
	return job_wait_fg(sh, id);
}

static bool is_decl_utility(const char *s)
{
	/* the first byte first: this runs for every simple command */
	return s && s[0] && strchr("erldt", s[0]) &&
	       (!strcmp(s, "export") || !strcmp(s, "readonly") ||
		!strcmp(s, "local") || !strcmp(s, "declare") ||
		!strcmp(s, "typeset"));
}

/* The command word of a declaration utility (after `command`), whose
 * NAME=(...) arguments are arrays (bash). */
static bool decl_word(struct word *w)
{
	if (w->raw && !strcmp(w->raw, "command") && w->next)
		w = w->next;
	return is_decl_utility(w->raw);
}

/* The arguments of a simple command. After export, readonly and local
 * (declaration utilities, XCU 2.9.1.1), NAME=value arguments expand as
 * assignments do: tilde after = and :, no field splitting, no globbing. */
static int expand_args(struct shell *sh, struct word *w, struct sbx_strv *out)
{
	struct word *d = w;

	if (d->raw && !strcmp(d->raw, "command") && d->next)
		d = d->next;
	if (!is_decl_utility(d->raw))
		return exp_words(sh, w, out);
	if (exp_words_until(sh, w, d->next, out) < 0)
		return -1;
	for (w = d->next; w; w = w->next) {
		if (w->flags & W_LIST) {
			/* declare a=(...): the builtin gets "a" and assigns
			 * the list (sh->decl_lists) when it comes to it */
			strv_take(out, xstrndup(w->parts->s,
						strcspn(w->parts->s, "+=")));
			continue;
		}
		if (!(w->flags & W_ASSIGN)) {
			if (exp_words_until(sh, w, w->next, out) < 0)
				return -1;
			continue;
		}
		if (expand_assign(sh, w, out) < 0)
			return -1;
	}
	return 0;
}

/*
 * bash's array assignments (a=(...), a[i]=v, a+=(...)) are assignments
 * in the default mode (arrvar.c). Under --posix (dash has no arrays; its
 * parser makes no such word, so only a tree parsed before `set -o posix`
 * gets here) the command is refused whole before anything of it is
 * expanded or run: taking `x=(rm -rf build)` as "x=" followed by a
 * command would run rm. NAME=(...) as an argument is an array only after
 * declare, typeset, local, readonly and export (bash: a syntax error
 * elsewhere, `echo x=(rm -rf build)`): refused whole too.
 */
static bool refuse_array(struct shell *sh, struct node *n)
{
	struct word *w = NULL;
	bool posix = sh->opt[O_POSIX];

	if (posix)
		for (w = n->assigns; w; w = w->next)
			if (w->flags & W_ARRAY)
				break;
	if (!w && (posix || !n->args || !decl_word(n->args)))
		for (w = n->args; w; w = w->next)
			if (w->flags & W_LIST)
				break;
	if (!w)
		return false;
	if (posix)
		sh_err(sh,
		       "%.*s: arrays are not supported in posix mode "
		       "(nothing of this command ran)",
		       (int)strcspn(w->parts && w->parts->s ? w->parts->s : "?",
				    "[+="),
		       w->parts && w->parts->s ? w->parts->s : "?");
	else
		sh_err(sh, "syntax error near unexpected token `('");
	assign_fail(sh);
	return true;
}

/* A builtin, and the NAME=(...) arguments of a declaration utility
 * (bash): declare assigns each as it comes to its name (after -A, before
 * -r), the others after the builtin ran (local a=(1 2)). */
static int run_decl(struct shell *sh, struct word *w, const struct builtin *bi,
		    struct sbx_strv *args, int flags)
{
	struct word *lists[64], **save = sh->decl_lists;
	size_t n = 0;
	int st;

	for (; w; w = w->next)
		if (w->flags & W_LIST && n < 63)
			lists[n++] = w;
	if (!n)
		return run_builtin(sh, bi, (int)args->n, args->v, flags);
	lists[n] = NULL;
	sh->decl_lists = lists;
	st = run_builtin(sh, bi, (int)args->n, args->v, flags);
	sh->decl_lists = save;
	for (size_t i = 0; i < n && !st; i++) {
		char *name;

		if (!lists[i] || lists[i] == (struct word *)1)
			continue;
		name = xstrndup(lists[i]->parts->s,
				strcspn(lists[i]->parts->s, "+="));
		if (av_assign_list(sh, name, lists[i]->elems,
				   lists[i]->flags & W_APPEND, NULL) < 0)
			st = 1;
		free(name);
	}
	return st;
}

/*
 * A simple command in the order of XCU 2.9.1: the words are expanded,
 * then the redirections are performed, then the assignments are
 * expanded and assigned (so x=$(cmd 2>&1) 2>f sees f), then the command
 * runs. A set -x trace goes to the stderr from before the redirections,
 * as in dash.
 */
static int eval_simple(struct shell *sh, struct node *n, int flags)
{
	struct sbx_strv args = {0}, trace = {0};
	struct sbx_strv *tr = sh->opt[O_XTRACE] ? &trace : NULL;
	struct redir_save *save = NULL;
	const struct builtin *bi = NULL;
	struct node *fn = NULL;
	const struct node *outer = sh->cur_cmd;
	bool special, frame = false, expfail = false;
	int st = 0, rc;
	size_t psmark;

	sh->lineno = n->lineno;
	trapx_before(sh, n); /* DEBUG, $BASH_COMMAND */
	if (sh->jump)
		return sh->status;
	/* the enclosing command's again at the end: never a node freed */
	sh->cur_cmd = n;
	psmark = ps_mark(sh);
	sh->cmdsub_status = -1;
	if (refuse_array(sh, n)) {
		sh->cur_cmd = outer;
		return 2;
	}
	if (n->args && expand_args(sh, n->args, &args) < 0)
		goto experr;
	if (args.n && !strchr(args.v[0], '/')) {
		bi = bi_find(sh, args.v[0]);
		if (!bi || !(bi->flags & BI_SPECIAL)) {
			fn = func_get(sh, args.v[0]);
			if (fn)
				bi = NULL;
		}
	}
	/* no command name: the assignments stay, like a special builtin's */
	special = !args.n || (bi && (bi->flags & BI_SPECIAL));
	if (n->redirs) {
		/* exec's redirections are the point: they stay */
		bool keep = bi && bi->fn == bi_exec_fn;

		if (redir_apply(sh, n->redirs, &save) < 0) {
			/* Undone once: `out` restores |save| again, which
			 * freed twice the list of a here-document followed by
			 * a redirection that fails (faults.sh). */
			redir_restore(sh, save);
			save = NULL;
			st = redir_fail_status(sh);
			/* dash ends a script on a special builtin's failed
			 * redirection (XCU 2.8.1); bash outside posix mode
			 * goes on */
			if (bi && (bi->flags & BI_SPECIAL) &&
			    sh->opt[O_POSIX]) {
				sh->special_err = true;
				special_fail(sh, st);
			}
			goto out;
		}
		if (keep) {
			redir_commit(save);
			save = NULL;
		}
	}
	if (!special && n->assigns) {
		var_push_frame(sh);
		frame = true;
	}
	/* x=1 exec cmd: the assignment is for cmd's environment */
	rc = assign_words(
	    sh, n->assigns, frame,
	    frame || (bi && bi->fn == bi_exec_fn && args.n > 1) ? V_EXPORT : 0,
	    tr);
	if (rc == -1)
		goto experr;
	if (rc == -3) {
		/* an array's assignment failed (bash: status 1) */
		st = 1;
		av_fail(sh);
		goto out;
	}
	if (rc < 0) {
		st = 2;
		assign_fail(sh);
		goto out;
	}
	if (tr && (trace.n || args.n))
		xtrace(sh, &trace, args.v, (int)args.n,
		       redir_saved_fd(save, 2));
	if (!args.n)
		st = sh->cmdsub_status >= 0 ? sh->cmdsub_status : 0;
	else if (fn)
		st = eval_call_func(sh, fn, (int)args.n, args.v, flags);
	else if (bi)
		st = run_decl(sh, n->args, bi, &args, flags);
	else
		st = run_external(sh, (int)args.n, args.v, flags);
out:
	sh->cur_cmd = outer;
	if (frame)
		var_pop_frame(sh);
	redir_restore(sh, save);
	ps_close_from(sh, psmark);
	strv_free(&args);
	strv_free(&trace);
	if (expfail)
		return sh->status; /* the expansion's error set it */
	sh->status = st;
	if (!fn || sh->jump != J_RETURN)
		check_errexit(sh, st, flags);
	return st;
experr:
	expfail = true;
	goto out;
}

int eval_argv(struct shell *sh, int argc, char **argv, int flags, bool no_funcs)
{
	const struct builtin *bi = NULL;
	struct node *fn;

	if (!strchr(argv[0], '/')) {
		bi = bi_find(sh, argv[0]);
		if (!no_funcs && (!bi || !(bi->flags & BI_SPECIAL)) &&
		    (fn = func_get(sh, argv[0])))
			return eval_call_func(sh, fn, argc, argv, flags);
	}
	if (bi) {
		int st = bi->fn(sh, argc, argv);

		sh->special_err = false;
		return st;
	}
	return run_external(sh, argc, argv, flags);
}

static int eval_call_func(struct shell *sh, struct node *def, int argc,
			  char **argv, int flags)
{
	char **params = sh->params;
	int nparams = sh->nparams, loopdepth = sh->loopdepth, st;
	int lineno = sh->lineno, tst;
	const char *fname;
	struct trapx_save tsave;

	if (sh->funcdepth >= EVAL_MAXDEPTH) {
		sh_err(sh, "%s: function nesting too deep", argv[0]);
		sh->jump = J_EXIT;
		sh->exit_status = 2;
		return 2;
	}
	sh->params = NULL;
	sh->nparams = 0;
	var_set_params(sh, argc - 1, argv + 1);
	var_push_frame(sh);
	arena_ref(def->arena);
	fname = sh->funcname;
	sh->funcname = argv[0];
	sv_frame_push(sh, argv[0], func_src(sh, argv[0]), lineno);
	sh->funcdepth++;
	sh->loopdepth = 0;
	trapx_enter(sh, &tsave);
	trapx_func_entry(sh);
	st = sh->jump ? sh->status : eval_node(sh, def->a, flags & ~EV_EXIT);
	tst = sh->status;
	if (sh->jump == J_RETURN) {
		sh->jump = J_NONE;
		st = sh->exit_status;
		tst = sh->return_prev;
	}
	trapx_leave(sh, &tsave, tst);
	sh->lineno = lineno; /* the caller's line again (ERR's $LINENO) */
	sh->funcdepth--;
	sv_frame_pop(sh);
	sh->funcname = fname;
	sh->loopdepth = loopdepth;
	arena_unref(def->arena);
	var_pop_frame(sh);
	var_free_params(sh->params, sh->nparams);
	sh->params = params;
	sh->nparams = nparams;
	sh->status = st;
	return st;
}

/* Runs |body| as a new job of one forked process (a subshell, or a
 * background list), shown as |text|: its pid and *id, or -1 after
 * "cannot fork" (no job left behind). */
static pid_t fork_job(struct shell *sh, const struct node *text,
		      struct node *body, bool bg, int flags, int *id)
{
	pid_t pid;

	*id = job_new(sh);
	job_set_node(sh, *id, text);
	pid = job_fork(sh, *id, bg, NULL);
	if (pid == 0)
		sh_exit(sh, eval_node(sh, body, flags));
	if (pid < 0)
		job_disown(sh, *id);
	return pid;
}

static int eval_pipe(struct shell *sh, struct node *n, int flags)
{
	int id = job_new(sh), prev = -1, st;
	bool failed = false;
	struct node *s;
	char *dbg;

	/* The message of a pipe or fork that fails names this line, not
	 * the last simple command's (before the first: line 0). */
	sh->lineno = n->lineno;
	job_set_node(sh, id, n);
	for (s = n->a; s; s = s->next_stage) {
		int pfd[2] = {-1, -1};
		pid_t pid;

		if (s->next_stage && FLT("pipe", pipe2(pfd, O_CLOEXEC)) < 0) {
			sh_err(sh, "cannot create pipe: %s", strerror(errno));
			failed = true;
			break;
		}
		/* a stage that is a simple command runs DEBUG in its
		 * process, as in bash (a forked subshell drops it) */
		dbg = s->type == N_CMD && sh->debug_trap && !sh->in_trapx
			  ? xstrdup(sh->debug_trap)
			  : NULL;
		pid = job_fork(sh, id, false, NULL);
		if (pid == 0) {
			if (dbg && !sh->debug_trap)
				sh->debug_trap = dbg;
			if (prev >= 0) {
				dup2(prev, 0);
				close(prev);
			}
			if (pfd[1] >= 0) {
				dup2(pfd[1], 1);
				close(pfd[1]);
				close(pfd[0]);
			}
			sh_exit(sh, eval_node(sh, s,
					      EV_EXIT | (flags & EV_TESTED)));
		}
		free(dbg);
		if (prev >= 0)
			close(prev);
		if (pfd[1] >= 0)
			close(pfd[1]);
		prev = pfd[0];
		if (pid < 0) {
			failed = true;
			break;
		}
	}
	if (prev >= 0)
		close(prev);
	st = job_wait_fg(sh, id);
	/* A pipeline that could not be built did not run as written: the
	 * stages already started are waited for (they see EOF or EPIPE),
	 * and its status is a failure even if theirs was 0 (dash: 2). */
	if (failed)
		st = 2;
	sh->status = st;
	check_errexit(sh, st, flags);
	return st;
}

static int eval_subshell(struct shell *sh, struct node *n, int flags)
{
	pid_t pid;
	int id, st;

	/* (false; x) || y: -e is ignored inside too */
	if (flags & EV_EXIT) /* already a child that exits afterwards */
		sh_exit(sh, eval_node(sh, n->a, EV_EXIT | (flags & EV_TESTED)));
	pid = fork_job(sh, n, n->a, false, EV_EXIT | (flags & EV_TESTED), &id);
	if (pid < 0)
		return 2;
	st = job_wait_fg(sh, id);
	sh->status = st;
	check_errexit(sh, st, flags);
	return st;
}

static int eval_bg(struct shell *sh, struct node *n)
{
	pid_t pid;
	int id;

	job_reap(sh);
	pid = fork_job(sh, n->a, n->a, true, EV_EXIT, &id);
	if (pid < 0)
		return 2;
	job_set_bg(sh, id);
	sh->lastbg = pid;
	return 0;
}

char *eval_cmdsubst(struct shell *sh, struct node *n)
{
	struct sbx_buf b = {0};
	int pfd[2], ws;
	pid_t pid;
	char tmp[4096];
	ssize_t k;

	buf_putn(&b, "", 0);
	if (!n) {
		sh->cmdsub_status = 0;
		return b.s;
	}
	if (FLT("pipe", pipe2(pfd, O_CLOEXEC)) < 0) {
		sh_err(sh, "cannot create pipe: %s", strerror(errno));
		return b.s;
	}
	/* Not a job: the child stays in the shell's group, and is waited
	 * for here. */
	pid = job_fork(sh, -1, false, NULL);
	if (pid == 0) {
		close(pfd[0]);
		dup2(pfd[1], 1);
		close(pfd[1]);
		sh_exit(sh, eval_node(sh, n, EV_EXIT));
	}
	close(pfd[1]);
	for (;;) {
		k = read(pfd[0], tmp, sizeof(tmp));
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		buf_putn(&b, tmp, (size_t)k);
	}
	close(pfd[0]);
	if (pid > 0) {
		while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
			;
		sh->cmdsub_status = job_status_code(ws);
	}
	while (b.len && b.s[b.len - 1] == '\n')
		b.s[--b.len] = 0;
	/* NUL bytes cannot live in a shell string: drop them, as dash does */
	if (memchr(b.s, 0, b.len)) {
		size_t j = 0;

		for (size_t i = 0; i < b.len; i++)
			if (b.s[i])
				b.s[j++] = b.s[i];
		b.s[j] = 0;
		b.len = j;
	}
	return b.s;
}

/* Handles break/continue after a loop body; returns true to leave. */
bool eval_loop_jump(struct shell *sh)
{
	if (sh->jump == J_BREAK) {
		if (--sh->jumpn <= 0)
			sh->jump = J_NONE;
		return true;
	}
	if (sh->jump == J_CONTINUE) {
		if (--sh->jumpn <= 0) {
			sh->jump = J_NONE;
			return false;
		}
		return true;
	}
	return sh->jump != J_NONE;
}

static int eval_loop(struct shell *sh, struct node *n, int flags)
{
	int st = 0, c;

	flags &= ~EV_EXIT;
	sh->loopdepth++;
	for (;;) {
		c = eval_node(sh, n->a, flags | EV_TESTED);
		if (sh->jump) {
			if (eval_loop_jump(sh))
				break;
			continue;
		}
		if ((c == 0) != (n->type == N_WHILE))
			break;
		st = eval_node(sh, n->b, flags);
		if (sh->jump && eval_loop_jump(sh))
			break;
	}
	sh->loopdepth--;
	return st;
}

int eval_loop_words(struct shell *sh, struct node *n, struct sbx_strv *list)
{
	if (n->for_in)
		return exp_words(sh, n->args, list) < 0 ? -1 : 0;
	for (int i = 0; i < sh->nparams; i++)
		strv_push(list, sh->params[i]);
	return 0;
}

static int eval_for(struct shell *sh, struct node *n, int flags)
{
	struct sbx_strv list = {0};
	int st = 0;

	if (n->select)
		return sel_eval(sh, n, flags);
	flags &= ~EV_EXIT;
	sh->lineno = n->lineno;
	if (eval_loop_words(sh, n, &list) < 0)
		return sh->status;
	sh->loopdepth++;
	for (size_t i = 0; i < list.n; i++) {
		trapx_before(sh, n);
		if (sh->jump)
			break;
		if (var_set(sh, n->name, list.v[i], 0) < 0) {
			sh_err(sh, "%s: is read only", n->name);
			st = 2;
			if (!sh->opt[O_INTERACTIVE]) {
				sh->jump = J_EXIT;
				sh->exit_status = 2;
			}
			break;
		}
		st = eval_node(sh, n->b, flags);
		if (sh->jump && eval_loop_jump(sh))
			break;
	}
	sh->loopdepth--;
	strv_free(&list);
	return st;
}

/* The first item whose pattern matches runs; bash's ";&" then runs the
 * next item's body unmatched, ";;&" goes on testing from the next item. */
static int eval_case(struct shell *sh, struct node *n, int flags)
{
	bool fall = false;
	char *subj;
	int st = 0;

	sh->lineno = n->lineno;
	trapx_before(sh, n);
	if (sh->jump)
		return sh->status;
	subj = exp_str(sh, n->args, false);
	if (!subj)
		return sh->status;
	for (struct case_item *ci = n->items; ci; ci = ci->next) {
		bool m = fall;

		for (struct word *p = ci->pats; p && !m; p = p->next) {
			char *pat = exp_pattern(sh, p);

			if (!pat) {
				free(subj);
				return sh->status;
			}
			m = gx_match(sh, GX_CASE, pat, subj);
			free(pat);
		}
		if (!m)
			continue;
		st = ci->body ? eval_node(sh, ci->body, flags) : 0;
		if (sh->jump || ci->term == CASE_END)
			break;
		fall = ci->term == CASE_FALL;
	}
	free(subj);
	return st;
}

static int eval_compound(struct shell *sh, struct node *n, int flags)
{
	int st = 0;

	switch (n->type) {
	case N_NOT:
		st =
		    eval_node(sh, n->a, (flags | EV_TESTED) & ~EV_EXIT) ? 0 : 1;
		break;
	case N_BG:
		st = eval_bg(sh, n);
		break;
	case N_SUBSHELL:
		st = eval_subshell(sh, n, flags);
		break;
	case N_BRACE:
		st = eval_node(sh, n->a, flags);
		break;
	case N_IF:
		while (n) {
			int c =
			    eval_node(sh, n->a, (flags | EV_TESTED) & ~EV_EXIT);

			if (sh->jump)
				return c;
			if (!c) {
				st = eval_node(sh, n->b, flags);
				break;
			}
			if (n->c && n->c->type == N_IF && !n->c->redirs) {
				/* elif: iterate instead of recursing */
				n = n->c;
				continue;
			}
			st = n->c ? eval_node(sh, n->c, flags) : 0;
			break;
		}
		break;
	case N_WHILE:
	case N_UNTIL:
		st = eval_loop(sh, n, flags);
		break;
	case N_FOR:
		st = eval_for(sh, n, flags);
		break;
	case N_CASE:
		st = eval_case(sh, n, flags);
		break;
	case N_FUNC:
		func_set(sh, n->name, n);
		st = 0;
		break;
	case N_COND:
		trapx_before(sh, n);
		if (sh->jump)
			return sh->status;
		st = cond_eval(sh, n);
		check_errexit(sh, st, flags);
		break;
	case N_ARITH:
		trapx_before(sh, n);
		if (sh->jump)
			return sh->status;
		st = ac_eval(sh, n);
		check_errexit(sh, st, flags);
		break;
	case N_ARITHFOR:
		st = ac_eval_for(sh, n, flags);
		break;
	case N_TIME:
		st = time_eval(sh, n, flags);
		break;
	case N_COPROC:
		st = cop_eval(sh, n);
		break;
	default:
		break;
	}
	return st;
}

int eval_node(struct shell *sh, struct node *n, int flags)
{
	int st = sh->status;
	/* Each command of a top-level list gets its denials explained
	 * after it ends (shell/session/denials.h); nothing deeper does. */
	bool top = !sh->evaldepth && !sh->subshell && sh->opt[O_DENIALS];

	if (++sh->evaldepth > EVAL_MAXDEPTH * 4) {
		sh->evaldepth--;
		sh_err(sh, "nesting too deep");
		sh->jump = J_EXIT;
		sh->exit_status = 2;
		return 2;
	}
	while (n && !sh->jump) {
		/* set -n in a script: nothing more runs (interactive
		 * shells ignore it) */
		if (sh->opt[O_NOEXEC] && !sh->opt[O_INTERACTIVE])
			break;
		if (trap_gotsig)
			trap_run_pending(sh);
		if (sh->jump)
			break;
		if (n->type == N_SEQ) {
			if (top)
				SH_HOOK(sh, cmd_begin, sh);
			eval_node(sh, n->a, flags & ~EV_EXIT);
			if (top)
				SH_HOOK(sh, cmd_end, sh, n->a);
			n = n->b;
			continue;
		}
		if (top)
			SH_HOOK(sh, cmd_begin, sh);
		switch (n->type) {
		case N_CMD:
			st = eval_simple(sh, n, flags);
			sh->pipest[0] = st; /* $PIPESTATUS */
			sh->npipest = 1;
			break;
		case N_PIPE:
			st = eval_pipe(sh, n, flags);
			break;
		case N_AND:
			st =
			    eval_node(sh, n->b, (flags | EV_TESTED) & ~EV_EXIT);
			for (struct node *l = n->next_stage; l && !sh->jump;
			     l = l->next_stage) {
				if ((l->type == N_AND) != (st == 0))
					continue;
				st = eval_node(sh, l->a,
					       l->next_stage
						   ? (flags | EV_TESTED) &
							 ~EV_EXIT
						   : flags);
			}
			break;
		default:
			if (n->redirs && n->type != N_FUNC) {
				struct redir_save *save = NULL;
				size_t psmark = ps_mark(sh);

				sh->lineno = n->lineno; /* for its message */
				if (redir_apply(sh, n->redirs, &save) < 0) {
					redir_restore(sh, save);
					ps_close_from(sh, psmark);
					st = redir_fail_status(sh);
					break;
				}
				st = eval_compound(sh, n, flags);
				redir_restore(sh, save);
				ps_close_from(sh, psmark);
			} else {
				st = eval_compound(sh, n, flags);
			}
		}
		if (sh->jump != J_RETURN && sh->jump != J_EXIT)
			sh->status = st;
		if (top)
			SH_HOOK(sh, cmd_end, sh, n);
		break;
	}
	sh->evaldepth--;
	if (sh->jump == J_RETURN || sh->jump == J_EXIT)
		return sh->exit_status;
	return st;
}
