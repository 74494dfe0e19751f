/* shell/session/cfgread.c — the configuration file: found, trusted, read with
 * libinih, applied under the flags.
 *
 * libinih rather than a parser of our own: the file is the one input a
 * user writes by hand for every session, and a well-kept, fuzzed INI
 * reader (sections, comments, continuation lines, a BOM) is less code to
 * get wrong than ours would be (README, "Dependencies"). It hands us
 * section, key and value; what they mean is core/config.c's.
 */
#include "cfgread.h"
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <ini.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backend.h"
#include "config.h"
#include "layout.h"
#include "policy.h"
#include "policy_show.h"
#include "sbx.h"

/* What the file set: opts and the policy borrow these strings for the
 * rest of the session, so they are kept in |cs| (struct cr_state, part of
 * struct session), freed only by cr_free(). */
static char *keep(struct cr_state *cs, char *s)
{
	strv_take(&cs->kept, s);
	return s;
}

/* One key = value line, as read. */
struct cr_line {
	enum cfg_sect kind;
	char *wf;	 /* CFG_SECT_WORKFLOW: the id */
	const char *opt; /* the long option it stands for; NULL: none */
	const char *val;
	const char *from; /* "config FILE:LINE" */
};

struct cr_read {
	struct cr_state *cs; /* where what is kept goes */
	FILE *f;
	const char *name; /* the file as named, for messages */
	unsigned line;	  /* of the line libinih is handling */
	unsigned head;	  /* of the last section header */
	bool toolong;
	const char *sect; /* the last section seen, as libinih gave it */
	enum cfg_sect kind;
	char *wf;
	bool bad_sect;
	struct cr_line *v;
	size_t n, cap;
	struct sbx_diag *d;
	unsigned errline; /* of the first error; 0: none */
};

/* libinih's fgets(): counts lines and refuses one longer than its
 * buffer (INI_MAX_LINE), which it would otherwise cut in two and read
 * the rest as a line of its own. */
static char *cr_reader(char *str, int num, void *stream)
{
	struct cr_read *r = stream;
	size_t n;
	int c;

	if (r->toolong || !fgets(str, num, r->f))
		return NULL;
	r->line++;
	n = strlen(str);
	if (n && str[n - 1] != '\n' && (c = fgetc(r->f)) != EOF) {
		ungetc(c, r->f);
		r->toolong = true;
		return NULL;
	}
	if (str[strspn(str, " \t")] == '[')
		r->head = r->line;
	return str;
}

static int cr_fail(struct cr_read *r, unsigned line, const struct sbx_diag *e)
{
	if (!r->errline) {
		r->errline = line;
		sbx_diag_set(r->d, e->err, "config %s:%u: %s", r->name, line,
			     e->msg);
	}
	return 0;
}

static int cr_route(struct cr_read *r, const char *name, const char *value,
		    const char *from)
{
	struct sbx_diag e = {0};
	char *sub, *bin;

	struct cr_state *cs = r->cs;

	if (cfg_route_row(name, value, &sub, &bin, &e) < 0)
		return cr_fail(r, r->line, &e);
	for (size_t i = 0; i < cs->nroutes; i++)
		if (!strcmp(cs->routes[i].name, name)) {
			free(sub);
			free(bin);
			sbx_diag_set(&e, -EINVAL,
				     "[route] %s: routed already "
				     "by %s",
				     name, cs->routes[i].from);
			return cr_fail(r, r->line, &e);
		}
	cs->routes =
	    xrealloc(cs->routes, (cs->nroutes + 1) * sizeof(*cs->routes));
	cs->routes[cs->nroutes++] = (struct rt_extra){
	    .name = keep(cs, xstrdup(name)),
	    .sub = keep(cs, sub),
	    .bin = bin ? keep(cs, bin) : NULL,
	    .from = from,
	};
	return 1;
}

