/* backends/sysops.c — the real kernel behind struct sys_ops.
 *
 * Every confining syscall of the backends goes through be_sys, so the unit
 * tests can swap in a fake (STYLE.md section 6; no ld --wrap, which Apple's
 * linker lacks).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "be_internal.h"
#include "landlock_compat.h"

static int real_create_ruleset(const void *attr, size_t size, uint32_t flags)
{
	return (int)syscall(__NR_landlock_create_ruleset, attr, size, flags);
}

static int real_add_rule(int fd, int type, const void *attr, uint32_t flags)
{
	return (int)syscall(__NR_landlock_add_rule, fd, type, attr, flags);
}

static int real_restrict_self(int fd, uint32_t flags)
{
	return (int)syscall(__NR_landlock_restrict_self, fd, flags);
}

static int real_prctl(int op, unsigned long a2, unsigned long a3,
		      unsigned long a4, unsigned long a5)
{
	return prctl(op, a2, a3, a4, a5);
}

static int real_open(const char *path, int flags, mode_t mode)
{
	return open(path, flags, mode);
}

/* The raw call: glibc has no wrapper, and sbxsh does not link libseccomp
 * (seccomp.c says why). */
static int real_seccomp_filter(const struct sock_fprog *prog)
{
	return (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, prog);
}

/* Empties the effective, permitted and inheritable sets. Used after the
 * mount layer was built inside a user namespace: the shell itself would
 * otherwise keep every capability of that namespace (its children lose
 * them at execve anyway, being non-root there). */
static int real_capset_none(void)
{
	struct __user_cap_header_struct h = {
	    .version = _LINUX_CAPABILITY_VERSION_3,
	    .pid = 0,
	};
	struct __user_cap_data_struct d[2] = {{0}};

	return (int)syscall(SYS_capset, &h, d);
}

static int real_drop_cap(int cap)
{
	struct __user_cap_header_struct h = {
	    .version = _LINUX_CAPABILITY_VERSION_3,
	    .pid = 0,
	};
	struct __user_cap_data_struct d[2] = {{0}};
	unsigned w = (unsigned)cap / 32, bit = 1u << ((unsigned)cap % 32);
	int r = 0;

	/* EPERM: no CAP_SETPCAP, in which case root's children regain it
	 * from the bounding set; EINVAL: a kernel without that cap. */
	if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) < 0 && errno != EINVAL)
		r = -1;
	(void)prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_LOWER, cap, 0, 0);
	if (w >= 2 || syscall(SYS_capget, &h, d) < 0)
		return -1;
	d[w].effective &= ~bit;
	d[w].permitted &= ~bit;
	d[w].inheritable &= ~bit;
	if (syscall(SYS_capset, &h, d) < 0)
		return -1;
	return r;
}

/* The new mount API through syscall(2): glibc has wrappers only since
 * 2.36, and the numbers come from be_internal.h where the headers lack
 * them. */
static int real_open_tree(int dfd, const char *path, unsigned flags)
{
	return (int)syscall(__NR_open_tree, dfd, path, flags);
}

static int real_move_mount(int from_dfd, const char *from, int to_dfd,
			   const char *to, unsigned flags)
{
	return (int)syscall(__NR_move_mount, from_dfd, from, to_dfd, to, flags);
}

static int real_mount_setattr(int dfd, const char *path, unsigned flags,
			      const void *attr, size_t size)
{
	return (int)syscall(__NR_mount_setattr, dfd, path, flags, attr, size);
}

const struct sys_ops be_sys_real = {
    .landlock_create_ruleset = real_create_ruleset,
    .landlock_add_rule = real_add_rule,
    .landlock_restrict_self = real_restrict_self,
    .prctl = real_prctl,
    .unshare = unshare,
    .mount = mount,
    .open = real_open,
    .write = write,
    .close = close,
    .seccomp_filter = real_seccomp_filter,
    .capset_none = real_capset_none,
    .drop_cap = real_drop_cap,
    .open_tree = real_open_tree,
    .move_mount = real_move_mount,
    .mount_setattr = real_mount_setattr,
};

const struct sys_ops *be_sys = &be_sys_real;

const struct sys_ops *be_set_sys_ops(const struct sys_ops *ops)
{
	const struct sys_ops *old = be_sys;

	be_sys = ops ? ops : &be_sys_real;
	return old;
}
