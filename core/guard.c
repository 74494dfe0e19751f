/* core/guard.c — folders that must never become a writable root (guard.h
 * has the rules and the attacks they stop). Pure. */
#include "guard.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "sbx.h"

/* clang-format off */
/* Refused themselves; their children are separate trees that may be
 * workspaces (/srv/www, /opt/proj, /var/tmp/x). */
static const char *const guard_exact[] = {
	"/var", "/home", "/srv", "/mnt", "/media", "/opt",
	"/private", "/private/var", "/Users", "/Volumes",
};

/* Refused with everything beneath: what the system runs or keeps its
 * state in. A root here lets a job change what runs unconfined later
 * (/etc/profile.d, /usr/bin, dpkg's database in /var/lib/dpkg, a unit in
 * /run/systemd), or reach the kernel's own files (/proc, /sys, /dev). */
static const char *const guard_trees[] = {
	"/etc", "/usr", "/boot", "/dev", "/proc", "/sys", "/run",
	"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
	"/efi", "/snap", "/nix",
	"/var/lib", "/var/log", "/var/cache", "/var/spool", "/var/mail",
	"/var/backups", "/var/run", "/var/lock", "/var/db",
	"/System", "/Library", "/Applications",
	"/private/etc", "/private/var/db",
};
/* clang-format on */

const char guard_hint[] =
    "make a folder for the work instead: mkdir -p ~/work/x && "
    "sbxsh --workspace ~/work/x";

static bool say(char *why, size_t n, const char *fmt, const char *arg)
{
	if (why && n)
		snprintf(why, n, fmt, arg);
	return true;
}

bool guard_refused(const char *path, const char *const *homes, char *why,
		   size_t n)
{
	static const char rc[] = "a job could rewrite ~/.bashrc, ~/.profile "
				 "and what else runs outside the sandbox";

	if (!path || path[0] != '/' || strcmp(path, "/") == 0)
		return say(why, n, "it is the whole system (%s)", "/");
	for (const char *const *h = homes; h && *h; h++) {
		if ((*h)[0] != '/')
			continue;
		if (strcmp(*h, path) == 0)
			return say(why, n, "it is your home folder (%s)", rc);
		if (path_under(path, *h))
			return say(why, n, "it is above your home folder (%s)",
				   rc);
	}
	for (size_t i = 0; i < sizeof(guard_exact) / sizeof(*guard_exact); i++)
		if (strcmp(guard_exact[i], path) == 0)
			return say(why, n, "%s itself holds other trees",
				   guard_exact[i]);
	for (size_t i = 0; i < sizeof(guard_trees) / sizeof(*guard_trees); i++)
		if (path_under(guard_trees[i], path))
			return say(why, n, "it lies in the system tree %s",
				   guard_trees[i]);
	return false;
}
