/* tests/unit/test_landlock.c — the landlock backend against a fake kernel:
 * ABI step-down on EINVAL, refusal on ENOSYS/EOPNOTSUPP, rights lowered per
 * ABI, file versus folder rights, masked secrets, apply order. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "fake_sys.h"

/* The diag is |text| followed by be_confine_plan()'s hint. */
#define assert_msg(msg, text)                                                  \
	do {                                                                   \
		assert_int_equal(strncmp(msg, text, strlen(text)), 0);         \
		assert_int_equal(                                              \
		    strncmp(msg + strlen(text), "; alternatives: ", 16), 0);   \
	} while (0)

#define FS(x) LANDLOCK_ACCESS_FS_##x
#define RO_REMOUNT_FLAGS (MS_REMOUNT | MS_BIND | MS_RDONLY)
#define DIR_ONLY                                                               \
	(FS(READ_DIR) | FS(REMOVE_DIR) | FS(REMOVE_FILE) | FS(MAKE_CHAR) |     \
	 FS(MAKE_DIR) | FS(MAKE_REG) | FS(MAKE_SOCK) | FS(MAKE_FIFO) |         \
	 FS(MAKE_BLOCK) | FS(MAKE_SYM) | FS(REFER))

static char tmp[PATH_MAX];

static int setup(void **state)
{
	(void)state;
	fake_reset();
	be_set_sys_ops(&fake_ops);
	snprintf(tmp, sizeof(tmp), "/var/tmp/test_landlock.XXXXXX");
	if (!mkdtemp(tmp))
		return -1;
	return 0;
}

static int teardown(void **state)
{
	char cmd[PATH_MAX + 16];

	(void)state;
	be_set_sys_ops(NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmp);
	if (system(cmd) != 0)
		return -1;
	fake_reset();
	return 0;
}

static void mkfile(const char *p)
{
	FILE *f = fopen(p, "w");

	assert_non_null(f);
	fputs("x\n", f);
	fclose(f);
}

static char *tp(const char *rel)
{
	return xasprintf("%s/%s", tmp, rel);
}

static struct be_plan base_plan(const char *const *rw, size_t nrw)
{
	struct be_plan p = {.scope = POL_SCOPE_WORKSPACE, .network = true};

	p.rw = rw;
	p.nrw = nrw;
	return p;
}

static void steps_down_one_abi_on_einval(void **state)
{
	struct be_plan p = base_plan(NULL, 0);
	struct be_notes n = {0};
	struct sbx_diag d = {0};

	(void)state;
	p.network = false;
	will_return(fake_create_ruleset, 7);	   /* probe */
	will_return(fake_create_ruleset, -EINVAL); /* ABI 7 */
	will_return(fake_create_ruleset, -EINVAL); /* ABI 6 */
	will_return(fake_create_ruleset, 0);	   /* ABI 5 */
	will_return(fake_unshare, -EPERM);	   /* no mount layer */
	will_return(fake_restrict_self, 0);
	assert_int_equal(be_confine_plan(&be_landlock, &p, &n, &d), 0);
	assert_int_equal(fake.nattr, 3);
	assert_int_equal(fake.attr_size[0], 24);
	assert_int_equal(fake.attr_size[1], 24);
	assert_int_equal(fake.attr_size[2], 16);
	/* ABI 5: IOCTL_DEV and TCP still handled, scopes dropped. */
	assert_true(fake.attr[2].handled_access_fs & FS(IOCTL_DEV));
	assert_int_equal(fake.attr[2].handled_access_net,
			 LANDLOCK_ACCESS_NET_BIND_TCP |
			     LANDLOCK_ACCESS_NET_CONNECT_TCP);
	assert_int_equal(fake.attr[2].scoped, 0);
	assert_true(fake.attr[0].scoped & LANDLOCK_SCOPE_SIGNAL);
	assert_string_equal(note_val(&n, "landlock_abi", NULL),
			    "5 (kernel: 7)");
	assert_non_null(note_val(&n, "not_enforced", "scoping"));
	/* The mount layer was refused: said so, not fatal. */
	assert_non_null(note_val(&n, "not_enforced", "chmod"));
	/* ...and with it the private IPC namespace: the filter that refuses
	 * SysV IPC is loaded, and the banner says so. */
	assert_non_null(note_val(&n, "not_enforced", "ipc: no private IPC"));
	assert_null(note_val(&n, "ipc", NULL));
#ifndef SBXSH_SANITIZE
	assert_ptr_equal(fake.seccomp_insns, sc_bpf_nonet_noipc.insns);
#endif
	notes_free(&n);
}

