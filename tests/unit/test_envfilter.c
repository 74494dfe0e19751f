/* tests/unit/test_envfilter.c — the credential-variable table, both ways
 * (docs/design.md §2b): every credential name and value shape is withheld,
 * every ordinary variable, exception and routing variable passes. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "docsecrets.h"
#include "envfilter.h"
#include "route.h"

static bool held(const char *name, const char *value)
{
	return ef_withhold(name, value, NULL, NULL);
}

/* The issue's list and the common ones, each spelled as people do. */
static const char *const credential_names[] = {
    "GITHUB_TOKEN",
    "GH_TOKEN",
    "GITLAB_TOKEN",
    "CI_JOB_TOKEN",
    "ACTIONS_RUNTIME_TOKEN",
    "AWS_SECRET_ACCESS_KEY",
    "AWS_ACCESS_KEY_ID",
    "AWS_SESSION_TOKEN",
    "OPENAI_API_KEY",
    "ANTHROPIC_API_KEY",
    "GEMINI_API_KEY",
    "NPM_TOKEN",
    "NODE_AUTH_TOKEN",
    "MYAPP_DB_PASSWORD",
    "PGPASSWORD",
    "MYSQL_PWD",
    "SMTP_PASS",
    "DB_PASSWD",
    "GPG_PASSPHRASE",
    "STRIPE_KEY",
    "STRIPE_SECRET_KEY",
    "RAILS_MASTER_KEY",
    "SECRET_KEY_BASE",
    "ENCRYPTION_KEY",
    "JWT_SECRET",
    "CLIENT_SECRET",
    "HF_TOKEN",
    "HUGGING_FACE_HUB_TOKEN",
    "CARGO_REGISTRY_TOKEN",
    "VAULT_TOKEN",
    "GOOGLE_APPLICATION_CREDENTIALS",
    "AWS_SHARED_CREDENTIALS_FILE",
    "CREDENTIALS_DIRECTORY",
    "DOCKER_CREDS",
    "npm_config__auth",
    "BASIC_AUTH",
    "AZURE_DEVOPS_EXT_PAT",
    "SESSION_COOKIE",
    "SENTRY_DSN",
    "SLACK_WEBHOOK_URL",
    "DEPLOY_PRIVATE_KEY",
    "SSH_PRIVATE_KEY",
    "SENDGRID_APIKEY",
    "SSH_AUTH_SOCK",
    "GPG_AGENT_INFO",
    "GNOME_KEYRING_CONTROL",
    "KRB5CCNAME",
    /* case does not hide a credential */
    "github_token",
    "DB_Password",
    "openai_api_key",
    "Aws_Secret_Access_Key",
    "npm_config_//registry.npmjs.org/:_authToken",
};

/* What must keep working: none of these is a secret. */
static const char *const ordinary_names[] = {
    "PATH",
    "HOME",
    "LANG",
    "LANGUAGE",
    "LC_ALL",
    "LC_CTYPE",
    "LC_MESSAGES",
    "TERM",
    "COLORTERM",
    "EDITOR",
    "VISUAL",
    "PAGER",
    "LESS",
    "LESSKEY",
    "LESSOPEN",
    "GIT_AUTHOR_NAME",
    "GIT_AUTHOR_EMAIL",
    "GIT_COMMITTER_NAME",
    "GIT_COMMITTER_EMAIL",
    "GIT_ASKPASS",
    "SSH_ASKPASS",
    "SUDO_ASKPASS",
    "KEYTIMEOUT",
    "KEYMAP",
    "SSH_TTY",
    "SSH_CONNECTION",
    "SSH_CLIENT",
    "SSH_AGENT_PID",
    "HISTFILE",
    "HISTSIZE",
    "HISTCONTROL",
    "SHELL",
    "USER",
    "LOGNAME",
    "PWD",
    "OLDPWD",
    "TMPDIR",
    "TZ",
    "MAIL",
    "DISPLAY",
    "WAYLAND_DISPLAY",
    "XAUTHORITY",
    "GPG_TTY",
    "PS1",
    "PS2",
    "ENV",
    "CDPATH",
    "COLUMNS",
    "LINES",
    "SHLVL",
    "AWS_PROFILE",
    "AWS_REGION",
    "AWS_DEFAULT_REGION",
    "AWS_CA_BUNDLE",
    "PGHOST",
    "PGUSER",
    "PGPASSFILE",
    "NETRC",
    "GNUPGHOME",
    "KUBECONFIG",
    "DOCKER_CONFIG",
    "GOOGLE_CLOUD_PROJECT",
    "TOKENIZERS_PARALLELISM",
    "PYTHONPATH",
    "NODE_OPTIONS",
    "LS_COLORS",
    "NO_PROXY",
    "http_proxy",
    "SBXSH_ROOT",
    "XDG_CONFIG_HOME",
    "XDG_DATA_HOME",
    "XDG_CACHE_HOME",
    "XDG_STATE_HOME",
    "XDG_RUNTIME_DIR",
    "XDG_CONFIG_DIRS",
    "XDG_DATA_DIRS",
    "XDG_SESSION_TYPE",
    "SSH_KEY_PATH",
    "AWS_KMS_KEY_ID",
    "SIGNING_KEY_ID",
    "GIT_SSH_COMMAND",
    "MAKEFLAGS",
    "DEBIAN_FRONTEND",
    "CI",
    "GITHUB_ACTIONS",
    "GITHUB_REPOSITORY",
    "GITHUB_SHA",
    "PROXY_BYPASS",
    "MONKEY",
};

