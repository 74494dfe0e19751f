/* core/config.c — the meaning of the configuration file's lines. Pure.
 *
 * Every key is a command-line option under another spelling: the table
 * below maps one to the other and opt_set() applies it, so the file can
 * do exactly what flags do, refused where they are refused (an
 * allow-write of the home fails the same way from either).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "envfilter.h"
#include "layout.h"
#include "route.h"

/* How a key's value becomes an option. */
enum cfg_val {
	CFG_V_VALUE, /* --opt VALUE (lists grow: one line per value) */
	CFG_V_BOOL,  /* yes: --opt, no: --no_opt */
	CFG_V_NET,   /* yes/no as CFG_V_BOOL, or a --network MODE */
};

struct cfg_key {
	const char *key;
	enum cfg_sect sect; /* SANDBOX or SESSION; both in [workflow] */
	enum cfg_val val;
	const char *yes, *no; /* CFG_V_BOOL: the options; CFG_V_VALUE:
				 |yes| the option when it is not |key| */
};

/*
 * --workspace and --workflow are not keys: they say which session to
 * open, not what it gets, and a file that opened the same workspace
 * every time would surprise whoever typed `sbxsh` somewhere else.
 * --config, --no-config and --norc choose the files themselves.
 */
static const struct cfg_key cfg_keys[] = {
    {"allow-write", CFG_SECT_SANDBOX, CFG_V_VALUE, NULL, NULL},
    {"mask", CFG_SECT_SANDBOX, CFG_V_VALUE, NULL, NULL},
    {"protect", CFG_SECT_SANDBOX, CFG_V_VALUE, NULL, NULL},
    {"allow-socket", CFG_SECT_SANDBOX, CFG_V_VALUE, NULL, NULL},
    {"keep-env", CFG_SECT_SANDBOX, CFG_V_VALUE, NULL, NULL},
    {"scope", CFG_SECT_SANDBOX, CFG_V_VALUE, NULL, NULL},
    {"backend", CFG_SECT_SANDBOX, CFG_V_VALUE, NULL, NULL},
    {"check", CFG_SECT_SANDBOX, CFG_V_VALUE, NULL, NULL},
    {"git-depth", CFG_SECT_SANDBOX, CFG_V_VALUE, NULL, NULL},
    {"network", CFG_SECT_SANDBOX, CFG_V_NET, "network", "no-network"},
    {"allow-domain", CFG_SECT_SANDBOX, CFG_V_VALUE, NULL, NULL},
    {"deny-domain", CFG_SECT_SANDBOX, CFG_V_VALUE, NULL, NULL},
    /* [network]: the same three under shorter names */
    {"mode", CFG_SECT_NETWORK, CFG_V_VALUE, "network", NULL},
    {"allow", CFG_SECT_NETWORK, CFG_V_VALUE, "allow-domain", NULL},
    {"deny", CFG_SECT_NETWORK, CFG_V_VALUE, "deny-domain", NULL},
    {"private-tmp", CFG_SECT_SANDBOX, CFG_V_BOOL, "private-tmp",
     "no-private-tmp"},
    {"root", CFG_SECT_SESSION, CFG_V_VALUE, NULL, NULL},
    {"state", CFG_SECT_SESSION, CFG_V_VALUE, NULL, NULL},
    {"keep-runs", CFG_SECT_SESSION, CFG_V_VALUE, NULL, NULL},
    {"persist", CFG_SECT_SESSION, CFG_V_BOOL, "persist", "no-persist"},
    {"banner", CFG_SECT_SESSION, CFG_V_BOOL, "banner", NULL},
    {"agent", CFG_SECT_SESSION, CFG_V_BOOL, "agent", NULL},
    {"denial-lines", CFG_SECT_SESSION, CFG_V_VALUE, NULL, NULL},
    /* denial-lines' old name, kept as an alias (--explain-denials) */
    {"explain-denials", CFG_SECT_SESSION, CFG_V_VALUE, NULL, NULL},
    {"agent-history", CFG_SECT_SESSION, CFG_V_VALUE, NULL, NULL},
};

static const char *const sect_names[] = {
    [CFG_SECT_SANDBOX] = "sandbox",
    [CFG_SECT_SESSION] = "session",
    [CFG_SECT_NETWORK] = "network",
};

int cfg_section(const char *name, enum cfg_sect *kind, char **id,
		struct sbx_diag *d)
{
	static const char wf[] = "workflow";
	size_t n = strlen(name);

