#!/bin/bash
# The new mount API's constants in backends/be_sys.h must build with C
# libraries and kernel headers that predate it (glibc < 2.36: no
# open_tree/mount_setattr constants in <sys/mount.h>, no AT_RECURSIVE;
# Linux < 5.12 headers: no __NR_mount_setattr) and with today's, without a
# redefinition, and give the kernel's values. Shadow headers put first on
# the include path stand in for the old ones. TAP; 77 without a compiler.
set -u
SRC=${SBXSH_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
CC=${CC:-cc}
. "$SRC/tests/integration/lib/strict.bash"
command -v "$CC" >/dev/null || skip_all_for cc "no C compiler"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/old/sys"

# glibc 2.31's <sys/mount.h>, reduced to what the backends use.
cat >"$T/old/sys/mount.h" <<'H'
#ifndef _SYS_MOUNT_H
#define _SYS_MOUNT_H 1
#define MS_RDONLY 1
#define MS_NOSUID 2
#define MS_NODEV 4
#define MS_NOEXEC 8
#define MS_REMOUNT 32
#define MS_NOATIME 1024
#define MS_NODIRATIME 2048
#define MS_BIND 4096
#define MS_REC 16384
#define MS_PRIVATE (1 << 18)
#define MS_RELATIME (1 << 21)
#define MS_STRICTATIME (1 << 24)
extern int mount(const char *, const char *, const char *, unsigned long,
		 const void *);
#endif
H
# Today's <sys/syscall.h> and <fcntl.h> minus what older ones lack.
# (Guarded like the real ones: a second #include must not undo what
# be_sys.h defined after the first.)
cat >"$T/old/sys/syscall.h" <<'H'
#ifndef OLD_SYSCALL_H
#define OLD_SYSCALL_H
#include_next <sys/syscall.h>
#undef __NR_open_tree
#undef __NR_move_mount
#undef __NR_mount_setattr
#endif
H
cat >"$T/old/fcntl.h" <<'H'
#ifndef OLD_FCNTL_H
#define OLD_FCNTL_H
#include_next <fcntl.h>
#undef AT_RECURSIVE
#endif
H

# The values, from the kernel's own headers on this machine.
cat >"$T/want.c" <<'C'
#include <linux/fcntl.h>
#include <linux/mount.h>
#include <stdio.h>
#include <sys/syscall.h>
int main(void)
{
	printf("-DW_OT=%d -DW_MM=%d -DW_MS=%d -DW_REC=%d -DW_CLONE=%d "
	       "-DW_EMPTY=%d -DW_TSYM=%d -DW_RO=%d -DW_NODEV=%d -DW_SIZE=%d\n",
	       __NR_open_tree, __NR_move_mount, __NR_mount_setattr,
	       AT_RECURSIVE, OPEN_TREE_CLONE, MOVE_MOUNT_F_EMPTY_PATH,
	       MOVE_MOUNT_T_SYMLINKS, MOUNT_ATTR_RDONLY, MOUNT_ATTR_NODEV,
	       MOUNT_ATTR_SIZE_VER0);
	return 0;
}
C
cat >"$T/check.c" <<'C'
#include "be_sys.h"
_Static_assert(__NR_open_tree == W_OT, "open_tree");
_Static_assert(__NR_move_mount == W_MM, "move_mount");
_Static_assert(__NR_mount_setattr == W_MS, "mount_setattr");
_Static_assert(AT_RECURSIVE == W_REC, "AT_RECURSIVE");
_Static_assert(OPEN_TREE_CLONE == W_CLONE, "OPEN_TREE_CLONE");
_Static_assert(OPEN_TREE_CLOEXEC == O_CLOEXEC, "OPEN_TREE_CLOEXEC");
_Static_assert(MOVE_MOUNT_F_EMPTY_PATH == W_EMPTY, "F_EMPTY_PATH");
_Static_assert(MOVE_MOUNT_T_SYMLINKS == W_TSYM, "T_SYMLINKS");
_Static_assert(MOUNT_ATTR_RDONLY == W_RO, "MOUNT_ATTR_RDONLY");
_Static_assert(MOUNT_ATTR_NODEV == W_NODEV, "MOUNT_ATTR_NODEV");
_Static_assert(sizeof(struct sbx_mount_attr) == W_SIZE, "mount_attr");
C

n=0 fails=0
t() {
	local d=$1; shift
	n=$((n + 1))
	if out=$("$@" 2>&1); then
		echo "ok $n - $d"
	else
		fails=$((fails + 1)); echo "not ok $n - $d"
		printf '%s\n' "$out" | sed 's/^/#   /' | head -20
	fi
}
if ! "$CC" -o "$T/want" "$T/want.c" 2>/dev/null; then
	skip_all_for kernel-headers "the kernel headers here lack the new mount API"
fi
WANT=$("$T/want")
INC=(-I"$SRC/backends" -I"$SRC/core")
FLAGS=(-std=gnu17 -D_GNU_SOURCE -Wall -Wextra -Wno-unused-parameter -Werror
	-fsyntax-only)
for hdrs in old today; do
	pre=()
	[ "$hdrs" = old ] && pre=(-I"$T/old")
	# shellcheck disable=SC2086
	t "$hdrs headers: the values are the kernel's" \
		"$CC" "${FLAGS[@]}" "${pre[@]}" "${INC[@]}" $WANT "$T/check.c"
	for f in mounts.c sysops.c; do
		t "$hdrs headers: backends/$f compiles" \
			"$CC" "${FLAGS[@]}" "${pre[@]}" "${INC[@]}" "$SRC/backends/$f"
	done
done
echo "1..$n"
[ "$fails" = 0 ]
