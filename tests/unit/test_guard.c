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
	    "/", "/home/u", "/home", "/var", "/srv", "/opt", "/mnt",
	    "/media", "/etc", "/etc/x", "/usr", "/usr/local/bin",
	    "/boot/efi", "/dev", "/dev/shm/x", "/proc", "/proc/1/root",
	    "/sys/fs", "/run", "/run/user/0", "/bin", "/sbin", "/lib",
	    "/lib64", "/var/lib", "/var/lib/dpkg", "/var/log/x",
	    "/var/cache/apt", "/var/spool/cron", "/var/mail", "/var/run",
	    "/nix/store/x", "/snap/bin", "/private/etc", "/System/x",
	    "/Library/x", "/Users", "/private/var",
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
	    "/var/tmp/x", "/var/tmp", "/srv/x", "/opt/x", "/tmp", "/tmp/x",
	    "/home/u/work/x", "/home/other", "/home/u2", "/devices",
	    "/etcetera", "/usrlocal", "/varx", "/mnt/data/proj",
	    "/media/usb/x", "/root/work", "/var/www/site", "/w/proj",
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

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(refused),
	    cmocka_unit_test(allowed),
	    cmocka_unit_test(homes_list),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
