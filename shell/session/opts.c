/* shell/session/opts.c — parsing sbxsh's command line.
 *
 * Hand-written rather than getopt_long: options stop at the first operand
 * (the script, as sh does), long options take "--opt=v" and "--opt v",
 * short shell flags cluster ("-eux", "-ec 'cmd'"), and every error is one
 * line we word ourselves.
 */
#include "opts.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "sbx.h"

const char opt_usage[] =
    "usage: sbxsh [options] [-c COMMAND [NAME [ARG...]] | SCRIPT [ARG...]]\n"
    "\n"
    "Every command runs in a kernel-enforced sandbox: the workspace, its\n"
    ".sandbox-cache and the session's run folder are writable, and the temp\n"
    "dir and tool caches that are not routed into .sandbox-cache (and exist);\n"
    "the rest is read-only. --print-policy lists each writable root and why.\n"
    "\n"
    "Session:\n"
    "  --workspace DIR      open DIR as the workspace (default: the current "
    "dir)\n"
    "  --workflow ID        open <root>/Workflow/ID\n"
    "  --root DIR           workflows base for --workflow (default $SBXSH_ROOT "
    "or .)\n"
    "  --state DIR          keep .sandbox-cache and .sandbox-runs in DIR\n"
    "  --keep-runs N        run folders to keep (default 5)\n"
    "  --no-persist         route installs into the run folder (gone next "
    "session)\n"
    "  --persist            route them into .sandbox-cache (the default)\n"
    "  --config FILE        read FILE as the configuration (default "
    "$SBXSH_CONFIG,\n"
    "                       else $XDG_CONFIG_HOME/sbxsh/config; "
    "docs/config.md)\n"
    "  --no-config          read no configuration file\n"
    "  --norc               interactive: source neither $ENV nor\n"
    "                       $XDG_CONFIG_HOME/sbxsh/sbxshrc\n"
    "  --posix              dash's language exactly (also -o posix, or run\n"
    "                       as sh); the default is bash's (docs/language.md)\n"
    "Sandbox:\n"
    "  --backend NAME       landlock (default), namespace, seatbelt, none\n"
    "  --scope SCOPE        workspace (default), read-only, unrestricted\n"
    "  --network MODE       on (the default: the host's network), off (no "
    "TCP/UDP\n"
    "                       sockets; also --no-network), domains (a network "
    "of its\n"
    "                       own, out only through sbxsh's proxy to allowed "
    "names),\n"
    "                       registries (domains with @registries; "
    "docs/network.md)\n"
    "  --allow-domain PATTERN  let the proxy reach PATTERN (example.com,\n"
    "                       *.example.com, an address or CIDR, each with "
    "[:PORT];\n"
    "                       repeatable; implies --network domains)\n"
    "  --deny-domain PATTERN   refuse PATTERN even when allowed "
    "(repeatable)\n"
    "  --private-tmp        give the session a private /tmp (namespace "
    "backend)\n"
    "  --no-private-tmp     share the host's /tmp (the default)\n"
    "  --allow-write DIR    also make the folder DIR writable (repeatable; "
    "never /,\n"
    "                       your home itself, a masked secret or a folder "
    "holding one)\n"
    "  --mask PATH          also mask PATH like a secret (repeatable)\n"
    "  --allow-socket PATH  let jobs connect to the unix socket PATH, made\n"
    "                       outside the session (repeatable; e.g. a docker or\n"
    "                       ssh-agent socket you trust the job with)\n"
    "  --keep-env NAME      pass credential variable NAME to the session "
    "anyway\n"
    "                       (repeatable; NAME may hold '*': 'AWS_*')\n"
    "  --protect PATH       keep PATH in the workspace read-only, like git's "
    "hooks\n"
    "                       and config (repeatable; an .envrc, .vscode/)\n"
    "  --git-depth N        look for repositories N folders below the "
    "workspace\n"
    "                       (default 2, 0-6)\n"
    "  --check MODE         scope checker: warn (default), writes (only what\n"
    "                       will be refused), deny, off\n"
    "  --denial-lines on|off  after a failed command, one line per path "
    "the\n"
    "                       sandbox refused (default on; set +o denials)\n"
    "Shell:\n"
    "  -c COMMAND           run COMMAND (then $0 and $1... from the operands)\n"
    "  -s                   read commands from standard input\n"
    "  -i                   interactive\n"
    "  -e -u -x -f -C -v    as set -e ... (also -o NAME)\n"
    "  --banner[=short]     print the start-up banner on stderr even with -c\n"
    "                       (short: one line; `policy` for more)\n"
    "  --agent              plain stable prompt, no colour, OSC 133 marks\n"
    "                       ending in the banner's agent_token\n"
    "  --agent-token-fd N   with --agent: the marks' token is the 32 hex\n"
    "                       digits read from fd N (closed before any job)\n"
    "  --agent-history separate|shared  an --agent session's history: its "
    "own\n"
    "                       file (the default) or the person's\n"
    "Information (nothing is created):\n"
    "  --print-policy [--json]     the policy this session would get\n"
    "  --print-profile seatbelt|bwrap   the equivalent sandbox profile\n"
    "  --check-line 'LINE'  the line check: what the scope checker flags in "
    "LINE\n"
    "                       (exit 1 if any will be refused; a read is "
    "a note)\n"
    "  (--explain and --explain-denials are the old names of --check-line "
    "and\n"
    "   --denial-lines, and still work)\n"
    "  --help, --version\n";

