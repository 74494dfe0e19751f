/* shell/opts.h — sbxsh's own command line. */
#ifndef SBX_OPTS_H
#define SBX_OPTS_H

#include <stdbool.h>

#include "policy.h"
#include "scope.h"

enum opt_action {
	OPT_RUN,          /* open a session and run the shell */
	OPT_HELP,
	OPT_VERSION,
	OPT_PRINT_POLICY,
	OPT_PRINT_PROFILE,
	OPT_EXPLAIN,
};

struct sbx_opts {
	enum opt_action action;
	bool json;
	const char *profile;     /* --print-profile NAME */
	const char *explain;     /* --explain LINE */
	const char *workspace, *workflow, *root, *state;
	const char *backend;     /* NULL: platform default */
	enum pol_scope scope;
	bool no_network, no_persist, private_tmp;
	bool banner;             /* --banner: banner on stderr even with -c */
	bool agent;              /* --agent: plain prompt, no colour, OSC 133 */
	int interactive;         /* -1 unknown (decide from the tty), 0, 1 */
	unsigned keep;           /* --keep-runs N */
	enum scope_mode check;
	char *masks[64];         /* --mask PATH, NULL-terminated */
	int nmasks;
	char *sockets[64];       /* --allow-socket PATH, NULL-terminated */
	int nsockets;
	char *keep_env[64];      /* --keep-env NAME|PATTERN, NULL-terminated */
	int nkeep_env;
	char *protects[64];      /* --protect PATH, NULL-terminated */
	int nprotects;
	int git_depth;           /* --git-depth N; -1: the default */
	char set_flags[32];      /* -e -u -x ... letters */
	char unset_flags[32];    /* +e +m ... letters (after set_flags) */
	const char *command;     /* -c */
	bool read_stdin;         /* -s */
	const char *arg0;
	char **args;             /* operands after the script / -c string */
	int nargs;
	const char *script;
};

/* 0, or -EINVAL with a one-line message in |diag| (main exits 2). */
int opt_parse(int argc, char **argv, struct sbx_opts *o,
	      struct sbx_diag *diag);

extern const char opt_usage[];

#endif
