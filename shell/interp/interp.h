/* shell/interp/interp.h — the shell's state (struct shell) and the internal API
 * its modules share: vars.c (var_), expand.c (exp_), eval.c (eval_), exec.c
 * (exec_), redir.c (redir_), jobs.c (job_), trap.c (trap_), builtins
 * (bi_) and run.c (sh_). Nothing here is for code outside shell/.
 *
 * Control flow never unwinds: break/continue/return/exit and errors in
 * special builtins set sh->jump, and every loop in eval checks it.
 */
#ifndef SBX_INTERP_H
#define SBX_INTERP_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "hooks.h"
#include "output.h"
#include "parse.h"
#include "sbx.h"
#include "scope.h"
#include "interp_api.h"

struct var;
struct arr;
struct func;
struct alias;
struct jobtab;
struct local_frame;
struct sh_reader;

/* J_INTR: Ctrl-C ended (or Ctrl-Z stopped) a foreground job, or ^C hit a
 * builtin loop, in an interactive shell: the rest of the command line is
 * dropped; the top-level sh_loop clears it and sets $? to exit_status. */
enum sh_jump { J_NONE, J_BREAK, J_CONTINUE, J_RETURN, J_EXIT, J_INTR };

enum sh_opt {
	O_ERREXIT,
	O_NOUNSET,
	O_XTRACE,
	O_NOGLOB,
	O_NOCLOBBER,
	O_ALLEXPORT,
	O_VERBOSE,
	O_NOEXEC,
	O_PIPEFAIL,
	O_MONITOR,
	O_IGNOREEOF,
	O_NOTIFY,
	O_EMACS,
	O_VI,
	O_NOLOG,
	O_INTERACTIVE,
	O_STDIN,
	O_PRIVILEGED,
	O_DEBUG,
	O_DENIALS,
	O_POSIX,
	O_ERRTRACE,   /* bash's set -E (not in posix mode) */
	O_HISTEXPAND, /* bash's set -H: !! at an interactive prompt */
	O_FUNCTRACE,  /* bash's set -T: functions inherit DEBUG, RETURN */
	O__N,
};

/* bash's shopt options (bi_shopt.c has their names): all off at start */
enum sh_shopt {
	SHOPT_DOTGLOB,
	SHOPT_EXTGLOB,
	SHOPT_FAILGLOB,
	SHOPT_GLOBSTAR,
	SHOPT_NOCASEGLOB,
	SHOPT_NOCASEMATCH,
	SHOPT_NULLGLOB,
	SHOPT_XPG_ECHO,
	SHOPT__N,
};

#define SH_PIPEST_MAX 64 /* $PIPESTATUS keeps the first 64 stages */

struct shell {
	const struct sh_config *cfg;
	const struct sh_hooks *hooks; /* cfg->hooks: shell/interp/hooks.h */
	bool opt[O__N];
	bool shopt[SHOPT__N];
	enum scope_mode check;
	struct sbx_policy *pol;

	/* variables: open hash table, see vars.c */
	struct var **vtab;
	size_t vcap, vcount;
	struct local_frame *locals;
	char **envp; /* cached environment for exec */
	bool env_dirty;
	char *ifs; /* cached $IFS (NULL: unset = " \t\n") */

	/* positional parameters */
	char *arg0;
	char **params; /* $1... (own) */
	int nparams;

	int status;	   /* $? */
	pid_t rootpid;	   /* $$ */
	pid_t lastbg;	   /* $! (0: none) */
	int lineno;	   /* $LINENO */
	int cmdsub_status; /* status of the last $(...) of a command */

	enum sh_jump jump;
	int jumpn;	  /* break/continue count */
	int exit_status;  /* for J_EXIT */
	bool special_err; /* a special builtin failed: exit if not
			     interactive (POSIX 2.8.1) */
	int loopdepth;
	int in_command; /* inside `command`: errors do not exit */
	bool in_exec;	/* the exec builtin is replacing the shell */
	int noerrexit;	/* inside eval/. in a tested context */
	int funcdepth;
	int evaldepth;
	unsigned long ntop; /* top-level commands run (jobs.c: exit) */
	bool subshell;	    /* we are a forked child */
	bool exiting;	    /* EXIT trap running / exit in progress */

