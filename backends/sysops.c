/* backends/sysops.c — the real kernel behind struct sys_ops.
 *
 * Every confining syscall of the backends goes through be_sys, so the unit
 * tests can swap in a fake (docs/style.md §6; no ld --wrap, which Apple's
 * linker lacks).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "be_sys.h"
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

static int real_capget(struct be_capsets *out)
{
	struct __user_cap_header_struct h = {
	    .version = _LINUX_CAPABILITY_VERSION_3,
	    .pid = 0,
	};
	struct __user_cap_data_struct d[2] = {{0}};

	if (syscall(SYS_capget, &h, d) < 0)
		return -1;
	out->eff = d[0].effective | (uint64_t)d[1].effective << 32;
	out->prm = d[0].permitted | (uint64_t)d[1].permitted << 32;
	out->inh = d[0].inheritable | (uint64_t)d[1].inheritable << 32;
	return 0;
}

static int real_capset(const struct be_capsets *in)
{
	struct __user_cap_header_struct h = {
	    .version = _LINUX_CAPABILITY_VERSION_3,
	    .pid = 0,
	};
	struct __user_cap_data_struct d[2] = {
	    {(uint32_t)in->eff, (uint32_t)in->prm, (uint32_t)in->inh},
	    {(uint32_t)(in->eff >> 32), (uint32_t)(in->prm >> 32),
	     (uint32_t)(in->inh >> 32)},
	};

	return (int)syscall(SYS_capset, &h, d);
}

/* The file, as bubblewrap reads it; where /proc has no such file, the
 * kernel itself answers: PR_CAPBSET_READ is EINVAL above the last cap. */
static int real_cap_last_cap(void)
{
	/* The kernel's, fixed while it runs: read once (the PID namespace's
	 * helpers, forked later, inherit the answer). */
	static int known = -1;
	char num[16];
	int fd, last = -1;
	ssize_t n;

	if (known >= 0)
		return known;
	fd = open("/proc/sys/kernel/cap_last_cap", O_RDONLY | O_CLOEXEC);
	n = fd < 0 ? -1 : read(fd, num, sizeof(num) - 1);
	if (fd >= 0)
		close(fd);
	if (n > 0) {
		num[n] = '\0';
		last = atoi(num);
	}
	if (last >= 0 && last < 63)
		return known = last;
	/* EINVAL marks the end; any other failure is asked again. */
	for (last = 0; last < 63; last++)
		if (prctl(PR_CAPBSET_READ, last, 0, 0, 0) < 0 &&
		    errno == EINVAL &&
		    prctl(PR_CAPBSET_READ, last, 0, 0, 0) < 0 &&
		    errno == EINVAL)
			break;
	return known = last - 1;
}

/* The new mount API through syscall(2): glibc has wrappers only since
 * 2.36, and the numbers come from be_sys.h where the headers lack
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

static int real_pidfd_open(pid_t pid, unsigned flags)
{
	return (int)syscall(SYS_pidfd_open, pid, flags);
}

static long real_clone3(void *args, size_t size)
{
	return syscall(SYS_clone3, args, size);
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
    .capget = real_capget,
    .capset = real_capset,
    .cap_last_cap = real_cap_last_cap,
    .open_tree = real_open_tree,
    .move_mount = real_move_mount,
    .mount_setattr = real_mount_setattr,
    .getpid = getpid,
    .kill = kill,
    .waitpid = waitpid,
    .pidfd_open = real_pidfd_open,
    .clone3 = real_clone3,
};

const struct sys_ops *be_sys = &be_sys_real;

const struct sys_ops *be_set_sys_ops(const struct sys_ops *ops)
{
	const struct sys_ops *old = be_sys;

	be_sys = ops ? ops : &be_sys_real;
	return old;
}
