/* backends/seatbelt_profile.c — the session policy as an SBPL profile for
 * macOS's Seatbelt (sandbox_init). Pure: policy in, profile text out.
 *
 * The profile starts from (allow default) and takes writes away, rather
 * than starting from (deny default): docs/design.md §2 makes everything
 * readable but the masked secrets, and a deny-default profile would have to
 * enumerate every mach service, sysctl and IOKit class a toolchain touches,
 * which differs between macOS releases. What the session must not do is
 * write outside sandbox_writable, read a secret, or (with --no-network)
 * open a network connection; those are the rules below. SBPL evaluates the
 * rules in order and the last one that matches decides, so the allows come
 * after the blanket (deny file-write*) and the secret denials come last.
 */
#include "policy_show.h"
#include "profiles.h"

#include "be_base.h"

#include <stdarg.h>
#include <string.h>

/*
 * macOS reaches /var, /tmp and /etc through symlinks into /private.
 * Seatbelt matches the path an operation names as well as the resolved
 * one (creating a file checks the not-yet-existing path as spelled), so a
 * rule for /private/var/folders/x alone lets "/var/folders/x/new" fail.
 * Each rule therefore names both spellings, as Chromium's and Codex's
 * profiles do.
 */
/* clang-format off */
static const char *const sb_aliases[][2] = {
	{ "/private/var", "/var" },
	{ "/private/tmp", "/tmp" },
	{ "/private/etc", "/etc" },
};
/* clang-format on */

/* Device roots that are folders: their nodes live beneath them. */
static bool sb_dev_is_dir(const char *path)
{
	return strcmp(path, "/dev/pts") == 0 || strcmp(path, "/dev/fd") == 0;
}

/* An SBPL string literal. TinyScheme, which SBPL is read by, knows the C
 * escapes; anything else below 0x20 is written as \xHH so that a path
 * with a newline cannot end the string and smuggle in a rule. */
static void sb_str(struct sbx_buf *b, const char *s)
{
	buf_putc(b, '"');
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			buf_printf(b, "\\%c", *p);
		else if (*p == '\n')
			buf_puts(b, "\\n");
		else if (*p == '\t')
			buf_puts(b, "\\t");
		else if (*p < 0x20 || *p == 0x7f)
			buf_printf(b, "\\x%02x", *p);
		else
			buf_putc(b, (char)*p);
	}
	buf_putc(b, '"');
}

