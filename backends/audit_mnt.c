/* backends/audit_mnt.c — the mount layer's refusals from the kernel's
 * syscall audit records (issue 23, docs/explain.md "Where the paths come
 * from").
 *
 * The mount layer refuses in the VFS before Landlock is asked: a write
 * under a read-only bind (EROFS), a rename over a protected file that a
 * bind mount holds, such as .git/config (EBUSY), a masked path that is a
 * mode-000 tmpfs under --backend namespace (EACCES). No Landlock record
 * names them, so a tool that fails on one without printing got no line at
 * a terminal. The kernel's syscall auditing can name them: an exit-filter
 * rule matching the return value writes a SYSCALL record (with the rule's
 * key) and a PATH record per name the call looked up.
 *
 * Bounded to this session: before the forks (still privileged) this
 * process writes its own loginuid to /proc/self/loginuid, which gives it
 * a new audit session id that every process of the session inherits and
 * no other process has; the rules match that session id only (and one
 * return value each: -EROFS, -EBUSY, -EACCES), keyed
 * "sbxsh-<supervisor pid>-<helper pid>". A host process's refusals,
 * another session's, never match.
 *
 * What this changes on the host, named in the banner and `policy`
 * (am_note()): three rules in the kernel's audit rule list for the
 * session's length; the session's audit session id (and its auid is set
 * to the user's uid where it was unset), which the host's audit log
 * shows; each matching refusal is one more event in the host's audit log
 * (the kernel log when no auditd runs). Removed when the session ends:
 * a helper forked here, holding CAP_AUDIT_CONTROL and nothing else, with
 * no descriptor but its netlink socket and a pidfd of the supervisor,
 * deletes the rules when the supervisor is gone, however it ended
 * (SIGKILL too). The supervisor itself keeps no capability (pidns.c).
 * Were the helper killed as well, the rules are stale: every session's
 * helper first deletes the rules of our shape whose key names a process
 * that no longer has the rule's session id.
 *
 * Fails closed in what it claims: any step refused (not root, a
 * loginuid made immutable, audit rules locked, a user namespace) and the
 * note says the terminal gets no line for these refusals, and why.
 */
#include "audit_mnt.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/capability.h>
#include <linux/netlink.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <unistd.h>

#include "audit_sup.h"
#include "auditrec.h"
#include "sbx.h"

#define AM_NRULES 3
#define AM_MAXNAMES 4

static const int am_errs[AM_NRULES] = {EROFS, EBUSY, EACCES};

static struct {
	int luid_fd; /* am_prepare(): /proc/self/loginuid, open to write */
	int luid_err;
	bool on;
	char *why;
	char key[32]; /* "sbxsh-<pid>-<helper pid>" */
	unsigned ses;
	/* P0: the event being put together (one serial, EOE last) */
	bool ours;
	uint64_t serial, ms;
	long exit;
	char *cwd;
	char *names[AM_MAXNAMES];
	bool parent[AM_MAXNAMES];
	size_t n;
	/* Shared with the helper since before its fork (MAP_SHARED):
	 * state[0]: 0 while it adds the rules, 1 once they are in, -errno
	 * if refused (am_wait()); state[1]: its AUDIT_GET answer
	 * (AS_AUDIT_*, am_audit()). */
	int *state;
} am = {.luid_fd = -1};

static void set_why(const char *msg, int err)
{
	free(am.why);
	am.why =
	    err > 0 ? xasprintf("%s: %s", msg, strerror(err)) : xstrdup(msg);
}

/* One rule: exit == -|err| for audit session |ses|, keyed |key|, every
 * syscall. Returns its size in |out| (at least sizeof(rule) + 32). */
