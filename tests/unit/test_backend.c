/* tests/unit/test_backend.c — backend selection, the fail-closed
 * messages, the "none" backend, mountinfo parsing, and the namespace
 * backend's mount sequence against a fake kernel. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <sched.h>
#include <sys/stat.h>
#include <linux/securebits.h>

#include <cmocka.h>

#include "fake_sys.h"
#include "fixture.h"

/* The diag is |text| followed by be_confine_plan()'s hint. */
#define assert_msg(msg, text)                                                  \
	do {                                                                   \
		assert_int_equal(strncmp(msg, text, strlen(text)), 0);         \
		assert_int_equal(                                              \
		    strncmp(msg + strlen(text), "; alternatives: ", 16), 0);   \
	} while (0)

static char tmp[PATH_MAX];

static int setup(void **state)
{
	(void)state;
	fake_reset();
	be_set_sys_ops(&fake_ops);
	return fx_tmpdir(tmp, sizeof(tmp), "/var/tmp/test_backend");
}

static int teardown(void **state)
{
	(void)state;
	be_set_sys_ops(NULL);
	fake_reset();
	return fx_rmtree(tmp);
}

static void lookup_by_name(void **state)
{
	(void)state;
	assert_ptr_equal(be_lookup("landlock"), &be_landlock);
	assert_ptr_equal(be_lookup("namespace"), &be_namespace);
	assert_ptr_equal(be_lookup("none"), &be_none);
	assert_null(be_lookup("seatbelt")); /* Linux */
	assert_null(be_lookup("bogus"));
	assert_string_equal(be_names[0], "landlock");
	assert_non_null(strstr(be_hint("landlock"), "--backend namespace"));
	assert_non_null(strstr(be_hint("namespace"), "--backend landlock"));
}

static void seatbelt_fails_closed_on_linux(void **state)
{
	struct sbx_diag d = {0};

	(void)state;
	/* No policy is needed to refuse: it fails before looking. */
	assert_int_equal(be_confine("seatbelt", NULL, NULL, NULL, &d),
			 -EOPNOTSUPP);
	assert_non_null(strstr(d.msg, "seatbelt: not available on Linux (use "
				      "--print-profile seatbelt to see the "
				      "profile)"));
	assert_int_equal(be_confine("bogus", NULL, NULL, NULL, &d), -EINVAL);
	assert_non_null(strstr(d.msg, "unknown backend 'bogus'"));
}

static void none_only_notes(void **state)
{
	struct be_plan p = {.scope = POL_SCOPE_WORKSPACE, .network = true};
	struct be_notes n = {0};
	struct sbx_diag d = {0};

	(void)state;
	assert_int_equal(be_confine_plan(&be_none, &p, &n, &d), 0);
	assert_non_null(note_val(&n, "backend", "NOT confined"));
	assert_true(!fake.log.s || !strstr(fake.log.s, "seccomp_filter"));
	notes_free(&n);
}

static void errstr_names_errno(void **state)
{
	char b[96];
	struct sbx_diag d = {0};

	(void)state;
	assert_string_equal(be_errstr(ENOSYS, b, sizeof(b)),
			    "Function not implemented (ENOSYS)");
	assert_int_equal(be_fail(&d, EPERM, "namespace", "unshare(%s)", "x"),
			 -EPERM);
	assert_string_equal(d.msg, "namespace: unshare(x) failed: Operation "
				   "not permitted (EPERM)");
	assert_int_equal(d.err, -EPERM);
	/* A -errno (docs/style.md §3) is accepted too. */
	assert_int_equal(be_fail(&d, -EINVAL, "landlock", "s"), -EINVAL);
}

