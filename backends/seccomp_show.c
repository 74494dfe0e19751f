/* backends/seccomp_show.c — what the seccomp filter refuses, as people
 * read it (`policy`, --print-policy and their JSON): sc_rules[]
 * (seccomp.c) grouped into a few families. Read from the table itself, so
 * the summary cannot drift from the filter: a call no family names is
 * listed under "other", never left out. */
#include <string.h>

#include "backend.h"
#include "be_seccomp.h"

static const struct {
	const char *family;
	const char *calls; /* " name name ... " */
} families[] = {
    {"terminal input injection (ioctl TIOCSTI, TIOCLINUX, TIOCSCTTY, "
     "TIOCSETD)",
     " ioctl "},
    {"other processes' memory",
     " ptrace process_vm_readv process_vm_writev pidfd_getfd kcmp "},
    {"the kernel itself",
     " init_module finit_module delete_module kexec_load kexec_file_load "
     "bpf perf_event_open syslog memfd_secret personality userfaultfd "
     "io_uring_setup io_uring_enter io_uring_register iopl ioperm "
     "lsm_set_self_attr "},
    {"keyrings", " keyctl add_key request_key "},
    {"mounts and namespaces (clone: with a CLONE_NEW* flag)",
     " mount umount umount2 fsopen fsmount fsconfig fspick move_mount "
     "open_tree mount_setattr open_tree_attr pivot_root chroot unshare "
     "setns clone clone3 open_by_handle_at name_to_handle_at "
     "fanotify_init "},
    {"the machine (reboot, swap, clock, hostname, quotas)",
     " reboot swapon swapoff acct sethostname setdomainname settimeofday "
     "stime clock_settime clock_settime64 clock_adjtime clock_adjtime64 "
     "adjtimex quotactl quotactl_fd "},
    {"device nodes (char and block)", " mknod mknodat "},
    {"network sockets other than AF_UNIX", " socket socketpair "},
};

static bool named(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = strstr(list, name); p; p = strstr(p + 1, name))
		if (p[-1] == ' ' && p[n] == ' ')
			return true;
	return false;
}

/* Does row |r| apply to a session with |network|? */
static bool applies(const struct sc_rule *r, bool network)
{
	return !(r->when & SC_NO_NETWORK) || !network;
}

/* One "family: a, b" line of the rows of family |fam| (-1: no family
 * names them; -2: the SysV IPC rows), into |out|; none when it has no
 * row for this session. */
static void family_line(const char *family, int fam, bool network,
			struct sbx_strv *out)
{
	struct sbx_buf b = {0};
	const char *last = "";

	for (size_t i = 0; i < sc_nrules; i++) {
		const struct sc_rule *r = &sc_rules[i];
		int f = -1;

		if (!applies(r, network))
			continue;
		if (r->when & SC_NO_IPCNS) {
			f = -2;
		} else {
			for (size_t k = 0;
			     k < sizeof(families) / sizeof(*families); k++)
				if (named(families[k].calls, r->name)) {
					f = (int)k;
					break;
				}
		}
		if (f != fam || !strcmp(last, r->name))
			continue;
		buf_printf(&b, "%s%s", b.len ? ", " : "", r->name);
		last = r->name;
	}
	if (b.len) {
		struct sbx_buf l = {0};

		buf_printf(&l, "%s: %s", family, b.s);
		strv_push(out, l.s);
		buf_free(&l);
	}
	buf_free(&b);
}

void be_seccomp_families(bool network, struct sbx_strv *out)
{
	for (size_t k = 0; k < sizeof(families) / sizeof(*families); k++)
		family_line(families[k].family, (int)k, network, out);
	family_line("SysV IPC, where the session has no private IPC namespace",
		    -2, network, out);
	family_line("other", -1, network, out);
}
