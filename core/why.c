/* core/why.c — which rule decides an access, and what would change it.
 * Pure: every answer comes from pol_access() and the policy's tables,
 * the data the backends enforce.
 */
#include "why.h"

#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "json.h"
#include "policy_show.h"

/* Where a user's standing choices go (docs/design.md §8, docs/config.md):
 * the keys below lie in its [sandbox] section. */
#define WHY_CONFIG_FILE "[sandbox] of $XDG_CONFIG_HOME/sbxsh/config"

const char *why_access_name(enum why_access a)
{
	static const char *const n[] = {
	    [WHY_READ] = "read",
	    [WHY_WRITE] = "write",
	    [WHY_CONNECT] = "connect",
	    [WHY_NET] = "network",
	};
	return a <= WHY_NET ? n[a] : "?";
}

/* "writable-root" ... */
static const char *why_rule_name(enum why_rule r)
{
	/* clang-format off */
	static const char *const n[] = {
		[WHY_RULE_ROOT]         = "writable-root",
		[WHY_RULE_READABLE]     = "readable",
		[WHY_RULE_READONLY]     = "read-only",
		[WHY_RULE_SCOPE_RO]     = "scope-read-only",
		[WHY_RULE_MASKED]       = "masked-secret",
		[WHY_RULE_PROTECTED]    = "protected",
		[WHY_RULE_CHECKER]      = "protected-checker-only",
		[WHY_RULE_SOCKET_OK]    = "allowed-socket",
		[WHY_RULE_SOCKET]       = "outside-socket",
		[WHY_RULE_NET_OK]       = "network",
		[WHY_RULE_NO_NETWORK]   = "no-network",
		[WHY_RULE_UNRESTRICTED] = "unrestricted",
	};
	/* clang-format on */
	return r <= WHY_RULE_UNRESTRICTED ? n[r] : "?";
}

/* The folder --allow-write would name for |path|: the path's parent,
 * since a root is a folder and the file may not exist yet. */
static char *parent_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash || slash == path)
		return xstrdup("/");
	return xstrndup(path, (size_t)(slash - path));
}

/* A write outside every root: --allow-write the folder, unless that
 * folder is one no session may ever write (a home, "/", a system tree):
 * then the remedy would hand out the machine, so we say so instead. */
static void remedy_write(const struct sbx_policy *pol, struct why_answer *w)
{
	SBX_AUTOFREE char *dir = parent_of(w->path);
	char why[256];

	if (guard_refused(dir, pol_homes(pol), why, sizeof(why))) {
		w->never = xasprintf("%s cannot be a writable root: %s; write "
				     "it outside the session, or point the "
				     "tool at a folder in the workspace",
				     dir, why);
		return;
	}
	w->remedy = xasprintf("--allow-write %s", dir);
	w->config =
	    xasprintf("allow-write = %s   (in " WHY_CONFIG_FILE ")", dir);
}

