/* tests/kernel/sc_nrs.h — the system calls sbxsh's seccomp filter refuses,
 * with their numbers on x86_64 and on i386, written out from the kernel's
 * own tables (arch/x86/entry/syscalls/syscall_64.tbl and syscall_32.tbl,
 * Linux 6.18) rather than asked of libseccomp: the tests must not take
 * their expectations from the compiler they test. Shared by
 * tests/unit/test_seccomp.c (the BPF sweep, the filter against the kernel)
 * and tests/kernel/sc_probe.c (the calls made inside real sessions), with
 * the way both make an i386 call from a 64-bit process.
 *
 * X(name, x86_64, i386, kind), -1 where the ABI has no such call:
 *   MOUNT   the mount family, refused whole with EPERM
 *   WHOLE   refused whole with EPERM
 *   ARGS    refused with EPERM for some arguments only (the tests say which)
 *   NOSYS   refused whole with ENOSYS
 *   NOIPC   SysV IPC: refused whole with EPERM by the programs of a session
 *           without a private IPC namespace (sc_bpf_*_noipc), allowed by
 *           the others
 */
#ifndef SC_NRS_H
#define SC_NRS_H

/* The highest number the filter was built to know, per ABI (file_setattr,
 * Linux 6.17). A filter that lets 470 through, or refuses 469, fails the
 * sweep until this and the review in backends/seccomp.c move together. */
#define SC_NRS_MAX_X86_64 469
#define SC_NRS_MAX_I386 469

/* clang-format off */
#define SC_NRS(X)                                                        \
	X(mount, 165, 21, MOUNT)                                         \
	X(umount, -1, 22, MOUNT)                                         \
	X(umount2, 166, 52, MOUNT)                                       \
	X(pivot_root, 155, 217, MOUNT)                                   \
	X(chroot, 161, 61, MOUNT)                                        \
	X(open_tree, 428, 428, MOUNT)                                    \
	X(move_mount, 429, 429, MOUNT)                                   \
	X(fsopen, 430, 430, MOUNT)                                       \
	X(fsconfig, 431, 431, MOUNT)                                     \
	X(fsmount, 432, 432, MOUNT)                                      \
	X(fspick, 433, 433, MOUNT)                                       \
	X(mount_setattr, 442, 442, MOUNT)                                \
	X(open_tree_attr, 467, 467, MOUNT)                               \
	X(ptrace, 101, 26, WHOLE)                                        \
	X(process_vm_readv, 310, 347, WHOLE)                             \
	X(process_vm_writev, 311, 348, WHOLE)                            \
	X(pidfd_getfd, 438, 438, WHOLE)                                  \
	X(kcmp, 312, 349, WHOLE)                                         \
	X(init_module, 175, 128, WHOLE)                                  \
	X(finit_module, 313, 350, WHOLE)                                 \
	X(delete_module, 176, 129, WHOLE)                                \
	X(kexec_load, 246, 283, WHOLE)                                   \
	X(kexec_file_load, 320, -1, WHOLE)                               \
	X(bpf, 321, 357, WHOLE)                                          \
	X(perf_event_open, 298, 336, WHOLE)                              \
	X(syslog, 103, 103, WHOLE)                                       \
	X(memfd_secret, 447, 447, WHOLE)                                 \
	X(keyctl, 250, 288, WHOLE)                                       \
	X(add_key, 248, 286, WHOLE)                                      \
	X(request_key, 249, 287, WHOLE)                                  \
	X(userfaultfd, 323, 374, WHOLE)                                  \
	X(unshare, 272, 310, WHOLE)                                      \
	X(setns, 308, 346, WHOLE)                                        \
	X(io_uring_setup, 425, 425, WHOLE)                               \
	X(io_uring_enter, 426, 426, WHOLE)                               \
	X(io_uring_register, 427, 427, WHOLE)                            \
	X(open_by_handle_at, 304, 342, WHOLE)                            \
	X(name_to_handle_at, 303, 341, WHOLE)                            \
	X(fanotify_init, 300, 338, WHOLE)                                \
	X(reboot, 169, 88, WHOLE)                                        \
	X(swapon, 167, 87, WHOLE)                                        \
	X(swapoff, 168, 115, WHOLE)                                      \
	X(acct, 163, 51, WHOLE)                                          \
	X(sethostname, 170, 74, WHOLE)                                   \
	X(setdomainname, 171, 121, WHOLE)                                \
	X(settimeofday, 164, 79, WHOLE)                                  \
	X(stime, -1, 25, WHOLE)                                          \
	X(clock_settime, 227, 264, WHOLE)                                \
	X(clock_settime64, -1, 404, WHOLE)                               \
	X(clock_adjtime, 305, 343, WHOLE)                                \
	X(clock_adjtime64, -1, 405, WHOLE)                               \
	X(adjtimex, 159, 124, WHOLE)                                     \
	X(iopl, 172, 110, WHOLE)                                         \
	X(ioperm, 173, 101, WHOLE)                                       \
	X(quotactl, 179, 131, WHOLE)                                     \
	X(quotactl_fd, 443, 443, WHOLE)                                  \
	X(lsm_set_self_attr, 460, 460, WHOLE)                            \
	X(clone3, 435, 435, NOSYS)                                       \
	X(ioctl, 16, 54, ARGS)                                           \
	X(personality, 135, 136, ARGS)                                   \
	X(clone, 56, 120, ARGS)                                          \
	X(mknod, 133, 14, ARGS)                                          \
	X(mknodat, 259, 297, ARGS)                                       \
	X(socket, 41, 359, ARGS)                                         \
	X(socketpair, 53, 360, ARGS)                                     \
	X(socketcall, -1, 102, ARGS)                                     \
	X(shmget, 29, 395, NOIPC)                                        \
	X(shmat, 30, 397, NOIPC)                                         \
	X(shmdt, 67, 398, NOIPC)                                         \
	X(shmctl, 31, 396, NOIPC)                                        \
	X(msgget, 68, 399, NOIPC)                                        \
	X(msgsnd, 69, 400, NOIPC)                                        \
	X(msgrcv, 70, 401, NOIPC)                                        \
	X(msgctl, 71, 402, NOIPC)                                        \
	X(semget, 64, 393, NOIPC)                                        \
	X(semop, 65, -1, NOIPC)                                          \
	X(semtimedop, 220, -1, NOIPC)                                    \
	X(semtimedop_time64, -1, 420, NOIPC)                             \
	X(semctl, 66, 394, NOIPC)                                        \
	X(ipc, -1, 117, NOIPC)
