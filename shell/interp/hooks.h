/* shell/interp/hooks.h — how the interpreter tells the session (and the
 * interactive layer) what it is doing, without knowing either.
 *
 * The interpreter (eval, exec, jobs, redir, vars, the builtins) calls
 * only these hooks where it used to call the denial lines, the git scan,
 * live routing and the line editor by name. The table is set once at
 * start-up (sh_config.hooks, shell/main.c) and never changes, in the way
 * minijail's hooks are: a unit test, a fuzz harness or a plain `sh`
 * passes none, and every call is then a no-op. Each hook gets the table's
 * |ctx| back (the session), and the shell.
 */
#ifndef SBX_HOOKS_H
#define SBX_HOOKS_H

#include <stdbool.h>
#include <stddef.h>

struct shell;
struct node;
struct sbx_diag;
struct sh_reader;

struct sh_hooks {
	void *ctx;
	/* The text of a line (or of a -c string, an rc file, an `eval`)
	 * before it runs: false refuses it, and nothing of it runs (status
	 * 126). The scope checker (docs/design.md §4). |tree|: the shell's
	 * parse of |text| (a command its loop read), which the checker
	 * reads instead of parsing the text again; NULL for a text the
	 * shell has not parsed yet (the checker parses it in the shell's
	 * language). */
	bool (*check_line)(void *ctx, struct shell *sh, const char *text,
			   size_t len, const struct node *tree);
	/* Opens the rc file |path| the shell expanded from $ENV, with the
	 * checks of an rc file main opened itself (shell/session/cfgread.h):
	 * the fd, -ENOENT when there is none to read, -EPERM (|d| says why)
	 * when it may not be trusted: then the session ends. */
	int (*open_rc)(void *ctx, struct shell *sh, const char *path,
		       struct sbx_diag *d);
	/* The reader of an interactive shell's input (line editing, the
	 * prompt, completion: shell/interactive/interactive.c). Without it,
	 * plain fd 0. */
	struct sh_reader *(*reader)(void *ctx, struct shell *sh);
	/* The builtins the other layers own (`policy`, `history`): argv[0]
	 * names which. Without it they say they are not available. */
	int (*builtin)(void *ctx, struct shell *sh, int argc, char **argv);
	/* `set -o osc133`: the terminal marks on (1) or off (0), or asked
	 * (-1); the state after. */
	bool (*marks)(void *ctx, int on);
	/* The shell's status goes to whoever waits for the session, and what
	 * the session left behind is ended (shell/session/reap.c): last of all.
	 */
	void (*end_session)(void *ctx, struct shell *sh, int status);
	/* The shell's variables are read from the environment: the session
	 * adds what it routes (live routing, shell/session/live.c). */
	void (*init)(void *ctx, struct shell *sh);
	/* The shell is set up and about to read its first line. */
	void (*start)(void *ctx, struct shell *sh);
	/* A line of the top level has been read and checked, and is about
	 * to run (live routing is applied again here). */
	void (*line)(void *ctx, struct shell *sh);
	/* One command of the top level starts / has ended (the denial
	 * lines read back what it said: shell/session/denials.c). */
	void (*cmd_begin)(void *ctx, struct shell *sh);
	void (*cmd_end)(void *ctx, struct shell *sh, const struct node *n);
	/* A process is about to be forked (a stage, a subshell, a command
	 * substitution, an external command), or this one to execve. */
	void (*before_fork)(void *ctx, struct shell *sh);
	void (*before_exec)(void *ctx, struct shell *sh);
	/* A redirection is about to open a file for writing. */
	void (*file_written)(void *ctx, struct shell *sh);
	/* A command is about to be looked up in PATH, and PATH was assigned
	 * since the last lookup or a tool may have been installed since
	 * (sh->path_changed, sh->live_bins_stale). */
	void (*path_search)(void *ctx, struct shell *sh);
	/* `set -o vi` / `set -o emacs`. */
	void (*edit_mode)(void *ctx, const char *mode);
	/* The shell ends (exit, end of input, end of -c), in every process
	 * of it: what the denial lines hold goes out first. */
	void (*at_exit)(void *ctx, struct shell *sh);
	/* The session's last word (the git report, shell/session/gitscan.h):
	 * once, by the top shell process only, after the EXIT trap. */
	void (*at_end)(void *ctx);
	/* The shell dies of a signal: async-signal-safe work only. */
	void (*at_fatal_signal)(void *ctx);
};

#define SH_HOOK(sh, name, ...)                                                 \
	do {                                                                   \
		const struct sh_hooks *h_ = (sh)->hooks;                       \
		if (h_ && h_->name)                                            \
			h_->name(h_->ctx, __VA_ARGS__);                        \
	} while (0)

#endif
