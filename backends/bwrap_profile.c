/* backends/bwrap_profile.c — the session policy as a bubblewrap argument
 * list. Pure: policy and disk facts in, argv out.
 *
 * bubblewrap applies its mounts in argument order, each on top of the
 * ones before, so the order is the policy: the whole tree read-only first,
 * then each writable root bound read-write (the workspace last, as
 * docs/design.md §5 shows it), then the protected paths (docs/design.md §2b)
 * bound over themselves, which must come after the roots they lie in, then the
 * masks over the secrets, which must come
 * after every bind or a writable root that contains a secret (a $HOME
 * inside /tmp) would uncover it again.
 *
 * The difference that matters: sbxsh confines one shell process once and
 * every job inherits it; bwrap builds a new namespace per command, which
 * is what tests/bench/bench-session.sh measures.
 */
#include "profiles.h"
#include "route.h"

#include <string.h>

/*
 * Devices "--dev /dev" already provides: a fresh tmpfs with null, zero,
 * full, random, urandom and tty bound from the host, a private devpts
 * instance at /dev/pts and /dev/ptmx pointing into it. The private devpts
 * is what lets an unprivileged sandbox open new terminals (python's pty,
 * expect, tmux): the host's devpts is usually mounted ptmxmode=000, so
 * binding it in instead makes posix_openpt() fail with EACCES. The
 * session's own terminal stays usable through the inherited descriptors
 * and /dev/tty; only opening it by its /dev/pts/N name does not work
 * (docs/backends.md).
 */
/* clang-format off */
static const char *const bw_dev_provided[] = {
	"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom",
	"/dev/tty", "/dev/ptmx",
};
/* clang-format on */

static bool bw_dev_is_provided(const char *path)
{
	size_t n = sizeof(bw_dev_provided) / sizeof(*bw_dev_provided);

	if (path_under("/dev/pts", path))
		return true;
	for (size_t i = 0; i < n; i++) {
		if (strcmp(path, bw_dev_provided[i]) == 0)
			return true;
	}
	return false;
}

static void bw_push3(struct sbx_strv *argv, const char *opt, const char *a,
		     const char *b)
{
	strv_push(argv, opt);
	strv_push(argv, a);
	if (b)
		strv_push(argv, b);
}

static void bw_devices(const struct sbx_policy *pol, struct sbx_strv *argv)
{
	for (size_t i = 0; i < pol_nroots(pol); i++) {
		const struct pol_root *r = pol_root(pol, i);

		/* Any other terminal (a virtual console, /dev/console) is
		 * bound from the host. --dev-bind keeps it a device: plain
		 * binds are mounted nodev by bwrap. */
		if (r->device && !bw_dev_is_provided(r->path))
			bw_push3(argv, "--dev-bind", r->path, r->path);
	}
}

static void bw_roots(const struct sbx_policy *pol, struct sbx_strv *argv)
{
	const char *ws = pol_layout(pol)->workspace;
	bool have_ws = false;

	/* The session creates every root before it confines itself (the
	 * pol_root.create ones included), so a plain --bind, which fails on
	 * a missing source, is right: a missing root is an error worth
	 * seeing, not something to skip with --bind-try. */
	for (size_t i = 0; i < pol_nroots(pol); i++) {
		const struct pol_root *r = pol_root(pol, i);

		if (r->device)
			continue;
		if (r->why == POL_WHY_WORKSPACE || strcmp(r->path, ws) == 0) {
			have_ws = true;
			continue;
		}
		bw_push3(argv, "--bind", r->path, r->path);
	}
	if (have_ws)
		bw_push3(argv, "--bind", ws, ws);
}

/* docs/design.md §2b: git's hooks and config (and --protect paths) read-only
 * inside the writable roots, git dirs bound over themselves so they cannot be
 * renamed, a missing hooks/ made empty first (--dir creates it through
 * the writable bind, as a session does). Parent first, as the policy
 * lists them. Absent files and symlinks cannot be held by a bind: a
 * session reports their changes; bubblewrap has no such report. */
static void bw_protect(const struct sbx_policy *pol, struct sbx_strv *argv)
{
	for (size_t i = 0; i < pol_nprotected(pol); i++) {
		const struct gm_path *e = pol_protected(pol, i);

		if (e->flags & (GM_P_ABSENT | GM_P_LINK))
			continue;
		if (e->flags & GM_P_MKDIR)
			bw_push3(argv, "--dir", e->path, NULL);
		bw_push3(argv, e->flags & GM_P_PIN ? "--bind" : "--ro-bind",
			 e->path, e->path);
	}
}

