/* tests/unit/test_session.c — creating the state folders on a real temp
 * directory: tags, race-free run folders, pruning only what we made. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <grp.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sys/random.h>
#include <sys/syscall.h>
#include <time.h>

#include "fixture.h"
#include "session.h"

static char base[256];

/* A run id is the start second, the pid and a random nonce. While armed,
 * time() stands still and the next |fixed_nonces| getrandom() calls hand
 * out one nonce, so that sessions draw the same id and the next one has
 * to draw again (session.c, the EEXIST retry). These interpose libc's
 * for session.c, linked into this executable. */
static time_t fixed_time;
static int fixed_nonces;

time_t time(time_t *t)
{
	struct timespec ts;
	time_t v = fixed_time;

	if (!v) {
		clock_gettime(CLOCK_REALTIME, &ts);
		v = ts.tv_sec;
	}
	if (t)
		*t = v;
	return v;
}

ssize_t getrandom(void *buf, size_t len, unsigned int flags)
{
	if (fixed_nonces > 0) {
		fixed_nonces--;
		memset(buf, 0x5a, len);
		return (ssize_t)len;
	}
	return syscall(SYS_getrandom, buf, len, flags);
}

/* While armed, the next flock() first opens a whole rival session (the
 * options below) of the same workflow: another sbxsh starting at that
 * very moment, which prunes and recycles what it finds. */
static const struct sbx_opts *rival_opts;
static int rival_rc = 1;

int flock(int fd, int op)
{
	const struct sbx_opts *o = rival_opts;
	struct session r = {0};

	if (o) {
		rival_opts = NULL;
		rival_rc = ses_open(o, &r, NULL);
		if (rival_rc == 0)
			ses_close(&r);
	}
	return (int)syscall(SYS_flock, fd, op);
}

static char *pathf(const char *fmt, const char *a)
{
	return xasprintf(fmt, base, a);
}

static bool exists(const char *p)
{
	struct stat st;

	return lstat(p, &st) == 0;
}

