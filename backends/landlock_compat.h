/* backends/landlock_compat.h — the one compat header for Landlock.
 *
 * Debian 12 ships the 6.1 UAPI <linux/landlock.h>: ABI 1-2 only (no
 * TRUNCATE, no network, no IOCTL_DEV, no scopes, a one-field ruleset
 * attribute). Newer kernels (and newer header sets) have all of it. Every
 * constant below is guarded with #ifndef so that this file compiles against
 * both; structs and enum values, which cannot be tested with #ifndef, get
 * our own LL_ names instead of redefining the kernel's.
 *
 * Checked by tests/integration/landlock_compat_headers.sh, which compiles
 * this header and the backends twice with a linux/landlock.h placed first
 * on the include path (shadowing /usr/include):
 *   1. the 6.1 UAPI content Debian 12's linux-libc-dev installs (ABI 1-2,
 *      one-field ruleset attribute), so that every guard here fires;
 *   2. a full ABI-7 header, so that none of them conflicts;
 * and static-asserts the values and struct sizes against the kernel's.
 */
#ifndef SBX_LANDLOCK_COMPAT_H
#define SBX_LANDLOCK_COMPAT_H

#include <linux/landlock.h>
#include <linux/types.h>
#include <stdint.h>
#include <sys/syscall.h>

/* Syscall numbers: the same on every architecture (asm-generic table). */
#ifndef __NR_landlock_create_ruleset
#define __NR_landlock_create_ruleset 444
#endif
#ifndef __NR_landlock_add_rule
#define __NR_landlock_add_rule 445
#endif
#ifndef __NR_landlock_restrict_self
#define __NR_landlock_restrict_self 446
#endif

/* clang-format off */
#ifndef LANDLOCK_CREATE_RULESET_VERSION
#define LANDLOCK_CREATE_RULESET_VERSION		(1U << 0)
#endif

/* ABI 1 */
#ifndef LANDLOCK_ACCESS_FS_EXECUTE
#define LANDLOCK_ACCESS_FS_EXECUTE		(1ULL << 0)
#define LANDLOCK_ACCESS_FS_WRITE_FILE		(1ULL << 1)
#define LANDLOCK_ACCESS_FS_READ_FILE		(1ULL << 2)
#define LANDLOCK_ACCESS_FS_READ_DIR		(1ULL << 3)
#define LANDLOCK_ACCESS_FS_REMOVE_DIR		(1ULL << 4)
#define LANDLOCK_ACCESS_FS_REMOVE_FILE		(1ULL << 5)
#define LANDLOCK_ACCESS_FS_MAKE_CHAR		(1ULL << 6)
#define LANDLOCK_ACCESS_FS_MAKE_DIR		(1ULL << 7)
#define LANDLOCK_ACCESS_FS_MAKE_REG		(1ULL << 8)
#define LANDLOCK_ACCESS_FS_MAKE_SOCK		(1ULL << 9)
#define LANDLOCK_ACCESS_FS_MAKE_FIFO		(1ULL << 10)
#define LANDLOCK_ACCESS_FS_MAKE_BLOCK		(1ULL << 11)
#define LANDLOCK_ACCESS_FS_MAKE_SYM		(1ULL << 12)
#endif
/* ABI 2 */
#ifndef LANDLOCK_ACCESS_FS_REFER
#define LANDLOCK_ACCESS_FS_REFER		(1ULL << 13)
#endif
/* ABI 3 */
#ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#define LANDLOCK_ACCESS_FS_TRUNCATE		(1ULL << 14)
#endif
/* ABI 4 */
#ifndef LANDLOCK_ACCESS_NET_BIND_TCP
#define LANDLOCK_ACCESS_NET_BIND_TCP		(1ULL << 0)
#endif
#ifndef LANDLOCK_ACCESS_NET_CONNECT_TCP
#define LANDLOCK_ACCESS_NET_CONNECT_TCP		(1ULL << 1)
#endif
/* ABI 5 */
#ifndef LANDLOCK_ACCESS_FS_IOCTL_DEV
#define LANDLOCK_ACCESS_FS_IOCTL_DEV		(1ULL << 15)
#endif
/* ABI 6 */
#ifndef LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET
#define LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET	(1ULL << 0)
#endif
#ifndef LANDLOCK_SCOPE_SIGNAL
#define LANDLOCK_SCOPE_SIGNAL			(1ULL << 1)
#endif
/* ABI 7: audit logging flags for landlock_restrict_self(). sbxsh passes
 * LOG_NEW_EXEC_ON | LOG_SUBDOMAINS_OFF where its supervisor reads the
 * records (backends/audit_sup.c, ll_rules_restrict()), none otherwise. */
#ifndef LANDLOCK_RESTRICT_SELF_LOG_SAME_EXEC_OFF
#define LANDLOCK_RESTRICT_SELF_LOG_SAME_EXEC_OFF	(1U << 0)
#endif
#ifndef LANDLOCK_RESTRICT_SELF_LOG_NEW_EXEC_ON
#define LANDLOCK_RESTRICT_SELF_LOG_NEW_EXEC_ON		(1U << 1)
#endif
#ifndef LANDLOCK_RESTRICT_SELF_LOG_SUBDOMAINS_OFF
#define LANDLOCK_RESTRICT_SELF_LOG_SUBDOMAINS_OFF	(1U << 2)
#endif

/* ABI 8 (Linux 7.0): landlock_restrict_self() for every thread of the
 * process, not only the caller. The shell confines itself with one
 * thread, but a library that started one would otherwise leave it free. */
#ifndef LANDLOCK_RESTRICT_SELF_TSYNC
#define LANDLOCK_RESTRICT_SELF_TSYNC			(1U << 3)
#endif
/* ABI 9 (Linux 7.1): connect()/sendmsg() to a pathname unix socket. */
#ifndef LANDLOCK_ACCESS_FS_RESOLVE_UNIX
#define LANDLOCK_ACCESS_FS_RESOLVE_UNIX		(1ULL << 16)
#endif

/* enum landlock_rule_type values (an enum: not testable with #ifndef). */
#define LL_RULE_PATH_BENEATH	1
#define LL_RULE_NET_PORT	2
/* clang-format on */

/*
 * The ABI-6 layout of struct landlock_ruleset_attr under our own name:
 * Debian 12's struct has only handled_access_fs. The kernel reads it with
 * copy_struct_from_user(), so we pass the size the probed ABI knows
 * (ll_attr_size()): a kernel older than the struct would refuse a bigger
 * size with E2BIG only if the extra fields were non-zero, but we never
 * rely on that.
 */
struct ll_ruleset_attr {
	uint64_t handled_access_fs;
	uint64_t handled_access_net; /* ABI 4 */
	uint64_t scoped;	     /* ABI 6 */
};

/* struct landlock_path_beneath_attr is in every header (ABI 1); ours is
 * identical and packed like the kernel's. */
struct ll_path_beneath_attr {
	__u64 allowed_access;
	__s32 parent_fd;
} __attribute__((packed));

/* struct landlock_net_port_attr (ABI 4). sbxsh adds no port rules (with
 * --no-network every TCP bind/connect is denied), kept for completeness. */
struct ll_net_port_attr {
	__u64 allowed_access;
	__u64 port;
};

#endif
