/* tests/unit/test_mounts.c — the mount layer (backends/mounts.c) against
 * a fake kernel: the new mount API sequence (open_tree copies of the
 * roots, one recursive mount_setattr, move_mount back, then private tmp
 * and masks), the fallback to per-mount remounts when a new call answers
 * ENOSYS or EINVAL, and failing closed on any other error. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

#include <cmocka.h>

#include "fake_sys.h"
#include "fixture.h"

#define TREE_FLAGS (OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_RECURSIVE)
#define MOVE_FLAGS (MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_T_SYMLINKS)
/* A writable root is copied and put back through fds opened without
 * following symlinks (backends/nosym.c). */
#define TREE_FLAGS_RW (TREE_FLAGS | AT_EMPTY_PATH)
#define MOVE_FLAGS_RW (MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_T_EMPTY_PATH)
#define RO_REMOUNT (MS_REMOUNT | MS_BIND | MS_RDONLY)

static char tmp[64];
/* A layout like a session's: the workspace with its cache and run folder
 * inside, a second root elsewhere, a home with secrets. */
static char ws[PATH_MAX], cache[PATH_MAX], runtmp[PATH_MAX], other[PATH_MAX];
static char ssh[PATH_MAX], netrc[PATH_MAX];
static const char *rw[4], *masked[2];
static const char *dev[] = {"/dev/null", "/dev/pts", "/dev/tty"};
static const struct be_caps root_caps = {.root = true};

static int setup(void **state)
{
	FILE *f;

	(void)state;
	fake_reset();
	be_set_sys_ops(&fake_ops);
	if (fx_tmpdir(tmp, sizeof(tmp), "/var/tmp/test_mounts") < 0)
		return -1;
	snprintf(ws, sizeof(ws), "%s/ws", tmp);
	snprintf(cache, sizeof(cache), "%s/ws/.sandbox-cache", tmp);
	snprintf(runtmp, sizeof(runtmp), "%s/ws/.sandbox-runs/r1/tmp", tmp);
	snprintf(other, sizeof(other), "%s/other", tmp);
	snprintf(ssh, sizeof(ssh), "%s/home/.ssh", tmp);
	snprintf(netrc, sizeof(netrc), "%s/home/.netrc", tmp);
	fx_mkdirs(cache);
	fx_mkdirs(runtmp);
	fx_mkdirs(other);
	fx_mkdirs(ssh);
	f = fopen(netrc, "w");
	if (!f)
		return -1;
	fclose(f);
	/* Deliberately not outermost first: prepare sorts. */
	rw[0] = cache;
	rw[1] = runtmp;
	rw[2] = ws;
	rw[3] = other;
	masked[0] = ssh;
	masked[1] = netrc;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	be_set_sys_ops(NULL);
	fake_reset();
	return fx_rmtree(tmp);
}

static struct be_plan plan(void)
{
	struct be_plan p = {.scope = POL_SCOPE_WORKSPACE, .network = true};

	p.rw = rw;
	p.nrw = 4;
	p.dev = dev;
	p.ndev = 3;
	p.masked = masked;
	p.nmasked = 2;
	p.private_tmp = true;
	p.run_tmp = runtmp;
	p.caps = &root_caps;
	return p;
}

/* prepare + apply of |mode| for plan(); the apply's result. */
static int run_layer(enum mnt_mode mode, struct be_notes *n, struct sbx_diag *d)
{
	struct be_plan p = plan();
	struct mnt_plan *mp = NULL;
	int uerr = -1, r;

	assert_int_equal(mnt_prepare(&p, mode, "landlock", n, &mp, d), 0);
	/* prepare makes no syscall through the ops: all of it is apply's. */
	assert_int_equal(fake.mounts.n, 0);
	assert_null(fake.log.s);
	will_return(fake_unshare, 0);
	r = mnt_apply(mp, &uerr, d);
	assert_int_equal(uerr, 0);
	mnt_free(mp);
	return r;
}

static int count(const char *prefix)
{
	int c = 0;

	for (size_t i = 0; i < fake.mounts.n; i++)
		c += strncmp(fake.mounts.v[i], prefix, strlen(prefix)) == 0;
	return c;
}

