/* backends/seccomp.c — the seccomp filter that accompanies both Linux
 * backends (docs/design.md §5): the rule table, and the loader. Picked once
 * in prepare(), loaded once in apply(), inherited by every job of the
 * session.
 *
 * Default action: allow, for the calls the filter was built to know.
 * Listed calls fail with EPERM, never kill: a killed process tells a
 * person (or an agent) nothing, an EPERM is an error message they can act
 * on. A syscall number above the highest one reviewed (sc_abis[]) fails
 * with ENOSYS, so a call added to a later kernel is refused until it is
 * reviewed.
 *
 * Compiled at build time, loaded raw. sc_rules[] (by name) and sc_abis[]
 * (by number) below are the only statement of the policy. The build turns
 * them into BPF, sc_rules[] with libseccomp:
 * seccomp_gen (seccomp_gen.c, seccomp_gen_main.c) compiles it four times,
 * with and without network, with and without a private IPC namespace,
 * and writes the programs into <build>/gen/seccomp_bpf.c (sc_bpf_net,
 * sc_bpf_nonet, sc_bpf_net_noipc, sc_bpf_nonet_noipc), which is compiled
 * into sbxsh. At run time sc_build() only picks two, and sc_load() hands
 * the one the session's namespaces call for to the
 * kernel with prctl(PR_SET_NO_NEW_PRIVS) and seccomp(2), through be_sys.
 * Why: sbxsh -c true should start as fast as bash -c true, and building the
 * filter with libseccomp at every start cost 0.5 to 0.8 ms (its rule
 * database, then its BPF generation) plus the dynamic linking of
 * libseccomp.so. libseccomp stays the compiler, because it is right where
 * hand-written BPF goes wrong: two ABIs on x86_64, 64-bit compares as two
 * 32-bit halves, per-ABI syscall numbers. The programs use its binary-tree
 * layout (SCMP_FLTATR_CTL_OPTIMIZE 2), which makes the kernel's part of
 * the load cheaper too (seccomp_gen.c). Ahead of its program the
 * generator puts a short prefix of its own for what libseccomp 2.5 cannot
 * compile: sc_abis[] and the low-32-bit compare of SC_ARG0_LO32_NE
 * (seccomp_gen.c). Figures: docs/backends.md.
 *
 * Staleness: CMake regenerates the programs whenever this file or the
 * generator changes, and tests/unit/test_seccomp.c compiles the table with
 * libseccomp again and fails unless the bytes are identical. The generator
 * builds this file with -DSC_RULES_ONLY, the table alone: the loader below
 * needs the programs the generator is about to write.
 *
 * Failure to load is fatal (fail closed): the session does not start. There
 * is no fallback to prctl(PR_SET_SECCOMP) on ENOSYS, as libseccomp had:
 * seccomp(2) is in every kernel since 3.17.
 */
#include <errno.h>
#include <linux/filter.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>

#include "be_seccomp.h"

#ifndef TIOCLINUX
#define TIOCLINUX 0x541C
#endif
#ifndef TIOCSETD
#define TIOCSETD 0x5423
#endif
#ifndef TIOCSCTTY
#define TIOCSCTTY 0x540E
#endif

