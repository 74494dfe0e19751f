/* core/secrets.h — the credential files no job may read or write
 * (docs/design.md §2, "Secrets are masked"): one table, a tool and a reason per
 * row. Pure.
 *
 * A row names a place relative to a base the way the tool itself finds it
 * ($HOME, the XDG base folders with their defaults, the runtime folder, or
 * an absolute path), and the tool's own variable for the same place
 * (GNUPGHOME, CARGO_HOME, KUBECONFIG ...). sec_resolve() turns the table
 * and the facts into absolute paths; core/policy.c masks each one, and
 * the backends enforce the masks.
 */
#ifndef SBX_SECRETS_H
#define SBX_SECRETS_H

#include "sbx.h"

enum sec_base {
	SEC_HOME,    /* $HOME */
	SEC_CONFIG,  /* $XDG_CONFIG_HOME, and its default ~/.config */
	SEC_DATA,    /* $XDG_DATA_HOME, and its default ~/.local/share */
	SEC_CACHE,   /* $XDG_CACHE_HOME (as sbxsh was started), and ~/.cache */
	SEC_RUNTIME, /* $XDG_RUNTIME_DIR, and /run/user/<uid> */
	SEC_ABS,     /* an absolute path; "%u" stands for the uid */
	SEC_VAR,     /* only what |var| names */
};

enum {
	SEC_F_LIST = 1 << 0, /* |var| is a ':'-separated list (KUBECONFIG) */
};

struct sec_row {
	enum sec_base base;
	const char *path; /* under the base; SEC_ABS: absolute; SEC_VAR: NULL */
	const char *var;  /* the tool's variable for the same place, or NULL */
	const char *sub;  /* under $var ("": $var itself) */
	const char *tool;
	const char *why;
	unsigned flags;
};
extern const struct sec_row sec_table[];
extern const size_t sec_table_len;

struct sec_facts {
	const char *home; /* $HOME (canonical), or NULL: no SEC_HOME rows and
			     no XDG defaults */
	char *const *env; /* the environment sbxsh was started with, before
			     the credential variables were withheld: the
			     tools' variables (GOOGLE_APPLICATION_CREDENTIALS
			     among them) say where their files are */
	bool uid_known;
	unsigned uid;
};

/* Called once per path (absolute, folded, not canonical; the same path
 * may come twice, from the variable and from the default). */
typedef void (*sec_emit_fn)(void *ctx, const char *path,
			    const struct sec_row *row);

/*
 * Every place of every row: under the variable's value when the tool's
 * variable (or the XDG variable of its base) is set to an absolute path,
 * and under the default too (a file left there from before the variable
 * was set is just as secret). Values that are not absolute are ignored,
 * as the XDG specification says; so is a value that would mask "/" or a
 * folder holding the home.
 */
void sec_resolve(const struct sec_facts *f, sec_emit_fn emit, void *ctx);

/* The folders most rows lie in (the home, the XDG bases and their
 * defaults, the runtime folder), each once: the effectful layer may read
 * them whole before the policy asks about each row's name in them. */
void sec_folders(const struct sec_facts *f,
		 void (*emit)(void *ctx, const char *dir), void *ctx);

#endif
