/* backends/doors.h — finding the doors (doors.c): the unix sockets and
 * the terminals of processes outside the session, which the mount layer
 * (mounts.c) covers. Calls nothing of the mount layer. */
#ifndef SBX_DOORS_H
#define SBX_DOORS_H

#include <sys/stat.h>

#include "be_base.h"

/*
 * Doors (doors.c): the unix sockets and the terminals of processes
 * outside the session, which the mount layer covers.
 */
/* Appends to |out| every absolute path bound in /proc/net/unix |text|,
 * once each. Pure. 0 or -EINVAL for another format. */
int dr_parse_unix(const char *text, struct sbx_strv *out);
/* The same from the kernel's /proc/net/unix. 0 or -errno. */
int dr_bound_sockets(struct sbx_strv *out);
/*
 * Sockets by inode. /proc/net/unix shows the name a socket was bound
 * with, which misleads three ways: bound with a relative path (no
 * folder to it), renamed after bind (the name is gone or another file's),
 * hard-linked (a second name nobody lists). A daemon outside accepted a
 * job's connection through each. sock_diag (NETLINK_SOCK_DIAG, unix_diag
 * with UDIAG_SHOW_VFS) gives the inode of each bound socket's file, which
 * no rename or link changes; the socket files present with that inode are
 * what must be covered.
 */
struct dr_sock {
	dev_t dev;    /* of its file, as stat(2) shows it */
	uint32_t ino; /* of its file: unix_diag gives only the low 32 bits */
	char *name;   /* the name it was bound with (NULL: none shown) */
	bool found;   /* some file of it was found */
	bool walk;    /* the name alone is not enough: stale, or nlink > 1 */
};
struct dr_socks {
	struct dr_sock *v;
	size_t n, cap;
};
void dr_socks_free(struct dr_socks *s);
/* Parses one recv()'d buffer of sock_diag answers into |out| (pathname
 * sockets only: those with a VFS inode), once per (dev, ino). Pure.
 * 1: NLMSG_DONE seen; 0: more to come; -errno: an NLMSG_ERROR (its
 * errno) or -EINVAL for a malformed message. */
int dr_parse_diag(const void *buf, size_t len, struct dr_socks *out);
/* The kernel's: every bound pathname unix socket of this network
 * namespace. 0 or -errno (no NETLINK_SOCK_DIAG, or no unix_diag). */
int dr_diag_sockets(struct dr_socks *out);
/* A file is socket |s|'s: a socket with its inode number (not its
 * device: see doors.c). Pure. */
bool dr_same(const struct dr_sock *s, const struct stat *st);
/* The fast path, pure but for |look| (lstat(2), or a test's): each
 * socket whose bound name is absolute and still leads to its file gets
 * that name in |paths|; one whose name is gone, relative, another
 * file's, or that has more links than that name, is marked to be walked
 * for. Returns how many are marked. */
size_t dr_by_name(struct dr_socks *s, int (*look)(const char *, struct stat *),
		  struct sbx_strv *paths);
/* The bounds of the walk: it never follows a symlink, and enters a
 * folder on another filesystem than its root's only when a socket to
 * find lives on that filesystem. */
struct dr_bounds {
	int depth;	 /* folders below a root */
	size_t entries;	 /* directory entries read, over all the roots */
	size_t per_root; /* ...and in one root */
};
extern const struct dr_bounds dr_default_bounds;
struct dr_walked {
	size_t entries; /* read */
	bool truncated; /* a bound was reached somewhere */
	size_t roots;	/* walked (after dropping nested ones) */
};
/* The mounts of /proc/self/mountinfo: where each is, and its
 * superblock's dev (the dev unix_diag gives, btrfs and overlayfs too). */
struct dr_mounts {
	struct sbx_strv at; /* mount points, unescaped */
	dev_t *dev;
	size_t cap;
};
/* Parses mountinfo |text| into |out|. Pure. 0 or -EINVAL. */
int dr_parse_mountinfo(const char *text, struct dr_mounts *out);
void dr_mounts_free(struct dr_mounts *m);
/* The mount canonical |p| lies on: the longest mount point above it,
 * the later of equal ones (mounted on top). Index, or -1. Pure. */
long dr_mount_of(const struct dr_mounts *m, const char *p);
/* The trees to walk out of the canonical roots |real|: with |mi| (NULL:
 * unknown, every root) each root whose mount's dev holds a socket marked
 * |walk|, and each such mount below a root; one in another on the same
 * mount is left to it. *mount gets each one's mount index (malloc'd).
 * Pure. */
void dr_pick_roots(const struct sbx_strv *real, const struct dr_mounts *mi,
		   const struct dr_socks *s, struct sbx_strv *out,
		   long **mount);
/* Walks |roots| (absolute; missing ones skipped; picked as above) for
 * the files of the sockets marked |walk|, appending each path found
 * (hard links too) to |paths| and setting found. */
void dr_walk(const char *const *roots, size_t nroots,
	     const struct dr_mounts *mi, struct dr_socks *s,
	     const struct dr_bounds *b, struct sbx_strv *paths,
	     struct dr_walked *w);
/* What the mount layer covers: every name of every outside socket. */
struct dr_found {
	struct sbx_strv paths; /* each file to cover, once */
	bool by_name;	       /* no sock_diag: /proc/net/unix names only */
	int diag_err;	       /* sock_diag's errno then */
	size_t nsocks;	       /* sockets listed (by_name: names) */
	size_t missing;	       /* sockets no file was found for */
	bool walked;
	struct dr_walked walk;
};
/* The sockets to cover: sock_diag's, each under every name found (the
 * bound one when it still leads there, else the walk of |roots|), but
 * those whose file is one of |allowed| (--allow-socket: by inode, so
 * any name of an allowed socket is allowed). Without sock_diag,
 * /proc/net/unix's absolute names. */
void dr_socket_paths(const char *const *roots, size_t nroots,
		     const char *const *allowed, size_t nallowed,
		     struct dr_found *out);
void dr_found_free(struct dr_found *f);
/* The trees a job can name where a socket's file may lie, daemons'
 * first: $XDG_RUNTIME_DIR, /run, /var/run, $HOME, /tmp, /var/tmp,
 * /dev/shm, then |rw| (the workspace among them). */
void dr_roots(const char *const *rw, size_t nrw, struct sbx_strv *out);
/* What mnt_note_doors() says about sockets: kept by the mount plan. */
struct dr_stats {
	size_t covered; /* sockets covered (each under all its names) */
	size_t names;	/* names covered */
	bool by_name;
	int diag_err;
	size_t missing;
	bool truncated;
	bool walked;	/* some name was stale, relative or not the only one */
	size_t entries; /* the walk read */
};

/* Every /dev/pts/N that is not one of |keep|, nor |tty| (the session's
 * own; may be NULL). */
int dr_other_ptys(const char *const *keep, size_t nkeep, const char *tty,
		  struct sbx_strv *out);

#endif