/* clang-format off */
const struct sc_rule sc_rules[] = {
	/* Terminal injection: TIOCSTI pushes bytes into the terminal's input
	 * queue, which the shell (outside the job) reads next: a sandbox
	 * escape. TIOCLINUX can do the same on a virtual console. The kernel
	 * reads the request as an unsigned int, so only the low 32 bits may
	 * be compared: CVE-2019-10063 (Flatpak) bypassed a 64-bit compare
	 * by setting high bits. */
	{ "ioctl", EPERM, SC_IOCTL_REQ, TIOCSTI, SC_ALWAYS },
	{ "ioctl", EPERM, SC_IOCTL_REQ, TIOCLINUX, SC_ALWAYS },
	/* Taking a terminal: as root, setsid() then ioctl(fd, TIOCSCTTY, 1)
	 * steals the session's controlling terminal from the shell (its
	 * input, its job-control signals). The kernel reads the argument as
	 * an int and only a non-zero one steals, so every argument but an
	 * all-zero one is refused: a high-bit variant (1 | 1 << 32) never
	 * gets through, and 1 << 32 (an int 0) is refused too, the safe
	 * direction. glibc's login_tty() (openpty, forkpty, script, tmux)
	 * passes 0 and works; util-linux's setsid --ctty passes 1 and gets
	 * EPERM. */
	{ "ioctl", EPERM, SC_IOCTL_REQ_ARG, TIOCSCTTY, SC_ALWAYS },
	/* Changing the line discipline: modules loaded on demand with
	 * their own bugs (n_hdlc, CVE-2017-2636), and on the session's own
	 * terminal a discipline that garbles what the shell reads. The same
	 * low-32-bit compare as TIOCSTI. */
	{ "ioctl", EPERM, SC_IOCTL_REQ, TIOCSETD, SC_ALWAYS },
	/* Reading or writing other processes' memory (the shell's, too). */
	{ "ptrace", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "process_vm_readv", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "process_vm_writev", EPERM, SC_ANY, 0, SC_ALWAYS },
	/* The same access, in other shapes: pidfd_getfd() copies a file
	 * descriptor out of another process (a job took the parent shell's
	 * history and run-folder fds through it); kcmp() tells which files
	 * and memory other processes share. Both pass the ptrace access
	 * check that root passes. */
	{ "pidfd_getfd", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "kcmp", EPERM, SC_ANY, 0, SC_ALWAYS },
	/* The kernel itself. */
	{ "init_module", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "finit_module", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "delete_module", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "kexec_load", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "kexec_file_load", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "bpf", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "perf_event_open", EPERM, SC_ANY, 0, SC_ALWAYS },
	/* Reading the kernel log (kernel addresses, what the host and other
	 * sessions did) and, as root, clearing it or changing the console
	 * level. glibc's syslog(3) writes to /dev/log, not through this. */
	{ "syslog", EPERM, SC_ANY, 0, SC_ALWAYS },
	/* Memory taken out of the kernel's direct map: nothing a shell
	 * session needs, and hidden from the kernel's own inspection. */
	{ "memfd_secret", EPERM, SC_ANY, 0, SC_ALWAYS },
	/* Execution domains: only the query personality(0xffffffff).
	 * Setting one turns off address-space randomisation
	 * (ADDR_NO_RANDOMIZE), maps page zero (MMAP_PAGE_ZERO, a
	 * kernel-exploit aid) or makes data executable (READ_IMPLIES_EXEC).
	 * The kernel reads an unsigned int, and glibc passes the unsigned
	 * long on as it is, so personality(-1), a common spelling of the
	 * query, arrives with the high half set: only the low 32 bits are
	 * compared, which libseccomp 2.5 cannot say ("not equal" under a
	 * mask), so the generator's prefix does. Docker's profile also lets
	 * PER_LINUX32 through; here `linux32 CMD` fails with EPERM. */
	{ "personality", EPERM, SC_ARG0_LO32_NE, 0xffffffff, SC_ALWAYS },
	/* Keyrings are not namespaced: a job could read the user's keys. */
	{ "keyctl", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "add_key", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "request_key", EPERM, SC_ANY, 0, SC_ALWAYS },
	/* A classic primitive for kernel exploits (stalling a copy). */
	{ "userfaultfd", EPERM, SC_ANY, 0, SC_ALWAYS },
	/* The mount family: root (or a user namespace) could undo the
	 * read-only mount layer, or mount a new tree over a root. */
	{ "mount", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "umount", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "umount2", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "fsopen", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "fsmount", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "fsconfig", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "fspick", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "move_mount", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "open_tree", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "mount_setattr", EPERM, SC_ANY, 0, SC_ALWAYS },
	/* Linux 6.15: open_tree() with mount attributes. As root it gave a
	 * detached writable copy of any folder (OPEN_TREE_CLONE, attr_clr =
	 * MOUNT_ATTR_RDONLY): files written, made setuid and chowned outside
	 * every writable root, and a non-recursive copy of a masked
	 * secret's parent showed the secret. libseccomp 2.5.4 cannot name
	 * it: sc_abis[] below denies it by number, and the generator fails
	 * the build if a name here is unknown to libseccomp and not. */
	{ "open_tree_attr", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "pivot_root", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "chroot", EPERM, SC_ANY, 0, SC_ALWAYS },
	/* New namespaces: a user namespace hands out every capability in
	 * it, and with them the mount family above. */
	{ "unshare", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "setns", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "clone", EPERM, SC_CLONE_NS, 0, SC_ALWAYS },
	/* clone3() passes its flags in a struct in memory, which a seccomp
	 * (classic BPF) filter cannot read, so CLONE_NEW* cannot be told
	 * apart there. ENOSYS, not EPERM: glibc (posix_spawn, pthread_create)
	 * then falls back to clone(), which is filtered above. Docker's and
	 * Flatpak's profiles do the same. */
	{ "clone3", ENOSYS, SC_ANY, 0, SC_ALWAYS },
	/* io_uring runs operations (openat, socket, ...) on kernel workers
	 * that seccomp never sees. */
	{ "io_uring_setup", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "io_uring_enter", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "io_uring_register", EPERM, SC_ANY, 0, SC_ALWAYS },
	/* Opening a file by handle skips the path walk that Landlock and
	 * the masks rely on (the "shocker" escape from Docker, 2014): root
	 * could read a masked secret through it. */
	{ "open_by_handle_at", EPERM, SC_ANY, 0, SC_ALWAYS },
	/* Its other half: a handle names a file without a path (inside a
	 * masked folder too) and opens it in any process that may call
	 * open_by_handle_at, outside the session included. fanotify, as
	 * root, watches every access on a whole filesystem or mount,
	 * outside the roots, and its permission events can stall the
	 * host's processes; inotify stays. */
	{ "name_to_handle_at", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "fanotify_init", EPERM, SC_ANY, 0, SC_ALWAYS },
	/* These would change the host itself, outside any filesystem
	 * policy. A session holds no capability (be_drop_privs()), so the
	 * kernel refuses them anyway: a second layer, which also holds
	 * should a capability ever be left. */
	{ "reboot", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "swapon", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "swapoff", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "acct", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "sethostname", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "setdomainname", EPERM, SC_ANY, 0, SC_ALWAYS },
	/* Every call that sets the clock, the i386 entry point's own too
	 * (stime, the *64 time calls): the rules are per name, and each ABI
	 * has its names. adjtimex is clock_adjtime on CLOCK_REALTIME; their
	 * modes are in memory, where the filter cannot look, so reading
	 * through them (ntp_gettime) goes as well. */
	{ "settimeofday", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "stime", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "clock_settime", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "clock_settime64", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "clock_adjtime", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "clock_adjtime64", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "adjtimex", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "iopl", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "ioperm", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "quotactl", EPERM, SC_ANY, 0, SC_ALWAYS },
	{ "quotactl_fd", EPERM, SC_ANY, 0, SC_ALWAYS },
	/* Linux 6.8: the LSM attributes of the job itself (its AppArmor or
	 * SELinux context), what writing /proc/self/attr/ does, which the
	 * filesystem policy refuses. Unknown to libseccomp 2.5.4: denied by
	 * number (sc_abis[]). */
	{ "lsm_set_self_attr", EPERM, SC_ANY, 0, SC_ALWAYS },
	/* Device nodes: root could make one for the disk inside a writable
	 * root and write the disk through it (FIFOs and sockets stay). */
	{ "mknod", EPERM, SC_MKNOD_DEV, 0, SC_ALWAYS },
	{ "mknodat", EPERM, SC_MKNODAT_DEV, 0, SC_ALWAYS },
	/* --no-network: no socket but AF_UNIX (TCP, UDP, raw, packet,
	 * netlink, ...). */
	{ "socket", EPERM, SC_NOT_AF_UNIX, 0, SC_NO_NETWORK },
	{ "socketpair", EPERM, SC_NOT_AF_UNIX, 0, SC_NO_NETWORK },
	/* SysV IPC, where the session has no IPC namespace of its own (no
	 * mount layer: the landlock backend as a user without user
	 * namespaces, or nested): the host's segments, queues and semaphore
	 * sets are reachable by key or id, whatever the filesystem policy
	 * (a job walked every segment with SHM_STAT, read another process's
	 * 0600 segment and wrote it). i386's ipc() multiplexer goes whole
	 * (seccomp_gen.c). With a private IPC namespace they stay: the
	 * session sees only its own. */
	{ "shmget", EPERM, SC_ANY, 0, SC_NO_IPCNS },
	{ "shmat", EPERM, SC_ANY, 0, SC_NO_IPCNS },
	{ "shmdt", EPERM, SC_ANY, 0, SC_NO_IPCNS },
	{ "shmctl", EPERM, SC_ANY, 0, SC_NO_IPCNS },
	{ "msgget", EPERM, SC_ANY, 0, SC_NO_IPCNS },
	{ "msgsnd", EPERM, SC_ANY, 0, SC_NO_IPCNS },
	{ "msgrcv", EPERM, SC_ANY, 0, SC_NO_IPCNS },
	{ "msgctl", EPERM, SC_ANY, 0, SC_NO_IPCNS },
	{ "semget", EPERM, SC_ANY, 0, SC_NO_IPCNS },
	{ "semop", EPERM, SC_ANY, 0, SC_NO_IPCNS },
	{ "semtimedop", EPERM, SC_ANY, 0, SC_NO_IPCNS },
	{ "semtimedop_time64", EPERM, SC_ANY, 0, SC_NO_IPCNS },
	{ "semctl", EPERM, SC_ANY, 0, SC_NO_IPCNS },
};
/* clang-format on */
const size_t sc_nrules = sizeof(sc_rules) / sizeof(*sc_rules);

