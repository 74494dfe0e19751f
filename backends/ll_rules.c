/* backends/ll_rules.c — the Landlock rule layer: the session's ruleset
 * built from a plan and applied, for both Linux backends (the landlock
 * backend, landlock.c, where it is the filesystem policy; the namespace
 * backend, where it is a second layer under the mount layer).
 *
 * Model (docs/design.md §5): the shell process confines itself once, so every
 * job, builtin redirection and glob runs inside the same domain.
 *
 * Rights. The ruleset handles every filesystem right the ABI knows, read
 * rights included, so that whatever no rule grants is denied:
 *   - writable roots get read + all write-type rights (never MAKE_CHAR or
 *     MAKE_BLOCK: a device node made in the workspace would reopen the
 *     disk that the rest of the policy protects);
 *   - device roots get read + write + truncate + IOCTL_DEV, so that
 *     terminals (tcgetattr on a freshly opened /dev/tty), /dev/null and
 *     vim/less/python's REPL work;
 *   - read + execute is granted on "/", except on the path to each masked
 *     secret: Landlock has no deny-inside-allow (a rule on a folder covers
 *     everything beneath it), so for each secret we grant read on every
 *     sibling along the path from "/" instead of on the ancestors
 *     themselves. What that implies:
 *       * an entry created later (after start-up, by anyone) directly in
 *         one of those ancestors ("/", $HOME, ~/.config, ...) is not
 *         readable in this session unless it lies in a writable root;
 *       * READ_DIR is granted on "/" as a whole so that `ls /`, `ls ~` and
 *         globs keep working: the *names* inside a masked folder can be
 *         listed, its files cannot be opened;
 *       * a secret inside a writable root cannot be masked (the root's
 *         rule covers it): it is skipped and reported in a note.
 * Network: with --no-network and ABI >= 4, TCP bind/connect are handled
 * with no rule (denied); seccomp denies the sockets themselves anyway.
 * Scopes (ABI >= 6): signals and abstract unix sockets cannot reach
 * processes outside the session.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ll_rules.h"
#include "landlock_compat.h"
#include "audit_sup.h"

#define LL "landlock"

/* clang-format off */
#define LL_R_FILE (LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_READ_FILE)
#define LL_R_DIR  (LL_R_FILE | LANDLOCK_ACCESS_FS_READ_DIR)
#define LL_W      (LANDLOCK_ACCESS_FS_WRITE_FILE | \
		   LANDLOCK_ACCESS_FS_REMOVE_DIR | \
		   LANDLOCK_ACCESS_FS_REMOVE_FILE | \
		   LANDLOCK_ACCESS_FS_MAKE_DIR | \
		   LANDLOCK_ACCESS_FS_MAKE_REG | \
		   LANDLOCK_ACCESS_FS_MAKE_SOCK | \
		   LANDLOCK_ACCESS_FS_MAKE_FIFO | \
		   LANDLOCK_ACCESS_FS_MAKE_SYM | \
		   LANDLOCK_ACCESS_FS_REFER | \
		   LANDLOCK_ACCESS_FS_TRUNCATE)
#define LL_DEV    (LL_R_DIR | LANDLOCK_ACCESS_FS_WRITE_FILE | \
		   LANDLOCK_ACCESS_FS_TRUNCATE | LANDLOCK_ACCESS_FS_IOCTL_DEV)
/* clang-format on */

#define LL_MAX_GUARDED 4

/* A prepared ruleset (ll_rules.h): what both Linux backends apply. */
struct ll_rules {
	int abi;
	int ruleset; /* -1: nothing to enforce */
	/* Guarded roots (be_plan.guarded): their rules wait for the mount
	 * layer, which holds the protected paths in them read-only
	 * (ll_rules_grant_guarded()). */
	int gfd[LL_MAX_GUARDED];
	const char *gpath[LL_MAX_GUARDED];
	size_t ngfd;
	uint64_t hfs;
};

