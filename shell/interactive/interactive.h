/* shell/interactive/interactive.h — the interactive layer's entry points that
 * the rest of the shell calls: the line-editing reader for an interactive
 * session, and the two builtins that live with it (they read the
 * session's policy and the line editor's history). */
#ifndef SBXSH_INTERACTIVE_H
#define SBXSH_INTERACTIVE_H

struct shell;
struct sh_reader;

/* The reader of an interactive session: libedit at a terminal, with the
 * prompt, completion and terminal marks wired to |sh|. */
struct sh_reader *sh_interactive_reader(struct shell *sh);

/* `history [N|-c]`: exit status. */
int bi_history(struct shell *sh, int argc, char **argv);

#endif