/*
 * What the filter was built to know, per ABI it admits: the highest
 * syscall number of the kernel it was reviewed against (Linux 6.18,
 * arch/x86/entry/syscalls/syscall_64.tbl and syscall_32.tbl), and every
 * number up to it that libseccomp 2.5.4 cannot name, each decided here.
 *
 * Why: the filter allows what it does not list, and a list of names only
 * covers the calls libseccomp knows. open_tree_attr (467, Linux 6.15) was
 * such a call, and gave root a writable copy of any folder. So a number
 * above |max| fails with ENOSYS, whatever the kernel: the next new call
 * (a new mount-family one, say) is refused until someone reviews it and
 * raises |max|. ENOSYS, not EPERM, because "this kernel has no such call"
 * is what programs are written to handle: glibc and most runtimes fall
 * back on the older call, as they do for clone3 (below). And a number
 * libseccomp cannot name is listed here with a decision, denied by number
 * where it must be; test_seccomp fails when a number up to |max| is
 * neither named by libseccomp nor listed (another libseccomp, another
 * review).
 *
 * The generator (seccomp_gen.c) turns this table into a prefix of a few
 * instructions ahead of libseccomp's program: libseccomp 2.5 cannot
 * compare a range of numbers, nor add a rule for a number it cannot name
 * on a second ABI.
 */
