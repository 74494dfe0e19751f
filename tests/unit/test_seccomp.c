/* tests/unit/test_seccomp.c — the seccomp rule table; the programs
 * embedded at build time, compared byte for byte with what libseccomp
 * compiles from the table now (a stale gen/seccomp_bpf.c fails here); the
 * loader against the fake kernel; and the embedded filter loaded in a
 * forked child: every listed call fails with EPERM (clone3 with ENOSYS),
 * TIOCSTI with high bits set too (CVE-2019-10063), while ordinary calls,
 * fork and unix sockets keep working. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/sched.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "be_internal.h"
#include "fake_sys.h"
#include "seccomp_gen.h"

static const struct sc_rule *find(const char *name, unsigned long val)
{
	for (size_t i = 0; i < sc_nrules; i++)
		if (strcmp(sc_rules[i].name, name) == 0 &&
		    (!val || sc_rules[i].val == val))
			return &sc_rules[i];
	return NULL;
}

static void table_lists_every_required_call(void **state)
{
	static const char *const eperm[] = {
	    "ptrace",
	    "process_vm_readv",
	    "process_vm_writev",
	    "init_module",
	    "finit_module",
	    "delete_module",
	    "kexec_load",
	    "kexec_file_load",
	    "bpf",
	    "perf_event_open",
	    "keyctl",
	    "add_key",
	    "request_key",
	    "userfaultfd",
	    "mount",
	    "umount2",
	    "fsopen",
	    "fsmount",
	    "fsconfig",
	    "move_mount",
	    "open_tree",
	    "mount_setattr",
	    "pivot_root",
	    "chroot",
	    "unshare",
	    "setns",
	    "io_uring_setup",
	    "io_uring_enter",
	    "io_uring_register",
	    "open_by_handle_at",
	    "reboot",
	    "sethostname",
	    "settimeofday",
	    "clock_settime",
	};
	const struct sc_rule *r;

	(void)state;
	for (size_t i = 0; i < sizeof(eperm) / sizeof(*eperm); i++) {
		r = find(eperm[i], 0);
		assert_non_null(r);
		assert_int_equal(r->err, EPERM);
		assert_int_equal(r->arg, SC_ANY);
		assert_false(r->no_network);
	}
	r = find("ioctl", TIOCSTI);
	assert_non_null(r);
	assert_int_equal(r->arg, SC_IOCTL_REQ);
	assert_non_null(find("ioctl", 0x541C)); /* TIOCLINUX */
	assert_int_equal(find("mknod", 0)->arg, SC_MKNOD_DEV);
	assert_int_equal(find("mknodat", 0)->arg, SC_MKNODAT_DEV);
	r = find("clone", 0);
	assert_int_equal(r->arg, SC_CLONE_NS);
	r = find("clone3", 0);
	assert_int_equal(r->err, ENOSYS);
	r = find("socket", 0);
	assert_int_equal(r->arg, SC_NOT_AF_UNIX);
	assert_true(r->no_network);
	assert_true(find("socketpair", 0)->no_network);
	/* Never a kill action: every rule is an errno. */
	for (size_t i = 0; i < sc_nrules; i++)
		assert_true(sc_rules[i].err == EPERM ||
			    sc_rules[i].err == ENOSYS);
}

/* The embedded program of |network| is what libseccomp, through the
 * generator's own code, compiles from sc_rules[] at test time. */
static void embedded_matches(bool network)
{
	const struct sc_bpf *b = network ? &sc_bpf_net : &sc_bpf_nonet;
	struct scg_prog p = {0};
	struct sbx_diag d = {0};
	size_t i = 0;

	if (scg_compile(network, &p, &d) < 0)
		fail_msg("scg_compile: %s", d.msg);
	assert_true(p.len > 0 && p.len <= BPF_MAXINSNS);
	while (i < p.len && i < b->len &&
	       memcmp(&b->insns[i], &p.insns[i], sizeof(*p.insns)) == 0)
		i++;
	if (i < p.len || i < b->len)
		fail_msg("gen/seccomp_bpf.c is stale (%s): %zu instructions "
			 "embedded, libseccomp gives %zu now, first "
			 "difference at %zu: rebuild",
			 network ? "network" : "no network", b->len, p.len, i);
	scg_free(&p);
}

static void embedded_programs_are_current(void **state)
{
	(void)state;
	embedded_matches(true);
	embedded_matches(false);
	/* Two different programs: --no-network adds the socket rules. */
	assert_true(sc_bpf_nonet.len > sc_bpf_net.len);
}

static int use_fake(void **state)
{
	(void)state;
	fake_reset();
	be_set_sys_ops(&fake_ops);
	return 0;
}

static int use_kernel(void **state)
{
	(void)state;
	be_set_sys_ops(NULL);
	fake_reset();
	return 0;
}

/* sc_build() picks the program of the plan, sc_load() sets NO_NEW_PRIVS
 * and hands that program to seccomp(2). */
