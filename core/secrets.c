/* core/secrets.c — the credential-file table (docs/design.md §2). Pure.
 *
 * The attack each row stops: a job reads the file and sends it out (or
 * uses it: an ssh key, a registry login, a cloud token act as the user
 * far outside the sandbox), or writes it (a planted ~/.ssh/authorized_keys
 * line, a kubeconfig pointing at the attacker's cluster, an rc file run
 * by the next unconfined shell). Masked rows are neither readable nor
 * writable in the session, under both Linux backends.
 *
 * What a row covers: a folder row hides everything beneath it, so a tool
 * whose whole folder is credentials gets one folder row (~/.ssh, ~/.aws);
 * a tool whose folder also holds settings it needs to work gets a row per
 * credential file (~/.docker/config.json, not ~/.docker). Histories are
 * here too: typed secrets (`export TOKEN=...`, `mysql -p...`) end up in
 * them, which is why sbxsh masks its own.
 *
 * Cost: a row whose path does not exist costs one readlink at start-up
 * (the policy canonicalizes it) and one lstat in the backend; an existing
 * one makes the Landlock backend grant read on the siblings along its
 * path instead of on its ancestors (backends/landlock.c), and the
 * namespace backend mount over it. See tests/bench/bench-secrets.sh.
 *
 * Not here: what only root can read (/etc/shadow, the host's ssh keys).
 * Permissions keep every other user out already (other users' homes keep
 * a root session out too: it holds no CAP_DAC_OVERRIDE), and
 * for root one row in /etc makes the Landlock backend walk all of /etc
 * (~140 rules, +0.6 ms, a third of a start-up, measured). A root session
 * says so instead (core/policy.c), and --mask hides any of them.
 */