#if defined(__x86_64__)
#include <linux/audit.h>

/* Raising a maximum: review every number up to the new one (the kernel's
 * tables), add the ones libseccomp cannot name below, and extend the
 * sc_rules[] above where a new call must be refused. */
#define SC_MAX_KNOWN 469 /* file_setattr, Linux 6.17; 6.18 added none */

/* The numbers 424 and up are the same on both ABIs. */
/* clang-format off */
#define SC_COMMON_UNNAMED                                                     \
	/* statmount, listmount (6.8): read-only, what /proc/self/mountinfo    \
	 * shows. */                                                           \
	{ 457, 458, 0, "statmount, listmount" },                               \
	/* lsm_get_self_attr, lsm_list_modules (6.8): reading only. */         \
	{ 459, 459, 0, "lsm_get_self_attr" },                                  \
	{ 460, 460, EPERM, "lsm_set_self_attr" },                              \
	{ 461, 461, 0, "lsm_list_modules" },                                   \
	/* mseal (6.10): makes the caller's own mappings immutable. */         \
	{ 462, 462, 0, "mseal" },                                              \
	/* The *xattr calls with a dirfd (6.13): the same checks as setxattr   \
	 * and friends, which stay allowed (the read-only mount layer refuses  \
	 * writes outside the roots). */                                       \
	{ 463, 466, 0, "setxattrat, getxattrat, listxattrat, removexattrat" }, \
	{ 467, 467, EPERM, "open_tree_attr" },                                 \
	/* file_getattr, file_setattr (6.17): the FS_IOC_FSGETXATTR and        \
	 * FSSETXATTR ioctls as calls; setting needs a writable mount, as the  \
	 * ioctl does. */                                                      \
	{ 468, 469, 0, "file_getattr, file_setattr" }

