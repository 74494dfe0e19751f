/* tests/unit/test_doors.c — the doors the mount layer covers
 * (backends/doors.c): /proc/net/unix parsed to the bound pathname
 * sockets, the other terminals told from the session's own; sockets
 * matched by inode: sock_diag's answers parsed, the bound name trusted
 * only while it leads to the socket's file and is its only link, the
 * walk finding every name (hard links too) without following symlinks
 * and within its bounds, --allow-socket by inode. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include <errno.h>
#include <linux/netlink.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

#include "doors.h"
#include "fixture.h"
#include "mounts.h"

static void parses_proc_net_unix(void **state)
{
	static const char text[] =
	    "Num       RefCount Protocol Flags    Type St Inode Path\n"
	    "0000000000000000: 00000002 00000000 00010000 0001 01 17 "
	    "/run/docker.sock\n"
	    "0000000000000000: 00000003 00000000 00000000 0001 03 18\n"
	    "0000000000000000: 00000002 00000000 00010000 0001 01 19 "
	    "@/tmp/.X11-unix/X0\n"
	    "0000000000000000: 00000003 00000000 00000000 0001 03 20 "
	    "/run/docker.sock\n"
	    "0000000000000000: 00000002 00000000 00010000 0005 01 21 "
	    "/tmp/a dir/with space.sock\n"
	    "0000000000000000: 00000002 00000000 00000000 0002 01 22 "
	    "/run/systemd/journal/socket";
	struct sbx_strv out = {0};

	(void)state;
	assert_int_equal(dr_parse_unix(text, &out), 0);
	/* Listening and datagram; once each; not the unnamed nor the
	 * abstract one (Landlock's scope covers those). */
	assert_int_equal(out.n, 3);
	assert_string_equal(out.v[0], "/run/docker.sock");
	assert_string_equal(out.v[1], "/tmp/a dir/with space.sock");
	assert_string_equal(out.v[2], "/run/systemd/journal/socket");
	strv_free(&out);
}

static void refuses_other_formats(void **state)
{
	struct sbx_strv out = {0};

	(void)state;
	assert_int_equal(dr_parse_unix("garbage\n", &out), -EINVAL);
	assert_int_equal(dr_parse_unix("Num RefCount\n0: 1 2\n", &out),
			 -EINVAL);
	assert_int_equal(dr_parse_unix("Num x\n", &out), 0);
	assert_int_equal(out.n, 0);
	strv_free(&out);
}

/* The kernel's own file parses (whatever this machine has bound). */
static void reads_the_kernels(void **state)
{
	struct sbx_strv out = {0};

	(void)state;
	assert_int_equal(dr_bound_sockets(&out), 0);
	for (size_t i = 0; i < out.n; i++)
		assert_int_equal(out.v[i][0], '/');
	strv_free(&out);
}

static void other_ptys_skip_ours(void **state)
{
	struct sbx_strv all = {0}, others = {0};
	const char *keep[1];

	(void)state;
	assert_int_equal(dr_other_ptys(NULL, 0, NULL, &all), 0);
	for (size_t i = 0; i < all.n; i++)
		assert_non_null(strstr(all.v[i], "/dev/pts/"));
	if (!all.n)
		skip();
	keep[0] = all.v[0];
	assert_int_equal(dr_other_ptys(keep, 1, NULL, &others), 0);
	assert_int_equal(others.n, all.n - 1);
	strv_free(&others);
	assert_int_equal(dr_other_ptys(NULL, 0, all.v[0], &others), 0);
	assert_int_equal(others.n, all.n - 1);
	for (size_t i = 0; i < others.n; i++)
		assert_string_not_equal(others.v[i], all.v[0]);
	strv_free(&all);
	strv_free(&others);
}

/* A sock_diag answer built by hand: messages appended to |b|. */
struct nlbuf {
	unsigned char b[4096];
	size_t len;
};

static void nl_msg(struct nlbuf *nb, uint16_t type, const void *body,
		   size_t blen)
{
	struct nlmsghdr h = {.nlmsg_len = (uint32_t)NLMSG_LENGTH(blen),
			     .nlmsg_type = type};

	memcpy(nb->b + nb->len, &h, sizeof(h));
	memcpy(nb->b + nb->len + NLMSG_HDRLEN, body, blen);
	nb->len += NLMSG_ALIGN(h.nlmsg_len);
}