static size_t rule(void *out, unsigned ses, int err, const char *key)
{
	struct audit_rule_data *r = out;
	size_t kl = strlen(key);

	memset(r, 0, sizeof(*r) + kl);
	r->flags = AUDIT_FILTER_EXIT;
	r->action = AUDIT_ALWAYS;
	for (int i = 0; i < AUDIT_BITMASK_SIZE; i++)
		r->mask[i] = ~0u;
	r->field_count = 3;
	r->fields[0] = AUDIT_SESSIONID;
	r->values[0] = ses;
	r->fieldflags[0] = AUDIT_EQUAL;
	r->fields[1] = AUDIT_EXIT;
	r->values[1] = (uint32_t)-err;
	r->fieldflags[1] = AUDIT_EQUAL;
	r->fields[2] = AUDIT_FILTERKEY;
	r->values[2] = (uint32_t)kl;
	r->fieldflags[2] = AUDIT_EQUAL;
	memcpy(r->buf, key, kl);
	r->buflen = (uint32_t)kl;
	return sizeof(*r) + kl;
}

/* Sends one request and reads its acknowledgement: 0 or -errno. The
 * kernel handles rule changes in the sender's context, so the ack is
 * there when sendto() returns. */
static int request(int s, int type, const void *data, size_t n)
{
	union {
		struct nlmsghdr h;
		char b[NLMSG_SPACE(sizeof(struct audit_rule_data) + 64) + 64];
	} m;
	struct sockaddr_nl k = {.nl_family = AF_NETLINK};
	static uint32_t seq = 100;

	if (NLMSG_LENGTH(n) > sizeof(m))
		return -EINVAL;
	memset(&m, 0, sizeof(m));
	m.h.nlmsg_len = NLMSG_LENGTH(n);
	m.h.nlmsg_type = (uint16_t)type;
	m.h.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	m.h.nlmsg_seq = ++seq;
	memcpy(NLMSG_DATA(&m.h), data, n);
	if (sendto(s, &m, m.h.nlmsg_len, 0, (struct sockaddr *)&k, sizeof(k)) <
	    0)
		return -errno;
	for (int tries = 0; tries < 8; tries++) {
		ssize_t r = recv(s, &m, sizeof(m), 0);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < (ssize_t)NLMSG_HDRLEN)
			return r < 0 ? -errno : -EIO;
		if (m.h.nlmsg_type == NLMSG_ERROR &&
		    m.h.nlmsg_len >= NLMSG_LENGTH(sizeof(struct nlmsgerr)))
			return ((struct nlmsgerr *)NLMSG_DATA(&m.h))->error;
	}
	return -EIO;
}

/*
 * The helper's three rules added in one message (one sendto, three
 * requests: the kernel takes its audit lock once; an addition is quick).
 * Returns how many were added, |added[i]| saying which, and the first
 * error in |err|.
 */
static int rules_all(int s, int type, unsigned ses, const char *key,
		     bool added[], int *err)
{
	enum { ONE = NLMSG_SPACE(sizeof(struct audit_rule_data) + 32) };
	union {
		struct nlmsghdr h;
		char b[AM_NRULES * ONE + 64];
	} m;
	struct sockaddr_nl k = {.nl_family = AF_NETLINK};
	size_t off = 0;
	int n = 0, got = 0;
	uint32_t base = 200;

	memset(&m, 0, sizeof(m));
	*err = 0;
	for (int i = 0; i < AM_NRULES; i++) {
		struct nlmsghdr *h = (struct nlmsghdr *)(m.b + off);
		size_t len = rule(NLMSG_DATA(h), ses, am_errs[i], key);

		added[i] = false;
		h->nlmsg_len = NLMSG_LENGTH(len);
		h->nlmsg_type = (uint16_t)type;
		h->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
		h->nlmsg_seq = base + (uint32_t)i;
		off += NLMSG_ALIGN(h->nlmsg_len);
	}
	if (sendto(s, m.b, off, 0, (struct sockaddr *)&k, sizeof(k)) < 0) {
		*err = -errno;
		return 0;
	}
	/* one acknowledgement each, in order; a few tries more for what
	 * else the socket may get */
	for (int tries = 0; got < AM_NRULES && tries < AM_NRULES + 8; tries++) {
		ssize_t r = recv(s, &m, sizeof(m), 0);
		struct nlmsghdr *h = &m.h;
		size_t left = r > 0 ? (size_t)r : 0;

		if (r < 0 && errno == EINTR)
			continue;
		if (r < (ssize_t)NLMSG_HDRLEN) {
			if (!*err)
				*err = r < 0 ? -errno : -EIO;
			break;
		}
		for (; NLMSG_OK(h, left); h = NLMSG_NEXT(h, left)) {
			uint32_t i = h->nlmsg_seq - base;
			int e;

			if (h->nlmsg_type != NLMSG_ERROR || i >= AM_NRULES ||
			    h->nlmsg_len <
				NLMSG_LENGTH(sizeof(struct nlmsgerr)))
				continue;
			e = ((struct nlmsgerr *)NLMSG_DATA(h))->error;
			got++;
			if (e == 0 && !added[i]) {
				added[i] = true;
				n++;
			} else if (e < 0 && !*err) {
				*err = e;
			}
		}
	}
	if (n < AM_NRULES && !*err)
		*err = -EIO;
	return n;
}

