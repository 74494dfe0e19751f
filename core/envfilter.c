/* core/envfilter.c — the credential-variable table and the split of an
 * environment into what the session gets and what it does not. Pure.
 *
 * The attack: a job reads a token from its own environment (or from
 * `env`, `set`, /proc/self/environ) and sends it out, or uses it to act as
 * the user somewhere the sandbox does not reach (GitHub, a cloud account,
 * a package registry). Masking ~/.aws is moot while AWS_SECRET_ACCESS_KEY
 * sits in every job's environment. So the variables that hold, or lead
 * to, a credential never enter the session unless the user names them
 * (--keep-env).
 *
 * Judged by name first (one table of glob patterns, case-insensitive,
 * because `github_token` and `DB_Password` are credentials too), then by
 * value (a URL with a password in it, a value shaped like a known token),
 * so DATABASE_URL=postgres://app:hunter2@db and MY_GH=ghp_... are caught
 * whatever they are called. Codex's default (*KEY*, *SECRET*, *TOKEN*) is
 * covered, but *KEY* is narrowed to the forms keys take (*_KEY, *API_KEY*,
 * *ACCESS_KEY*, *PRIVATE_KEY*) so that KEYTIMEOUT, LESSKEY and KEYMAP pass.
 */
#include "envfilter.h"

#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "route.h"

/* clang-format off */
const struct ef_row ef_patterns[] = {
	{ "*TOKEN*",      "a token (GITHUB_TOKEN, GH_TOKEN, NPM_TOKEN, HF_TOKEN, "
			  "AWS_SESSION_TOKEN, CI_JOB_TOKEN)" },
	{ "*SECRET*",     "a secret (AWS_SECRET_ACCESS_KEY, CLIENT_SECRET, "
			  "JWT_SECRET)" },
	{ "*PASSWORD*",   "a password (PGPASSWORD, MYAPP_DB_PASSWORD)" },
	{ "*PASSWD*",     "a password" },
	{ "*PASSPHRASE*", "a passphrase (GPG_PASSPHRASE)" },
	{ "*_PASS",       "a password (SMTP_PASS, DB_PASS)" },
	{ "*_PWD",        "a password (MYSQL_PWD)" },
	{ "*API_KEY*",    "an API key (OPENAI_API_KEY, ANTHROPIC_API_KEY)" },
	{ "*APIKEY*",     "an API key" },
	{ "*ACCESS_KEY*", "an access key (AWS_ACCESS_KEY_ID)" },
	{ "*PRIVATE_KEY*", "a private key" },
	{ "*_KEY",        "a key (STRIPE_KEY, RAILS_MASTER_KEY, ENCRYPTION_KEY)" },
	{ "*CREDENTIAL*", "credentials, or the file they are in "
			  "(GOOGLE_APPLICATION_CREDENTIALS)" },
	{ "*_CREDS",      "credentials" },
	{ "*_AUTH",       "an authentication string (npm_config__auth, "
			  "BASIC_AUTH)" },
	{ "*_PAT",        "a personal access token (AZURE_DEVOPS_EXT_PAT)" },
	{ "*COOKIE*",     "a session cookie" },
	{ "*_DSN",        "a connection string that carries its key "
			  "(SENTRY_DSN)" },
	{ "*WEBHOOK*",    "a webhook URL, which is itself the credential "
			  "(SLACK_WEBHOOK_URL)" },
	/* Not credentials themselves but the way to one: the agents run
	 * unconfined and sign or decrypt for whoever reaches their socket. */
	{ "SSH_AUTH_SOCK", "the ssh agent's socket: whoever reaches it signs "
			   "as you, with keys the sandbox cannot see" },
	{ "GPG_AGENT_INFO", "the gpg agent's socket: it signs and decrypts as "
			    "you" },
	{ "GNOME_KEYRING_CONTROL", "the keyring daemon's socket folder" },
	{ "KRB5CCNAME",   "your Kerberos ticket cache" },
};
const size_t ef_npatterns = sizeof(ef_patterns) / sizeof(ef_patterns[0]);

