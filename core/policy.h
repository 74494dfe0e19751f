/* core/policy.h — the session policy (docs/design.md §2): writable roots with
 * their reasons, masked secrets, scope and network. Pure.
 *
 * Lifecycle: fill pol_facts (the effectful layer gathers them) →
 * pol_new() → read with the accessors, hand to a backend's prepare(),
 * to the scope checker and to the policy display → pol_free().
 * The same struct is what the backends enforce and what `policy`
 * explains, so the two cannot drift apart.
 */
#ifndef SBX_POLICY_H
#define SBX_POLICY_H

#include "envfilter.h"
#include "gitmeta.h"
#include "layout.h"
#include "polnet.h"
#include "route.h"
#include "sbx.h"

enum pol_scope {
	POL_SCOPE_WORKSPACE, /* default: workspace + temp + caches writable */
	POL_SCOPE_READONLY,  /* only the run folder and devices writable */
	POL_SCOPE_UNRESTRICTED, /* no filesystem confinement; routing still on
				 */
};

/* Why a root is writable. Stable names: pol_why_name(). */
enum pol_why {
	POL_WHY_WORKSPACE,
	POL_WHY_PERSIST,
	POL_WHY_RUN,
	POL_WHY_RUN_TMP,
	POL_WHY_TMP,
	POL_WHY_USER_CACHE,
	POL_WHY_GOCACHE,
	POL_WHY_GOMODCACHE,
	POL_WHY_NPM,
	POL_WHY_CARGO_REGISTRY,
	POL_WHY_CARGO_GIT,
	POL_WHY_DEVICE,
	POL_WHY_UNRESTRICTED,
	POL_WHY_GIT_COMMON, /* a linked worktree's git dir, common dir parts */
	POL_WHY_USER,	    /* --allow-write, or allow-write in the config */
};

struct pol_root {
	char *path; /* absolute, canonical */
	enum pol_why why;
	bool device;  /* a device node or /dev/pts: not a folder */
	bool create;  /* must exist before confinement: the effectful
			 layer creates it (Go module cache, user cache
			 dir, run folder, ...). Only ever set for a
			 root inside sbxsh's own state folders, which
			 is created without following any symlink */
	bool guarded; /* writable only where the mount layer keeps the
			 protected paths in it read-only (a common dir:
			 its hooks and config); dropped otherwise */
	char *from;   /* where the rule came from: "flag", "config
			 FILE:LINE"; NULL: sbxsh's default (pol_from()) */
};

