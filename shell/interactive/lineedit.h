/* shell/interactive/lineedit.h — the interactive line reader: libedit (emacs
 * and vi modes, ~/.editrc, TAB completion), per-workflow history, the prompt,
 * OSC 133/OSC 7 marks; or a plain reader with no escapes for TERM=dumb
 * and for input that is not a terminal.
 *
 * Lifecycle:
 *   hf_open()           before confinement (main.c, histfile.h): the history
 *                       file lies outside the sandbox's writable roots on
 *                       purpose, so the agent inside cannot rewrite it; the
 *                       fd opened there is the only way we write to it.
 *   le_reader()         when the shell turns interactive: a struct
 *                       sh_reader the parser pulls lines from.
 *   ...                 r->sync(r) before each command (emits OSC 133 C);
 *                       the next PS1 read emits D;$? first.
 *   in_free(r)          at exit (closes the history fd).
 *
 * This is the only file that includes <histedit.h>.
 */
#ifndef SBX_LINEEDIT_H
#define SBX_LINEEDIT_H

#include <stdbool.h>
#include <sys/types.h>

#include "complete.h"
#include "histfile.h"
#include "input.h"
#include "prompt.h"
#include "sbx.h"
#include "term.h"

#define LE_HIST_DEFAULT HF_KEEP_DEFAULT

struct le;

/* The interactive layer's state, one per shell process: the terminal's
 * marks and colour, the reader `history` and `set -o vi` act on, and the
 * mode a new reader starts in. main() owns it and the hooks reach it
 * through struct session's |ia| (shell/hooktab.c). Zeroed: no reader
 * yet, emacs mode, no marks. */
struct le_state {
	struct term_state term;
	struct le *active;    /* the last reader made, until destroyed */
	char default_mode[8]; /* "vi", "emacs"; "": emacs */
};

struct le_config {
	struct le_state *st; /* the layer's state (required) */
	const char *prog;    /* for "prog:" lines in ~/.editrc; "sbxsh" */
	int in_fd, out_fd;   /* normally 0 and 2 (prompts go to stderr) */
	int hist_fd;	     /* hf_open(), or -1: no history file */
	unsigned hist_size;  /* entries kept; 0: LE_HIST_DEFAULT */
	const char *mode;    /* "emacs" (default) or "vi" */
	bool agent;	     /* --agent: stable prompt, no colour, marks */
	/* Prompt: getvar/njobs/status/expand/workflow/backend. The reader
	 * fills colour, agent and delim itself. */
	struct pr_ctx prompt;
	/* Completion names from the shell (builtins, functions, aliases,
	 * jobs, variables). Copied. */
	struct cmp_source complete;
	/* Called before each PS1, after the OSC 133 D of the last command
	 * and before the prompt: job notices go here, so they are neither
	 * inside the command's C..D output nor after the prompt. May be
	 * NULL. */
	void (*before_prompt)(void *ctx);
	/* set -b: while a line is being typed, called when a signal (a job
	 * ending: SIGCHLD) interrupts the key read. Appends the notices due
	 * now to |out| and returns true, or returns false if the shell wants
	 * none (set +b). Also asked once per line with |out| NULL: true if
	 * the read should be interruptible by SIGCHLD at all. The reader
	 * prints them on a line of their own and redraws the prompt and the
	 * half-typed line below them. May be NULL. */
	bool (*async_notices)(void *ctx, struct sbx_buf *out);
	/* Ctrl-C at a prompt (PS1 or PS2) dropped the line: the shell sets
	 * $? to 130, as dash and bash do. May be NULL. */
	void (*interrupted)(void *ctx);
	/* bash's set -H: true if `!!` and the like expand in the line a
	 * person typed. Never asked with |agent| (an agent's `!` is
	 * literal). May be NULL: no expansion. */
	bool (*histexpand)(void *ctx);
	void *ctx;
	/* Force the plain reader even on a terminal (tests). */
	bool plain;
};

/* A reader on cfg->in_fd. libedit when in_fd and out_fd are terminals
 * and TERM is not dumb; otherwise the plain reader (prompt without
 * escapes, then input.h's in_fd()). Takes ownership of cfg->hist_fd. */
struct sh_reader *le_reader(const struct le_config *cfg);

/* True when |r| is the libedit reader (not the plain one). */
bool le_is_editing(const struct sh_reader *r);

/* `set -o vi` / `set -o emacs`: 0, or -EINVAL for another name. Without a
 * libedit reader the mode is remembered for when one exists. */
int le_set_mode(struct le_state *st, struct sh_reader *r, const char *mode);
const char *le_mode(const struct le_state *st, const struct sh_reader *r);

/* The `history` builtin on the active reader: `history` lists all entries
 * numbered, `history N` the last N, `history -d N` removes entry N (from
 * the list and from the file), `history -c` empties both. Returns the
 * exit status (2 on a usage error, 1 on an N out of range; message in
 * |out|). */
int le_history_bi(struct le_state *st, int argc, char **argv,
		  struct sbx_buf *out);

#endif