/* One unix_diag_msg with a name (|nlen| bytes; NULL: none) and a VFS
 * inode (|vfs| false: none). */
static void nl_sock(struct nlbuf *nb, uint32_t sino, const char *name,
		    size_t nlen, bool vfs, uint32_t kdev, uint32_t ino)
{
	unsigned char body[512] = {0};
	struct unix_diag_msg m = {.udiag_family = AF_UNIX, .udiag_ino = sino};
	size_t off = NLMSG_ALIGN(sizeof(m));

	memcpy(body, &m, sizeof(m));
	if (name) {
		struct nlattr a = {.nla_len = (uint16_t)(NLA_HDRLEN + nlen),
				   .nla_type = UNIX_DIAG_NAME};

		memcpy(body + off, &a, sizeof(a));
		memcpy(body + off + NLA_HDRLEN, name, nlen);
		off += NLA_ALIGN(a.nla_len);
	}
	if (vfs) {
		struct unix_diag_vfs v = {.udiag_vfs_ino = ino,
					  .udiag_vfs_dev = kdev};
		struct nlattr a = {.nla_len = NLA_HDRLEN + sizeof(v),
				   .nla_type = UNIX_DIAG_VFS};

		memcpy(body + off, &a, sizeof(a));
		memcpy(body + off + NLA_HDRLEN, &v, sizeof(v));
		off += NLA_ALIGN(a.nla_len);
	}
	nl_msg(nb, SOCK_DIAG_BY_FAMILY, body, off);
}

static void parses_sock_diag(void **state)
{
	struct nlbuf nb = {0};
	struct dr_socks s = {0};
	int done = 0;

	(void)state;
	/* /run/docker.sock on (8, 3): the kernel's dev_t is 8 << 20 | 3. */
	nl_sock(&nb, 17, "/run/docker.sock", 16, true, 8u << 20 | 3, 1234);
	/* Abstract ("\0name"): no VFS inode, no file. */
	nl_sock(&nb, 18, "\0abstract", 9, false, 0, 0);
	/* Unnamed. */
	nl_sock(&nb, 19, NULL, 0, false, 0, 0);
	/* A relative name: the name is useless, the inode is not. */
	nl_sock(&nb, 20, "rel.sock", 8, true, 0u << 20 | 44, 99);
	/* An accepted connection: its listener's file again. */
	nl_sock(&nb, 21, "/run/docker.sock", 16, true, 8u << 20 | 3, 1234);
	assert_int_equal(dr_parse_diag(nb.b, nb.len, &s), 0);
	nl_msg(&nb, NLMSG_DONE, &done, sizeof(done));
	dr_socks_free(&s);
	assert_int_equal(dr_parse_diag(nb.b, nb.len, &s), 1);
	assert_int_equal(s.n, 2);
	assert_true(s.v[0].dev == makedev(8, 3));
	assert_int_equal(s.v[0].ino, 1234);
	assert_string_equal(s.v[0].name, "/run/docker.sock");
	assert_true(s.v[1].dev == makedev(0, 44));
	assert_string_equal(s.v[1].name, "rel.sock");
	dr_socks_free(&s);
}

static void sock_diag_errors(void **state)
{
	struct nlbuf nb = {0};
	struct dr_socks s = {0};
	struct nlmsgerr e = {.error = -EPERM};

	(void)state;
	nl_msg(&nb, NLMSG_ERROR, &e, sizeof(e));
	assert_int_equal(dr_parse_diag(nb.b, nb.len, &s), -EPERM);
	/* A length past the buffer. */
	memset(&nb, 0, sizeof(nb));
	nl_sock(&nb, 17, "/x", 2, true, 1, 2);
	assert_int_equal(dr_parse_diag(nb.b, nb.len - 8, &s), -EINVAL);
	/* An attribute longer than its message. */
	nb.b[NLMSG_HDRLEN + NLMSG_ALIGN(sizeof(struct unix_diag_msg))] = 0xff;
	assert_int_equal(dr_parse_diag(nb.b, nb.len, &s), -EINVAL);
	assert_int_equal(s.n, 0);
	dr_socks_free(&s);
}