uint64_t ll_fs_rights(int abi)
{
	uint64_t r = (LANDLOCK_ACCESS_FS_MAKE_SYM << 1) - 1; /* ABI 1 */

	if (abi >= 2)
		r |= LANDLOCK_ACCESS_FS_REFER;
	if (abi >= 3)
		r |= LANDLOCK_ACCESS_FS_TRUNCATE;
	if (abi >= 5)
		r |= LANDLOCK_ACCESS_FS_IOCTL_DEV;
	if (abi >= 9)
		r |= LANDLOCK_ACCESS_FS_RESOLVE_UNIX;
	return r;
}

uint64_t ll_file_rights(void)
{
	return LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE |
	       LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_TRUNCATE |
	       LANDLOCK_ACCESS_FS_IOCTL_DEV | LANDLOCK_ACCESS_FS_RESOLVE_UNIX;
}

void ll_handled(int abi, const struct be_plan *plan, uint64_t *fs,
		uint64_t *net, uint64_t *scoped)
{
	*fs = plan->scope == POL_SCOPE_UNRESTRICTED ? 0
						    : ll_fs_rights(LL_ABI_MAX);
	*net = plan->network ? 0
			     : LANDLOCK_ACCESS_NET_BIND_TCP |
				   LANDLOCK_ACCESS_NET_CONNECT_TCP;
	*scoped = LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET | LANDLOCK_SCOPE_SIGNAL;

	/* One fall-through table, as samples/landlock/sandboxer.c. */
	switch (abi < 1 ? 1 : abi) {
	case 1:
		*fs &= ~LANDLOCK_ACCESS_FS_REFER;
		/* fall through */
	case 2:
		*fs &= ~LANDLOCK_ACCESS_FS_TRUNCATE;
		/* fall through */
	case 3:
		*net = 0;
		/* fall through */
	case 4:
		*fs &= ~LANDLOCK_ACCESS_FS_IOCTL_DEV;
		/* fall through */
	case 5:
		*scoped = 0;
		/* fall through */
	case 6:
	case 7:
	case 8:
		*fs &= ~LANDLOCK_ACCESS_FS_RESOLVE_UNIX;
		/* fall through */
	case 9:
	default:
		break;
	}
}

size_t ll_attr_size(int abi)
{
	if (abi < 4)
		return offsetof(struct ll_ruleset_attr, handled_access_net);
	if (abi < 6)
		return offsetof(struct ll_ruleset_attr, scoped);
	return sizeof(struct ll_ruleset_attr);
}

int ll_kernel_abi(void)
{
	int v = be_sys->landlock_create_ruleset(
	    NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);

	return v > 0 ? v : 0;
}

/* Adds a path-beneath rule for |path|: |want| intersected with what the
 * ruleset handles, and with the file rights when |path| is not a folder.
 * |at|/|name| as for openat(); the symlink itself is never followed when
 * |nofollow|. |dtype| is readdir()'s d_type when known (DT_UNKNOWN else):
 * it spares an fstat per entry of the folders walked for the masks, about
 * a quarter of that walk. Returns 0, 1 if the path is absent or a symlink
 * (skipped), or -errno (+diag). */
static int add_rule_at(int rs, int at, const char *name, const char *shown,
		       uint64_t want, uint64_t handled, bool nofollow,
		       unsigned char dtype, struct sbx_diag *diag)
{
	struct ll_path_beneath_attr pb = {0};
	struct stat st;
	bool asked = dtype == DT_UNKNOWN; /* the inode's own type known */
	int fd, r, e;

	if (dtype == DT_LNK && nofollow)
		return 1;
	/* A writable root (absolute, canonical) is opened without
	 * following any symlink: one swapped into its path since it was
	 * checked would otherwise carry the write rights to the link's
	 * target (backends/nosym.c). The root is then skipped. */
	if (at == AT_FDCWD && (want & LL_W)) {
		fd = be_open_nosym(name, O_PATH, NULL);
		e = fd < 0 ? -fd : 0;
	} else {
		fd = openat(at, name,
			    O_PATH | O_CLOEXEC | (nofollow ? O_NOFOLLOW : 0));
		e = fd < 0 ? errno : 0;
	}
	if (fd < 0) {
		if (e == ENOENT || e == ENOTDIR || e == ELOOP)
			return 1;
		return be_fail(diag, e, LL, "opening %s", shown);
	}
	for (;;) {
		if (dtype == DT_UNKNOWN) {
			if (fstat(fd, &st) < 0) {
				e = errno;
				close(fd);
				return be_fail(diag, e, LL, "stat of %s",
					       shown);
			}
			if (S_ISLNK(st.st_mode)) {
				close(fd);
				return 1;
			}
			dtype = S_ISDIR(st.st_mode) ? DT_DIR : DT_REG;
		}
		pb.allowed_access = want & handled;
		if (dtype != DT_DIR)
			pb.allowed_access &= ll_file_rights();
		pb.parent_fd = fd;
		r = 0;
		if (!pb.allowed_access ||
		    be_sys->landlock_add_rule(rs, LL_RULE_PATH_BENEATH, &pb,
					      0) == 0)
			break;
		e = errno;
		/* The entry changed type since readdir() (folder rights on
		 * a file are EINVAL): ask the inode itself, once. */
		if (e == EINVAL && !asked) {
			dtype = DT_UNKNOWN;
			asked = true;
			continue;
		}
		r = be_fail(diag, e, LL, "landlock_add_rule for %s", shown);
		break;
	}
	close(fd);
	return r;
}

