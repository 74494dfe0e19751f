/* tests/kernel/sc_probe.c — the calls of sbxsh's seccomp filter, made for
 * real from inside a session (tests/integration/seccomp_rules.sh and
 * seccomp_open_tree_attr.sh run it, confined and as the unconfined
 * control).
 *
 *   sc_probe rules [--no-network] [--no-ipcns]
 *       One line per case: "<id> want=<EPERM|ENOSYS|allowed> got=<r>",
 *       r being 0 for any success or -errno. The arguments are chosen so
 *       that the kernel itself gives another answer (EBADF, EFAULT,
 *       EINVAL, ESRCH, success...) than the filter's errno, and so that
 *       the call is harmless when it runs: the control run is how the
 *       test shows a refusal came from the filter. Every row of
 *       sc_rules[] and every call of sc_nrs.h has a case on each ABI that
 *       has the call (i386 through int $0x80), or the probe exits 3.
 *   sc_probe open_tree_attr OUTDIR HOME
 *       The attack of the review: a detached copy of OUTDIR with
 *       MOUNT_ATTR_RDONLY cleared (x86_64, then i386), through which it
 *       writes OUTDIR/planted, chowns OUTDIR/file to 12345 and makes it
 *       setuid; then a non-recursive copy of HOME, through which it prints
 *       HOME/.ssh/id_rsa. Prints what each step returned.
 *   sc_probe tiocsctty
 *       In a child: setsid(), then ioctl(tty, TIOCSCTTY, 1) on the
 *       terminal of fd 0, which as root steals it from the session that
 *       holds it. Prints the ioctl's result, and whether the caller's
 *       session still has its terminal afterwards.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/sched.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "be_base.h"
#include "be_seccomp.h"
#include "sc_nrs.h"

#define X64 1
#define I386 2
#define BOTH (X64 | I386)

/* Argument tokens, replaced before the call: a bad pointer the kernel
 * faults on, "/" and a zeroed buffer, both in the low 4 GiB so that i386
 * calls can pass them. */
#define BAD 1ULL
#define SLASH 0xa11ce001ULL
#define BUF 0xa11ce002ULL
#define HI (1ULL << 32) /* dropped on i386, whose arguments are 32 bits */

enum want { W_EPERM, W_ENOSYS, W_ALLOWED, W_NONET, W_NOIPC };

struct pcase {
	const char *name; /* as in sc_nrs.h */
	const char *what; /* the variant, or NULL */
	int abis;
	enum want want; /* W_NONET: EPERM with --no-network, else allowed;
			   W_NOIPC: EPERM with --no-ipcns (a session without
			   a private IPC namespace), else allowed */
	uint64_t a[6];	/* for ioctl, a[1]'s low 32 bits name the sc_rules[]
			 * row the case covers */
};

#define FL 0xffffffffULL /* flags with every bit set: EINVAL */
#define NOPID 0x3ffffff0ULL