static void same_is_socket_and_low_ino(void **state)
{
	struct dr_sock k = {.dev = makedev(8, 3), .ino = 1234};
	struct stat st = {.st_mode = S_IFSOCK | 0666,
			  .st_dev = makedev(8, 3),
			  .st_ino = 1234};

	(void)state;
	assert_true(dr_same(&k, &st));
	/* unix_diag has 32 bits of the inode: the high ones are not
	 * compared (a collision covers one more socket, never fewer). */
	st.st_ino = (ino_t)1 << 32 | 1234;
	assert_true(dr_same(&k, &st));
	st.st_ino = 1235;
	assert_false(dr_same(&k, &st));
	/* Nor the device: btrfs subvolumes and overlayfs show another
	 * st_dev than the superblock's dev unix_diag gives. */
	st.st_ino = 1234;
	st.st_dev = makedev(0, 47);
	assert_true(dr_same(&k, &st));
	st.st_mode = S_IFREG | 0666;
	assert_false(dr_same(&k, &st));
}

/* A fake lstat: the files the table holds. */
static const struct {
	const char *path;
	dev_t dev;
	ino_t ino;
	nlink_t nlink;
} files[] = {
    {"/run/a.sock", 7, 10, 1},
    {"/tmp/old.sock", 7, 999, 1}, /* renamed away: another file now */
    {"/tmp/linked.sock", 7, 12, 2},
};
static int looked_relative;

static int fake_look(const char *p, struct stat *st)
{
	if (p[0] != '/')
		looked_relative++;
	for (size_t i = 0; i < sizeof(files) / sizeof(*files); i++)
		if (!strcmp(files[i].path, p)) {
			memset(st, 0, sizeof(*st));
			st->st_mode = S_IFSOCK | 0666;
			st->st_dev = files[i].dev;
			st->st_ino = files[i].ino;
			st->st_nlink = files[i].nlink;
			return 0;
		}
	errno = ENOENT;
	return -1;
}

static void by_name_only_while_it_leads_there(void **state)
{
	struct dr_sock v[] = {
	    {.dev = 7, .ino = 10, .name = xstrdup("/run/a.sock")},
	    {.dev = 7, .ino = 11, .name = xstrdup("/tmp/old.sock")},
	    {.dev = 7, .ino = 12, .name = xstrdup("/tmp/linked.sock")},
	    {.dev = 7, .ino = 13, .name = xstrdup("rel.sock")},
	    {.dev = 7, .ino = 14, .name = xstrdup("/tmp/gone.sock")},
	    {.dev = 7, .ino = 15, .name = NULL},
	};
	struct dr_socks s = {.v = xmalloc(sizeof(v)), .n = 6, .cap = 6};
	struct sbx_strv paths = {0};

	(void)state;
	memcpy(s.v, v, sizeof(v));
	looked_relative = 0;
	assert_int_equal(dr_by_name(&s, fake_look, &paths), 5);
	/* The name that still leads to the socket's file, and the linked
	 * one (the walk looks for its other names). */
	assert_int_equal(paths.n, 2);
	assert_string_equal(paths.v[0], "/run/a.sock");
	assert_string_equal(paths.v[1], "/tmp/linked.sock");
	assert_true(s.v[0].found && !s.v[0].walk);
	/* Renamed: the name leads to another file; neither covered by it
	 * nor trusted. */
	assert_true(!s.v[1].found && s.v[1].walk);
	assert_true(s.v[2].found && s.v[2].walk);
	assert_true(!s.v[3].found && s.v[3].walk);
	/* A relative name is never looked up (it is relative to a folder
	 * nobody knows). */
	assert_int_equal(looked_relative, 0);
	assert_true(!s.v[4].found && s.v[4].walk);
	assert_true(!s.v[5].found && s.v[5].walk);
	strv_free(&paths);
	dr_socks_free(&s);
}

static char *tmpd;

static int mk_tree(void **state)
{
	char t[64];

	(void)state;
	assert_int_equal(fx_tmpdir(t, sizeof(t), "/tmp/sbxdoors"), 0);
	tmpd = xstrdup(t);
	return 0;
}