static void bw_masks(const struct sbx_policy *pol, const struct prof_disk *disk,
		     struct sbx_strv *argv)
{
	for (size_t i = 0; i < pol_nmasked(pol); i++) {
		const char *m = pol_masked(pol, i);

		switch (disk && disk->kind ? disk->kind(disk->ctx, m)
					   : PROF_ABSENT) {
		case PROF_DIR:
			/* An empty, read-only folder with mode 0000: nothing
			 * to read, and writes fail with EROFS rather than
			 * landing in a tmpfs that looks like the secret. */
			bw_push3(argv, "--perms", "0000", NULL);
			bw_push3(argv, "--tmpfs", m, NULL);
			bw_push3(argv, "--remount-ro", m, NULL);
			break;
		case PROF_FILE:
			/* /dev/null bound without --dev-bind is mounted
			 * nodev: opening the secret fails with EACCES, for
			 * reading and writing alike. */
			bw_push3(argv, "--ro-bind", "/dev/null", m);
			break;
		case PROF_ABSENT:
			/* bwrap can only mask what exists: it would have to
			 * create the mount point in a read-only tree. A
			 * secret that does not exist cannot be read, and
			 * cannot be created outside the writable roots. */
			break;
		}
	}
}

void bw_args_disk(const struct sbx_policy *pol, const struct prof_disk *disk,
		  struct sbx_strv *argv)
{
	strv_push(argv, "bwrap");
	if (pol_scope(pol) == POL_SCOPE_UNRESTRICTED) {
		/* No filesystem confinement: the host tree as it is. */
		bw_push3(argv, "--dev-bind", "/", "/");
	} else {
		bw_push3(argv, "--ro-bind", "/", "/");
		bw_push3(argv, "--dev", "/dev", NULL);
		bw_push3(argv, "--proc", "/proc", NULL);
		bw_devices(pol, argv);
		bw_roots(pol, argv);
		bw_protect(pol, argv);
		bw_masks(pol, disk, argv);
	}
	/* docs/design.md §2b, as a session has them: SysV IPC and the host
	 * name of the session's own (a job that finds another process's
	 * shared memory segment reads and writes it), its own PID
	 * namespace (with the --proc above, processes outside can be
	 * neither seen nor signalled), and no capability inside, root
	 * included (bwrap run as root keeps them all otherwise). */
	strv_push(argv, "--unshare-ipc");
	strv_push(argv, "--unshare-uts");
	strv_push(argv, "--unshare-pid");
	bw_push3(argv, "--cap-drop", "ALL", NULL);
	if (!pol_network(pol)) {
		/* A private network namespace holds only a loopback that is
		 * down: no TCP or UDP reaches anything. Unix sockets on the
		 * filesystem still work (abstract ones do not: they belong
		 * to the network namespace). */
		strv_push(argv, "--unshare-net");
	}
	/*
	 * No --new-session: it calls setsid(), which detaches the command
	 * from the controlling terminal. ^C and ^Z would no longer reach it,
	 * the shell could not hand it the terminal with tcsetpgrp(), and
	 * /dev/tty would fail to open: job control breaks. bwrap offers
	 * --new-session against TIOCSTI injection (CVE-2017-5226); sbxsh's
	 * seccomp filter denies TIOCSTI and TIOCLINUX instead, and Linux
	 * 6.2+ can turn TIOCSTI off (dev.tty.legacy_tiocsti=0).
	 */
	strv_push(argv, "--die-with-parent");
}

/* |s| with the session's run folder replaced by the profile's own,
 * <runs>/bwrap: a preview names a fresh run folder that no session will
 * ever create, and a bwrap run must not borrow a live session's (its
 * temp files would land in another session's TMPDIR). New string. */
static char *bw_runpath(const struct sbx_policy *pol, const char *s)
{
	const char *run = pol_layout(pol)->run_dir,
		   *runs = pol_layout(pol)->runs_dir;
	size_t n = run ? strlen(run) : 0;
	struct sbx_buf b = {0};
	const char *at;

	/* Every occurrence, not only a leading one: a value such as
	 * MAVEN_OPTS=-Dmaven.repo.local=RUN/m2 holds the folder inside. */
	while (n && runs && (at = strstr(s, run)) &&
	       (at[n] == '/' || at[n] == '\0' || at[n] == ':')) {
		buf_putn(&b, s, (size_t)(at - s));
		buf_printf(&b, "%s/bwrap", runs);
		s = at + n;
	}
	buf_puts(&b, s);
	return b.s ? b.s : xstrdup("");
}