static unsigned read_uint_at(int dir, const char *path, bool *ok)
{
	char b[32] = {0};
	int fd = openat(dir, path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, b, sizeof(b) - 1);

	if (fd >= 0)
		close(fd);
	*ok = n > 0;
	return n > 0 ? (unsigned)strtoul(b, NULL, 10) : 0;
}

/* Is |pid| a live process of audit session |ses| (through the host's
 * /proc opened before the PID namespace's was mounted over it in this
 * mount namespace)? A process killed and not yet reaped keeps its session
 * id, and does not count. */
static bool alive_in(int proc, long pid, unsigned ses)
{
	char path[48], st[512] = {0}, *rp;
	unsigned now;
	bool ok;
	int fd;
	ssize_t n;

	snprintf(path, sizeof(path), "%ld/sessionid", pid);
	now = read_uint_at(proc, path, &ok);
	if (!ok || now != ses)
		return false;
	snprintf(path, sizeof(path), "%ld/stat", pid);
	fd = openat(proc, path, O_RDONLY | O_CLOEXEC);
	n = fd < 0 ? -1 : read(fd, st, sizeof(st) - 1);
	if (fd >= 0)
		close(fd);
	rp = n > 0 ? strrchr(st, ')') : NULL;
	return !(rp && rp[1] == ' ' && (rp[2] == 'Z' || rp[2] == 'X'));
}

/* A listed rule of our shape (session id, exit, key "sbxsh-<sup>-<helper>",
 * or an older sbxsh's "sbxsh-<sup>") whose supervisor and helper are both
 * gone: left by a session whose helper was killed. A session that has just
 * ended while its helper is still deleting its rules is not stale: a
 * second deletion of the same rules, by the next session's helper, only
 * held the kernel's audit lock longer. */
bool am_stale(int proc, const struct audit_rule_data *r, size_t len)
{
	char key[32];
	unsigned ses = 0;
	long pid, hpid = 0;
	char *end;

	if (len < sizeof(*r) || r->field_count != 3 ||
	    r->flags != AUDIT_FILTER_EXIT || r->buflen >= sizeof(key) ||
	    sizeof(*r) + r->buflen > len)
		return false;
	for (int i = 0; i < 3; i++) {
		if (r->fields[i] == AUDIT_SESSIONID)
			ses = r->values[i];
		else if (r->fields[i] != AUDIT_EXIT &&
			 r->fields[i] != AUDIT_FILTERKEY)
			return false;
	}
	memcpy(key, r->buf, r->buflen);
	key[r->buflen] = 0;
	if (strncmp(key, "sbxsh-", 6) || !strcmp(key, am.key))
		return false;
	pid = strtol(key + 6, &end, 10);
	if (*end == '-') {
		if (end[1] < '1' || end[1] > '9')
			return false; /* "sbxsh-1-" is not a key of ours */
		hpid = strtol(end + 1, &end, 10);
	}
	if (*end || pid <= 0 || hpid < 0)
		return false;
	return !alive_in(proc, pid, ses) &&
	       !(hpid > 0 && alive_in(proc, hpid, ses));
}

/* The helper: is the kernel's audit on? Asked here, not by the
 * supervisor (audit_sup.c, as_ask()): the kernel answers in the sender's
 * context under its audit lock, which other sessions' rule deletions
 * hold about 10 ms each, and a supervisor blocked there could not pass
 * the shell's status on (`sbxsh -c true` back to back waited for it). */
