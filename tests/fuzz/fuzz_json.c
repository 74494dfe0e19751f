/* tests/fuzz/fuzz_json.c — the policy JSON printer (pol_format_json,
 * core/policy.c, with ef_format_json and gm_format_json in it): a
 * policy made by pol_new() from facts the input chooses, one a line:
 *   E NAME=value   the environment (credentials withheld by ef_split)
 *   K PATTERN      a --keep-env pattern
 *   M PATH         a --mask path          S PATH  an --allow-socket
 *   W PATH         an --allow-write       U NAME=value  a user export
 *   F TEXT         where the rules above came from ("config FILE:LINE")
 *   R NAME=SUB [BIN]  a [route] row (checked by cfg_route_row first)
 *   N KEY=VALUE    a backend's note       O NAME=VALUE  pol_override
 *   D PATH         pol_drop_root          I ID   the workflow id
 *   G              two repositories' protected paths, mount-guarded
 * and the first byte the scope, network, persistence, uid. Whatever
 * the strings hold, the document must parse (json_check.h, a parser
 * written for this harness alone); text and `policy env` forms must
 * not crash. */
#include <string.h>

#include "config.h"
#include "fuzz.h"
#include "json_check.h"
#include "policy.h"
#include "policy_show.h"

#define WS "/work/ws"

static char *fake_canon(void *ctx, const char *p)
{
	(void)ctx;
	if (path_under("/work/ws/lnk", p))
		return xasprintf("/etc%s", p + strlen("/work/ws/lnk"));
	return xstrdup(p);
}

static bool fake_is_dir(void *ctx, const char *p)
{
	(void)ctx;
	return path_under(WS, p) || !strcmp(p, "/home/u/.cache") ||
	       path_under("/srv", p);
}

/* Of the hundred credential files the table names under the home,
 * only ~/.ssh and ~/.netrc are there: the document stays small enough
 * to fuzz fast. A path with "absent" in it is not there. */
static bool fake_exists(void *ctx, const char *p)
{
	(void)ctx;
	if (strstr(p, "absent"))
		return false;
	return !path_under("/home/u", p) || strstr(p, "/.ssh") ||
	       strstr(p, "/.netrc");
}

/* The checker itself must be able to fail: a few documents it must
 * take and a few it must refuse. */
static void json_selftest(void)
{
	static const char *const good[] = {
	    "{}",
	    "[]",
	    " {\"a\": [1, -0.5e+3, true, false, null]} ",
	    "\"\\u00e9\\ud83d\\ude00\xc3\xa9\"",
	    "0",
	};
	static const char *const bad[] = {
	    "",
	    "{",
	    "{\"a\":1,}",
	    "[1 2]",
	    "{\"a\":1,\"a\":2}",
	    "\"\x01\"",
	    "\"\xff\"",
	    "\"\xc0\xaf\"",
	    "\"\xed\xa0\x80\"",
	    "\"\\ud800\"",
	    "\"\\x\"",
	    "01",
	    "{} x",
	    "[1,]",
	    "'a'",
	};

	for (size_t i = 0; i < sizeof(good) / sizeof(*good); i++)
		FZ_CHECK(json_valid(good[i], strlen(good[i]), NULL, NULL));
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++)
		FZ_CHECK(!json_valid(bad[i], strlen(bad[i]), NULL, NULL));
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	json_selftest();
	return 0;
}

static struct gm_plan *git_plan(void)
{
	static const struct {
		const char *p;
		unsigned f;
		int r;
	} e[] = {
	    {WS "/.envrc", 0, -1},
	    {WS "/.git", GM_P_DIR | GM_P_PIN, 0},
	    {WS "/.git/config", 0, 0},
	    {WS "/.git/hooks", GM_P_DIR, 0},
	};
	struct gm_plan *g = gm_plan_new(WS, "/home/u");