	struct func **ftab;
	size_t fcap, fcount;
	struct alias *aliases;
	struct exec_hash *hash;
	char *traps[NSIG]; /* NULL: default, "": ignored */
	bool trap_ignored_at_start[NSIG];
	bool trap_entry_known[NSIG]; /* the above asked yet (trap.c) */
	bool live_bins_stale; /* live.c: recheck the bin dirs on lookup */
	bool path_changed;    /* PATH assigned since live_path() ran */
	struct sh_reader *sync_reader; /* run.c: the script's lazy reader */
	bool sync_due;		/* ...has read ahead since its last sync */
	char *rd_buf;		/* bi_vars.c: `read`'s block of fd 0 */
	size_t rd_pos, rd_len;	/* ...taken so far, read so far */
	int rd_kind;		/* ...fd 0 a file (blocks) or not (bytes) */
	unsigned long var_gen;	/* bumped by every change of a value */
	unsigned long live_gen; /* live.c: var_gen its last pass left */
	char *exit_trap;
	char *err_trap, *return_trap; /* trapx.c: bash's ERR, RETURN */
	char *debug_trap;	      /* ...and DEBUG */
	bool in_trapx;		      /* ...one of them is running */
	int trapx_hidden; /* ...callers' DEBUG/ERR put aside in a function */
	const struct node *cur_cmd; /* the simple command running */
	char *cmd_text;	 /* $BASH_COMMAND while a DEBUG or ERR trap is set */
	int return_prev; /* $? when `return` ran (RETURN's $?) */
	struct jobtab *jobs;

	char *pwd; /* logical cwd, NULL if unknown */
	/* pushd's folders below the current one, most recent first (bash's
	 * directory stack without its top, which is always $PWD) */
	struct sbx_strv dirstack;
	/* The history file's inode (hist_ino 0: none): the shell's own
	 * redirections refuse to reopen it (/dev/fd/12, /proc/self/fd/12
	 * or a symlink to either), redir.c. */
	dev_t hist_dev;
	ino_t hist_ino;

	/* getopts state */
	int optind_seen;
	int optoff;

	const char *srcname; /* for messages: NULL = "line N" form */
	/* bash's name for the input a syntax error is in: "-c", the script's
	 * path, "eval", a `.` file's; NULL for stdin (core/lang/synerr.c) */
	const char *inname;

	/* specvars.c: bash's $RANDOM, $SECONDS, $PIPESTATUS, $FUNCNAME */
	uint32_t rseed;
	int rlast;
	pid_t rpid;
	long sec_base;
	int pipest[SH_PIPEST_MAX];
	int npipest;
	const char *funcname; /* the running function's name, or NULL */
	/* ...and bash's call stack: a frame per running function or `.`
	 * file (FUNCNAME, BASH_SOURCE, BASH_LINENO); the source names are
	 * interned (sv_intern), never freed, so a function redefined while
	 * it runs leaves no frame pointing at freed memory */
	struct sh_frame {
		const char *name, *src;
		int line;
	} * frames;
	size_t nframes, framecap;
	const char *cursrc;    /* where the code read now comes from */
	const char *scriptsrc; /* the script file (bash's "main" frame) */
	struct sbx_strv interned;
	struct arr *sv_arr; /* what var_arr returns for the computed arrays */
	/* exparith.c: the command an arithmetic error is bash's error of
	 * ("((", "let", "[[", "declare"), NULL for $((...)) */
	const char *arith_who;
	/* vars.c: declare -n was used (references are followed), and the
	 * operation at hand is on a reference itself */
	bool has_nameref, noderef;

	/* procsub.c: the fds of the <(...) and >(...) of the commands being
	 * run, closed when each command ends */
	int ps_fds[40];
	size_t nps;
	/* ...and the last one's child: $! as in bash, `wait $!` (jobs.c) */
	pid_t ps_pid;
	int ps_ws;
	bool ps_done;
	/* coproc.c: the coprocess, its name and the shell's ends */
	pid_t cop_pid;
	char *cop_name;
	int cop_fd[2];

	/* eval.c: the NAME=(...) arguments of the declaration utility being
	 * run (declare -a a=(1 2)), NULL-terminated; bi_declare.c takes
	 * each (sets it to (struct word *)1) when it assigns it */
	struct word **decl_lists;
};

/* --- reap.c --------------------------------------------------------------- */
/* At the session's end (the shell exits with |status|): without a PID
 * namespace, hangs up, then kills, every descendant still alive, and says
 * so in one line; with one, hands the status to the supervisor when
 * nothing is left (be_session_end()), else leaves it to its init. No-op
 * in a subshell. */
void sh_end_session(struct shell *sh, int status);

/* --- run.c ---------------------------------------------------------------- */
/* A shell with |cfg|'s parameters and options, variables from environ;
 * |cfg| must outlive it. sh_free() releases everything. */