static char *slurp(const char *p)
{
	char buf[512];
	int fd = open(p, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return NULL;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return xstrdup(buf);
}

static int count_runs(const char *runs)
{
	DIR *d = opendir(runs);
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		if (lay_is_run_id(e->d_name))
			n++;
	closedir(d);
	return n;
}

static int setup(void **state)
{
	(void)state;
	assert_int_equal(
	    fx_tmpdir(base, sizeof(base), "/tmp/sbxsh-test-session"), 0);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	assert_int_equal(fx_rmtree(base), 0);
	return 0;
}

static struct sbx_opts opts_for(const char *ws)
{
	struct sbx_opts o;

	memset(&o, 0, sizeof(o));
	o.workspace = ws;
	o.interactive = -1;
	return o;
}

static void creates_tagged_state(void **state)
{
	SBX_AUTOFREE char *ws = pathf("%s/ws%s", "");
	SBX_AUTOFREE char *tag =
	    pathf("%s/ws/.sandbox-cache/CACHEDIR.TAG%s", "");
	SBX_AUTOFREE char *gi = pathf("%s/ws/.sandbox-cache/.gitignore%s", "");
	SBX_AUTOFREE char *rgi = pathf("%s/ws/.sandbox-runs/.gitignore%s", "");
	SBX_AUTOFREE char *txt = NULL;
	struct sbx_opts o = opts_for(ws);
	struct session s = {0};
	struct sbx_diag d = {0};
	const struct lay_layout *l;

	(void)state;
	assert_int_equal(mkdir(ws, 0755), 0);
	assert_int_equal(ses_open(&o, &s, &d), 0);
	l = pol_layout(s.pol);
	txt = slurp(tag);
	assert_non_null(txt);
	assert_memory_equal(txt, "Signature: 8a477f597d28d172789f06886806bc55",
			    43);
	free(txt);
	txt = slurp(gi);
	assert_non_null(strstr(txt, "\n*\n"));
	assert_true(exists(rgi));
	assert_true(exists(l->run_tmp));
	assert_true(path_under(l->runs_dir, l->run_dir));
	/* The Go module cache and the user cache dir are created. */
	for (size_t i = 0; i < pol_nroots(s.pol); i++)
		if (pol_root(s.pol, i)->create)
			assert_true(exists(pol_root(s.pol, i)->path));
	ses_close(&s);
}

static void preview_creates_nothing(void **state)
{
	SBX_AUTOFREE char *ws = pathf("%s/ws%s", "");
	SBX_AUTOFREE char *p = pathf("%s/ws/.sandbox-cache%s", "");
	SBX_AUTOFREE char *r = pathf("%s/ws/.sandbox-runs%s", "");
	struct sbx_opts o = opts_for(ws);
	struct session s = {0};

	(void)state;
	assert_int_equal(mkdir(ws, 0755), 0);
	assert_int_equal(ses_preview(&o, &s, NULL), 0);
	assert_false(exists(p));
	assert_false(exists(r));
	ses_close(&s);
}

static void two_sessions_two_runs_and_prune(void **state)
{
	SBX_AUTOFREE char *ws = pathf("%s/ws%s", "");
	SBX_AUTOFREE char *runs = pathf("%s/ws/.sandbox-runs%s", "");
	SBX_AUTOFREE char *foreign =
	    pathf("%s/ws/.sandbox-runs/%s", "20000101T000000Z-1-00000000");
	SBX_AUTOFREE char *outside = pathf("%s/outside%s", "");
	SBX_AUTOFREE char *victim = pathf("%s/outside/keep-me%s", "");
	SBX_AUTOFREE char *link =
	    pathf("%s/ws/.sandbox-runs/%s", "20000101T000001Z-1-00000000");
	struct sbx_opts o = opts_for(ws);
	struct session s[8] = {0};
	int fd;

	(void)state;
	assert_int_equal(mkdir(ws, 0755), 0);
	assert_int_equal(ses_open(&o, &s[0], NULL), 0);
	assert_int_equal(ses_open(&o, &s[1], NULL), 0);
	/* Same second, same pid: still two distinct folders. */
	assert_string_not_equal(pol_layout(s[0].pol)->run_dir,
				pol_layout(s[1].pol)->run_dir);
	assert_int_equal(count_runs(runs), 2);
	ses_close(&s[0]);
	ses_close(&s[1]);

	/* An old-looking folder without our mark, and a symlink pointing
	 * out of .sandbox-runs: pruning must touch neither. */
	assert_int_equal(mkdir(foreign, 0755), 0);
	assert_int_equal(mkdir(outside, 0755), 0);
	fd = open(victim, O_CREAT | O_WRONLY, 0644);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(symlink(outside, link), 0);

	o.keep = 2;
	for (int i = 0; i < 4; i++) {
		assert_int_equal(ses_open(&o, &s[i], NULL), 0);
		ses_close(&s[i]);
	}
	/* keep=2 among our own runs, plus the unmarked folder and link. */
	assert_int_equal(count_runs(runs), 4);
	assert_true(exists(foreign));
	assert_true(exists(link));
	assert_true(exists(victim));
}

/* A run id that is taken already (another session, the same second and
 * pid, the same nonce) is drawn again, and the layout computed again
 * with the list of runs, which must still be there. Two bugs: the retry
 * read that list after it was freed (ASan), and then never retried (the
 * loop ran only while rc was 0): the session failed with EEXIST. */
static void taken_run_id_drawn_again(void **state)
{
	SBX_AUTOFREE char *ws = pathf("%s/ws%s", "");
	struct sbx_opts o = opts_for(ws);
	struct session first = {0}, second = {0};
	const char *a, *b;

	(void)state;
	assert_int_equal(mkdir(ws, 0755), 0);
	fixed_time = time(NULL);
	fixed_nonces = 2; /* the first session's draw, the second's first */
	assert_int_equal(ses_open(&o, &first, NULL), 0);
	assert_int_equal(ses_open(&o, &second, NULL), 0);
	fixed_time = 0;
	assert_int_equal(fixed_nonces, 0);
	a = pol_layout(first.pol)->run_dir;
	b = pol_layout(second.pol)->run_dir;
	assert_non_null(strstr(a, "-5a5a5a5a"));
	assert_null(strstr(b, "-5a5a5a5a")); /* drawn again */
	assert_string_not_equal(a, b);
	assert_true(exists(a));
	assert_true(exists(b));
	ses_close(&second);
	ses_close(&first);
}

static void live_session_not_pruned(void **state)
{
	SBX_AUTOFREE char *ws = pathf("%s/ws%s", "");
	struct sbx_opts o = opts_for(ws);
	struct session live = {0}, s = {0};

	(void)state;
	assert_int_equal(mkdir(ws, 0755), 0);
	assert_int_equal(ses_open(&o, &live, NULL), 0);
	o.keep = 1;
	assert_int_equal(ses_open(&o, &s, NULL), 0);
	/* keep=1 would prune |live|'s folder, but it holds its lock. */
	assert_true(exists(pol_layout(live.pol)->run_dir));
	ses_close(&s);
	ses_close(&live);
}

/*
 * The run folder's mark is what lets another session prune or recycle a
 * run folder, its lock what keeps it off a live one: the mark must never
 * be seen unlocked. A rival session starts (keep=1: it prunes or
 * recycles every older run it may) at the moment the new session is
 * about to lock its mark. It found the mark there and unlocked, and took
 * the new folder from under its owner, which then failed ("cannot create
 * .../tmp": 1 start in 100 with 16 sessions at once). Now the mark appears
 * only locked: the rival recycles only the dead run.
 */
static void run_mark_never_seen_unlocked(void **state)
{
	SBX_AUTOFREE char *ws = pathf("%s/ws%s", "");
	SBX_AUTOFREE char *runs = pathf("%s/ws/.sandbox-runs%s", "");
	SBX_AUTOFREE char *mark = NULL;
	SBX_AUTOFREE char *tmp = NULL;
	struct sbx_opts o = opts_for(ws), ro = opts_for(ws);
	struct session dead = {0}, s = {0};
	int fd;

	(void)state;
	assert_int_equal(mkdir(ws, 0755), 0);
	assert_int_equal(ses_open(&o, &dead, NULL), 0);
	ses_close(&dead); /* an old run, free to recycle */
	ro.keep = 1;
	rival_opts = &ro;
	assert_int_equal(ses_open(&o, &s, NULL), 0);
	assert_null(rival_opts);       /* the rival ran ... */
	assert_int_equal(rival_rc, 0); /* ... and started */
	mark = xasprintf("%s/%s", pol_layout(s.pol)->run_dir, LAY_RUN_MARK);
	tmp = xstrdup(pol_layout(s.pol)->run_tmp);
	assert_true(exists(tmp));
	/* The mark is in place, and held: no other session may take it. */
	fd = open(mark, O_RDONLY);
	assert_true(fd >= 0);
	assert_int_equal(flock(fd, LOCK_EX | LOCK_NB), -1);
	assert_int_equal(errno, EWOULDBLOCK);
	close(fd);
	assert_int_equal(count_runs(runs), 2); /* this one, the rival's */
	ses_close(&s);
}

/* The PATH bin folders of .sandbox-cache exist before any job runs (two
 * tools making one with exists() then mkdir() race: pip's EEXIST), each a
 * real folder of ours; one with a symlink planted in its way is not made
 * through it. */
static void path_bins_made(void **state)
{
	SBX_AUTOFREE char *ws = pathf("%s/ws%s", "");
	SBX_AUTOFREE char *p = pathf("%s/ws/.sandbox-cache%s", "");
	SBX_AUTOFREE char *go = pathf("%s/ws/.sandbox-cache/go%s", "");
	SBX_AUTOFREE char *out = pathf("%s/outside%s", "");
	SBX_AUTOFREE char *outbin = pathf("%s/outside/bin%s", "");
	struct sbx_opts o = opts_for(ws);
	const struct rt_plan *r;
	struct session s = {0};
	struct stat st;
	size_t n = 0;

	(void)state;
	assert_int_equal(mkdir(ws, 0755), 0);
	assert_int_equal(ses_open(&o, &s, NULL), 0);
	r = pol_route(s.pol);
	assert_int_equal(r->kind, RT_BASE_PERSIST);
	for (size_t i = 0; i < r->path_prefix.n; i++) {
		if (strncmp(r->path_prefix.v[i], p, strlen(p)) != 0)
			continue;
		assert_int_equal(lstat(r->path_prefix.v[i], &st), 0);
		assert_true(S_ISDIR(st.st_mode));
		assert_int_equal(st.st_uid, geteuid());
		n++;
	}
	assert_true(n >= 5); /* bin, python/bin, npm-global/bin, go/bin, ... */
	ses_close(&s);

	/* go -> outside: go/bin is not made there */
	assert_int_equal(fx_rmtree(go), 0);
	assert_int_equal(mkdir(out, 0755), 0);
	assert_int_equal(symlink(out, go), 0);
	assert_int_equal(ses_open(&o, &s, NULL), 0);
	assert_false(exists(outbin));
	ses_close(&s);
}

static void put(const char *p)
{
	int fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, "x", 1), 1);
	close(fd);
}

