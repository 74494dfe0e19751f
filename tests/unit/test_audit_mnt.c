/* tests/unit/test_audit_mnt.c — which listed audit rules a session's
 * helper deletes as stale (backends/audit_mnt.c, am_stale()): an sbxsh
 * session's rules whose supervisor and helper are both gone. Judged
 * against a folder laid out like /proc (<pid>/sessionid, <pid>/stat), so
 * each case is certain: in the end-to-end test (denials_mount.py) any
 * other session started on the host meanwhile removes stale rules too,
 * and a rule kept wrongly went unseen in a mutation run beside other
 * sessions (tests/mutate.sh mount-stale-kept).
 *
 * Why it matters: a rule kept for a dead session stays in the kernel's
 * audit rule list for good (a leak on every killed session); a rule
 * deleted for a live one leaves that session's mount-layer refusals
 * unexplained. A pid that came round again, now in another audit
 * session, is not the supervisor. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "audit_mnt.h"
#include "fixture.h"

#define SES 4242u

static char root[4096];
static int proc = -1;

static int setup(void **state)
{
	(void)state;
	if (fx_tmpdir(root, sizeof(root), "test_audit_mnt") < 0)
		return -1;
	proc = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	return proc < 0 ? -1 : 0;
}

static int teardown(void **state)
{
	(void)state;
	if (proc >= 0)
		close(proc);
	proc = -1;
	return fx_rmtree(root);
}

/* A process of the fake /proc: its audit session and its state letter. */
static void process(long pid, unsigned ses, char state)
{
	char p[4200], t[64];

	fx_path(p, sizeof(p), "%s/%ld", root, pid);
	fx_mkdirs(p);
	fx_path(p, sizeof(p), "%s/%ld/sessionid", root, pid);
	fx_path(t, sizeof(t), "%u", ses);
	fx_write(p, t, 0644);
	fx_path(p, sizeof(p), "%s/%ld/stat", root, pid);
	/* a name with ") " in it: the state is after the last ')' */
	fx_path(t, sizeof(t), "%ld (a) b) %c 1 2 3", pid, state);
	fx_write(p, t, 0644);
}

/* A rule of the session's shape: session id, exit value, key. */
static struct audit_rule_data *rule(const char *key, unsigned ses, size_t *len)
{
	size_t k = strlen(key);
	struct audit_rule_data *r = calloc(1, sizeof(*r) + k);

	assert_non_null(r);
	r->flags = AUDIT_FILTER_EXIT;
	r->action = AUDIT_ALWAYS;
	r->field_count = 3;
	r->fields[0] = AUDIT_SESSIONID;
	r->values[0] = ses;
	r->fields[1] = AUDIT_EXIT;
	r->values[1] = (uint32_t)-EROFS;
	r->fields[2] = AUDIT_FILTERKEY;
	r->values[2] = (uint32_t)k;
	r->buflen = (uint32_t)k;
	memcpy(r->buf, key, k);
	*len = sizeof(*r) + k;
	return r;
}

static bool judged(const char *key, unsigned ses)
{
	size_t len;
	struct audit_rule_data *r = rule(key, ses, &len);
	bool st = am_stale(proc, r, len);

	free(r);
	return st;
}

static void both_gone_is_stale(void **state)
{
	(void)state;
	assert_true(judged("sbxsh-101-102", SES));
	/* an older sbxsh's key names the supervisor alone */
	assert_true(judged("sbxsh-101", SES));
}

static void a_live_one_keeps_them(void **state)
{
	(void)state;
	process(101, SES, 'S');
	assert_false(judged("sbxsh-101-102", SES));
	assert_false(judged("sbxsh-101", SES));
}

static void the_helper_alone_keeps_them(void **state)
{
	(void)state;
	/* the session ended; its helper is still deleting them */
	process(102, SES, 'R');
	assert_false(judged("sbxsh-101-102", SES));
}

static void a_pid_come_round_again_is_not_theirs(void **state)
{
	(void)state;
	/* pids 101 and 102 live, but in other audit sessions */
	process(101, SES + 1, 'S');
	process(102, (unsigned)-1, 'S');
	assert_true(judged("sbxsh-101-102", SES));
}

static void killed_not_reaped_is_gone(void **state)
{
	(void)state;
	process(101, SES, 'Z');
	process(102, SES, 'X');
	assert_true(judged("sbxsh-101-102", SES));
}

static void not_ours_is_never_stale(void **state)
{
	size_t len;
	struct audit_rule_data *r;

	(void)state;
	/* another tool's rule, a malformed key, a rule of another shape */
	assert_false(judged("auditd-101", SES));
	assert_false(judged("sbxsh-x", SES));
	assert_false(judged("sbxsh-101-", SES));
	assert_false(judged("sbxsh-0", SES));
	r = rule("sbxsh-101-102", SES, &len);
	r->field_count = 2;
	assert_false(am_stale(proc, r, len));
	r->field_count = 3;
	r->flags = AUDIT_FILTER_USER;
	assert_false(am_stale(proc, r, len));
	r->flags = AUDIT_FILTER_EXIT;
	/* shorter than it says */
	assert_false(am_stale(proc, r, len - 1));
	free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(both_gone_is_stale, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(a_live_one_keeps_them, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(the_helper_alone_keeps_them, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(
		a_pid_come_round_again_is_not_theirs, setup, teardown),
	    cmocka_unit_test_setup_teardown(killed_not_reaped_is_gone, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(not_ours_is_never_stale, setup,
					    teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