#include "secrets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* clang-format off */
#define H SEC_HOME
#define C SEC_CONFIG
#define D SEC_DATA
#define K SEC_CACHE
#define R SEC_RUNTIME
#define A SEC_ABS
#define V SEC_VAR
const struct sec_row sec_table[] = {
	/* --- keys and agents ------------------------------------------- */
	{ H, ".ssh", NULL, NULL, "ssh",
	  "private keys; config and known_hosts map your servers; "
	  "authorized_keys lets whoever writes it in", 0 },
	{ H, ".gnupg", "GNUPGHOME", "", "gpg",
	  "private keys and the trust database", 0 },
	{ H, ".password-store", "PASSWORD_STORE_DIR", "", "pass",
	  "your passwords (encrypted, and the keys are a gpg-agent away)", 0 },
	{ D, "keyrings", NULL, NULL, "gnome-keyring",
	  "the Secret Service's keyrings (browser, wifi, app passwords)", 0 },
	{ D, "kwalletd", NULL, NULL, "kwallet", "KDE's wallets", 0 },
	{ H, ".pki/nssdb", NULL, NULL, "nss",
	  "client certificates and their keys (Chrome, curl with NSS)", 0 },
	{ C, "sops/age/keys.txt", "SOPS_AGE_KEY_FILE", "", "sops",
	  "age private keys that decrypt your sops files", 0 },
	{ H, ".Xauthority", "XAUTHORITY", "", "X11",
	  "the X server's cookie: with it a job reads and types into your "
	  "desktop", 0 },
	{ V, NULL, "KRB5CCNAME", "", "kerberos", "your Kerberos tickets", 0 },
	{ A, "/tmp/krb5cc_%u", NULL, NULL, "kerberos",
	  "your Kerberos tickets (the default cache)", 0 },
	{ V, NULL, "CREDENTIALS_DIRECTORY", "", "systemd",
	  "the credentials systemd handed this service", 0 },

	/* --- clouds ---------------------------------------------------- */
	{ H, ".aws", NULL, NULL, "aws",
	  "access keys (credentials) and SSO tokens (sso/cache)", 0 },
	{ V, NULL, "AWS_SHARED_CREDENTIALS_FILE", "", "aws", "access keys", 0 },
	{ V, NULL, "AWS_WEB_IDENTITY_TOKEN_FILE", "", "aws",
	  "a web identity token (EKS, CI OIDC)", 0 },
	{ C, "gcloud", "CLOUDSDK_CONFIG", "", "gcloud",
	  "OAuth tokens and application default credentials", 0 },
	{ V, NULL, "GOOGLE_APPLICATION_CREDENTIALS", "", "google",
	  "a service account's private key", 0 },
	{ H, ".azure", "AZURE_CONFIG_DIR", "", "az",
	  "Azure access and refresh tokens", 0 },
	{ H, ".oci", NULL, NULL, "oci", "Oracle Cloud API keys", 0 },
	{ H, ".aliyun", NULL, NULL, "aliyun", "Alibaba Cloud access keys", 0 },
	{ C, "doctl/config.yaml", NULL, NULL, "doctl",
	  "a DigitalOcean token", 0 },
	{ C, "hcloud/cli.toml", NULL, NULL, "hcloud", "Hetzner Cloud tokens", 0 },
	{ H, ".fly/config.yml", NULL, NULL, "flyctl", "a Fly.io token", 0 },
	{ D, "com.vercel.cli/auth.json", NULL, NULL, "vercel",
	  "a Vercel token", 0 },
	{ C, ".wrangler/config/default.toml", NULL, NULL, "wrangler",
	  "a Cloudflare token", 0 },
	{ H, ".wrangler/config/default.toml", NULL, NULL, "wrangler",
	  "a Cloudflare token (older wrangler)", 0 },
	{ C, "netlify/config.json", NULL, NULL, "netlify",
	  "a Netlify token", 0 },
	{ C, "configstore/firebase-tools.json", NULL, NULL, "firebase",
	  "Firebase tokens", 0 },
	{ H, ".terraform.d/credentials.tfrc.json", NULL, NULL, "terraform",
	  "Terraform Cloud tokens", 0 },
	{ H, ".terraformrc", "TF_CLI_CONFIG_FILE", "", "terraform",
	  "CLI settings that may hold credentials blocks", 0 },
	{ H, ".vault-token", NULL, NULL, "vault", "a Vault token", 0 },
	{ H, ".pulumi/credentials.json", "PULUMI_HOME", "credentials.json",
	  "pulumi", "Pulumi access tokens", 0 },
	{ H, ".databrickscfg", NULL, NULL, "databricks",
	  "Databricks tokens", 0 },
	{ H, ".s3cfg", NULL, NULL, "s3cmd", "S3 access keys", 0 },
	{ H, ".boto", NULL, NULL, "gsutil", "storage access keys", 0 },
	{ C, "rclone/rclone.conf", "RCLONE_CONFIG", "", "rclone",
	  "every remote's keys and passwords", 0 },
	{ H, ".mc/config.json", NULL, NULL, "mc", "S3/MinIO access keys", 0 },

	/* --- containers and clusters ----------------------------------- */
	{ H, ".docker/config.json", "DOCKER_CONFIG", "config.json", "docker",
	  "registry logins", 0 },
	{ R, "containers/auth.json", "REGISTRY_AUTH_FILE", "", "podman",
	  "registry logins (podman, buildah, skopeo)", 0 },
	{ C, "containers/auth.json", NULL, NULL, "podman",
	  "registry logins kept across reboots", 0 },
	{ A, "/run/containers/%u/auth.json", NULL, NULL, "podman",
	  "registry logins (where XDG_RUNTIME_DIR is unset)", 0 },
	{ H, ".kube", "KUBECONFIG", "", "kubectl",
	  "cluster credentials (client keys, tokens)", SEC_F_LIST },
	{ C, "helm/registry/config.json", NULL, NULL, "helm",
	  "chart registry logins", 0 },
	{ C, "helm/repositories.yaml", NULL, NULL, "helm",
	  "chart repositories with their passwords", 0 },

	/* --- forges and version control -------------------------------- */
	{ C, "gh", "GH_CONFIG_DIR", "", "gh", "GitHub tokens (hosts.yml)", 0 },
	{ C, "hub", NULL, NULL, "hub", "a GitHub token", 0 },
	{ C, "glab-cli/config.yml", NULL, NULL, "glab", "GitLab tokens", 0 },
	{ C, "github-copilot", NULL, NULL, "copilot",
	  "GitHub Copilot's tokens", 0 },
	{ H, ".git-credentials", NULL, NULL, "git",
	  "git's credential store: tokens in plain text", 0 },
	{ C, "git/credentials", NULL, NULL, "git",
	  "git's credential store (XDG location)", 0 },
	{ H, ".netrc", "NETRC", "", "netrc",
	  "logins for curl, git, pip, ftp", 0 },
	{ H, ".authinfo", NULL, NULL, "emacs", "logins (auth-source)", 0 },
	{ H, ".authinfo.gpg", NULL, NULL, "emacs", "logins (auth-source)", 0 },
	{ H, ".subversion/auth", NULL, NULL, "svn", "cached passwords", 0 },
	{ H, ".circleci/cli.yml", NULL, NULL, "circleci", "a CircleCI token", 0 },
	{ H, ".sentryclirc", NULL, NULL, "sentry-cli", "a Sentry token", 0 },

	/* --- package registries ---------------------------------------- */
	{ H, ".npmrc", "NPM_CONFIG_USERCONFIG", "", "npm",
	  "registry tokens (_authToken)", 0 },
	{ V, NULL, "npm_config_userconfig", "", "npm",
	  "registry tokens (_authToken)", 0 },
	{ H, ".yarnrc.yml", NULL, NULL, "yarn", "registry tokens (npmAuthToken)",
	  0 },
	{ H, ".yarnrc", NULL, NULL, "yarn", "registry settings, tokens included",
	  0 },
	{ H, ".pypirc", NULL, NULL, "twine", "PyPI upload tokens", 0 },
	{ C, "pypoetry/auth.toml", NULL, NULL, "poetry",
	  "repository passwords and tokens", 0 },
	{ D, "uv/credentials", NULL, NULL, "uv", "stored index logins", 0 },
	{ H, ".cargo/credentials.toml", "CARGO_HOME", "credentials.toml",
	  "cargo", "crates.io tokens", 0 },
	{ H, ".cargo/credentials", "CARGO_HOME", "credentials", "cargo",
	  "crates.io tokens (older cargo)", 0 },
	{ H, ".gem/credentials", NULL, NULL, "gem", "RubyGems API keys", 0 },
	{ D, "gem/credentials", NULL, NULL, "gem",
	  "RubyGems API keys (XDG location)", 0 },
	{ C, "composer/auth.json", "COMPOSER_HOME", "auth.json", "composer",
	  "registry and GitHub tokens", 0 },
	{ H, ".composer/auth.json", NULL, NULL, "composer",
	  "registry and GitHub tokens", 0 },
	{ H, ".gradle/gradle.properties", "GRADLE_USER_HOME",
	  "gradle.properties", "gradle",
	  "signing keys and repository passwords", 0 },
	{ H, ".m2/settings-security.xml", NULL, NULL, "maven",
	  "the master password of settings.xml", 0 },
	{ H, ".sbt/.credentials", NULL, NULL, "sbt", "repository passwords", 0 },
	{ H, ".ivy2/.credentials", NULL, NULL, "ivy", "repository passwords", 0 },

	/* --- databases ------------------------------------------------- */
	{ H, ".pgpass", "PGPASSFILE", "", "postgres", "database passwords", 0 },
	{ H, ".my.cnf", NULL, NULL, "mysql", "database passwords", 0 },
	{ H, ".mylogin.cnf", NULL, NULL, "mysql",
	  "login paths (passwords, barely obfuscated)", 0 },

	/* --- AI tools -------------------------------------------------- */
	{ H, ".codex/auth.json", "CODEX_HOME", "auth.json", "codex",
	  "the OpenAI login or API key", 0 },
	{ H, ".claude/.credentials.json", "CLAUDE_CONFIG_DIR",
	  ".credentials.json", "claude", "the Anthropic login", 0 },
	{ H, ".claude.json", NULL, NULL, "claude",
	  "account state that may hold an API key", 0 },
	{ H, ".gemini/oauth_creds.json", NULL, NULL, "gemini",
	  "the Google login", 0 },
	{ K, "huggingface/token", "HF_HOME", "token", "huggingface",
	  "a Hugging Face token", 0 },
	{ K, "huggingface/stored_tokens", "HF_HOME", "stored_tokens",
	  "huggingface", "Hugging Face tokens", 0 },
	{ V, NULL, "HF_TOKEN_PATH", "", "huggingface", "a Hugging Face token",
	  0 },
	{ H, ".huggingface/token", NULL, NULL, "huggingface",
	  "a Hugging Face token (older location)", 0 },
	{ H, ".kaggle/kaggle.json", "KAGGLE_CONFIG_DIR", "kaggle.json",
	  "kaggle", "a Kaggle API key", 0 },
	{ C, "kaggle/kaggle.json", NULL, NULL, "kaggle", "a Kaggle API key", 0 },
	{ C, "ngrok/ngrok.yml", NULL, NULL, "ngrok", "an ngrok authtoken", 0 },

	/* --- password managers and browsers ---------------------------- */
	{ C, "op", NULL, NULL, "1password", "1Password CLI sessions", 0 },
	{ H, ".op", NULL, NULL, "1password",
	  "1Password CLI sessions (older location)", 0 },
	{ C, "Bitwarden CLI", NULL, NULL, "bitwarden",
	  "the Bitwarden CLI's vault", 0 },
	{ H, ".mozilla/firefox", NULL, NULL, "firefox",
	  "saved passwords and session cookies", 0 },
	{ C, "google-chrome", NULL, NULL, "chrome",
	  "saved passwords and session cookies", 0 },
	{ C, "chromium", NULL, NULL, "chromium",
	  "saved passwords and session cookies", 0 },
	{ C, "BraveSoftware", NULL, NULL, "brave",
	  "saved passwords and session cookies", 0 },

	/* --- histories: typed secrets end up here ---------------------- */
	{ H, ".bash_history", "HISTFILE", "", "bash", "commands you typed", 0 },
	{ H, ".zsh_history", NULL, NULL, "zsh", "commands you typed", 0 },
	{ H, ".zhistory", NULL, NULL, "zsh", "commands you typed", 0 },
	{ D, "fish/fish_history", NULL, NULL, "fish", "commands you typed", 0 },
	{ H, ".python_history", NULL, NULL, "python", "lines you typed", 0 },
	{ H, ".node_repl_history", NULL, NULL, "node", "lines you typed", 0 },
	{ H, ".psql_history", NULL, NULL, "psql",
	  "queries you typed (ALTER USER ... PASSWORD)", 0 },
	{ H, ".mysql_history", NULL, NULL, "mysql", "queries you typed", 0 },
	{ H, ".sqlite_history", NULL, NULL, "sqlite3", "queries you typed", 0 },
	{ H, ".rediscli_history", NULL, NULL, "redis-cli",
	  "commands you typed (AUTH ...)", 0 },

};
#undef H
#undef C
#undef D
#undef K
#undef R
#undef A
#undef V
/* clang-format on */
const size_t sec_table_len = sizeof(sec_table) / sizeof(sec_table[0]);

