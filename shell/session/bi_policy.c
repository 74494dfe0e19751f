/* shell/session/bi_policy.c — `policy`: explain the sandbox from the policy
 * itself. */
#include "bi_policy.h"
#include "kaudit.h"

#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "cache.h"
#include "denials.h"
#include "session.h"
#include "json.h"
#include "netses.h"
#include "policy_show.h"
#include "why.h"
#include "canon.h"
#include "interp.h"

const char *const pb_subcommands[] = {
    "env", "check",  "check-line", "explain", "why", "cache",
    "net", "--json", "--all",	   "--help",  NULL,
};

const char *const pb_cache_subcommands[] = {
    "list", "prune", "export", "import", "--json", NULL,
};
const char *const pb_prune_options[] = {
    "--older-than",
    "--tool",
    "--dry-run",
    NULL,
};
const char *const pb_why_options[] = {
    "--write", "--read", "--connect", "--net", "--host", "--json", NULL,
};

static const char usage[] =
    "usage: policy              summary of this session's sandbox\n"
    "       policy --all        every writable root, routed variable,\n"
    "                           masked secret and git path, and why\n"
    "       policy env          routing of caches and tool homes, and the\n"
    "                           credential variables withheld (names)\n"
    "       policy check PATH...  can a command read or write PATH? why?\n"
    "       policy check-line 'LINE'  the line check: what the scope\n"
    "                           checker flags in LINE (old name: policy\n"
    "                           explain 'LINE')\n"
    "       policy why PATH [--write|--read|--connect] [--json]\n"
    "                           which rule decides, and what would allow\n"
    "                           it (default --write); policy why --net;\n"
    "                           alone: the last command's denials\n"
    "       policy why --host HOST[:PORT] [--json]\n"
    "                           --network domains: which rule decides a\n"
    "                           connection to HOST (port 443 by default)\n"
    "       policy net [--json] the proxy's recent connections and\n"
    "                           refusals (host, port, bytes, rule)\n"
    "       policy cache [list] [--json]   what .sandbox-cache holds, per\n"
    "                           toolchain: size, files, last use\n"
    "       policy cache prune [--older-than DAYS] [--tool NAME] [--dry-run]\n"
    "       policy cache export FILE.tar[.gz] | import FILE\n"
    "                           import replaces each top-level folder\n"
    "                           the archive holds, whole, or nothing\n"
    "       policy --json       everything, as one JSON document\n";

/* What the session's system-call filter refuses: a landlock or
 * namespace session loads one (backends/seccomp.c), none does not. */
void pb_seccomp(const struct sbx_policy *pol, struct sbx_strv *sc)
{
	const char *be = pol_note(pol, "backend");

	if (be && (!strcmp(be, "landlock") || !strcmp(be, "namespace")))
		be_seccomp_families(pol_network(pol), sc);
}

static void summary(struct sbx_policy *pol, bool all, struct sbx_buf *out)
{
	struct sbx_strv sc = {0};

	pb_seccomp(pol, &sc);
	if (all) {
		pol_format_text(pol, out);
		pol_format_seccomp(&sc, out);
	} else {
		pol_format_brief(pol, &sc, out);
	}
	strv_free(&sc);
	buf_puts(out,
		 all ? "\nmore: policy env | policy check PATH | "
		       "policy check-line 'LINE' | policy --json\n"
		     : "\nmore: policy --all | policy env | policy check "
		       "PATH | policy check-line 'LINE' | policy --json\n");
}

static char *absolute(const struct scope_env *env, const char *p)
{
	SBX_AUTOFREE char *joined = NULL;
	char *folded;

	if (*p != '/')
		p = joined = path_join(env && env->cwd ? env->cwd : "/", p);
	folded = path_fold(p);
	return folded ? folded : xstrdup(p);
}