static void refuses_when_every_abi_is_einval(void **state)
{
	struct be_plan p = base_plan(NULL, 0);
	struct be_notes n = {0};
	struct sbx_diag d = {0};

	(void)state;
	will_return(fake_create_ruleset, 3);
	will_return_count(fake_create_ruleset, -EINVAL, 3);
	assert_int_equal(be_confine_plan(&be_landlock, &p, &n, &d), -EINVAL);
	assert_int_equal(fake.nattr, 3);
	assert_int_equal(fake.attr_size[2], 8); /* ABI 1: one field */
	assert_msg(d.msg, "landlock: landlock_create_ruleset (ABI 1) "
			  "failed: Invalid argument (EINVAL)");
	assert_null(strstr(fake.log.s, "restrict"));
	assert_null(strstr(fake.log.s, "seccomp_filter"));
	notes_free(&n);
}

static void refuse(int err, const char *text)
{
	struct be_plan p = base_plan(NULL, 0);
	struct be_notes n = {0};
	struct sbx_diag d = {0};

	will_return(fake_create_ruleset, -err);
	assert_int_equal(be_confine_plan(&be_landlock, &p, &n, &d), -err);
	assert_msg(d.msg, text);
	assert_int_equal(d.err, -err);
	assert_null(strstr(fake.log.s, "restrict"));
	assert_null(strstr(fake.log.s, "seccomp_filter"));
	notes_free(&n);
}

static void refuses_on_enosys(void **state)
{
	(void)state;
	refuse(ENOSYS, "landlock: landlock_create_ruleset failed: Function "
		       "not implemented (ENOSYS)");
}

static void refuses_on_eopnotsupp(void **state)
{
	(void)state;
	refuse(EOPNOTSUPP, "landlock: landlock_create_ruleset failed: "
			   "Operation not supported (EOPNOTSUPP)");
}

static void refuses_other_errors_without_step_down(void **state)
{
	struct be_plan p = base_plan(NULL, 0);
	struct be_notes n = {0};
	struct sbx_diag d = {0};

	(void)state;
	will_return(fake_create_ruleset, 7);
	will_return(fake_create_ruleset, -ENOMEM);
	assert_int_equal(be_confine_plan(&be_landlock, &p, &n, &d), -ENOMEM);
	assert_int_equal(fake.nattr, 1);
	notes_free(&n);
}

static void rights_lowered_per_abi(void **state)
{
	struct be_plan p = {.scope = POL_SCOPE_WORKSPACE, .network = false};
	uint64_t fs, net, sc;

	(void)state;
	ll_handled(1, &p, &fs, &net, &sc);
	assert_int_equal(fs, (FS(MAKE_SYM) << 1) - 1);
	assert_int_equal(net | sc, 0);
	ll_handled(2, &p, &fs, &net, &sc);
	assert_true(fs & FS(REFER));
	assert_false(fs & FS(TRUNCATE));
	ll_handled(3, &p, &fs, &net, &sc);
	assert_true(fs & FS(TRUNCATE));
	assert_int_equal(net, 0);
	ll_handled(4, &p, &fs, &net, &sc);
	assert_int_equal(net, LANDLOCK_ACCESS_NET_BIND_TCP |
				  LANDLOCK_ACCESS_NET_CONNECT_TCP);
	assert_false(fs & FS(IOCTL_DEV));
	ll_handled(5, &p, &fs, &net, &sc);
	assert_true(fs & FS(IOCTL_DEV));
	assert_int_equal(sc, 0);
	for (int abi = 6; abi <= 10; abi++) {
		ll_handled(abi, &p, &fs, &net, &sc);
		/* ABI 9 adds connect() to pathname sockets. */
		assert_int_equal(fs, ll_fs_rights(abi < 9 ? 8 : LL_ABI_MAX));
		assert_int_equal(!!(fs & FS(RESOLVE_UNIX)), abi >= 9);
		assert_int_equal(sc, LANDLOCK_SCOPE_SIGNAL |
					 LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET);
	}
	/* Network allowed: TCP not handled at all. */
	p.network = true;
	ll_handled(7, &p, &fs, &net, &sc);
	assert_int_equal(net, 0);
	/* Unrestricted: no filesystem right handled. */
	p.scope = POL_SCOPE_UNRESTRICTED;
	ll_handled(7, &p, &fs, &net, &sc);
	assert_int_equal(fs, 0);
	assert_int_equal(ll_attr_size(3), 8);
	assert_int_equal(ll_attr_size(4), 16);
	assert_int_equal(ll_attr_size(6), 24);
}