/* An absolute folded copy of |v|, or NULL for what no tool would take
 * as a place: not absolute, or "/" (masking it would mask everything). */
static char *place(const char *v)
{
	char *p;

	if (!v || v[0] != '/')
		return NULL;
	p = path_fold(v);
	if (p && strcmp(p, "/") == 0) {
		free(p);
		return NULL;
	}
	return p;
}

/* |base| folded (or NULL), |rel| a clean relative path (or NULL/""). */
static void emit_under(const struct sec_facts *f, const char *base,
		       const char *rel, const struct sec_row *row,
		       sec_emit_fn emit, void *ctx)
{
	SBX_AUTOFREE char *p = NULL;

	if (!base)
		return;
	p = rel && *rel ? path_join(base, rel) : xstrdup(base);
	/* GNUPGHOME=$HOME (or a folder above it, or "/") would mask the
	 * whole home: that is no tool's secret, and the session could not
	 * work. */
	if (!strcmp(p, "/") || (f->home && path_under(p, f->home)))
		return;
	emit(ctx, p, row);
}

/* The places of each base folder: the variable's value (absolute, else
 * none) and the default, resolved once for the whole table. */
struct sec_bases {
	char *val[SEC_VAR + 1];
	char *dflt[SEC_VAR + 1];
};

