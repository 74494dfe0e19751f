/* tests/unit/test_secrets.c — the credential-file table (docs/design.md §2),
 * both ways: every file the issue, Codex and sandbox-runtime name is masked,
 * where the tool itself would look (XDG defaults, the tools' variables);
 * the settings those tools need to work are not. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "docsecrets.h"
#include "secrets.h"

static struct sbx_strv got;

static void collect(void *ctx, const char *path, const struct sec_row *row)
{
	(void)ctx;
	assert_non_null(row);
	assert_true(path[0] == '/');
	strv_push(&got, path);
}

static void run(const char *home, char **env, bool uid_known, unsigned uid)
{
	struct sec_facts f = {
	    .home = home, .env = env, .uid_known = uid_known, .uid = uid};

	strv_free(&got);
	sec_resolve(&f, collect, NULL);
}

/* Is |p| masked: listed itself or beneath a listed folder? */
static bool masked(const char *p)
{
	for (size_t i = 0; i < got.n; i++)
		if (path_under(got.v[i], p))
			return true;
	return false;
}

static void must(const char *p)
{
	if (!masked(p))
		print_error("%s is not masked\n", p);
	assert_true(masked(p));
}

static void must_not(const char *p)
{
	if (masked(p))
		print_error("%s is masked\n", p);
	assert_false(masked(p));
}

/* This test's own statement of what must be masked, relative to $HOME
 * with no XDG variable set: today's list, the issue's, and what Codex's
 * and sandbox-runtime's users keep credentials in. Dropping a row of the
 * table fails here. */
static const char *const required[] = {
    ".ssh/id_ed25519",
    ".gnupg/private-keys-v1.d",
    ".aws/credentials",
    ".config/gh/hosts.yml",
    ".netrc",
    ".docker/config.json",
    ".kube/config",
    ".cache/huggingface/token",
    ".git-credentials",
    ".config/gcloud/credentials.db",
    ".azure/msal_token_cache.json",
    ".pypirc",
    ".npmrc",
    ".pgpass",
    ".cargo/credentials.toml",
    ".cargo/credentials",
    ".codex/auth.json",
    ".claude/.credentials.json",
    ".terraform.d/credentials.tfrc.json",
    ".local/share/keyrings/login.keyring",
    ".password-store/x.gpg",
    ".my.cnf",
    ".mylogin.cnf",
    ".gem/credentials",
    ".vault-token",
    ".config/op/config",
    ".yarnrc.yml",
    ".yarnrc",
    ".config/containers/auth.json",
    ".config/helm/registry/config.json",
    ".config/helm/repositories.yaml",
    ".config/git/credentials",
    ".config/pypoetry/auth.toml",
    ".local/share/uv/credentials/credentials.toml",
    ".config/composer/auth.json",
    ".gradle/gradle.properties",
    ".m2/settings-security.xml",
    ".pulumi/credentials.json",
    ".config/rclone/rclone.conf",
    ".s3cfg",
    ".kaggle/kaggle.json",
    ".gemini/oauth_creds.json",
    ".config/github-copilot/hosts.json",
    ".Xauthority",
    ".bash_history",
    ".zsh_history",
    ".python_history",
    ".psql_history",
    ".mysql_history",
    ".pki/nssdb/key4.db",
    ".mozilla/firefox/x.default/logins.json",
    ".config/google-chrome/Default/Cookies",
    ".huggingface/token",
    ".local/share/fish/fish_history",
    ".config/sops/age/keys.txt",
};

/* What the same tools need readable to work: settings, not secrets. */
static const char *const ordinary[] = {
    ".bashrc",
    ".profile",
    ".gitconfig",
    ".config/git/config",
    ".config/git/ignore",
    ".docker",
    ".docker/buildx",
    ".cargo/config.toml",
    ".cargo/bin/rustc",
    ".npm/_cacache",
    ".cache/pip",
    ".cache/go-build",
    ".config",
    ".local/share",
    ".local/bin/tool",
    ".config/helm",
    ".config/containers/registries.conf",
    ".kube.bak" /* not .kube */,
    ".sshx",
    ".config/ghx",
    ".m2/settings.xml",
    ".gradle/caches",
    ".config/nvim/init.lua",
    ".vimrc",
    ".terraform.d/plugins",
    ".codex/config.toml",
    ".claude/settings.json",
    ".cache",
    ".local/share/Trash",
    ".config/pip/pip.conf",
};

