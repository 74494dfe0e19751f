/* core/why.h — which rule decides an access, and what would change it
 * (`policy why`, docs/design.md §9), and the one-line explanation of a
 * denial the shell prints after a failed command. Pure.
 *
 * Lifecycle: why_ask() → read the answer / why_format_*() → why_free().
 * The answer is read from the same struct sbx_policy the backend
 * enforces (pol_access()), so what it says cannot drift from what the
 * kernel does.
 */
#ifndef SBX_WHY_H
#define SBX_WHY_H

#include "policy.h"

enum why_access {
	WHY_READ,
	WHY_WRITE,
	WHY_CONNECT, /* connect() to a unix socket PATH */
	WHY_NET,     /* a TCP/UDP socket (no path) */
};
const char *why_access_name(enum why_access a); /* "read", "write" ... */

/* What decides, in stable words an agent can match on. */
enum why_rule {
	WHY_RULE_ROOT,	     /* beneath a writable root */
	WHY_RULE_READABLE,   /* everything is readable */
	WHY_RULE_READONLY,   /* under no writable root */
	WHY_RULE_SCOPE_RO,   /* --scope read-only */
	WHY_RULE_MASKED,     /* a masked secret */
	WHY_RULE_PROTECTED,  /* git metadata or --protect, mount-held */
	WHY_RULE_CHECKER,    /* protected, checker-only: not stopped */
	WHY_RULE_SOCKET_OK,  /* --allow-socket */
	WHY_RULE_SOCKET,     /* a socket made outside the session */
	WHY_RULE_NET_OK,     /* network allowed */
	WHY_RULE_NO_NETWORK, /* --no-network */
	WHY_RULE_UNRESTRICTED,
};

struct why_answer {
	enum why_access access;
	char *path; /* canonical; NULL for WHY_NET */
	bool allowed;
	enum why_rule rule;
	char *rule_path; /* the root, secret or protected path; or NULL */
	char *reason;	 /* short, for the denial line:
			    "outside sandbox_writable: read-only" */
	char *detail;	 /* a sentence: which rule, and why it exists */
	char *remedy;	 /* a flag that would allow it ("--allow-write
			    /home/me/.config/tool"); NULL: none */
	char *config;	 /* the same as a config line, or NULL */
	char *never;	 /* why it cannot (or should not) be allowed, or
			    NULL */
};

/* |canon|: canonical absolute path (NULL or a "host:port" word for
 * WHY_NET). Never fails. */
void why_ask(const struct sbx_policy *pol, const char *canon, enum why_access a,
	     struct why_answer *out);
/* WHY_CONNECT with what the shell saw at |canon|: |covered| 1 when the
 * mount layer's /dev/null lies over it (a socket bound outside when the
 * session opened), 0 when not, -1 unknown. why_ask() passes -1. */
void why_ask_socket(const struct sbx_policy *pol, const char *canon,
		    int covered, struct why_answer *out);
void why_free(struct why_answer *w);

/* `policy why` as text (several lines) and as one JSON object (an
 * element of |j|'s open array, or its document). */
void why_format_text(const struct why_answer *w, const char *typed,
		     struct sbx_buf *b);
struct json_w;
void why_format_json(const struct why_answer *w, const char *typed,
		     struct json_w *j);

/* "sbxsh: denied: write /x (outside sandbox_writable: read-only) —
 * policy check /x", no newline. The stable prefix is WHY_DENIED. */
#define WHY_DENIED "sbxsh: denied: "
void why_format_denial(const struct why_answer *w, struct sbx_buf *b);

#endif
