/* backends/be_sys.h — the kernel as the backends see it (sysops.c):
 * struct sys_ops, through which every confining syscall goes, so the
 * unit tests can swap in a fake (tests/unit/fake_sys.h), and the new
 * mount API's constants for headers that predate it.
 */
#ifndef SBX_BE_SYS_H
#define SBX_BE_SYS_H

#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <sys/types.h>

struct sock_fprog;

/* A process's effective, permitted and inheritable capability sets. */
struct be_capsets {
	uint64_t eff, prm, inh;
};

/*
 * The kernel, as the backends see it. Every member follows the libc
 * convention (-1 and errno). Tests install a fake with be_set_sys_ops().
 */
struct sys_ops {
	int (*landlock_create_ruleset)(const void *attr, size_t size,
				       uint32_t flags);
	int (*landlock_add_rule)(int fd, int type, const void *attr,
				 uint32_t flags);
	int (*landlock_restrict_self)(int fd, uint32_t flags);
	int (*prctl)(int op, unsigned long a2, unsigned long a3,
		     unsigned long a4, unsigned long a5);
	int (*unshare)(int flags);
	int (*mount)(const char *src, const char *tgt, const char *type,
		     unsigned long flags, const void *data);
	int (*open)(const char *path, int flags, mode_t mode);
	ssize_t (*write)(int fd, const void *buf, size_t n);
	int (*close)(int fd);
	/* seccomp(SECCOMP_SET_MODE_FILTER, 0, prog) */
	int (*seccomp_filter)(const struct sock_fprog *prog);
	/* capget(2)/capset(2) of the calling process, the three sets as
	 * 64-bit masks (_LINUX_CAPABILITY_VERSION_3). */
	int (*capget)(struct be_capsets *out);
	int (*capset)(const struct be_capsets *in);
	/* The highest capability this kernel knows
	 * (/proc/sys/kernel/cap_last_cap, else probed with
	 * PR_CAPBSET_READ); -1 if neither answers. */
	int (*cap_last_cap)(void);
	/* The new mount API (Linux >= 5.2; mount_setattr >= 5.12): ENOSYS
	 * on older kernels. |attr| is a struct sbx_mount_attr. */
	int (*open_tree)(int dfd, const char *path, unsigned flags);
	int (*move_mount)(int from_dfd, const char *from, int to_dfd,
			  const char *to, unsigned flags);
	int (*mount_setattr)(int dfd, const char *path, unsigned flags,
			     const void *attr, size_t size);
	/* The PID namespace's processes (pidns.c): its init signals
	 * kill(-1, ...), which outside a namespace is every process the
	 * caller may signal, so a test must be able to fake all of it. */
	pid_t (*getpid)(void);
	int (*kill)(pid_t pid, int sig);
	pid_t (*waitpid)(pid_t pid, int *status, int options);
	int (*pidfd_open)(pid_t pid, unsigned flags);
	/* clone3(2) with |args| of |size| bytes: fork()'s semantics. */
	long (*clone3)(void *args, size_t size);
};

extern const struct sys_ops be_sys_real;
extern const struct sys_ops *be_sys;
/* Installs |ops| (NULL: the real kernel); returns the previous table. */
const struct sys_ops *be_set_sys_ops(const struct sys_ops *ops);

/*
 * The new mount API's constants, for C libraries and kernel headers that
 * predate it (glibc < 2.36 has none; Linux < 5.12 headers lack
 * mount_setattr). Each is guarded, so newer headers win; the struct gets
 * our own name (a struct cannot be tested with #ifndef). Syscall numbers
 * are the asm-generic ones every architecture shares since 5.1. Checked
 * by tests/integration/mount_compat_headers.sh against a pre-2.36
 * <sys/mount.h>.
 */
/* clang-format off */
#ifndef __NR_open_tree
#define __NR_open_tree		428
#endif
#ifndef __NR_move_mount
#define __NR_move_mount		429
#endif
#ifndef __NR_mount_setattr
#define __NR_mount_setattr	442
#endif
#ifndef OPEN_TREE_CLONE
#define OPEN_TREE_CLONE		1
#endif
#ifndef OPEN_TREE_CLOEXEC
#define OPEN_TREE_CLOEXEC	O_CLOEXEC
#endif
#ifndef AT_RECURSIVE
#define AT_RECURSIVE		0x8000
#endif
#ifndef MOVE_MOUNT_F_EMPTY_PATH
#define MOVE_MOUNT_F_EMPTY_PATH	0x00000004
#endif
#ifndef MOVE_MOUNT_T_SYMLINKS
#define MOVE_MOUNT_T_SYMLINKS	0x00000010
#endif
#ifndef MOVE_MOUNT_T_EMPTY_PATH
#define MOVE_MOUNT_T_EMPTY_PATH	0x00000040
#endif
#ifndef MOUNT_ATTR_RDONLY
#define MOUNT_ATTR_RDONLY	0x00000001
#endif
#ifndef MOUNT_ATTR_NODEV
#define MOUNT_ATTR_NODEV	0x00000004
#endif
/* clang-format on */
struct sbx_mount_attr { /* struct mount_attr, MOUNT_ATTR_SIZE_VER0 */
	uint64_t attr_set, attr_clr, propagation, userns_fd;
};

#endif