static void every_required_file_is_masked(void **state)
{
	(void)state;
	run("/home/u", NULL, false, 0);
	for (size_t i = 0; i < sizeof(required) / sizeof(*required); i++) {
		SBX_AUTOFREE char *p = xasprintf("/home/u/%s", required[i]);

		must(p);
	}
}

static void ordinary_settings_are_not(void **state)
{
	(void)state;
	run("/home/u", NULL, true, 1000);
	for (size_t i = 0; i < sizeof(ordinary) / sizeof(*ordinary); i++) {
		SBX_AUTOFREE char *p = xasprintf("/home/u/%s", ordinary[i]);

		must_not(p);
	}
	/* and the home, the system, the session's folders */
	must_not("/home/u");
	must_not("/");
	must_not("/etc/passwd");
	must_not("/usr/bin/ssh");
	must_not("/tmp/x");
	must_not("/run/user/1000");
	must_not("/etc/shadow");
}

static void every_row_says_why(void **state)
{
	(void)state;
	for (size_t i = 0; i < sec_table_len; i++) {
		const struct sec_row *r = &sec_table[i];

		assert_true(r->tool && *r->tool);
		assert_true(r->why && *r->why);
		if (r->base == SEC_VAR) {
			assert_null(r->path);
			assert_non_null(r->var);
		} else {
			assert_non_null(r->path);
			assert_true((r->base == SEC_ABS) ==
				    (r->path[0] == '/'));
		}
		if (r->var)
			assert_non_null(r->sub);
	}
}

static void xdg_variables_and_defaults(void **state)
{
	char *env[] = {"XDG_CONFIG_HOME=/cfg", "XDG_DATA_HOME=/data/",
		       "XDG_CACHE_HOME=/c", NULL};
	char *relative[] = {"XDG_CONFIG_HOME=cfg", NULL};

	(void)state;
	run("/home/u", env, false, 0);
	/* where the tool looks now, and where a file from before is */
	must("/cfg/gh/hosts.yml");
	must("/home/u/.config/gh/hosts.yml");
	must("/data/keyrings/login.keyring");
	must("/home/u/.local/share/keyrings/x");
	must("/c/huggingface/token");
	must("/home/u/.cache/huggingface/token");
	/* a relative XDG value is ignored, as the specification says */
	run("/home/u", relative, false, 0);
	must_not("cfg/gh");
	for (size_t i = 0; i < got.n; i++)
		assert_true(got.v[i][0] == '/');
	must("/home/u/.config/gh");
}

static void runtime_folder(void **state)
{
	char *env[] = {"XDG_RUNTIME_DIR=/xdg/run", NULL};

	(void)state;
	run("/home/u", NULL, true, 1000);
	must("/run/user/1000/containers/auth.json");
	must("/run/containers/1000/auth.json");
	must("/tmp/krb5cc_1000");
	run("/home/u", env, true, 1000);
	must("/xdg/run/containers/auth.json");
	must("/run/user/1000/containers/auth.json");
	/* no uid, no guess */
	run("/home/u", NULL, false, 0);
	must_not("/run/user/0/containers/auth.json");
	must_not("/tmp/krb5cc_0");
}

/* Root gets no rows of its own: the system's secrets are the file
 * permissions' business for everyone else, and for root the policy says
 * they are open (test_policy.c) rather than walk all of /etc. */
static void no_system_rows(void **state)
{
	(void)state;
	run("/root", NULL, true, 0);
	must("/root/.ssh/id_rsa");
	for (size_t i = 0; i < got.n; i++)
		assert_false(path_under("/etc", got.v[i]));
}

