/* backends/audit_sup.c — Landlock's audit records as the source of the
 * denial lines (issue 23, docs/explain.md "Where the paths come from").
 *
 * With Landlock ABI 7 the kernel writes one AUDIT_LANDLOCK_ACCESS record
 * per denial of a domain created with LANDLOCK_RESTRICT_SELF_LOG_NEW_EXEC_ON
 * (ll_rules_restrict()), naming the path even when the tool prints
 * nothing and whatever its stderr is (a terminal, /dev/null). A socket
 * bound to the audit read-log multicast group (AUDIT_NLGRP_READLOG)
 * receives every record of the machine without taking auditd's place; the
 * bind needs CAP_AUDIT_READ (root), checked at bind time only.
 *
 * Who holds the socket: P0, the supervisor outside the sandbox
 * (backends/pidns.c), never the shell. The socket sees every record of
 * the host (other users' logins, commands, their Landlock denials): a job
 * that took over the shell process (it runs job-chosen code all the
 * time: a crafted here-document, a parser bug) would read the host's
 * audit stream through a socket the shell kept. P0 runs no job-chosen
 * code, is non-dumpable and holds no capability after pns_drop(); it
 * binds the socket while still privileged (here, before the forks), and
 * passes on only the records of the session's own domain: the domain
 * whose AUDIT_LANDLOCK_DOMAIN "allocated" record names the shell's pid as
 * its creator, and whose creator's name (comm=) was the session's random
 * name (as_comm(): the shell takes it for its landlock_restrict_self()
 * and puts its own back). Records of any other domain, and every other
 * record type, never leave P0.
 *
 * Why the name as well as the pid: the record names the process that
 * created the domain by its pid as it was then, and pids come round
 * again (pid_max is 32768 on many hosts). A process elsewhere (another
 * session's job, any user's) creates a domain, leaves a child in it that
 * has been refused nothing yet, and exits; once the shell of a session
 * starting later gets that pid, the child's first refusal writes
 * "allocated pid=<the shell's>" before the shell's own domain's, and the
 * session would take the other domain for its own: its lines would
 * name the other process's refusals and never its own (denials_cross.py
 * shows it, the pids laid out through ns_last_pid). That domain was made
 * before the name was drawn, by a process that could not know it.
 *
 * Only in the initial PID namespace: the records name processes by the
 * host's pids, and a supervisor inside a PID namespace of its own (a
 * container) knows the shell by another number, which a process of the
 * host may have (as_open() says so and leaves the source off). The shell gets
 * them on a pipe (read end close-on-exec, above the redirection range; P0
 * writes without blocking and drops what does not fit, so a job that floods
 * denials cannot stall the supervisor).
 *
 * Only where the kernel has ABI >= 7, the session runs under a PID
 * namespace (no P0 otherwise), the bind is allowed (root, in the initial
 * user namespace) and the kernel's audit is on (auditd, audit=1 or
 * `auditctl -e 1`: with it off Landlock writes nothing). Else the shell
 * reads stderr back as before, and `policy` says why (as_note()).
 *
 * The sync socket (open_sync()): an abstract unix socket P0 holds
 * listening under a random name and never accepts on. The shell's
 * connect to it after a failed command is refused by Landlock's scope
 * (the socket was made outside the domain) and logged: its record marks
 * the end of the command's (kaudit.c). A job cannot reach it either (the
 * same scope); a host process that finds the name in /proc/net/unix and
 * connects sits in a backlog nobody reads; a name taken already only
 * means no socket (the shell then waits by time).
 *
 * Not in these records: the mount layer's refusals (EROFS, EBUSY: the
 * kernel refuses before Landlock is asked). Those come from syscall
 * records on the same socket, through rules for this session only
 * (audit_mnt.c), where they can be set up; else from stderr.
 *
 * Cost: a socket bound and a pipe at start-up (tens of microseconds);
 * the question whether audit is on (AUDIT_GET, answered from a kernel
 * thread, 0.5 to 1 ms) is asked by P0, which puts the answer in a shared
 * page (as_ask(), as_audit()), so no start-up waits for it. Nothing in the
 * shell until a command fails or `policy` is asked.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/audit.h>
#include <linux/netlink.h>
#include <poll.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/time.h>
#include <unistd.h>

#include "audit_mnt.h"
#include "audit_sup.h"
#include "auditrec.h"

/* libaudit's; not in the UAPI header */
#define AS_MAXMSG 8970