/* ABI 9 (Linux 7.1, not on this machine: the fake kernel): the ruleset
 * handles RESOLVE_UNIX, grants it on --allow-socket paths only (never on
 * the writable roots, /tmp being shared), restricts with TSYNC (ABI 8),
 * and the mount layer covers no socket since Landlock refuses them. */
static void abi9_sockets_by_landlock(void **state)
{
	SBX_AUTOFREE char *ws = tp("ws");
	SBX_AUTOFREE char *sock = tp("agent.sock");
	const char *rw[] = {ws};
	const char *socks[] = {sock};
	struct be_plan p = base_plan(rw, 1);
	struct be_notes n = {0};
	struct sbx_diag d = {0};

	(void)state;
	assert_int_equal(mkdir(ws, 0700), 0);
	mkfile(sock); /* the rule needs an inode; a file stands in */
	p.sockets = socks;
	p.nsockets = 1;
	fake_landlock_session(9, -EPERM, 0);
	assert_int_equal(be_confine_plan(&be_landlock, &p, &n, &d), 0);
	assert_true(fake.attr[0].handled_access_fs & FS(RESOLVE_UNIX));
	assert_int_equal(fake_rights(sock), FS(RESOLVE_UNIX));
	assert_false(fake_rights(ws) & FS(RESOLVE_UNIX));
	assert_int_equal(fake.restrict_flags, LANDLOCK_RESTRICT_SELF_TSYNC);
	assert_non_null(note_val(&n, "sockets", "Landlock ABI 9"));
	notes_free(&n);
}

/* ABI 7: no RESOLVE_UNIX, no TSYNC; the note says what covers sockets. */
static void abi7_sockets_by_mounts(void **state)
{
	struct be_plan p = base_plan(NULL, 0);
	struct be_notes n = {0};
	struct sbx_diag d = {0};

	(void)state;
	fake_landlock_session(7, -EPERM, 0);
	assert_int_equal(be_confine_plan(&be_landlock, &p, &n, &d), 0);
	assert_false(fake.attr[0].handled_access_fs & FS(RESOLVE_UNIX));
	assert_int_equal(fake.restrict_flags, 0);
	/* No mount layer here (unshare refused): the door is named. */
	assert_non_null(note_val(&n, "not_enforced", "sockets of processes"));
	assert_non_null(note_val(&n, "not_enforced", "other terminals"));
	notes_free(&n);
}

