/* core/config.h — what a line of the configuration file means (docs/design.md
 * §8). Pure: shell/session/cfgread.c reads the file (with libinih) and
 * asks this module what each section and key is, whether a file may be
 * trusted at all, and where the files are.
 *
 * Lifecycle: cfg_section() for each section header; cfg_option() for
 * each key in it (it names the command-line option the line stands for,
 * which opt_set() then applies, so a line and a flag can never mean two
 * different things); cfg_route_row() for a [route] row.
 */
#ifndef SBX_CONFIG_H
#define SBX_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "sbx.h"

enum cfg_sect {
	CFG_SECT_NONE,	   /* before the first header: no key belongs there */
	CFG_SECT_SANDBOX,  /* [sandbox]: what jobs may do */
	CFG_SECT_SESSION,  /* [session]: where the state lives, how it runs */
	CFG_SECT_WORKFLOW, /* [workflow "ID"]: either kind, one workflow */
	CFG_SECT_ROUTE,	   /* [route]: NAME = relative/path [bin/dir] */
	CFG_SECT_NETWORK,  /* [network]: mode, allow, deny (docs/network.md) */
};

/* |name| as libinih passes it (what lies between '[' and ']'). For
 * CFG_SECT_WORKFLOW, |*id| is the workflow id (new string; checked as
 * --workflow's is). 0, or -EINVAL (+diag). */
int cfg_section(const char *name, enum cfg_sect *kind, char **id,
		struct sbx_diag *d);

/* What |key| = |value| in a section of |kind| stands for: the long
 * option |*opt| (static; NULL when the line asks for nothing: "banner =
 * no") with the value |*optval| (|value| itself, or NULL for an option
 * that takes none: "network = no" is --no-network).
 * 0, or -EINVAL (+diag) for a key that is not known in that section or a
 * value that is not a yes/no where one is expected. */
int cfg_option(enum cfg_sect kind, const char *key, const char *value,
	       const char **opt, const char **optval, struct sbx_diag *d);

/* yes/no, true/false, on/off, 1/0 (any case). */
int cfg_bool(const char *v, bool *out);

/* A [route] row: |name| a variable name sbxsh does not route or guard
 * itself, |value| "SUB" or "SUB BIN": folders relative to the routing
 * base (no "..", not absolute). New strings in |*sub| and |*bin| (NULL
 * when not given). 0, or -EINVAL (+diag). */
int cfg_route_row(const char *name, const char *value, char **sub, char **bin,
		  struct sbx_diag *d);

/* What shell/session/cfgread.c knows of a file or of a folder above it. */
struct cfg_stat {
	unsigned uid, mode; /* st_uid, st_mode */
	bool is_dir;
};

/* Why a configuration or rc file (|is_dir| false) or one of the folders
 * holding it may not be trusted by user |me|, in |why|; false if it may.
 * (docs/design.md §8: someone else who can change the file chooses the next
 * session's policy.) */
bool cfg_untrusted(const char *path, const struct cfg_stat *st, unsigned me,
		   char *why, size_t n);

/* The configuration folder: $XDG_CONFIG_HOME/sbxsh (when absolute), else
 * HOME/.config/sbxsh; NULL without either. New string. */
char *cfg_dir(const char *xdg_config_home, const char *home);

#endif