static void ask_audit(int ctl)
{
	struct {
		struct nlmsghdr h;
		char pad[16];
	} req = {{NLMSG_LENGTH(0), AUDIT_GET, NLM_F_REQUEST, 1, 0}, {0}};
	struct sockaddr_nl k = {.nl_family = AF_NETLINK};
	struct timeval tv = {2, 0};
	union {
		struct nlmsghdr h;
		char b[512];
	} m;
	int v = AS_AUDIT_UNKNOWN;

	setsockopt(ctl, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	if (sendto(ctl, &req, req.h.nlmsg_len, 0, (struct sockaddr *)&k,
		   sizeof(k)) == (ssize_t)req.h.nlmsg_len) {
		for (int tries = 0; tries < 8; tries++) {
			ssize_t n = recv(ctl, &m, sizeof(m), 0);

			if (n < 0 && errno == EINTR)
				continue;
			if (n < (ssize_t)NLMSG_HDRLEN)
				break;
			if (m.h.nlmsg_type == AUDIT_GET &&
			    m.h.nlmsg_len >=
				NLMSG_LENGTH(sizeof(struct audit_status))) {
				struct audit_status st;

				memcpy(&st, NLMSG_DATA(&m.h), sizeof(st));
				v = st.enabled ? AS_AUDIT_ON : AS_AUDIT_OFF;
				break;
			}
			if (m.h.nlmsg_type == NLMSG_ERROR)
				break;
		}
	}
	__atomic_store_n(&am.state[1], v, __ATOMIC_RELEASE);
}

/* The helper: deletes stale rules, then ours once the supervisor is
 * gone. Runs no code but this; keeps CAP_AUDIT_CONTROL only. */
static void helper(int ctl, int proc, pid_t sup)
{
	struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
	struct __user_cap_data_struct c[2] = {{0}};
	int pidfd = (int)syscall(SYS_pidfd_open, sup, 0);
	union {
		struct nlmsghdr h;
		char b[16384];
	} m;
	char buf[sizeof(struct audit_rule_data) + 64];
	bool ours = true;

	/* Out of the terminal's reach and its signals; no descriptor of the
	 * session (a pty kept open would keep a harness waiting). */
	setsid();
	for (int sig = 1; sig < 32; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			signal(sig, SIG_IGN);
	/* 3: the netlink socket, 4: the host's /proc, 5: the pidfd */
	if (dup2(ctl, 3) < 0 || dup2(proc, 4) < 0 ||
	    (pidfd >= 0 && dup2(pidfd, 5) < 0))
		_exit(1);
	syscall(SYS_close_range, pidfd >= 0 ? 6 : 5, ~0u, 0);
	{
		int nul = open("/dev/null", O_RDWR);

		for (int fd = 0; fd < 3; fd++)
			if (nul >= 0 && nul != fd)
				dup2(nul, fd);
		if (nul > 2)
			close(nul);
	}
	ctl = 3;
	proc = 4;
	/* the key the supervisor gives the rules (am_open()) */
	snprintf(am.key, sizeof(am.key), "sbxsh-%d-%d", (int)sup,
		 (int)getpid());
	c[CAP_AUDIT_CONTROL / 32].effective = 1u << (CAP_AUDIT_CONTROL % 32);
	c[CAP_AUDIT_CONTROL / 32].permitted = 1u << (CAP_AUDIT_CONTROL % 32);
	(void)syscall(SYS_capset, &h, c);
	prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
	/* Is the kernel's audit on? With it off no rule of ours would ever
	 * write a record, and a rule costs every later session: deleting
	 * one waits in the kernel for an RCU grace period (audit_del_rule's
	 * synchronize_rcu, about 10 ms) while holding the audit lock, and
	 * every sbxsh starting meanwhile waits behind it (`sbxsh -c true`
	 * run back to back as root: 41-44 ms a session, 4-8 ms without the
	 * rules, with the kernel's audit off). */
	ask_audit(ctl);
	if (__atomic_load_n(&am.state[1], __ATOMIC_ACQUIRE) == AS_AUDIT_OFF) {
		__atomic_store_n(am.state, -ENODATA, __ATOMIC_RELEASE);
		ours = false;
	}
	/* Ours: the session goes on meanwhile (am_open()), and its shell
	 * waits for the answer only where it needs the rules (am_wait():
	 * before a command's denials are read). */
	if (ours) {
		bool added[AM_NRULES];
		int err = 0;

		if (rules_all(ctl, AUDIT_ADD_RULE, am.ses, am.key, added,
			      &err) < AM_NRULES) {
			/* refused (rules locked, no CAP_AUDIT_CONTROL):
			 * none of ours stays */
			for (int i = 0; i < AM_NRULES; i++) {
				size_t n =
				    rule(buf, am.ses, am_errs[i], am.key);

				if (added[i])
					(void)request(ctl, AUDIT_DEL_RULE, buf,
						      n);
			}
			__atomic_store_n(am.state, err < 0 ? err : -EIO,
					 __ATOMIC_RELEASE);
			ours = false;
		} else {
			__atomic_store_n(am.state, 1, __ATOMIC_RELEASE);
		}
	}
	/* Stale rules: listed (the kernel answers from a thread, so this
	 * is off the session's start-up), then deleted one by one. */
	{
		struct {
			struct nlmsghdr h;
		} req = {
		    {NLMSG_LENGTH(0), AUDIT_LIST_RULES, NLM_F_REQUEST, 1, 0}};
		struct sockaddr_nl k = {.nl_family = AF_NETLINK};
		struct timeval tv = {2, 0};
		char *del[64];
		size_t ndel = 0, dlen[64];
		bool done = false;

		setsockopt(ctl, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
		if (sendto(ctl, &req, req.h.nlmsg_len, 0, (struct sockaddr *)&k,
			   sizeof(k)) < 0)
			done = true;
		while (!done) {
			ssize_t n = recv(ctl, &m, sizeof(m), 0);
			struct nlmsghdr *nh = &m.h;
			size_t left = n > 0 ? (size_t)n : 0;

			if (n <= 0)
				break;
			for (; NLMSG_OK(nh, left); nh = NLMSG_NEXT(nh, left)) {
				size_t pl = nh->nlmsg_len - NLMSG_HDRLEN;

				if (nh->nlmsg_type == NLMSG_DONE ||
				    nh->nlmsg_type == NLMSG_ERROR)
					done = true;
				else if (nh->nlmsg_type == AUDIT_LIST_RULES &&
					 ndel < 64 &&
					 am_stale(proc, NLMSG_DATA(nh), pl)) {
					del[ndel] = xmalloc(pl);
					memcpy(del[ndel], NLMSG_DATA(nh), pl);
					dlen[ndel++] = pl;
				}
			}
		}
		for (size_t i = 0; i < ndel; i++)
			(void)request(ctl, AUDIT_DEL_RULE, del[i], dlen[i]);
	}
	/* Ours, once the supervisor has ended, however it ended. With none
	 * of ours, the helper still lives as long as the supervisor: it is
	 * the supervisor's child, which never waits for it (a helper ended
	 * early stayed a zombie in the session's tree for its whole life:
	 * load/smoke). */
	if (pidfd >= 0) {
		struct pollfd pf = {.fd = 5, .events = POLLIN};

		while (poll(&pf, 1, -1) < 0 && errno == EINTR)
			;
	} else {
		while (kill(sup, 0) == 0 || errno == EPERM)
			sleep(1);
	}
	/* One request each, not one message for the three: each deletion
	 * holds the kernel's audit lock through its RCU grace period, and
	 * between two requests another session's start gets its turn
	 * (three in one message held it 30 ms at once). */
	for (int i = 0; ours && i < AM_NRULES; i++) {
		size_t n = rule(buf, am.ses, am_errs[i], am.key);

		(void)request(ctl, AUDIT_DEL_RULE, buf, n);
	}
	_exit(0);
}

void am_prepare(void)
{
	if (am.luid_fd >= 0)
		close(am.luid_fd);
	am.luid_fd = open("/proc/self/loginuid", O_WRONLY | O_CLOEXEC);
	am.luid_err = am.luid_fd < 0 ? errno : 0;
}

void am_forget(void)
{
	if (am.luid_fd >= 0)
		close(am.luid_fd);
	am.luid_fd = -1;
}

void am_open(void)
{
	unsigned luid;
	bool ok;
	int ctl, r = 0;
	pid_t pid;

	am.on = false;
	luid = read_uint_at(AT_FDCWD, "/proc/self/loginuid", &ok);
	if (!ok) {
		set_why("no /proc/self/loginuid", 0);
		am_forget();
		return;
	}
	ctl = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT);
	if (ctl < 0) {
		set_why("the audit control socket was refused", errno);
		am_forget();
		return;
	}
	/* The session's own audit session id: a write of the loginuid
	 * (the same one where it was set, the uid where unset) starts a
	 * new one, inherited by every process forked from here on. */
	{
		char v[16];
		int fd = am.luid_fd;
		int n =
		    snprintf(v, sizeof(v), "%u",
			     luid == (unsigned)-1 ? (unsigned)getuid() : luid);
		int e = fd < 0 ? am.luid_err : 0;

		am.luid_fd = -1;
		if (fd >= 0 && write(fd, v, (size_t)n) != n)
			e = errno;
		if (fd >= 0)
			close(fd);
		if (fd < 0 || e) {
			set_why("this session cannot have an audit session of "
				"its own (/proc/self/loginuid)",
				e ? e : EBADF);
			close(ctl);
			return;
		}
	}
	am.ses = read_uint_at(AT_FDCWD, "/proc/self/sessionid", &ok);
	if (!ok || am.ses == (unsigned)-1) {
		set_why("no audit session id", 0);
		close(ctl);
		return;
	}
	/* The helper adds the rules (where the kernel's audit is on) and
	 * deletes them when the supervisor ends, however it ended; its pid
	 * is in their key, so that the next session's start, listing the
	 * rules, tells a session whose helper is deleting them from one
	 * whose helper was killed (am_stale()). Nothing here waits for the
	 * kernel: it answers a rule change or AUDIT_GET in the sender's
	 * context under its audit lock, which another session's rule
	 * deletion holds through an RCU grace period (about 10 ms each), and
	 * a supervisor waiting there held the shell's status back. */
	{
		pid_t sup = getpid();
		int proc = open("/proc", O_PATH | O_DIRECTORY | O_CLOEXEC);
		void *page = mmap(NULL, 2 * sizeof(int), PROT_READ | PROT_WRITE,
				  MAP_SHARED | MAP_ANONYMOUS, -1, 0);

		am.state = page == MAP_FAILED ? NULL : page;
		pid = proc < 0 || !am.state ? -1 : fork();
		if (pid == 0)
			helper(ctl, proc, sup);
		r = pid < 0 ? errno : 0;
		if (proc >= 0)
			close(proc);
		close(ctl);
		if (pid < 0) {
			set_why("the audit rules' helper could not be started",
				r);
			return;
		}
		snprintf(am.key, sizeof(am.key), "sbxsh-%d-%d", (int)sup,
			 (int)pid);
		am.on = true;
		free(am.why);
		am.why = NULL;
	}
}

int am_wait(int max_ms)
{
	int st = 0;

	if (!am.on || !am.state)
		return am.on ? 1 : -EPERM;
	for (int i = 0; i <= max_ms; i++) {
		st = __atomic_load_n(am.state, __ATOMIC_ACQUIRE);
		if (st)
			break;
		(void)poll(NULL, 0, 1);
	}
	return st;
}

int am_audit(void)
{
	return am.on && am.state
		   ? __atomic_load_n(&am.state[1], __ATOMIC_ACQUIRE)
		   : AS_AUDIT_WAITING;
}

const char *am_refused(int st)
{
	static char why[256];

	if (st == -ENODATA)
		snprintf(why, sizeof(why), AM_NOTE_OFF AS_WHY_AUDIT_OFF);
	else if (st == -EPERM)
		snprintf(why, sizeof(why),
			 AM_NOTE_OFF "adding audit rules needs "
				     "CAP_AUDIT_CONTROL (root) and rules not "
				     "locked");
	else
		snprintf(why, sizeof(why),
			 AM_NOTE_OFF "the audit rules were refused: %s",
			 strerror(st < 0 ? -st : EIO));
	return why;
}

static void reset(void)
{
	free(am.cwd);
	am.cwd = NULL;
	for (size_t i = 0; i < am.n; i++)
		free(am.names[i]);
	am.n = 0;
	am.ours = false;
}

/* The event's lines: one per name the call looked up, absolute. */
static void flush(void (*pass)(const char *, size_t))
{
	bool normal = false;

	/* A call that named an entry (a rename's source and target, an
	 * open of a file that exists) is about that entry: its folders'
	 * PARENT items would claim the folder (a protected .git "cannot be
	 * renamed") for what was the target's refusal. Only a call that
	 * names none (a new file under a read-only folder) is the
	 * folder's. */
	for (size_t i = 0; i < am.n; i++)
		normal |= !am.parent[i];
	for (size_t i = 0; am.ours && i < am.n; i++) {
		const char *nm = am.names[i];
		SBX_AUTOFREE char *abs = NULL;
		struct sbx_buf b = {0};

		if (normal && am.parent[i])
			continue;

		if (nm[0] != '/') {
			if (!am.cwd || am.cwd[0] != '/')
				continue;
			abs = xasprintf("%s/%s", am.cwd, nm);
			nm = abs;
		}
		buf_printf(&b,
			   "audit(%llu.%03llu:%llu): domain=0 blockers=%s "
			   "path=",
			   (unsigned long long)(am.ms / 1000),
			   (unsigned long long)(am.ms % 1000),
			   (unsigned long long)am.serial,
			   am.exit == -EACCES ? "mnt.any"
			   : am.parent[i]     ? "mnt.make"
					      : "mnt.write");
		/* hex, as the kernel writes an untrusted name: the shell's
		 * parser (core/auditrec.c) decodes it */
		for (const char *p = nm; *p; p++)
			buf_printf(&b, "%02X", (unsigned char)*p);
		pass(b.s, b.len);
		buf_free(&b);
	}
	reset();
}

void am_take(pid_t shell, int type, const char *text, size_t n,
	     void (*pass)(const char *line, size_t n))
{
	struct ar_sys r;

	if (!am.on || ar_parse_sys(type, text, n, &r) < 0)
		return;
	if (type == AR_TYPE_SYSCALL) {
		/* Another process's records can come between ours (the
		 * kernel queues each task's at its syscall's exit): only a
		 * new event of ours, or our EOE, ends the one being put
		 * together. */
		if (!r.key || strcmp(r.key, am.key)) {
			ar_sys_free(&r);
			return;
		}
		flush(pass);
		/* only our rules' events: the key is the kernel's, never
		 * the job's (comm= and exe= are hex when they hold a space
		 * or a quote) */
		/* not the shell's own probes (the stderr reading's
		 * access(W_OK), denials.c): only what its jobs were refused */
		if (r.pid != (long)shell && r.pid != (long)getpid() &&
		    (r.exit == -EROFS || r.exit == -EBUSY ||
		     r.exit == -EACCES)) {
			am.ours = true;
			am.serial = r.serial;
			am.ms = r.ms;
			am.exit = r.exit;
		}
	} else if (am.ours && r.serial == am.serial) {
		if (type == AR_TYPE_CWD && !am.cwd) {
			am.cwd = r.name;
			r.name = NULL;
		} else if (type == AR_TYPE_PATH && r.name &&
			   am.n < AM_MAXNAMES) {
			am.parent[am.n] = r.parent;
			am.names[am.n++] = r.name;
			r.name = NULL;
		} else if (type == AR_TYPE_EOE) {
			flush(pass);
		}
	}
	ar_sys_free(&r);
}

bool am_on(void)
{
	return am.on;
}

void am_note(struct be_notes *notes)
{
	if (am.on)
		be_note(notes, "mount_denials",
			"from the kernel's audit records: the session has an "
			"audit session of its own (%u) and %d syscall rules "
			"keyed %s (exit EROFS, EBUSY, EACCES, that session "
			"only) are in the host's audit rules until it ends (a "
			"helper removes them; a killed session's go at the "
			"next start)",
			am.ses, AM_NRULES, am.key);
	else
		be_note(notes, "mount_denials", AM_NOTE_OFF "%s",
			am.why ? am.why : "no kernel records (see denials)");
}
