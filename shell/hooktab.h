/* shell/hooktab.h — the session's answers to the interpreter's hooks
 * (shell/interp/hooks.h), the one table main.c hands to sh_run(). */
#ifndef SBX_HOOKTAB_H
#define SBX_HOOKTAB_H

#include "hooks.h"

struct session;

/* The denial lines (denials.c), the git scan (gitscan.c), live routing
 * (live.c) and the line editor's mode (lineedit.c) behind the hooks, with
 * |s| as the table's ctx: each hook finds the session's state there. |s|
 * must outlive the shell (main()'s own). */
struct sh_hooks hk_for(struct session *s);

#endif