/* Never withheld, whatever a pattern or a value rule says. Kept short:
 * every row is a variable that matches a pattern yet holds no secret, or
 * one sbxsh itself needs to open the session. */
const struct ef_row ef_exceptions[] = {
	{ "TOKENIZERS_PARALLELISM", "Hugging Face tokenizers' thread switch, "
				    "not a token" },
	{ "HOME",            "sbxsh reads it to open the session" },
	{ "PATH",            "sbxsh reads it to open the session" },
	{ "TMPDIR",          "sbxsh reads it to open the session" },
	{ "PWD",             "the shell's own" },
	{ "OLDPWD",          "the shell's own" },
	{ "SHELL",           "who you are, not a secret" },
	{ "USER",            "who you are, not a secret" },
	{ "LOGNAME",         "who you are, not a secret" },
	{ "TERM",            "the terminal's type" },
	{ "ENV",             "the shell's rc file (POSIX)" },
	{ "SBXSH_ROOT",      "sbxsh reads it to open the session" },
	{ "XDG_CONFIG_HOME", "sbxsh reads it to open the session" },
	{ "XDG_DATA_HOME",   "sbxsh reads it to open the session" },
	{ "XDG_CACHE_HOME",  "sbxsh reads it to open the session" },
	{ "XDG_STATE_HOME",  "sbxsh reads it (history)" },
	{ "XDG_RUNTIME_DIR", "sbxsh reads it to open the session" },
};
const size_t ef_nexceptions = sizeof(ef_exceptions) / sizeof(ef_exceptions[0]);

/*
 * Values shaped like the tokens of well-known services, whatever the
 * variable is called (MY_GH=ghp_...). The whole value must be the token:
 * the prefix, then only token characters, at least |min| bytes in all
 * (and at most |max|, 0: no limit), so ordinary text that merely starts
 * the same way passes.
 */
struct ef_shape {
	const char *prefix;
	size_t min, max;
	const char *why;
	bool upper; /* only A-Z and 0-9 after the prefix (AWS key ids) */
};
static const struct ef_shape ef_shapes[] = {
	{ "ghp_",        40, 0,  "a GitHub token", false },
	{ "gho_",        40, 0,  "a GitHub OAuth token", false },
	{ "ghu_",        40, 0,  "a GitHub token", false },
	{ "ghs_",        40, 0,  "a GitHub Actions token", false },
	{ "ghr_",        40, 0,  "a GitHub refresh token", false },
	{ "github_pat_", 40, 0,  "a GitHub fine-grained token", false },
	{ "glpat-",      26, 0,  "a GitLab token", false },
	{ "xoxb-",       20, 0,  "a Slack token", false },
	{ "xoxp-",       20, 0,  "a Slack token", false },
	{ "xoxa-",       20, 0,  "a Slack token", false },
	{ "xapp-",       20, 0,  "a Slack app token", false },
	{ "sk-",         40, 0,  "an OpenAI or Anthropic key", false },
	{ "sk_live_",    24, 0,  "a Stripe secret key", false },
	{ "rk_live_",    24, 0,  "a Stripe restricted key", false },
	{ "AKIA",        20, 20, "an AWS access key id", true },
	{ "ASIA",        20, 20, "an AWS temporary access key id", true },
	{ "AIza",        39, 39, "a Google API key", false },
	{ "hf_",         30, 0,  "a Hugging Face token", false },
	{ "npm_",        40, 0,  "an npm token", false },
	{ "pypi-",       50, 0,  "a PyPI token", false },
	{ "dop_v1_",     40, 0,  "a DigitalOcean token", false },
	{ "SG.",         40, 0,  "a SendGrid key", false },
};
/* clang-format on */

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* '*' matches any run (also empty); everything else itself. Iterative,
 * with one backtrack point: linear enough for names. */