static void credential_names_are_withheld(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(credential_names) / sizeof(char *); i++) {
		if (!held(credential_names[i], "x"))
			print_error("%s passed\n", credential_names[i]);
		assert_true(held(credential_names[i], "x"));
		/* by name alone: an empty or missing value changes nothing */
		assert_true(held(credential_names[i], ""));
		assert_true(held(credential_names[i], NULL));
	}
}

static void ordinary_names_pass(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(ordinary_names) / sizeof(char *); i++) {
		if (held(ordinary_names[i], "/usr/bin:/bin"))
			print_error("%s withheld\n", ordinary_names[i]);
		assert_false(held(ordinary_names[i], "/usr/bin:/bin"));
	}
}

/* The table itself: every pattern row catches what it names (a name built
 * from the pattern), in any case; the rule and reason come with it. */
static void every_pattern_row_matches(void **state)
{
	(void)state;
	for (size_t i = 0; i < ef_npatterns; i++) {
		const char *p = ef_patterns[i].pattern, *rule = NULL,
			   *why = NULL;
		char up[96], low[96];
		size_t k = 0;

		for (const char *c = p; *c && k + 4 < sizeof(up); c++) {
			if (*c == '*') {
				memcpy(up + k, "MY", 2);
				k += 2;
			} else {
				up[k++] = *c;
			}
		}
		up[k] = '\0';
		for (size_t j = 0; j <= k; j++)
			low[j] = (char)(up[j] >= 'A' && up[j] <= 'Z'
					    ? up[j] - 'A' + 'a'
					    : up[j]);
		assert_true(ef_withhold(up, "v", &rule, &why));
		assert_string_equal(rule, p);
		assert_string_equal(why, ef_patterns[i].why);
		assert_true(held(low, "v"));
		assert_true(ef_patterns[i].why && *ef_patterns[i].why);
	}
}

/* Exceptions and sbxsh's own variables pass whatever their value says:
 * routing values are the session's, and HOME/PATH/TMPDIR/XDG_* are what
 * sbxsh needs to open it. */
static void exceptions_and_routing_never_withheld(void **state)
{
	static const char *const creds[] = {
	    "postgres://u:hunter2@db/x",
	    "ghp_0123456789abcdefghij0123456789abcdef",
	    "x",
	};

	(void)state;
	for (size_t c = 0; c < sizeof(creds) / sizeof(*creds); c++) {
		for (size_t i = 0; i < ef_nexceptions; i++) {
			assert_false(held(ef_exceptions[i].pattern, creds[c]));
			assert_true(ef_exceptions[i].why &&
				    *ef_exceptions[i].why);
		}
		for (size_t i = 0; i < rt_table_len; i++)
			assert_false(held(rt_table[i].name, creds[c]));
	}
}

