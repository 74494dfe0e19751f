/* shell/interactive/interactive.h — the interactive layer's entry points that
 * the rest of the shell calls: the line-editing reader for an interactive
 * session, and the two builtins that live with it (they read the
 * session's policy and the line editor's history). */
#ifndef SBXSH_INTERACTIVE_H
#define SBXSH_INTERACTIVE_H

struct shell;
struct sh_reader;
struct le_state;

/* The reader of an interactive session: libedit at a terminal, with the
 * prompt, completion and terminal marks wired to |sh|; |st| is the
 * layer's state (lineedit.h). */
struct sh_reader *sh_interactive_reader(struct le_state *st, struct shell *sh);

/* `history [N|-c]` on |st|'s reader: exit status. */
int bi_history(struct le_state *st, struct shell *sh, int argc, char **argv);

#endif
