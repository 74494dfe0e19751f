/* tests/unit/fake_sys.h — a fake kernel for the backend unit tests: a
 * struct sys_ops whose members record what they were asked and answer
 * what the test queued. Included by test_landlock.c, test_backend.c and
 * test_seccomp.c.
 *
 * Answers: landlock_create_ruleset (version probe and ruleset) and
 * landlock_restrict_self, unshare and mount pop mock() values queued with
 * will_return(): 0 for success (a ruleset call then returns a real fd on
 * /dev/null so close() works), or a negative errno to fail with.
 * seccomp_filter fails with fake.seccomp_err when set and records the
 * program it was given. The others succeed. Every call is appended to
 * fake.log.
 *
 * The new mount API (open_tree, mount_setattr, move_mount) answers ENOSYS,
 * as a kernel before 5.2 does, unless fake.mount_api is set; then each
 * succeeds (open_tree with a real fd on /dev/null) or fails with the
 * errno in fake.open_tree_err / setattr_err / move_err. Every mount-family
 * call is appended to fake.mounts in order: mount() as "tgt|flags|type|src",
 * the others as "@open_tree path|flags", "@setattr path|flags|set|clr",
 * "@move to|flags" (fake_call() finds them).
 */
#ifndef FAKE_SYS_H
#define FAKE_SYS_H

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/filter.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <linux/capability.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <string.h>
#include <unistd.h>

#include "be_base.h"
#include "be_tail.h"
#include "doors.h"
#include "landlock.h"
#include "ll_rules.h"
#include "mounts.h"
#include "namespace.h"
#include "pidns.h"
#include "be_seccomp.h"
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
	struct sbx_strv mounts; /* "tgt|flags|type|src", "@open_tree ..." */
	bool mount_api;		/* open_tree & co. exist (else ENOSYS) */
	int open_tree_err, setattr_err, move_err; /* errno, or 0 */
	int tree_fd[64], open_trees; /* open_tree fds not yet closed */
	int seccomp_err;	     /* errno for seccomp_filter, or 0 */
	uint32_t restrict_flags;     /* landlock_restrict_self()'s flags */
	const void *seccomp_insns;   /* the program it was given */
	unsigned seccomp_len;
	/* The process's privileges, as prctl, capget and capset see them
	 * (zero after fake_reset(): nothing held; fake_root() fills them).
	 * |stuck_bnd|: 1 + a capability whose PR_CAPBSET_DROP answers 0 but
	 * stays; |stuck_prm|: bits capset() leaves set (a drop that does not
	 * stick). |last_cap|: cap_last_cap's answer (0: 40). */
	struct be_capsets caps;
	uint64_t bnd;
	long secbits;
	bool nnp;
	int stuck_bnd;
	uint64_t stuck_prm;
	int last_cap;
	int unshare_flags; /* the last unshare()'s */
	/* The PID namespace's init (pidns.c): getpid()'s answer (0: the
	 * real one); how many children waitpid() reports alive (0:
	 * ECHILD); whether SIGHUP ends them (else only SIGKILL does);
	 * pidfd_open answers a readable fd (the shell has ended) unless
	 * |no_pidfd| (ENOSYS: kill(shell, 0) says ESRCH). Every kill() is
	 * logged as "kill(pid,sig)". */
	pid_t pid;
	int children;
	bool hup_ends, no_pidfd;
	int nkill;
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

	struct stat st;

	if (fake.add_rule_err)
		return fake_ret(-fake.add_rule_err);
	/* As the kernel: rights beyond a file's on a non-folder are EINVAL
	 * (the backend must then ask the inode and retry). */
	if (fstat(pb->parent_fd, &st) == 0 && !S_ISDIR(st.st_mode) &&
	    (pb->allowed_access & ~ll_file_rights()))
		return fake_ret(-EINVAL);
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
	fake.restrict_flags = flags;
	fake_log("restrict");
	return fake_ret(mock_type(int));
}