/* Leftovers of an old session in run folder |run|: scratch, an install,
 * links pointing out. */
static void litter(const char *run, const char *outside)
{
	SBX_AUTOFREE char *a = xasprintf("%s/tmp/scratch", run);
	SBX_AUTOFREE char *b = xasprintf("%s/python", run);
	SBX_AUTOFREE char *c = xasprintf("%s/python/lib.py", run);
	SBX_AUTOFREE char *l1 = xasprintf("%s/out", run);
	SBX_AUTOFREE char *l2 = xasprintf("%s/tmp/out", run);

	put(a);
	assert_int_equal(mkdir(b, 0755), 0);
	put(c);
	assert_int_equal(symlink(outside, l1), 0);
	assert_int_equal(symlink(outside, l2), 0);
}

static int count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

/* Steady state: the run due for pruning is renamed to the new run's name
 * and emptied, not deleted and made again. It must come back empty (a
 * --no-persist install in the old run must be gone), locked, and without
 * following anything planted in it. */
static void oldest_run_recycled_empty(void **state)
{
	SBX_AUTOFREE char *ws = pathf("%s/ws%s", "");
	SBX_AUTOFREE char *runs = pathf("%s/ws/.sandbox-runs%s", "");
	SBX_AUTOFREE char *outside = pathf("%s/outside%s", "");
	SBX_AUTOFREE char *victim = pathf("%s/outside/keep-me%s", "");
	SBX_AUTOFREE char *mark = NULL;
	char *old[2];
	struct sbx_opts o = opts_for(ws);
	struct session s[2] = {0}, s2 = {0};
	struct stat st[2], st2;
	int reused = -1, fd;

	(void)state;
	assert_int_equal(mkdir(ws, 0755), 0);
	assert_int_equal(mkdir(outside, 0755), 0);
	put(victim);
	o.keep = 2;
	/* Two old runs; ids of one second and one pid sort by their random
	 * part, so either may be the oldest: both get the same litter. */
	for (int i = 0; i < 2; i++) {
		assert_int_equal(ses_open(&o, &s[i], NULL), 0);
		old[i] = xstrdup(pol_layout(s[i].pol)->run_dir);
		assert_int_equal(stat(old[i], &st[i]), 0);
		litter(old[i], outside);
		ses_close(&s[i]);
	}

	assert_int_equal(ses_open(&o, &s2, NULL), 0);
	assert_int_equal(stat(pol_layout(s2.pol)->run_dir, &st2), 0);
	/* One of them is the new run's folder (so recycling ran), under the
	 * new name; the other is kept (keep=2) as it was. */
	for (int i = 0; i < 2; i++)
		if (st[i].st_ino == st2.st_ino && st[i].st_dev == st2.st_dev)
			reused = i;
	assert_true(reused >= 0);
	assert_false(exists(old[reused]));
	assert_true(exists(old[!reused]));
	assert_string_not_equal(old[reused], pol_layout(s2.pol)->run_dir);
	assert_true(S_ISDIR(st2.st_mode) && (st2.st_mode & 0777) == 0700);
	/* Nothing left but the mark and an empty tmp/; nothing followed. */
	assert_int_equal(count_entries(pol_layout(s2.pol)->run_dir), 2);
	assert_int_equal(count_entries(pol_layout(s2.pol)->run_tmp), 0);
	assert_true(exists(victim));
	/* The new session holds the mark's lock: no pruner may take it. */
	mark = xasprintf("%s/%s", pol_layout(s2.pol)->run_dir, LAY_RUN_MARK);
	fd = open(mark, O_RDONLY);
	assert_true(fd >= 0);
	assert_int_equal(flock(fd, LOCK_EX | LOCK_NB), -1);
	close(fd);
	assert_int_equal(count_runs(runs), 2);
	ses_close(&s2);
	free(old[0]);
	free(old[1]);
}

