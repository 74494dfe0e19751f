/* backends/be_base.c — the bottom of backends/: the diag and note
 * helpers every backend and layer calls, the shell's own hardening, the
 * privilege drop (also the PID namespace's helpers'), and the start-up
 * timing marks. Calls nothing of backends/ but sysops.
 */
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>
#include <linux/capability.h>
#include <linux/securebits.h>

#include "be_base.h"

const char *be_errstr(int err, char *buf, size_t n)
{
	const char *name = strerrorname_np(err);

	snprintf(buf, n, "%s (%s)", strerror(err), name ? name : "?");
	return buf;
}

int be_fail(struct sbx_diag *diag, int err, const char *backend,
	    const char *fmt, ...)
{
	char step[256], es[96];
	va_list ap;

	if (err > 0)
		err = -err;
	if (err == 0)
		err = -EIO;
	va_start(ap, fmt);
	vsnprintf(step, sizeof(step), fmt, ap);
	va_end(ap);
	return sbx_diag_set(diag, err, "%s: %s failed: %s", backend, step,
			    be_errstr(-err, es, sizeof(es)));
}

void be_note(struct be_notes *n, const char *key, const char *fmt, ...)
{
	va_list ap;
	struct sbx_buf b = {0};

	if (!n)
		return;
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	strv_push(&n->keys, key);
	strv_take(&n->vals, b.s);
}

#ifdef SBXSH_BENCH_KNOBS
#include <time.h>
/* Bench-only state: a static table is fine for a measuring build. */
static struct {
	const char *what;
	long long ns;
} be_marks[64];
static int be_nmarks;