/* clang-format off */
static const struct pcase cases[] = {
	{"ptrace", "GETREGS of no such pid", BOTH, W_EPERM, {12, NOPID}},
	{"process_vm_readv", "flags 1", BOTH, W_EPERM, {0, 0, 0, 0, 0, 1}},
	{"process_vm_writev", "flags 1", BOTH, W_EPERM, {0, 0, 0, 0, 0, 1}},
	{"pidfd_getfd", NULL, BOTH, W_EPERM, {-1ULL, 0, 0}},
	{"kcmp", "no such pid", BOTH, W_EPERM, {NOPID, NOPID, 0}},
	{"init_module", NULL, BOTH, W_EPERM, {BAD, 0, BAD}},
	{"finit_module", NULL, BOTH, W_EPERM, {-1ULL, BAD, 0}},
	{"delete_module", NULL, BOTH, W_EPERM, {BAD, 0}},
	{"kexec_load", "1000 segments", BOTH, W_EPERM, {0, 1000, 0, 0}},
	{"kexec_file_load", NULL, X64, W_EPERM, {-1ULL, -1ULL, 0, BAD, FL}},
	{"bpf", "no such command", BOTH, W_EPERM, {FL, 0, 0}},
	{"perf_event_open", NULL, BOTH, W_EPERM, {BAD, 0, -1ULL, -1ULL, 0}},
	{"syslog", "SIZE_BUFFER", BOTH, W_EPERM, {10, 0, 0}},
	{"memfd_secret", NULL, BOTH, W_EPERM, {FL}},
	{"keyctl", "no such op", BOTH, W_EPERM, {FL}},
	{"add_key", NULL, BOTH, W_EPERM, {BAD, BAD, 0, 0, 0}},
	{"request_key", NULL, BOTH, W_EPERM, {BAD, BAD, 0, 0}},
	{"userfaultfd", "USER_MODE_ONLY|bad", BOTH, W_EPERM, {1 | 0x1000}},
	{"unshare", "CLONE_PIDFD", BOTH, W_EPERM, {CLONE_PIDFD}},
	{"setns", NULL, BOTH, W_EPERM, {-1ULL, 0}},
	{"io_uring_setup", NULL, BOTH, W_EPERM, {1, BAD}},
	{"io_uring_enter", NULL, BOTH, W_EPERM, {-1ULL, 0, 0, 0, 0, 0}},
	{"io_uring_register", NULL, BOTH, W_EPERM, {-1ULL, 0, 0, 0}},
	{"open_by_handle_at", NULL, BOTH, W_EPERM, {-1ULL, BAD, 0}},
	{"name_to_handle_at", NULL, BOTH, W_EPERM, {AT_FDCWD, SLASH, BUF, BUF, FL}},
	{"fanotify_init", NULL, BOTH, W_EPERM, {FL, 0}},
	{"reboot", "bad magic", BOTH, W_EPERM, {0, 0, 0, 0}},
	{"swapon", "bad flags", BOTH, W_EPERM, {BAD, 0x7fffffff}},
	{"swapoff", NULL, BOTH, W_EPERM, {BAD}},
	{"acct", NULL, BOTH, W_EPERM, {BAD}},
	{"sethostname", "too long", BOTH, W_EPERM, {BAD, 1000}},
	{"setdomainname", "too long", BOTH, W_EPERM, {BAD, 1000}},
	{"settimeofday", NULL, BOTH, W_EPERM, {0, BAD}},
	{"stime", NULL, I386, W_EPERM, {BAD}},
	{"clock_settime", NULL, BOTH, W_EPERM, {0, BAD}},
	{"clock_settime64", NULL, I386, W_EPERM, {0, BAD}},
	{"clock_adjtime", NULL, BOTH, W_EPERM, {0, BAD}},
	{"clock_adjtime64", NULL, I386, W_EPERM, {0, BAD}},
	{"adjtimex", NULL, BOTH, W_EPERM, {BAD}},
	{"iopl", "level 4", BOTH, W_EPERM, {4}},
	{"ioperm", "0 ports", BOTH, W_EPERM, {0, 0, 0}},
	{"quotactl", "bad type", BOTH, W_EPERM, {FL, 0, 0, 0}},
	{"quotactl_fd", NULL, BOTH, W_EPERM, {-1ULL, 0, 0, 0}},
	{"lsm_set_self_attr", NULL, BOTH, W_EPERM, {0, BAD, 0, 0}},
	{"mount", NULL, BOTH, W_EPERM, {0, BAD, 0, 0, 0}},
	{"umount", NULL, I386, W_EPERM, {BAD}},
	{"umount2", "bad flags", BOTH, W_EPERM, {BAD, 0x80000000}},
	{"pivot_root", NULL, BOTH, W_EPERM, {BAD, BAD}},
	{"chroot", NULL, BOTH, W_EPERM, {BAD}},
	{"open_tree", "bad flags", BOTH, W_EPERM, {-1ULL, BAD, FL}},
	{"move_mount", "bad flags", BOTH, W_EPERM, {-1ULL, BAD, -1ULL, BAD, FL}},
	{"fsopen", "bad flags", BOTH, W_EPERM, {BAD, FL}},
	{"fsconfig", NULL, BOTH, W_EPERM, {-1ULL, 0, 0, 0, 0}},
	{"fsmount", "bad flags", BOTH, W_EPERM, {-1ULL, FL, 0}},
	{"fspick", "bad flags", BOTH, W_EPERM, {-1ULL, BAD, FL}},
	{"mount_setattr", "bad flags", BOTH, W_EPERM, {-1ULL, BAD, FL, BAD, 0}},
	{"open_tree_attr", "bad flags", BOTH, W_EPERM, {-1ULL, BAD, FL, BAD, 0}},
	{"clone3", "size 0", BOTH, W_ENOSYS, {BAD, 0}},
	{"ioctl", "TIOCSTI", BOTH, W_EPERM, {-1ULL, TIOCSTI, BUF}},
	{"ioctl", "TIOCSTI|1<<32", X64, W_EPERM, {-1ULL, TIOCSTI | HI, BUF}},
	{"ioctl", "TIOCLINUX", BOTH, W_EPERM, {-1ULL, 0x541C, BUF}},
	{"ioctl", "TIOCLINUX|7<<40", X64, W_EPERM, {-1ULL, 0x541C | 7ULL << 40, BUF}},
	{"ioctl", "TIOCSETD", BOTH, W_EPERM, {-1ULL, TIOCSETD, BUF}},
	{"ioctl", "TIOCSETD|1<<32", X64, W_EPERM, {-1ULL, TIOCSETD | HI, BUF}},
	{"ioctl", "TIOCSCTTY 1", BOTH, W_EPERM, {-1ULL, TIOCSCTTY, 1}},
	{"ioctl", "TIOCSCTTY 1<<31", BOTH, W_EPERM, {-1ULL, TIOCSCTTY, 0x80000000}},
	{"ioctl", "TIOCSCTTY 1<<32", X64, W_EPERM, {-1ULL, TIOCSCTTY, HI}},
	{"ioctl", "TIOCSCTTY 1|1<<32", X64, W_EPERM, {-1ULL, TIOCSCTTY, HI | 1}},
	{"ioctl", "TIOCSCTTY|1<<32 1", X64, W_EPERM, {-1ULL, TIOCSCTTY | HI, 1}},
	{"ioctl", "TIOCSCTTY 0", BOTH, W_ALLOWED, {-1ULL, TIOCSCTTY, 0}},
	{"ioctl", "TIOCGPGRP", BOTH, W_ALLOWED, {-1ULL, TIOCGPGRP, BUF}},
	{"personality", "PER_LINUX32", BOTH, W_EPERM, {0x0008}},
	{"personality", "PER_LINUX", BOTH, W_EPERM, {0}},
	{"personality", "ADDR_NO_RANDOMIZE", BOTH, W_EPERM, {0x0040000}},
	{"personality", "query", BOTH, W_ALLOWED, {0xffffffff}},
	{"personality", "query -1", X64, W_ALLOWED, {-1ULL}},
	{"personality", "PER_LINUX|1<<32", X64, W_EPERM, {HI}},
	{"clone", "NEWNS|THREAD", BOTH, W_EPERM, {CLONE_NEWNS | CLONE_THREAD}},
	{"clone", "NEWUTS|THREAD", BOTH, W_EPERM, {CLONE_NEWUTS | CLONE_THREAD}},
	{"clone", "NEWIPC|THREAD", BOTH, W_EPERM, {CLONE_NEWIPC | CLONE_THREAD}},
	{"clone", "NEWUSER|THREAD", BOTH, W_EPERM, {CLONE_NEWUSER | CLONE_THREAD}},
	{"clone", "NEWPID|THREAD", BOTH, W_EPERM, {CLONE_NEWPID | CLONE_THREAD}},
	{"clone", "NEWNET|THREAD", BOTH, W_EPERM, {CLONE_NEWNET | CLONE_THREAD}},
	{"clone", "NEWCGROUP|THREAD", BOTH, W_EPERM, {CLONE_NEWCGROUP | CLONE_THREAD}},
	{"clone", "THREAD", BOTH, W_ALLOWED, {CLONE_THREAD}},
	{"mknod", "S_IFCHR", BOTH, W_EPERM, {BAD, S_IFCHR | 0600, 0x0103}},
	{"mknod", "S_IFBLK", BOTH, W_EPERM, {BAD, S_IFBLK | 0600, 0x0800}},
	{"mknod", "S_IFIFO", BOTH, W_ALLOWED, {BAD, S_IFIFO | 0600, 0}},
	{"mknodat", "S_IFCHR", BOTH, W_EPERM, {AT_FDCWD, BAD, S_IFCHR | 0600, 0x0103}},
	{"mknodat", "S_IFBLK", BOTH, W_EPERM, {AT_FDCWD, BAD, S_IFBLK | 0600, 0x0800}},
	{"mknodat", "S_IFIFO", BOTH, W_ALLOWED, {AT_FDCWD, BAD, S_IFIFO | 0600, 0}},
	{"socket", "AF_INET", BOTH, W_NONET, {AF_INET, SOCK_STREAM, 0}},
	{"socket", "AF_NETLINK", BOTH, W_NONET, {AF_NETLINK, SOCK_RAW, 0}},
	{"socket", "AF_UNIX", BOTH, W_ALLOWED, {AF_UNIX, SOCK_STREAM, 0}},
	{"socketpair", "AF_INET", BOTH, W_NONET, {AF_INET, SOCK_STREAM, 0, BUF}},
	{"socketpair", "AF_UNIX", BOTH, W_ALLOWED, {AF_UNIX, SOCK_STREAM, 0, BUF}},
	{"socketcall", "SYS_CONNECT", I386, W_NONET, {3, BAD}},
	/* SysV IPC: ids that do not exist (EINVAL), keys that do not
	 * (ENOENT): nothing is made or touched when the call runs. */
	{"shmget", "no such key", BOTH, W_NOIPC, {0x5b5b0001, 0, 0}},
	{"shmat", "no such id", BOTH, W_NOIPC, {-1ULL, 0, 0}},
	{"shmdt", "not attached", BOTH, W_NOIPC, {BAD}},
	{"shmctl", "no such id", BOTH, W_NOIPC, {-1ULL, 2, BUF}},
	{"msgget", "no such key", BOTH, W_NOIPC, {0x5b5b0001, 0}},
	{"msgsnd", "no such id", BOTH, W_NOIPC, {-1ULL, BUF, 0, 0}},
	{"msgrcv", "no such id", BOTH, W_NOIPC, {-1ULL, BUF, 0, 0, 0}},
	{"msgctl", "no such id", BOTH, W_NOIPC, {-1ULL, 2, BUF}},
	{"semget", "no such key", BOTH, W_NOIPC, {0x5b5b0001, 0, 0}},
	{"semop", "no such id", X64, W_NOIPC, {-1ULL, BUF, 1}},
	{"semtimedop", "no such id", X64, W_NOIPC, {-1ULL, BUF, 1, 0}},
	{"semtimedop_time64", "no such id", I386, W_NOIPC, {-1ULL, BUF, 1, 0}},
	{"semctl", "no such id", BOTH, W_NOIPC, {-1ULL, 0, 2, BUF}},
	{"ipc", "SHMGET no such key", I386, W_NOIPC, {23, 0x5b5b0001, 0, 0}},
};
/* clang-format on */
#define NCASES (sizeof(cases) / sizeof(*cases))