#ifndef AUDIT_NLGRP_READLOG
#define AUDIT_NLGRP_READLOG 1
#endif

static struct {
	int sock;  /* P0: the read-log socket */
	int wr;	   /* P0: the pipe's write end */
	int rd;	   /* the shell: its read end */
	char *why; /* why the source is off, or NULL */
	/* P0's answer to AUDIT_GET (AS_AUDIT_*), in a page shared with the
	 * shell since before the forks: every process of the shell reads it
	 * (a subshell's `policy` too) without taking it from the others, as
	 * reading a line from the pipe would. */
	int *answer;
	/* The sync socket (as_sync_path()): P0 holds it listening. */
	int sync;
	char sync_path[40]; /* "\0sbxsh-audit-sync-<16 hex>" */
	size_t sync_len;
	char sync_hex[80];
	/* The name the shell has while it creates its domain (as_comm()),
	 * drawn before the forks: "sbx" and 12 hex digits */
	char comm[16];
	/* P0: the session's domain, once its "allocated" record came */
	bool have_domain;
	uint64_t domain;
	/* P0: access records that came before it (the kernel writes the
	 * first denial's record before the domain's) */
	char *pend[16];
	size_t npend;
} as = {.sock = -1, .wr = -1, .rd = -1, .sync = -1};

/* |msg|, and ": strerror(err)" when |err| > 0. */
static void set_why(const char *msg, int err)
{
	free(as.why);
	as.why =
	    err > 0 ? xasprintf("%s: %s", msg, strerror(err)) : xstrdup(msg);
}

static void close_all(void)
{
	if (as.sock >= 0)
		close(as.sock);
	if (as.wr >= 0)
		close(as.wr);
	if (as.rd >= 0)
		close(as.rd);
	if (as.sync >= 0)
		close(as.sync);
	as.sock = as.wr = as.rd = as.sync = -1;
}

static void answer(int v)
{
	if (as.answer)
		__atomic_store_n(as.answer, v, __ATOMIC_RELEASE);
}

/* P0, still privileged (AUDIT_GET needs CAP_AUDIT_CONTROL, checked
 * when the request is sent): asks whether the kernel's audit is on. The
 * kernel answers from a kernel thread, 0.5 to 1 ms later on a busy
 * machine: P0 reads the answer with the records (as_pump()) and tells
 * the shell, so nobody's start-up waits for it. */
void as_ask(void)
{
	struct {
		struct nlmsghdr h;
		char pad[16];
	} req = {0};
	struct sockaddr_nl k = {.nl_family = AF_NETLINK};

	if (as.sock < 0)
		return;
	req.h.nlmsg_len = NLMSG_LENGTH(0);
	req.h.nlmsg_type = AUDIT_GET;
	req.h.nlmsg_flags = NLM_F_REQUEST;
	req.h.nlmsg_seq = 1;
	if (sendto(as.sock, &req, req.h.nlmsg_len, MSG_DONTWAIT,
		   (struct sockaddr *)&k, sizeof(k)) < 0)
		answer(AS_AUDIT_UNKNOWN);
}

/* The sync socket: a random name, so that no other process's socket is
 * taken for it (and none of them is connected to). Without it the shell
 * waits by time (kaudit.c). */