static void load_passes_the_plans_program(void **state)
{
	struct be_plan p = {.scope = POL_SCOPE_WORKSPACE};
	struct sc_filter *f = NULL;
	struct sbx_diag d = {0};
	const char *nnp, *sc;

	(void)state;
	for (int net = 0; net <= 1; net++) {
		const struct sc_bpf *b = net ? &sc_bpf_net : &sc_bpf_nonet;

		p.network = net;
		assert_int_equal(sc_build(&p, "test", &f, &d), 0);
		assert_int_equal(sc_load(f, "test", &d), 0);
		assert_ptr_equal(fake.seccomp_insns, b->insns);
		assert_int_equal(fake.seccomp_len, b->len);
		sc_free(f);
	}
	nnp = strstr(fake.log.s, "prctl(38)"); /* PR_SET_NO_NEW_PRIVS */
	sc = strstr(fake.log.s, "seccomp_filter");
	assert_true(nnp && sc && nnp < sc);
}

/* A refused load is an error naming the step and the errno (the session
 * then exits 125: tests/integration/failclosed.sh). */
static void load_failure_names_step_and_errno(void **state)
{
	struct be_plan p = {.scope = POL_SCOPE_WORKSPACE, .network = true};
	struct sc_filter *f = NULL;
	struct sbx_diag d = {0};

	(void)state;
	assert_int_equal(sc_build(&p, "test", &f, &d), 0);
	fake.seccomp_err = EINVAL;
	assert_int_equal(sc_load(f, "test", &d), -EINVAL);
	assert_int_equal(d.err, -EINVAL);
	assert_string_equal(d.msg, "test: seccomp(SECCOMP_SET_MODE_FILTER) "
				   "failed: Invalid argument (EINVAL)");
	sc_free(f);
}

#define CHECK(cond, code)                                                      \
	do {                                                                   \
		if (!(cond))                                                   \
			_exit(code);                                           \
	} while (0)

/* Returns -errno of a failed call, or its result. */
#define ERR(call) ((call) < 0 ? -errno : 0)

static int in_child(bool network)
{
	struct be_plan p = {.scope = POL_SCOPE_WORKSPACE, .network = network};
	struct sc_filter *f = NULL;
	struct sbx_diag d = {0};
	pid_t pid;
	int st;

	assert_int_equal(sc_build(&p, "test", &f, &d), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		int fd = open("/dev/null", O_RDWR), sv[2], s;
		long uid = (long)getuid();
		char c = 'x';
		pid_t k;

		CHECK(sc_load(f, "test", &d) == 0, 2);
		/* Loaded: mode 2 (filter) in /proc/self/status terms. */
		CHECK(prctl(PR_GET_SECCOMP) == 2, 3);
		/* Calls the filter lets through without looking. */
		CHECK(syscall(SYS_getpid) == getpid() && getpid() > 0, 4);
		/* getuid is x86_64's 102, i386's socketcall number: the
		 * --no-network rule for the latter must not land on it. */
		CHECK(syscall(SYS_getuid) == uid, 5);
		/* TIOCSTI, plain and with bits above 32 (the kernel
		 * truncates the request to unsigned int). */
		CHECK(ERR(ioctl(fd, TIOCSTI, &c)) == -EPERM, 10);
		CHECK(ERR(syscall(SYS_ioctl, fd, TIOCSTI | (1UL << 32), &c)) ==
			  -EPERM,
		      11);
		CHECK(ERR(syscall(SYS_ioctl, fd, 0x541CUL | (7UL << 40), &c)) ==
			  -EPERM,
		      12);
		/* An ordinary ioctl still reaches the driver (ENOTTY). */
		CHECK(ERR(ioctl(fd, TIOCGPGRP, &k)) == -ENOTTY, 13);
		CHECK(ERR(ptrace(PTRACE_TRACEME, 0, 0, 0)) == -EPERM, 14);
		CHECK(ERR(unshare(CLONE_NEWUSER)) == -EPERM, 15);
		CHECK(ERR(unshare(CLONE_NEWNS)) == -EPERM, 16);
		CHECK(ERR(syscall(SYS_mount, "none", "/", NULL, 0, NULL)) ==
			  -EPERM,
		      17);
		CHECK(ERR(syscall(SYS_bpf, 0, NULL, 0)) == -EPERM, 18);
		CHECK(ERR(syscall(SYS_keyctl, 0, 0, 0, 0, 0)) == -EPERM, 19);
		CHECK(ERR(syscall(SYS_io_uring_setup, 1, NULL)) == -EPERM, 20);
		CHECK(ERR(syscall(SYS_clone3, NULL, 0)) == -ENOSYS, 21);
		CHECK(ERR(syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0,
				  0)) == -EPERM,
		      22);
		CHECK(ERR(syscall(SYS_clone, CLONE_NEWNET | SIGCHLD, 0, 0, 0,
				  0)) == -EPERM,
		      23);
		CHECK(ERR(syscall(SYS_setns, fd, 0)) == -EPERM, 24);
		CHECK(ERR(syscall(SYS_userfaultfd, 0)) == -EPERM, 25);
		CHECK(ERR(syscall(SYS_perf_event_open, NULL, 0, -1, -1, 0)) ==
			  -EPERM,
		      26);
		CHECK(ERR(chroot("/")) == -EPERM, 27);
		CHECK(ERR(syscall(SYS_open_by_handle_at, AT_FDCWD, NULL, 0)) ==
			  -EPERM,
		      33);
		/* An over-long name: harmless even if the filter were gone. */
		CHECK(ERR(syscall(SYS_sethostname, "x", (size_t)-1)) == -EPERM,
		      34);
		/* Device nodes refused before any permission check; FIFOs
		 * are not device nodes and reach the filesystem. */
		CHECK(ERR(mknod("/nonexistent/x", S_IFCHR | 0600,
				makedev(1, 3))) == -EPERM,
		      28);
		CHECK(ERR(syscall(SYS_mknodat, AT_FDCWD, "/nonexistent/x",
				  S_IFBLK | 0600, makedev(8, 0))) == -EPERM,
		      29);
		CHECK(ERR(mknod("/nonexistent/x", S_IFIFO | 0600, 0)) ==
			  -ENOENT,
		      32);
		/* fork() (clone without namespace flags) works. */
		k = fork();
		CHECK(k >= 0, 30);
		if (k == 0)
			_exit(0);
		CHECK(waitpid(k, &st, 0) == k && st == 0, 31);
		/* Unix sockets always work. */
		s = socket(AF_UNIX, SOCK_STREAM, 0);
		CHECK(s >= 0, 40);
		close(s);
		CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0, 41);
		s = socket(AF_INET, SOCK_STREAM, 0);
		if (network) {
			CHECK(s >= 0, 50);
		} else {
			CHECK(s < 0 && errno == EPERM, 51);
			CHECK(ERR(socket(AF_INET6, SOCK_DGRAM, 0)) == -EPERM,
			      52);
			CHECK(ERR(socket(AF_NETLINK, SOCK_RAW, 0)) == -EPERM,
			      53);
			CHECK(ERR(socket(AF_PACKET, SOCK_RAW, 0)) == -EPERM,
			      54);
			CHECK(ERR(socketpair(AF_INET, SOCK_STREAM, 0, sv)) ==
				  -EPERM,
			      55);
			/* AF_UNIX with high bits is not AF_UNIX for the
			 * filter: denied (safe direction). */
			CHECK(ERR(syscall(SYS_socket, AF_INET | (1UL << 32),
					  SOCK_STREAM, 0)) == -EPERM,
			      56);
		}