void be_mark(const char *what)
{
	struct timespec ts;

	if (!getenv("SBXSH_BENCH_TRACE") || be_nmarks >= 64)
		return;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	be_marks[be_nmarks].what = what;
	be_marks[be_nmarks++].ns = ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

void be_marks_dump(void)
{
	for (int i = 1; i < be_nmarks; i++)
		fprintf(stderr, "mark %-28s %8.1f us\n", be_marks[i].what,
			(be_marks[i].ns - be_marks[i - 1].ns) / 1e3);
}
#endif

void be_note_checker_only(struct be_notes *n, size_t nprot, const char *why)
{
	n->protect = -1;
	if (!nprot)
		return;
	be_note(n, "git metadata",
		"checker-only (%s): Landlock cannot keep a path inside a "
		"writable root read-only, so writes to git's hooks and "
		"config and the --protect paths are flagged, not stopped, "
		"and reported when the session ends",
		why);
}

void be_harden_self(bool subreaper)
{
	(void)be_sys->prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
	if (subreaper)
		(void)be_sys->prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

/* Root's way back to capabilities, closed and locked: NOROOT (execve as
 * uid 0 grants nothing), NO_SETUID_FIXUP (no uid change restores any),
 * KEEP_CAPS off and locked, NO_CAP_AMBIENT_RAISE. */
#define BE_SECBITS                                                             \
	(SECBIT_NOROOT | SECBIT_NOROOT_LOCKED | SECBIT_NO_SETUID_FIXUP |       \
	 SECBIT_NO_SETUID_FIXUP_LOCKED | SECBIT_KEEP_CAPS_LOCKED |             \
	 SECBIT_NO_CAP_AMBIENT_RAISE | SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED)

static int privs_left(struct sbx_diag *diag, const char *backend,
		      const char *what, unsigned long long mask)
{
	return sbx_diag_set(diag, -EPERM,
			    "%s: dropping privileges: %s left after the drop "
			    "(%#llx); refusing to run anything",
			    backend, what, mask);
}

/* prctl() through be_sys, once more when it fails: a kernel that refuses
 * a drop refuses it again (and the read-back then fails closed), while a
 * one-off failure (tests/integration/faults.sh fails the Nth call of each
 * process) must not end a session whose drop holds, nor leave a
 * capability that a second call would have dropped. */
static int pr(int op, unsigned long a2, unsigned long a3)
{
	int r = be_sys->prctl(op, a2, a3, 0, 0);

	return r < 0 ? be_sys->prctl(op, a2, a3, 0, 0) : r;
}

/* True if the kernel knows no capability above |last|: PR_CAPBSET_READ
 * says EINVAL there. Asked twice at most, and EINVAL from either will do
 * (not pr(): its second call, made after the expected failure, could be
 * the one that fails otherwise). */
static bool above_last(int last)
{
	for (int i = 0; i < 2; i++) {
		int r = be_sys->prctl(PR_CAPBSET_READ, (unsigned long)last + 1,
				      0, 0, 0);

		if (r >= 0)
			return false;
		if (errno == EINVAL)
			return true;
	}
	return false;
}

/* Every capability up to |last| out of the bounding set, but those out
 * already: each drop commits new credentials (about 2 us; 41 of them were
 * most of the drop's cost), a read does not. A read that fails counts as
 * "in". */
static void drop_bounding(int last)
{
	for (int cap = 0; cap <= last; cap++)
		if (pr(PR_CAPBSET_READ, (unsigned long)cap, 0) != 0)
			(void)pr(PR_CAPBSET_DROP, (unsigned long)cap, 0);
}

void be_drop_bounding(void)
{
	int last = be_sys->cap_last_cap();

	if (last >= 0 && last <= 62)
		drop_bounding(last);
}

/*
 * Why every set, as root too (issue 20): root kept every capability but
 * CAP_SYS_PTRACE, and with them `ip addr add` changed the host's loopback
 * (the network namespace is the host's), an AF_PACKET socket captured
 * other processes' traffic, vhangup()/TIOCVHANGUP hung up the user's
 * outer shell, FIFREEZE froze a filesystem the job could only read,
 * TIOCSLCKTRMIOS locked the user's terminal modes, /proc/kmsg was
 * drained, and CAP_DAC_OVERRIDE read other users' files wherever the
 * policy let the path be read. Each of those is a capability check in the
 * kernel: with none held, all fail at once, including the ones nobody
 * has listed yet.
 */
int be_drop_privs(bool *bnd_left, const char *backend, struct sbx_diag *diag)
{
	struct be_capsets cs, zero = {0};
	int last = be_sys->cap_last_cap();
	unsigned long long bnd = 0;
	bool setpcap;
	long bits;

	if (bnd_left)
		*bnd_left = false;
	if (last < 0 || last > 62)
		return be_fail(diag, EINVAL, backend,
			       "dropping privileges: reading cap_last_cap");
	if (be_sys->capget(&cs) < 0 && be_sys->capget(&cs) < 0)
		return be_fail(diag, errno, backend,
			       "dropping privileges: capget");
	/* What may change the bounding set and the securebits. Without it
	 * there is nothing to drop there, and nothing held (below). */
	setpcap = (cs.eff >> CAP_SETPCAP) & 1;
	/* First, while CAP_SETPCAP is still held. EPERM without it, or when
	 * an outer session locked them already: the read-back decides. */
	(void)pr(PR_SET_SECUREBITS, BE_SECBITS, 0);
	/* Every capability the kernel knows, cap_last_cap included: a
	 * capability newer than this build's headers is dropped too. One
	 * pass: a capability the read finds out (the usual case: the
	 * bounding set went before the PID namespace's forks) is already
	 * its own read-back; one still in is dropped and read again (the
	 * kernel's word, not the drop's return value: EPERM for one gone
	 * already, under an outer session). An answer but 0 counts as left
	 * (a failed read proves nothing). The set cannot grow again, so
	 * this read-back stands for the end of set-up too. */
	for (int cap = 0; cap <= last; cap++) {
		if (pr(PR_CAPBSET_READ, (unsigned long)cap, 0) == 0)
			continue;
		(void)pr(PR_CAPBSET_DROP, (unsigned long)cap, 0);
		if (pr(PR_CAPBSET_READ, (unsigned long)cap, 0) != 0)
			bnd |= 1ULL << cap;
	}
	(void)pr(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0);
	if (be_sys->capset(&zero) < 0 && be_sys->capset(&zero) < 0)
		return be_fail(diag, errno, backend,
			       "dropping privileges: capset (every set empty)");
	if (pr(PR_SET_NO_NEW_PRIVS, 1, 0) < 0)
		return be_fail(diag, errno, backend,
			       "prctl(PR_SET_NO_NEW_PRIVS)");
	/* Read back: the kernel's word, not the calls' return values. The
	 * ambient set needs no read of its own: the kernel keeps it within
	 * permitted and inheritable, both read here. */
	if (be_sys->capget(&cs) < 0 && be_sys->capget(&cs) < 0)
		return be_fail(diag, errno, backend,
			       "dropping privileges: capget");
	if (cs.eff)
		return privs_left(diag, backend, "effective capabilities",
				  (unsigned long long)cs.eff);
	if (cs.prm)
		return privs_left(diag, backend, "permitted capabilities",
				  (unsigned long long)cs.prm);
	if (cs.inh)
		return privs_left(diag, backend, "inheritable capabilities",
				  (unsigned long long)cs.inh);
	/* The kernel must know no capability above |last|, or a short
	 * cap_last_cap would have hidden some from the loop. */
	if (!above_last(last))
		return privs_left(diag, backend,
				  "capabilities above cap_last_cap",
				  (unsigned long long)last + 1);
	/* A bounding set only an ordinary user without CAP_SETPCAP can be
	 * left with: it grants nothing to a process with no capability and
	 * no_new_privs (execve then intersects with the empty permitted
	 * set). Anyone who could drop it must have. */
	if (bnd && setpcap)
		return privs_left(diag, backend, "bounding set", bnd);
	if (bnd_left)
		*bnd_left = bnd != 0;
	bits = pr(PR_GET_SECUREBITS, 0, 0);
	if (setpcap && (bits < 0 || (bits & BE_SECBITS) != BE_SECBITS))
		return privs_left(diag, backend, "securebits not locked",
				  (unsigned long long)(bits < 0 ? 0 : bits));
	if (pr(PR_GET_NO_NEW_PRIVS, 0, 0) != 1)
		return privs_left(diag, backend, "no_new_privs unset", 0);
	return 0;
}

/* be_opts.session_fd for pns_enter(), deep below be_confine(): a file
 * static rather than one more argument through every backend's apply(),
 * as the start-up confines one process once. */
static int be_sess_fd = -1;

int be_open_dir(int dfd, const char *name)
{
	return openat(dfd, name,
		      O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC |
			  O_NONBLOCK);
}

int be_session_fd(void)
{
	return be_sess_fd;
}

void be_set_session_fd(int fd)
{
	be_sess_fd = fd;
}
