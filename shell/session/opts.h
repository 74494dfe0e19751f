/* shell/session/opts.h — sbxsh's own command line. */
#ifndef SBX_OPTS_H
#define SBX_OPTS_H

#include <stdbool.h>

#include "policy.h"
#include "scope.h"

enum opt_action {
	OPT_RUN, /* open a session and run the shell */
	OPT_HELP,
	OPT_VERSION,
	OPT_PRINT_POLICY,
	OPT_PRINT_PROFILE,
	OPT_CHECK_LINE,
};

/* A repeatable option's values in the order given, and where each came
 * from: "flag", or "config FILE:LINE" for a line of the configuration
 * file (shell/session/cfgread.c). Both arrays are NULL-terminated; the strings
 * are borrowed (argv, or the configuration, which lives as long as sbxsh). */
#define OPT_LIST_MAX 64
struct opt_list {
	char *v[OPT_LIST_MAX + 1];
	const char *from[OPT_LIST_MAX + 1];
	int n;
};

/* --network MODE (docs/network.md). */
enum opt_net {
	OPT_NET_ON,	    /* the host's network (the default) */
	OPT_NET_OFF,	    /* --network off, --no-network: no TCP/UDP */
	OPT_NET_DOMAINS,    /* its own namespace, out through the proxy */
	OPT_NET_REGISTRIES, /* domains with @registries allowed */
};

struct sbx_opts {
	enum opt_action action;
	bool json;
	const char *profile;	/* --print-profile NAME */
	const char *check_line; /* --check-line LINE (--explain LINE) */
	const char *workspace, *workflow, *root, *state;
	const char *backend; /* NULL: platform default */
	enum pol_scope scope;
	bool no_network, no_persist, private_tmp;
	/* --network MODE; no_network is kept equal to (net == OPT_NET_OFF).
	 * The last of --network, --no-network, --allow-domain wins, flags
	 * after the file: --allow-domain turns on (not off) into domains. */
	enum opt_net net;
	const char *net_from;	       /* where |net| was set; NULL: default */
	struct opt_list allow_domains; /* --allow-domain PATTERN */
	struct opt_list deny_domains;  /* --deny-domain PATTERN */
	bool banner;	    /* --banner: banner on stderr even with -c */
	bool banner_short;  /* --banner=short: the banner in one line */
	int agent_token_fd; /* --agent-token-fd N, or -1 */
	bool agent;	    /* --agent: plain prompt, no colour, OSC 133 */
	/* --check (or check = in the file) was given: --agent's default
	 * (writes) does not apply */
	bool check_set;
	/* --agent-history shared: an --agent session reads and writes the
	 * person's history file, not its own */
	bool agent_history_shared;
	int interactive; /* -1 unknown (decide from the tty), 0, 1 */
	unsigned keep;	 /* --keep-runs N */
	enum scope_mode check;
	struct opt_list masks;	     /* --mask PATH */
	struct opt_list sockets;     /* --allow-socket PATH */
	struct opt_list keep_env;    /* --keep-env NAME|PATTERN */
	struct opt_list protects;    /* --protect PATH */
	struct opt_list allow_write; /* --allow-write DIR */
	const char *config;	     /* --config FILE */
	bool no_config;		     /* --no-config */
	bool norc;		     /* --norc */
	bool posix; /* --posix, -o posix, or invoked as sh: dash's language */
	/* Where the values being set come from: "flag" while the command
	 * line is read, a "config FILE:LINE" for each line of the file. */
	const char *origin;
	bool no_denials;      /* --denial-lines off (--explain-denials off) */
	int git_depth;	      /* --git-depth N; -1: the default */
	char set_flags[32];   /* -e -u -x ... letters */
	char unset_flags[32]; /* +e +m ... letters (after set_flags) */
	const char *command;  /* -c */
	bool read_stdin;      /* -s */
	const char *arg0;
	char **args; /* operands after the script / -c string */
	int nargs;
	const char *script;
};

/* 0, or -EINVAL with a one-line message in |diag| (main exits 2). */
int opt_parse(int argc, char **argv, struct sbx_opts *o, struct sbx_diag *diag);
/* The same over |o| as it is (the configuration's values already in it),
 * so the command line wins: scalars are replaced, lists grow. */
int opt_parse_over(int argc, char **argv, struct sbx_opts *o,
		   struct sbx_diag *diag);
/* |o| with every option at its default. */
void opt_init(struct sbx_opts *o);
/* Sets long option |name| ("scope", "no-network", ...) to |value| (NULL
 * for one that takes none), as "--name value" would, stamped with
 * o->origin: what the configuration file uses. 0 or -EINVAL (+diag). */
int opt_set(struct sbx_opts *o, const char *name, const char *value,
	    struct sbx_diag *diag);

/* "on", "off", "domains", "registries". */
const char *opt_net_name(enum opt_net n);
/* 0, or -EPERM with a one-line message naming the alternatives when |o|
 * asks for a network rule (off, domains, registries) that its backend
 * cannot keep (--backend none): the session is refused. */
int opt_check_unconfined(const struct sbx_opts *o, struct sbx_diag *diag);

extern const char opt_usage[];

#endif