static int check_one(struct sbx_policy *pol, const struct scope_env *env,
		     const char *typed, struct sbx_buf *out)
{
	SBX_AUTOFREE char *abs = absolute(env, typed);
	SBX_AUTOFREE char *canon =
	    env && env->canon ? env->canon(env->ctx, abs) : xstrdup(abs);
	int rule = -1;
	enum pol_access a = pol_access(pol, canon, &rule);

	buf_printf(out, "%s\n", typed);
	if (strcmp(canon, typed))
		buf_printf(out, "  canonical: %s\n", canon);
	buf_printf(out, "  readable:  %s\n  writable:  %s\n",
		   a == POL_ACCESS_MASKED ? "no" : "yes",
		   a == POL_ACCESS_RW ? "yes"
		   : a == POL_ACCESS_PROTECTED &&
			   pol_guard(pol) == POL_GUARD_CHECKER
		       ? "not stopped here (checker-only), but protected"
		       : "no");
	switch (a) {
	case POL_ACCESS_PROTECTED: {
		const struct gm_path *g = pol_protected(pol, (size_t)rule);

		buf_printf(out, "  rule:      protected %s (%s: %s)\n", g->path,
			   gm_why_name(g->why), gm_why_text(g->why));
		buf_puts(out,
			 pol_guard(pol) == POL_GUARD_MOUNT
			     ? "             held read-only by the mount "
			       "layer, although it lies in a writable "
			       "root\n"
			     : "             checker-only (no mount layer): "
			       "a write is flagged, not stopped, and "
			       "reported when the session ends\n");
		break;
	}
	case POL_ACCESS_RW: {
		const struct pol_root *r = pol_root(pol, (size_t)rule);

		buf_printf(out, "  rule:      writable root %s (%s: %s)\n",
			   r->path, pol_why_name(r->why), pol_why_text(r->why));
		break;
	}
	case POL_ACCESS_MASKED:
		buf_printf(out,
			   "  rule:      masked secret %s (%s: %s): "
			   "hidden from every command, even inside a "
			   "writable root\n",
			   pol_masked(pol, (size_t)rule),
			   pol_masked_tool(pol, (size_t)rule),
			   pol_masked_why(pol, (size_t)rule));
		break;
	case POL_ACCESS_RO:
		if (pol_scope(pol) == POL_SCOPE_READONLY)
			buf_puts(out, "  rule:      scope read-only: only the "
				      "run folder and devices are writable\n");
		else
			buf_puts(out, "  rule:      under no writable root: "
				      "everything else is read-only\n");
		break;
	}
	return a == POL_ACCESS_RW ? 0 : 1;
}

/* The line check. */
static int check_line(struct sbx_policy *pol, const struct scope_env *env,
		      int argc, char **argv, struct sbx_buf *out)
{
	struct scope_report rep = {0};
	struct sbx_buf line = {0};
	struct scope_env dflt = {0};
	int rc;

	/* `policy check-line cat /etc/passwd` works as well as the quoted
	 * form. */
	for (int i = 0; i < argc; i++)
		buf_printf(&line, "%s%s", i ? " " : "", argv[i]);
	scope_check(pol, env ? env : &dflt, line.s, line.len, &rep);
	for (size_t i = 0; i < rep.n; i++) {
		static const char *const kind[] = {
		    [SCOPE_FLAG_READ] = "read outside the workspace "
					"(allowed)",
		    [SCOPE_FLAG_WRITE] = "write the sandbox will deny",
		    [SCOPE_FLAG_MASKED] = "masked secret (denied)",
		    [SCOPE_FLAG_PROTECTED] = "write to a protected path",
		};

		buf_printf(out, "%s\n  %s: %s -> %s\n", rep.flags[i].msg,
			   kind[rep.flags[i].kind], rep.flags[i].typed,
			   rep.flags[i].path);
	}
	if (!rep.n)
		buf_puts(out, "nothing flagged\n");
	rc = scope_report_refusals(&rep) ? 1 : 0; /* reads work: 0 */
	scope_report_free(&rep);
	buf_free(&line);
	return rc;
}

/* `policy why` alone: the denials the last failed command was told of,
 * each with its remedy. */