/* Long options taking a value, and where the value goes. */
static const struct {
	const char *name;
	size_t field; /* offsetof a const char * of struct sbx_opts */
} long_vals[] = {
    {"workspace", offsetof(struct sbx_opts, workspace)},
    {"workflow", offsetof(struct sbx_opts, workflow)},
    {"root", offsetof(struct sbx_opts, root)},
    {"state", offsetof(struct sbx_opts, state)},
    {"config", offsetof(struct sbx_opts, config)},
    {"print-profile", offsetof(struct sbx_opts, profile)},
    {"check-line", offsetof(struct sbx_opts, check_line)},
    /* --explain: the line check's old name, kept as an alias */
    {"explain", offsetof(struct sbx_opts, check_line)},
};

static const char **long_val(struct sbx_opts *o, const char *name)
{
	for (size_t k = 0; k < sizeof(long_vals) / sizeof(long_vals[0]); k++)
		if (!strcmp(long_vals[k].name, name))
			return (const char **)((char *)o + long_vals[k].field);
	return NULL;
}

static const char *const long_vals_other[] = {
    "scope",	    "check",	    "mask",	     "keep-env",
    "keep-runs",    "allow-socket", "protect",	     "git-depth",
    "backend",	    "allow-write",  "denial-lines",  "explain-denials",
    "allow-domain", "deny-domain",  "agent-history", "agent-token-fd",
    NULL,
};

/* -x sets, +x unsets (sh's synopsis: [-abCefhimnuvx] [+abCefhimnuvx]):
 * the letter goes into one list and out of the other. */
static int set_flag_letter(struct sbx_opts *o, char c, bool plus)
{
	char *to = plus ? o->unset_flags : o->set_flags;
	char *from = plus ? o->set_flags : o->unset_flags, *f;
	size_t n = strlen(to);

	if (!strchr("aefhmnuvxCb", c))
		return -EINVAL;
	if ((f = strchr(from, c)))
		memmove(f, f + 1, strlen(f));
	if (n + 1 < sizeof(o->set_flags) && !strchr(to, c)) {
		to[n] = c;
		to[n + 1] = '\0';
	}
	return 0;
}