static void open_sync(void)
{
	struct sockaddr_un a = {.sun_family = AF_UNIX};
	uint64_t r;
	int fd;

	if (getrandom(&r, sizeof(r), GRND_NONBLOCK) != sizeof(r))
		return;
	as.sync_len =
	    1 + (size_t)snprintf(as.sync_path + 1, sizeof(as.sync_path) - 1,
				 "sbxsh-audit-sync-%016llx",
				 (unsigned long long)r);
	for (size_t i = 0; i < as.sync_len; i++)
		snprintf(as.sync_hex + 2 * i, 3, "%02X",
			 (unsigned char)as.sync_path[i]);
	memcpy(a.sun_path, as.sync_path, as.sync_len);
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return;
	if (bind(fd, (struct sockaddr *)&a,
		 (socklen_t)(offsetof(struct sockaddr_un, sun_path) +
			     as.sync_len)) < 0 ||
	    listen(fd, 0) < 0) {
		close(fd);
		return;
	}
	as.sync = fd;
}

/* Is this process in another network namespace than pid 1 (the host's
 * /proc: the PID namespace comes later)? A socket made there binds the
 * read-log group but receives nothing: the kernel multicasts audit
 * records in the initial network namespace only. */
static bool own_netns(void)
{
	struct stat a, b;

	if (stat("/proc/self/ns/net", &a) < 0)
		return false;
	if (stat("/proc/1/ns/net", &b) == 0)
		return a.st_ino != b.st_ino || a.st_dev != b.st_dev;
	/* pid 1's is not ours to see (EACCES): the initial namespace's
	 * fixed inode (PROC_NET_INIT_INO, Linux 6.18 here); a kernel that
	 * numbers it otherwise gets the stderr fallback, never a claim of
	 * records that cannot come */
	return a.st_ino != 0xEFFFFFF9u;
}

/* Is this process in a PID namespace other than the initial one? Its
 * fixed inode (PROC_PID_INIT_INO, include/linux/proc_ns.h). */
static bool own_pidns(void)
{
	struct stat a;

	return stat("/proc/self/ns/pid", &a) < 0 || a.st_ino != 0xEFFFFFFCu;
}

int as_sup_sync(void)
{
	return as.sync;
}

const char *as_sync_path(size_t *len, const char **hex)
{
	if (!as.sync_len || as.rd < 0)
		return NULL;
	*len = as.sync_len;
	*hex = as.sync_hex;
	return as.sync_path;
}

void as_open(int abi)
{
	struct sockaddr_nl a = {.nl_family = AF_NETLINK,
				.nl_groups = 1u << (AUDIT_NLGRP_READLOG - 1)};
	int p[2];

	close_all();
	if (abi < 7 || own_netns() || own_pidns())
		am_forget(); /* no source: the loginuid stays as it is */
	if (abi < 7) {
		char buf[120];

		snprintf(buf, sizeof(buf),
			 "Landlock ABI %d (audit records need 7)", abi);
		free(as.why);
		as.why = xstrdup(buf);
		return;
	}
	if (own_netns()) {
		set_why("the session has a network namespace of its own "
			"(--network domains), and the kernel sends audit "
			"records to the initial one only",
			0);
		return;
	}
	if (own_pidns()) {
		set_why("sbxsh runs in a PID namespace of its own (a "
			"container): the records name processes by the host's "
			"pids, which it cannot match to its shell",
			0);
		return;
	}
	{
		uint64_t r;

		if (getrandom(&r, sizeof(r), GRND_NONBLOCK) != sizeof(r)) {
			set_why("no random name for the session's domain",
				errno);
			return;
		}
		snprintf(as.comm, sizeof(as.comm), "sbx%012llx",
			 (unsigned long long)(r & 0xffffffffffffULL));
	}
	as.sock = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT);
	if (as.sock < 0) {
		set_why("the audit socket was refused", errno);
		return;
	}
	if (bind(as.sock, (struct sockaddr *)&a, sizeof(a)) < 0) {
		int e = errno;

		close_all();
		if (e == EPERM)
			set_why("not root: reading the kernel's audit "
				"records needs CAP_AUDIT_READ",
				0);
		else
			set_why("the audit socket was refused", e);
		return;
	}
	if (pipe2(p, O_CLOEXEC | O_NONBLOCK) < 0) {
		close_all();
		set_why("no pipe for the records", errno);
		return;
	}
	as.rd = p[0];
	as.wr = p[1];
	open_sync();
	/* the mount layer's refusals, on the same socket (audit_mnt.c) */