/* Root as the kernel starts it: every capability of a 41-capability
 * kernel in each set and the bounding set. */
static __attribute__((unused)) void fake_root(void)
{
	uint64_t all = (1ULL << 41) - 1;

	fake.caps = (struct be_capsets){all, all, 0};
	fake.bnd = all;
}

static int fake_cap_last_cap(void)
{
	return fake.last_cap ? fake.last_cap : 40;
}

static int fake_prctl(int op, unsigned long a2, unsigned long a3,
		      unsigned long a4, unsigned long a5)
{
	bool setpcap = (fake.caps.eff >> CAP_SETPCAP) & 1;

	fake_log("prctl(%d)", op);
	switch (op) {
	case PR_CAPBSET_DROP:
		if (!setpcap)
			return fake_ret(-EPERM);
		if (fake.stuck_bnd != (int)a2 + 1)
			fake.bnd &= ~(1ULL << a2);
		return 0;
	case PR_CAPBSET_READ:
		if ((int)a2 > fake_cap_last_cap())
			return fake_ret(-EINVAL);
		return (int)((fake.bnd >> a2) & 1);
	case PR_SET_SECUREBITS:
		if (!setpcap)
			return fake_ret(-EPERM);
		fake.secbits = (long)a2;
		return 0;
	case PR_GET_SECUREBITS:
		return (int)fake.secbits;
	case PR_SET_NO_NEW_PRIVS:
		fake.nnp = true;
		return 0;
	case PR_GET_NO_NEW_PRIVS:
		return fake.nnp;
	}
	return 0;
}

static int fake_capget(struct be_capsets *out)
{
	fake_log("capget");
	*out = fake.caps;
	return 0;
}

static int fake_capset(const struct be_capsets *in)
{
	fake_log("capset");
	/* As the kernel: no set may grow. */
	if ((in->prm & ~fake.caps.prm) || (in->eff & ~in->prm))
		return fake_ret(-EPERM);
	fake.caps = *in;
	fake.caps.prm |= fake.stuck_prm;
	return 0;
}

static int fake_unshare(int flags)
{
	fake.unshare_flags = flags;
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
	for (int i = 0; i < fake.open_trees; i++)
		if (fake.tree_fd[i] == fd) {
			fake.tree_fd[i] = fake.tree_fd[--fake.open_trees];
			break;
		}
	return close(fd);
}

static int fake_seccomp_filter(const struct sock_fprog *prog)
{
	fake_log("seccomp_filter");
	fake.seccomp_insns = prog->filter;
	fake.seccomp_len = prog->len;
	return fake.seccomp_err ? fake_ret(-fake.seccomp_err) : 0;
}

static int fake_api(int err)
{
	return fake_ret(!fake.mount_api ? -ENOSYS : err ? -err : 0);
}

static int fake_open_tree(int dfd, const char *path, unsigned flags)
{
	char at[PATH_MAX] = "";
	int r;

	/* An fd-relative copy (AT_EMPTY_PATH) is logged by the folder the
	 * fd names, so tests see which root was copied. */
	if (dfd >= 0 && !*path) {
		SBX_AUTOFREE char *l = xasprintf("/proc/self/fd/%d", dfd);
		ssize_t k = readlink(l, at, sizeof(at) - 1);

		at[k > 0 ? k : 0] = '\0';
		path = at;
	}
	strv_take(&fake.mounts, xasprintf("@open_tree %s|%#x", path, flags));
	fake_log("open_tree(%s)", path);
	r = fake_api(fake.open_tree_err);
	if (r < 0)
		return r;
	r = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (fake.open_trees < 64)
		fake.tree_fd[fake.open_trees++] = r;
	return r;
}