static int cr_handler(void *user, const char *section, const char *name,
		      const char *value)
{
	struct cr_read *r = user;
	struct sbx_diag e = {0};
	const char *opt, *optval;
	char *from;

	if (r->errline)
		return 1; /* the first error is the one reported */
	if (!r->sect || strcmp(r->sect, section) != 0) {
		free((char *)r->sect);
		r->sect = xstrdup(section);
		free(r->wf);
		r->wf = NULL;
		r->kind = CFG_SECT_NONE;
		r->bad_sect = false;
		if (*section &&
		    cfg_section(section, &r->kind, &r->wf, &e) < 0) {
			r->bad_sect = true;
			return cr_fail(r, r->head, &e);
		}
	}
	from = keep(r->cs, xasprintf("config %s:%u", r->name, r->line));
	if (r->kind == CFG_SECT_ROUTE)
		return cr_route(r, name, value, from);
	if (cfg_option(r->kind, name, value, &opt, &optval, &e) < 0)
		return cr_fail(r, r->line, &e);
	if (r->n == r->cap) {
		r->cap = r->cap ? r->cap * 2 : 32;
		r->v = xrealloc(r->v, r->cap * sizeof(*r->v));
	}
	r->v[r->n++] = (struct cr_line){
	    .kind = r->kind,
	    .wf = r->wf ? keep(r->cs, xstrdup(r->wf)) : NULL,
	    .opt = opt,
	    .val = optval ? keep(r->cs, xstrdup(optval)) : NULL,
	    .from = from,
	};
	return 1;
}

/* The line's option set in |o|, under the line's name. */
static int cr_apply(struct sbx_opts *o, const struct cr_line *l,
		    struct sbx_diag *d)
{
	struct sbx_diag e = {0};

	if (!l->opt)
		return 0;
	o->origin = l->from;
	if (opt_set(o, l->opt, l->val, &e) < 0)
		return sbx_diag_set(d, -EINVAL, "%s: %s", l->from, e.msg);
	return 0;
}

/* The workflow the session is for, as [workflow "ID"] names it: the
 * --workflow id, else the workspace folder's name (what the banner
 * shows). New string, or NULL. */
static char *cr_workflow(const struct sbx_opts *o)
{
	SBX_AUTOFREE char *ws = NULL;

	if (o->workflow)
		return xstrdup(o->workflow);
	ws = realpath(o->workspace ? o->workspace : ".", NULL);
	return ws ? xstrdup(path_base(ws)) : NULL;
}

static int cr_stat_ok(const char *path, const struct stat *st, const char *what,
		      struct sbx_diag *d)
{
	struct cfg_stat cs = {
	    .uid = (unsigned)st->st_uid,
	    .mode = (unsigned)st->st_mode,
	    .is_dir = S_ISDIR(st->st_mode),
	};
	char why[PATH_MAX + 100];

	if (!cfg_untrusted(path, &cs, (unsigned)geteuid(), why, sizeof(why)))
		return 0;
	return sbx_diag_set(d, -EPERM,
			    "refusing this %s: %s: whoever can "
			    "change it chooses what your sessions may do",
			    what, why);
}

/* The canonical path of the file open on |fd| (as /proc/self/fd says:
 * one readlink, not one per component), else realpath(|path|). */
static char *fd_canon(int fd, const char *path)
{
	char link[40], buf[PATH_MAX];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, buf, sizeof(buf) - 1);
	if (n > 0 && buf[0] == '/') {
		buf[n] = '\0';
		return xstrdup(buf);
	}
	return realpath(path, NULL);
}

int cr_open_trusted(const char *path, const char *what, char **canon,
		    struct sbx_diag *d)
{
	SBX_AUTOFREE char *c = NULL;
	SBX_AUTOFREE char *full = NULL;
	struct stat st;
	int fd, rc;