	*id = NULL;
	if (!strcmp(name, "sandbox")) {
		*kind = CFG_SECT_SANDBOX;
	} else if (!strcmp(name, "session")) {
		*kind = CFG_SECT_SESSION;
	} else if (!strcmp(name, "route")) {
		*kind = CFG_SECT_ROUTE;
	} else if (!strcmp(name, "network")) {
		*kind = CFG_SECT_NETWORK;
	} else if (!strncmp(name, wf, sizeof(wf) - 1) &&
		   name[sizeof(wf) - 1] == ' ') {
		const char *q = name + sizeof(wf);
		size_t k;

		while (*q == ' ')
			q++;
		k = strlen(q);
		if (k < 3 || q[0] != '"' || q[k - 1] != '"')
			return sbx_diag_set(d, -EINVAL,
					    "[%s]: expected "
					    "[workflow \"ID\"]",
					    name);
		*id = xstrndup(q + 1, k - 2);
		if (lay_check_workflow_id(*id, d) < 0) {
			free(*id);
			*id = NULL;
			return -EINVAL;
		}
		*kind = CFG_SECT_WORKFLOW;
	} else {
		return sbx_diag_set(
		    d, -EINVAL,
		    "[%.*s]: unknown section "
		    "(expected [sandbox], [session], [network], "
		    "[route] or [workflow \"ID\"])",
		    (int)(n > 60 ? 60 : n), name);
	}
	return 0;
}

int cfg_bool(const char *v, bool *out)
{
	static const char *const yes[] = {"yes", "true", "on", "1"};
	static const char *const no[] = {"no", "false", "off", "0"};

	for (size_t i = 0; i < sizeof(yes) / sizeof(*yes); i++) {
		if (!strcasecmp(v, yes[i])) {
			*out = true;
			return 0;
		}
		if (!strcasecmp(v, no[i])) {
			*out = false;
			return 0;
		}
	}
	return -EINVAL;
}

int cfg_option(enum cfg_sect kind, const char *key, const char *value,
	       const char **opt, const char **optval, struct sbx_diag *d)
{
	if (kind == CFG_SECT_NONE)
		return sbx_diag_set(d, -EINVAL,
				    "%s: outside any section "
				    "(start with [sandbox] or [session])",
				    key);
	for (size_t i = 0; i < sizeof(cfg_keys) / sizeof(*cfg_keys); i++) {
		const struct cfg_key *k = &cfg_keys[i];
		bool b;

		if (strcmp(k->key, key) != 0)
			continue;
		/* [network]'s short names would be ambiguous in a
		 * [workflow]: there, network, allow-domain, deny-domain. */
		if (kind != k->sect &&
		    (kind != CFG_SECT_WORKFLOW || k->sect == CFG_SECT_NETWORK))
			return sbx_diag_set(d, -EINVAL, "%s belongs in [%s]%s",
					    key, sect_names[k->sect],
					    k->sect == CFG_SECT_NETWORK
						? ""
						: " (or a [workflow \"ID\"])");
		if (k->val == CFG_V_VALUE) {
			if (!*value)
				return sbx_diag_set(d, -EINVAL,
						    "%s needs a value", key);
			*opt = k->yes ? k->yes : k->key;
			*optval = value;
			return 0;
		}
		if (k->val == CFG_V_NET && cfg_bool(value, &b) < 0 &&
		    (!strcmp(value, "domains") ||
		     !strcmp(value, "registries"))) {
			*opt = k->yes;
			*optval = value;
			return 0;
		}
		/* banner = short: --banner=short, the one-line banner */
		if (!strcmp(key, "banner") && !strcmp(value, "short")) {
			*opt = k->key;
			*optval = value;
			return 0;
		}
		if (cfg_bool(value, &b) < 0)
			return sbx_diag_set(d, -EINVAL,
					    "%s = %s: expected yes "
					    "or no%s",
					    key, value,
					    k->val == CFG_V_NET
						? " (or domains, registries)"
						: "");
		*opt = b ? k->yes : k->no; /* "banner = no": NULL */
		*optval = NULL;
		return 0;
	}
	return sbx_diag_set(d, -EINVAL,
			    "%s: unknown key (docs/config.md "
			    "lists them)",
			    key);
}

/* A folder below the routing base, written the way a [route] row may:
 * relative, no "." or ".." step, no empty step, no spaces. */