static const struct sc_nrs sc_unnamed_x86_64[] = {
	/* uretprobe, uprobe (6.11, 6.16): the kernel passes them through
	 * every seccomp filter (seccomp_uprobe_exception) and they act only
	 * when called from a uprobe trampoline (SIGILL otherwise). */
	{ 335, 336, 0, "uretprobe, uprobe" },
	/* Unassigned ("don't use numbers 387 through 423"): ENOSYS, what
	 * the kernel says, so a vendor call put there is not let through
	 * unreviewed. */
	{ 337, 423, ENOSYS, "unassigned" },
	SC_COMMON_UNNAMED,
};
static const struct sc_nrs sc_unnamed_i386[] = {
	/* Unassigned in syscall_32.tbl: ENOSYS, as above. */
	{ 222, 223, ENOSYS, "unassigned" },
	{ 251, 251, ENOSYS, "unassigned" },
	{ 285, 285, ENOSYS, "unassigned" },
	{ 387, 392, ENOSYS, "unassigned" },
	{ 415, 415, ENOSYS, "unassigned" },
	SC_COMMON_UNNAMED,
};
/* clang-format on */

/* x86_64 first: nearly every call is one. x32 (bit 30 of the number, the
 * same AUDIT_ARCH) is not an ABI the filter admits: libseccomp refuses it
 * whole (seccomp_gen.c). */
const struct sc_abi sc_abis[] = {
    {"x86_64", AUDIT_ARCH_X86_64, SC_MAX_KNOWN, 0x40000000U, sc_unnamed_x86_64,
     sizeof(sc_unnamed_x86_64) / sizeof(*sc_unnamed_x86_64)},
    {"i386", AUDIT_ARCH_I386, SC_MAX_KNOWN, 0, sc_unnamed_i386,
     sizeof(sc_unnamed_i386) / sizeof(*sc_unnamed_i386)},
};
#else
#error "seccomp.c: no reviewed sc_abis[] for this architecture"
#endif
const size_t sc_nabis = sizeof(sc_abis) / sizeof(*sc_abis);

#ifndef SC_RULES_ONLY
/* What prepare() hands apply(): the arguments of seccomp(2), ready, with
 * a private IPC namespace ([0]) and without ([1]): which one is known only
 * once the mount layer stands or not, in apply(). */
struct sc_filter {
	struct sock_fprog prog[2];
	struct sock_filter *own[2]; /* sanitizer builds: prefix + program */
};

#ifdef SBXSH_SANITIZE
#include <fcntl.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <unistd.h>

/*
 * Sanitizer builds only (cmake -DSBXSH_SANITIZE=ON: a test build, never
 * installed; the normal build has no such code). LeakSanitizer looks for
 * leaks when the shell exits by stopping the process with ptrace(2) from
 * a helper task (its "tracer": a clone() sharing the memory, not a thread
 * of the process, so the kernel's same-thread-group shortcut does not
 * apply). The ptrace rule above refuses that, the check dies with
 * "LeakSanitizer has encountered a fatal error", and no leak of a
 * confined shell is ever reported. So the filter gets a prefix that lets
 * through exactly the helper's calls: on x86_64, ptrace with the requests
 * the tracer makes (ATTACH, then CONT, GETREGSET/GETREGS, DETACH, KILL)
 * and the pid of the process that loads the filter, the shell (its
 * forked subshells leave with _exit(), so LeakSanitizer runs in the shell
 * alone). What still holds: SEIZE, TRACEME, any other request and any
 * other pid stay refused (the escape battery's ptrace case, test_seccomp);
 * a job's ATTACH of the shell fails in the kernel, the shell being
 * non-dumpable and jobs without any capability (be_drop_privs()), except
 * while LeakSanitizer itself makes the shell dumpable for its check at
 * exit: the one hole, and why this is never in a build that is shipped.
 */