static void ask_path(const struct sbx_policy *pol, struct why_answer *w)
{
	int rule = -1;
	enum pol_access a = pol_access(pol, w->path, &rule);
	bool write = w->access == WHY_WRITE;

	switch (a) {
	case POL_ACCESS_MASKED: {
		const char *tool = pol_masked_tool(pol, (size_t)rule);

		w->rule = WHY_RULE_MASKED;
		w->rule_path = xstrdup(pol_masked(pol, (size_t)rule));
		w->reason = xasprintf("masked secret: %s", tool);
		w->detail = xasprintf(
		    "%s is a masked secret (%s: %s): neither readable nor "
		    "writable by any command, even inside a writable root",
		    w->rule_path, tool, pol_masked_why(pol, (size_t)rule));
		if (!strcmp(tool, "--mask"))
			w->remedy = xasprintf("drop --mask %s", w->rule_path);
		else
			w->never = xstrdup(
			    "credentials stay out of every session: a job "
			    "could read the token and send it anywhere; hand "
			    "the tool a credential made for it (a variable "
			    "passed with --keep-env NAME)");
		return;
	}
	case POL_ACCESS_PROTECTED: {
		const struct gm_path *g = pol_protected(pol, (size_t)rule);
		bool held = pol_guard(pol) == POL_GUARD_MOUNT;

		w->rule_path = xstrdup(g->path);
		if (!write) {
			w->allowed = true;
			w->rule = WHY_RULE_READABLE;
			w->detail = xasprintf("protected %s is readable; only "
					      "writes are stopped",
					      g->path);
			return;
		}
		w->rule = held ? WHY_RULE_PROTECTED : WHY_RULE_CHECKER;
		w->allowed = !held;
		w->reason = xasprintf("protected %s: %s", gm_why_name(g->why),
				      gm_why_short(g->why));
		w->detail = xasprintf(
		    "%s is protected (%s: %s); %s", g->path,
		    gm_why_name(g->why), gm_why_text(g->why),
		    held ? "the mount layer holds it read-only, although it "
			   "lies in a writable root"
			 : "checker-only (no mount layer): a write is flagged, "
			   "not stopped, and reported when the session ends");
		if (g->why == GM_WHY_USER && g->from &&
		    !strncmp(g->from, "config ", 7))
			w->remedy =
			    xasprintf("remove its protect line (%s)", g->from);
		else if (g->why == GM_WHY_USER)
			w->remedy = xasprintf("drop --protect %s", g->path);
		else if (held)
			w->never = xstrdup(
			    "git runs what its hooks and config name the next "
			    "time it runs outside the sandbox: edit them "
			    "outside the session");
		return;
	}
	case POL_ACCESS_RW: {
		const struct pol_root *r = pol_root(pol, (size_t)rule);

		w->allowed = true;
		w->rule = pol_scope(pol) == POL_SCOPE_UNRESTRICTED
			      ? WHY_RULE_UNRESTRICTED
			      : WHY_RULE_ROOT;
		w->rule_path = xstrdup(r->path);
		w->detail =
		    xasprintf("beneath writable root %s (%s: %s)", r->path,
			      pol_why_name(r->why), pol_why_text(r->why));
		return;
	}
	case POL_ACCESS_RO:
		break;
	}
	if (!write) {
		w->allowed = true;
		w->rule = WHY_RULE_READABLE;
		w->detail = xstrdup("everything but the masked secrets is "
				    "readable");
		return;
	}
	if (pol_scope(pol) == POL_SCOPE_READONLY) {
		w->rule = WHY_RULE_SCOPE_RO;
		w->reason = xstrdup("scope read-only");
		w->detail = xstrdup("scope read-only: only the run folder and "
				    "devices are writable");
		w->remedy = xstrdup("--scope workspace");
		w->config =
		    xstrdup("scope = workspace   (in " WHY_CONFIG_FILE ")");
		return;
	}
	w->rule = WHY_RULE_READONLY;
	w->reason = xstrdup("outside sandbox_writable: read-only");
	w->detail = xstrdup("under no writable root: everything outside "
			    "sandbox_writable is read-only");
	remedy_write(pol, w);
}

static void ask_connect(const struct sbx_policy *pol, struct why_answer *w,
			int covered)
{
	const char *note = pol_note(pol, "sockets");
	/* Landlock ABI 9 refuses every socket made outside; before it only
	 * those the mount layer covered at start are (backends/doors.c). */
	bool full = note && !strncmp(note, "only those made", 15);

	for (size_t i = 0; i < pol_nsockets(pol); i++)
		if (!strcmp(pol_socket(pol, i), w->path)) {
			w->allowed = true;
			w->rule = WHY_RULE_SOCKET_OK;
			w->rule_path = xstrdup(w->path);
			w->detail = xstrdup("granted with --allow-socket");
			return;
		}
	if (pol_scope(pol) == POL_SCOPE_UNRESTRICTED) {
		w->allowed = true;
		w->rule = WHY_RULE_UNRESTRICTED;
		w->detail = xstrdup("scope unrestricted: sockets are not "
				    "confined");
		return;
	}
	/* Whatever listens outside (dockerd, a tmux server, ssh-agent)
	 * would do the job's bidding unconfined: docs/design.md §2b. */
	w->rule = WHY_RULE_SOCKET;
	if (!full && covered == 0) {
		w->allowed = true;
		w->detail = xasprintf("not covered: a socket bound outside "
				      "after the session opened is reachable "
				      "before Landlock ABI 9%s%s",
				      note ? "; here: " : "", note ? note : "");
		return;
	}
	w->reason = xstrdup("unix socket made outside the session");
	w->detail = xasprintf("a job can connect only to sockets made inside "
			      "this session and --allow-socket ones (what "
			      "listens outside runs unconfined)%s%s",
			      note ? "; here: " : "", note ? note : "");
	w->remedy = xasprintf("--allow-socket %s", w->path);
	w->config =
	    xasprintf("allow-socket = %s   (in " WHY_CONFIG_FILE ")", w->path);
}