static int set_o_name(struct sbx_opts *o, const char *name, struct sbx_diag *d)
{
	static const struct {
		const char *name;
		char letter;
	} map[] = {
	    {"errexit", 'e'},	{"nounset", 'u'},   {"xtrace", 'x'},
	    {"noglob", 'f'},	{"noclobber", 'C'}, {"verbose", 'v'},
	    {"allexport", 'a'}, {"noexec", 'n'},    {"monitor", 'm'},
	    {"notify", 'b'},
	};
	size_t n;

	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(map[i].name, name))
			return set_flag_letter(o, map[i].letter, false);
	if (!strcmp(name, "posix")) {
		o->posix = true;
		return 0;
	}
	if (!strcmp(name, "pipefail")) {
		/* Not a letter: passed as 'P' to the shell. */
		n = strlen(o->set_flags);
		if (n + 1 < sizeof(o->set_flags)) {
			o->set_flags[n] = 'P';
			o->set_flags[n + 1] = '\0';
		}
		return 0;
	}
	return sbx_diag_set(d, -EINVAL, "-o %s: unknown option name", name);
}

/* Appends |v| to |l|, stamped with where it came from. */
static int list_push(struct sbx_opts *o, struct opt_list *l, const char *name,
		     const char *v, struct sbx_diag *d)
{
	if (l->n >= OPT_LIST_MAX)
		return sbx_diag_set(d, -EINVAL, "too many --%s options", name);
	if (!*v)
		return sbx_diag_set(d, -EINVAL, "--%s needs %s", name,
				    !strcmp(name, "keep-env") ? "a name"
				    : strstr(name, "-domain") ? "a pattern"
							      : "a path");
	l->v[l->n] = (char *)v;
	l->from[l->n++] = o->origin ? o->origin : "flag";
	l->v[l->n] = NULL;
	l->from[l->n] = NULL;
	return 0;
}

static int number(const char *name, const char *v, long lo, long hi, long *out,
		  struct sbx_diag *d)
{
	char *end;
	long k = strtol(v, &end, 10);

	if (*v == '\0' || *end || k < lo || k > hi)
		return sbx_diag_set(
		    d, -EINVAL, "--%s %s: expected a number from %ld to %ld",
		    name, v, lo, hi);
	*out = k;
	return 0;
}

static int other_val(struct sbx_opts *o, const char *name, const char *v,
		     struct sbx_diag *d)
{
	long k;

	if (!strcmp(name, "scope")) {
		if (pol_scope_parse(v, &o->scope) < 0)
			return sbx_diag_set(
			    d, -EINVAL,
			    "--scope %s: expected workspace, read-only or "
			    "unrestricted",
			    v);
	} else if (!strcmp(name, "check")) {
		if (scope_mode_parse(v, &o->check) < 0)
			return sbx_diag_set(
			    d, -EINVAL,
			    "--check %s: expected warn, writes, deny or off",
			    v);
		o->check_set = true;
	} else if (!strcmp(name, "denial-lines") ||
		   !strcmp(name, "explain-denials")) {
		/* --explain-denials: the old name, kept as an alias */
		if (strcmp(v, "on") && strcmp(v, "off"))
			return sbx_diag_set(
			    d, -EINVAL, "--%s %s: expected on or off", name, v);
		o->no_denials = !strcmp(v, "off");
	} else if (!strcmp(name, "allow-domain")) {
		if (list_push(o, &o->allow_domains, name, v, d) < 0)
			return -EINVAL;
		/* Naming what to allow asks for the proxy; off stays off
		 * (the narrower of the two). */
		if (o->net == OPT_NET_ON) {
			o->net = OPT_NET_DOMAINS;
			o->net_from = o->origin ? o->origin : "flag";
		}
		return 0;
	} else if (!strcmp(name, "deny-domain")) {
		return list_push(o, &o->deny_domains, name, v, d);
	} else if (!strcmp(name, "agent-history")) {
		if (strcmp(v, "separate") && strcmp(v, "shared"))
			return sbx_diag_set(
			    d, -EINVAL,
			    "--agent-history %s: expected separate or shared",
			    v);
		o->agent_history_shared = !strcmp(v, "shared");
	} else if (!strcmp(name, "mask")) {
		return list_push(o, &o->masks, name, v, d);
	} else if (!strcmp(name, "allow-socket")) {
		return list_push(o, &o->sockets, name, v, d);
	} else if (!strcmp(name, "allow-write")) {
		return list_push(o, &o->allow_write, name, v, d);
	} else if (!strcmp(name, "keep-env")) {
		/* A name (or a pattern of names): a value would end up in
		 * the shell's argv, which every job can read in /proc. */
		if (strchr(v, '='))
			return sbx_diag_set(
			    d, -EINVAL,
			    "--keep-env %s: expected a variable name (or a "
			    "pattern such as 'AWS_*'), never a value",
			    v);
		return list_push(o, &o->keep_env, name, v, d);
	} else if (!strcmp(name, "protect")) {
		return list_push(o, &o->protects, name, v, d);
	} else if (!strcmp(name, "git-depth")) {
		if (number(name, v, 0, 6, &k, d) < 0)
			return -EINVAL;
		o->git_depth = (int)k;
	} else if (!strcmp(name, "agent-token-fd")) {
		/* 0..2 are the terminal: a token is never typed there */
		if (number(name, v, 3, 65535, &k, d) < 0)
			return -EINVAL;
		o->agent_token_fd = (int)k;
	} else if (!strcmp(name, "keep-runs")) {
		if (number(name, v, 1, 1000, &k, d) < 0)
			return -EINVAL;
		o->keep = (unsigned)k;
	} else if (!strcmp(name, "backend")) {
		for (const char *const *n = be_names; *n; n++)
			if (!strcmp(*n, v)) {
				o->backend = v;
				return 0;
			}
		return sbx_diag_set(d, -EINVAL,
				    "unknown backend '%s': "
				    "expected landlock, namespace, seatbelt "
				    "or none",
				    v);
	}
	return 0;
}