static const unsigned long san_ptrace_reqs[] = {
    PTRACE_ATTACH,  PTRACE_CONT,   PTRACE_GETREGSET,
    PTRACE_GETREGS, PTRACE_DETACH, PTRACE_KILL,
};
#define SAN_NREQ (sizeof(san_ptrace_reqs) / sizeof(*san_ptrace_reqs))
#define SAN_PRE (13 + SAN_NREQ) /* instructions in the prefix */
#define SD_ARG(i, hi) (offsetof(struct seccomp_data, args) + 8 * (i) + 4 * (hi))
/* A compare at index |i| that falls through when equal and otherwise
 * jumps past the prefix, to the first instruction of the real program. */
#define SAN_EQ_OR_END(i, k)                                                    \
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (k), 0, SAN_PRE - (i)-1)

#define SAN_PID_AT 5

static struct sock_filter *san_prefixed(const struct sc_bpf *b)
{
	struct sock_filter *v = xmalloc((SAN_PRE + b->len) * sizeof(*v));
	size_t i = 0;

	v[i++] = (struct sock_filter)BPF_STMT(
	    BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch));
	v[i] = (struct sock_filter)SAN_EQ_OR_END(i, AUDIT_ARCH_X86_64), i++;
	v[i++] = (struct sock_filter)BPF_STMT(
	    BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr));
	v[i] = (struct sock_filter)SAN_EQ_OR_END(i, SYS_ptrace), i++;
	v[i++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					      SD_ARG(1, 0));
	/* SAN_PID_AT: sc_load() puts the loading process's pid here. */
	v[i] = (struct sock_filter)SAN_EQ_OR_END(i, 0), i++;
	v[i++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					      SD_ARG(1, 1));
	v[i] = (struct sock_filter)SAN_EQ_OR_END(i, 0), i++;
	v[i++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					      SD_ARG(0, 1));
	v[i] = (struct sock_filter)SAN_EQ_OR_END(i, 0), i++;
	v[i++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					      SD_ARG(0, 0));
	for (size_t r = 0; r < SAN_NREQ; r++, i++) /* equal: to the allow */
		v[i] = (struct sock_filter)BPF_JUMP(
		    BPF_JMP | BPF_JEQ | BPF_K, (unsigned)san_ptrace_reqs[r],
		    (unsigned char)(SAN_PRE - 1 - i - 1), 0);
	v[i] = (struct sock_filter)BPF_STMT(BPF_JMP | BPF_JA,
					    (unsigned)(SAN_PRE - i - 1)),
	i++;
	v[i++] =
	    (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	memcpy(v + i, b->insns, b->len * sizeof(*v));
	return v;
}

size_t sc_sanitizer_prefix_len(void)
{
	return SAN_PRE;
}

/* The process that loaded the filter with the prefix above, onto none. */
static pid_t san_loader;
/* Traced when the filter was built, before a PID namespace: inside one,
 * /proc/self/status shows a tracer outside it as TracerPid 0. */
static bool san_was_traced;

/* True if something (strace, in the tests that inject faults) ptraces
 * us: a process has one tracer, and LeakSanitizer's cannot attach. */
static bool san_traced(void)
{
	char buf[4096];
	int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);
	const char *t;

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return false;
	buf[n] = 0;
	t = strstr(buf, "\nTracerPid:");
	return t && strtol(t + strlen("\nTracerPid:"), NULL, 10) != 0;
}

/*
 * LeakSanitizer's hook, asked at its check: 1 turns the check off, where
 * it could only die with "LeakSanitizer has encountered a fatal error"
 * (its tracer cannot stop the process), and nowhere else:
 *   - a process under a seccomp filter it did not load itself onto an
 *     unfiltered process: an sbxsh nested in another session (a job of
 *     it), whose outer filter's prefix names the outer shell's pid;
 *   - a process that is ptraced already (strace -f over a session, as
 *     escape_mountlayer.sh, failclosed.sh and git_protect.sh do).
 * Their leaks are the same code's as the other sessions', which are
 * checked; ASan and UBSan stay on in them.
 */