static int add_rule(int rs, const char *path, uint64_t want, uint64_t handled,
		    unsigned char dtype, struct sbx_diag *diag)
{
	return add_rule_at(rs, AT_FDCWD, path, path, want, handled, false,
			   dtype, diag);
}

static bool under_any(const char *const *roots, size_t n, const char *p)
{
	for (size_t i = 0; i < n; i++)
		if (path_under(roots[i], p))
			return true;
	return false;
}

static bool guarded(const struct be_plan *plan, const char *p)
{
	for (size_t i = 0; i < plan->nguarded; i++)
		if (!strcmp(plan->guarded[i], p))
			return true;
	return false;
}

/* True if writable root |i| lies beneath another (or repeats one). A
 * guarded root covers nothing: its rule may never come (a linked
 * worktree's objects/ and refs/ need their own). */
static bool nested_root(const struct be_plan *plan, size_t i)
{
	for (size_t j = 0; j < plan->nrw; j++)
		if (j != i && path_under(plan->rw[j], plan->rw[i]) &&
		    (strcmp(plan->rw[j], plan->rw[i]) != 0 || j < i) &&
		    !guarded(plan, plan->rw[j]))
			return true;
	return false;
}

/* Grants read on every entry of folder |dir| except those in |skip| and
 * the writable roots (or what lies in one): their own rule already
 * grants read. */
static int grant_siblings(int rs, const char *dir, const struct sbx_strv *skip,
			  const struct be_plan *plan, uint64_t handled,
			  struct be_notes *notes, struct sbx_diag *diag)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int r = 0;

	if (!d) {
		/* Nothing of it becomes readable: the safe direction. */
		be_note(notes, "not_readable", "%s (cannot list it: %s)", dir,
			strerror(errno));
		return 0;
	}
	while ((de = readdir(d)) != NULL) {
		SBX_AUTOFREE char *p = NULL;

		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		p = path_join(dir, de->d_name);
		if (strv_has(skip, p) || under_any(plan->rw, plan->nrw, p))
			continue;
		r = add_rule_at(rs, dirfd(d), de->d_name, p, LL_R_DIR, handled,
				true, de->d_type, diag);
		if (r < 0)
			break;
		r = 0;
	}
	closedir(d);
	return r;
}

/* Read + execute everywhere but the masked secrets (see the file header). */
static int grant_read(int rs, const struct be_plan *plan, uint64_t handled,
		      bool by_mounts, struct be_notes *notes,
		      struct sbx_diag *diag)
{
	struct sbx_strv masked = {0}, skip = {0}, anc = {0}, inroot = {0};
	struct stat st;
	int r = 0;