#if defined(__x86_64__)
		{
			/* i386 ABI from a 64-bit process (int $0x80): the
			 * same rules apply; ptrace is 26 there. Skipped when
			 * the kernel has no IA32 emulation (ENOSYS). */
			long ret;

			__asm__ volatile("int $0x80"
					 : "=a"(ret)
					 : "a"(20L) /* getpid */
					 : "memory");
			/* x32 is refused whole (seccomp_gen.c): ptrace (521 |
			 * __X32_SYSCALL_BIT) and getuid (102) alike; the
			 * filter answers before the kernel looks (x32 may be
			 * off, which would say ENOSYS). */
			CHECK(ERR(syscall(0x40000000L | 521, 0, 0, 0, 0)) ==
				  -EPERM,
			      61);
			CHECK(ERR(syscall(0x40000000L | 102)) == -EPERM, 62);
			if (ret > 0) {
				__asm__ volatile("int $0x80"
						 : "=a"(ret)
						 : "a"(26L), "b"(0L), "c"(0L),
						   "d"(0L)
						 : "memory");
				CHECK(ret == -EPERM, 60);
				/* socketcall(SYS_CONNECT, NULL): refused
				 * whole without network; with network the
				 * kernel answers (EFAULT for the NULL). */
				__asm__ volatile("int $0x80"
						 : "=a"(ret)
						 : "a"(102L), "b"(3L), "c"(0L)
						 : "memory");
				CHECK(network ? ret != -EPERM : ret == -EPERM,
				      63);
			}
		}
#endif
		_exit(0);
	}
	assert_int_equal(waitpid(pid, &st, 0), pid);
	sc_free(f);
	assert_true(WIFEXITED(st));
	return WEXITSTATUS(st);
}

static void filter_denies_with_eperm_no_network(void **state)
{
	(void)state;
	assert_int_equal(in_child(false), 0);
}

static void filter_keeps_network_when_allowed(void **state)
{
	(void)state;
	assert_int_equal(in_child(true), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(table_lists_every_required_call),
	    cmocka_unit_test(embedded_programs_are_current),
	    cmocka_unit_test_setup_teardown(load_passes_the_plans_program,
					    use_fake, use_kernel),
	    cmocka_unit_test_setup_teardown(load_failure_names_step_and_errno,
					    use_fake, use_kernel),
	    cmocka_unit_test(filter_denies_with_eperm_no_network),
	    cmocka_unit_test(filter_keeps_network_when_allowed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