static int why_last(struct sbx_policy *pol, const struct sbx_strv *last,
		    bool json, struct sbx_buf *out, struct sbx_buf *err)
{
	struct json_w j;

	if (!last || !last->n) {
		buf_puts(err, "policy why: no denial explained yet; which "
			      "path? (policy why PATH [--write|--read|"
			      "--connect], policy why --net)\n");
		return 2;
	}
	if (json) {
		json_begin(&j, out);
		json_arr(&j, NULL, JSON_ROWS);
	}
	for (size_t i = 0; i < last->n; i++) {
		const char *k = last->v[i], *sp = strchr(k, ' ');
		SBX_AUTOFREE char *acc = xstrndup(k, (size_t)(sp - k));
		const char *path = sp[1] ? sp + 1 : NULL;
		enum why_access a = !strcmp(acc, "read")      ? WHY_READ
				    : !strcmp(acc, "connect") ? WHY_CONNECT
				    : !strcmp(acc, "network") ? WHY_NET
							      : WHY_WRITE;
		struct why_answer w;

		if (a == WHY_CONNECT)
			why_ask_socket(pol, path,
				       dl_covered_socket(path) ? 1 : 0, &w);
		else
			why_ask(pol, path, a, &w);
		if (json)
			why_format_json(&w, path, &j);
		else
			why_format_text(&w, path, out);
		why_free(&w);
	}
	if (json) {
		json_end(&j);
		buf_putc(out, '\n');
	}
	return 1;
}

static int why(struct sbx_policy *pol, const struct scope_env *env,
	       const struct sbx_strv *last, int argc, char **argv,
	       struct sbx_buf *out, struct sbx_buf *err)
{
	enum why_access acc = WHY_WRITE;
	bool json = false, net = false;
	const char *paths[64], *host = NULL;
	struct json_w j;
	int np = 0, rc = 0;

	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--write"))
			acc = WHY_WRITE;
		else if (!strcmp(a, "--read"))
			acc = WHY_READ;
		else if (!strcmp(a, "--connect"))
			acc = WHY_CONNECT;
		else if (!strcmp(a, "--net"))
			net = true;
		else if (!strcmp(a, "--host")) {
			if (i + 1 >= argc) {
				buf_puts(err, "policy why --host: which host? "
					      "(HOST or HOST:PORT)\n");
				return 2;
			}
			host = argv[++i];
		} else if (!strcmp(a, "--json"))
			json = true;
		else if (a[0] == '-' && a[1]) {
			buf_printf(err, "policy why: unknown option '%s'\n", a);
			return 2;
		} else if (np < 64)
			paths[np++] = a;
	}
	if (host) {
		if (np || net) {
			buf_puts(err, "policy why --host: one host, alone\n");
			return 2;
		}
		return nets_why_host(pol, host, json, out, err);
	}
	if (!np && !net)
		return why_last(pol, last, json, out, err);
	if (json) {
		json_begin(&j, out);
		json_arr(&j, NULL, JSON_ROWS);
	}
	for (int i = 0; i < np + (net ? 1 : 0); i++) {
		struct why_answer w;
		SBX_AUTOFREE char *abs = NULL, *canon = NULL;

		if (i < np) {
			abs = absolute(env, paths[i]);
			canon = env && env->canon ? env->canon(env->ctx, abs)
						  : xstrdup(abs);
		}
		if (i < np && acc == WHY_CONNECT)
			why_ask_socket(pol, canon,
				       dl_covered_socket(canon) ? 1 : 0, &w);
		else
			why_ask(pol, canon, i < np ? acc : WHY_NET, &w);
		if (json)
			why_format_json(&w, i < np ? paths[i] : NULL, &j);
		else
			why_format_text(&w, i < np ? paths[i] : NULL, out);
		if (!w.allowed)
			rc = 1;
		why_free(&w);
	}
	if (json) {
		json_end(&j);
		buf_putc(out, '\n');
	}
	return rc;
}

static int pb_run(struct sbx_policy *pol, int argc, char **argv,
		  const struct scope_env *env, const struct sbx_strv *last,
		  struct sbx_buf *out, struct sbx_buf *err)
{
	const char *sub = argc > 1 ? argv[1] : NULL;