/* --network's values; NULL-terminated. */
static const char *const net_modes[] = {
    [OPT_NET_ON] = "on",
    [OPT_NET_OFF] = "off",
    [OPT_NET_DOMAINS] = "domains",
    [OPT_NET_REGISTRIES] = "registries",
    NULL,
};

const char *opt_net_name(enum opt_net n)
{
	return net_modes[n];
}

/* --network [MODE]: with no value, "on" (what --network meant before it
 * took one). */
static int set_network(struct sbx_opts *o, const char *v, struct sbx_diag *d)
{
	int k;

	for (k = 0; v && net_modes[k]; k++)
		if (!strcmp(net_modes[k], v))
			break;
	if (v && !net_modes[k])
		return sbx_diag_set(d, -EINVAL,
				    "--network %s: expected on, off, domains "
				    "or registries",
				    v);
	o->net = v ? (enum opt_net)k : OPT_NET_ON;
	o->net_from = o->origin ? o->origin : "flag";
	o->no_network = o->net == OPT_NET_OFF;
	return 0;
}

/* Long options that take no value: each picks what sbxsh does, or sets
 * (or clears) a flag. */
#define FLAG(f) OPT_RUN, offsetof(struct sbx_opts, f)
static const struct {
	const char *name;
	enum opt_action action; /* OPT_RUN: none, |flag| is set to |on| */
	size_t flag;		/* offsetof a bool of struct sbx_opts */
	bool on;
} long_switches[] = {
    {"help", OPT_HELP, 0, false},
    {"version", OPT_VERSION, 0, false},
    {"print-policy", OPT_PRINT_POLICY, 0, false},
    {"json", FLAG(json), true},
    {"no-persist", FLAG(no_persist), true},
    {"persist", FLAG(no_persist), false},
    {"private-tmp", FLAG(private_tmp), true},
    {"no-private-tmp", FLAG(private_tmp), false},
    {"no-config", FLAG(no_config), true},
    {"norc", FLAG(norc), true},
    {"posix", FLAG(posix), true},
    {"banner", FLAG(banner), true},
    {"agent", FLAG(agent), true},
};
#undef FLAG

/* Long option |name| with value |val| (NULL: it was given none). */
static int set_long(struct sbx_opts *o, const char *name, const char *val,
		    struct sbx_diag *d)
{
	const char **slot = long_val(o, name);
	bool takes = slot != NULL;

