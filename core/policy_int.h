/* core/policy_int.h — struct sbx_policy, private to policy.c (which builds
 * it) and policy_get.c (which answers questions about it). Everything
 * else sees the opaque type of policy.h. */
#ifndef SBX_POLICY_INT_H
#define SBX_POLICY_INT_H

#include "envfilter.h"
#include "gitmeta.h"
#include "layout.h"
#include "polnet.h"
#include "policy.h"
#include "route.h"

/* What is known of a masked path besides the path itself. */
struct pol_mask {
	const char *tool, *why; /* static: the table's, "--mask", "sbxsh" */
	char *from;		/* --mask's origin; NULL: sbxsh's own */
	unsigned long hash;	/* of the canonical path (under_masked) */
	bool present;		/* it existed (pol_facts.exists) */
};

struct sbx_policy {
	enum pol_scope scope;
	bool network;
	struct pol_net *net;
	struct lay_layout lay; /* deep copy */
	struct rt_plan route;
	char *home;
	char *tty;	/* the session's terminal (folded), or NULL */
	char *homes[3]; /* for guard_refused(): $HOME, passwd home, NULL */
	struct pol_root *roots;
	size_t nroots, cap;
	struct sbx_strv masked;
	struct sbx_strv sockets;	 /* --allow-socket, canonical */
	struct sbx_strv sockets_from;	 /* parallel: where each came from */
	struct sbx_strv keep, keep_from; /* --keep-env patterns, origins */
	struct pol_mask *mmeta;		 /* parallel to masked */
	size_t *mslot, nmslot; /* mmeta[].hash indexed: index + 1, 0 free */
	struct ef_report envf; /* credential variables withheld (names) */
	struct sbx_strv note_keys, note_vals;
	struct gm_plan *git;   /* protected paths in a writable root, or NULL */
	struct sbx_strv sbxsh; /* pol_facts.sbxsh_dirs, copied */
	char *ws_masked;       /* a masked secret left out because it holds the
				  workspace (add_masked), or NULL */
	enum pol_guard guard;
};

/* The most specific root holding the canonical path |c|, or -1. */
int pol_root_index(const struct sbx_policy *pol, const char *c);

#endif