static void bases_resolve(const struct sec_facts *f, struct sec_bases *b)
{
	static const char *const xdg[] = {
	    [SEC_CONFIG] = "XDG_CONFIG_HOME",
	    [SEC_DATA] = "XDG_DATA_HOME",
	    [SEC_CACHE] = "XDG_CACHE_HOME",
	    [SEC_RUNTIME] = "XDG_RUNTIME_DIR",
	};
	static const char *const rel[] = {
	    [SEC_CONFIG] = ".config",
	    [SEC_DATA] = ".local/share",
	    [SEC_CACHE] = ".cache",
	};

	memset(b, 0, sizeof(*b));
	/* HOME=/ is a home too (some daemons): its rows are /.ssh ... */
	b->val[SEC_HOME] =
	    f->home && f->home[0] == '/' ? path_fold(f->home) : NULL;
	for (int i = SEC_CONFIG; i <= SEC_RUNTIME; i++) {
		b->val[i] = place(env_lookup(f->env, xdg[i]));
		if (i == SEC_RUNTIME)
			b->dflt[i] = f->uid_known
					 ? xasprintf("/run/user/%u", f->uid)
					 : NULL;
		else if (f->home)
			b->dflt[i] = path_join(f->home, rel[i]);
		/* the same folder twice is one place */
		if (b->val[i] && b->dflt[i] && !strcmp(b->val[i], b->dflt[i])) {
			free(b->dflt[i]);
			b->dflt[i] = NULL;
		}
	}
}