static int rm_tree(void **state)
{
	(void)state;
	if (fx_rmtree(tmpd) != 0)
		return -1;
	free(tmpd);
	return 0;
}

/* Binds a listening socket at |path|; returns its fd. */
static int bind_at(const char *path)
{
	struct sockaddr_un a = {.sun_family = AF_UNIX};
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);

	assert_true(fd >= 0);
	snprintf(a.sun_path, sizeof(a.sun_path), "%s", path);
	assert_int_equal(bind(fd, (struct sockaddr *)&a, sizeof(a)), 0);
	assert_int_equal(listen(fd, 1), 0);
	return fd;
}

static void mkdirs(const char *base, const char *rel)
{
	SBX_AUTOFREE char *p = xasprintf("%s/%s", base, rel);

	fx_mkdirs(p);
}

static bool has_path(const struct sbx_strv *v, const char *base,
		     const char *rel)
{
	SBX_AUTOFREE char *p = xasprintf("%s/%s", base, rel);

	return strv_has(v, p);
}

/* The walk on a real tree: both hard links found; not through a symlink;
 * not below the depth bound; a socket not wanted is not reported. */
static void walk_finds_every_link(void **state)
{
	SBX_AUTOFREE char *a = xasprintf("%s/x/a.sock", tmpd);
	SBX_AUTOFREE char *b = xasprintf("%s/y/b.sock", tmpd);
	SBX_AUTOFREE char *deep = xasprintf("%s/1/2/3/4/c.sock", tmpd);
	SBX_AUTOFREE char *lnk = xasprintf("%s/z", tmpd);
	SBX_AUTOFREE char *x = xasprintf("%s/x", tmpd);
	SBX_AUTOFREE char *other = xasprintf("%s/x/other.sock", tmpd);
	const char *roots[] = {tmpd, x, "/nonexistent-sbx"};
	struct dr_bounds bd = {.depth = 3, .entries = 1000, .per_root = 1000};
	struct dr_walked w = {0};
	struct sbx_strv paths = {0};
	struct dr_socks s = {0};
	struct stat st;
	int fd, fd2;

	(void)state;
	mkdirs(tmpd, "x");
	mkdirs(tmpd, "y");
	mkdirs(tmpd, "1/2/3/4");
	fd = bind_at(a);
	fd2 = bind_at(other);
	assert_int_equal(link(a, b), 0);
	assert_int_equal(link(a, deep), 0);
	assert_int_equal(symlink(x, lnk), 0);
	assert_int_equal(lstat(a, &st), 0);
	s.v = xcalloc(1, sizeof(*s.v));
	s.n = s.cap = 1;
	s.v[0].dev = st.st_dev;
	s.v[0].ino = (uint32_t)st.st_ino;
	s.v[0].walk = true;
	dr_walk(roots, 3, NULL, &s, &bd, &paths, &w);
	assert_true(s.v[0].found);
	assert_true(has_path(&paths, tmpd, "x/a.sock"));
	assert_true(has_path(&paths, tmpd, "y/b.sock"));
	/* Never through the symlink z -> x; 1/2/3/4 is past depth 3. */
	assert_false(has_path(&paths, tmpd, "z/a.sock"));
	assert_false(has_path(&paths, tmpd, "1/2/3/4/c.sock"));
	assert_false(has_path(&paths, tmpd, "x/other.sock"));
	assert_int_equal(paths.n, 2);
	assert_true(w.truncated);
	/* x lies in tmpd: walked once. */
	assert_int_equal(w.roots, 1);
	/* Deep enough: the third link too. */
	strv_free(&paths);
	memset(&w, 0, sizeof(w));
	bd.depth = 8;
	dr_walk(roots, 3, NULL, &s, &bd, &paths, &w);
	assert_int_equal(paths.n, 3);
	assert_false(w.truncated);
	/* The entry bound stops the walk, and says so. */
	strv_free(&paths);
	memset(&w, 0, sizeof(w));
	bd.entries = 2;
	s.v[0].found = false;
	dr_walk(roots, 3, NULL, &s, &bd, &paths, &w);
	assert_true(w.truncated);
	assert_true(w.entries <= 3);
	/* A root a job filled (it can write /tmp) uses up its share, not
	 * the others': the next root is still walked. */
	strv_free(&paths);
	memset(&w, 0, sizeof(w));
	mkdirs(tmpd, "flood/f1");
	mkdirs(tmpd, "flood/f2");
	mkdirs(tmpd, "flood/f3");
	mkdirs(tmpd, "flood/f4");
	{
		SBX_AUTOFREE char *flood = xasprintf("%s/flood", tmpd);
		SBX_AUTOFREE char *y = xasprintf("%s/y", tmpd);
		const char *two[] = {flood, y};

		bd = (struct dr_bounds){
		    .depth = 8, .entries = 100, .per_root = 2};
		dr_walk(two, 2, NULL, &s, &bd, &paths, &w);
	}
	assert_true(w.truncated);
	assert_int_equal(w.roots, 2);
	assert_true(has_path(&paths, tmpd, "y/b.sock"));
	strv_free(&paths);
	dr_socks_free(&s);
	close(fd);
	close(fd2);
}