static void parses_mountinfo(void **state)
{
	static const char text[] =
	    "22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw\n"
	    "23 22 0:5 / /dev rw,nosuid,relatime shared:2 - devtmpfs udev "
	    "rw\n"
	    "24 23 0:6 / /dev/pts rw,nosuid,noexec,relatime - devpts "
	    "devpts rw\n"
	    "25 22 0:7 / /mnt/with\\040space ro,nodev,noatime - tmpfs x "
	    "rw\n"
	    "\n";
	struct mnt_entry *e = NULL;
	size_t n = 0;

	(void)state;
	assert_int_equal(mnt_parse_mountinfo(text, &e, &n), 0);
	assert_int_equal(n, 4);
	assert_string_equal(e[0].path, "/");
	assert_int_equal(e[0].keep, MS_RELATIME);
	assert_string_equal(e[1].path, "/dev");
	assert_int_equal(e[1].keep, MS_NOSUID | MS_RELATIME);
	assert_int_equal(e[2].keep, MS_NOSUID | MS_NOEXEC | MS_RELATIME);
	assert_string_equal(e[3].path, "/mnt/with space");
	assert_int_equal(e[3].keep, MS_NODEV | MS_NOATIME);
	for (size_t i = 0; i < n; i++)
		free(e[i].path);
	free(e);
	e = NULL;
	n = 0;
	assert_int_equal(mnt_parse_mountinfo("1 2 3\n", &e, &n), -EINVAL);
	free(e);
}

static void namespace_mount_sequence(void **state)
{
	SBX_AUTOFREE char *ws = xasprintf("%s/ws", tmp);
	SBX_AUTOFREE char *home = xasprintf("%s/home", tmp);
	SBX_AUTOFREE char *ssh = xasprintf("%s/home/.ssh", tmp);
	SBX_AUTOFREE char *netrc = xasprintf("%s/home/.netrc", tmp);
	SBX_AUTOFREE char *absent = xasprintf("%s/home/.aws", tmp);
	SBX_AUTOFREE char *run = xasprintf("%s/ws/.sandbox-runs", tmp);
	SBX_AUTOFREE char *rtmp = xasprintf("%s/ws/.sandbox-runs/tmp", tmp);
	const char *rw[] = {ws, rtmp};
	const char *dev[] = {"/dev/null", "/dev/pts"};
	const char *masked[] = {ssh, netrc, absent};
	struct be_plan p = {.scope = POL_SCOPE_WORKSPACE, .network = true};
	struct be_notes n = {0};
	struct sbx_diag d = {0};
	int priv, bws, bpts, btmp, mssh, mnet, ro, sl;

	(void)state;
	if (geteuid() != 0)
		skip(); /* the user namespace path writes real uid maps */
	assert_int_equal(mkdir(ws, 0700), 0);
	assert_int_equal(mkdir(run, 0700), 0);
	assert_int_equal(mkdir(rtmp, 0700), 0);
	assert_int_equal(mkdir(home, 0700), 0);
	assert_int_equal(mkdir(ssh, 0700), 0);
	fx_write(netrc, NULL, 0644);
	p.rw = rw;
	p.nrw = 2;
	p.dev = dev;
	p.ndev = 2;
	p.masked = masked;
	p.nmasked = 3;
	p.private_tmp = true;
	p.run_tmp = rtmp;
	will_return(fake_create_ruleset, 0); /* no Landlock: mounts alone */
	will_return(fake_unshare, 0);
	assert_int_equal(be_confine_plan(&be_namespace, &p, &n, &d), 0);
	priv = fake_mounted("/", MS_REC | MS_PRIVATE);
	bws = fake_mounted(ws, MS_BIND | MS_REC);
	bpts = fake_mounted("/dev/pts", MS_BIND | MS_REC);
	btmp = fake_mounted("/tmp", MS_BIND | MS_REC);
	mssh = fake_mounted(ssh, MS_RDONLY);
	mnet = fake_mounted(netrc, MS_BIND);
	ro = fake_mounted("/", MS_REMOUNT | MS_BIND | MS_RDONLY);
	assert_int_equal(priv, 0);
	assert_true(bws > 0 && bpts > 0 && btmp > 0 && mssh > 0 && mnet > 0);
	/* The fake kernel has no mount_setattr: the fallback, mount by
	 * mount (test_mounts.c has the new API). Roots bound, then
	 * read-only, then the private tmp and the masks on top. */
	assert_true(ro > bws && ro > bpts && btmp > ro && mssh > ro);
	/* Outside the roots also nodev; the device roots bound first. */
	assert_true(
	    fake_mounted("/", MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NODEV) > 0);
	assert_true(fake_mounted("/dev/null", MS_BIND | MS_REC) > 0);
	assert_true(fake_mounted("/dev/null", MS_BIND | MS_REC) < ro);
	assert_non_null(strstr(fake.mounts.v[mssh], "|tmpfs|tmpfs"));
	assert_non_null(strstr(fake.mounts.v[mnet], "|/dev/null"));
	assert_true(fake_mounted(netrc, MS_REMOUNT | MS_BIND | MS_RDONLY) >
		    mnet);
	assert_non_null(strstr(fake.mounts.v[btmp], rtmp));
	/* Nested root: covered by the workspace's recursive bind. */
	assert_int_equal(fake_mounted(rtmp, MS_BIND), -1);
	/* Absent secret: nothing to cover. */
	assert_int_equal(fake_mounted(absent, 0), -1);
	/* seccomp after every mount. */
	sl = (int)(strstr(fake.log.s, "seccomp_filter") - fake.log.s);
	assert_true(sl > (int)(strstr(fake.log.s, "unshare") - fake.log.s));
	notes_free(&n);
}