struct shell *sh_new(const struct sh_config *cfg);
void sh_free(struct shell *sh);
/* "sbxsh: line N: <msg>" (or "sbxsh: <msg>" interactively) on stderr. */
void sh_err(struct shell *sh, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* bash's second line after a usage error ("cd: usage: cd [-L|...]"), as
 * is on stderr: a fixed text of ours, never a job's. */
void sh_usage(struct shell *sh, const char *line);
/* Scope check of |text|: prints flags; false if the mode is deny and
 * something was flagged (then nothing of it may run: status 126). */
bool sh_scope_ok(struct shell *sh, const char *text, size_t len,
		 const struct node *tree);
/* Parses and runs commands from |r| until EOF or exit; |check_each|: run
 * the scope checker on each complete command first. Returns $?. */
int sh_loop(struct shell *sh, struct sh_reader *r, bool check_each, int lineno);
/* eval/trap/.: runs |s| as commands (each parsed and run in turn). */
int sh_eval_string(struct shell *sh, const char *s, size_t len);
/* Parameter expansion, $(...) and $((...)) of a prompt string; the
 * backslash escapes are left for the prompt module. For pr_ctx.expand
 * (|ctx| is the shell). New string. */
char *sh_expand_prompt(void *ctx, const char *ps);
/* Leaves the shell: runs the EXIT trap, never returns. */
/* Gives the script's read-ahead back to the shared stdin, if a lazy
 * reader holds some: before anything that could read or redirect fd 0. */
void sh_input_sync(struct shell *sh);
/* The same for the script's reader only (`read` keeps its own block). */
void sh_script_sync(struct shell *sh);
/* bi_vars.c: gives `read`'s block of fd 0 back (file offset to just
 * after the last line taken); before fd 0 can change or be read by
 * anything else. */
void sh_read_sync(struct shell *sh);
void sh_exit(struct shell *sh, int status) __attribute__((noreturn));
/* In a forked child (job_fork only): traps reset, job table forgotten. */
void sh_forked(struct shell *sh, bool bg);
/* Runs file |path| as a script in this (forked) process; does not return. */
void sh_run_script_child(struct shell *sh, const char *path, char **argv)
    __attribute__((noreturn));

/* --- vars.c --------------------------------------------------------------- */
enum {
	V_EXPORT = 1,
	V_RDONLY = 2,
	V_ARRAY = 4,	/* bash's indexed array (array.c) */
	V_ASSOC = 8,	/* bash's associative array */
	V_INTEGER = 16, /* declare -i: assignments are arithmetic */
	V_DECL = 32,	/* declared (declare x): declare -p shows it unset */
	V_LOWER = 64,	/* declare -l: every value assigned is lowercased */
	V_UPPER = 128,	/* declare -u: ... uppercased (ASCII, as ${x,,}) */
	V_CASE = V_LOWER | V_UPPER,
	V_NAMEREF = 256 /* declare -n: the value names the variable meant */
};
void var_init(struct shell *sh, char **environ_);
const char *var_get(struct shell *sh, const char *name);
/* 0, or -EPERM (readonly; message printed by the caller). |flags| are
 * added to the variable's. */
int var_set(struct shell *sh, const char *name, const char *val,
	    unsigned flags);
int var_setn(struct shell *sh, const char *name, size_t nlen, const char *val,
	     unsigned flags);
/* declare -n: |name|'s target (its value) when it is a name reference,
 * else NULL. var_get, var_set, var_unset, var_arr follow references
 * unless sh->noderef (declare -n, unset -n, declare -p act on the
 * reference itself). */
const char *var_ref_target(struct shell *sh, const char *name);
/* declare -l / -u: |s| changed in place when |flags| has either. */
void var_case(char *s, unsigned flags);
int var_unset(struct shell *sh, const char *name);
unsigned var_flags(struct shell *sh, const char *name, bool *exists);
/* bash's arrays: |name|'s elements (NULL: not an array), and |name| made
 * one (a scalar value becomes element 0): 0, -EPERM (readonly) or
 * -EINVAL (indexed, asked to be associative). */
struct arr *var_arr(struct shell *sh, const char *name);
int var_arr_make(struct shell *sh, const char *name, bool assoc,
		 struct arr **out);
int var_addflags(struct shell *sh, const char *name, unsigned flags);
void var_delflags(struct shell *sh, const char *name, unsigned flags);
/* The environment for exec: valid until the next variable change. */
char **var_environ(struct shell *sh);
/* Variables sorted by name, NULL-terminated "name" pointers; free the array. */
const char **var_names(struct shell *sh, unsigned need_flags);
/* local frames (functions; temporary assignments) */
void var_push_frame(struct shell *sh);
void var_pop_frame(struct shell *sh);
/* Saves |name| in the innermost frame so pop restores it; -ENOENT if no
 * frame. */
int var_make_local(struct shell *sh, const char *name);
bool var_in_function(struct shell *sh);
/* `local -`: the options are restored when the frame is popped. */
int var_local_opts(struct shell *sh);
/* positional parameters: copies argv */
void var_set_params(struct shell *sh, int n, char *const *v);
void var_free_params(char **v, int n);
/* Frees variables, functions, aliases and parameters (at exit). */
void var_free_all(struct shell *sh);
/* 'quoted' for output as dash prints it */
void var_quote(struct sbx_buf *b, const char *s);

/* aliases */
const char *alias_get(struct shell *sh, const char *name);
void alias_set(struct shell *sh, const char *name, const char *val);
int alias_unset(struct shell *sh, const char *name);
void alias_clear(struct shell *sh);
void alias_print(struct shell *sh, struct sbx_buf *out, const char *name);
const char **alias_names(struct shell *sh);

/* functions */
struct node *func_get(struct shell *sh, const char *name);
void func_set(struct shell *sh, const char *name, struct node *def);
/* The file a function was defined in (BASH_SOURCE), "" if unknown. */
const char *func_src(struct shell *sh, const char *name);
/* Function names, NULL-terminated; free the array (not the names). */
const char **func_names(struct shell *sh);
int func_unset(struct shell *sh, const char *name);

/* --- expand.c ---------------------------------------------------------------
 */
/* Fields of the words (tilde, parameters, command substitution, arithmetic,
 * field splitting, pathname expansion, quote removal), appended to |out|.
 * 0, or -1 after an error was printed (sh->status is set). */
int exp_words(struct shell *sh, struct word *w, struct sbx_strv *out);
/* The same for the words from |w| up to (not including) |stop|. */
int exp_words_until(struct shell *sh, struct word *w, struct word *stop,
		    struct sbx_strv *out);
/* One string, no splitting or globbing (assignments, redirections, case
 * words, here-documents). NULL after an error. New string. */
char *exp_str(struct shell *sh, struct word *w, bool tilde_assign);
/* A pattern for fnmatch (quoted characters escaped). New string. */
char *exp_pattern(struct shell *sh, struct word *w);
/* (( expr )), for (( ; ; )), let: |w| expanded as the inside of
 * $((...)) and evaluated. 0, or -1 after the error was printed. */
int exp_arith_word(struct shell *sh, struct word *w, intmax_t *out);
/* Value part of NAME=value word. */
char *exp_assign(struct shell *sh, struct word *w, char **name);
/* Splits |s| by IFS for read: |max| fields, the last one gets the rest. */
void exp_ifs_split_read(struct shell *sh, const char *s, const char *esc,
			size_t len, int max, struct sbx_strv *out);

/* $((s)): |s| evaluated (already expanded). 0, or -1 after a message. */
int exp_arith_str(struct shell *sh, const char *s, intmax_t *out);
/* |s| (empty: 0) evaluated so that an error is bash's "WHO: ..." (the
 * command or parameter it belongs to; not under posix). */
int exp_arith_who(struct shell *sh, const char *who, const char *s,
		  intmax_t *out);

/* --- arrvar.c (bash's arrays in the shell; array.h the elements) ------ */
/* A failed array assignment: a non-interactive shell exits 1 (bash). */
void av_fail(struct shell *sh);
/* NAME=(...), NAME+=(...), NAME[sub]=v, NAME[sub]+=v (a W_ARRAY word):
 * 0, or -1 after a message. */
int av_assign_word(struct shell *sh, struct word *w, bool local, unsigned flags,
		   struct sbx_strv *trace);
/* |name|=(elems...) (declare's too): 0, or -1 after a message. */
int av_assign_list(struct shell *sh, const char *name, struct word *elems,
		   bool append, struct sbx_strv *trace);
/* name[sub]=val with |sub| expanded: 0, or -1 after a message. */
int av_set_elem(struct shell *sh, const char *name, size_t nlen,
		const char *sub, const char *val, bool append);
/* The strings "name[sub]" (unset, arithmetic, read): is |s| one; its
 * value (|*tmp| to free; NULL: unset); assigned (0 or -EINVAL after a
 * message); unset (0, -EINVAL not one, -1 after a message). */
bool av_is_ref(const char *s);
const char *av_get_ref(struct shell *sh, const char *ref, char **tmp);
int av_set_ref(struct shell *sh, const char *ref, const char *val);
int av_unset_ref(struct shell *sh, const char *ref);
/* ${a[sub]}: '@' or '*' when |sub| is that, else 0; an element's value
 * (|*val| NULL: unset; -1 after a message); the values (or |keys|) in
 * order as new strings; a slice ${a[@]:off:len}. Free with av_free. */
int av_atstar(const struct word *sub);
int av_elem(struct shell *sh, const char *name, struct word *sub,
	    const char **val, char **tmp);
char **av_list(struct shell *sh, const char *name, bool keys, size_t *n);
char **av_slice(struct shell *sh, const char *name, intmax_t off, bool has_len,
		intmax_t len, size_t *n);
void av_free(char **v, size_t n);
/* read -a and mapfile: |v| stored at |origin|, |origin|+1, ... of the
 * indexed array |name| (cleared first unless |keep|). 0, or -1 after a
 * message. */
int av_store(struct shell *sh, const char *who, const char *name,
	     char *const *v, size_t n, intmax_t origin, bool keep);

/* --- cond.c, arithcmd.c (bash's [[ ]], (( )), for (( )), let) -------- */
/* N_COND: 0 true, 1 false, 2 error (printed). */
int cond_eval(struct shell *sh, struct node *n);
/* N_ARITH: 0 if the value is not zero, 1 if it is or on an error. */
int ac_eval(struct shell *sh, struct node *n);
/* N_ARITHFOR */
int ac_eval_for(struct shell *sh, struct node *n, int flags);
/* coproc.c: bash's coproc (N_COPROC) started as a background job;
 * cop_ended after a wait took it: NAME and NAME_PID unset, the fds
 * closed. */
int cop_eval(struct shell *sh, struct node *n);
void cop_ended(struct shell *sh, pid_t pid);
/* N_TIME (timecmd.c): the pipeline's status; the report on fd 2. */
int time_eval(struct shell *sh, struct node *n, int flags);
/* The words of for's and select's `in` list, expanded ("$@" without
 * one) into |list|; -1 on an expansion error (sh->status set). */
int eval_loop_words(struct shell *sh, struct node *n, struct sbx_strv *list);
/* N_FOR with ->select: bash's select menu loop (select.c) */
int sel_eval(struct shell *sh, struct node *n, int flags);
/* bash's let (arithcmd.c) */
int bi_let(struct shell *sh, int argc, char **argv);
/* bash's caller [N] (specvars.c: the call stack) */
int bi_caller(struct shell *sh, int argc, char **argv);
/* Is the option NAME (set -o's names, and posix) on? */
bool sh_option_on(struct shell *sh, const char *name);

/* --- procsub.c (bash's <(cmd), >(cmd)) ------------------------------- */
/* Starts w->cmd (a WP_PROCSUB part) and returns "/dev/fd/N" (new string),
 * or NULL after a message. */
char *ps_open(struct shell *sh, struct wpart *w);
/* The fds opened so far; ps_close_from closes those opened after. */
size_t ps_mark(struct shell *sh);
void ps_close_from(struct shell *sh, size_t mark);

/* --- eval.c --------------------------------------------------------------- */
enum { EV_TESTED = 1, EV_EXIT = 2, EV_BG = 4 };
/* After a loop body: handles break/continue; true to leave the loop. */
bool eval_loop_jump(struct shell *sh);
int eval_node(struct shell *sh, struct node *n, int flags);
/* The output of |n| run in a subshell, trailing newlines removed. */
char *eval_cmdsubst(struct shell *sh, struct node *n);
/* Runs |argv| as a simple command that was already expanded (used by
 * `command` and `exec`); |flags| as for eval_node. */
int eval_argv(struct shell *sh, int argc, char **argv, int flags,
	      bool no_funcs);

/* --- exec.c --------------------------------------------------------------- */
/* Path of command |name| by PATH search (through the hash); NULL if not
 * found. |*err|: 127 not found, 126 found but not executable. Returned
 * string is owned by the hash. */
const char *exec_find(struct shell *sh, const char *name, int *err,
		      const char *path);
/* Is |name| in the hash (found by an earlier lookup)? */
bool exec_hashed(struct shell *sh, const char *name);
/* PATH when the environment has none, and for command -p (dash's). */
#define SH_DEFPATH                                                             \
	"/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
void sh_hash_invalidate(struct shell *sh);
void exec_hash_print(struct shell *sh, struct sbx_buf *out);
int exec_hash_add(struct shell *sh, const char *name);
/* Starts |path| as the process of job |id| (job_fork, vfork+execve; a
 * file without a #! line runs as a script in a forked copy of us).
 * Returns the pid, or -1 with *exec_err the errno of vfork or execve
 * (nothing printed, nothing to wait for), or -1 with *exec_err 0 if the
 * fork for a script failed ("cannot fork" printed). */
pid_t exec_spawn(struct shell *sh, int id, const char *path, char **argv,
		 char **envp, int *exec_err);
/* execve in this process (exec builtin, forked children); returns the
 * exit status to use if it failed (message printed). */
/* The message for a command that is not there (|err| an errno or 127):
 * dash's "NAME: not found" under posix; bash's "NAME: command not found"
 * for a name looked up in PATH, the error itself ("No such file or
 * directory") for a path. */
void exec_not_found(struct shell *sh, const char *name, int err);
int exec_replace(struct shell *sh, const char *name, char **argv, char **envp);

/* --- redir.c -------------------------------------------------------------- */
struct redir_save;
/* Applies |r|; with |save| (may be NULL: permanent, as for exec) the
 * previous fds are kept so redir_restore() can put them back.
 * 0, or -1 after a message. */
int redir_apply(struct shell *sh, struct redir *r, struct redir_save **save);
void redir_restore(struct shell *sh, struct redir_save *save);
/* The fd that held |fd| before the redirections of |save| (|fd| itself if
 * they left it alone, -1 if it was closed): where set -x traces go. */
int redir_saved_fd(const struct redir_save *save, int fd);
/* Keeps the redirections of |save| for good (exec) and frees it. */
void redir_commit(struct redir_save *save);

/* --- jobs.c --------------------------------------------------------------- */
/* A job is a pipeline's processes. Monitor mode (process groups, terminal
 * hand-off) hooks in at job_add and job_wait_fg: see jobs.c. */
int job_new(struct shell *sh); /* returns job id */
void job_add(struct shell *sh, int id, pid_t pid);
/* What job_fork runs in a vfork child instead of returning to it. */
struct job_exec {
	const char *path;
	char **argv, **envp;
	int err; /* out: the errno of a failed vfork or execve, or 0 */
};
/* The one way the shell forks (docs/language.md): a process of job |id|
 * (job_new), or with |id| -1 a command substitution's, which is no job,
 * stays in the shell's group and is waited for by the caller. In monitor
 * mode the process joins the job's group, which gets the terminal unless
 * |bg|, from the first stage's fork until job_wait_fg takes it back.
 * |x| NULL: fork(); the child is set up (sh_forked) and gets 0, the
 * parent the pid (added to the job), or -1 after "cannot fork". |x|: a
 * vfork child that execs |x->path|; the parent gets the pid, or -1 with
 * |x->err| set (nothing printed, nothing left to wait for, the terminal
 * the shell's again). */
pid_t job_fork(struct shell *sh, int id, bool bg, struct job_exec *x);
void job_set_bg(struct shell *sh, int id);
/* Waits for all processes of job |id|; returns the pipeline status (last
 * stage, or with pipefail the last failing one). Frees the job. */
int job_wait_fg(struct shell *sh, int id);
/* `wait`: |pid| 0 = all; returns status (127 unknown pid). */
int job_wait_pid(struct shell *sh, pid_t pid);
int job_wait_all(struct shell *sh);
void job_reap(struct shell *sh);
void job_forget_all(struct shell *sh);
/* 128+sig or exit code */
int job_status_code(int wstatus);
/* Monitor mode (jobs.c top comment): 0 or -errno (no terminal). */
int job_init_monitor(struct shell *sh);
/* set -m / set +m: prints "can't access tty" when it cannot. */
void job_set_monitor(struct shell *sh, bool on);
bool job_monitor(struct shell *sh);
/* The SIGCHLD handler (SA_RESTART), unless a trap holds SIGCHLD. */
void job_sigchld_install(struct shell *sh);
/* The command text shown by jobs and notices. */
void job_set_text(struct shell *sh, int id, const char *text, size_t len);
/* unparse.c: |n| as one line of shell text (|depth| bounds recursion). */
void ast_text(struct sbx_buf *b, const struct node *n, int depth);
/* One word as typed (unparse.c). */
/* A redirection's fd (when not the default one) and operator, as typed:
 * "2>", "<&", ">>" (unparse.c; fnprint.c too). */
void unparse_redir_op(struct sbx_buf *b, const struct redir *r);
void unparse_word(struct sbx_buf *b, const struct word *w);
/* ast_text() with $x rather than ${x} where that reads the same. */
void unparse_node(struct sbx_buf *b, const struct node *n);
/* fnprint.c: a function's definition as bash's `type` and `declare -f`
 * print it: "name () \n{ \n    cmd;\n    ...\n}" (no final newline). */
void fnprint(struct sbx_buf *b, const char *name, const struct node *fn);
/* A command's head on one line as bash's $BASH_COMMAND shows it: a simple
 * command with its redirections, `for x in a b`, `case w in `, `[[ .. ]]` */
void fnprint_head(struct sbx_buf *b, const struct node *n);
/* One ${...} as typed (for "${x@Z}: bad substitution"). */
void part_text(struct sbx_buf *b, const struct wpart *p);
void job_set_node(struct shell *sh, int id, const struct node *n);
void job_set_argv(struct shell *sh, int id, char **argv);
/* Reaps, then prints Done/Exit/Killed/Stopped notices (interactive
 * root shell only); call before a prompt. */
void job_notify(struct shell *sh);
int job_count(struct shell *sh);
void job_specs(struct shell *sh, struct sbx_strv *out);
/* The Done/Exit N/Killed/Stopped notices due now, appended to |out|
 * (reaping first); true if there were any. job_notify() prints them. */
bool job_notices(struct shell *sh, struct sbx_buf *out);
/* Exiting (|by_command|: the exit builtin; else Ctrl-D): false, after
 * "There are stopped jobs.", the first time in a row. */
bool job_exit_ok(struct shell *sh, bool by_command);
/* disown -h: the job stays, but gets no SIGHUP from the shell. */
void job_nohup(struct shell *sh, int id);
/* Leaving the shell: stopped jobs get SIGHUP+SIGCONT, terminal back. */
void job_exit_hook(struct shell *sh);

/* For bi_jobs.c: job ids are 0 .. job_slots()-1; only listed jobs
 * (background or stopped) are visible through job_get. */
enum job_state { JS_RUNNING, JS_STOPPED, JS_DONE };
struct job_info {
	int num; /* [n] */
	enum job_state state;
	const char *text;
	pid_t pgid;
	bool jobctl; /* own process group */
	int nprocs;
};
int job_slots(struct shell *sh);
bool job_get(struct shell *sh, int id, struct job_info *ji);
/* %+ (|prev| false) or %- (true): a job id or -1. */
int job_current(struct shell *sh, bool prev);
/* One `jobs` line (mode 0, 'l' or 'p') appended to |b|. */
void job_format(struct shell *sh, int id, int mode, struct sbx_buf *b);
/* jobs listed a job: no notice is due any more; a Done one is freed. */
void job_reported(struct shell *sh, int id);
int job_fg(struct shell *sh, int id);
int job_bg(struct shell *sh, int id);
/* Forgets job |id|: disown, or a job whose process never started. */
void job_disown(struct shell *sh, int id);
/* 0 or -errno; to the group in monitor mode, else to each process. */
int job_signal(struct shell *sh, int id, int sig);
/* wait %n: the job's status (128+sig if a trap interrupted). */
int job_wait_id(struct shell *sh, int id);
/* wait -n: until one of the jobs |ids| (|nids| 0: any job) that runs now
 * ends; its status, or 127 when none runs. */
int job_wait_next(struct shell *sh, const int *ids, int nids);
/* The job that process |pid| belongs to, or -1. */
int job_of_pid(struct shell *sh, pid_t pid);

/* --- bi_jobs.c ------------------------------------------------------------ */
/* %n %+ %% % %- %string %?string -> job id, or -1 after "who: spec: no
 * such job" / "ambiguous job spec". */
int bi_job_from_spec(struct shell *sh, const char *spec, const char *who);
int bi_jobs(struct shell *sh, int argc, char **argv);
int bi_fg(struct shell *sh, int argc, char **argv);
int bi_bg(struct shell *sh, int argc, char **argv);
int bi_disown(struct shell *sh, int argc, char **argv);
/* kill/wait operands starting with '%': the status for that operand. */
int bi_kill_job(struct shell *sh, const char *spec, int sig);
int bi_wait_job(struct shell *sh, const char *spec);

/* --- trapx.c: bash's ERR and RETURN traps -------------------------------- */
enum { TRAPX_ERR = 1, TRAPX_RETURN = 2, TRAPX_DEBUG = 3 };
struct trapx_save {
	char *err, *ret, *dbg;
};
/* TRAPX_* for "ERR"/"RETURN"/"DEBUG" outside posix mode, else 0 */
int trapx_name(struct shell *sh, const char *name);
void trapx_set(struct shell *sh, int which, const char *action);
/* `trap -- 'act' ERR` lines: |which| one, or 0 for all three */
void trapx_print(struct shell *sh, struct sbx_buf *out, int which);
/* A failure where set -e would exit: the ERR action runs. */
void trapx_err(struct shell *sh, int st);
/* Around a function's body: the caller's actions put aside, then back. */
void trapx_enter(struct shell *sh, struct trapx_save *sv);
void trapx_leave(struct shell *sh, struct trapx_save *sv, int st);
/* The end of a `.` script: RETURN runs. */
void trapx_run_return(struct shell *sh, int st);
void trapx_reset_child(struct shell *sh);
/* Before a simple command, a `for` iteration, `case`, `[[`, `((`: the
 * text $BASH_COMMAND gives (kept while DEBUG or ERR is set) and the DEBUG
 * action. Callers check sh->jump after it (the action may `exit`). */
void trapx_before(struct shell *sh, const struct node *n);
/* A function's body starts: with set -T, DEBUG runs again (bash). */
void trapx_func_entry(struct shell *sh);
/* $BASH_COMMAND into |*tmp| (or a kept string). */
const char *trapx_command(struct shell *sh, char **tmp);

/* --- trap.c --------------------------------------------------------------- */
extern volatile sig_atomic_t trap_gotsig;
/* The signal that last interrupted us (wait returns 128 + it). */
int trap_last_signal(void);
void trap_init(struct shell *sh);
int trap_set(struct shell *sh, int sig, const char *action);
/* Runs pending trap actions; call between commands. */
void trap_run_pending(struct shell *sh);
/* Has |sig| arrived and not been handled yet (a long walk polls it)? */
bool trap_pending(int sig);
void trap_reset_child(struct shell *sh);
/* Interactive shells: SIGINT caught (the shell survives ^C) ... */
void trap_catch_int(struct shell *sh);
/* ... and their children get SIGINT/SIGQUIT/SIGTERM back (also called
 * in the vfork child: it only calls sigaction). */
void trap_child_defaults(struct shell *sh);
void trap_print(struct shell *sh, struct sbx_buf *out);
/* One trap's `trap -- 'act' NAME` line (signal |s|, 0 EXIT), if set. */
void trap_print_one(struct shell *sh, struct sbx_buf *out, int s);
void trap_run_exit(struct shell *sh);
/* Is any action (EXIT or a signal) set? */
bool trap_any(struct shell *sh);

/* --- bi_table.c ----------------------------------------------------------- */
typedef int (*bi_fn)(struct shell *sh, int argc, char **argv);
/* BI_BASH: bash's, not dash's: absent under posix mode (O_POSIX), where
 * the name is looked up in PATH as dash would. */
enum { BI_SPECIAL = 1, BI_REGULAR = 2, BI_BASH = 4 };
struct builtin {
	const char *name;
	bi_fn fn;
	unsigned flags;
};
/* Is |s| a reserved word in |sh|'s mode? */
bool bi_is_keyword(const struct shell *sh, const char *s);
/* bi_type.c: type as bash has it (-a -f -p -P -t), outside posix mode. */
int bi_type_bash(struct shell *sh, int argc, char **argv);
/* bash's answer for each of |names| (flags 0: the sentences), errors
 * named by |who| ("type", "command"); 0, or 1 if one was not found. */
int bi_type_names(struct shell *sh, const char *who, int fl, int n,
		  char **names);
/* The builtin |name| in |sh|'s mode (|sh| NULL: any mode), or NULL. */
const struct builtin *bi_find(const struct shell *sh, const char *name);
extern const bi_fn bi_exec_fn;
/* Output helpers: write |b| to fd 1 / 2; return 0 or 1 on write error. */
int bi_flush(struct shell *sh, const char *name, struct sbx_buf *b, int fd);
/* A builtin's option words ("-ar -h", up to "--" or the first operand):
 * each letter sets bit (1 << its index in |letters|) of *|on|. Returns
 * the index of the first operand, or -1 with *|bad| the letter that is
 * not in |letters|. */
int bi_flags(int argc, char **argv, const char *letters, unsigned *on,
	     char *bad);

/* bi_*.c */
int bi_set(struct shell *sh, int argc, char **argv);
int bi_export(struct shell *sh, int argc, char **argv);
int bi_readonly(struct shell *sh, int argc, char **argv);
int bi_unset(struct shell *sh, int argc, char **argv);
int bi_local(struct shell *sh, int argc, char **argv);
int bi_declare(struct shell *sh, int argc, char **argv);
int bi_mapfile(struct shell *sh, int argc, char **argv);
int bi_local_bash(struct shell *sh, int argc, char **argv);
int bi_shift(struct shell *sh, int argc, char **argv);
int bi_read(struct shell *sh, int argc, char **argv);
int bi_getopts(struct shell *sh, int argc, char **argv);
int bi_cd(struct shell *sh, int argc, char **argv);
/* bi_dirs.c: bash's directory stack */
int bi_dirs(struct shell *sh, int argc, char **argv);
int bi_pushd(struct shell *sh, int argc, char **argv);
int bi_popd(struct shell *sh, int argc, char **argv);
/* cd DIR as the cd builtin does it (CDPATH, logical path, OLDPWD, PWD),
 * silently: 0 or the errno of the failed chdir. */
int sh_chdir(struct shell *sh, const char *dir);
int bi_pwd(struct shell *sh, int argc, char **argv);
int bi_shopt(struct shell *sh, int argc, char **argv);
/* option letters/names */
int sh_setopt_name(struct shell *sh, const char *name, bool on);
int sh_setopt_letter(struct shell *sh, char c, bool on);
/* "$-": the letters of the options that are on, in dash's order. */
void sh_dollar_dash(struct shell *sh, char *buf, size_t n);
/* The shell's locale, from LC_ALL, LC_CTYPE, LANG as setlocale would take
 * them (the interpreter never calls it): is it UTF-8? (echo's \u) */
bool sh_utf8_locale(struct shell *sh);

/* --- specvars.c: bash's special variables (not under posix) ----------- */
/* $UID, $EUID (read-only), $HOSTNAME, $OSTYPE; the clocks start. */
void sv_init(struct shell *sh);
/* |name| was assigned |val|: RANDOM seeds, SECONDS sets the count. */
void sv_assigned(struct shell *sh, const char *name, const char *val);
/* The value of a computed variable (|*tmp| owns it), or NULL when |name|
 * is none of them. The caller checks the mode. */
const char *sv_value(struct shell *sh, const char *name, char **tmp);
/* bash's computed arrays, PIPESTATUS, FUNCNAME, BASH_SOURCE and
 * BASH_LINENO, built afresh (valid until the next call), or NULL when
 * |name| is none of them. The caller checks the mode. */
struct arr *sv_array(struct shell *sh, const char *name);
/* A copy of |s| that lives as long as the shell (one per distinct s). */
const char *sv_intern(struct shell *sh, const char *s);
/* A function or `.` file starts (|name| "source"), its code from |src|
 * (interned), called at line |line|; and ends. */
void sv_frame_push(struct shell *sh, const char *name, const char *src,
		   int line);
void sv_frame_pop(struct shell *sh);
void sh_pwd_init(struct shell *sh);

#endif