static int call(const char *fmt, const char *path)
{
	SBX_AUTOFREE char *s = xasprintf(fmt, path);

	return fake_call(s);
}

/* Any mount() with MS_REMOUNT|MS_BIND|MS_RDONLY: the per-mount way. */
static int remounts(void)
{
	int c = 0;

	for (size_t i = 0; i < fake.mounts.n; i++) {
		const char *bar = strchr(fake.mounts.v[i], '|');

		if (fake.mounts.v[i][0] != '@' && bar &&
		    (strtoul(bar + 1, NULL, 16) & RO_REMOUNT) == RO_REMOUNT)
			c++;
	}
	return c;
}

static void new_api_metadata_sequence(void **state)
{
	struct be_notes n = {0};
	struct sbx_diag d = {0};
	SBX_AUTOFREE char *ro =
	    xasprintf("@setattr /|%#x|%#x|0", AT_RECURSIVE, MOUNT_ATTR_RDONLY);
	SBX_AUTOFREE char *tree =
	    xasprintf("@open_tree %s|%#x", ws, (unsigned)TREE_FLAGS_RW);
	SBX_AUTOFREE char *mv = xasprintf("@move %s|%#x", ws, MOVE_FLAGS_RW);
	SBX_AUTOFREE char *pts_tree =
	    xasprintf("@open_tree /dev/pts|%#x", (unsigned)TREE_FLAGS);
	SBX_AUTOFREE char *pts_mv = xasprintf("@move /dev/pts|%#x", MOVE_FLAGS);
	int tws, tother, tpts, sa, mws, mother, mpts;

	(void)state;
	fake.mount_api = true;
	assert_int_equal(run_layer(MNT_METADATA, &n, &d), 0);
	/* unshare, then "/" private before anything else. */
	assert_true(strstr(fake.log.s, "unshare") <
		    strstr(fake.log.s, "open_tree"));
	assert_int_equal(fake_mounted("/", MS_REC | MS_PRIVATE), 0);
	/* One detached copy per outermost root: the cache and the run
	 * folder ride in the workspace's copy; /dev/pts is the only device
	 * root kept (folders only, for the landlock backend). */
	tws = call("@open_tree %s|", ws);
	tother = call("@open_tree %s|", other);
	tpts = fake_call("@open_tree /dev/pts|");
	assert_true(tws > 0 && tother > 0 && tpts > 0);
	assert_int_equal(count("@open_tree"), 3);
	assert_int_equal(fake_call(tree), tws);	     /* with those flags */
	assert_int_equal(fake_call(pts_tree), tpts); /* a device: by path */
	/* Then one recursive read-only, nothing cleared, no NODEV here. */
	sa = fake_call(ro);
	assert_true(sa > tws && sa > tother && sa > tpts);
	assert_int_equal(count("@setattr"), 1);
	/* Then each copy back over its root. */
	mws = call("@move %s|", ws);
	mother = call("@move %s|", other);
	mpts = fake_call("@move /dev/pts|");
	assert_true(mws > sa && mother > sa && mpts > sa);
	assert_int_equal(count("@move"), 3);
	assert_int_equal(fake_call(mv), mws);
	assert_int_equal(fake_call(pts_mv), mpts);
	/* No per-mount remount, no masks, no private tmp (landlock). */
	assert_int_equal(remounts(), 0);
	assert_int_equal(fake.mounts.n, 1 + 3 + 1 + 3);
	/* Every copy's fd closed. */
	assert_int_equal(fake.open_trees, 0);
	notes_free(&n);
}