/* Values: a URL carrying a password, a PEM key, a known token shape. */
static void credential_values_are_withheld(void **state)
{
	static const char *const vals[] = {
	    "postgres://app:hunter2@db.example:5432/app",
	    "redis://:s3cret@cache:6379/0",
	    "mongodb+srv://u:p@cluster0.example.net/db",
	    "http://proxyuser:proxypass@proxy:3128",
	    "https://a.example/x,https://u:tok@b.example/",
	    "ghp_0123456789abcdefghijABCDEFGHIJ012345",
	    "github_pat_11ABCDEFG0123456789_abcdefghijklmnop",
	    "glpat-abcdefghij0123456789",
	    "xoxb-1234567890-abcdefghij",
	    "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD",
	    "sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789",
	    "AKIAIOSFODNN7EXAMPLE",
	    "AIzaSyA0123456789abcdefghijklmnopqrstuv",
	    "hf_abcdefghijklmnopqrstuvwxyz0123",
	    "npm_abcdefghijklmnopqrstuvwxyz0123456789",
	    "-----BEGIN OPENSSH PRIVATE KEY-----\nb3Bl\n-----END OPENSSH "
	    "PRIVATE KEY-----",
	};
	const char *rule = NULL;

	(void)state;
	for (size_t i = 0; i < sizeof(vals) / sizeof(*vals); i++) {
		if (!held("INNOCENT_NAME", vals[i]))
			print_error("value %s passed\n", vals[i]);
		assert_true(held("INNOCENT_NAME", vals[i]));
	}
	assert_true(
	    ef_withhold("DATABASE_URL", "postgres://a:b@h/d", &rule, NULL));
	assert_string_equal(rule, "a URL with a password");
}

static void ordinary_values_pass(void **state)
{
	static const char *const vals[] = {
	    "postgres://db.example/app",
	    "ssh://git@github.com/o/r.git",
	    "https://user@example.com/x",
	    "http://proxy:3128",
	    "git@github.com:o/r.git",
	    "http://u:@host/",
	    "/usr/bin:/bin",
	    "ghp_short",
	    "sk-",
	    "skeleton key",
	    "AKIAlowercase0000000",
	    "AKIAIOSFODNN7EXAMPLEX",
	    "en_US.UTF-8",
	    "-----BEGIN CERTIFICATE-----",
	    "hf_",
	    "",
	    "::",
	    "://",
	    "x://",
	    "1://a:b@c" /* no scheme */,
	};

	(void)state;
	for (size_t i = 0; i < sizeof(vals) / sizeof(*vals); i++) {
		if (held("INNOCENT_NAME", vals[i]))
			print_error("value %s withheld\n", vals[i]);
		assert_false(held("INNOCENT_NAME", vals[i]));
	}
}

static void keep_patterns(void **state)
{
	(void)state;
	assert_true(ef_keep_match("GITHUB_TOKEN", "GITHUB_TOKEN"));
	assert_false(ef_keep_match("GITHUB_TOKEN", "GITHUB_TOKENS"));
	assert_false(ef_keep_match("GITHUB_TOKEN", "GH_GITHUB_TOKEN"));
	assert_false(ef_keep_match("github_token", "GITHUB_TOKEN"));
	assert_true(ef_keep_match("AWS_*", "AWS_SECRET_ACCESS_KEY"));
	assert_false(ef_keep_match("AWS_*", "MY_AWS_KEY"));
	assert_true(ef_keep_match("*_TOKEN", "NPM_TOKEN"));
	assert_true(ef_keep_match("*", "ANYTHING"));
	assert_true(ef_keep_match("A*B*C", "AxxBxxC"));
	assert_false(ef_keep_match("A*B*C", "AxxBxx"));
}