	for (size_t i = 0; i < plan->nmasked; i++) {
		const char *m = plan->masked[i];

		if (m[0] != '/' || strcmp(m, "/") == 0)
			continue;
		/* Known absent: the credential table names a hundred paths
		 * a home mostly does not have, and an lstat each was a
		 * tenth of the start-up. */
		if (plan->masked_present && !plan->masked_present[i])
			continue;
		/* An absent secret outside the writable roots cannot appear
		 * later from inside: its folder is not writable. One absent
		 * inside a root is not reported either (the credential table
		 * names /tmp/krb5cc_<uid>, which most machines never have):
		 * only what exists is a secret Landlock fails to hide. */
		if (lstat(m, &st) < 0)
			continue;
		if (under_any(plan->rw, plan->nrw, m) ||
		    under_any(plan->dev, plan->ndev, m)) {
			/* One note for all of them, not a line each: with
			 * $HOME as the workspace that would be a dozen. */
			strv_push(&inroot, m);
			continue;
		}
		strv_push(&masked, m);
		strv_push(&skip, m);
	}
	/* /dev is withheld like a secret: read on "/" would cover every
	 * device node in it, and root reading /dev/sda reads every masked
	 * secret off the disk, /dev/input/event* every key typed, /dev/mem
	 * the kernel's memory. The device roots have rules of their own;
	 * /dev itself can be listed, and POSIX shared memory and message
	 * queues (/dev/shm, /dev/mqueue) stay readable. */
	strv_push(&masked, "/dev");
	strv_push(&skip, "/dev");
	/* Every strict ancestor of a secret: those get no rule of their own
	 * (it would cover the secret), only their other entries do. */
	for (size_t i = 0; i < masked.n; i++) {
		SBX_AUTOFREE char *a = xstrdup(masked.v[i]);
		char *slash;

		while ((slash = strrchr(a, '/')) != NULL) {
			*(slash == a ? slash + 1 : slash) = '\0';
			if (!strv_has(&anc, a)) {
				strv_push(&anc, a);
				strv_push(&skip, a);
			}
			if (strcmp(a, "/") == 0)
				break;
		}
	}
	r = add_rule(rs, "/", LANDLOCK_ACCESS_FS_READ_DIR, handled, DT_DIR,
		     diag);
	for (size_t i = 0; r >= 0 && i < anc.n; i++)
		r = grant_siblings(rs, anc.v[i], &skip, plan, handled, notes,
				   diag);
	if (r >= 0)
		r = add_rule(rs, "/dev", LANDLOCK_ACCESS_FS_READ_DIR, handled,
			     DT_DIR, diag);
	if (r >= 0)
		r = add_rule(rs, "/dev/shm", LL_R_DIR, handled, DT_UNKNOWN,
			     diag);
	if (r >= 0)
		r = add_rule(rs, "/dev/mqueue", LL_R_DIR, handled, DT_UNKNOWN,
			     diag);
	/* With the namespace backend the mounts mask those (last, over the
	 * roots): nothing to say. */
	if (inroot.n && !by_mounts) {
		struct sbx_buf b = {0};

		for (size_t i = 0; i < inroot.n; i++)
			buf_printf(&b, "%s%s", i ? ", " : "", inroot.v[i]);
		be_note(notes, "not_enforced",
			"Landlock cannot mask secrets inside a writable root "
			"(--backend namespace can): %s",
			b.s);
		buf_free(&b);
	}
	strv_free(&inroot);
	strv_free(&masked);
	strv_free(&skip);
	strv_free(&anc);
	return r < 0 ? r : 0;
}

/* |by_mounts|: the filesystem policy is the mount layer's (namespace
 * backend), Landlock a second layer: its filesystem gaps are not gaps. */
static void note_abi(int abi, int kabi, const struct be_plan *plan,
		     bool by_mounts, struct be_notes *notes)
{
	if (kabi > abi)
		be_note(notes, "landlock_abi", "%d (kernel: %d)", abi, kabi);
	else
		be_note(notes, "landlock_abi", "%d", abi);
	if (abi < 6)
		be_note(notes, "not_enforced",
			"Landlock ABI < 6: signal and abstract unix socket "
			"scoping");
	if (by_mounts)
		return;
	if (abi < 2)
		be_note(notes, "not_enforced",
			"Landlock ABI 1: renames and links between folders "
			"are always refused");
	if (abi < 3 && plan->scope != POL_SCOPE_UNRESTRICTED)
		be_note(notes, "not_enforced",
			"Landlock ABI < 3: truncate() of files outside the "
			"writable roots");
	if (abi < 4 && !plan->network)
		be_note(notes, "not_enforced",
			"Landlock ABI < 4: no TCP rules (seccomp still denies "
			"network sockets)");
	if (abi < 5 && plan->scope != POL_SCOPE_UNRESTRICTED)
		be_note(notes, "not_enforced",
			"Landlock ABI < 5: ioctl on devices");
}