	if (!strcmp(name, "network"))
		return set_network(o, val, d);
	for (int k = 0; long_vals_other[k]; k++)
		if (!strcmp(long_vals_other[k], name))
			takes = true;
	if (takes) {
		if (!val)
			return sbx_diag_set(d, -EINVAL,
					    "option '--%s' needs an argument",
					    name);
		if (slot) {
			*slot = val;
			if (!strcmp(name, "print-profile"))
				o->action = OPT_PRINT_PROFILE;
			else if (!strcmp(name, "check-line") ||
				 !strcmp(name, "explain"))
				o->action = OPT_CHECK_LINE;
			return 0;
		}
		return other_val(o, name, val, d);
	}
	/* --banner=short (config: banner = short): the banner, in one
	 * line. Only with '=': "--banner FILE" stays --banner and a script. */
	if (val && !strcmp(name, "banner")) {
		if (strcmp(val, "short") && strcmp(val, "long"))
			return sbx_diag_set(d, -EINVAL,
					    "--banner=%s: expected short or "
					    "long",
					    val);
		o->banner = true;
		o->banner_short = !strcmp(val, "short");
		return 0;
	}
	if (val)
		return sbx_diag_set(d, -EINVAL,
				    "option '--%s' takes no argument", name);
	for (size_t k = 0; k < sizeof(long_switches) / sizeof(long_switches[0]);
	     k++) {
		if (strcmp(long_switches[k].name, name))
			continue;
		if (long_switches[k].action != OPT_RUN)
			o->action = long_switches[k].action;
		else
			*(bool *)((char *)o + long_switches[k].flag) =
			    long_switches[k].on;
		return 0;
	}
	if (!strcmp(name, "no-network"))
		return set_network(o, "off", d);
	return sbx_diag_set(d, -EINVAL, "unknown option '--%s'", name);
}

int opt_set(struct sbx_opts *o, const char *name, const char *value,
	    struct sbx_diag *d)
{
	return set_long(o, name, value, d);
}

static int parse_long(struct sbx_opts *o, int argc, char **argv, int *i,
		      struct sbx_diag *d)
{
	const char *arg = argv[*i] + 2, *eq = strchr(arg, '=');
	SBX_AUTOFREE char *name =
	    eq ? xstrndup(arg, (size_t)(eq - arg)) : xstrdup(arg);
	const char *val = eq ? eq + 1 : NULL;
	bool takes = long_val(o, name) != NULL;

	for (int k = 0; long_vals_other[k]; k++)
		if (!strcmp(long_vals_other[k], name))
			takes = true;
	if (takes && !eq && *i + 1 < argc) {
		val = argv[++*i];
		/* `--workspace -c true` would open a folder named "-c" and
		 * run the shell on "true" as a script; `--keep-env -c ...`
		 * would pass a variable "-c": the value was forgotten, so
		 * say so. A value that does start with '-' goes after '='. */
		if (val[0] == '-' && val[1])
			return sbx_diag_set(d, -EINVAL,
					    "option '--%s' needs an argument, "
					    "got the option '%s' (write "
					    "--%s=%s if that is the value)",
					    name, val, name, val);
	}
	/* --network's value is optional: the next word is taken only when
	 * it is a mode, so `sbxsh --network script.sh` still runs the
	 * script. */
	if (!strcmp(name, "network") && !eq && *i + 1 < argc) {
		for (int k = 0; net_modes[k]; k++)
			if (!strcmp(net_modes[k], argv[*i + 1])) {
				val = argv[++*i];
				break;
			}
	}
	return set_long(o, name, val, d);
}

static int parse_short(struct sbx_opts *o, int argc, char **argv, int *i,
		       struct sbx_diag *d)
{
	const char *a = argv[*i];
	bool plus = a[0] == '+';

