/* shell/session/netses.h — `--network domains` on the session's side
 * (docs/network.md): the session's own network namespace, the proxy
 * started once outside it, the refusals it reports turned into lines.
 *
 * Lifecycle: nets_open() by main, after ses_open() and before
 * be_confine() (the shell enters the namespace; the proxy, forked just
 * before, stays in the host's) → nets_after_cmd() after each command of
 * the top level (reads what the proxy reported since) → `policy net`
 * (nets_format()) → the session ends: the proxy's event pipe hangs up and
 * it exits (or dies with sbxsh: PR_SET_PDEATHSIG).
 */
#ifndef SBX_NETSES_H
#define SBX_NETSES_H

#include <stdbool.h>

#include "policy.h"
#include "sbx.h"

struct shell;

/* For a policy in mode domains: starts the proxy and moves the calling
 * process into a network namespace of its own with loopback alone, where
 * the proxy listens; records its addresses in |pol|. 0, or -errno with
 * |diag| in one line (no namespace here, a bad pattern, the proxy did not
 * start): the caller refuses to start the session. Nothing for other
 * modes. Never called for --backend none, whose jobs keep what the
 * backends take and could go around the namespace: main refuses that
 * pair first (opt_check_unconfined(), shell/session/opts.h). */
int nets_open(struct sbx_policy *pol, struct sbx_diag *diag);

/* After a command: one "sbxsh: denied: network HOST:PORT (RULE) — policy
 * why --host HOST:PORT" line on stderr per refusal the proxy reported
 * (when |explain|), and once, whatever |explain|, that the proxy has
 * ended. */
void nets_after_cmd(bool explain);

/* The session's recent connections and refusals (`policy net`), text or
 * JSON. */
void nets_format(struct sbx_buf *b, bool json);

/* `policy why --host HOST[:PORT]`: which rule decides a connection to
 * HOST on PORT (443 when not given) and what would change it, text or
 * JSON into |b|. 0 allowed, 1 denied, 2 a HOST that is not one (+ a
 * line in |err|). */
int nets_why_host(const struct sbx_policy *pol, const char *hostport, bool json,
		  struct sbx_buf *b, struct sbx_buf *err);

/* True once the proxy was found ended. */
bool nets_proxy_gone(void);

#endif