static bool glob(const char *p, const char *s, size_t n, bool fold)
{
	const char *star = NULL;
	size_t i = 0, back = 0;

	while (i < n) {
		if (*p == '*') {
			star = ++p;
			back = i;
		} else if (*p &&
			   (fold ? lower(*p) == lower(s[i]) : *p == s[i])) {
			p++;
			i++;
		} else if (star) {
			p = star;
			i = ++back;
		} else {
			return false;
		}
	}
	while (*p == '*')
		p++;
	return *p == '\0';
}

bool ef_keep_match(const char *pattern, const char *name)
{
	return glob(pattern, name, strlen(name), false);
}

/*
 * The table's patterns are NAME, *X, X* or *X* (upper case): a compare,
 * a prefix or suffix compare, a substring. Parsed once per split (every
 * variable is matched against every row at start-up, on the path of
 * `sbxsh -c true`); anything else goes to glob().
 */
struct ef_pat {
	const char *pat, *mid;
	size_t ml;
	bool lead, trail, general;
};

static void pats_prepare(struct ef_pat *pp)
{
	for (size_t i = 0; i < ef_npatterns; i++) {
		struct ef_pat *p = &pp[i];

		p->pat = ef_patterns[i].pattern;
		p->lead = p->pat[0] == '*';
		p->mid = p->pat + p->lead;
		p->ml = strlen(p->mid);
		p->trail = p->ml && p->mid[p->ml - 1] == '*';
		if (p->trail)
			p->ml--;
		p->general = memchr(p->mid, '*', p->ml) != NULL;
	}
}

/* |up| (|n| bytes, upper case) against one prepared pattern. */
static bool match_upper(const struct ef_pat *p, const char *up, size_t n)
{
	if (p->general)
		return glob(p->pat, up, n, false);
	if (p->ml > n)
		return false;
	if (!p->lead && !p->trail)
		return p->ml == n && !memcmp(p->mid, up, n);
	if (!p->lead)
		return !memcmp(p->mid, up, p->ml);
	if (!p->trail)
		return !memcmp(p->mid, up + n - p->ml, p->ml);
	/* names are short: a first-byte scan beats memmem's set-up */
	for (size_t i = 0; i + p->ml <= n; i++)
		if (up[i] == p->mid[0] && !memcmp(up + i, p->mid, p->ml))
			return true;
	return false;
}

static bool is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/*
 * True if |v| holds a URL whose userinfo carries a password:
 * scheme://user:password@host (or scheme://:password@host, as redis
 * takes it). A user name alone (ssh://git@host) is no secret. Every
 * "://" in the value is looked at: a list of URLs hides none.
 */
static bool url_with_password(const char *v)
{
	for (const char *p = strstr(v, "://"); p; p = strstr(p + 3, "://")) {
		const char *s = p, *u = p + 3, *colon = NULL;

		/* A scheme: a letter, then letters, digits, + - . */
		while (s > v && (is_alpha(s[-1]) || is_digit(s[-1]) ||
				 s[-1] == '+' || s[-1] == '-' || s[-1] == '.'))
			s--;
		while (s < p && !is_alpha(*s))
			s++;
		if (s == p)
			continue;
		for (; *u && !strchr("/?#@", *u); u++)
			if (*u == ':' && !colon)
				colon = u;
		if (*u == '@' && colon && colon + 1 < u)
			return true;
	}
	return false;
}

static bool token_char(char c)
{
	return is_alpha(c) || is_digit(c) || c == '_' || c == '-' || c == '.';
}

static const struct ef_shape *token_shaped(const char *v)
{
	size_t n = strlen(v);

	if (n < 20) /* the shortest shape */
		return NULL;
	for (size_t i = 0; i < sizeof(ef_shapes) / sizeof(*ef_shapes); i++) {
		const struct ef_shape *t = &ef_shapes[i];
		size_t pl;
		const char *c;

		if (v[0] != t->prefix[0] || n < t->min ||
		    (t->max && n > t->max))
			continue;
		pl = strlen(t->prefix);
		if (strncmp(v, t->prefix, pl) != 0)
			continue;
		for (c = v + pl;
		     *c && (t->upper ? (*c >= 'A' && *c <= 'Z') || is_digit(*c)
				     : token_char(*c));
		     c++)
			;
		if (!*c)
			return t;
	}
	return NULL;
}

