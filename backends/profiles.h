/* backends/profiles.h — the session policy rendered for other sandboxes:
 * an SBPL profile for macOS's Seatbelt and a bubblewrap argument list.
 *
 * Lifecycle: pol_new() → sb_profile() / bw_args() → print or apply →
 * buf_free() / strv_free(). The generators (seatbelt_profile.c,
 * bwrap_profile.c) are pure: policy and disk facts in, text out, so they
 * are golden-file tested on any platform. seatbelt.c applies the SBPL text
 * with sandbox_init() on macOS; profiles_host.c answers the disk facts for
 * real.
 */
#ifndef SBX_PROFILES_H
#define SBX_PROFILES_H

#include <stdbool.h>

#include "policy.h"
#include "sbx.h"

/*
 * SBPL for macOS's sandbox: (version 1) (allow default) (deny file-write*),
 * then (allow file-write* (subpath "...")) per writable root, with both the
 * /var and /private/var spellings (likewise /tmp and /etc) for paths under
 * those, (allow file-write* (literal "/dev/null")) etc. for devices,
 * (deny file-read* file-write* (subpath "...")) for each masked secret, and
 * (deny network*) with unix sockets allowed again when !pol_network().
 * Appends to |out|. Pure.
 */
void sb_profile(const struct sbx_policy *pol, struct sbx_buf *out);

/* What a path is on disk: the one fact bubblewrap needs that the policy
 * does not carry (a masked secret is covered with a tmpfs if it is a
 * folder, with /dev/null if it is a file, and cannot be covered at all if
 * it does not exist: bwrap would have to create it in a read-only tree). */
enum prof_kind {
	PROF_ABSENT,
	PROF_FILE, /* anything that is not a folder */
	PROF_DIR,
};

struct prof_disk {
	enum prof_kind (*kind)(void *ctx, const char *path);
	void *ctx;
};

/* The real disk (stat(2), following symlinks). */
extern const struct prof_disk prof_host_disk;

/*
 * The bubblewrap argv equivalent of |pol|: "bwrap", then "--ro-bind / /",
 * "--dev /dev", "--proc /proc", each device root --dev does not provide,
 * "--bind DIR DIR" per writable root with the workspace last, masks for
 * the secrets |disk| says exist, "--unshare-net" when !pol_network(), and
 * "--die-with-parent". No "--new-session" (it would break job control,
 * see bwrap_profile.c). The command itself is not included: the caller
 * appends it. Appends to |argv|. Pure: all disk facts come from |disk|.
 */
void bw_args_disk(const struct sbx_policy *pol, const struct prof_disk *disk,
		  struct sbx_strv *argv);
/* bw_args_disk() with &prof_host_disk. */
void bw_args(const struct sbx_policy *pol, struct sbx_strv *argv);

/* Shell-quoted one-line rendering of |argv| (no trailing newline), so the
 * line can be pasted into sh. Appends to |out|. Pure. */
void bw_format(const struct sbx_strv *argv, struct sbx_buf *out);

/* |argv| one option per line: a word that starts with "--" begins a new
 * line (after " \\" and |indent|), its operands follow on it. Pure. */
void bw_format_lines(const struct sbx_strv *argv, const char *indent,
		     struct sbx_buf *out);

/* `sbxsh --print-profile bwrap`: |argv| (from bw_args) as a runnable sh
 * script: a comment saying how to run it, `mkdir -p` of the folders a
 * session would create, then the bwrap command one option per line with
 * the routed variables set (--setenv, PATH's prefix leading "$PATH"),
 * ending in `-- "${@:-/bin/sh}"`. The session's run folder becomes
 * <runs>/bwrap. Pure. */
void bw_script(const struct sbx_policy *pol, const struct sbx_strv *argv,
	       struct sbx_buf *out);

/* sb_profile() from the flattened plan every backend gets (be_base.h),
 * as --backend seatbelt applies it. |pol| (may be NULL) only adds the
 * comments: the workflow, and why each root is writable. Pure. */
struct be_plan;
void sb_profile_plan(const struct be_plan *plan, const struct sbx_policy *pol,
		     struct sbx_buf *out);

/*
 * The Seatbelt backend (seatbelt.c), a be_ops like the others: prepare()
 * renders the profile, apply() hands it to sandbox_init() once, in the
 * shell process. Compiled for every platform; anywhere but macOS each
 * step fails closed with ENOSYS and a diag naming the alternatives, so
 * choosing it can never yield an unconfined session.
 */
struct be_ops;
extern const struct be_ops be_seatbelt;
/* True where be_seatbelt can work (compiled for macOS). */
bool sb_available(void);

#endif