struct knr {
	const char *name;
	int x86_64, i386;
};
#define SC_NR_ROW(n, a, b, k) {#n, a, b},
static const struct knr knrs[] = {SC_NRS(SC_NR_ROW)};
#define NKNRS (sizeof(knrs) / sizeof(*knrs))

/* Numbers with no reviewed call: above the maximum (x86_64, i386), and
 * x32's. The kernel says ENOSYS to the first two as well: reported, not
 * counted as proof; x32 is refused with EPERM where this kernel says
 * ENOSYS (no CONFIG_X86_X32_ABI) or runs the call. */
static const uint32_t unknown[] = {SC_NRS_MAX_X86_64 + 1, 1000, 0x3fffffff,
				   0x80000000U};

static const struct knr *knr(const char *name)
{
	for (size_t i = 0; i < NKNRS; i++)
		if (strcmp(knrs[i].name, name) == 0)
			return &knrs[i];
	return NULL;
}

static char *low; /* a page below 4 GiB: "/" at 0, a zeroed buffer at 64 */

static uint64_t arg(uint64_t a, bool i386)
{
	if (a == SLASH)
		return (uint64_t)(uintptr_t)low;
	if (a == BUF)
		return (uint64_t)(uintptr_t)(low + 64);
	return i386 ? (uint32_t)a : a;
}