static void file_roots_get_only_file_rights(void **state)
{
	SBX_AUTOFREE char *dir = tp("ws");
	SBX_AUTOFREE char *file = tp("single");
	const char *rw[] = {dir, file};
	const char *dev[] = {"/dev/null", "/dev/pts"};
	struct be_plan p = base_plan(rw, 2);
	struct be_notes n = {0};
	struct sbx_diag d = {0};
	long long rd, rf, rn, rp;

	(void)state;
	assert_int_equal(mkdir(dir, 0700), 0);
	mkfile(file);
	p.dev = dev;
	p.ndev = 2;
	fake_landlock_session(7, -EPERM, 0);
	assert_int_equal(be_confine_plan(&be_landlock, &p, &n, &d), 0);
	rd = fake_rights(dir);
	rf = fake_rights(file);
	rn = fake_rights("/dev/null");
	rp = fake_rights("/dev/pts");
	assert_true(rd > 0 && rf > 0 && rn > 0 && rp > 0);
	/* Folder: read, every write-type right, but never device nodes. */
	assert_true(rd & FS(MAKE_REG));
	assert_true(rd & FS(REFER));
	assert_true(rd & FS(TRUNCATE));
	assert_true(rd & FS(REMOVE_DIR));
	assert_false(rd & FS(MAKE_CHAR));
	assert_false(rd & FS(MAKE_BLOCK));
	/* File: the same request, cut to what a file can take. */
	assert_int_equal(rf & DIR_ONLY, 0);
	assert_true(rf & FS(WRITE_FILE));
	assert_true(rf & FS(READ_FILE));
	/* Devices: read, write, truncate (> /dev/null), ioctl. */
	assert_int_equal(rn, FS(EXECUTE) | FS(READ_FILE) | FS(WRITE_FILE) |
				 FS(TRUNCATE) | FS(IOCTL_DEV));
	assert_true(rp & FS(READ_DIR));
	assert_true(rp & FS(IOCTL_DEV));
	assert_false(rp & FS(MAKE_REG));
	/* No secret: still not "/" as a whole, which would cover /dev:
	 * listing there, read + execute on its other entries. */
	assert_int_equal(fake_rights("/"), FS(READ_DIR));
	assert_int_equal(fake_rights("/etc"),
			 FS(EXECUTE) | FS(READ_FILE) | FS(READ_DIR));
	notes_free(&n);
}

/* /dev: no read on any device node but the device roots (root reading
 * /dev/sda would read the masked secrets off the disk, /dev/input the
 * keys typed); /dev listed, /dev/shm readable. */
static void dev_nodes_get_no_read(void **state)
{
	const char *dev[] = {"/dev/null"};
	struct be_plan p = base_plan(NULL, 0);
	struct be_notes n = {0};
	struct sbx_diag d = {0};

	(void)state;
	p.dev = dev;
	p.ndev = 1;
	fake_landlock_session(7, -EPERM, 0);
	assert_int_equal(be_confine_plan(&be_landlock, &p, &n, &d), 0);
	assert_int_equal(fake_rights("/dev"), FS(READ_DIR));
	assert_int_equal(fake_rights("/dev/zero"), -1);
	assert_int_equal(fake_rights("/dev/kmsg"), -1);
	assert_true(fake_rights("/dev/null") & FS(WRITE_FILE));
	if (access("/dev/shm", F_OK) == 0)
		assert_int_equal(fake_rights("/dev/shm"),
				 FS(EXECUTE) | FS(READ_FILE) | FS(READ_DIR));
	assert_true(fake_rights("/usr") > 0);
	notes_free(&n);
}

