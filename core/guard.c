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

static bool in_or_above(const char *a, const char *b)
{
	return path_under(a, b) || path_under(b, a);
}

bool guard_check(const struct guard_facts *g, const char *path, bool via_link,
		 char *why, size_t n)
{
	static const char rc[] = "a job could rewrite ~/.bashrc, ~/.profile "
				 "and what else runs outside the sandbox";
	static const char cfg[] = "a job could rewrite what the next "
				  "session reads: its configuration, rc "
				  "file or history";

	if (!path || path[0] != '/' || strcmp(path, "/") == 0)
		return say(why, n, "it is the whole system (%s)", "/");
	for (const char *const *h = g->homes; h && *h; h++) {
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
	for (const char *const *s = g->sbxsh; s && *s; s++) {
		if ((*s)[0] != '/' || !in_or_above(*s, path))
			continue;
		if (why && n)
			snprintf(why, n, "it %s sbxsh's own folder %s (%s)",
				 strcmp(*s, path) == 0	? "is"
				 : path_under(path, *s) ? "holds"
							: "lies in",
				 *s, cfg);
		return true;
	}
	if (!via_link)
		return false;
	for (const char *const *h = g->homes; h && *h; h++) {
		size_t hl = strlen(*h);

		/* ~/.X and beneath: ~/.local/bin is on PATH of every login
		 * shell, ~/.ssh holds the keys and authorized_keys. */
		if ((*h)[0] == '/' && path_under(*h, path) && path[hl] == '/' &&
		    path[hl + 1] == '.' && strcmp(*h, "/") != 0)
			return say(why, n,
				   "it lies in a dot-folder of your home "
				   "(%s), which tools outside the sandbox "
				   "run or trust",
				   *h);
	}
	for (const char *const *p = g->path_dirs; p && *p; p++) {
		if ((*p)[0] != '/' || !in_or_above(*p, path))
			continue;
		if (why && n)
			snprintf(why, n,
				 "it %s %s, a folder on PATH: a job "
				 "would choose what runs outside the sandbox",
				 path_under(*p, path) ? "lies in" : "holds",
				 *p);
		return true;
	}
	for (const char *const *m = g->masked; m && *m; m++) {
		if ((*m)[0] != '/' || !in_or_above(*m, path))
			continue;
		return say(why, n,
			   path_under(*m, path)
			       ? "it lies in the masked secret %s"
			       : "it holds the masked secret %s",
			   *m);
	}
	return false;
}

bool guard_refused(const char *path, const char *const *homes, char *why,
		   size_t n)
{
	const struct guard_facts g = {.homes = homes};

	return guard_check(&g, path, false, why, n);
}