static long call(bool i386, uint32_t nr, const uint64_t in[6])
{
	uint64_t a[6];
	long r;

	for (int i = 0; i < 6; i++)
		a[i] = arg(in[i], i386);
	if (i386) {
		r = sc_call_i386(nr, a);
	} else {
		r = syscall((long)nr, a[0], a[1], a[2], a[3], a[4], a[5]);
		r = r < 0 ? -errno : r;
	}
	/* Whatever a success returned (an fd, a size, a personality), it
	 * is 0 here; fds are closed so none leaks into the next case. */
	if (r >= 0) {
		if (r > 2 && r < 1024)
			(void)close((int)r);
		r = 0;
	}
	return r;
}

static const char *want_str(enum want w, bool nonet, bool noipc)
{
	switch (w) {
	case W_EPERM:
		return "EPERM";
	case W_ENOSYS:
		return "ENOSYS";
	case W_NONET:
		return nonet ? "EPERM" : "allowed";
	case W_NOIPC:
		return noipc ? "EPERM" : "allowed";
	default:
		return "allowed";
	}
}

/* Every sc_rules[] row and every sc_nrs.h call with a number on an ABI
 * has a case there. 0, or 3 after naming what has none. */
static int coverage(void)
{
	int bad = 0;

	for (size_t i = 0; i < sc_nrules; i++) {
		const struct sc_rule *r = &sc_rules[i];
		bool found = false;

		for (size_t c = 0; !found && c < NCASES; c++)
			found = strcmp(cases[c].name, r->name) == 0 &&
				(strcmp(r->name, "ioctl") != 0 ||
				 (uint32_t)cases[c].a[1] == r->val) &&
				cases[c].want != W_ALLOWED;
		if (!found) {
			fprintf(stderr,
				"sc_probe: no case for sc_rules[] row "
				"%s %#lx\n",
				r->name, r->val);
			bad = 1;
		}
	}
	for (size_t i = 0; i < NKNRS; i++)
		for (int abi = X64; abi <= I386; abi <<= 1) {
			int nr = abi == X64 ? knrs[i].x86_64 : knrs[i].i386;
			bool found = nr < 0;

			for (size_t c = 0; !found && c < NCASES; c++)
				found =
				    strcmp(cases[c].name, knrs[i].name) == 0 &&
				    (cases[c].abis & abi);
			if (!found) {
				fprintf(stderr, "sc_probe: no %s case for %s\n",
					abi == X64 ? "x86_64" : "i386",
					knrs[i].name);
				bad = 1;
			}
		}
	return bad ? 3 : 0;
}