static void masked_secret_gets_sibling_rules(void **state)
{
	SBX_AUTOFREE char *home = tp("home");
	SBX_AUTOFREE char *ssh = tp("home/.ssh");
	SBX_AUTOFREE char *key = tp("home/.ssh/id_rsa");
	SBX_AUTOFREE char *notes_f = tp("home/notes");
	SBX_AUTOFREE char *proj = tp("home/proj");
	SBX_AUTOFREE char *cfg = tp("home/.config");
	SBX_AUTOFREE char *gh = tp("home/.config/gh");
	SBX_AUTOFREE char *other = tp("home/.config/other");
	SBX_AUTOFREE char *link = tp("home/link");
	SBX_AUTOFREE char *absent = tp("home/.aws");
	SBX_AUTOFREE char *sib = tp("sibling");
	const char *masked[] = {ssh, gh, absent};
	struct be_plan p = base_plan(NULL, 0);
	struct be_notes n = {0};
	struct sbx_diag d = {0};

	(void)state;
	assert_int_equal(mkdir(home, 0700), 0);
	assert_int_equal(mkdir(ssh, 0700), 0);
	assert_int_equal(mkdir(proj, 0700), 0);
	assert_int_equal(mkdir(cfg, 0700), 0);
	assert_int_equal(mkdir(gh, 0700), 0);
	assert_int_equal(mkdir(sib, 0700), 0);
	mkfile(key);
	mkfile(notes_f);
	mkfile(other);
	assert_int_equal(symlink("/etc", link), 0);
	p.masked = masked;
	p.nmasked = 3;
	fake_landlock_session(7, -EPERM, 0);
	assert_int_equal(be_confine_plan(&be_landlock, &p, &n, &d), 0);
	/* "/" itself: listing only. */
	assert_int_equal(fake_rights("/"), FS(READ_DIR));
	/* Siblings along the path: read. */
	assert_int_equal(fake_rights("/etc"),
			 FS(EXECUTE) | FS(READ_FILE) | FS(READ_DIR));
	assert_int_equal(fake_rights(sib),
			 FS(EXECUTE) | FS(READ_FILE) | FS(READ_DIR));
	assert_int_equal(fake_rights(proj),
			 FS(EXECUTE) | FS(READ_FILE) | FS(READ_DIR));
	assert_int_equal(fake_rights(notes_f), FS(EXECUTE) | FS(READ_FILE));
	assert_true(fake_rights(other) > 0);
	/* Never a rule on a secret, on what leads to one, or a symlink. */
	assert_int_equal(fake_rights(ssh), -1);
	assert_int_equal(fake_rights(key), -1);
	assert_int_equal(fake_rights(gh), -1);
	assert_int_equal(fake_rights(cfg), -1);
	assert_int_equal(fake_rights(home), -1);
	assert_int_equal(fake_rights(tmp), -1);
	assert_int_equal(fake_rights("/var/tmp"), -1);
	assert_int_equal(fake_rights("/var"), -1);
	assert_int_equal(fake_rights(link), -1);
	notes_free(&n);
}

/* The policy says which masked paths exist: one it found absent is not
 * looked at again (no walk for it), one it found present is masked. */
static void masked_present_from_the_policy(void **state)
{
	SBX_AUTOFREE char *home = tp("home");
	SBX_AUTOFREE char *ssh = tp("home/.ssh");
	SBX_AUTOFREE char *gone = tp("home/.netrc");
	const char *masked[] = {ssh, gone};
	const bool present[] = {true, false};
	struct be_plan p = base_plan(NULL, 0);
	struct be_notes n = {0};
	struct sbx_diag d = {0};

	(void)state;
	assert_int_equal(mkdir(home, 0700), 0);
	assert_int_equal(mkdir(ssh, 0700), 0);
	mkfile(gone); /* made after the policy looked: not its business */
	p.masked = masked;
	p.masked_present = present;
	p.nmasked = 2;
	fake_landlock_session(7, -EPERM, 0);
	assert_int_equal(be_confine_plan(&be_landlock, &p, &n, &d), 0);
	assert_int_equal(fake_rights(ssh), -1);
	assert_int_equal(fake_rights(home), -1);
	/* a sibling of .ssh: the walk grants it like any other */
	assert_int_equal(fake_rights(gone), FS(EXECUTE) | FS(READ_FILE));
	notes_free(&n);
}

/* A writable root beneath another gets no rule of its own (the outer
 * rule covers it with the same rights), and the walk that masks a secret
 * adds no read rule for a sibling that is, or lies in, a writable root. */