/* clang-format on */

/* Numbers the kernel has no call for, up to the maximum: the filter says
 * ENOSYS, as the kernel would. {lo, hi} pairs. */
#define SC_NRS_HOLES_X86_64                                                    \
	{                                                                      \
		337, 423                                                       \
	}
#define SC_NRS_HOLES_I386                                                      \
	{222, 223}, {251, 251}, {285, 285}, {387, 392},                        \
	{                                                                      \
		415, 415                                                       \
	}

#if defined(__x86_64__)
#include <stdint.h>

/* An i386 syscall from this 64-bit process (int $0x80, arguments in
 * ebx, ecx, edx, esi, edi, ebp): -errno or the result. The red zone is
 * stepped over before ebp takes the sixth argument; the kernel may clear
 * r8-r11. Pointers must be below 4 GiB (MAP_32BIT). */
static inline long sc_call_i386(uint32_t nr, const uint64_t a[6])
{
	register uint64_t a5 __asm__("r9") = a[5];
	long r;

	__asm__ volatile("sub $128, %%rsp\n\t"
			 "push %%rbp\n\t"
			 "mov %%r9, %%rbp\n\t"
			 "int $0x80\n\t"
			 "pop %%rbp\n\t"
			 "add $128, %%rsp"
			 : "=a"(r), "+r"(a5)
			 : "a"((long)nr), "b"(a[0]), "c"(a[1]), "d"(a[2]),
			   "S"(a[3]), "D"(a[4])
			 : "memory", "cc", "r8", "r10", "r11");
	return (int)r;
}

#include <stdbool.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* Whether this kernel runs i386 calls from a 64-bit process at all. Where
 * IA32 emulation is off (CONFIG_IA32_EMULATION=n, or ia32_emulation=0 on
 * the command line) `int $0x80` is not ENOSYS but a general protection
 * fault: SIGSEGV for the caller. So the first i386 call is made in a
 * child, whose death answers "no"; only then may the caller make its own.
 * Asked once per process. */
static inline bool sc_have_i386(void)
{
	static int known = -1;
	static const uint64_t none[6] = {0};
	int st;
	pid_t pid;

	if (known >= 0)
		return known;
	pid = fork();
	if (pid < 0)
		return false;
	if (pid == 0)
		_exit(sc_call_i386(20, none) == getpid() ? 0 : 1); /* getpid */
	if (waitpid(pid, &st, 0) != pid)
		return false;
	known = WIFEXITED(st) && WEXITSTATUS(st) == 0;
	return known;
}
#endif

#endif