/*
 * The sanitizers' default options, under whatever ASAN_OPTIONS and
 * UBSAN_OPTIONS say: a test that starts sbxsh under `env -i` (the
 * differential corpus, the escape battery) would otherwise send a report
 * to a stderr it may not look at. When the build's report folder exists
 * (.ci/setup makes it), every report goes there; backends/backend.c keeps
 * it writable in sessions.
 */
/* Called at the runtimes' start, before their interceptors are ready:
 * no libc but a raw syscall, the strings constants. */
static bool san_dir_ok(void)
{
	return syscall(SYS_access, SBXSH_SAN_LOG_DIR, W_OK) == 0;
}

const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return san_dir_ok() ? "log_path=" SBXSH_SAN_LOG_DIR "/asan" : "";
}

const char *__ubsan_default_options(void);
const char *__ubsan_default_options(void)
{
	return san_dir_ok() ? "halt_on_error=1:print_stacktrace=1:log_"
			      "path=" SBXSH_SAN_LOG_DIR "/ubsan"
			    : "halt_on_error=1:print_stacktrace=1";
}

int __lsan_is_turned_off(void);
int __lsan_is_turned_off(void)
{
	if (prctl(PR_GET_SECCOMP, 0, 0, 0, 0) == 2 && getpid() != san_loader)
		return 1;
	return san_was_traced || san_traced();
}
#endif

int sc_build(const struct be_plan *plan, const char *backend,
	     struct sc_filter **out, struct sbx_diag *diag)
{
	const struct sc_bpf *bs[2] = {
	    plan->network ? &sc_bpf_net : &sc_bpf_nonet,
	    plan->network ? &sc_bpf_net_noipc : &sc_bpf_nonet_noipc,
	};
	struct sc_filter *f = xmalloc(sizeof(*f));

#ifdef SBXSH_SANITIZE
	san_was_traced = san_was_traced || san_traced();
#endif
	for (int i = 0; i < 2; i++) {
		const struct sc_bpf *b = bs[i];

		/* The generator refused anything longer than BPF_MAXINSNS.
		 * The UAPI's pointer is not const; the kernel only copies
		 * from it. */
		f->prog[i].len = (unsigned short)b->len;
		f->prog[i].filter = (struct sock_filter *)b->insns;
		f->own[i] = NULL;
#ifdef SBXSH_SANITIZE
		if (b->len + SAN_PRE <= BPF_MAXINSNS) {
			f->own[i] = san_prefixed(b);
			f->prog[i].filter = f->own[i];
			f->prog[i].len = (unsigned short)(b->len + SAN_PRE);
		}
#endif
	}
	*out = f;
	return 0;
}

int sc_load(const struct sc_filter *f, bool ipc_private, const char *backend,
	    struct sbx_diag *diag)
{
	int v = ipc_private ? 0 : 1;

	/* Without it an unprivileged process may not load a filter; it also
	 * keeps setuid programs from running with the filter, so they
	 * cannot be confused by it. In a session be_drop_privs() set it
	 * already (and read it back): set here only when it is not. */
	if (be_sys->prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) != 1 &&
	    be_sys->prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return be_fail(diag, errno, backend,
			       "prctl(PR_SET_NO_NEW_PRIVS)");
#ifdef SBXSH_SANITIZE
	/* Here, not in sc_build(): with a PID namespace prepare() runs in
	 * the parent, apply() in the shell, its child. */
	if (f->own[v])
		f->own[v][SAN_PID_AT].k = (unsigned)getpid();
	bool outer = prctl(PR_GET_SECCOMP, 0, 0, 0, 0) == 2;
#endif
	/* Flags 0, as libseccomp's default: no TSYNC (the shell has one
	 * thread), no SPEC_ALLOW (keep the SSB mitigation). */
	if (be_sys->seccomp_filter(&f->prog[v]) < 0)
		return be_fail(diag, errno, backend,
			       "seccomp(SECCOMP_SET_MODE_FILTER)");
#ifdef SBXSH_SANITIZE
	if (!outer)
		san_loader = getpid();
#endif
	return 0;
}

void sc_free(struct sc_filter *f)
{
	if (f) {
		free(f->own[0]);
		free(f->own[1]);
	}
	free(f);
}
#endif /* !SC_RULES_ONLY */
