#!/bin/bash
# backends/landlock_compat.h must build against Debian 12's UAPI header
# (Linux 6.1: Landlock ABI 1-2 only, a one-field struct
# landlock_ruleset_attr) and against a full ABI-7 header, without a
# redefinition. Both headers are written here and put first on the include
# path, shadowing /usr/include/linux/landlock.h. TAP; 77 without a compiler.
set -u
SRC=${SBXSH_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
CC=${CC:-cc}
. "$SRC/tests/integration/lib/strict.bash"
command -v "$CC" >/dev/null || skip_all_for cc "no C compiler"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/deb12/linux" "$T/abi7/linux"

# Definitions of Linux 6.1's include/uapi/linux/landlock.h (what
# linux-libc-dev 6.1 in Debian 12 installs), comments left out.
cat >"$T/deb12/linux/landlock.h" <<'H'
#ifndef _LINUX_LANDLOCK_H
#define _LINUX_LANDLOCK_H
#include <linux/types.h>
struct landlock_ruleset_attr {
	__u64 handled_access_fs;
};
#define LANDLOCK_CREATE_RULESET_VERSION			(1U << 0)
enum landlock_rule_type {
	LANDLOCK_RULE_PATH_BENEATH = 1,
};
struct landlock_path_beneath_attr {
	__u64 allowed_access;
	__s32 parent_fd;
} __attribute__((packed));
#define LANDLOCK_ACCESS_FS_EXECUTE			(1ULL << 0)
#define LANDLOCK_ACCESS_FS_WRITE_FILE			(1ULL << 1)
#define LANDLOCK_ACCESS_FS_READ_FILE			(1ULL << 2)
#define LANDLOCK_ACCESS_FS_READ_DIR			(1ULL << 3)
#define LANDLOCK_ACCESS_FS_REMOVE_DIR			(1ULL << 4)
#define LANDLOCK_ACCESS_FS_REMOVE_FILE			(1ULL << 5)
#define LANDLOCK_ACCESS_FS_MAKE_CHAR			(1ULL << 6)
#define LANDLOCK_ACCESS_FS_MAKE_DIR			(1ULL << 7)
#define LANDLOCK_ACCESS_FS_MAKE_REG			(1ULL << 8)
#define LANDLOCK_ACCESS_FS_MAKE_SOCK			(1ULL << 9)
#define LANDLOCK_ACCESS_FS_MAKE_FIFO			(1ULL << 10)
#define LANDLOCK_ACCESS_FS_MAKE_BLOCK			(1ULL << 11)
#define LANDLOCK_ACCESS_FS_MAKE_SYM			(1ULL << 12)
#define LANDLOCK_ACCESS_FS_REFER			(1ULL << 13)
#endif
H

# The same header at ABI 7 (Linux 6.15), definitions only.
sed -e 's/^	__u64 handled_access_fs;$/	__u64 handled_access_fs; __u64 handled_access_net; __u64 scoped;/' \
    -e 's/^	LANDLOCK_RULE_PATH_BENEATH = 1,$/	LANDLOCK_RULE_PATH_BENEATH = 1, LANDLOCK_RULE_NET_PORT,/' \
    -e '/^#endif$/d' "$T/deb12/linux/landlock.h" >"$T/abi7/linux/landlock.h"
cat >>"$T/abi7/linux/landlock.h" <<'H'
struct landlock_net_port_attr { __u64 allowed_access; __u64 port; };
#define LANDLOCK_CREATE_RULESET_ERRATA (1U << 1)
#define LANDLOCK_RESTRICT_SELF_LOG_SAME_EXEC_OFF (1U << 0)
#define LANDLOCK_RESTRICT_SELF_LOG_NEW_EXEC_ON (1U << 1)
#define LANDLOCK_RESTRICT_SELF_LOG_SUBDOMAINS_OFF (1U << 2)
#define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14)
#define LANDLOCK_ACCESS_FS_IOCTL_DEV (1ULL << 15)
#define LANDLOCK_ACCESS_NET_BIND_TCP (1ULL << 0)
#define LANDLOCK_ACCESS_NET_CONNECT_TCP (1ULL << 1)
#define LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0)
#define LANDLOCK_SCOPE_SIGNAL (1ULL << 1)
#endif
H

cat >"$T/abi.c" <<'C'
#include "landlock_compat.h"
#include <stddef.h>
/* The kernel's values (include/uapi/linux/landlock.h, Linux 6.15). */
_Static_assert(LANDLOCK_ACCESS_FS_REFER == 1ULL << 13, "refer");
_Static_assert(LANDLOCK_ACCESS_FS_TRUNCATE == 1ULL << 14, "truncate");
_Static_assert(LANDLOCK_ACCESS_FS_IOCTL_DEV == 1ULL << 15, "ioctl_dev");
_Static_assert(LANDLOCK_ACCESS_NET_CONNECT_TCP == 1ULL << 1, "connect");
_Static_assert(LANDLOCK_SCOPE_SIGNAL == 1ULL << 1, "signal");
_Static_assert(sizeof(struct ll_ruleset_attr) == 24, "attr v6 size");
_Static_assert(offsetof(struct ll_ruleset_attr, scoped) == 16, "scoped");
_Static_assert(sizeof(struct ll_path_beneath_attr) ==
	       sizeof(struct landlock_path_beneath_attr), "path_beneath");
_Static_assert(__NR_landlock_create_ruleset == 444, "nr");
_Static_assert(__NR_landlock_restrict_self == 446, "nr");
int abi_ok(void);
int abi_ok(void) { return 1; }
C

n=0 fails=0
for h in deb12 abi7; do
	for f in "$T/abi.c" "$SRC/backends/landlock.c" "$SRC/backends/ll_rules.c" \
		 "$SRC/backends/sysops.c" \
		 "$SRC/backends/mounts.c"; do
		n=$((n + 1))
		if out=$("$CC" -std=gnu17 -D_GNU_SOURCE -Wall -Wextra -Werror \
			-Wno-unused-parameter -I"$T/$h" -I"$SRC/core" \
			-I"$SRC/backends" -c "$f" -o "$T/o.o" 2>&1); then
			echo "ok $n - $(basename "$f") builds with the $h landlock.h"
		else
			fails=$((fails + 1))
			echo "not ok $n - $(basename "$f") builds with the $h landlock.h"
			printf '%s\n' "$out" | sed 's/^/#   /' | head -20
		fi
	done
done
# The shadowing really happened: the ABI-2 header lacks TRUNCATE.
n=$((n + 1))
if "$CC" -E -dM -I"$T/deb12" -include linux/landlock.h -x c /dev/null |
	grep -q LANDLOCK_ACCESS_FS_TRUNCATE; then
	fails=$((fails + 1)); echo "not ok $n - the deb12 header shadows the system one"
else
	echo "ok $n - the deb12 header shadows the system one"
fi
echo "1..$n"
[ "$fails" = 0 ]