#ifdef SBXSH_BENCH_KNOBS
	/* tests/bench only (sbxsh_knobs, never installed): the start-up
	 * without the mount layer's rules and their helper */
	if (getenv("SBXSH_BENCH_OFF") &&
	    strstr(getenv("SBXSH_BENCH_OFF"), "mntaudit"))
		am_forget();
	else
#endif
		am_open();
	if (!as.answer) {
		void *m = mmap(NULL, sizeof(int), PROT_READ | PROT_WRITE,
			       MAP_SHARED | MAP_ANONYMOUS, -1, 0);

		as.answer = m == MAP_FAILED ? NULL : m;
	}
	free(as.why);
	as.why = NULL;
}

void as_child(bool supervised)
{
	am_forget();
	if (as.sock >= 0)
		close(as.sock);
	if (as.wr >= 0)
		close(as.wr);
	if (as.sync >= 0)
		close(as.sync);
	as.sock = as.wr = as.sync = -1;
	if (as.rd < 0)
		return;
	if (!supervised) {
		close(as.rd);
		as.rd = -1;
		set_why("no supervisor outside the sandbox to read them (no "
			"private PID namespace)",
			0);
		return;
	}
	/* Out of the range redirections name (a job's `exec 3<&-` cannot
	 * close it under the shell) and close-on-exec: no job has it. */
	{
		int fd = fcntl(as.rd, F_DUPFD_CLOEXEC, SBX_FD_PRIVATE);

		if (fd >= 0) {
			close(as.rd);
			as.rd = fd;
		}
	}
}

int as_sup_sock(void)
{
	return as.sock;
}

int as_sup_pipe(void)
{
	return as.wr;
}

int as_shell_fd(void)
{
	return as.rd;
}

const char *as_comm(void)
{
	return as.rd >= 0 && as.comm[0] ? as.comm : NULL;
}

int as_audit(void)
{
	return as.answer ? __atomic_load_n(as.answer, __ATOMIC_ACQUIRE)
			 : AS_AUDIT_UNKNOWN;
}

const char *as_why(void)
{
	return as.why;
}

static void pass(const char *text, size_t n)
{
	char line[AS_MAXMSG + 2];

	if (n > AS_MAXMSG)
		return;
	memcpy(line, text, n);
	line[n] = '\n';
	/* O_NONBLOCK: a full pipe (a shell that reads nothing while a job
	 * floods denials) loses the record, never stalls P0. Only writes up
	 * to PIPE_BUF are whole or nothing: a longer record (a path of
	 * thousands of bytes) is dropped rather than cut. */
	if (n + 1 <= PIPE_BUF && write(as.wr, line, n + 1) < 0) {
		/* dropped */
	}
}