static void new_api_namespace_sequence(void **state)
{
	struct be_notes n = {0};
	struct sbx_diag d = {0};
	SBX_AUTOFREE char *ro = xasprintf("@setattr /|%#x|%#x|0", AT_RECURSIVE,
					  MOUNT_ATTR_RDONLY | MOUNT_ATTR_NODEV);
	int sa, last_move = -1, btmp, mssh, mnet, rnet;

	(void)state;
	fake.mount_api = true;
	assert_int_equal(run_layer(MNT_NAMESPACE, &n, &d), 0);
	/* Device files are roots too: everything else goes nodev. */
	assert_true(fake_call("@open_tree /dev/null|") > 0);
	assert_true(fake_call("@open_tree /dev/tty|") > 0);
	assert_int_equal(count("@open_tree"), 5);
	sa = fake_call(ro);
	assert_true(sa > 0);
	for (size_t i = 0; i < fake.mounts.n; i++)
		if (strncmp(fake.mounts.v[i], "@open_tree", 10) == 0)
			assert_true((int)i < sa);
		else if (strncmp(fake.mounts.v[i], "@move", 5) == 0)
			last_move = (int)i;
	assert_true(last_move > sa);
	assert_int_equal(count("@move"), 5);
	/* The private tmp and the masks come after every root is back. */
	btmp = fake_mounted("/tmp", MS_BIND | MS_REC);
	mssh = fake_mounted(ssh, MS_RDONLY);
	mnet = fake_mounted(netrc, MS_BIND);
	rnet = fake_mounted(netrc, RO_REMOUNT);
	assert_true(btmp > last_move && mssh > btmp && mnet > btmp);
	assert_non_null(strstr(fake.mounts.v[btmp], runtmp));
	assert_non_null(strstr(fake.mounts.v[mssh], "|tmpfs|tmpfs"));
	assert_non_null(strstr(fake.mounts.v[mnet], "|/dev/null"));
	assert_true(rnet > mnet);
	/* The mask's only remount; nothing else mount by mount. */
	assert_int_equal(remounts(), 1);
	assert_non_null(note_val(&n, "private_tmp", runtmp));
	assert_int_equal(fake.open_trees, 0);
	notes_free(&n);
}

/* The fallback's shape: each root bound onto itself, "/" (and every other
 * mount point of the real table) remounted read-only after the binds,
 * then the extras. */
static void assert_fallback(enum mnt_mode mode)
{
	int bws = fake_mounted(ws, MS_BIND | MS_REC);
	int bother = fake_mounted(other, MS_BIND | MS_REC);
	int bpts = fake_mounted("/dev/pts", MS_BIND | MS_REC);
	int ro = fake_mounted("/", RO_REMOUNT);

	assert_true(bws > 0 && bother > 0 && bpts > 0);
	assert_true(ro > bws && ro > bother && ro > bpts);
	assert_int_equal(fake_mounted(cache, MS_BIND), -1); /* nested */
	if (mode == MNT_NAMESPACE) {
		assert_true(fake_mounted("/", RO_REMOUNT | MS_NODEV) == ro);
		assert_true(fake_mounted("/tmp", MS_BIND | MS_REC) > ro);
		assert_true(fake_mounted(ssh, MS_RDONLY) > ro);
	} else {
		assert_int_equal(fake_mounted("/", RO_REMOUNT | MS_NODEV), -1);
	}
	assert_int_equal(count("@move"), 0);
	assert_int_equal(fake.open_trees, 0);
}

static void fallback_when_open_tree_is_enosys(void **state)
{
	struct be_notes n = {0};
	struct sbx_diag d = {0};

	(void)state;
	fake.mount_api = false; /* Linux < 5.2 */
	assert_int_equal(run_layer(MNT_NAMESPACE, &n, &d), 0);
	/* Asked once, then never again. */
	assert_int_equal(count("@open_tree"), 1);
	assert_int_equal(count("@setattr"), 0);
	assert_fallback(MNT_NAMESPACE);
	notes_free(&n);
}

static void fallback_when_mount_setattr_is_enosys(void **state)
{
	struct be_notes n = {0};
	struct sbx_diag d = {0};

	(void)state;
	fake.mount_api = true; /* Linux 5.2 to 5.11 */
	fake.setattr_err = ENOSYS;
	assert_int_equal(run_layer(MNT_METADATA, &n, &d), 0);
	assert_int_equal(count("@open_tree"), 3);
	assert_true(fake_call("@setattr") < fake_mounted(ws, MS_BIND));
	assert_fallback(MNT_METADATA); /* the copies closed, none moved */
	notes_free(&n);
}