static int rules(bool nonet, bool noipc)
{
	static const uint64_t none[6] = {0};
	bool i386 = sc_have_i386();

	if (coverage())
		return 3;
	if (!i386)
		printf("# no i386 emulation: x86_64 cases only\n");
	for (size_t c = 0; c < NCASES; c++) {
		const struct pcase *p = &cases[c];
		const struct knr *k = knr(p->name);

		for (int abi = X64; abi <= I386; abi <<= 1) {
			int nr = abi == X64 ? k->x86_64 : k->i386;

			if (!(p->abis & abi) || nr < 0 ||
			    (abi == I386 && !i386))
				continue;
			printf("%s:%s", abi == X64 ? "x86_64" : "i386",
			       p->name);
			/* One word: the variant's blanks become '_'. */
			if (p->what) {
				putchar(':');
				for (const char *w = p->what; *w; w++)
					putchar(*w == ' ' ? '_' : *w);
			}
			printf(" want=%s got=%ld\n",
			       want_str(p->want, nonet, noipc),
			       call(abi == I386, (uint32_t)nr, p->a));
		}
	}
	for (size_t i = 0; i < sizeof(unknown) / sizeof(*unknown); i++) {
		printf("x86_64:nr-%#x want=ENOSYS got=%ld\n", unknown[i],
		       call(false, unknown[i], none));
		if (i386)
			printf("i386:nr-%#x want=ENOSYS got=%ld\n", unknown[i],
			       call(true, unknown[i], none));
	}
	/* x32's getpid and ptrace: EPERM from the filter, ENOSYS (or the
	 * call) from the kernel. */
	printf("x32:getpid want=EPERM got=%ld\n",
	       call(false, 0x40000000U | 39, none));
	printf("x32:ptrace want=EPERM got=%ld\n",
	       call(false, 0x40000000U | 521, none));
	return 0;
}