static void nested_roots_and_writable_siblings_get_no_rule(void **state)
{
	SBX_AUTOFREE char *ws = tp("ws");
	SBX_AUTOFREE char *cache = tp("ws/.sandbox-cache");
	SBX_AUTOFREE char *deep = tp("ws/.sandbox-cache/go/pkg");
	SBX_AUTOFREE char *home = tp("home");
	SBX_AUTOFREE char *ssh = tp("home/.ssh");
	SBX_AUTOFREE char *htmp = tp("home/tmp");
	SBX_AUTOFREE char *docs = tp("home/docs");
	SBX_AUTOFREE char *go = tp("ws/.sandbox-cache/go");
	const char *rw[] = {cache, ws, deep, htmp, ws};
	const char *masked[] = {ssh};
	struct be_plan p = base_plan(rw, 5);
	struct be_notes n = {0};
	struct sbx_diag d = {0};
	int nws = 0, nhtmp = 0;

	(void)state;
	assert_int_equal(mkdir(ws, 0755), 0);
	assert_int_equal(mkdir(cache, 0755), 0);
	assert_int_equal(mkdir(go, 0755), 0);
	assert_int_equal(mkdir(deep, 0755), 0);
	assert_int_equal(mkdir(home, 0700), 0);
	assert_int_equal(mkdir(ssh, 0700), 0);
	assert_int_equal(mkdir(htmp, 0700), 0);
	assert_int_equal(mkdir(docs, 0700), 0);
	p.masked = masked;
	p.nmasked = 1;
	fake_landlock_session(7, -EPERM, 0);
	assert_int_equal(be_confine_plan(&be_landlock, &p, &n, &d), 0);
	assert_true(fake_rights(ws) & FS(WRITE_FILE));
	assert_int_equal(fake_rights(cache), -1);
	assert_int_equal(fake_rights(deep), -1);
	for (int i = 0; i < fake.nrules; i++) {
		nws += strcmp(fake.rules[i].path, ws) == 0;
		nhtmp += strcmp(fake.rules[i].path, htmp) == 0;
	}
	assert_int_equal(nws, 1); /* listed twice, one rule */
	/* home/tmp: its writable rule, not a second, read-only one. */
	assert_true(fake_rights(htmp) & FS(WRITE_FILE));
	assert_int_equal(nhtmp, 1);
	assert_int_equal(fake_rights(docs),
			 FS(EXECUTE) | FS(READ_FILE) | FS(READ_DIR));
	assert_int_equal(fake_rights(ssh), -1);
	notes_free(&n);
}

static void masked_inside_writable_root_is_reported(void **state)
{
	SBX_AUTOFREE char *home = tp("home");
	SBX_AUTOFREE char *ssh = tp("home/.ssh");
	SBX_AUTOFREE char *absent = tp("krb5cc_0");
	const char *rw[] = {tmp};
	const char *masked[] = {ssh, absent};
	struct be_plan p = base_plan(rw, 1);
	struct be_notes n = {0};
	struct sbx_diag d = {0};

	(void)state;
	assert_int_equal(mkdir(home, 0700), 0);
	assert_int_equal(mkdir(ssh, 0700), 0);
	p.masked = masked;
	p.nmasked = 2;
	fake_landlock_session(7, -EPERM, 0);
	assert_int_equal(be_confine_plan(&be_landlock, &p, &n, &d), 0);
	assert_non_null(note_val(&n, "not_enforced", "cannot mask"));
	/* Only what exists is a secret Landlock fails to hide: an absent
	 * row of the table (/tmp/krb5cc_<uid>) is no banner line. */
	assert_null(note_val(&n, "not_enforced", "krb5cc_0"));
	assert_int_equal(fake_rights("/"), FS(READ_DIR));
	notes_free(&n);
}

/* docs/design.md §2b: a linked worktree's common dir is a guarded root: its
 * rule is added only once the mount layer holds its hooks and config read-only,
 * and the roots inside it (objects/) get rules of their own, since the
 * guarded one may never come. Without the mount layer: no rule for it,
 * it is dropped from the policy (notes.drop), and the protected paths
 * are checker-only. */
static void guarded_root_waits_for_the_mount_layer(void **state)
{
	SBX_AUTOFREE char *ws = tp("ws");
	SBX_AUTOFREE char *common = tp("main.git");
	SBX_AUTOFREE char *objects = tp("main.git/objects");
	SBX_AUTOFREE char *cfg = tp("main.git/config");
	const char *rw[] = {ws, common, objects};
	const char *guarded[] = {common};
	struct gm_path prot[] = {{cfg, GM_WHY_CONFIG, 0, 0, NULL}};
	struct be_plan p = base_plan(rw, 3);

	(void)state;
	assert_int_equal(mkdir(ws, 0755), 0);
	assert_int_equal(mkdir(common, 0755), 0);
	assert_int_equal(mkdir(objects, 0755), 0);
	mkfile(cfg);
	p.guarded = guarded;
	p.nguarded = 1;
	p.prot = prot;
	p.nprot = 1;
	for (int with_mounts = 1; with_mounts >= 0; with_mounts--) {
		struct be_notes n = {0};
		struct sbx_diag d = {0};

		fake_reset();
		fake_landlock_session(7, with_mounts ? 0 : -EPERM, 0);
		assert_int_equal(be_confine_plan(&be_landlock, &p, &n, &d), 0);
		assert_true(fake_rights(objects) & FS(WRITE_FILE));
		assert_true(fake_rights(ws) & FS(WRITE_FILE));
		if (with_mounts) {
			/* The last rule, after the mounts. */
			assert_true(fake_rights(common) & FS(WRITE_FILE));
			assert_string_equal(fake.rules[fake.nrules - 1].path,
					    common);
			assert_true(fake_mounted(cfg, RO_REMOUNT_FLAGS) > 0);
			assert_int_equal(n.protect, 1);
			assert_int_equal(n.drop.n, 0);
		} else {
			assert_int_equal(fake_rights(common), -1);
			assert_int_equal(n.protect, -1);
			assert_int_equal(n.drop.n, 1);
			assert_string_equal(n.drop.v[0], common);
			assert_non_null(
			    note_val(&n, "git metadata", "checker-only"));
		}
		strv_free(&n.drop);
		notes_free(&n);
	}
}