static void fallback_when_mount_setattr_is_einval(void **state)
{
	struct be_notes n = {0};
	struct sbx_diag d = {0};

	(void)state;
	/* An unknown flag, or "/" not a mount point (a chroot). */
	fake.mount_api = true;
	fake.setattr_err = EINVAL;
	assert_int_equal(run_layer(MNT_NAMESPACE, &n, &d), 0);
	assert_fallback(MNT_NAMESPACE);
	notes_free(&n);
}

static void other_errors_fail_closed(void **state)
{
	/* clang-format off */
	static const struct { int *err; int e; const char *msg; } t[] = {
		{ &fake.open_tree_err, EPERM,
		  "landlock: mount layer: open_tree of writable root " },
		{ &fake.open_tree_err, ENOENT,
		  "landlock: mount layer: open_tree of writable root " },
		{ &fake.setattr_err, EBUSY,
		  "landlock: mount layer: mount_setattr of / (read-only, "
		  "recursive) failed: Device or resource busy (EBUSY)" },
		{ &fake.setattr_err, EPERM,
		  "landlock: mount layer: mount_setattr of / (read-only, "
		  "recursive) failed: Operation not permitted (EPERM)" },
		{ &fake.move_err, EPERM,
		  "landlock: mount layer: move_mount of writable root " },
		/* Too late to fall back: "/" is read-only already. */
		{ &fake.move_err, ENOSYS,
		  "landlock: mount layer: move_mount of writable root " },
	};
	/* clang-format on */

	(void)state;
	for (size_t i = 0; i < sizeof(t) / sizeof(*t); i++) {
		struct be_notes n = {0};
		struct sbx_diag d = {0};

		fake_reset();
		fake.mount_api = true;
		*t[i].err = t[i].e;
		assert_int_equal(run_layer(MNT_NAMESPACE, &n, &d), -t[i].e);
		assert_non_null(strstr(d.msg, t[i].msg));
		/* No fallback, nothing after the failed step. */
		assert_int_equal(remounts(), 0);
		assert_int_equal(fake_mounted(ws, MS_BIND), -1);
		assert_int_equal(fake_mounted("/tmp", MS_BIND), -1);
		assert_int_equal(fake.open_trees, 0);
		notes_free(&n);
	}
}

static void namespace_backend_fails_closed(void **state)
{
	struct be_plan p = plan();
	struct be_notes n = {0};
	struct sbx_diag d = {0};

	(void)state;
	p.caps = NULL; /* probe()'s */
	fake.mount_api = true;
	fake.setattr_err = EPERM;
	will_return(fake_create_ruleset, 0);
	will_return(fake_unshare, 0);
	assert_int_equal(be_confine_plan(&be_namespace, &p, &n, &d), -EPERM);
	assert_non_null(strstr(d.msg, "namespace: mount layer: mount_setattr "
				      "of / (read-only, recursive) failed: "
				      "Operation not permitted (EPERM)"));
	/* Nothing ran after: no seccomp, no extras. */
	assert_null(strstr(fake.log.s, "seccomp"));
	notes_free(&n);
}

/* A writable root swapped for a symlink after the policy checked it (a
 * process of another session racing the start-up) is not followed: the
 * layer fails closed instead of putting the link's target in its place. */
static void swapped_root_fails_closed(void **state)
{
	struct be_plan p = plan();
	struct mnt_plan *mp = NULL;
	struct be_notes n = {0};
	struct sbx_diag d = {0};
	SBX_AUTOFREE char *moved = xasprintf("%s.real", other);
	int uerr = -1;

	(void)state;
	fake.mount_api = true;
	assert_int_equal(mnt_prepare(&p, MNT_METADATA, "landlock", &n, &mp, &d),
			 0);
	assert_int_equal(rename(other, moved), 0);
	assert_int_equal(symlink("/etc", other), 0);
	will_return(fake_unshare, 0);
	assert_int_equal(mnt_apply(mp, &uerr, &d), -ELOOP);
	assert_non_null(strstr(d.msg, "no symlink may be in its path"));
	assert_int_equal(call("@open_tree %s|", "/etc"), -1);
	assert_int_equal(fake.open_trees, 0);
	mnt_free(mp);
	notes_free(&n);
	assert_int_equal(unlink(other), 0);
	assert_int_equal(rename(moved, other), 0);
}