	if (sub && (!strcmp(sub, "--help") || !strcmp(sub, "-h"))) {
		buf_puts(out, usage);
		return 0;
	}
	if (!pol) {
		buf_puts(err, "policy: no sandbox session (sbxsh was started "
			      "without one)\n");
		return 1;
	}
	if (!sub) {
		summary(pol, false, out);
		return 0;
	}
	if (!strcmp(sub, "--all")) {
		if (argc > 2)
			goto bad;
		summary(pol, true, out);
		return 0;
	}
	if (!strcmp(sub, "--json") || !strcmp(sub, "json")) {
		struct sbx_strv sc = {0};

		if (argc > 2)
			goto bad;
		pb_seccomp(pol, &sc);
		pol_format_json_x(pol, &sc, out);
		strv_free(&sc);
		return 0;
	}
	if (!strcmp(sub, "env")) {
		if (argc > 2)
			goto bad;
		pol_format_env(pol, out);
		return 0;
	}
	if (!strcmp(sub, "check")) {
		int rc = 0;

		if (argc < 3) {
			buf_puts(err, "policy check: which path? "
				      "(policy check PATH...)\n");
			return 2;
		}
		for (int i = 2; i < argc; i++)
			rc |= check_one(pol, env, argv[i], out);
		return rc;
	}
	/* `explain`: the line check's old name, kept as an alias */
	if (!strcmp(sub, "check-line") || !strcmp(sub, "explain")) {
		if (argc < 3) {
			buf_printf(err,
				   "policy %s: which command line? "
				   "(policy %s 'LINE')\n",
				   sub, sub);
			return 2;
		}
		return check_line(pol, env, argc - 2, argv + 2, out);
	}
	if (!strcmp(sub, "cache"))
		return cache_main(pol_layout(pol)->persist_dir, argc - 1,
				  argv + 1, out, err);
	if (!strcmp(sub, "why"))
		return why(pol, env, last, argc - 2, argv + 2, out, err);
	if (!strcmp(sub, "net")) {
		if (argc > 3 || (argc == 3 && strcmp(argv[2], "--json")))
			goto bad;
		nets_format(out, argc == 3);
		return 0;
	}
	buf_printf(err, "policy: unknown subcommand '%s'\n", sub);
	buf_puts(err, usage);
	return 2;
bad:
	buf_printf(err, "policy %s: takes no arguments\n", sub);
	return 2;
}

/* Every report names paths the workspace chose (a file called
 * $'\e]0;x\a', a folder with invalid UTF-8): they reach the terminal
 * escaped, never raw. JSON is for tools and escapes its controls
 * itself (json_put_str). */
int pb_main(struct sbx_policy *pol, int argc, char **argv,
	    const struct scope_env *env, const struct sbx_strv *last,
	    struct sbx_buf *out, struct sbx_buf *err)
{
	int rc = pb_run(pol, argc, argv, env, last, out, err);
	bool json = argc > 1 && !strcmp(argv[1], "json");

	for (int i = 1; i < argc; i++)
		json = json || !strcmp(argv[i], "--json");
	if (!json)
		buf_make_shown(out);
	buf_make_shown(err);
	return rc;
}

static const char *pb_getvar(void *ctx, const char *name)
{
	return var_get(ctx, name);
}

/* The builtin: the policy of the shell's session, paths judged from its
 * working directory with its variables. */
int bi_policy(const struct session *s, struct shell *sh, int argc, char **argv)
{
	struct scope_env env = {0};
	struct sbx_buf out = {0}, err = {0};
	int rc;

	env.getvar = pb_getvar;
	env.cwd = sh->pwd ? sh->pwd : "/";
	env.canon = sh_canon;
	env.ctx = sh;
	env.posix = sh->opt[O_POSIX];
	env.extglob = sh->shopt[SHOPT_EXTGLOB];
	ka_settle(sh); /* the note "denials": is the kernel's audit on? */
	rc = pb_main(sh->pol, argc, argv, &env, s ? dl_last(&s->dl) : NULL,
		     &out, &err);
	bi_flush(sh, "policy", &err, 2);
	if (bi_flush(sh, "policy", &out, 1) && !rc)
		rc = 1;
	return rc;
}
