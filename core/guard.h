/* core/guard.h — folders that must never become a writable root. Pure.
 *
 * A writable root is handed to every job of the session. Some folders
 * would hand out far more than a workflow: the whole system ("/"), the
 * user's home (a job appends to ~/.bashrc and the next login shell runs it
 * unconfined), a folder above the home, or a system tree (/etc, /usr,
 * dpkg's database in /var/lib, ...). The same rules apply wherever a root
 * comes from: the workspace (the current folder, --workspace, --workflow),
 * --state, and roots taken from the environment (TMPDIR, XDG_CACHE_HOME,
 * GOCACHE, GOMODCACHE, GOPATH, npm_config_cache, CARGO_HOME), which a
 * project's .envrc or a harness can set to anything.
 *
 * The exact rules (docs/session.md, "Refused folders"):
 *   - "/" itself;
 *   - a home folder or any folder above it (|homes|: $HOME and, when it
 *     is unusable, the passwd entry's home: both canonical);
 *   - these folders themselves, whose children are separate trees: /var,
 *     /home, /srv, /mnt, /media, /opt, and on macOS /private,
 *     /private/var, /Users, /Volumes;
 *   - anything in a system tree: /etc, /usr, /boot, /dev, /proc, /sys,
 *     /run, /bin, /sbin, /lib, /lib32, /lib64, /libx32, /efi, /snap, /nix,
 *     the system parts of /var (lib, log, cache, spool, mail, backups,
 *     run, lock, db), and on macOS /System, /Library, /Applications,
 *     /private/etc, /private/var/db.
 *   - sbxsh's own folders (the configuration folder ~/.config/sbxsh, the
 *     state folder ~/.local/state/sbxsh) and anything inside or above
 *     them (|sbxsh|): a job that rewrote the configuration or the rc file
 *     would choose the next session's policy (scope = unrestricted,
 *     backend = none) or run code in it.
 * A path reached through a symlink (a workspace or --allow-write whose
 * name is not its canonical form: a job of an earlier session can swap
 * $TMPDIR/proj for a link) is refused also when it resolves to
 *   - one of the home's dot-folders or anything in one (~/.local,
 *     ~/.ssh, ~/.config: what tools outside run or trust);
 *   - a folder on PATH, inside one or above one (a job would put its own
 *     `ls` there);
 *   - a masked folder, inside one, or above one (|masked|).
 * /var/tmp/x, /srv/x, /opt/x, /tmp and /tmp/x stay fine.
 */
#ifndef SBX_GUARD_H
#define SBX_GUARD_H

#include <stdbool.h>
#include <stddef.h>

/* True if |path| (absolute, canonical) must never be a writable root;
 * |why| (may be NULL) then gets the reason as a sentence fragment ("it is
 * your home folder ...", "it lies in the system tree /etc"). |homes| is
 * NULL-terminated (may be NULL); its entries are canonical. */
bool guard_refused(const char *path, const char *const *homes, char *why,
		   size_t n);

/* Everything the rules are asked with. Lists are NULL-terminated (the
 * list itself may be NULL), entries canonical. */
struct guard_facts {
	const char *const *homes; /* $HOME, the passwd entry's home */
	const char *const *sbxsh; /* sbxsh's configuration and state folders */
	const char *const *path_dirs; /* the folders on PATH (link rules) */
	const char *const *masked;    /* masked secrets (link rules) */
};

/* guard_refused() with every rule: the sbxsh folders always, and with
 * |via_link| (|path| is what a symlinked name resolved to) the rules for
 * linked paths too. */
bool guard_check(const struct guard_facts *g, const char *path, bool via_link,
		 char *why, size_t n);

/* What to do instead, for a refused workspace or --state folder (static
 * text naming ~/work/x). */
extern const char guard_hint[];

#endif