static void bw_push_run(const struct sbx_policy *pol, struct sbx_strv *sv,
			const char *s)
{
	SBX_AUTOFREE char *p = bw_runpath(pol, s);

	strv_push(sv, p);
}

/* Characters that never need quoting in sh. */
static const char bw_safe[] = "abcdefghijklmnopqrstuvwxyz"
			      "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
			      "0123456789_@%+=:,./-";

static bool bw_plain(const char *s)
{
	return *s && strspn(s, bw_safe) == strlen(s);
}

static void bw_quote(const char *a, struct sbx_buf *out)
{
	if (bw_plain(a)) {
		buf_puts(out, a);
		return;
	}
	/* Single quotes keep everything literal, newlines included; a
	 * quote itself is closed, escaped and reopened. */
	buf_put_squoted(out, a);
}

void bw_format(const struct sbx_strv *argv, struct sbx_buf *out)
{
	for (size_t i = 0; i < argv->n; i++) {
		if (i)
			buf_putc(out, ' ');
		bw_quote(argv->v[i], out);
	}
}

void bw_format_lines(const struct sbx_strv *argv, const char *indent,
		     struct sbx_buf *out)
{
	for (size_t i = 0; i < argv->n; i++) {
		if (i && !strncmp(argv->v[i], "--", 2))
			buf_printf(out, " \\\n%s", indent);
		else if (i)
			buf_putc(out, ' ');
		bw_quote(argv->v[i], out);
	}
}

void bw_script(const struct sbx_policy *pol, const struct sbx_strv *argv,
	       struct sbx_buf *out)
{
	const struct lay_layout *l = pol_layout(pol);
	const struct rt_plan *rt = pol_route(pol);
	struct sbx_strv mk = {0}, args = {0};

	buf_printf(out,
		   "# sbxsh --print-profile bwrap: the policy of workflow "
		   "%s as one\n"
		   "# bubblewrap command. Run it as printed:\n"
		   "#   sbxsh --print-profile bwrap > box.sh && "
		   "sh box.sh [COMMAND [ARG...]]\n"
		   "#   eval \"$(sbxsh --print-profile bwrap)\"   "
		   "(runs /bin/sh)\n"
		   "# Not in it: the system-call filter, the environment "
		   "filter, the checker,\n"
		   "# the covers for other terminals and sockets, and the "
		   "git report at the end\n"
		   "# (docs/backends.md). Its run folder, one for every "
		   "bwrap run:\n#   %s/bwrap\n",
		   l->workflow_id ? l->workflow_id : "?",
		   l->runs_dir ? l->runs_dir : "?");
	/* The folders a session creates before it confines itself (its
	 * state folders' roots): bwrap binds only what exists. */
	for (size_t i = 0; i < pol_nroots(pol); i++) {
		const struct pol_root *r = pol_root(pol, i);

		if (!r->device &&
		    (r->create ||
		     (l->runs_dir && path_under(l->runs_dir, r->path))))
			bw_push_run(pol, &mk, r->path);
	}
	if (mk.n) {
		buf_puts(out, "mkdir -p --");
		for (size_t i = 0; i < mk.n; i++) {
			buf_puts(out, " \\\n\t");
			bw_quote(mk.v[i], out);
		}
		buf_puts(out, " &&\n");
	}
	for (size_t i = 0; i < argv->n; i++)
		bw_push_run(pol, &args, argv->v[i]);
	/* The routed variables (docs/design.md §3), so that installs land
	 * where a session puts them; PATH's prefix leads the caller's. */
	for (size_t i = 0; rt && i < rt->nvars; i++) {
		const char *v = rt_value(rt, rt->vars[i].name);

		if (!v)
			continue;
		strv_push(&args, "--setenv");
		strv_push(&args, rt->vars[i].name);
		bw_push_run(pol, &args, v);
	}
	bw_format_lines(&args, "\t", out);
	if (rt && rt->path_prefix.n) {
		buf_puts(out, " \\\n\t--setenv PATH ");
		for (size_t i = 0; i < rt->path_prefix.n; i++) {
			SBX_AUTOFREE char *p =
			    bw_runpath(pol, rt->path_prefix.v[i]);

			bw_quote(p, out);
			buf_putc(out, ':');
		}
		buf_puts(out, "\"$PATH\"");
	}
	buf_puts(out, " \\\n\t-- \"${@:-/bin/sh}\"\n");
	strv_free(&mk);
	strv_free(&args);
}
