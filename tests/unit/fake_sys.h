/* tests/unit/fake_sys.h — a fake kernel for the backend unit tests: a
 * struct sys_ops whose members record what they were asked and answer
 * what the test queued. Included by test_landlock.c and test_backend.c.
 *
 * Answers: landlock_create_ruleset (version probe and ruleset) and
 * landlock_restrict_self, unshare and mount pop mock() values queued with
 * will_return(): 0 for success (a ruleset call then returns a real fd on
 * /dev/null so close() works), or a negative errno to fail with. The
 * others succeed. Every call is appended to fake.log.
 */
#ifndef FAKE_SYS_H
#define FAKE_SYS_H

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <string.h>
#include <unistd.h>

#include "be_internal.h"
#include "landlock_compat.h"

#define FAKE_MAX 4096

struct fake_rule {
	char path[PATH_MAX];
	uint64_t rights;
};

static struct {
	struct sbx_buf log;		 /* "create(24) rule restrict ..." */
	struct ll_ruleset_attr attr[16]; /* each ruleset attempt */
	size_t attr_size[16];
	int nattr;
	struct fake_rule rules[FAKE_MAX];
	int nrules;
	int add_rule_err;	/* errno for every add_rule, or 0 */
	bool mount_mocked;	/* pop mock() for mount() */
	struct sbx_strv mounts; /* "tgt|flags|type|src" */
} fake;

static void fake_reset(void)
{
	buf_free(&fake.log);
	strv_free(&fake.mounts);
	memset(&fake, 0, sizeof(fake));
}

static void fake_log(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(&fake.log, fmt, ap);
	va_end(ap);
	buf_putc(&fake.log, ' ');
}

static int fake_ret(int v)
{
	if (v < 0) {
		errno = -v;
		return -1;
	}
	return v;
}

static int fake_create_ruleset(const void *attr, size_t size, uint32_t flags)
{
	int v;

	if (flags & LANDLOCK_CREATE_RULESET_VERSION) {
		fake_log("version");
		return fake_ret(mock_type(int));
	}
	fake_log("create(%zu)", size);
	if (fake.nattr < 16) {
		memset(&fake.attr[fake.nattr], 0, sizeof(fake.attr[0]));
		memcpy(&fake.attr[fake.nattr], attr, size);
		fake.attr_size[fake.nattr++] = size;
	}
	v = mock_type(int);
	if (v < 0)
		return fake_ret(v);
	return open("/dev/null", O_RDONLY | O_CLOEXEC);
}

static int fake_add_rule(int fd, int type, const void *attr, uint32_t flags)
{
	const struct ll_path_beneath_attr *pb = attr;
	char link[64];
	ssize_t n;

	if (fake.add_rule_err)
		return fake_ret(-fake.add_rule_err);
	if (fake.nrules < FAKE_MAX) {
		struct fake_rule *r = &fake.rules[fake.nrules++];

		snprintf(link, sizeof(link), "/proc/self/fd/%d", pb->parent_fd);
		n = readlink(link, r->path, sizeof(r->path) - 1);
		r->path[n < 0 ? 0 : n] = '\0';
		r->rights = pb->allowed_access;
	}
	return 0;
}

static int fake_restrict_self(int fd, uint32_t flags)
{
	fake_log("restrict");
	return fake_ret(mock_type(int));
}

static int fake_prctl(int op, unsigned long a2, unsigned long a3,
		      unsigned long a4, unsigned long a5)
{
	fake_log("prctl(%d)", op);
	return 0;
}

static int fake_unshare(int flags)
{
	fake_log("unshare");
	return fake_ret(mock_type(int));
}

static int fake_mount(const char *src, const char *tgt, const char *type,
		      unsigned long flags, const void *data)
{
	char *s = xasprintf("%s|%#lx|%s|%s", tgt ? tgt : "", flags,
			    type ? type : "", src ? src : "");

	strv_take(&fake.mounts, s);
	if (fake.mount_mocked) {
		fake_log("mount");
		return fake_ret(mock_type(int));
	}
	return 0;
}

static int fake_open(const char *path, int flags, mode_t mode)
{
	fake_log("open(%s)", path);
	return open("/dev/null", O_WRONLY | O_CLOEXEC);
}

static ssize_t fake_write(int fd, const void *buf, size_t n)
{
	return (ssize_t)n;
}

static int fake_close(int fd)
{
	return close(fd);
}

static int fake_seccomp_load(void *filter)
{
	fake_log("seccomp_load");
	return 0;
}

static int fake_capset_none(void)
{
	fake_log("capset");
	return 0;
}

static const struct sys_ops fake_ops = {
    .landlock_create_ruleset = fake_create_ruleset,
    .landlock_add_rule = fake_add_rule,
    .landlock_restrict_self = fake_restrict_self,
    .prctl = fake_prctl,
    .unshare = fake_unshare,
    .mount = fake_mount,
    .open = fake_open,
    .write = fake_write,
    .close = fake_close,
    .seccomp_load = fake_seccomp_load,
    .capset_none = fake_capset_none,
};

/* The rights recorded for |path|, or -1 if no rule names it. */
static __attribute__((unused)) long long fake_rights(const char *path)
{
	for (int i = 0; i < fake.nrules; i++)
		if (strcmp(fake.rules[i].path, path) == 0)
			return (long long)fake.rules[i].rights;
	return -1;
}

/* Index of the first mount() on |tgt| whose flags include |flags|, or
 * -1. */
static __attribute__((unused)) int fake_mounted(const char *tgt,
						unsigned long flags)
{
	size_t l = strlen(tgt);

	for (size_t i = 0; i < fake.mounts.n; i++) {
		const char *m = fake.mounts.v[i];

		if (strncmp(m, tgt, l) == 0 && m[l] == '|' &&
		    (strtoul(m + l + 1, NULL, 16) & flags) == flags)
			return (int)i;
	}
	return -1;
}

static __attribute__((unused)) const char *
note_val(const struct be_notes *n, const char *key, const char *needle)
{
	for (size_t i = 0; i < n->keys.n; i++)
		if (strcmp(n->keys.v[i], key) == 0 &&
		    (!needle || strstr(n->vals.v[i], needle)))
			return n->vals.v[i];
	return NULL;
}

static void notes_free(struct be_notes *n)
{
	strv_free(&n->keys);
	strv_free(&n->vals);
}

#endif