/* The namespace backend with Landlock under it: /dev keeps dev (Landlock
 * gives no device node but the roots a rule) and /dev/ptmx stays on it,
 * beside /dev/pts, so new ptys can be opened inside. */
static void namespace_with_landlock_keeps_dev_for_ptys(void **state)
{
	static const struct be_caps ll_caps = {.root = true, .landlock_abi = 7};
	static const char *pdev[] = {"/dev/null", "/dev/pts", "/dev/ptmx"};
	struct be_plan p = plan();
	struct mnt_plan *mp = NULL;
	struct be_notes n = {0};
	struct sbx_diag d = {0};
	SBX_AUTOFREE char *clr =
	    xasprintf("@setattr /dev|0|0|%#x", MOUNT_ATTR_NODEV);
	struct stat sr, sd;
	int uerr = -1;

	(void)state;
	if (stat("/", &sr) < 0 || stat("/dev", &sd) < 0 ||
	    sr.st_dev == sd.st_dev)
		skip(); /* no /dev mount here: nothing to keep */
	fake.mount_api = true;
	p.caps = &ll_caps;
	p.dev = pdev;
	p.ndev = 3;
	p.private_tmp = false;
	assert_int_equal(
	    mnt_prepare(&p, MNT_NAMESPACE, "namespace", &n, &mp, &d), 0);
	will_return(fake_unshare, 0);
	assert_int_equal(mnt_apply(mp, &uerr, &d), 0);
	assert_true(fake_call(clr) > fake_call("@setattr /|"));
	/* The device files stay on /dev (a read-only mount does not stop
	 * a device's writes); only /dev/pts is a copy of its own. */
	assert_int_equal(call("@open_tree %s|", "/dev/ptmx"), -1);
	assert_int_equal(call("@open_tree %s|", "/dev/null"), -1);
	assert_true(call("@open_tree %s|", "/dev/pts") >= 0);
	mnt_free(mp);
	notes_free(&n);
	/* Without Landlock, /dev stays nodev: no such setattr. */
	fake_reset();
	be_set_sys_ops(&fake_ops);
	fake.mount_api = true;
	p.caps = &root_caps;
	assert_int_equal(
	    mnt_prepare(&p, MNT_NAMESPACE, "namespace", &n, &mp, &d), 0);
	will_return(fake_unshare, 0);
	assert_int_equal(mnt_apply(mp, &uerr, &d), 0);
	assert_int_equal(fake_call(clr), -1);
	mnt_free(mp);
	notes_free(&n);
}

/* The doors (doors.c) for real: a socket this test binds is in the
 * kernel's /proc/net/unix, and gets /dev/null over it (connect() then
 * finds no socket: one mount, no remount); one renamed after bind gets
 * it over its new name (matched by inode, found by the walk of the
 * writable roots); one named by --allow-socket does not. */
static void covers_bound_sockets(void **state)
{
	SBX_AUTOFREE char *s1 = xasprintf("%s/other.sock", other);
	SBX_AUTOFREE char *s2 = xasprintf("%s/allowed.sock", other);
	SBX_AUTOFREE char *s3 = xasprintf("%s/bound.sock", other);
	SBX_AUTOFREE char *s3new = xasprintf("%s/renamed.sock", other);
	int fd3 = socket(AF_UNIX, SOCK_STREAM, 0);
	const char *allow[] = {s2};
	struct be_plan p = plan();
	struct mnt_plan *mp = NULL;
	struct be_notes n = {0};
	struct sbx_diag d = {0};
	struct sockaddr_un a = {.sun_family = AF_UNIX};
	int fd1 = socket(AF_UNIX, SOCK_STREAM, 0);
	int fd2 = socket(AF_UNIX, SOCK_STREAM, 0);
	int uerr = -1, b, r;

	(void)state;
	snprintf(a.sun_path, sizeof(a.sun_path), "%s", s1);
	assert_int_equal(bind(fd1, (struct sockaddr *)&a, sizeof(a)), 0);
	snprintf(a.sun_path, sizeof(a.sun_path), "%s", s2);
	assert_int_equal(bind(fd2, (struct sockaddr *)&a, sizeof(a)), 0);
	snprintf(a.sun_path, sizeof(a.sun_path), "%s", s3);
	assert_int_equal(bind(fd3, (struct sockaddr *)&a, sizeof(a)), 0);
	assert_int_equal(rename(s3, s3new), 0);
	fake.mount_api = true;
	p.doors = true;
	p.sockets = allow;
	p.nsockets = 1;
	assert_int_equal(mnt_prepare(&p, MNT_METADATA, "landlock", &n, &mp, &d),
			 0);
	assert_int_equal(mnt_covered(mp, false) >= 1, 1);
	will_return(fake_unshare, 0);
	assert_int_equal(mnt_apply(mp, &uerr, &d), 0);
	b = fake_mounted(s1, MS_BIND);
	r = fake_mounted(s1, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NODEV);
	assert_true(b >= 0 && r == -1);
	assert_non_null(strstr(fake.mounts.v[b], "|/dev/null"));
	assert_int_equal(fake_mounted(s2, MS_BIND), -1);
	b = fake_mounted(s3new, MS_BIND);
	assert_true(b >= 0);
	assert_non_null(strstr(fake.mounts.v[b], "|/dev/null"));
	mnt_free(mp);
	notes_free(&n);
	close(fd1);
	close(fd2);
	close(fd3);
	unlink(s3new);
}