struct pol_facts {
	enum pol_scope scope;
	bool network;		    /* false with --no-network */
	const struct pn_facts *net; /* the mode and patterns (NULL: on or off
				       as |network| says, no patterns) */
	bool persist;		    /* false with --no-persist */
	bool state_writable;	    /* the state folder can be written at all */
	const struct lay_layout *lay;
	const char *home;	/* $HOME, canonical; NULL if unset */
	const char *pw_home;	/* the passwd entry's home, when $HOME is
				   unset, empty or relative; else NULL */
	const char *tmpdir;	/* $TMPDIR as sbxsh was started, else /tmp;
				   canonical */
	char *const *env;	/* the environment as sbxsh was started,
				   credential variables withheld
				   (core/envfilter.h) */
	char *const *env_start; /* the same before they were withheld: only
				  the credential-file table reads it, for the
				  paths tools take from such variables
				  (GOOGLE_APPLICATION_CREDENTIALS). NULL: env */
	const struct ef_report *envf; /* what was withheld, for display
				  (copied; NULL: nothing) */
	bool uid_known; /* the effective uid: root-only secrets, the */
	unsigned uid;	/* runtime folder's default (core/secrets.h) */
	char *const *user_exports;  /* see rt_facts.user_exports */
	char *const *extra_masked;  /* user-added secrets (absolute or ~/x) */
	char *const *allow_sockets; /* --allow-socket (absolute, or relative
				       to |cwd|) */
	/* --allow-write: folders that become writable roots (reason user;
	 * absolute, ~/x, or relative to |cwd|). Each must exist and must
	 * not be what core/guard.h refuses, a masked secret or a folder
	 * holding one: pol_new() fails (-EPERM/-ENOENT +diag) otherwise. */
	char *const *allow_write;
	/* Where each entry of the lists above came from ("flag", "config
	 * FILE:LINE"), parallel to them; NULL (the array or an entry):
	 * "flag". Copied. keep_env_from is parallel to envf->keep. */
	const char *const *extra_masked_from;
	const char *const *allow_sockets_from;
	const char *const *allow_write_from;
	const char *const *keep_env_from;
	/* [route] rows of the configuration (core/route.h); may be NULL. */
	const struct rt_extra *route_extra;
	size_t nroute_extra;
	const char *cwd;	 /* where sbxsh was started, for the above */
	const char *history_dir; /* sbxsh's history folder: masked (NULL:
				    none) */
	/* sbxsh's own folders (the configuration folder, the state folder),
	 * canonical, NULL-terminated; may be NULL. No writable root may lie
	 * inside or above one (core/guard.h): a session that could rewrite
	 * the configuration or the rc file would choose the next one's
	 * policy. The built-in policy a configuration is judged against is
	 * made without them, so that a root above them still counts. */
	const char *const *sbxsh_dirs;
	/* The workspace as named (absolute, folded), when a symlink on the
	 * way makes it differ from its canonical form; NULL otherwise. Such
	 * a workspace is refused (-EPERM +diag) when it resolves into a
	 * protected place (core/guard.h's link rules), and shown resolved
	 * (the note "workspace"). */
	const char *ws_named;
	const char *state_named; /* the same for --state (NULL: none) */
	/* Only the writable roots are wanted (the built-in policy a
	 * configuration is judged against): no masked secrets are
	 * resolved, which spares the credential table's hundred lookups.
	 * Ignored with ws_named or state_named set: the link rules need
	 * the masks. */
	bool roots_only;
	const char *tty; /* the controlling terminal's path, or NULL */
	const struct gm_plan *git; /* repositories found in the workspace and
				      --protect paths (shell/session/gitscan.c);
				      may be NULL. Copied. */
	/* Facts about the disk, asked through callbacks so core stays pure. */
	sbx_canon_fn canon;
	bool (*is_dir)(void *ctx, const char *path);
	/* Does canonical |path| exist (lstat)? NULL: taken to exist. Asked
	 * of every masked path, so the backends need not look at the
	 * hundred the credential table names that are not there. */
	bool (*exists)(void *ctx, const char *path);
	void *ctx;
};

struct sbx_policy;

/* 0, -EINVAL (+diag), or -EPERM (+diag) for a workspace or state folder
 * that guard_refused() (core/guard.h): "/", a home, a system tree. */
int pol_new(const struct pol_facts *f, struct sbx_policy **out,
	    struct sbx_diag *diag);
void pol_free(struct sbx_policy *pol);

enum pol_scope pol_scope(const struct sbx_policy *pol);
/* TCP/UDP sockets may be opened (on, and domains: its own namespace). */
bool pol_network(const struct sbx_policy *pol);
/* The network mode, its patterns and the proxy's addresses (polnet.h). */
const struct pol_net *pol_net(const struct sbx_policy *pol);
/* Records where the proxy listens ("127.0.0.1:PORT" each), once. */
void pol_net_set_proxy(struct sbx_policy *pol, const char *http,
		       const char *socks);
const struct lay_layout *pol_layout(const struct sbx_policy *pol);
const struct rt_plan *pol_route(const struct sbx_policy *pol);
const char *pol_home(const struct sbx_policy *pol);
/* The canonical homes guard_refused() is asked with ($HOME, or the
 * passwd home when $HOME is unusable), NULL-terminated. */
const char *const *pol_homes(const struct sbx_policy *pol);

/* Records that the user set routed variable |name| to |value| (NULL:
 * unset it) inside the session: their choice wins. Returns 1 the first
 * time for that value (the caller reports it once), 0 if already known,
 * -ENOENT if |name| is not routed. The writable roots do not change: a
 * session never widens its sandbox. */
int pol_override(struct sbx_policy *pol, const char *name, const char *value);

/* Takes writable root |path| out again, with a "refused" note |why|: the
 * session could not create it safely (a symlink planted in its way).
 * Narrowing only: a session never widens its sandbox. */
void pol_drop_root(struct sbx_policy *pol, const char *path, const char *why);

