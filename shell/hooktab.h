/* shell/hooktab.h — the session's answers to the interpreter's hooks
 * (shell/interp/hooks.h), the one table main.c hands to sh_run(). */
#ifndef SBX_HOOKTAB_H
#define SBX_HOOKTAB_H

#include "hooks.h"

/* The denial lines (explain.c), the git scan (gitscan.c), live routing
 * (live.c) and the line editor's mode (lineedit.c) behind the hooks.
 * Their state is still their own modules' (ctx is NULL). */
extern const struct sh_hooks hk_session;

#endif