static void namespace_fails_closed_without_unshare(void **state)
{
	struct be_plan p = {.scope = POL_SCOPE_WORKSPACE, .network = true};
	struct be_notes n = {0};
	struct sbx_diag d = {0};

	(void)state;
	will_return(fake_create_ruleset, 0);
	will_return(fake_unshare, -EPERM);
	assert_int_equal(be_confine_plan(&be_namespace, &p, &n, &d), -EPERM);
	assert_non_null(strstr(d.msg, "namespace: unshare("));
	assert_non_null(strstr(d.msg, "failed: Operation not permitted "
				      "(EPERM)"));
	assert_null(strstr(fake.log.s, "seccomp_filter"));
	assert_int_equal(fake.mounts.n, 0);
	notes_free(&n);
}

static void namespace_mount_failure_fails_closed(void **state)
{
	struct be_plan p = {.scope = POL_SCOPE_WORKSPACE, .network = true};
	struct be_notes n = {0};
	struct sbx_diag d = {0};

	(void)state;
	fake.mount_mocked = true;
	will_return(fake_create_ruleset, 0);
	will_return(fake_unshare, 0);
	will_return(fake_mount, -EACCES);
	assert_int_equal(be_confine_plan(&be_namespace, &p, &n, &d), -EACCES);
	assert_non_null(strstr(d.msg, "namespace: mount layer: making / "
				      "private failed"));
	assert_null(strstr(fake.log.s, "seccomp_filter"));
	notes_free(&n);
}

/* --- be_drop_privs(): a session holds no privilege ---------------------- */

/* Root, as the kernel starts it: everything goes, the bounding set up to
 * cap_last_cap included (a capability newer than this build's headers
 * too), the securebits locked, no_new_privs set. */
static void drop_privs_empties_every_set(void **state)
{
	struct sbx_diag d = {0};
	bool left = true;

	(void)state;
	fake_root();
	fake.last_cap = 45;
	fake.bnd = (1ULL << 46) - 1;
	assert_int_equal(be_drop_privs(&left, "t", &d), 0);
	assert_false(left);
	assert_true(fake.caps.eff == 0 && fake.caps.prm == 0 &&
		    fake.caps.inh == 0);
	assert_true(fake.bnd == 0);
	assert_true(fake.nnp);
	assert_int_equal(fake.secbits & (SECBIT_NOROOT | SECBIT_NOROOT_LOCKED),
			 SECBIT_NOROOT | SECBIT_NOROOT_LOCKED);
	assert_true(fake.secbits & SECBIT_NO_SETUID_FIXUP_LOCKED);
	assert_true(fake.secbits & SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED);
	assert_true(fake.secbits & SECBIT_KEEP_CAPS_LOCKED);
	assert_false(fake.secbits & SECBIT_KEEP_CAPS);
	/* The securebits while CAP_SETPCAP was still there: before the
	 * capset that empties the sets. */
	assert_true(strstr(fake.log.s, "prctl(28)") <
		    strstr(fake.log.s, "capset"));
}

/* A drop that answers 0 but does not stick is caught by the read-back,
 * and the session refuses to run anything. */
static void drop_privs_fails_closed_when_bounding_sticks(void **state)
{
	struct sbx_diag d = {0};

	(void)state;
	fake_root();
	fake.stuck_bnd = CAP_NET_ADMIN + 1;
	assert_int_equal(be_drop_privs(NULL, "t", &d), -EPERM);
	assert_non_null(strstr(d.msg, "t: dropping privileges: bounding set "
				      "left after the drop (0x1000)"));
}