static bool exempt(const char *name, size_t n)
{
	for (size_t i = 0; i < ef_nexceptions; i++)
		if (strlen(ef_exceptions[i].pattern) == n &&
		    !memcmp(ef_exceptions[i].pattern, name, n))
			return true;
	/* Routing variables are sbxsh's own: the session sets them, and
	 * `policy env` must never call one withheld. */
	for (size_t i = 0; i < rt_table_len; i++)
		if (strlen(rt_table[i].name) == n &&
		    !memcmp(rt_table[i].name, name, n))
			return true;
	return false;
}

/* |name| is [name, name + n): the caller may pass "NAME=value". |pp|:
 * the prepared patterns. */
static bool withhold_n(const struct ef_pat *pp, const char *name, size_t n,
		       const char *value, const char **rule, const char **why)
{
	const struct ef_shape *t;
	char buf[256];
	bool hit = false;

	if (n < sizeof(buf)) {
		for (size_t i = 0; i < n; i++)
			buf[i] = (char)(name[i] >= 'a' && name[i] <= 'z'
					    ? name[i] - 'a' + 'A'
					    : name[i]);
	}
	for (size_t i = 0; i < ef_npatterns && !hit; i++) {
		if (n < sizeof(buf) ? match_upper(&pp[i], buf, n)
				    : glob(pp[i].pat, name, n, true)) {
			*rule = ef_patterns[i].pattern;
			*why = ef_patterns[i].why;
			hit = true;
		}
	}
	if (!hit && value) {
		if (url_with_password(value)) {
			*rule = "a URL with a password";
			*why = "user:password@ in a URL (DATABASE_URL, a proxy "
			       "with a login)";
			hit = true;
		} else if (strstr(value, "-----BEGIN") &&
			   strstr(value, "PRIVATE KEY-----")) {
			*rule = "a PEM private key";
			*why = "the value is a private key";
			hit = true;
		} else if ((t = token_shaped(value))) {
			*rule = t->prefix;
			*why = t->why;
			hit = true;
		}
	}
	/* Asked only of a hit: nearly every variable is no hit at all. */
	return hit && !exempt(name, n);
}

bool ef_withhold(const char *name, const char *value, const char **rule,
		 const char **why)
{
	struct ef_pat pp[sizeof(ef_patterns) / sizeof(ef_patterns[0])];
	const char *r, *w;

	pats_prepare(pp);
	if (!withhold_n(pp, name, strlen(name), value, &r, &w))
		return false;
	if (rule)
		*rule = r;
	if (why)
		*why = w;
	return true;
}

static bool kept_by_flag(const char *const *keep, const char *name, size_t n)
{
	SBX_AUTOFREE char *nm = NULL;

	if (!keep || !*keep)
		return false;
	nm = xstrndup(name, n);
	for (; *keep; keep++)
		if (ef_keep_match(*keep, nm))
			return true;
	return false;
}