/* sock_diag is what the matching stands on: where it is missing, say so
 * (SBXSH_TEST_ALLOW names "sock-diag" on a machine known to lack it). */
static bool diag_missing_allowed(int r)
{
	const char *a = getenv("SBXSH_TEST_ALLOW");

	if (r == 0)
		return false;
	print_message("sock_diag: %s\n", strerror(-r));
	return a && strstr(a, "sock-diag");
}

/* The kernel's sock_diag, end to end: a socket this test binds and then
 * renames is listed under its old name with its file's inode, and
 * dr_socket_paths() finds it under the new name (and its link), unless
 * --allow-socket names it by either name. */
static void kernel_renamed_socket(void **state)
{
	SBX_AUTOFREE char *old = xasprintf("%s/old.sock", tmpd);
	SBX_AUTOFREE char *cur = xasprintf("%s/new.sock", tmpd);
	SBX_AUTOFREE char *hl = xasprintf("%s/sub/hl.sock", tmpd);
	const char *roots[] = {tmpd};
	const char *allow[] = {hl};
	struct dr_socks s = {0};
	struct dr_found f;
	struct stat st;
	bool listed = false;
	int fd, r;

	(void)state;
	mkdirs(tmpd, "sub");
	fd = bind_at(old);
	assert_int_equal(rename(old, cur), 0);
	assert_int_equal(link(cur, hl), 0);
	assert_int_equal(lstat(cur, &st), 0);
	r = dr_diag_sockets(&s);
	if (diag_missing_allowed(r)) {
		close(fd);
		skip();
	}
	assert_int_equal(r, 0);
	for (size_t i = 0; i < s.n; i++)
		if (dr_same(&s.v[i], &st)) {
			listed = true;
			assert_string_equal(s.v[i].name, old);
		}
	assert_true(listed);
	dr_socks_free(&s);
	dr_socket_paths(roots, 1, NULL, 0, &f);
	assert_false(f.by_name);
	assert_true(f.walked);
	assert_true(strv_has(&f.paths, cur));
	assert_true(strv_has(&f.paths, hl));
	assert_false(strv_has(&f.paths, old));
	dr_found_free(&f);
	/* Allowed through its link: no name of it is covered. */
	dr_socket_paths(roots, 1, allow, 1, &f);
	assert_false(strv_has(&f.paths, cur));
	assert_false(strv_has(&f.paths, hl));
	dr_found_free(&f);
	close(fd);
}

static const char mountinfo[] =
    "22 1 0:21 / /proc rw - proc proc rw\n"
    "1 0 254:0 / / rw - ext4 /dev/vda rw\n"
    "30 1 0:30 / /run rw - tmpfs tmpfs rw\n"
    "31 30 0:31 / /run/user/1000 rw - tmpfs tmpfs rw\n"
    "32 1 0:32 / /home/u/my\\040mnt rw - fuse.sshfs x rw\n"
    "33 1 0:33 / /tmp rw - tmpfs t rw\n"
    "34 33 0:34 / /tmp rw - tmpfs t rw\n";