static void apply_order_mounts_nnp_landlock_seccomp(void **state)
{
	struct be_plan p = base_plan(NULL, 0);
	struct be_notes n = {0};
	struct sbx_diag d = {0};
	const char *u, *m, *nnp, *r, *s;

	(void)state;
	fake_landlock_session(7, 0, 0);
	assert_int_equal(be_confine_plan(&be_landlock, &p, &n, &d), 0);
	u = strstr(fake.log.s, "unshare");
	nnp = strstr(fake.log.s, "prctl(38)"); /* PR_SET_NO_NEW_PRIVS */
	r = strstr(fake.log.s, "restrict");
	s = strstr(fake.log.s, "seccomp_filter");
	assert_true(u && nnp && r && s);
	assert_true(u < nnp && nnp < r && r < s);
	/* Set once (be_drop_privs()), not again by the tail or the
	 * seccomp loader. */
	assert_null(strstr(nnp + 1, "prctl(38)"));
	/* Mounts: "/" private first, then "/" read-only. */
	m = fake.mounts.n ? fake.mounts.v[0] : "";
	assert_true(strncmp(m, "/|", 2) == 0);
	assert_int_equal(fake_mounted("/", MS_REC | MS_PRIVATE), 0);
	assert_true(fake_mounted("/", MS_REMOUNT | MS_BIND | MS_RDONLY) > 0);
	assert_non_null(note_val(&n, "mount_layer", "read-only"));
	notes_free(&n);
}

/* The namespace backend applies the same Landlock ruleset as a second
 * layer where the kernel has it: after its mounts, before seccomp, with
 * the signal and abstract-socket scopes (docs/design.md §2b, "Other
 * processes"). */
static void namespace_backend_adds_landlock(void **state)
{
	struct be_plan p = base_plan(NULL, 0);
	struct be_notes n = {0};
	struct sbx_diag d = {0};
	const char *m, *r, *s;

	(void)state;
	fake_landlock_session(7, 0, 0);
	assert_int_equal(be_confine_plan(&be_namespace, &p, &n, &d), 0);
	assert_int_equal(fake.nattr, 1);
	assert_int_equal(fake.attr[0].scoped,
			 LANDLOCK_SCOPE_SIGNAL |
			     LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET);
	assert_true(fake.attr[0].handled_access_fs != 0);
	m = strstr(fake.log.s, "unshare");
	r = strstr(fake.log.s, "restrict");
	s = strstr(fake.log.s, "seccomp_filter");
	assert_true(m && r && s && m < r && r < s);
	assert_null(note_val(&n, "not_enforced", "without Landlock"));
	notes_free(&n);
}

/* ...and says which doors stay open where there is no Landlock. */
static void namespace_backend_without_landlock_says_so(void **state)
{
	struct be_plan p = base_plan(NULL, 0);
	struct be_notes n = {0};
	struct sbx_diag d = {0};

	(void)state;
	will_return(fake_create_ruleset, -ENOSYS); /* probe: no Landlock */
	will_return(fake_unshare, 0);
	assert_int_equal(be_confine_plan(&be_namespace, &p, &n, &d), 0);
	assert_null(strstr(fake.log.s, "restrict"));
	assert_non_null(note_val(&n, "not_enforced", "without Landlock"));
	notes_free(&n);
}