static void ask(const struct sbx_policy *pol, const char *canon,
		enum why_access a, int covered, struct why_answer *out)
{
	memset(out, 0, sizeof(*out));
	out->access = a;
	out->path = canon ? xstrdup(canon) : NULL;
	if (a == WHY_NET) {
		const struct pol_net *pn = pol_net(pol);

		out->allowed = pn->mode == PN_ON;
		out->rule =
		    out->allowed ? WHY_RULE_NET_OK : WHY_RULE_NO_NETWORK;
		if (out->allowed) {
			out->detail = xstrdup("network is allowed in this "
					      "session");
			return;
		}
		if (pn->mode == PN_DOMAINS) {
			/* A connect() that did not go through the proxy:
			 * the namespace has loopback alone. */
			out->reason = xasprintf(
			    "--network %s: out only through the proxy%s%s",
			    pn_mode_name(pn), pn->http ? " at " : "",
			    pn->http ? pn->http : "");
			out->detail = xstrdup(
			    "the session has a network of its own with "
			    "loopback alone: a connection goes out through "
			    "the proxy (HTTP_PROXY, ALL_PROXY) to an allowed "
			    "name, never directly");
			out->remedy = xstrdup("use the proxy (the tool's proxy "
					      "setting), and policy why --host "
					      "HOST[:PORT] for the name");
			return;
		}
		out->reason = xstrdup("--network off");
		out->detail = xstrdup("the session was started with "
				      "--network off (--no-network): no TCP or "
				      "UDP socket can be opened (unix sockets "
				      "still work)");
		out->remedy =
		    xstrdup("start the session without --network off, "
			    "or with --network domains --allow-domain "
			    "HOST");
		out->config =
		    xstrdup("network = yes   (in " WHY_CONFIG_FILE ")");
		return;
	}
	if (!out->path) {
		out->allowed = true;
		out->rule = WHY_RULE_READABLE;
		out->detail = xstrdup("no path");
		return;
	}
	if (a == WHY_CONNECT) {
		/* A masked socket path is masked first. */
		int rule;

		if (pol_access(pol, out->path, &rule) != POL_ACCESS_MASKED) {
			ask_connect(pol, out, covered);
			return;
		}
	}
	if (pol_scope(pol) == POL_SCOPE_UNRESTRICTED &&
	    pol_access(pol, out->path, NULL) != POL_ACCESS_MASKED) {
		out->allowed = true;
		out->rule = WHY_RULE_UNRESTRICTED;
		out->detail = xstrdup("scope unrestricted: no filesystem "
				      "confinement");
		return;
	}
	ask_path(pol, out);
}

void why_ask(const struct sbx_policy *pol, const char *canon, enum why_access a,
	     struct why_answer *out)
{
	ask(pol, canon, a, -1, out);
}

void why_ask_socket(const struct sbx_policy *pol, const char *canon,
		    int covered, struct why_answer *out)
{
	ask(pol, canon, WHY_CONNECT, covered, out);
}

void why_free(struct why_answer *w)
{
	free(w->path);
	free(w->rule_path);
	free(w->reason);
	free(w->detail);
	free(w->remedy);
	free(w->config);
	free(w->never);
	memset(w, 0, sizeof(*w));
}

void why_format_text(const struct why_answer *w, const char *typed,
		     struct sbx_buf *b)
{
	buf_printf(b, "%s %s\n", why_access_name(w->access),
		   typed     ? typed
		   : w->path ? w->path
			     : "");
	if (w->path && typed && strcmp(typed, w->path))
		buf_printf(b, "  canonical: %s\n", w->path);
	buf_printf(b, "  verdict:   %s\n", w->allowed ? "allowed" : "denied");
	buf_printf(b, "  rule:      %s: %s\n", why_rule_name(w->rule),
		   w->detail);
	if (w->remedy)
		buf_printf(b, "  to allow:  %s\n", w->remedy);
	if (w->config)
		buf_printf(b, "  or:        %s\n", w->config);
	if (w->never)
		buf_printf(b, "  cannot:    %s\n", w->never);
}

void why_format_json(const struct why_answer *w, const char *typed,
		     struct json_w *j)
{
	json_obj(j, NULL, JSON_INLINE);
	json_str(j, "access", why_access_name(w->access));
	json_str(j, "typed", typed);
	json_str(j, "path", w->path);
	json_bool(j, "allowed", w->allowed);
	json_str(j, "rule", why_rule_name(w->rule));
	json_str(j, "rule_path", w->rule_path);
	json_str(j, "detail", w->detail);
	json_str(j, "remedy", w->remedy);
	json_str(j, "config", w->config);
	json_str(j, "cannot", w->never);
	json_end(j);
}

void why_format_denial(const struct why_answer *w, struct sbx_buf *b)
{
	struct sbx_buf line = {0};

	if (w->access == WHY_NET) {
		buf_printf(&line, WHY_DENIED "network (%s) — policy why --net",
			   w->reason ? w->reason : why_rule_name(w->rule));
	} else {
		buf_printf(&line, WHY_DENIED "%s %s (%s) — policy check %s",
			   why_access_name(w->access), w->path,
			   w->reason ? w->reason : why_rule_name(w->rule),
			   w->path);
	}
	/* The path is one a job chose (a file it named $'\e]0;x\a', a
	 * link it pointed there): the line is printed between commands,
	 * straight to the terminal, so it is escaped here, at its source. */
	buf_put_shown(b, line.s);
	buf_free(&line);
}