	for (const char *p = a + 1; *p; p++) {
		switch (*p) {
		case 'c':
			o->command = ""; /* the string is the first operand */
			break;
		case 's':
			o->read_stdin = true;
			break;
		case 'i':
			o->interactive = plus ? 0 : 1;
			break;
		case 'o':
			if (*i + 1 >= argc)
				return sbx_diag_set(
				    d, -EINVAL,
				    "option '-o' needs an argument");
			if (set_o_name(o, argv[++*i], d) < 0)
				return -EINVAL;
			break;
		default:
			if (set_flag_letter(o, *p, plus) < 0)
				return sbx_diag_set(d, -EINVAL,
						    "unknown option '-%c'", *p);
		}
	}
	return 0;
}

void opt_init(struct sbx_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->interactive = -1;
	o->agent_token_fd = -1;
	o->git_depth = -1;
}

int opt_parse(int argc, char **argv, struct sbx_opts *o, struct sbx_diag *d)
{
	opt_init(o);
	return opt_parse_over(argc, argv, o, d);
}

int opt_parse_over(int argc, char **argv, struct sbx_opts *o,
		   struct sbx_diag *d)
{
	int i;

	o->origin = "flag";
	o->arg0 = argv[0] ? argv[0] : "sbxsh";
	/* Invoked as sh (or -sh, a login shell): scripts written for sh get
	 * dash's language exactly, as bash does in its posix mode. */
	{
		const char *b = strrchr(o->arg0, '/');

		b = b ? b + 1 : o->arg0;
		if (!strcmp(b, "sh") || !strcmp(b, "-sh"))
			o->posix = true;
	}
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		int r;

		if (!strcmp(a, "--")) {
			i++;
			break;
		}
		if (a[0] == '-' && a[1] == '-')
			r = parse_long(o, argc, argv, &i, d);
		else if ((a[0] == '-' || a[0] == '+') && a[1])
			r = parse_short(o, argc, argv, &i, d);
		else
			break;
		if (r < 0)
			return r;
	}
	if (o->command) {
		if (i >= argc)
			return sbx_diag_set(d, -EINVAL,
					    "option '-c' needs an argument");
		o->command = argv[i++];
		if (i < argc)
			o->arg0 = argv[i++];
	} else if (i < argc && !o->read_stdin) {
		o->script = argv[i++];
		o->arg0 = o->script;
	}
	o->args = argv + i;
	/* An --agent session's command output is the harness's: a note for
	 * a read that works (`cd /etc`) would land between its marks, so
	 * it flags only what will be refused unless --check says more. */
	if (o->agent && !o->check_set)
		o->check = SCOPE_MODE_WRITES;
	o->nargs = argc - i;
	if (o->workspace && o->workflow)
		return sbx_diag_set(
		    d, -EINVAL,
		    "--workspace and --workflow are exclusive: pick one");
	if (o->profile && strcmp(o->profile, "seatbelt") &&
	    strcmp(o->profile, "bwrap"))
		return sbx_diag_set(
		    d, -EINVAL,
		    "--print-profile %s: expected seatbelt or bwrap",
		    o->profile);
	return 0;
}

/*
 * --backend none confines nothing: no seccomp filter refuses socket(), no
 * job is kept inside a network namespace (root keeps its capabilities and
 * can nsenter into the host's; anyone can use the host's unix sockets).
 * A session that asked for off, domains or registries and got none would
 * be one whose banner claims a door shut that stands open, so it is
 * refused before anything is created (docs/network.md, fail closed).
 */
int opt_check_unconfined(const struct sbx_opts *o, struct sbx_diag *d)
{
	if (!o->backend || strcmp(o->backend, "none") || o->net == OPT_NET_ON)
		return 0;
	return sbx_diag_set(
	    d, -EPERM,
	    "--network %s (%s) cannot be kept with --backend none: no "
	    "backend confines the session, so nothing would keep a job off "
	    "the host's network; refusing to run. Alternatives: --backend "
	    "landlock or --backend namespace (the network rule holds), or "
	    "--network on (unconfined, with the host's network)",
	    opt_net_name(o->net), o->net_from ? o->net_from : "default");
}
