/* tests/kernel/ll_reuse.c — dead Landlock domain creators laid out on the
 * pids the next processes of the host will get (denials_cross.py, the
 * attack on how a session knows its domain: backends/audit_sup.c).
 *
 *   ll_reuse N        (root: it writes /proc/sys/kernel/ns_last_pid)
 *
 * Each of N creators makes a Landlock domain (creating regular files
 * handled, none allowed), forks a child into it that has been refused
 * nothing yet, and exits: its pid is free again, and the domain's
 * "allocated" record, written at the child's first refusal, names it.
 * They lie on a stretch of free pids, each child on the pid after its
 * creator (ns_last_pid written before each fork: another process takes
 * one only in between), and the pids other processes took meanwhile
 * are held by sleepers: the host's next forks, once ns_last_pid is put
 * before the first, get the creators' pids. Python's fork is too slow
 * for that on a busy machine (each copies tens of megabytes, while
 * other processes take the pids).
 *
 * Prints "FIRST" and then the creators' pids, one line. Then reads
 * lines on stdin: "go" holds the pids freed since and writes
 * ns_last_pid before the first creator's (answers "go"); a pid: that
 * creator's child is refused a file under
 * /etc at once and again 0.4 s later (while a session's command runs),
 * then exits. At EOF every child and sleeper ends.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAXN 1000

static int last_pid(long n)
{
	FILE *f = fopen("/proc/sys/kernel/ns_last_pid", "w");

	if (!f)
		return -1;
	fprintf(f, "%ld", n);
	return fclose(f);
}

static int pid_used(long p)
{
	char path[40];
	struct stat st;

	snprintf(path, sizeof(path), "/proc/%ld", p);
	return stat(path, &st) == 0;
}

/* The child, in the domain: waits for a byte, then is refused. */
static void child(int rd)
{
	char c, path[64];

	if (read(rd, &c, 1) != 1)
		_exit(0);
	snprintf(path, sizeof(path), "/etc/sbx-cross-%d", (int)getpid());
	for (int i = 0; i < 2; i++) {
		int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);

		if (fd >= 0)
			close(fd);
		if (i == 0)
			nanosleep(&(struct timespec){0, 400000000}, NULL);
	}
	_exit(0);
}

/* One creator: 0 and its pid and its child's, or -1. */
static int creator(int *wake, pid_t *cpid, pid_t *gpid)
{
	int p[2], q[2];
	pid_t c;

	if (pipe2(p, O_CLOEXEC) < 0 || pipe2(q, O_CLOEXEC) < 0)
		return -1;
	c = fork();
	if (c < 0)
		return -1;
	if (c == 0) {
		struct landlock_ruleset_attr a = {
		    .handled_access_fs = LANDLOCK_ACCESS_FS_MAKE_REG};
		int rs =
		    (int)syscall(SYS_landlock_create_ruleset, &a, sizeof(a), 0);
		pid_t g;

		/* no other child's pipe: each ends at its own EOF */
		for (int fd = 3; fd < 4096; fd++)
			if (fd != p[0] && fd != q[1] && fd != rs)
				close(fd);
		if (rs < 0 || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 ||
		    syscall(SYS_landlock_restrict_self, rs, 0) < 0)
			_exit(1);
		g = fork();
		if (g == 0) {
			close(q[1]);
			child(p[0]);
		}
		if (write(q[1], &g, sizeof(g)) != sizeof(g))
			_exit(1);
		_exit(0);
	}
	close(p[0]);
	close(q[1]);
	if (read(q[0], gpid, sizeof(*gpid)) != sizeof(*gpid))
		*gpid = 0;
	close(q[0]);
	waitpid(c, NULL, 0);
	*wake = p[1];
	*cpid = c;
	return *gpid > 0 ? 0 : -1;
}

/* The pids from |first| to |end| that other processes took and left:
 * held by sleepers, which end when |keep|'s write end closes. */
static void fill(const int keep[2], const pid_t *pids, int made, long first,
		 long end)
{
	for (long p = first; p < end; p++) {
		int mine = 0;

		for (int i = 0; i < made && !mine; i++)
			mine = pids[i] == p;
		if (mine || pid_used(p) || last_pid(p - 1) < 0)
			continue;
		if (fork() == 0) {
			char c;

			for (int fd = 3; fd < 4096; fd++)
				if (fd != keep[0])
					close(fd);
			if (read(keep[0], &c, 1) < 0)
				_exit(0);
			_exit(0);
		}
	}
}

int main(int argc, char **argv)
{
	static int wake[MAXN];
	static pid_t pids[MAXN];
	int n = argc > 1 ? atoi(argv[1]) : 0, made = 0, keep[2];
	long top = 32768, nxt, first;
	FILE *f = fopen("/proc/sys/kernel/pid_max", "r");
	char line[64];

	if (n <= 0 || n > MAXN) {
		fprintf(stderr, "usage: ll_reuse N (1 to %d)\n", MAXN);
		return 2;
	}
	if (f) {
		if (fscanf(f, "%ld", &top) != 1)
			top = 32768;
		fclose(f);
	}
	/* the sleepers end when this end closes (at our exit) */
	if (pipe2(keep, O_CLOEXEC) < 0)
		return 1;
	/* a stretch of free pids, away from the one in use now */
	nxt = getpid();
	for (int tries = 0; tries < 50; tries++) {
		int used = 0;

		nxt = (nxt + 1000) % (top - 3 * n - 2000) + 300;
		for (long p = nxt; p < nxt + 3 * n && !used; p++)
			used = pid_used(p);
		if (!used)
			break;
	}
	first = nxt;
	for (; made < n; made++) {
		pid_t c, g;

		if (last_pid(nxt - 1) < 0 || creator(&wake[made], &c, &g) < 0) {
			fprintf(stderr, "ll_reuse: creator %d: %s\n", made,
				strerror(errno));
			return 1;
		}
		pids[made] = c;
		if (c < first)
			first = c;
		nxt = (c > g ? c : g) + 1;
	}
	fill(keep, pids, made, first, nxt);
	printf("%ld\n", first);
	for (int i = 0; i < made; i++)
		printf("%s%d", i ? " " : "", (int)pids[i]);
	printf("\n");
	fflush(stdout);
	signal(SIGPIPE, SIG_IGN);
	while (fgets(line, sizeof(line), stdin)) {
		long p = strtol(line, NULL, 10);

		/* "go": the holes that opened since held, and the next fork
		 * on the host gets the first creator's pid */
		if (!strncmp(line, "go", 2)) {
			fill(keep, pids, made, first, nxt);
			last_pid(first - 1);
			printf("go\n");
			fflush(stdout);
			continue;
		}

		for (int i = 0; i < made; i++)
			if (pids[i] == p && write(wake[i], "x", 1) < 0)
				break;
	}
	return 0;
}