size_t pol_nroots(const struct sbx_policy *pol);
const struct pol_root *pol_root(const struct sbx_policy *pol, size_t i);
size_t pol_nmasked(const struct sbx_policy *pol);
/* The session's own terminal (/dev/pts/3), or NULL. */
const char *pol_tty(const struct sbx_policy *pol);
/* The sockets --allow-socket lets jobs connect to (canonical). */
size_t pol_nsockets(const struct sbx_policy *pol);
const char *pol_socket(const struct sbx_policy *pol, size_t i);
/* Where a rule came from, for display: "default" for NULL. */
const char *pol_from(const char *from);
const char *pol_socket_from(const struct sbx_policy *pol, size_t i);
/* The --keep-env patterns and where each came from. */
size_t pol_nkeep(const struct sbx_policy *pol);
const char *pol_keep(const struct sbx_policy *pol, size_t i);
const char *pol_keep_from(const struct sbx_policy *pol, size_t i);
const char *pol_masked(const struct sbx_policy *pol, size_t i); /* canonical */
/* The tool a masked path belongs to and why it is masked (static
 * sentences of core/secrets.c, "--mask", "sbxsh"). */
const char *pol_masked_tool(const struct sbx_policy *pol, size_t i);
const char *pol_masked_why(const struct sbx_policy *pol, size_t i);
const char *pol_masked_from(const struct sbx_policy *pol,
			    size_t i); /* or NULL */
/* False if the masked path did not exist when the policy was made: the
 * Linux backends have nothing to hide there (an entry made later in a
 * folder they walk is not readable either; backends/landlock.c). */
bool pol_masked_present(const struct sbx_policy *pol, size_t i);
/* The credential variables withheld from the session (names, never
 * values) and those --keep-env passed. */
const struct ef_report *pol_env_report(const struct sbx_policy *pol);

const char *pol_scope_name(enum pol_scope s); /* "workspace" ... */
int pol_scope_parse(const char *s, enum pol_scope *out);

/* What the kernel will let a command do with a canonical absolute path. */
enum pol_access {
	POL_ACCESS_RW,	      /* beneath a writable root */
	POL_ACCESS_RO,	      /* readable, not writable */
	POL_ACCESS_MASKED,    /* a masked secret: neither */
	POL_ACCESS_PROTECTED, /* in a writable root, but protected (git
				 metadata, --protect): read-only where
				 pol_guard() is POL_GUARD_MOUNT */
};
/* |rule| (may be NULL) gets the index of the deciding root, of the
 * masked entry for POL_ACCESS_MASKED, of the pol_protected() entry for
 * POL_ACCESS_PROTECTED, or -1 for "everything else is read-only". */
enum pol_access pol_access(const struct sbx_policy *pol, const char *canon,
			   int *rule);
/* The most specific writable root holding canonical |canon| (masks and
 * protections aside), or -1; the root of scope unrestricted counts only
 * with |unrestricted|. */
int pol_root_of(const struct sbx_policy *pol, const char *canon,
		bool unrestricted);

/* The protected paths (docs/design.md §2b) that lie in a writable root, parent
 * first; NULL when there are none. */
const struct gm_plan *pol_git(const struct sbx_policy *pol);
size_t pol_nprotected(const struct sbx_policy *pol);
const struct gm_path *pol_protected(const struct sbx_policy *pol, size_t i);

/* How the protected paths are held: the backend says (backend.c). */
enum pol_guard {
	POL_GUARD_CHECKER, /* no mount layer: the checker flags writes, the
			      end of the session reports what changed */
	POL_GUARD_MOUNT,   /* bound read-only by the mount layer */
};
void pol_set_guard(struct sbx_policy *pol, enum pol_guard g);
enum pol_guard pol_guard(const struct sbx_policy *pol);

/* Free-form lines a backend adds to the display (effective Landlock ABI,
 * rights it could not enforce). Copied. */
void pol_add_note(struct sbx_policy *pol, const char *key, const char *val);
/* The first note under |key| becomes |val| (added when there is none):
 * a fact learned after start-up (shell/session/kaudit.c). */
void pol_set_note(struct sbx_policy *pol, const char *key, const char *val);
/* The first note under |key|, or NULL. */
const char *pol_note(const struct sbx_policy *pol, const char *key);
size_t pol_nnotes(const struct sbx_policy *pol);
void pol_note_at(const struct sbx_policy *pol, size_t i, const char **key,
		 const char **val);

#endif