/* A comment: one line, whatever the text holds. */
static void sb_comment(struct sbx_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void sb_comment(struct sbx_buf *b, const char *fmt, ...)
{
	struct sbx_buf tmp = {0};
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(&tmp, fmt, ap);
	va_end(ap);
	buf_puts(b, "; ");
	for (char *p = tmp.s; p && *p; p++)
		buf_putc(b, (unsigned char)*p < 0x20 ? '?' : *p);
	buf_putc(b, '\n');
	buf_free(&tmp);
}

/* The other spelling of |path| (see sb_aliases), or NULL. New string. */
static char *sb_alias(const char *path)
{
	for (size_t i = 0; i < sizeof(sb_aliases) / sizeof(*sb_aliases); i++) {
		for (int k = 0; k < 2; k++) {
			const char *from = sb_aliases[i][k];
			const char *to = sb_aliases[i][!k];
			size_t n = strlen(from);

			if (path_under(from, path))
				return xasprintf("%s%s", to, path + n);
		}
	}
	return NULL;
}

/* " (FILTER "path")" for |path| and its alias spelling. */
static void sb_filters(struct sbx_buf *b, const char *filter, const char *path)
{
	SBX_AUTOFREE char *alias = sb_alias(path);

	buf_printf(b, " (%s ", filter);
	sb_str(b, path);
	buf_putc(b, ')');
	if (alias) {
		buf_printf(b, " (%s ", filter);
		sb_str(b, alias);
		buf_putc(b, ')');
	}
}

/* The reason |path| is writable, from the policy when there is one. */
static const struct pol_root *sb_why(const struct sbx_policy *pol,
				     const char *path)
{
	for (size_t i = 0; pol && i < pol_nroots(pol); i++) {
		const struct pol_root *r = pol_root(pol, i);

		if (strcmp(r->path, path) == 0)
			return r;
	}
	return NULL;
}

static void sb_header(const struct be_plan *plan, const struct sbx_policy *pol,
		      struct sbx_buf *b)
{
	buf_puts(b, "(version 1)\n");
	if (pol) {
		const struct lay_layout *lay = pol_layout(pol);

		sb_comment(b, "sbxsh session profile for workflow %s",
			   lay->workflow_id);
		sb_comment(b, "workspace: %s", lay->workspace);
	} else {
		sb_comment(b, "sbxsh session profile");
	}
	sb_comment(b, "scope: %s", pol_scope_name(plan->scope));
	sb_comment(b, "network: %s", plan->network ? "allowed" : "denied");
	buf_puts(b, "; The same policy `policy` shows; sbxsh --backend "
		    "seatbelt applies it.\n"
		    "; Rules are read in order: the last one that matches "
		    "wins.\n");
	buf_puts(b, "(allow default)\n");
}

/* One rule; the reason is said once for a run of roots that share it. */
static void sb_allow(const struct sbx_policy *pol, struct sbx_buf *b,
		     const char *path, bool device, int *last_why)
{
	const struct pol_root *r = sb_why(pol, path);
	const char *filter = "subpath";

	if (device && !sb_dev_is_dir(path))
		filter = "literal";
	if (r && (int)r->why != *last_why)
		sb_comment(b, "%s: %s", pol_why_name(r->why),
			   pol_why_text(r->why));
	*last_why = r ? (int)r->why : -1;
	buf_puts(b, "(allow file-write*");
	sb_filters(b, filter, path);
	buf_puts(b, ")\n");
}

static void sb_files(const struct be_plan *plan, const struct sbx_policy *pol,
		     struct sbx_buf *b)
{
	bool pty = false;
	int last_why = -1;

	if (plan->scope == POL_SCOPE_UNRESTRICTED) {
		buf_puts(b, "\n; scope unrestricted: the filesystem is not "
			    "confined.\n");
		return;
	}
	/* file-write* covers every write-type operation, metadata included
	 * (file-write-mode, -owner, -times, -xattr, -flags, -unlink,
	 * file-link): unlike Landlock, Seatbelt also stops chmod, chown and
	 * touch outside the writable roots. */
	buf_puts(b, "\n; Everything is readable; writes only beneath "
		    "sandbox_writable.\n(deny file-write*)\n");
	for (size_t i = 0; i < plan->nrw; i++)
		sb_allow(pol, b, plan->rw[i], false, &last_why);
	for (size_t i = 0; i < plan->ndev; i++) {
		sb_allow(pol, b, plan->dev[i], true, &last_why);
		if (strcmp(plan->dev[i], "/dev/pts") == 0 ||
		    strcmp(plan->dev[i], "/dev/ptmx") == 0)
			pty = true;
	}
	if (pty) {
		/* macOS has no /dev/pts: a terminal's node is /dev/ttysNNN.
		 * The policy's /dev/pts means "terminals", so grant those. */
		buf_puts(b, "; terminals on macOS (/dev/pts on Linux)\n"
			    "(allow file-write* "
			    "(regex #\"^/dev/ttys[0-9]+$\"))\n");
	}
	/* Reopening an inherited descriptor by name (echo >/dev/stderr)
	 * gives no access the process does not already have. */
	buf_puts(b, "; inherited descriptors reopened by name "
		    "(/dev/stdout, /dev/stderr)\n"
		    "(allow file-write* (subpath \"/dev/fd\"))\n");
}

/* docs/design.md §2b: protected paths inside the writable roots, denied after
 * the allows they lie in. subpath also covers one that does not exist yet,
 * so a missing hooks/ needs no folder here. A git dir keeps its contents
 * writable; only its removal or rename (an unlink of the name) is
 * denied. */
static void sb_protect(const struct be_plan *plan, struct sbx_buf *b)
{
	if (!plan->nprot)
		return;
	buf_puts(b, "\n; Protected (git hooks and config, --protect): not "
		    "writable, even in a writable root.\n");
	for (size_t i = 0; i < plan->nprot; i++) {
		const struct gm_path *e = &plan->prot[i];

		if (e->flags & GM_P_PIN) {
			buf_puts(b, "(deny file-write-unlink");
			sb_filters(b, "literal", e->path);
		} else {
			buf_puts(b, "(deny file-write*");
			sb_filters(b,
				   e->flags & GM_P_DIR ? "subpath" : "literal",
				   e->path);
		}
		buf_puts(b, ")\n");
	}
}

static void sb_secrets(const struct be_plan *plan, struct sbx_buf *b)
{
	if (!plan->nmasked)
		return;
	/* subpath matches the path itself as well as anything beneath it,
	 * so one filter serves a secret folder (~/.ssh) and a secret file
	 * (~/.netrc) alike, and also one that does not exist yet: it cannot
	 * be created either. Being last, these win over any writable root
	 * that contains them (a $HOME inside the workspace). */
	buf_puts(b, "\n; Masked secrets: neither readable nor writable.\n");
	for (size_t i = 0; i < plan->nmasked; i++) {
		buf_puts(b, "(deny file-read* file-write*");
		sb_filters(b, "subpath", plan->masked[i]);
		buf_puts(b, ")\n");
	}
}

static void sb_network(const struct be_plan *plan, struct sbx_buf *b)
{
	if (plan->network)
		return;
	/* network* is network-outbound, -inbound and -bind: no TCP or UDP
	 * connection, listening socket or datagram. Unix sockets are local
	 * IPC (language servers, build daemons, the X server) and stay
	 * allowed, as docs/design.md §2 requires. */
	buf_puts(b, "\n; --no-network: no TCP/UDP; unix sockets still work.\n"
		    "(deny network*)\n"
		    "(allow network* (local unix-socket))\n"
		    "(allow network* (remote unix-socket))\n");
}

void sb_profile_plan(const struct be_plan *plan, const struct sbx_policy *pol,
		     struct sbx_buf *out)
{
	sb_header(plan, pol, out);
	sb_files(plan, pol, out);
	if (plan->scope != POL_SCOPE_UNRESTRICTED)
		sb_protect(plan, out);
	sb_secrets(plan, out);
	sb_network(plan, out);
}

/* The policy flattened the way backend.c hands it to every backend, so
 * --print-profile shows exactly what --backend seatbelt applies. */
void sb_profile(const struct sbx_policy *pol, struct sbx_buf *out)
{
	size_t nr = pol_nroots(pol), nm = pol_nmasked(pol);
	SBX_AUTOFREE const char **rw = xcalloc(nr + 1, sizeof(*rw));
	SBX_AUTOFREE const char **dev = xcalloc(nr + 1, sizeof(*dev));
	SBX_AUTOFREE const char **masked = xcalloc(nm + 1, sizeof(*masked));
	struct be_plan plan = {
	    .scope = pol_scope(pol),
	    .network = pol_network(pol),
	};

	for (size_t i = 0; i < nr; i++) {
		const struct pol_root *r = pol_root(pol, i);

		if (r->why == POL_WHY_UNRESTRICTED)
			continue;
		if (r->device)
			dev[plan.ndev++] = r->path;
		else
			rw[plan.nrw++] = r->path;
	}
	for (size_t i = 0; i < nm; i++)
		masked[plan.nmasked++] = pol_masked(pol, i);
	plan.rw = rw;
	plan.dev = dev;
	plan.masked = masked;
	plan.prot = pol_protected(pol, 0);
	plan.nprot = pol_nprotected(pol);
	sb_profile_plan(&plan, pol, out);
}