/* struct mount_attr, Linux 5.12 (not in Debian 12's headers). */
struct probe_mount_attr {
	uint64_t attr_set, attr_clr, propagation, userns_fd;
};
#define P_OPEN_TREE_CLONE 1
#define P_MOUNT_ATTR_RDONLY 0x00000001ULL
#define NR_OPEN_TREE_ATTR 467

/* The steps through one detached copy |fd| of OUTDIR. */
static void through_copy(const char *abi, int fd)
{
	int w = openat(fd, "planted", O_WRONLY | O_CREAT | O_TRUNC, 0644);

	printf("%s PLANT %d\n", abi,
	       w >= 0 && write(w, "pwned\n", 6) == 6 ? 0 : -errno);
	if (w >= 0)
		close(w);
	/* chown first: it clears the setuid bit. */
	printf("%s CHOWN %d\n", abi,
	       fchownat(fd, "file", 12345, 12345, 0) == 0 ? 0 : -errno);
	printf("%s CHMOD %d\n", abi,
	       fchmodat(fd, "file", 04755, 0) == 0 ? 0 : -errno);
}

static int open_tree_attr_attack(const char *out, const char *home)
{
	struct probe_mount_attr *attr = (void *)(low + 128);
	char *path = low + 256;
	long fd;
	char buf[256];
	ssize_t n;
	int s;

	/* x86_64: a writable detached copy of OUTDIR. */
	memset(attr, 0, sizeof(*attr));
	attr->attr_clr = P_MOUNT_ATTR_RDONLY;
	fd = syscall(NR_OPEN_TREE_ATTR, AT_FDCWD, out,
		     P_OPEN_TREE_CLONE | O_CLOEXEC, attr, sizeof(*attr));
	printf("x86_64 OPEN_TREE_ATTR %ld\n", fd < 0 ? -errno : 0L);
	if (fd >= 0) {
		through_copy("x86_64", (int)fd);
		close((int)fd);
	}
	/* i386: the same call through int $0x80, the path and the struct in
	 * the low page. */
	snprintf(path, 3000, "%s", out);
	{
		uint64_t a[6] = {(uint32_t)AT_FDCWD,
				 (uintptr_t)path,
				 P_OPEN_TREE_CLONE | O_CLOEXEC,
				 (uintptr_t)attr,
				 sizeof(*attr),
				 0};

		if (sc_have_i386()) {
			fd = sc_call_i386(NR_OPEN_TREE_ATTR, a);
			printf("i386 OPEN_TREE_ATTR %ld\n", fd < 0 ? fd : 0L);
			if (fd >= 0) {
				through_copy("i386", (int)fd);
				close((int)fd);
			}
		}
	}
	/* A non-recursive copy of HOME: the mount that masks ~/.ssh is not
	 * copied along. */
	fd = syscall(NR_OPEN_TREE_ATTR, AT_FDCWD, home,
		     P_OPEN_TREE_CLONE | O_CLOEXEC, NULL, 0);
	printf("x86_64 OPEN_TREE_ATTR_HOME %ld\n", fd < 0 ? -errno : 0L);
	if (fd < 0)
		return 0;
	s = openat((int)fd, ".ssh/id_rsa", O_RDONLY);
	printf("x86_64 SECRET_OPEN %d\n", s >= 0 ? 0 : -errno);
	if (s >= 0) {
		n = read(s, buf, sizeof(buf) - 1);
		if (n > 0) {
			buf[n] = 0;
			printf("SECRET: %s", buf);
		}
		close(s);
	}
	close((int)fd);
	return 0;
}