static void no_roots_one_call(void **state)
{
	struct be_plan p = {.scope = POL_SCOPE_READONLY, .network = true};
	struct mnt_plan *mp = NULL;
	struct sbx_diag d = {0};
	int uerr;

	(void)state;
	p.caps = &root_caps;
	fake.mount_api = true;
	assert_int_equal(
	    mnt_prepare(&p, MNT_METADATA, "landlock", NULL, &mp, &d), 0);
	will_return(fake_unshare, 0);
	assert_int_equal(mnt_apply(mp, &uerr, &d), 0);
	mnt_free(mp);
	assert_int_equal(fake.mounts.n, 2); /* private, then read-only */
	assert_int_equal(count("@setattr /|"), 1);
}

/* docs/design.md §2b: protected paths bound over themselves after the roots are
 * back and before the masks: a git dir writable (a pin), a config and a
 * hooks/ read-only (a missing hooks/ made empty first, on disk), nothing
 * for what a mount cannot hold (absent, a symlink); one gone since the
 * scan skipped, any other error fatal. */
static char gitdir[PATH_MAX + 32], gcfg[PATH_MAX + 32], ghooks[PATH_MAX + 32];
static char gabsent[PATH_MAX + 32], glink[PATH_MAX + 32];
static struct gm_path prot[5];

static void git_plan(struct be_plan *p)
{
	FILE *f;

	snprintf(glink, sizeof(glink), "%s/.envrc", ws);
	snprintf(gitdir, sizeof(gitdir), "%s/.git", ws);
	snprintf(gabsent, sizeof(gabsent), "%s/.git/commondir", ws);
	snprintf(gcfg, sizeof(gcfg), "%s/.git/config", ws);
	snprintf(ghooks, sizeof(ghooks), "%s/.git/hooks", ws);
	fx_mkdirs(gitdir);
	f = fopen(gcfg, "w");
	assert_non_null(f);
	fclose(f);
	prot[0] = (struct gm_path){glink, GM_WHY_USER, GM_P_LINK, -1, NULL};
	prot[1] = (struct gm_path){gitdir, GM_WHY_GITDIR, GM_P_DIR | GM_P_PIN,
				   0, NULL};
	prot[2] =
	    (struct gm_path){gabsent, GM_WHY_POINTER, GM_P_ABSENT, 0, NULL};
	prot[3] = (struct gm_path){gcfg, GM_WHY_CONFIG, 0, 0, NULL};
	prot[4] = (struct gm_path){ghooks, GM_WHY_HOOKS, GM_P_DIR | GM_P_MKDIR,
				   0, NULL};
	p->prot = prot;
	p->nprot = 5;
}