static bool route_sub_ok(const char *s)
{
	const char *p = s;

	if (!*s || *s == '/')
		return false;
	while (*p) {
		const char *e = strchr(p, '/');
		size_t n = e ? (size_t)(e - p) : strlen(p);

		if (n == 0 || (n == 1 && p[0] == '.') ||
		    (n == 2 && p[0] == '.' && p[1] == '.'))
			return false;
		p += n;
		if (*p == '/')
			p++;
	}
	return strcspn(s, " \t") == strlen(s);
}

/*
 * Names a [route] row may not set: the ones sbxsh routes itself (two
 * rows for one variable would hide which wins), the shell's own and the
 * loader's (a PATH or LD_PRELOAD pointed into a writable folder turns
 * every command into whatever a job left there), and credential
 * variables (docs/design.md §2b withholds them; a row must not bring one back).
 */
static const char *route_name_refused(const char *name)
{
	static const char *const shell_own[] = {
	    "PATH",	"HOME",	      "ENV",	       "IFS",
	    "PS1",	"PS2",	      "PS4",	       "SHELL",
	    "PWD",	"OLDPWD",     "TMPDIR",	       "CDPATH",
	    "BASH_ENV", "PYTHONPATH", "PYTHONSTARTUP", "NODE_OPTIONS",
	    "PERL5OPT", "RUBYOPT",
	};

	if (!str_is_name(name, strlen(name)))
		return "not a variable name";
	for (size_t i = 0; i < rt_table_len; i++)
		if (!strcmp(rt_table[i].name, name))
			return "sbxsh routes it already (policy env)";
	for (size_t i = 0; i < sizeof(shell_own) / sizeof(*shell_own); i++)
		if (!strcmp(shell_own[i], name))
			return "it changes what commands run, not where a "
			       "cache lives";
	if (!strncmp(name, "LD_", 3) || !strncmp(name, "SBXSH_", 6))
		return "it changes what commands run, not where a cache "
		       "lives";
	if (ef_withhold(name, NULL, NULL, NULL))
		return "it names a credential variable (docs/design.md §2b)";
	return NULL;
}

int cfg_route_row(const char *name, const char *value, char **sub, char **bin,
		  struct sbx_diag *d)
{
	const char *why = route_name_refused(name);
	const char *sp = value + strcspn(value, " \t");
	const char *b = sp + strspn(sp, " \t");

	*sub = *bin = NULL;
	if (why)
		return sbx_diag_set(d, -EINVAL, "[route] %s: %s", name, why);
	*sub = xstrndup(value, (size_t)(sp - value));
	if (*b)
		*bin = xstrdup(b);
	if (!route_sub_ok(*sub) || (*bin && !route_sub_ok(*bin))) {
		free(*sub);
		free(*bin);
		*sub = *bin = NULL;
		return sbx_diag_set(d, -EINVAL,
				    "[route] %s = %s: expected a "
				    "folder relative to .sandbox-cache, and "
				    "optionally a bin folder (no '..', no "
				    "leading '/')",
				    name, value);
	}
	return 0;
}

bool cfg_untrusted(const char *path, const struct cfg_stat *st, unsigned me,
		   char *why, size_t n)
{
	/* Owner: root or the user. Anyone else who owns the file (or a
	 * folder above it) can rewrite it, and with it the next session's
	 * policy: an allow-write = ~ they chose. */
	if (st->uid != 0 && st->uid != me) {
		snprintf(why, n,
			 "%s %s is owned by uid %u, neither you nor "
			 "root",
			 st->is_dir ? "the folder" : "the file", path, st->uid);
		return true;
	}
	/* Writable by group or others: the same, by way of the mode. A
	 * sticky folder (/tmp) lets no one but the owner replace what is
	 * in it, as ssh's StrictModes allows. */
	if ((st->mode & 022) && !(st->is_dir && (st->mode & 01000))) {
		snprintf(why, n,
			 "%s %s can be written by %s (chmod go-w "
			 "'%s')",
			 st->is_dir ? "the folder" : "the file", path,
			 st->mode & 002 ? "others" : "its group", path);
		return true;
	}
	return false;
}

char *cfg_dir(const char *xdg_config_home, const char *home)
{
	if (xdg_config_home && xdg_config_home[0] == '/')
		return path_join(xdg_config_home, "sbxsh");
	if (home && home[0] == '/')
		return path_join(home, ".config/sbxsh");
	return NULL;
}