void ll_rules_free(struct ll_rules *r)
{
	if (!r)
		return;
	if (r->ruleset >= 0)
		close(r->ruleset);
	for (size_t i = 0; i < r->ngfd; i++)
		close(r->gfd[i]);
	free(r);
}

static int create_ruleset(struct ll_rules *c, const struct be_plan *plan,
			  uint64_t *handled_fs, const char *backend,
			  struct sbx_diag *diag)
{
	struct ll_ruleset_attr attr;

	for (;;) {
		memset(&attr, 0, sizeof(attr));
		ll_handled(c->abi, plan, &attr.handled_access_fs,
			   &attr.handled_access_net, &attr.scoped);
		*handled_fs = attr.handled_access_fs;
		if (!attr.handled_access_fs && !attr.handled_access_net &&
		    !attr.scoped)
			return 0; /* nothing to enforce at this ABI */
		c->ruleset = be_sys->landlock_create_ruleset(
		    &attr, ll_attr_size(c->abi), 0);
		if (c->ruleset >= 0)
			return 0;
		/* A kernel that reports an ABI but refuses its rights (a
		 * backport, an LSM stacking quirk): step down one ABI. */
		if (errno != EINVAL || c->abi <= 1)
			return be_fail(diag, errno, backend,
				       "landlock_create_ruleset (ABI %d)",
				       c->abi);
		c->abi--;
	}
}

int ll_rules_prepare(const struct be_plan *plan, const char *backend,
		     bool by_mounts, struct be_notes *notes,
		     struct ll_rules **out, struct sbx_diag *diag)
{
	struct ll_rules *c;
	int kabi = plan->caps ? plan->caps->landlock_abi : 0;
	uint64_t hfs = 0;
	int r;

	*out = NULL;
	if (kabi < 1)
		return 0;
	c = xcalloc(1, sizeof(*c));
	c->ruleset = -1;
	c->abi = kabi > LL_ABI_MAX ? LL_ABI_MAX : kabi;
	r = create_ruleset(c, plan, &hfs, backend, diag);
	if (r < 0)
		goto fail;
	note_abi(c->abi, kabi, plan, by_mounts, notes);
	for (size_t i = 0; hfs && i < plan->nrw; i++) {
		/* A root beneath another root needs no rule of its own:
		 * same rights, and a rule covers its whole hierarchy
		 * (.sandbox-cache and the run folder are in the workspace).
		 * Writable roots are folders (the policy keeps only
		 * existing ones); a file would be retried. */
		if (nested_root(plan, i))
			continue;
		if (guarded(plan, plan->rw[i])) {
			/* A rule is on the inode: an fd from before the mount
			 * namespace serves. */
			int fd = be_open_nosym(plan->rw[i], O_PATH, NULL);

			if (fd >= 0 && c->ngfd < LL_MAX_GUARDED) {
				c->gpath[c->ngfd] = plan->rw[i];
				c->gfd[c->ngfd++] = fd;
			} else if (fd >= 0) {
				close(fd);
			}
			continue;
		}
		r = add_rule(c->ruleset, plan->rw[i], LL_R_DIR | LL_W, hfs,
			     DT_DIR, diag);
		if (r < 0)
			goto fail;
		if (r == 1)
			be_note(notes, "skipped",
				"writable root %s does not exist", plan->rw[i]);
	}
	for (size_t i = 0; hfs && i < plan->ndev; i++) {
		r = add_rule(c->ruleset, plan->dev[i], LL_DEV, hfs, DT_UNKNOWN,
			     diag);
		if (r < 0)
			goto fail;
	}
	if (hfs &&
	    (r = grant_read(c->ruleset, plan, hfs, by_mounts, notes, diag)) < 0)
		goto fail;
	/* ABI 9: connect() to a socket made outside the session only where
	 * --allow-socket named it; never on the writable roots, since /tmp
	 * is shared with processes outside (a tmux server, ssh-agent). */
	for (size_t i = 0;
	     (hfs & LANDLOCK_ACCESS_FS_RESOLVE_UNIX) && i < plan->nsockets;
	     i++) {
		r = add_rule(c->ruleset, plan->sockets[i],
			     LANDLOCK_ACCESS_FS_RESOLVE_UNIX, hfs, DT_UNKNOWN,
			     diag);
		if (r < 0)
			goto fail;
		if (r == 1)
			be_note(notes, "skipped",
				"--allow-socket %s does not exist",
				plan->sockets[i]);
	}
	c->hfs = hfs;
	*out = c;
	return 0;
fail:
	ll_rules_free(c);
	return r;
}

