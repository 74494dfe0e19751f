/* tests/unit/test_guard.c — the folders that must never become a
 * writable root (core/guard.h), in both directions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "guard.h"

static const char *const homes[] = {"/home/u", NULL};

static void refused(void **state)
{
	static const char *const bad[] = {
	    "/",
	    "/home/u",
	    "/home",
	    "/var",
	    "/srv",
	    "/opt",
	    "/mnt",
	    "/media",
	    "/etc",
	    "/etc/x",
	    "/usr",
	    "/usr/local/bin",
	    "/boot/efi",
	    "/dev",
	    "/dev/shm/x",
	    "/proc",
	    "/proc/1/root",
	    "/sys/fs",
	    "/run",
	    "/run/user/0",
	    "/bin",
	    "/sbin",
	    "/lib",
	    "/lib64",
	    "/var/lib",
	    "/var/lib/dpkg",
	    "/var/log/x",
	    "/var/cache/apt",
	    "/var/spool/cron",
	    "/var/mail",
	    "/var/run",
	    "/nix/store/x",
	    "/snap/bin",
	    "/private/etc",
	    "/System/x",
	    "/Library/x",
	    "/Users",
	    "/private/var",
	};
	char why[160];

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		why[0] = 0;
		if (!guard_refused(bad[i], homes, why, sizeof(why)))
			fail_msg("%s should be refused", bad[i]);
		assert_true(why[0] != 0);
	}
	assert_true(guard_refused("/etc/x", homes, why, sizeof(why)));
	assert_string_equal(why, "it lies in the system tree /etc");
	assert_true(guard_refused("/home/u", homes, why, sizeof(why)));
	assert_non_null(strstr(why, "your home folder"));
	assert_true(guard_refused("/home", homes, why, sizeof(why)));
	assert_non_null(strstr(why, "above your home"));
	/* No reason asked for: still refused. */
	assert_true(guard_refused("/", NULL, NULL, 0));
	assert_true(guard_refused(NULL, NULL, NULL, 0));
	assert_true(guard_refused("relative", NULL, NULL, 0));
}

static void allowed(void **state)
{
	static const char *const good[] = {
	    "/var/tmp/x",    "/var/tmp",       "/srv/x",	 "/opt/x",
	    "/tmp",	     "/tmp/x",	       "/home/u/work/x", "/home/other",
	    "/home/u2",	     "/devices",       "/etcetera",	 "/usrlocal",
	    "/varx",	     "/mnt/data/proj", "/media/usb/x",	 "/root/work",
	    "/var/www/site", "/w/proj",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(good) / sizeof(*good); i++)
		if (guard_refused(good[i], homes, NULL, 0))
			fail_msg("%s should be allowed", good[i]);
}

/* Every home given counts; a relative or missing one is ignored. */
static void homes_list(void **state)
{
	static const char *const two[] = {"/root", "/home/u", NULL};
	static const char *const odd[] = {"relative", NULL};

	(void)state;
	assert_true(guard_refused("/root", two, NULL, 0));
	assert_true(guard_refused("/home/u", two, NULL, 0));
	assert_false(guard_refused("/root/x", two, NULL, 0));
	assert_false(guard_refused("/root", odd, NULL, 0));
	assert_false(guard_refused("/root", NULL, NULL, 0));
	/* HOME=/ makes every folder "inside" it, never "above" it: only
	 * "/" itself is refused for that. */
	{
		static const char *const slash[] = {"/", NULL};

		assert_false(guard_refused("/srv/x", slash, NULL, 0));
	}
}

/* Issue 20: sbxsh's own folders, in the same table: refused themselves,
 * inside and above; siblings stay fine. */
static void sbxsh_folders(void **state)
{
	static const char *const own[] = {"/home/u/.config/sbxsh",
					  "/tmp/x/state/sbxsh", NULL};
	const struct guard_facts g = {.homes = homes, .sbxsh = own};
	char why[400];

	(void)state;
	assert_true(
	    guard_check(&g, "/home/u/.config/sbxsh", false, why, sizeof(why)));
	assert_non_null(strstr(why, "it is sbxsh's own folder"));
	assert_true(
	    guard_check(&g, "/home/u/.config", false, why, sizeof(why)));
	assert_non_null(strstr(why, "holds sbxsh's own folder"));
	assert_true(guard_check(&g, "/home/u/.config/sbxsh/x", false, why,
				sizeof(why)));
	assert_non_null(strstr(why, "lies in sbxsh's own folder"));
	assert_true(guard_check(&g, "/tmp", false, NULL, 0));
	assert_true(guard_check(&g, "/tmp/x", false, NULL, 0));
	assert_false(guard_check(&g, "/tmp/y", false, NULL, 0));
	assert_false(guard_check(&g, "/home/u/.config/sbxsh2", false, NULL, 0));
	assert_false(guard_check(&g, "/home/u/work", false, NULL, 0));
	/* guard_refused() knows no sbxsh folder. */
	assert_false(guard_refused("/tmp/x", homes, NULL, 0));
}

/* Issue 20: where a symlinked name may not lead: the home's dot-folders,
 * a folder on PATH, a masked folder, inside or above it. Only for a
 * linked name: ~/.cache named directly stays a cache root. */
static void link_rules(void **state)
{
	static const char *const path[] = {"/opt/bin", "/home/u/bin",
					   "/srv/tools/bin", NULL};
	static const char *const masked[] = {"/data/sec", NULL};
	const struct guard_facts g = {
	    .homes = homes, .path_dirs = path, .masked = masked};
	static const char *const bad[] = {
	    "/home/u/.local/bin", "/home/u/.ssh", "/home/u/.config",
	    "/home/u/.x/y",	  "/opt/bin",	  "/opt/bin/sub",
	    "/home/u/bin",	  "/data",	  "/data/sec",
	    "/data/sec/in",	  "/srv/tools",
	};
	static const char *const good[] = {
	    "/home/u/work", "/home/u/x.y", "/opt/binx",	  "/opt/other",
	    "/data/other",  "/srv/proj",   "/srv/tools2",
	};
	char why[400];

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		if (!guard_check(&g, bad[i], true, why, sizeof(why)))
			fail_msg("%s should be refused through a link", bad[i]);
		if (guard_check(&g, bad[i], false, NULL, 0))
			fail_msg("%s is refused without a link", bad[i]);
	}
	for (size_t i = 0; i < sizeof(good) / sizeof(*good); i++)
		if (guard_check(&g, good[i], true, why, sizeof(why)))
			fail_msg("%s should be allowed: %s", good[i], why);
	assert_true(guard_check(&g, "/home/u/.ssh", true, why, sizeof(why)));
	assert_non_null(strstr(why, "dot-folder"));
	assert_true(guard_check(&g, "/opt/bin/x", true, why, sizeof(why)));
	assert_non_null(strstr(why, "lies in /opt/bin, a folder on PATH"));
	assert_true(guard_check(&g, "/srv/tools", true, why, sizeof(why)));
	assert_non_null(strstr(why, "holds /srv/tools/bin, a folder on PATH"));
	assert_true(guard_check(&g, "/data", true, why, sizeof(why)));
	assert_non_null(strstr(why, "holds the masked secret /data/sec"));
	assert_true(guard_check(&g, "/data/sec/in", true, why, sizeof(why)));
	assert_non_null(strstr(why, "lies in the masked secret /data/sec"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(refused),	  cmocka_unit_test(allowed),
	    cmocka_unit_test(homes_list), cmocka_unit_test(sbxsh_folders),
	    cmocka_unit_test(link_rules),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