static void drop_privs_fails_closed_when_permitted_sticks(void **state)
{
	struct sbx_diag d = {0};

	(void)state;
	fake_root();
	fake.stuck_prm = 1ULL << CAP_SYS_ADMIN;
	assert_int_equal(be_drop_privs(NULL, "t", &d), -EPERM);
	assert_non_null(strstr(d.msg, "permitted capabilities left"));
}

/* An ordinary user without a user namespace: nothing held, a bounding set
 * it cannot change (no CAP_SETPCAP). Not a privilege: said, not fatal. */
static void drop_privs_user_keeps_only_the_bounding_set(void **state)
{
	struct sbx_diag d = {0};
	bool left = false;

	(void)state;
	fake.bnd = (1ULL << 41) - 1;
	assert_int_equal(be_drop_privs(&left, "t", &d), 0);
	assert_true(left);
	assert_true(fake.nnp);
}

/* Through a whole namespace-backend start: a capability left stops the
 * session before Landlock and the filter, so nothing runs. */
static void namespace_fails_closed_when_a_cap_sticks(void **state)
{
	struct be_plan p = {.scope = POL_SCOPE_WORKSPACE, .network = true};
	struct be_notes n = {0};
	struct sbx_diag d = {0};

	(void)state;
	if (geteuid() != 0)
		skip(); /* the user namespace path writes real uid maps */
	fake_root();
	fake.stuck_bnd = CAP_SYS_ADMIN + 1;
	will_return(fake_create_ruleset, 0);
	will_return(fake_unshare, 0);
	assert_int_equal(be_confine_plan(&be_namespace, &p, &n, &d), -EPERM);
	assert_non_null(strstr(d.msg, "namespace: dropping privileges: "
				      "bounding set left"));
	assert_null(strstr(fake.log.s, "seccomp_filter"));
	notes_free(&n);
}

/* The mount namespace comes with private IPC and UTS ones, and then the
 * filter that lets SysV IPC through (the session's own) is loaded. */
static void namespace_private_ipc_and_uts(void **state)
{
	struct be_plan p = {.scope = POL_SCOPE_WORKSPACE, .network = true};
	struct be_notes n = {0};
	struct sbx_diag d = {0};

	(void)state;
	if (geteuid() != 0)
		skip(); /* the user namespace path writes real uid maps */
	fake_root();
	will_return(fake_create_ruleset, 0);
	will_return(fake_unshare, 0);
	assert_int_equal(be_confine_plan(&be_namespace, &p, &n, &d), 0);
	assert_int_equal(fake.unshare_flags &
			     (CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS),
			 CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS);
	assert_true(fake.caps.eff == 0 && fake.bnd == 0 && fake.nnp);
	assert_non_null(note_val(&n, "ipc", "private IPC and UTS"));
#ifndef SBXSH_SANITIZE
	assert_ptr_equal(fake.seccomp_insns, sc_bpf_net.insns);
#else
	assert_int_equal(fake.seccomp_len,
			 sc_bpf_net.len + sc_sanitizer_prefix_len());
#endif
	notes_free(&n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(lookup_by_name),
	    cmocka_unit_test(seatbelt_fails_closed_on_linux),
	    cmocka_unit_test_setup_teardown(none_only_notes, setup, teardown),
	    cmocka_unit_test(errstr_names_errno),
	    cmocka_unit_test(parses_mountinfo),
	    cmocka_unit_test_setup_teardown(namespace_mount_sequence, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(
		namespace_fails_closed_without_unshare, setup, teardown),
	    cmocka_unit_test_setup_teardown(
		namespace_mount_failure_fails_closed, setup, teardown),
	    cmocka_unit_test_setup_teardown(drop_privs_empties_every_set, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(
		drop_privs_fails_closed_when_bounding_sticks, setup, teardown),
	    cmocka_unit_test_setup_teardown(
		drop_privs_fails_closed_when_permitted_sticks, setup, teardown),
	    cmocka_unit_test_setup_teardown(
		drop_privs_user_keeps_only_the_bounding_set, setup, teardown),
	    cmocka_unit_test_setup_teardown(
		namespace_fails_closed_when_a_cap_sticks, setup, teardown),
	    cmocka_unit_test_setup_teardown(namespace_private_ipc_and_uts,
					    setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
