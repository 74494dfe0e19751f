/* tests/unit/test_auditrec.c — Landlock audit records parsed
 * (core/auditrec.c), over record texts captured on this project's test
 * machine (Linux 6.18, Landlock ABI 7, audit enabled, the read-log
 * multicast group). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <string.h>

#include "auditrec.h"

#define P(type, s, r) ar_parse(type, s, strlen(s), r)

static void test_access_make(void **st)
{
	struct ar_rec r;

	(void)st;
	assert_int_equal(P(1423,
			   "audit(1796643986.868:634): domain=144e1b733 "
			   "blockers=fs.make_reg path=\"/etc\" dev=\"vda\" "
			   "ino=19",
			   &r),
			 0);
	assert_int_equal(r.ms, 1796643986868ULL);
	assert_int_equal(r.serial, 634);
	assert_int_equal(r.domain, 0x144e1b733ULL);
	assert_int_equal(r.kind, AR_FS_MAKE);
	assert_string_equal(r.blockers, "fs.make_reg");
	assert_string_equal(r.path, "/etc");
	ar_free(&r);
}

static void test_access_write(void **st)
{
	struct ar_rec r;

	(void)st;
	assert_int_equal(P(1423,
			   "audit(1796643986.476:614): domain=144e1b733 "
			   "blockers=fs.write_file path=\"/dev/tty\" "
			   "dev=\"devtmpfs\" ino=9",
			   &r),
			 0);
	assert_int_equal(r.kind, AR_FS_WRITE);
	assert_string_equal(r.path, "/dev/tty");
	ar_free(&r);
	/* several blockers: the first one decides the kind */
	assert_int_equal(P(1423,
			   "audit(1.5:7): domain=a blockers=fs.write_file,"
			   "fs.truncate path=\"/x\"",
			   &r),
			 0);
	assert_int_equal(r.ms, 1005);
	assert_int_equal(r.kind, AR_FS_WRITE);
	assert_string_equal(r.blockers, "fs.write_file,fs.truncate");
	ar_free(&r);
}

/* A path with a space, a quote or a control byte comes as hex: a job
 * cannot end the field early or forge another key with its file name. */
static void test_hex_path(void **st)
{
	struct ar_rec r;

	(void)st;
	/* "/tmp/a b\" domain=1" */
	assert_int_equal(P(1423,
			   "audit(10.001:1): domain=ff blockers=fs.read_file "
			   "path=2F746D702F6120622220646F6D61696E3D31 ino=3",
			   &r),
			 0);
	assert_string_equal(r.path, "/tmp/a b\" domain=1");
	assert_int_equal(r.domain, 0xff);
	assert_int_equal(r.kind, AR_FS_READ);
	ar_free(&r);
	/* hex with a NUL inside is not decoded */
	assert_int_equal(
	    P(1423, "audit(1.0:1): domain=1 blockers=x path=2F00", &r), 0);
	assert_string_equal(r.path, "2F00");
	assert_int_equal(r.kind, AR_OTHER);
	ar_free(&r);
}

static void test_domain(void **st)
{
	struct ar_rec r;

	(void)st;
	assert_int_equal(P(1424,
			   "audit(1796643986.476:614): domain=144e1b733 "
			   "status=allocated mode=enforcing pid=18011 uid=0 "
			   "exe=\"/tmp/aud/ll\" comm=\"ll\"",
			   &r),
			 0);
	assert_true(r.allocated);
	assert_int_equal(r.pid, 18011);
	assert_string_equal(r.comm, "ll");
	assert_int_equal(r.domain, 0x144e1b733ULL);
	ar_free(&r);
	/* a name with a space is hex, as the kernel writes it */
	assert_int_equal(P(1424,
			   "audit(1.0:1): domain=5 status=allocated pid=7 "
			   "comm=7362782061",
			   &r),
			 0);
	assert_string_equal(r.comm, "sbx a");
	ar_free(&r);
	assert_int_equal(P(1424,
			   "audit(1796643986.924:635): domain=144e1b733 "
			   "status=deallocated denials=21",
			   &r),
			 0);
	assert_false(r.allocated);
	assert_int_equal(r.pid, 0);
	ar_free(&r);
}

static void test_net_scope(void **st)
{
	struct ar_rec r;

	(void)st;
	assert_int_equal(P(1423,
			   "audit(3.004:9): domain=2 blockers=net.connect_tcp "
			   "daddr=127.0.0.1 dest=80",
			   &r),
			 0);
	assert_int_equal(r.kind, AR_NET);
	assert_null(r.path);
	ar_free(&r);
	assert_int_equal(P(1423,
			   "audit(3.004:9): domain=2 blockers=scope.signal "
			   "opid=1 ocomm=\"systemd\"",
			   &r),
			 0);
	assert_int_equal(r.kind, AR_OTHER);
	ar_free(&r);
	assert_int_equal(ar_kind_of("fs.make_dir", 11), AR_FS_MAKE);
	assert_int_equal(ar_kind_of("fs.make_", 8), AR_FS_MAKE);
	assert_int_equal(ar_kind_of("fs.read_filex", 13), AR_OTHER);
}

static void test_bad(void **st)
{
	struct ar_rec r;

	(void)st;
	/* not Landlock's */
	assert_int_equal(P(1300, "audit(1.0:1): arch=c000003e", &r), -EINVAL);
	/* no domain, a broken domain, a broken header */
	assert_int_equal(P(1423, "audit(1.0:1): blockers=fs.read_file", &r),
			 -EINVAL);
	assert_int_equal(P(1423, "audit(1.0:1): domain=xyz", &r), -EINVAL);
	assert_int_equal(P(1423, "audit(1.0:1) domain=1", &r), -EINVAL);
	assert_int_equal(P(1423, "audit(1:1): domain=1", &r), -EINVAL);
	assert_int_equal(P(1423, "", &r), -EINVAL);
	assert_int_equal(
	    P(1423, "audit(99999999999999999999.0:1): domain=1", &r), -EINVAL);
	/* the length is respected: no read past it */
	assert_int_equal(ar_parse(1423, "audit(1.0:1): domain=12", 22, &r), 0);
	assert_int_equal(r.domain, 1);
	ar_free(&r);
	/* a trailing NUL (the netlink payload's) ends the text */
	assert_int_equal(ar_parse(1423, "audit(1.0:1): domain=3\0 x=y", 28, &r),
			 0);
	assert_int_equal(r.domain, 3);
	ar_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_access_make),
	    cmocka_unit_test(test_access_write),
	    cmocka_unit_test(test_hex_path),
	    cmocka_unit_test(test_domain),
	    cmocka_unit_test(test_net_scope),
	    cmocka_unit_test(test_bad),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