/* setsid() in a child, then TIOCSCTTY 1 on the terminal of fd 0. */
static int tiocsctty(void)
{
	const char *tty = ttyname(0);
	int st, p[2];
	long r = 0;
	pid_t pid;

	if (!tty) {
		printf("TIOCSCTTY no-tty\n");
		return 0;
	}
	if (pipe(p) < 0)
		return 1;
	pid = fork();
	if (pid == 0) {
		int fd;

		close(p[0]);
		(void)setsid();
		fd = open(tty, O_RDWR | O_NOCTTY);
		r = fd < 0 ? -errno
			   : (ioctl(fd, TIOCSCTTY, 1) == 0 ? 0 : -errno);
		(void)!write(p[1], &r, sizeof(r));
		_exit(0);
	}
	close(p[1]);
	if (read(p[0], &r, sizeof(r)) != sizeof(r))
		r = -EIO;
	waitpid(pid, &st, 0);
	printf("TIOCSCTTY steal=%ld\n", r);
	/* Does this session still have its terminal? */
	{
		int fd = open("/dev/tty", O_RDWR);

		printf("TIOCSCTTY still-mine=%d\n", fd >= 0 ? 1 : 0);
		if (fd >= 0)
			close(fd);
	}
	return 0;
}

int main(int argc, char **argv)
{
	low = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
	if (low == MAP_FAILED) {
		perror("sc_probe: mmap(MAP_32BIT)");
		return 1;
	}
	low[0] = '/';
	if (argc >= 2 && strcmp(argv[1], "rules") == 0) {
		bool nonet = false, noipc = false;

		for (int i = 2; i < argc; i++) {
			nonet = nonet || strcmp(argv[i], "--no-network") == 0;
			noipc = noipc || strcmp(argv[i], "--no-ipcns") == 0;
		}
		return rules(nonet, noipc);
	}
	if (argc == 4 && strcmp(argv[1], "open_tree_attr") == 0)
		return open_tree_attr_attack(argv[2], argv[3]);
	if (argc == 2 && strcmp(argv[1], "tiocsctty") == 0)
		return tiocsctty();
	fprintf(stderr, "usage: sc_probe rules [--no-network] | "
			"open_tree_attr OUTDIR HOME | tiocsctty\n");
	return 2;
}