static void one(pid_t shell, int type, const char *text, size_t n)
{
	struct ar_rec r;

	if (ar_parse(type, text, n, &r) < 0)
		return;
	/* the shell's domain: made by the shell's pid under the session's
	 * name (pids come round again: see the head of this file) */
	if (type == AR_TYPE_DOMAIN && r.allocated && !as.have_domain &&
	    r.pid == (long)shell && r.comm && as.comm[0] &&
	    strcmp(r.comm, as.comm) == 0) {
		as.have_domain = true;
		as.domain = r.domain;
		for (size_t i = 0; i < as.npend; i++) {
			struct ar_rec q;

			if (ar_parse(AR_TYPE_ACCESS, as.pend[i],
				     strlen(as.pend[i]), &q) == 0 &&
			    q.domain == as.domain)
				pass(as.pend[i], strlen(as.pend[i]));
			ar_free(&q);
			free(as.pend[i]);
		}
		as.npend = 0;
	} else if (type == AR_TYPE_ACCESS && as.have_domain &&
		   r.domain == as.domain) {
		pass(text, strnlen(text, n));
	} else if (type == AR_TYPE_ACCESS && !as.have_domain) {
		/* kept until the domain's record says whose it is */
		if (as.npend == sizeof(as.pend) / sizeof(*as.pend)) {
			free(as.pend[0]);
			memmove(as.pend, as.pend + 1,
				(as.npend - 1) * sizeof(*as.pend));
			as.npend--;
		}
		as.pend[as.npend++] = xstrndup(text, strnlen(text, n));
	}
	ar_free(&r);
}

void as_pump(pid_t shell)
{
	union {
		struct nlmsghdr h;
		char buf[AS_MAXMSG + NLMSG_HDRLEN + 64];
	} m;

	if (as.sock < 0)
		return;
	/* At most 256 at a time: the caller's poll() then looks at the
	 * shell's pipe again, which a stream of other sessions' records
	 * arriving as fast as they are read would otherwise starve. */
	for (int k = 0; k < 256; k++) {
		struct sockaddr_nl from = {0};
		socklen_t fl = sizeof(from);
		ssize_t n = recvfrom(as.sock, &m, sizeof(m), MSG_DONTWAIT,
				     (struct sockaddr *)&from, &fl);

		if (n < 0 && (errno == EINTR || errno == ENOBUFS))
			continue; /* ENOBUFS: records lost, go on */
		if (n < (ssize_t)NLMSG_HDRLEN)
			return;
		/* The kernel's only (port 0). A process holding
		 * CAP_NET_ADMIN can send to this socket's port too: text
		 * shaped like a record (a syscall record with the session's
		 * key, which the banner names) would be a denial line of
		 * its choosing in the session (denials_cross.py). */
		if (fl < sizeof(from) || from.nl_family != AF_NETLINK ||
		    from.nl_pid != 0)
			continue;
		if (m.h.nlmsg_len < NLMSG_HDRLEN || m.h.nlmsg_len > (size_t)n)
			continue;
		if (m.h.nlmsg_type == AUDIT_GET &&
		    m.h.nlmsg_len >=
			NLMSG_LENGTH(sizeof(struct audit_status))) {
			struct audit_status st;

			memcpy(&st, NLMSG_DATA(&m.h), sizeof(st));
			answer(st.enabled ? AS_AUDIT_ON : AS_AUDIT_OFF);
		} else if (m.h.nlmsg_type == NLMSG_ERROR) {
			/* refused: records may still come */
			answer(AS_AUDIT_UNKNOWN);
		} else if (m.h.nlmsg_type == AR_TYPE_ACCESS ||
			   m.h.nlmsg_type == AR_TYPE_DOMAIN) {
			one(shell, m.h.nlmsg_type, NLMSG_DATA(&m.h),
			    m.h.nlmsg_len - NLMSG_HDRLEN);
		} else if (m.h.nlmsg_type == AR_TYPE_SYSCALL ||
			   m.h.nlmsg_type == AR_TYPE_PATH ||
			   m.h.nlmsg_type == AR_TYPE_CWD ||
			   m.h.nlmsg_type == AR_TYPE_EOE) {
			am_take(shell, m.h.nlmsg_type, NLMSG_DATA(&m.h),
				m.h.nlmsg_len - NLMSG_HDRLEN, pass);
		}
	}
}

void as_note(struct be_notes *notes)
{
	am_note(notes);
	if (as.rd >= 0)
		be_note(notes, "denials", AS_NOTE_ON);
	else
		be_note(notes, "denials", AS_NOTE_OFF "%s",
			as.why ? as.why
			       : "no supervisor outside the sandbox to read "
				 "them (no private PID namespace)");
}