static void bases_free(struct sec_bases *b)
{
	for (int i = 0; i <= SEC_VAR; i++) {
		free(b->val[i]);
		free(b->dflt[i]);
	}
}

/* |v| from a tool's variable: a list for SEC_F_LIST, and Kerberos' type
 * prefix ("FILE:/tmp/krb5cc_1000") dropped. */
static void emit_var(const struct sec_facts *f, const struct sec_row *row,
		     sec_emit_fn emit, void *ctx)
{
	const char *v = env_lookup(f->env, row->var);
	const char *s, *e;

	if (!v)
		return;
	if (!strncmp(v, "FILE:", 5))
		v += 5;
	for (s = v;; s = e + 1) {
		e = row->flags & SEC_F_LIST ? strchr(s, ':') : NULL;
		if (!e)
			e = s + strlen(s);
		if (e > s && *s == '/') {
			SBX_AUTOFREE char *one = xstrndup(s, (size_t)(e - s));
			SBX_AUTOFREE char *folded = place(one);

			emit_under(f, folded, row->sub, row, emit, ctx);
		}
		if (!*e)
			break;
	}
}

void sec_resolve(const struct sec_facts *f, sec_emit_fn emit, void *ctx)
{
	struct sec_bases b;

	bases_resolve(f, &b);
	for (size_t i = 0; i < sec_table_len; i++) {
		const struct sec_row *row = &sec_table[i];

		if (row->base == SEC_ABS) {
			const char *pct = strstr(row->path, "%u");
			SBX_AUTOFREE char *p = NULL;

			if (pct && !f->uid_known)
				continue;
			p = pct ? xasprintf("%.*s%u%s", (int)(pct - row->path),
					    row->path, f->uid, pct + 2)
				: xstrdup(row->path);
			emit_under(f, p, NULL, row, emit, ctx);
		} else if (row->base != SEC_VAR) {
			emit_under(f, b.val[row->base], row->path, row, emit,
				   ctx);
			emit_under(f, b.dflt[row->base], row->path, row, emit,
				   ctx);
		}
		if (row->var)
			emit_var(f, row, emit, ctx);
	}
	bases_free(&b);
}

void sec_folders(const struct sec_facts *f,
		 void (*emit)(void *ctx, const char *dir), void *ctx)
{
	struct sec_bases b;

	bases_resolve(f, &b);
	for (int i = SEC_HOME; i <= SEC_RUNTIME; i++) {
		if (b.val[i])
			emit(ctx, b.val[i]);
		if (b.dflt[i])
			emit(ctx, b.dflt[i]);
	}
	bases_free(&b);
}