static void protected_binds(void **state)
{
	struct be_plan p = plan();
	struct mnt_plan *mp = NULL;
	struct be_notes n = {0};
	struct sbx_diag d = {0};
	int uerr = -1, last_move = -1, pin, bcfg, rcfg, bhooks, rhooks, mssh;
	struct stat st;

	(void)state;
	fake.mount_api = true;
	git_plan(&p);
	assert_int_equal(
	    mnt_prepare(&p, MNT_NAMESPACE, "namespace", &n, &mp, &d), 0);
	/* prepare creates nothing: a preview must not. */
	assert_int_equal(stat(ghooks, &st), -1);
	will_return(fake_unshare, 0);
	assert_int_equal(mnt_apply(mp, &uerr, &d), 0);
	mnt_free(mp);
	for (size_t i = 0; i < fake.mounts.n; i++)
		if (strncmp(fake.mounts.v[i], "@move", 5) == 0)
			last_move = (int)i;
	pin = fake_mounted(gitdir, MS_BIND);
	bcfg = fake_mounted(gcfg, MS_BIND);
	rcfg = fake_mounted(gcfg, RO_REMOUNT);
	bhooks = fake_mounted(ghooks, MS_BIND);
	rhooks = fake_mounted(ghooks, RO_REMOUNT);
	mssh = fake_mounted(ssh, MS_RDONLY);
	/* After the roots are back, parent first, before the masks. */
	assert_true(pin > last_move && bcfg > pin && rcfg == bcfg + 1);
	assert_true(bhooks > pin && rhooks == bhooks + 1 && mssh > rhooks);
	/* The pin is a writable bind: no remount of it. */
	assert_int_equal(fake_mounted(gitdir, MS_REMOUNT), -1);
	/* The missing hooks/ now an empty folder on disk. */
	assert_int_equal(stat(ghooks, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	/* Nothing a mount cannot hold. */
	assert_int_equal(fake_mounted(gabsent, 0), -1);
	assert_int_equal(fake_mounted(glink, 0), -1);
	notes_free(&n);
}

static void protected_bind_errors(void **state)
{
	struct be_plan p = plan();
	struct mnt_plan *mp = NULL;
	struct be_notes n = {0};
	struct sbx_diag d = {0};
	int uerr = -1;

	(void)state;
	git_plan(&p);
	p.private_tmp = false;
	p.nmasked = 0;
	/* mount(2) mocked: "/" private, the pin, the config's bind (gone
	 * since the scan: ENOENT, skipped with its remount), the hooks'
	 * bind (EPERM: fatal, the session does not start). */
	fake.mount_api = true;
	fake.mount_mocked = true;
	assert_int_equal(
	    mnt_prepare(&p, MNT_NAMESPACE, "namespace", &n, &mp, &d), 0);
	will_return(fake_unshare, 0);
	will_return(fake_mount, 0);
	will_return(fake_mount, 0);
	will_return(fake_mount, -ENOENT);
	will_return(fake_mount, -EPERM);
	assert_int_equal(mnt_apply(mp, &uerr, &d), -EPERM);
	assert_non_null(strstr(d.msg, "namespace: mount layer: bind of "
				      "protected "));
	assert_non_null(strstr(d.msg, "/.git/hooks failed: Operation not "
				      "permitted (EPERM)"));
	assert_int_equal(fake_mounted(gcfg, RO_REMOUNT), -1);
	mnt_free(mp);
	notes_free(&n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(new_api_metadata_sequence, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(new_api_namespace_sequence, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(fallback_when_open_tree_is_enosys,
					    setup, teardown),
	    cmocka_unit_test_setup_teardown(
		fallback_when_mount_setattr_is_enosys, setup, teardown),
	    cmocka_unit_test_setup_teardown(
		fallback_when_mount_setattr_is_einval, setup, teardown),
	    cmocka_unit_test_setup_teardown(other_errors_fail_closed, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(namespace_backend_fails_closed,
					    setup, teardown),
	    cmocka_unit_test_setup_teardown(swapped_root_fails_closed, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(
		namespace_with_landlock_keeps_dev_for_ptys, setup, teardown),
	    cmocka_unit_test_setup_teardown(covers_bound_sockets, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(no_roots_one_call, setup, teardown),
	    cmocka_unit_test_setup_teardown(protected_binds, setup, teardown),
	    cmocka_unit_test_setup_teardown(protected_bind_errors, setup,
					    teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
