/* shell/session/kaudit.c — denial lines from the kernel's records.
 *
 * The records come from P0, the supervisor outside the sandbox, which
 * holds the audit socket and passes on only this session's domain's
 * access records (backends/audit_sup.c says why the shell never holds
 * the socket: a job that took the shell over would read the host's audit
 * stream). Each line is the text of one AUDIT_LANDLOCK_ACCESS record.
 *
 * Matching to the command: by time. ka_begin() drops what came before
 * (a background job's, the previous command's late ones) and notes the
 * kernel's coarse clock, the one the records are stamped with; ka_end()
 * keeps the records stamped since. The records carry no pid (the
 * SYSCALL record that has one comes only with syscall auditing), so a
 * background job's denial during the command is taken for the command's:
 * the line is still true of the session, and says which path and rule.
 *
 * The kernel queues a record and a kernel thread sends it, then P0 passes
 * it on: it can come a little after the command ended. After a failed
 * command the shell connects to P0's abstract socket, which Landlock's
 * scope refuses and logs (sync_mark()): the kernel sends records in the
 * order it queued them, so when that one's record comes, every record
 * of the command has (well under a millisecond on an idle machine; up
 * to KA_SYNC_MS, 1 s, is waited for it: on CI's 2 cores, at a load of
 * 20, a mark came after the 200 ms this once waited, and a silent
 * tool's refusal got no line at a terminal).
 * Without it (no such socket, a connect not refused) ka_end() waits
 * KA_FIRST_MS for the first, and while more come KA_NEXT_MS each, up to
 * KA_MAX_MS; only after a command that failed, and only with this source.
 */
#include "kaudit.h"

#include <errno.h>
#include <poll.h>
#include <stddef.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "audit_mnt.h"
#include "audit_sup.h"
#include "auditrec.h"
#include "canon.h"
#include "denial.h"
#include "interp.h"
#include "policy.h"
#include "why.h"

#define KA_FIRST_MS 25
#define KA_NEXT_MS 10
#define KA_MAX_MS 200
#define KA_SYNC_MS 1000

static uint64_t ka_since; /* ms: records stamped before are not ours */
static bool ka_synced;	  /* the sync record came (ka_end()) */
static char ka_buf[8192]; /* a partial line carried to the next read */
/* the mount layer's, "r PATH" / "w PATH", until ka_end_mount() */
static struct sbx_strv ka_mnt;
static size_t ka_len;

bool ka_on(void)
{
	/* P0 says whether the kernel's audit is on soon after start-up
	 * (audit_sup.c, as_ask()): until then it counts as on. */
	return as_shell_fd() >= 0 && as_audit() != AS_AUDIT_OFF;
}

static uint64_t coarse_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME_COARSE, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* One record's line: a denial line if the policy explains it. */
static void one(struct shell *sh, const char *line, size_t n,
		struct dn_report *r)
{
	struct ar_rec rec;
	struct why_answer w;
	enum why_access acc;

	if (ar_parse(AR_TYPE_ACCESS, line, n, &rec) < 0)
		return;
	{
		size_t sl;
		const char *hex;

		if (rec.path && as_sync_path(&sl, &hex) &&
		    strcmp(rec.path, hex) == 0) {
			ka_synced = true; /* ours, not the command's */
			goto out;
		}
	}
	if (rec.ms < ka_since)
		goto out;
	if (rec.kind == AR_NET) {
		why_ask(sh->pol, NULL, WHY_NET, &w);
	} else if (rec.path && rec.path[0] == '/' &&
		   (rec.kind == AR_FS_READ || rec.kind == AR_FS_WRITE ||
		    rec.kind == AR_FS_MAKE || rec.kind == AR_FS_ANY)) {
		SBX_AUTOFREE char *canon = sh_canon(sh, rec.path);

		/* fs.make_* (and mnt.make): the kernel names the folder the
		 * new entry was refused in, not the entry (the name is not
		 * in the record) */
		acc = rec.kind == AR_FS_READ || rec.kind == AR_FS_ANY
			  ? WHY_READ
			  : WHY_WRITE;
		why_ask(sh->pol, canon ? canon : rec.path, acc, &w);
		/* mnt.any: an EACCES of the mount layer names no access; a
		 * path readable here was refused a write */
		if (rec.kind == AR_FS_ANY && w.allowed) {
			why_free(&w);
			why_ask(sh->pol, canon ? canon : rec.path, WHY_WRITE,
				&w);
		}
	} else {
		goto out; /* a scope (signal, abstract socket): no line */
	}
	/* Nothing is claimed that the policy does not explain. */
	if (!w.allowed && rec.blockers && !strncmp(rec.blockers, "mnt.", 4)) {
		SBX_AUTOFREE char *k = xasprintf(
		    "%c %s", w.access == WHY_READ ? 'r' : 'w', w.path);

		strv_push(&ka_mnt, k);
	} else if (!w.allowed) {
		dn_report_add(r, &w);
	}
	why_free(&w);
out:
	ar_free(&rec);
}

