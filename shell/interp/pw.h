/* shell/interp/pw.h — the user database, for ~user and the prompt's \u. */
#ifndef SBX_PW_H
#define SBX_PW_H

#include <sys/types.h>

/* The home folder of |user|, or NULL. Static storage, valid until the
 * next call. */
const char *pw_home(const char *user);
/* The home folder of |uid|, or NULL. Same storage rule. */
const char *pw_home_uid(uid_t uid);
/* The login name of |uid|, or NULL. Same storage rule. */
const char *pw_name(uid_t uid);

#endif