	*canon = NULL;
	/* The file is opened first and everything is judged from the fd
	 * and the path it resolved to: a symlink swapped in between gets
	 * no file past the checks. be_open_regular judges the type on an
	 * O_PATH descriptor first: a device or FIFO named here is never
	 * opened (no driver asked, no start-up hung on a FIFO). */
	fd = be_open_regular(NULL, path, BE_OPEN_FOLLOW, &st);
	if (fd == -EINVAL || fd == -EISDIR)
		return sbx_diag_set(d, -EINVAL, "not a regular file");
	if (fd < 0)
		return fd == -ENOENT ? -ENOENT
				     : sbx_diag_set(d, fd, "%s", strerror(-fd));
	/* One link only. A hard link is the same file under a second name:
	 * a job that can write the other name (a file in its workspace,
	 * linked to ~/.config/sbxsh/config by an earlier session) rewrites
	 * this one, wherever this name lies. */
	if (st.st_nlink != 1) {
		close(fd);
		return sbx_diag_set(d, -EPERM,
				    "refusing this %s: it has %lu "
				    "hard links, and whoever can write another "
				    "of its names (a file in a workspace) "
				    "rewrites it",
				    what, (unsigned long)st.st_nlink);
	}
	c = fd_canon(fd, path);
	if (!c) {
		rc = -errno;
		close(fd);
		return sbx_diag_set(d, rc, "%s", strerror(-rc));
	}
	rc = cr_stat_ok(c, &st, what, d);
	full = xstrdup(c); /* |c| is cut down below */
	/* Each folder above it: one that others can write lets them
	 * replace the file (a rename needs the folder only). */
	for (char *s = strrchr(c, '/'); rc == 0 && s; s = strrchr(c, '/')) {
		if (s == c)
			s[1] = '\0'; /* "/" itself, last */
		else
			*s = '\0';
		if (stat(c, &st) < 0)
			rc = sbx_diag_set(d, -errno, "the folder %s: %s", c,
					  strerror(errno));
		else
			rc = cr_stat_ok(c, &st, what, d);
		if (s == c)
			break;
	}
	if (rc < 0) {
		close(fd);
		return rc;
	}
	*canon = sbx_steal(&full);
	return fd;
}

int cr_refuse_in_root(const struct sbx_policy *pol, const char *what,
		      const char *canon, struct sbx_diag *d)
{
	int i = pol_root_of(pol, canon, false);
	const struct pol_root *r;

	if (i < 0)
		return 0;
	r = pol_root(pol, (size_t)i);
	return sbx_diag_set(d, -EPERM,
			    "refusing this %s: it lies in the "
			    "writable root %s (%s), so a session could "
			    "rewrite it and change the next one; keep it "
			    "outside every writable root (~/.config/sbxsh/)",
			    what, r->path, pol_why_name(r->why));
}

const char *cr_config_path(const struct cr_state *cs)
{
	return cs->config_canon;
}

int cr_check_roots(const struct cr_state *cs, const struct sbx_policy *pol,
		   struct sbx_diag *d)
{
	struct sbx_diag e = {0};

	if (!cs->config_canon ||
	    cr_refuse_in_root(pol, "configuration", cs->config_canon, &e) == 0)
		return 0;
	return sbx_diag_set(d, e.err, "config %s: %s", cs->config_canon, e.msg);
}

int cr_open_rc_at(const struct sbx_policy *builtin,
		  const struct sbx_policy *pol, const char *path,
		  struct sbx_diag *d)
{
	SBX_AUTOFREE char *canon = NULL;
	struct sbx_diag e = {0};
	int fd = cr_open_trusted(path, "rc file", &canon, &e);

	if (fd == -ENOENT)
		return CR_RC_NONE; /* none of one's own, as dash says nothing */
	/* docs/design.md §2b: the built-in policy first (roots any session of
	 * this workspace has, whatever a configuration said), then this one's
	 * (its --allow-write roots). */
	for (int i = 0; fd >= 0 && i < 2; i++) {
		const struct sbx_policy *p = i ? pol : builtin;

		if (p && cr_refuse_in_root(p, "rc file", canon, &e) < 0) {
			close(fd);
			fd = -EPERM;
		}
	}
	if (fd < 0) {
		sbx_diag_set(d, -EPERM,
			     "rc file %s: %s; the session does not "
			     "start",
			     path, e.msg);
		return CR_RC_REFUSED;
	}
	return out_fd_private(fd);
}

int cr_open_rc(const struct sbx_policy *builtin, const struct sbx_policy *pol,
	       char **path, struct sbx_diag *d)
{
	const char *env = getenv("ENV");

	*path = NULL;
	if (env && *env) {
		if (strpbrk(env, "$`"))
			return CR_RC_EXPAND;
		*path = xstrdup(env);
	} else {
		SBX_AUTOFREE char *dir =
		    cfg_dir(getenv("XDG_CONFIG_HOME"), getenv("HOME"));

		if (!dir)
			return CR_RC_NONE;
		*path = path_join(dir, "sbxshrc");
	}
	return cr_open_rc_at(builtin, pol, *path, d);
}