static void restrict_failure_fails_closed(void **state)
{
	struct be_plan p = base_plan(NULL, 0);
	struct be_notes n = {0};
	struct sbx_diag d = {0};

	(void)state;
	fake_landlock_session(7, -EPERM, -EPERM);
	assert_int_equal(be_confine_plan(&be_landlock, &p, &n, &d), -EPERM);
	assert_msg(d.msg, "landlock: landlock_restrict_self failed: "
			  "Operation not permitted (EPERM)");
	assert_null(strstr(fake.log.s, "seccomp_filter"));
	notes_free(&n);
}

static void mount_failure_after_unshare_fails_closed(void **state)
{
	struct be_plan p = base_plan(NULL, 0);
	struct be_notes n = {0};
	struct sbx_diag d = {0};

	(void)state;
	fake.mount_mocked = true;
	will_return(fake_create_ruleset, 7);
	will_return(fake_create_ruleset, 0);
	will_return(fake_unshare, 0);
	will_return(fake_mount, -EPERM); /* making "/" private */
	assert_int_equal(be_confine_plan(&be_landlock, &p, &n, &d), -EPERM);
	assert_non_null(strstr(d.msg, "landlock: mount layer: making / "
				      "private failed: Operation not "
				      "permitted (EPERM)"));
	assert_null(strstr(fake.log.s, "restrict"));
	notes_free(&n);
}

static void add_rule_failure_fails_closed(void **state)
{
	struct be_plan p = base_plan(NULL, 0);
	struct be_notes n = {0};
	struct sbx_diag d = {0};

	(void)state;
	fake.add_rule_err = EBADFD;
	will_return(fake_create_ruleset, 7);
	will_return(fake_create_ruleset, 0);
	assert_int_equal(be_confine_plan(&be_landlock, &p, &n, &d), -EBADFD);
	assert_non_null(strstr(d.msg, "landlock: landlock_add_rule for / "
				      "failed"));
	assert_null(strstr(fake.log.s, "restrict"));
	notes_free(&n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(steps_down_one_abi_on_einval, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(refuses_when_every_abi_is_einval,
					    setup, teardown),
	    cmocka_unit_test_setup_teardown(refuses_on_enosys, setup, teardown),
	    cmocka_unit_test_setup_teardown(refuses_on_eopnotsupp, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(
		refuses_other_errors_without_step_down, setup, teardown),
	    cmocka_unit_test(rights_lowered_per_abi),
	    cmocka_unit_test_setup_teardown(file_roots_get_only_file_rights,
					    setup, teardown),
	    cmocka_unit_test_setup_teardown(
		nested_roots_and_writable_siblings_get_no_rule, setup,
		teardown),
	    cmocka_unit_test_setup_teardown(masked_secret_gets_sibling_rules,
					    setup, teardown),
	    cmocka_unit_test_setup_teardown(
		masked_inside_writable_root_is_reported, setup, teardown),
	    cmocka_unit_test_setup_teardown(masked_present_from_the_policy,
					    setup, teardown),
	    cmocka_unit_test_setup_teardown(
		apply_order_mounts_nnp_landlock_seccomp, setup, teardown),
	    cmocka_unit_test_setup_teardown(dev_nodes_get_no_read, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(abi9_sockets_by_landlock, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(abi7_sockets_by_mounts, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(
		guarded_root_waits_for_the_mount_layer, setup, teardown),
	    cmocka_unit_test_setup_teardown(namespace_backend_adds_landlock,
					    setup, teardown),
	    cmocka_unit_test_setup_teardown(
		namespace_backend_without_landlock_says_so, setup, teardown),
	    cmocka_unit_test_setup_teardown(restrict_failure_fails_closed,
					    setup, teardown),
	    cmocka_unit_test_setup_teardown(
		mount_failure_after_unshare_fails_closed, setup, teardown),
	    cmocka_unit_test_setup_teardown(add_rule_failure_fails_closed,
					    setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