static int fake_move_mount(int from_dfd, const char *from, int to_dfd,
			   const char *to, unsigned flags)
{
	char at[PATH_MAX] = "";

	if (to_dfd >= 0 && !*to) { /* T_EMPTY_PATH: the folder the fd names */
		SBX_AUTOFREE char *l = xasprintf("/proc/self/fd/%d", to_dfd);
		ssize_t k = readlink(l, at, sizeof(at) - 1);

		at[k > 0 ? k : 0] = '\0';
		to = at;
	}
	strv_take(&fake.mounts, xasprintf("@move %s|%#x", to, flags));
	fake_log("move_mount(%s)", to);
	return fake_api(fake.move_err);
}

static int fake_mount_setattr(int dfd, const char *path, unsigned flags,
			      const void *attr, size_t size)
{
	const struct sbx_mount_attr *a = attr;

	strv_take(&fake.mounts,
		  xasprintf("@setattr %s|%#x|%#llx|%#llx", path, flags,
			    (unsigned long long)a->attr_set,
			    (unsigned long long)a->attr_clr));
	fake_log("mount_setattr(%s)", path);
	return fake_api(fake.setattr_err);
}

static pid_t fake_getpid(void)
{
	return fake.pid ? fake.pid : getpid();
}

static int fake_kill(pid_t pid, int sig)
{
	fake_log("kill(%d,%d)", (int)pid, sig);
	fake.nkill++;
	if (pid == -1 && (sig == SIGKILL || (sig == SIGHUP && fake.hup_ends)))
		fake.children = 0;
	if (pid > 0 && sig == 0)
		return fake_ret(-ESRCH); /* the shell has ended */
	return 0;
}

static pid_t fake_waitpid(pid_t pid, int *status, int options)
{
	(void)pid;
	(void)status;
	if (fake.children <= 0)
		return fake_ret(-ECHILD);
	if (options & WNOHANG)
		return 0;
	return 100 + --fake.children; /* one reaped */
}

static int fake_pidfd_open(pid_t pid, unsigned flags)
{
	int p[2];

	(void)pid;
	(void)flags;
	fake_log("pidfd_open");
	if (fake.no_pidfd || pipe2(p, O_CLOEXEC) < 0)
		return fake_ret(-ENOSYS);
	/* readable at once: the shell has ended */
	if (write(p[1], "x", 1) != 1) {
		/* then ppoll waits; the test would hang and fail */
	}
	close(p[1]);
	return p[0];
}

static long fake_clone3(void *args, size_t size)
{
	(void)args;
	(void)size;
	fake_log("clone3");
	return fake_ret(-ENOSYS);
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
    .seccomp_filter = fake_seccomp_filter,
    .capget = fake_capget,
    .capset = fake_capset,
    .cap_last_cap = fake_cap_last_cap,
    .open_tree = fake_open_tree,
    .move_mount = fake_move_mount,
    .mount_setattr = fake_mount_setattr,
    .getpid = fake_getpid,
    .kill = fake_kill,
    .waitpid = fake_waitpid,
    .pidfd_open = fake_pidfd_open,
    .clone3 = fake_clone3,
};

/* The fake kernel's opening for a landlock session, as most tests of
 * test_landlock.c want it: the probe answers ABI |abi|, the ruleset is
 * made, unshare() answers |unshare| (0: the mount layer; -errno: none)
 * and landlock_restrict_self() |restrict_err| (0 or -errno). */
static __attribute__((unused)) void fake_landlock_session(int abi, int unshare,
							  int restrict_err)
{
	will_return(fake_create_ruleset, abi);
	will_return(fake_create_ruleset, 0);
	will_return(fake_unshare, unshare);
	will_return(fake_restrict_self, restrict_err);
}

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

/* Index of the first entry of fake.mounts that starts with |prefix|
 * ("@move /ws|"), or -1. */
static __attribute__((unused)) int fake_call(const char *prefix)
{
	for (size_t i = 0; i < fake.mounts.n; i++)
		if (strncmp(fake.mounts.v[i], prefix, strlen(prefix)) == 0)
			return (int)i;
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

static __attribute__((unused)) void notes_free(struct be_notes *n)
{
	strv_free(&n->keys);
	strv_free(&n->vals);
}

#endif