static void parses_mountinfo(void **state)
{
	struct dr_mounts m = {0};

	(void)state;
	assert_int_equal(dr_parse_mountinfo(mountinfo, &m), 0);
	assert_int_equal(m.at.n, 7);
	assert_string_equal(m.at.v[4], "/home/u/my mnt");
	assert_true(m.dev[1] == makedev(254, 0));
	assert_int_equal(dr_mount_of(&m, "/run/user/1000/bus"), 3);
	assert_int_equal(dr_mount_of(&m, "/run/user/10000"), 2);
	assert_int_equal(dr_mount_of(&m, "/home/u/my mnt/a"), 4);
	assert_int_equal(dr_mount_of(&m, "/home/u"), 1);
	/* Mounted on top: the later one shows. */
	assert_int_equal(dr_mount_of(&m, "/tmp/x.sock"), 6);
	dr_mounts_free(&m);
	assert_int_equal(dr_parse_mountinfo("garbage\n", &m), -EINVAL);
	dr_mounts_free(&m);
}

/* Which trees a stale socket costs a walk of: those on the mount it
 * lies on (the device unix_diag gives is the superblock's, as
 * mountinfo's), and that mount below a root. */
static void picks_roots_by_mount(void **state)
{
	struct dr_mounts m = {0};
	struct sbx_strv real = {0}, out = {0};
	struct dr_sock k = {.walk = true};
	struct dr_socks s = {.v = &k, .n = 1};
	long *pm = NULL;
	static const char *const roots[] = {"/run/user/1000", "/run", "/home/u",
					    "/tmp", "/var/tmp"};

	(void)state;
	assert_int_equal(dr_parse_mountinfo(mountinfo, &m), 0);
	for (size_t i = 0; i < 5; i++)
		strv_push(&real, roots[i]);
	/* In /run/user/1000: that tree only, not the home nor /tmp. */
	k.dev = makedev(0, 31);
	dr_pick_roots(&real, &m, &s, &out, &pm);
	assert_int_equal(out.n, 1);
	assert_string_equal(out.v[0], "/run/user/1000");
	assert_int_equal(pm[0], 3);
	strv_free(&out);
	free(pm);
	/* On the root filesystem: the home and /var/tmp. */
	k.dev = makedev(254, 0);
	dr_pick_roots(&real, &m, &s, &out, &pm);
	assert_int_equal(out.n, 2);
	assert_string_equal(out.v[0], "/home/u");
	assert_string_equal(out.v[1], "/var/tmp");
	strv_free(&out);
	free(pm);
	/* A mount hidden under another: nothing can reach its files. */
	k.dev = makedev(0, 33);
	dr_pick_roots(&real, &m, &s, &out, &pm);
	assert_int_equal(out.n, 0);
	strv_free(&out);
	free(pm);
	/* A mount below a root that is on another: found as a root of its
	 * own (the FUSE mount in the home). */
	k.dev = makedev(0, 32);
	dr_pick_roots(&real, &m, &s, &out, &pm);
	assert_int_equal(out.n, 1);
	assert_string_equal(out.v[0], "/home/u/my mnt");
	strv_free(&out);
	free(pm);
	/* Mounts unknown: every root, each tree once. */
	dr_pick_roots(&real, NULL, &s, &out, &pm);
	assert_int_equal(out.n, 4);
	assert_false(strv_has(&out, "/run/user/1000"));
	strv_free(&out);
	free(pm);
	strv_free(&real);
	dr_mounts_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(parses_proc_net_unix),
	    cmocka_unit_test(refuses_other_formats),
	    cmocka_unit_test(reads_the_kernels),
	    cmocka_unit_test(other_ptys_skip_ours),
	    cmocka_unit_test(parses_sock_diag),
	    cmocka_unit_test(sock_diag_errors),
	    cmocka_unit_test(same_is_socket_and_low_ino),
	    cmocka_unit_test(by_name_only_while_it_leads_there),
	    cmocka_unit_test(parses_mountinfo),
	    cmocka_unit_test(picks_roots_by_mount),
	    cmocka_unit_test_setup_teardown(walk_finds_every_link, mk_tree,
					    rm_tree),
	    cmocka_unit_test_setup_teardown(kernel_renamed_socket, mk_tree,
					    rm_tree),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