static void split_keeps_order_withholds_and_passes(void **state)
{
	char *env[] = {
	    "PATH=/usr/bin", "GITHUB_TOKEN=ghp_secretvalue",
	    "EDITOR=vi",     "DATABASE_URL=postgres://a:pw@h/d",
	    "NOEQUALS",	     "OPENAI_API_KEY=sk-x",
	    "LANG=C",	     NULL,
	};
	const char *keep[] = {"OPENAI_*", "UNSET_ONE", NULL};
	struct ef_report rep, copy;
	struct sbx_buf t = {0}, j = {0};
	char **kept;
	size_t *at, nat;

	(void)state;
	ef_split(env, keep, &kept, &at, &nat, &rep);
	assert_string_equal(kept[0], "PATH=/usr/bin");
	assert_string_equal(kept[1], "EDITOR=vi");
	assert_string_equal(kept[2], "NOEQUALS");
	assert_string_equal(kept[3], "OPENAI_API_KEY=sk-x");
	assert_string_equal(kept[4], "LANG=C");
	assert_null(kept[5]);
	assert_true(kept[0] == env[0]); /* borrowed, not copied */
	assert_int_equal(nat, 2);
	assert_int_equal(at[0], 1);
	assert_int_equal(at[1], 3);
	assert_int_equal(rep.nwithheld, 2);
	assert_string_equal(rep.withheld[0].name, "GITHUB_TOKEN");
	assert_string_equal(rep.withheld[0].rule, "*TOKEN*");
	assert_string_equal(rep.withheld[1].name, "DATABASE_URL");
	assert_int_equal(rep.passed.n, 1);
	assert_string_equal(rep.passed.v[0], "OPENAI_API_KEY");

	ef_report_copy(&copy, &rep);
	ef_report_free(&rep);
	ef_format_text(&copy, &t);
	ef_format_json(&copy, &j);
	/* names and rules, never a value */
	assert_non_null(strstr(t.s, "GITHUB_TOKEN"));
	assert_non_null(strstr(t.s, "DATABASE_URL"));
	assert_non_null(strstr(t.s, "--keep-env): OPENAI_API_KEY"));
	assert_non_null(strstr(t.s, "--keep-env UNSET_ONE: no credential"));
	assert_null(strstr(t.s, "secretvalue"));
	assert_null(strstr(t.s, ":pw@"));
	assert_null(strstr(t.s, "sk-x"));
	assert_non_null(strstr(j.s, "\"env_withheld\": ["));
	assert_non_null(strstr(j.s, "{\"name\": \"GITHUB_TOKEN\", \"rule\": "
				    "\"*TOKEN*\""));
	assert_non_null(strstr(j.s, "\"env_passed\": [\"OPENAI_API_KEY\"]"));
	assert_null(strstr(j.s, "secretvalue"));
	ef_report_free(&copy);
	buf_free(&t);
	buf_free(&j);
	free(kept);
	free(at);
}

static void split_of_nothing(void **state)
{
	char *env[] = {NULL};
	struct ef_report rep, copy;
	struct sbx_buf j = {0};
	char **kept;

	(void)state;
	ef_split(env, NULL, &kept, NULL, NULL, &rep);
	assert_null(kept[0]);
	assert_int_equal(rep.nwithheld, 0);
	ef_report_copy(&copy, NULL);
	assert_int_equal(copy.nwithheld, 0);
	ef_format_json(&rep, &j);
	assert_string_equal(j.s, "\"env_withheld\": [],\n  \"env_passed\": []");
	ef_report_free(&rep);
	ef_report_free(&copy);
	buf_free(&j);
	free(kept);
}

static void documented(void **state)
{
	SBX_AUTOFREE char *doc = read_doc();

	(void)state;
	for (size_t i = 0; i < ef_npatterns; i++)
		doc_has(doc, ef_patterns[i].pattern);
	for (size_t i = 0; i < ef_nexceptions; i++)
		doc_has(doc, ef_exceptions[i].pattern);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(credential_names_are_withheld),
	    cmocka_unit_test(ordinary_names_pass),
	    cmocka_unit_test(every_pattern_row_matches),
	    cmocka_unit_test(exceptions_and_routing_never_withheld),
	    cmocka_unit_test(credential_values_are_withheld),
	    cmocka_unit_test(ordinary_values_pass),
	    cmocka_unit_test(keep_patterns),
	    cmocka_unit_test(split_keeps_order_withholds_and_passes),
	    cmocka_unit_test(split_of_nothing),
	    cmocka_unit_test(documented),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
