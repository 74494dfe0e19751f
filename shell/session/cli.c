/* shell/session/cli.c — --print-policy, --check-line (the line check; --explain
 * is its old name), --print-profile, the banner.
 * None of these creates anything: they preview the session's policy. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend.h"
#include "bi_policy.h"
#include "canon.h"
#include "policy_show.h"
#include "profiles.h"
#include "scope.h"

static int preview(const struct sbx_opts *o, struct session *s)
{
	struct sbx_diag d = {0};

	if (ses_preview(o, s, &d) < 0) {
		fprintf(stderr, "sbxsh: %s\n", d.msg);
		return 2;
	}
	return 0;
}

int cli_print_policy(const struct sbx_opts *o, struct session *s)
{
	struct sbx_buf b = {0};
	int rc = preview(o, s);

	if (rc)
		return rc;
	pol_add_note(s->pol, "backend", o->backend ? o->backend : "landlock");
	{
		struct be_opts bo = {.private_tmp = o->private_tmp};
		struct be_report rep = {0};
		struct sbx_diag d = {0};
		int pr;

		/* Show what the kernel here would enforce (ABI, rights it
		 * cannot), and say plainly if a session would refuse. */
		pr = be_preview(o->backend ? o->backend : "landlock", s->pol,
				&bo, &rep, &d);
		be_report_merge(&rep, s->pol);
		be_report_free(&rep);
		if (pr < 0)
			pol_add_note(s->pol, "would_refuse", d.msg);
	}
	{
		struct sbx_strv sc = {0};

		pb_seccomp(s->pol, &sc);
		if (o->json) {
			pol_format_json_x(s->pol, &sc, &b);
		} else {
			pol_format_text(s->pol, &b);
			pol_format_seccomp(&sc, &b);
		}
		strv_free(&sc);
	}
	if (!o->json) /* paths the workspace named: escaped (buf_put_shown) */
		buf_make_shown(&b);
	fputs(b.s, stdout);
	buf_free(&b);
	ses_close(s);
	return 0;
}

/* $VAR as the session's commands would see it: routed values first. */
static const char *line_getvar(void *ctx, const char *name)
{
	const struct sbx_policy *pol = ctx;
	const char *v = rt_value(pol_route(pol), name);

	return v ? v : getenv(name);
}

int cli_check_line(const struct sbx_opts *o, struct session *s)
{
	struct scope_report rep = {0};
	struct scope_env env = {0};
	SBX_AUTOFREE char *cwd = getcwd(NULL, 0);
	struct sbx_buf said = {0};
	int rc;

	/* A line the shell would refuse runs nothing: say so, in the words
	 * `sbxsh -c LINE` would, instead of explaining what it would do
	 * (status 2, the shell's for a syntax error). */
	if (scope_syntax_said(o->check_line, strlen(o->check_line), o->posix,
			      &said) < 0) {
		buf_make_shown(&said);
		fputs(said.s, stderr);
		buf_free(&said);
		return 2;
	}
	rc = preview(o, s);
	if (rc)
		return rc;
	{
		/* How a session here would hold the protected paths: the
		 * flags for them say "denied" only where they would be. */
		struct be_opts bo = {.private_tmp = o->private_tmp};
		struct be_report br = {0};

		(void)be_preview(o->backend ? o->backend : "landlock", s->pol,
				 &bo, &br, NULL);
		be_report_merge(&br, s->pol);
		be_report_free(&br);
	}
	env.getvar = line_getvar;
	env.ctx = s->pol;
	env.canon = sh_canon;
	env.posix = o->posix; /* read in the language the shell would */
	/* The session starts in the workspace: relative paths are judged
	 * from there, not from wherever --check-line was typed. */
	env.cwd = pol_layout(s->pol)->workspace;
	scope_check(s->pol, &env, o->check_line, strlen(o->check_line), &rep);
	for (size_t i = 0; i < rep.n; i++)
		printf("%s\n", rep.flags[i].msg);
	/* 1 only for what the sandbox will refuse: a read outside the
	 * workspace works, and a harness that gates on the status must not
	 * stop at `cd /etc`. */
	rc = scope_report_refusals(&rep) ? 1 : 0;
	scope_report_free(&rep);
	ses_close(s);
	return rc;
}