static void tool_variables(void **state)
{
	char *env[] = {
	    "GNUPGHOME=/k/gpg",
	    "CARGO_HOME=/opt/cargo",
	    "KUBECONFIG=/k/a.yaml::relative:/k/b.yaml",
	    "KRB5CCNAME=FILE:/var/krb/cc",
	    "DOCKER_CONFIG=/k/docker",
	    "GOOGLE_APPLICATION_CREDENTIALS=/k/sa.json",
	    "AWS_SHARED_CREDENTIALS_FILE=/k/aws-creds",
	    "PGPASSFILE=/k/pgpass",
	    "GH_CONFIG_DIR=/k/gh",
	    "CODEX_HOME=/k/codex",
	    "HF_HOME=/k/hf",
	    "REGISTRY_AUTH_FILE=/k/auth.json",
	    "PASSWORD_STORE_DIR=/k/pass",
	    "NETRC=/k/netrc",
	    "CLAUDE_CONFIG_DIR=/k/claude",
	    NULL,
	};

	(void)state;
	run("/home/u", env, false, 0);
	must("/k/gpg/pubring.kbx");
	must("/home/u/.gnupg"); /* a file left from before the variable */
	must("/opt/cargo/credentials.toml");
	must_not("/opt/cargo/bin/cargo");
	must_not("/opt/cargo");
	must("/k/a.yaml");
	must("/k/b.yaml");
	must_not("relative");
	must("/var/krb/cc");
	must("/k/docker/config.json");
	must_not("/k/docker/buildx");
	must("/k/sa.json");
	must("/k/aws-creds");
	must("/k/pgpass");
	must("/k/gh/hosts.yml");
	must("/k/codex/auth.json");
	must_not("/k/codex/config.toml");
	must("/k/hf/token");
	must_not("/k/hf/hub");
	must("/k/auth.json");
	must("/k/pass/x.gpg");
	must("/k/netrc");
	must("/k/claude/.credentials.json");
	must_not("/k/claude/settings.json");
}

/* A variable that would mask "/" or the home is no tool's folder. */
static void variables_never_mask_the_home(void **state)
{
	char *env[] = {"GNUPGHOME=/home/u",   "PASSWORD_STORE_DIR=/",
		       "GH_CONFIG_DIR=/home", "DOCKER_CONFIG=/home/u/..",
		       "XDG_CONFIG_HOME=/",   NULL};

	(void)state;
	run("/home/u", env, false, 0);
	must_not("/home/u/notes");
	must_not("/home/notes");
	must_not("/etc/hosts");
	must("/home/u/.gnupg");
	for (size_t i = 0; i < got.n; i++) {
		assert_false(path_under(got.v[i], "/home/u"));
		assert_string_not_equal(got.v[i], "/");
	}
}

static void no_home(void **state)
{
	char *env[] = {"XDG_CONFIG_HOME=/cfg", "GNUPGHOME=/k/gpg", NULL};

	(void)state;
	run(NULL, env, false, 0);
	must("/cfg/gh");
	must("/k/gpg");
	for (size_t i = 0; i < got.n; i++)
		assert_true(got.v[i][0] == '/');
}

/* Every row, as the table in docs/secrets.md shows it: the place under
 * its base, and the tool's variable. */
static void documented(void **state)
{
	static const char *const base[] = {
	    [SEC_HOME] = "~/",
	    [SEC_CONFIG] = "$XDG_CONFIG_HOME/",
	    [SEC_DATA] = "$XDG_DATA_HOME/",
	    [SEC_CACHE] = "$XDG_CACHE_HOME/",
	    [SEC_RUNTIME] = "$XDG_RUNTIME_DIR/",
	    [SEC_ABS] = "",
	};
	SBX_AUTOFREE char *doc = read_doc();

	(void)state;
	for (size_t i = 0; i < sec_table_len; i++) {
		const struct sec_row *r = &sec_table[i];

		if (r->path) {
			const char *pct = strstr(r->path, "%u");
			SBX_AUTOFREE char *p =
			    pct ? xasprintf("%s%.*s<uid>%s", base[r->base],
					    (int)(pct - r->path), r->path,
					    pct + 2)
				: xasprintf("%s%s", base[r->base], r->path);

			doc_has(doc, p);
		}
		if (r->var) {
			SBX_AUTOFREE char *v = xasprintf(
			    "$%s%s%s", r->var, *r->sub ? "/" : "", r->sub);

			doc_has(doc, v);
		}
	}
}

static int teardown(void **state)
{
	(void)state;
	strv_free(&got);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(every_required_file_is_masked, teardown),
	    cmocka_unit_test_teardown(ordinary_settings_are_not, teardown),
	    cmocka_unit_test_teardown(every_row_says_why, teardown),
	    cmocka_unit_test_teardown(xdg_variables_and_defaults, teardown),
	    cmocka_unit_test_teardown(runtime_folder, teardown),
	    cmocka_unit_test_teardown(no_system_rows, teardown),
	    cmocka_unit_test_teardown(tool_variables, teardown),
	    cmocka_unit_test_teardown(variables_never_mask_the_home, teardown),
	    cmocka_unit_test_teardown(no_home, teardown),
	    cmocka_unit_test(documented),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