/* Reads what is queued; |r| NULL: thrown away. Returns lines read. */
static int drain(struct shell *sh, struct dn_report *r)
{
	int fd = as_shell_fd(), lines = 0;

	for (;;) {
		ssize_t n = read(fd, ka_buf + ka_len, sizeof(ka_buf) - ka_len);
		char *nl;

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return lines;
		ka_len += (size_t)n;
		while ((nl = memchr(ka_buf, '\n', ka_len))) {
			size_t k = (size_t)(nl - ka_buf);

			bool was = ka_synced;

			if (r)
				one(sh, ka_buf, k, r);
			/* the sync mark's record is not the command's */
			if (!r || was || !ka_synced)
				lines++;
			memmove(ka_buf, nl + 1, ka_len - k - 1);
			ka_len -= k + 1;
		}
		/* P0 writes whole lines below PIPE_BUF: a full buffer
		 * without one is not a record */
		if (ka_len == sizeof(ka_buf))
			ka_len = 0;
	}
}

void ka_settle(struct shell *sh)
{
	/* 300 ms at most: P0's answer comes a millisecond after start-up */
	for (int i = 0;
	     i < 100 && as_shell_fd() >= 0 && as_audit() == AS_AUDIT_WAITING;
	     i++)
		(void)poll(NULL, 0, 3);
	if (as_audit() == AS_AUDIT_OFF && sh->pol &&
	    pol_note(sh->pol, "denials"))
		pol_set_note(sh->pol, "denials", AS_NOTE_OFF AS_WHY_AUDIT_OFF);
	if (as_audit() == AS_AUDIT_OFF && sh->pol &&
	    pol_note(sh->pol, "mount_denials"))
		pol_set_note(sh->pol, "mount_denials",
			     AM_NOTE_OFF AS_WHY_AUDIT_OFF);
	else if (as_audit() != AS_AUDIT_OFF && sh->pol &&
		 pol_note(sh->pol, "mount_denials")) {
		/* the mount layer's rules, added by their helper while the
		 * session started (audit_mnt.c): refused, the note says so */
		int st = am_wait(300);

		if (st < 0)
			pol_set_note(sh->pol, "mount_denials", am_refused(st));
	}
}

void ka_before_fork(void)
{
	/* The mount layer's rules go in while the session starts, from
	 * their helper (backends/audit_mnt.c). Only a job's refusals are
	 * read from them (the shell's own, a redirection's, it reports
	 * itself): the first process forked waits for them (2 s at most;
	 * once answered, no wait), or its refusal at a terminal could have
	 * no record. The helper may wait behind other sessions' deletions
	 * (about 10 ms each); with 300 ms a sanitizer build beside CI's other
	 * root sessions once ran its job first (denials_mount.py, a silent
	 * tool with stderr to a file: no line). `sbxsh -c true` forks
	 * nothing and waits for nothing. */
	if (ka_on())
		(void)am_wait(2000);
}

void ka_begin(void)
{
	if (!ka_on())
		return;
	drain(NULL, NULL);
	strv_free(&ka_mnt);
	ka_since = coarse_ms();
}

/* The shell's own refused connect to P0's abstract socket: true when
 * Landlock refused it (EPERM), so its record will come after every
 * record of the command (audit_sup.h, as_sync_path()). */
static bool sync_mark(void)
{
	struct sockaddr_un a = {.sun_family = AF_UNIX};
	const char *hex, *p;
	size_t len;
	int fd, rc, e;

	p = as_sync_path(&len, &hex);
	if (!p || len > sizeof(a.sun_path))
		return false;
	memcpy(a.sun_path, p, len);
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (fd < 0)
		return false;
	rc = connect(fd, (struct sockaddr *)&a,
		     (socklen_t)(offsetof(struct sockaddr_un, sun_path) + len));
	e = errno;
	close(fd);
	return rc < 0 && e == EPERM;
}

int ka_end(struct shell *sh, struct dn_report *r)
{
	struct pollfd pf = {.fd = as_shell_fd(), .events = POLLIN};
	int got = 0, waited = 0, wait = KA_FIRST_MS;

	if (!ka_on())
		return 0;
	if (as_audit() == AS_AUDIT_WAITING)
		ka_settle(sh);
	if (!ka_on())
		return 0;
	ka_synced = false;
	if (sync_mark()) {
		/* exact: wait for the mark's record, KA_SYNC_MS at most (by
		 * the clock: a record of another kind ends a poll early) */
		uint64_t until = coarse_ms() + KA_SYNC_MS;

		for (;;) {
			got += drain(sh, r);
			if (ka_synced || coarse_ms() >= until)
				break;
			(void)poll(&pf, 1, 5);
		}
		if (ka_synced)
			return got;
	}
	for (;;) {
		int n = drain(sh, r);

		got += n;
		if (n)
			wait = KA_NEXT_MS;
		if (waited >= KA_MAX_MS)
			break;
		if (poll(&pf, 1, wait) <= 0)
			break;
		waited += wait;
	}
	return got;
}

void ka_end_mount(struct shell *sh, struct dn_report *r, bool use)
{
	for (size_t i = 0; use && i < ka_mnt.n; i++) {
		struct why_answer w;

		why_ask(sh->pol, ka_mnt.v[i] + 2,
			ka_mnt.v[i][0] == 'r' ? WHY_READ : WHY_WRITE, &w);
		if (!w.allowed)
			dn_report_add(r, &w);
		why_free(&w);
	}
	strv_free(&ka_mnt);
}