int cli_print_profile(const struct sbx_opts *o, struct session *s)
{
	struct sbx_buf b = {0};
	int rc = preview(o, s);

	if (rc)
		return rc;
	if (!strcmp(o->profile, "seatbelt")) {
		sb_profile(s->pol, &b);
	} else {
		struct sbx_strv argv = {0};

		bw_args(s->pol, &argv);
		bw_script(s->pol, &argv, &b);
		strv_free(&argv);
	}
	fputs(b.s ? b.s : "", stdout);
	buf_free(&b);
	ses_close(s);
	return 0;
}

/* --banner=short: one line, the facts a person re-reads every session;
 * the rest is one `policy` away. */
static void banner_short(struct sbx_buf *b, const struct sbx_policy *pol,
			 const char *backend)
{
	size_t n = pol_nroots(pol);

	buf_printf(b,
		   "sbxsh: workflow %s, backend %s, network %s, %zu writable "
		   "root%s; `policy` for more\n",
		   pol_layout(pol)->workflow_id, backend,
		   pol_net(pol)->mode == PN_DOMAINS ? pn_mode_name(pol_net(pol))
		   : pol_network(pol)		    ? "allowed"
						    : "denied",
		   n, n == 1 ? "" : "s");
}

void cli_banner(FILE *out, const struct session *s, const char *backend,
		const char *agent_token, bool brief)
{
	struct sbx_buf b = {0};
	const struct sbx_policy *pol = s->pol;

	const char *abi = pol_note(pol, "landlock_abi");

	if (brief) {
		banner_short(&b, pol, backend);
		goto token;
	}

	buf_printf(&b, "sbxsh %s: workflow %s, backend %s", SBXSH_VERSION,
		   pol_layout(pol)->workflow_id, backend);
	if (abi && !strcmp(backend, "landlock"))
		buf_printf(&b, " (Landlock ABI %s)", abi);
	buf_printf(&b, ", scope %s, network %s\n",
		   pol_scope_name(pol_scope(pol)),
		   pol_net(pol)->mode == PN_DOMAINS ? pn_mode_name(pol_net(pol))
		   : pol_network(pol)		    ? "allowed"
						    : "denied");
	/* docs/network.md: what the proxy lets out, and where it listens */
	if (pol_net(pol)->mode == PN_DOMAINS) {
		const struct pol_net *pn = pol_net(pol);
		size_t k = pn_nallow(pn);

		buf_printf(&b,
			   "sbxsh: network: %s, %zu allowed pattern%s, proxy "
			   "http://%s and socks5h://%s (policy shows the "
			   "rules; policy net what went out)\n",
			   pn_mode_name(pn), k, k == 1 ? "" : "s",
			   pn->http ? pn->http : "-",
			   pn->socks ? pn->socks : "-");
	}
	/* docs/design.md §2b: which credential variables stayed outside, never
	 * their values; and which the user passed on purpose. */
	{
		const struct ef_report *er = pol_env_report(pol);

		if (er->nwithheld)
			buf_printf(&b,
				   "sbxsh: env: withheld %zu credential "
				   "variable%s from the session (policy env "
				   "names them; --keep-env NAME passes one)\n",
				   er->nwithheld,
				   er->nwithheld == 1 ? "" : "s");
		if (er->passed.n) {
			buf_puts(&b, "sbxsh: env: passed on purpose "
				     "(--keep-env):");
			for (size_t i = 0; i < er->passed.n; i++)
				buf_printf(&b, " %s", er->passed.v[i]);
			buf_putc(&b, '\n');
		}
	}
	/* Best effort stays visible: one line per thing not covered. */
	for (size_t i = 0; i < pol_nnotes(pol); i++) {
		const char *k, *v;

		pol_note_at(pol, i, &k, &v);
		if (strcmp(k, "landlock_abi") && strcmp(k, "backend"))
			buf_printf(&b, "sbxsh: %s: %s\n", k, v);
	}
	pol_format_writable(pol, &b);
	buf_putc(&b, '\n');
	pol_format_sentence(pol, &b);
	buf_putc(&b, '\n');
token:
	/* --agent: the harness's proof that a mark is the shell's (every
	 * OSC 133 mark ends in ";token=" this); only here, on the terminal,
	 * never in a job's environment or argv. */
	if (agent_token)
		buf_printf(&b, "agent_token: %s\n", agent_token);
	/* a workspace called $'\e]0;x\a' is shown, never obeyed */
	buf_make_shown(&b);
	fputs(b.s, out);
	fflush(out);
	buf_free(&b);
}
