/* shell/interp/pw.c — the user database, for ~user and the prompt's \u.
 *
 * A dynamically linked sbxsh asks NSS (getpwnam: files, LDAP, sssd,
 * systemd...) and then /etc/passwd. The static-pie build (CMakeLists.txt,
 * SBXSH_STATIC, which defines SBXSH_NO_NSS) reads /etc/passwd alone: a
 * static glibc reaches NSS by loading the system's libnss_*.so into a
 * process that has no dynamic loader of its own, and libnss_systemd, on by
 * default in Debian's nsswitch.conf, crashes there (SIGSEGV in
 * _nss_systemd_is_blocked on the first user it does not know). fgetpwent()
 * parses the file with no module. What that costs: users known only to a
 * directory service (LDAP, sssd, systemd-homed) have no ~user in a static
 * build; `cmake -DSBXSH_STATIC=OFF` gives them back, at ~0.2 ms per start.
 */
#include "pw.h"

#include <pwd.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* The first /etc/passwd entry |match| accepts, or NULL. */
static struct passwd *
pw_scan(bool (*match)(const struct passwd *, const void *), const void *key)
{
	FILE *f = fopen("/etc/passwd", "re");
	struct passwd *p = NULL;

	if (!f)
		return NULL;
	while ((p = fgetpwent(f)) && !match(p, key))
		;
	fclose(f);
	return p;
}

static bool by_name(const struct passwd *p, const void *key)
{
	return strcmp(p->pw_name, key) == 0;
}

static bool by_uid(const struct passwd *p, const void *key)
{
	return p->pw_uid == *(const uid_t *)key;
}

/* NSS first where the build has it (|nss| may be NULL), then the file. */
static struct passwd *
pw_find(struct passwd *nss, bool (*match)(const struct passwd *, const void *),
	const void *key)
{
	return nss ? nss : pw_scan(match, key);
}

#ifdef SBXSH_NO_NSS
#define NSS(call) NULL
#else
#define NSS(call) (call)
#endif

const char *pw_home(const char *user)
{
	struct passwd *p = pw_find(NSS(getpwnam(user)), by_name, user);

	return p ? p->pw_dir : NULL;
}

const char *pw_home_uid(uid_t uid)
{
	struct passwd *p = pw_find(NSS(getpwuid(uid)), by_uid, &uid);

	return p ? p->pw_dir : NULL;
}

const char *pw_name(uid_t uid)
{
	struct passwd *p = pw_find(NSS(getpwuid(uid)), by_uid, &uid);

	return p ? p->pw_name : NULL;
}