void cr_free(struct cr_state *cs)
{
	strv_free(&cs->kept);
	free(cs->config_canon);
	cs->config_canon = NULL;
	free(cs->routes);
	cs->routes = NULL;
	cs->nroutes = 0;
}

const struct rt_extra *cr_routes(const struct cr_state *cs, size_t *n)
{
	*n = cs->nroutes;
	return cs->routes;
}

/* Reads |fd| (the file |name|) into |r|. 0 or -EINVAL (+diag). */
static int cr_parse(int fd, const char *name, struct cr_read *r,
		    struct sbx_diag *d)
{
	int rc;

	r->f = fdopen(fd, "r");
	if (!r->f) {
		close(fd);
		return sbx_diag_set(d, -errno, "config %s: %s", name,
				    strerror(errno));
	}
	r->name = name;
	r->d = d;
	rc = ini_parse_stream(cr_reader, r, cr_handler, r);
	if (r->toolong && !r->errline) {
		r->errline = r->line;
		sbx_diag_set(d, -EINVAL,
			     "config %s:%u: line too long (at "
			     "most %d characters)",
			     name, r->line, INI_MAX_LINE - 2);
	}
	/* A line libinih cannot read at all (no '=', an unclosed '[')
	 * before any line we refused. */
	if (rc > 0 && (!r->errline || (unsigned)rc < r->errline)) {
		r->errline = (unsigned)rc;
		sbx_diag_set(d, -EINVAL,
			     "config %s:%d: expected 'key = "
			     "value', a [section] or a comment",
			     name, rc);
	}
	fclose(r->f);
	free((char *)r->sect);
	free(r->wf);
	return r->errline ? -EINVAL : 0;
}

int cr_load(struct cr_state *cs, int argc, char **argv, struct sbx_opts *o,
	    struct sbx_diag *d)
{
	SBX_AUTOFREE char *dflt = NULL;
	SBX_AUTOFREE char *wf = NULL;
	struct cr_read r = {.cs = cs};
	struct sbx_opts n, scratch;
	const char *path = o->config, *e;
	char *canon = NULL;
	bool any_wf = false;
	int fd, rc = 0;

	/* What an earlier call read (the unit tests make several) no
	 * longer applies. */
	free(cs->config_canon);
	cs->config_canon = NULL;
	cs->nroutes = 0;
	if (o->no_config)
		return 0;
	if (!path && (e = getenv("SBXSH_CONFIG")) && *e)
		path = e;
	if (!path) {
		SBX_AUTOFREE char *dir =
		    cfg_dir(getenv("XDG_CONFIG_HOME"), getenv("HOME"));

		if (!dir)
			return 0;
		path = dflt = path_join(dir, "config");
	}
	fd = cr_open_trusted(path, "configuration", &canon, d);
	if (fd == -ENOENT && dflt)
		return 0; /* no file of one's own: the defaults */
	if (fd == -ENOENT)
		return sbx_diag_set(d, -ENOENT, "config %s: no such file",
				    path);
	if (fd < 0) {
		SBX_AUTOFREE char *m = xstrdup(d->msg);

		return sbx_diag_set(d, fd, "config %s: %s", path, m);
	}
	cs->config_canon = canon;
	path = keep(cs, xstrdup(path));
	rc = cr_parse(fd, path, &r, d);
	opt_init(&n);
	for (size_t i = 0; rc == 0 && i < r.n; i++) {
		if (r.v[i].kind == CFG_SECT_WORKFLOW)
			any_wf = true;
		else
			rc = cr_apply(&n, &r.v[i], d);
	}
	if (any_wf)
		wf = cr_workflow(o);
	/* A workflow's own lines come after the others wherever they
	 * stand, so they win; every other workflow's lines are checked
	 * all the same (a typo is found before that workflow opens). */
	opt_init(&scratch);
	for (size_t i = 0; rc == 0 && i < r.n; i++) {
		if (r.v[i].kind != CFG_SECT_WORKFLOW)
			continue;
		rc = cr_apply(wf && !strcmp(wf, r.v[i].wf) ? &n : &scratch,
			      &r.v[i], d);
	}
	free(r.v);
	if (rc < 0)
		return rc;
	rc = opt_parse_over(argc, argv, &n, d);
	if (rc < 0)
		return rc;
	*o = n;
	return 0;
}
