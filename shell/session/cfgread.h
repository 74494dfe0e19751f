/* shell/session/cfgread.h — reading the configuration file (docs/design.md §8)
 * and deciding whether a configuration or rc file may be trusted.
 *
 * main: opt_parse() → cr_load() (the file, then the flags again over it)
 * → ses_open() (which asks cr_check_roots() of the policy it made) → the
 * shell, which opens its rc file with cr_open_trusted() and
 * cr_refuse_in_root(). What the file set lives in a struct cr_state
 * (struct session's |conf|) as long as the session.
 */
#ifndef SBX_CFGREAD_H
#define SBX_CFGREAD_H

#include "opts.h"
#include "interp_api.h"
#include "route.h"

struct sbx_policy;

/* What cr_load() read: the options and the policy borrow these strings
 * for the life of the session. Zeroed: no file read. */
struct cr_state {
	struct sbx_strv kept;	 /* every string handed out */
	char *config_canon;	 /* the file read, canonical; NULL: none */
	struct rt_extra *routes; /* its [route] rows, in file order */
	size_t nroutes;
};

/*
 * |o| as opt_parse() left it from |argv| says which file to read
 * (--no-config, --config FILE, $SBXSH_CONFIG, the default under
 * $XDG_CONFIG_HOME) and which workflow the session is for. Rebuilds |o|:
 * the defaults, the file's [sandbox] and [session] lines, the lines of
 * the workflow's own [workflow "ID"] section, then |argv| again, so
 * flags win. A missing default file is no error; a named one is.
 * 0, or -EINVAL/-EPERM/-errno with "config FILE:LINE: ..." (or "config
 * FILE: ...") in |d|: sbxsh runs nothing (exit 2).
 */
int cr_load(struct cr_state *cs, int argc, char **argv, struct sbx_opts *o,
	    struct sbx_diag *d);

/* Frees what cr_load() kept (every string the options and the [route]
 * rows borrow): only once nothing holds them any more, for a harness
 * that loads again and again under LeakSanitizer (tests/fuzz/). */
void cr_free(struct cr_state *cs);
/* The [route] rows the file added (in file order), for pol_facts. */
const struct rt_extra *cr_routes(const struct cr_state *cs, size_t *n);

/*
 * Opens |path| (a |what|: "configuration", "rc file") for reading if it
 * may be trusted: a regular file with one link whose owner is the user
 * or root and
 * which neither group nor others can write, in folders that are the
 * same (sticky ones aside). The canonical path goes to |*canon| (new
 * string). The fd, or -ENOENT (no diag) when it does not exist, or
 * -EPERM/-errno (+diag).
 */
int cr_open_trusted(const char *path, const char *what, char **canon,
		    struct sbx_diag *d);

/* -EPERM (+diag naming the root and what to do, not the file) if
 * canonical |canon|
 * lies inside a writable root of |pol|: a session could rewrite the
 * file and so widen (configuration) or take over (rc file) the next
 * one. 0 otherwise. The root of scope unrestricted does not count:
 * such a session is not confined at all. */
int cr_refuse_in_root(const struct sbx_policy *pol, const char *what,
		      const char *canon, struct sbx_diag *d);

/*
 * The rc file of an interactive session, opened before confinement so
 * that its owner is judged with the real uids (a user namespace shows
 * unmapped owners as 65534) and against the writable roots of
 * |builtin| (the built-in policy, shell/session/session.h) and of |pol| (either
 * may be NULL): $ENV if set, else $XDG_CONFIG_HOME/sbxsh/sbxshrc. The fd
 * (private, close-on-exec) with the path in |*path| (new string);
 * CR_RC_NONE when there is none; CR_RC_REFUSED when it may not be
 * trusted (one line naming it and why in |d|: the session does not
 * start, exit 2); CR_RC_EXPAND when $ENV holds an expansion, which only
 * the shell can do (it then opens the file itself, with the same
 * checks).
 */
enum {
	CR_RC_NONE = SH_RC_NONE,
	CR_RC_EXPAND = SH_RC_EXPAND,
	CR_RC_REFUSED = -3
};
int cr_open_rc(const struct sbx_policy *builtin, const struct sbx_policy *pol,
	       char **path, struct sbx_diag *d);
/* The same for the rc file |path| (the shell's expansion of $ENV). */
int cr_open_rc_at(const struct sbx_policy *builtin,
		  const struct sbx_policy *pol, const char *path,
		  struct sbx_diag *d);

/* The configuration cr_load() read (canonical), or NULL. */
const char *cr_config_path(const struct cr_state *cs);

/* cr_refuse_in_root() for the configuration cr_load() read, if any:
 * asked of the built-in policy (shell/session/session.h) before anything is
 * created, and of the session's. */
int cr_check_roots(const struct cr_state *cs, const struct sbx_policy *pol,
		   struct sbx_diag *d);

#endif