/* A job may swap the run's tmp/ for a link out of the workspace before its
 * session ends: recycling must unlink the link, not empty its target, and
 * leave a real, empty tmp/. */
static void recycled_run_tmp_link_replaced(void **state)
{
	SBX_AUTOFREE char *ws = pathf("%s/ws%s", "");
	SBX_AUTOFREE char *outside = pathf("%s/outside%s", "");
	SBX_AUTOFREE char *victim = pathf("%s/outside/keep-me%s", "");
	struct sbx_opts o = opts_for(ws);
	struct session s = {0}, s2 = {0};
	struct stat st, old;

	(void)state;
	assert_int_equal(mkdir(ws, 0755), 0);
	assert_int_equal(mkdir(outside, 0755), 0);
	put(victim);
	o.keep = 1;
	assert_int_equal(ses_open(&o, &s, NULL), 0);
	assert_int_equal(stat(pol_layout(s.pol)->run_dir, &old), 0);
	{
		const char *tmp = pol_layout(s.pol)->run_tmp;

		assert_int_equal(rmdir(tmp), 0);
		assert_int_equal(symlink(outside, tmp), 0);
	}
	ses_close(&s);
	assert_int_equal(ses_open(&o, &s2, NULL), 0);
	/* Recycled: the same folder under the new name. */
	assert_int_equal(stat(pol_layout(s2.pol)->run_dir, &st), 0);
	assert_true(st.st_ino == old.st_ino && st.st_dev == old.st_dev);
	assert_int_equal(lstat(pol_layout(s2.pol)->run_tmp, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	assert_int_equal(count_entries(pol_layout(s2.pol)->run_tmp), 0);
	assert_true(exists(victim));
	ses_close(&s2);
}

static void missing_workspace_is_clear(void **state)
{
	SBX_AUTOFREE char *ws = pathf("%s/nope%s", "");
	struct sbx_opts o = opts_for(ws);
	struct session s = {0};
	struct sbx_diag d = {0};

	(void)state;
	assert_int_equal(ses_open(&o, &s, &d), -ENOENT);
	assert_non_null(strstr(d.msg, "mkdir -p"));
	assert_false(exists(ws));
	o = opts_for(NULL);
	o.workflow = "../x";
	assert_int_equal(ses_open(&o, &s, &d), -EINVAL);
}

/* The case of readonly_workspace_no_routing, without cmocka (it may run
 * in a child): 0, or the line of the first check that failed. */
static int readonly_case(void)
{
	SBX_AUTOFREE char *ws = pathf("%s/ro%s", "");
	SBX_AUTOFREE char *st = pathf("%s/state%s", "");
	SBX_AUTOFREE char *p = pathf("%s/state/.sandbox-cache%s", "");
	struct sbx_opts o = opts_for(ws);
	struct session s = {0};

#define RO_CHECK(c)                                                            \
	do {                                                                   \
		if (!(c))                                                      \
			return __LINE__;                                       \
	} while (0)
	RO_CHECK(mkdir(ws, 0555) == 0);
	RO_CHECK(ses_open(&o, &s, NULL) == 0);
	RO_CHECK(pol_route(s.pol)->kind == RT_BASE_NONE);
	ses_close(&s);
	o.state = st;
	RO_CHECK(ses_open(&o, &s, NULL) == 0);
	RO_CHECK(pol_route(s.pol)->kind == RT_BASE_PERSIST);
	RO_CHECK(exists(p));
	ses_close(&s);
#undef RO_CHECK
	return 0;
}

/*
 * A workspace the user cannot write gets no routing; --state elsewhere
 * gets it back. Root may write anywhere (access(W_OK) says yes to a 0555
 * folder), and CI runs as root: there the case runs in a child that has
 * become nobody (uid and gid 65534, no groups), and fails, never skips,
 * if it cannot (a skip exits 0, and strict mode would never see it).
 */
static void readonly_workspace_no_routing(void **state)
{
	int status;
	pid_t pid;

	(void)state;
	if (geteuid() != 0) {
		assert_int_equal(readonly_case(), 0);
		return;
	}
	assert_int_equal(chown(base, 65534, 65534), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		if (setgroups(0, NULL) < 0 ||
		    setresgid(65534, 65534, 65534) < 0 ||
		    setresuid(65534, 65534, 65534) < 0 || geteuid() != 65534)
			_exit(250);
		status = readonly_case();
		_exit(status == 0 ? 0 : status & 0xff ? status & 0xff : 1);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	/* 250: could not become nobody; else the failing line (mod 256,
	 * never 0) */
	assert_int_equal(WEXITSTATUS(status), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(creates_tagged_state, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(preview_creates_nothing, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(two_sessions_two_runs_and_prune,
					    setup, teardown),
	    cmocka_unit_test_setup_teardown(taken_run_id_drawn_again, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(live_session_not_pruned, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(run_mark_never_seen_unlocked, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(path_bins_made, setup, teardown),
	    cmocka_unit_test_setup_teardown(oldest_run_recycled_empty, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(recycled_run_tmp_link_replaced,
					    setup, teardown),
	    cmocka_unit_test_setup_teardown(missing_workspace_is_clear, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(readonly_workspace_no_routing,
					    setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