void ef_split(char *const *env, const char *const *keep, char ***kept,
	      size_t **withheld_at, size_t *nat, struct ef_report *rep)
{
	struct ef_pat pp[sizeof(ef_patterns) / sizeof(ef_patterns[0])];
	size_t n = 0, k = 0, w = 0;
	char **out;
	size_t *at;

	pats_prepare(pp);
	memset(rep, 0, sizeof(*rep));
	for (const char *const *p = keep; p && *p; p++)
		strv_push(&rep->keep, *p);
	while (env && env[n])
		n++;
	out = xcalloc(n + 1, sizeof(*out));
	at = xcalloc(n + 1, sizeof(*at));
	rep->withheld = xcalloc(n + 1, sizeof(*rep->withheld));
	for (size_t i = 0; i < n; i++) {
		const char *e = env[i], *eq = strchr(e, '=');
		const char *rule, *why;
		size_t len = eq ? (size_t)(eq - e) : strlen(e);

		if (!eq || !withhold_n(pp, e, len, eq + 1, &rule, &why)) {
			out[k++] = env[i];
			continue;
		}
		if (kept_by_flag(keep, e, len)) {
			SBX_AUTOFREE char *nm = xstrndup(e, len);

			if (!strv_has(&rep->passed, nm))
				strv_push(&rep->passed, nm);
			out[k++] = env[i];
			continue;
		}
		rep->withheld[rep->nwithheld++] = (struct ef_hit){
		    .name = xstrndup(e, len),
		    .rule = rule,
		    .why = why,
		};
		at[w++] = i;
	}
	*kept = out;
	if (withheld_at) {
		*withheld_at = at;
		*nat = w;
	} else {
		free(at);
	}
}

void ef_report_copy(struct ef_report *dst, const struct ef_report *src)
{
	memset(dst, 0, sizeof(*dst));
	if (!src)
		return;
	dst->withheld = xcalloc(src->nwithheld + 1, sizeof(*dst->withheld));
	for (size_t i = 0; i < src->nwithheld; i++) {
		dst->withheld[i] = src->withheld[i];
		dst->withheld[i].name = xstrdup(src->withheld[i].name);
	}
	dst->nwithheld = src->nwithheld;
	for (size_t i = 0; i < src->passed.n; i++)
		strv_push(&dst->passed, src->passed.v[i]);
	for (size_t i = 0; i < src->keep.n; i++)
		strv_push(&dst->keep, src->keep.v[i]);
}

void ef_report_free(struct ef_report *rep)
{
	for (size_t i = 0; i < rep->nwithheld; i++)
		free(rep->withheld[i].name);
	free(rep->withheld);
	strv_free(&rep->passed);
	strv_free(&rep->keep);
	memset(rep, 0, sizeof(*rep));
}

void ef_format_text(const struct ef_report *rep, struct sbx_buf *b)
{
	buf_printf(b,
		   "credential variables withheld from the session "
		   "(names only; --keep-env NAME passes one): %zu\n",
		   rep->nwithheld);
	for (size_t i = 0; i < rep->nwithheld; i++)
		buf_printf(b, "  %-28s %s: %s\n", rep->withheld[i].name,
			   rep->withheld[i].rule, rep->withheld[i].why);
	if (rep->passed.n) {
		buf_puts(b, "  passed on purpose (--keep-env):");
		for (size_t i = 0; i < rep->passed.n; i++)
			buf_printf(b, " %s", rep->passed.v[i]);
		buf_putc(b, '\n');
	}
	for (size_t i = 0; i < rep->keep.n; i++) {
		bool used = false;

		for (size_t j = 0; j < rep->passed.n && !used; j++)
			used = ef_keep_match(rep->keep.v[i], rep->passed.v[j]);
		if (!used)
			buf_printf(b,
				   "  --keep-env %s: no credential variable "
				   "of that name was set\n",
				   rep->keep.v[i]);
	}
}

void ef_json(const struct ef_report *rep, struct json_w *w)
{
	json_arr(w, "env_withheld", JSON_LINES);
	for (size_t i = 0; i < rep->nwithheld; i++) {
		json_obj(w, NULL, JSON_INLINE);
		json_str(w, "name", rep->withheld[i].name);
		json_str(w, "rule", rep->withheld[i].rule);
		json_str(w, "why", rep->withheld[i].why);
		json_end(w);
	}
	json_end(w);
	json_strv(w, "env_passed", JSON_INLINE, &rep->passed);
}

void ef_format_json(const struct ef_report *rep, struct sbx_buf *b)
{
	struct json_w w;

	json_resume(&w, b, JSON_LINES, 1);
	ef_json(rep, &w);
}