	g->repos = xcalloc(1, sizeof(*g->repos));
	g->nrepos = g->crepos = 1;
	g->repos[0] = (struct gm_repo){xstrdup(WS), xstrdup(WS "/.git"),
				       xstrdup(WS "/.git"), xstrdup(WS "/.git"),
				       GM_REPO_DIR};
	g->paths = xcalloc(8, sizeof(*g->paths));
	g->cpaths = 8;
	for (size_t i = 0; i < sizeof(e) / sizeof(*e); i++)
		g->paths[g->npaths++] =
		    (struct gm_path){xstrdup(e[i].p),
				     e[i].r < 0			? GM_WHY_USER
				     : strstr(e[i].p, "hooks")	? GM_WHY_HOOKS
				     : strstr(e[i].p, "config") ? GM_WHY_CONFIG
								: GM_WHY_GITDIR,
				     e[i].f, e[i].r, NULL};
	return g;
}

/* "NAME=VALUE" split at the first '='; false without one. */
static bool kv(char *s, char **k, char **v)
{
	char *eq = strchr(s, '=');

	if (!eq)
		return false;
	*eq = '\0';
	*k = s;
	*v = eq + 1;
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sbx_strv env = {0}, keep = {0}, mask = {0}, sock = {0};
	struct sbx_strv wr = {0}, uexp = {0}, notes = {0}, over = {0};
	struct sbx_strv drop = {0}, from = {0}, mfrom = {0};
	struct sbx_strv sfrom = {0}, wfrom = {0}, kfrom = {0};
	struct sbx_strv rsub = {0}, rname = {0}, rfrom = {0};
	struct rt_extra extra[16];
	size_t nextra = 0;
	char *s, *line, *save = NULL, **kept = NULL, *const empty[] = {NULL};
	const char *cur_from = NULL;
	struct ef_report rep = {0};
	struct gm_plan *git = NULL;
	struct sbx_policy *pol = NULL;
	struct sbx_diag d = {0};
	struct lay_layout lay = {
	    .workflow_id = "ws",
	    .workspace = WS,
	    .state_dir = WS,
	    .persist_dir = WS "/.sandbox-cache",
	    .runs_dir = WS "/.sandbox-runs",
	    .run_dir = WS "/.sandbox-runs/R",
	    .run_tmp = WS "/.sandbox-runs/R/tmp",
	};
	unsigned mode;

	if (size < 1)
		return 0;
	mode = data[0];
	s = fz_str(data + 1, size - 1);
	for (line = strtok_r(s, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char c = line[0], *arg = line + (c ? 1 : 0), *k, *v;

		if (*arg == ' ')
			arg++;
		switch (c) {
		case 'E':
			strv_push(&env, arg);
			break;
		case 'K':
			strv_push(&keep, arg);
			strv_push(&kfrom, cur_from ? cur_from : "flag");
			break;
		case 'M':
			strv_push(&mask, arg);
			strv_push(&mfrom, cur_from ? cur_from : "flag");
			break;
		case 'S':
			strv_push(&sock, arg);
			strv_push(&sfrom, cur_from ? cur_from : "flag");
			break;
		case 'W':
			strv_push(&wr, arg);
			strv_push(&wfrom, cur_from ? cur_from : "flag");
			break;
		case 'U':
			strv_push(&uexp, arg);
			break;
		case 'N':
			strv_push(&notes, arg);
			break;
		case 'O':
			strv_push(&over, arg);
			break;
		case 'D':
			strv_push(&drop, arg);
			break;
		case 'F':
			strv_push(&from, arg);
			cur_from = from.v[from.n - 1];
			break;
		case 'I':
			lay.workflow_id = arg;
			break;
		case 'G':
			if (!git)
				git = git_plan();
			break;
		case 'R': {
			struct sbx_diag e = {0};
			char *sub = NULL, *bin = NULL;
			bool dup = false;

			if (nextra == 16 || !kv(arg, &k, &v) ||
			    cfg_route_row(k, v, &sub, &bin, &e) < 0)
				break;
			for (size_t i = 0; i < nextra; i++)
				dup |= !strcmp(extra[i].name, k);
			if (dup) {
				free(sub);
				free(bin);
				break;
			}
			strv_push(&rname, k);
			strv_take(&rsub, sub);
			strv_take(&rsub, bin);
			strv_push(&rfrom, cur_from ? cur_from : "config f:1");
			extra[nextra] =
			    (struct rt_extra){rname.v[rname.n - 1], sub, bin,
					      rfrom.v[rfrom.n - 1]};
			nextra++;
			break;
		}
		default:
			break;
		}
	}
	ef_split(env.v ? env.v : empty, (const char *const *)keep.v, &kept,
		 NULL, NULL, &rep);
	{
		struct pol_facts f = {
		    .scope = (mode & 3) == 1   ? POL_SCOPE_READONLY
			     : (mode & 3) == 2 ? POL_SCOPE_UNRESTRICTED
					       : POL_SCOPE_WORKSPACE,
		    .network = mode & 4,
		    .persist = !(mode & 8),
		    .state_writable = !(mode & 16),
		    .lay = &lay,
		    .home = "/home/u",
		    .tmpdir = "/tmp",
		    .env = kept,
		    .env_start = env.v ? env.v : empty,
		    .envf = &rep,
		    .uid_known = mode & 32,
		    .uid = (mode & 64) ? 0 : 1000,
		    .user_exports = uexp.v ? uexp.v : empty,
		    .extra_masked = mask.v ? mask.v : empty,
		    .allow_sockets = sock.v ? sock.v : empty,
		    .allow_write = wr.v ? wr.v : empty,
		    .extra_masked_from = (const char *const *)mfrom.v,
		    .allow_sockets_from = (const char *const *)sfrom.v,
		    .allow_write_from = (const char *const *)wfrom.v,
		    .keep_env_from = (const char *const *)kfrom.v,
		    .route_extra = extra,
		    .nroute_extra = nextra,
		    .cwd = WS "/sub",
		    .history_dir = "/home/u/.local/state/sbxsh",
		    .tty = (mode & 128) ? "/dev/pts/3" : NULL,
		    .git = git,
		    .canon = fake_canon,
		    .is_dir = fake_is_dir,
		    .exists = fake_exists,
		};

		if (pol_new(&f, &pol, &d) < 0) {
			FZ_CHECK(d.msg[0] != '\0');
			pol = NULL;
		}
	}
	if (pol) {
		struct sbx_buf b = {0};
		const char *why = NULL;
		size_t at = 0;

		if (git)
			pol_set_guard(pol, POL_GUARD_MOUNT);
		for (size_t i = 0; i < notes.n; i++) {
			char *k, *v;

			if (kv(notes.v[i], &k, &v))
				pol_add_note(pol, k, v);
		}
		for (size_t i = 0; i < over.n; i++) {
			char *k, *v;

			if (kv(over.v[i], &k, &v))
				pol_override(pol, k, *v ? v : NULL);
		}
		for (size_t i = 0; i < drop.n; i++)
			pol_drop_root(pol, drop.v[i], "a symlink in its way");
		pol_format_json(pol, &b);
		if (!json_valid(b.s, b.len, &why, &at)) {
			fprintf(stderr,
				"pol_format_json: %s at byte %zu:\n%s\n", why,
				at, b.s);
			FZ_CHECK(!"the policy's JSON parses");
		}
		b.len = 0;
		pol_format_text(pol, &b);
		b.len = 0;
		pol_format_env(pol, &b);
		buf_free(&b);
		pol_free(pol);
	}
	if (git)
		gm_plan_free(git);
	ef_report_free(&rep);
	free(kept);
	strv_free(&env);
	strv_free(&keep);
	strv_free(&mask);
	strv_free(&sock);
	strv_free(&wr);
	strv_free(&uexp);
	strv_free(&notes);
	strv_free(&over);
	strv_free(&drop);
	strv_free(&from);
	strv_free(&mfrom);
	strv_free(&sfrom);
	strv_free(&wfrom);
	strv_free(&kfrom);
	strv_free(&rsub);
	strv_free(&rname);
	strv_free(&rfrom);
	free(s);
	return 0;
}