int ll_rules_add_read(const struct ll_rules *r, const char *path,
		      const char *backend, struct sbx_diag *diag)
{
	uint64_t fs, net, scoped;
	struct be_plan p = {.scope = POL_SCOPE_WORKSPACE};
	int rc;

	if (!r || r->ruleset < 0)
		return 0;
	ll_handled(r->abi, &p, &fs, &net, &scoped);
	rc = add_rule(r->ruleset, path, LL_R_DIR, fs, DT_DIR, diag);
	return rc < 0 ? rc : 0;
}

int ll_rules_abi(const struct ll_rules *r)
{
	return r ? r->abi : 0;
}

int ll_rules_grant_guarded(const struct ll_rules *r, const char *backend,
			   struct sbx_diag *diag)
{
	for (size_t i = 0; r && r->ruleset >= 0 && i < r->ngfd; i++) {
		struct ll_path_beneath_attr pb = {
		    .allowed_access = (LL_R_DIR | LL_W) & r->hfs,
		    .parent_fd = r->gfd[i],
		};

		if (be_sys->landlock_add_rule(r->ruleset, LL_RULE_PATH_BENEATH,
					      &pb, 0) < 0)
			return be_fail(diag, errno, backend,
				       "landlock_add_rule for %s", r->gpath[i]);
	}
	return 0;
}

int ll_rules_restrict(const struct ll_rules *r, const char *backend,
		      struct sbx_diag *diag)
{
	uint32_t fl = r && r->abi >= 8 ? LANDLOCK_RESTRICT_SELF_TSYNC : 0;
	const char *comm = as_comm();
	char own[16] = {0};
	int rc = 0, e = 0;

	/* ABI 7: the kernel logs the jobs' denials (after their execve)
	 * only when asked, and only where the supervisor reads them
	 * (audit_sup.c): a session nobody reads adds nothing to the host's
	 * audit log. Not the domains jobs nest under ours (a job's own
	 * sandbox): their denials are not this session's to explain, and a
	 * job must not fill the host's log through them. */
	if (r && r->abi >= 7 && as_shell_fd() >= 0)
		fl |= LANDLOCK_RESTRICT_SELF_LOG_NEW_EXEC_ON |
		      LANDLOCK_RESTRICT_SELF_LOG_SUBDOMAINS_OFF;
	if (!r || r->ruleset < 0)
		return 0;
	/* The domain's record names its creator by pid and by the name it
	 * had then: the session's random one, which no earlier holder of
	 * this pid could have had (audit_sup.c). A name that cannot be set
	 * only means the supervisor passes nothing on. */
	if ((fl & LANDLOCK_RESTRICT_SELF_LOG_NEW_EXEC_ON) && comm &&
	    be_sys->prctl(PR_GET_NAME, (unsigned long)own, 0, 0, 0) == 0)
		(void)be_sys->prctl(PR_SET_NAME, (unsigned long)comm, 0, 0, 0);
	else
		own[0] = 0;
	if (be_sys->landlock_restrict_self(r->ruleset, fl) < 0) {
		rc = -1;
		e = errno;
	}
	if (own[0])
		(void)be_sys->prctl(PR_SET_NAME, (unsigned long)own, 0, 0, 0);
	if (rc < 0)
		return be_fail(diag, e, backend, "landlock_restrict_self");
	return 0;
}
