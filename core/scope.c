/* core/scope.c — the scope checker (docs/design.md §4): which paths of a
 * command line lie outside the policy, before any of it runs. Pure.
 *
 * Three stages, each one forward pass over its input, so the cost is
 * linear in the length of the line (a pasted 1 MiB line must not stall
 * the prompt):
 *   1. parse: the shell's own parser (core/lang/, through
 *      scope_parse_each()) turns the line into a tree, command by
 *      command, as the shell will; scope_words.c makes each word of a
 *      simple command the value the program will get, doing the
 *      expansions that can be known before anything runs ($HOME, ~,
 *      ${VAR});
 *   2. analyze: each simple command's words get a role (program, read,
 *      likely write, not a path) from one table of commands (specs[] in
 *      scope_table.c);
 *   3. judge (scope_judge.c): fold "..", canonicalize through
 *      env->canon, classify with pol_access(), dedupe by canonical path,
 *      format the message.
 * This is a heuristic that explains; the kernel is what enforces
 * (docs/design.md §5), so when in doubt the checker stays quiet rather than
 * guess.
 */
#include "scope.h"
#include "scope_cmd.h"
#include "parse.h"
#include "scope_table.h"

#include "policy.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Longest cwd a `cd` in the line may lead to before it counts as unknown
 * (see analyze()); real ones are far shorter. */
#define SCOPE_MAX_CWD 1024

static void check_line(struct ctx *cx, const char *s, size_t len, int depth);

static const char *getvar(struct ctx *cx, const char *name)
{
	if (!cx->env || !cx->env->getvar)
		return NULL;
	return cx->env->getvar(cx->env->ctx, name);
}

/* ---- stage 2: what each word of a command is ---------------------- */

static inline const char *wval(const struct scmd *c, const struct sword *w)
{
	return c->vals.s + w->v;
}

/* An assignment word: its value, a ':' list, is judged. */
static void set_assign(struct scmd *c, struct sword *w)
{
	size_t n = w->teq;
	const char *name = c->typed.s + w->t;

	if (n > 0 && name[n - 1] == '+')
		n--;
	w->role = scope_var_is_dest(name, n) ? R_WRITE : R_READ;
	w->list = true;
	w->voff = w->veq + 1;
	w->toff = w->teq + 1;
}

/* Makes |w| (an operand) a path of role |role|; NAME=value operands
 * (make PREFIX=/usr, awk v=/x) judge their value instead. */
static void set_operand(struct scmd *c, struct sword *w, enum role role)
{
	if (w->assign) {
		set_assign(c, w);
		if (role == R_WRITE)
			w->role = R_WRITE;
		return;
	}
	w->role = role;
	w->voff = w->toff = 0;
}

/* An option whose path is glued after |off| bytes (-o/p, --opt=/p). */
static void set_glued(struct sword *w, enum role role, size_t off, size_t toff)
{
	if (off >= w->vlen)
		return;
	w->role = role;
	w->voff = off;
	w->toff = toff < w->tlen ? toff : w->tlen;
}

/* The letter long option |name| (|n| bytes) stands for, or 0. */
static char long_letter(const char *longs, const char *name, size_t n)
{
	const char *p = longs;

	if (!longs || n == 0)
		return 0;
	while ((p = strchr(p, '|')) && p[1]) {
		p++;
		if (strncmp(p, name, n) == 0 && p[n] == '=')
			return p[n + 1];
	}
	return 0;
}

/* What walk_args() found. */
struct walk {
	size_t *ops; /* operand word indexes, in order */
	size_t nops;
	size_t fval[2]; /* word indexes of the values of two letters a
			   handler asked about (tar's f and C) */
	char fletter[2];
	bool seen[128]; /* option letters seen */
};

static void take_value(struct scmd *c, const struct argspec *sp,
		       struct walk *wk, size_t wi, char letter, size_t off,
		       size_t toff)
{
	struct sword *w = &c->w[wi];
	enum role role = in_set(sp->wval, letter) ? R_WRITE : R_READ;

	if (off == 0) {
		w->role = role;
		w->voff = w->toff = 0;
	} else {
		set_glued(w, role, off, toff);
	}
	for (int k = 0; k < 2; k++)
		if (wk->fletter[k] && wk->fletter[k] == letter)
			wk->fval[k] = wi;
}

/*
 * getopt_long-style walk over the arguments av[0..n) of a command with
 * spec |sp|: option values get their role (read, or write per |wval|),
 * glued paths (-o/p, --opt=/p) too, and operands are collected. GNU
 * tools permute, so options may follow operands; |posix| stops at the
 * first operand (sh, git's global options, wrappers).
 */
static void walk_args(struct scmd *c, const size_t *av, size_t n,
		      const struct argspec *sp, bool posix, struct walk *wk)
{
	bool opts = true;

	for (size_t k = 0; k < n; k++) {
		struct sword *w = &c->w[av[k]];
		const char *v = wval(c, w);

		if (!opts || w->vlen < 2 || v[0] != '-') {
			wk->ops[wk->nops++] = av[k];
			if (posix)
				opts = false;
			continue;
		}
		if (v[1] == '-') {
			const char *name = v + 2, *eq;
			size_t nl;
			char l;

			if (w->vlen == 2) {
				opts = false;
				continue;
			}
			eq = memchr(name, '=', w->vlen - 2);
			nl = eq ? (size_t)(eq - name) : w->vlen - 2;
			l = long_letter(sp->longs, name, nl);
			if (l)
				wk->seen[(unsigned char)l & 127] = true;
			if (l && in_set(sp->val, l)) {
				if (eq)
					take_value(c, sp, wk, av[k], l,
						   (size_t)(eq - v) + 1,
						   w->teq + 1);
				else if (k + 1 < n)
					take_value(c, sp, wk, av[++k], l, 0, 0);
			} else if (eq) {
				set_glued(w, R_READ, (size_t)(eq - v) + 1,
					  w->teq + 1);
			}
			continue;
		}
		if (sp->single) {
			wk->seen[(unsigned char)v[1] & 127] = true;
			if (!in_set(sp->val, v[1]) ||
			    (w->vlen > 2 && v[2] != '/'))
				continue; /* -Wall, -fno-omit-frame-pointer */
			if (w->vlen > 2)
				take_value(c, sp, wk, av[k], v[1], 2, 2);
			else if (k + 1 < n)
				take_value(c, sp, wk, av[++k], v[1], 0, 0);
			continue;
		}
		if (v[2] == '/' && !in_set(sp->val, v[1]) &&
		    !in_set(sp->glued, v[1])) {
			set_glued(w, R_READ, 2, 2); /* -I/usr/include */
			continue;
		}
		for (size_t j = 1; j < w->vlen; j++) {
			char ch = v[j];

			wk->seen[(unsigned char)ch & 127] = true;
			if (in_set(sp->glued, ch))
				break;
			if (in_set(sp->val, ch)) {
				if (j + 1 < w->vlen)
					take_value(c, sp, wk, av[k], ch, j + 1,
						   j + 1);
				else if (k + 1 < n)
					take_value(c, sp, wk, av[++k], ch, 0,
						   0);
				break;
			}
		}
	}
}

/* Looks past a wrapper's options (and env's NAME=value operands) to the
 * command it runs. Returns the index in av of that command. Option
 * values (env -C DIR, xargs -a FILE) are reads. */
static size_t skip_wrapper(struct scmd *c, const size_t *av, size_t n, size_t k,
			   const struct argspec *sp)
{
	while (k < n) {
		struct sword *w = &c->w[av[k]];
		const char *v = wval(c, w);
		bool takes = false;

		if (w->vlen >= 2 && v[0] == '-') {
			if (w->vlen == 2 && v[1] == '-') {
				k++;
				break;
			}
			if (v[1] == '-') {
				const char *name = v + 2;
				const char *eq = memchr(name, '=', w->vlen - 2);
				size_t nl =
				    eq ? (size_t)(eq - name) : w->vlen - 2;
				char l = long_letter(sp->longs, name, nl);

				takes = !eq && in_set(sp->val, l);
			} else {
				for (size_t j = 1; j < w->vlen; j++) {
					if (in_set(sp->val, v[j])) {
						takes = j + 1 == w->vlen;
						break;
					}
				}
			}
			if (takes && k + 1 < n) {
				k++;
				set_operand(c, &c->w[av[k]], R_READ);
			}
			k++;
			continue;
		}
		if (sp->how == H_WRAPENV && w->assign) {
			set_assign(c, w);
			k++;
			continue;
		}
		break;
	}
	for (unsigned s = 0; s < sp->skip && k < n; s++)
		k++;
	return k;
}

/* Operand roles for H_FIND: start paths, then an expression in which
 * -fprint & co. write a file and -delete makes the start paths writes. */
static void find_args(struct scmd *c, const size_t *av, size_t n)
{
	size_t k = 0, nstart;
	bool del = false;

	while (k < n) { /* -H -L -P -D opts -Olevel */
		const char *v = wval(c, &c->w[av[k]]);

		if (strcmp(v, "-H") && strcmp(v, "-L") && strcmp(v, "-P") &&
		    strncmp(v, "-O", 2) && strcmp(v, "-D"))
			break;
		k += strcmp(v, "-D") == 0 ? 2 : 1;
	}
	nstart = k;
	while (nstart < n) {
		const char *v = wval(c, &c->w[av[nstart]]);

		if (v[0] == '-' || strcmp(v, "(") == 0 || strcmp(v, "!") == 0)
			break;
		nstart++;
	}
	for (size_t j = nstart; j < n; j++) {
		const char *v = wval(c, &c->w[av[j]]);

		if (strcmp(v, "-delete") == 0) {
			del = true;
		} else if (!strcmp(v, "-fprint") || !strcmp(v, "-fprint0") ||
			   !strcmp(v, "-fls") || !strcmp(v, "-fprintf")) {
			if (j + 1 < n)
				set_operand(c, &c->w[av[++j]], R_WRITE);
		} else if (!strcmp(v, "-newer") || !strcmp(v, "-anewer") ||
			   !strcmp(v, "-cnewer") || !strcmp(v, "-samefile")) {
			if (j + 1 < n)
				set_operand(c, &c->w[av[++j]], R_READ);
		} else if (!strcmp(v, "-exec") || !strcmp(v, "-execdir") ||
			   !strcmp(v, "-ok") || !strcmp(v, "-okdir")) {
			/* The command it runs is not analyzed. */
			while (j + 1 < n &&
			       strcmp(wval(c, &c->w[av[j + 1]]), ";") &&
			       strcmp(wval(c, &c->w[av[j + 1]]), "+"))
				j++;
		}
	}
	for (size_t j = k; j < nstart; j++)
		set_operand(c, &c->w[av[j]], del ? R_WRITE : R_READ);
}

/* old-style `tar xzf a.tar -C dir`: the first argument is a cluster of
 * letters whose values follow in order. Returns the words it used. */
static size_t tar_oldstyle(struct scmd *c, const size_t *av, size_t n,
			   const struct argspec *sp, struct walk *wk)
{
	const struct sword *w;
	const char *v;
	size_t next = 1;

	if (n == 0)
		return 0;
	w = &c->w[av[0]];
	v = wval(c, w);
	if (w->vlen == 0 || v[0] == '-' || w->partial)
		return 0;
	for (size_t j = 0; j < w->vlen; j++) {
		wk->seen[(unsigned char)v[j] & 127] = true;
		if (in_set(sp->val, v[j]) && next < n)
			take_value(c, sp, wk, av[next++], v[j], 0, 0);
	}
	return next;
}

#define NW(a) (sizeof(a) / sizeof(*(a)))

static bool in_words(const char *v, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v, list[i]))
			return true;
	return false;
}

/* Is `git config ARGS` a write, and of which file? |*loc| gets 'l'
 * (the repository's config), 'w' (config.worktree), 'g' (global), 's'
 * (system) or 'f' (|*file|: --file's value; NULL when unknown). */
static bool git_config_writes(const struct scmd *c, const size_t *av, size_t n,
			      char *loc, const char **file)
{
	static const char *const writes[] = {
	    "--add",
	    "--replace-all",
	    "--unset",
	    "--unset-all",
	    "--rename-section",
	    "--remove-section",
	    "--edit",
	    "-e",
	};
	static const char *const reads[] = {
	    "--get",	   "--get-all",	      "--get-regexp", "--get-urlmatch",
	    "--get-color", "--get-colorbool", "--list",	      "-l",
	};
	/* git 2.46's subcommands: set, unset ... as the first operand. */
	static const char *const subw[] = {
	    "set", "unset", "rename-section", "remove-section", "edit",
	};
	static const char *const subr[] = {"get", "list"};
	bool write = false, action = false;
	size_t ops = 0;

	*loc = 'l';
	for (size_t k = 0; k < n; k++) {
		const char *v = wval(c, &c->w[av[k]]);

		if (v[0] == '-' && v[1]) {
			if (!strcmp(v, "--global"))
				*loc = 'g';
			else if (!strcmp(v, "--system"))
				*loc = 's';
			else if (!strcmp(v, "--worktree"))
				*loc = 'w';
			else if (!strcmp(v, "--local"))
				*loc = 'l';
			else if (!strcmp(v, "--blob") ||
				 !strncmp(v, "--blob=", 7))
				return false; /* reads a blob */
			else if (!strcmp(v, "--file") || !strcmp(v, "-f")) {
				const struct sword *fw =
				    k + 1 < n ? &c->w[av[++k]] : NULL;

				*loc = 'f';
				*file = fw && !fw->partial ? wval(c, fw) : NULL;
			} else if (!strncmp(v, "--file=", 7)) {
				*loc = 'f';
				*file = c->w[av[k]].partial ? NULL : v + 7;
			} else if (!strcmp(v, "--type") ||
				   !strcmp(v, "--default") ||
				   !strcmp(v, "--comment") ||
				   !strcmp(v, "--value"))
				k++; /* takes a value */
			if (in_words(v, writes, NW(writes)))
				write = true;
			action |= write || in_words(v, reads, NW(reads));
			continue;
		}
		if (!ops++ && !action) {
			if (in_words(v, subw, NW(subw)))
				write = true;
			action |= write || in_words(v, subr, NW(subr));
		}
	}
	return action ? write : ops >= 2;
}

/* `git [-C DIR] [--git-dir=G] config ...` that writes: the file it
 * writes is judged as a write, as if it had been typed (a repository's
 * config is protected: docs/design.md §2b). |cw|, |gw|: the words of -C and
 * --git-dir, or NOPOS. */
static void git_config(struct scan *sc, struct scmd *c, size_t cw, size_t gw,
		       const size_t *av, size_t n)
{
	struct ctx *cx = sc->cx;
	SBX_AUTOFREE char *dir = NULL;
	SBX_AUTOFREE char *target = NULL;
	const char *file = NULL;
	char loc;

	if (!git_config_writes(c, av, n, &loc, &file))
		return;
	if (cw != NOPOS && !c->w[cw].partial) {
		/* -C DIR, -CDIR: the value starts past the option. */
		const char *v = wval(c, &c->w[cw]) + c->w[cw].voff;

		if (v[0] == '/')
			dir = path_fold(v);
		else if (cx->cwd) {
			SBX_AUTOFREE char *j = path_join(cx->cwd, v);

			dir = path_fold(j);
		}
	} else if (cx->cwd) {
		dir = xstrdup(cx->cwd);
	}
	switch (loc) {
	case 'g': {
		const char *home = getvar(cx, "HOME");

		if (home && home[0] == '/')
			target = path_join(home, ".gitconfig");
		break;
	}
	case 's':
		target = xstrdup("/etc/gitconfig");
		break;
	case 'f':
		if (file)
			target = file[0] == '/' || !dir ? xstrdup(file)
							: path_join(dir, file);
		break;
	default:
		if (gw != NOPOS && !c->w[gw].partial) {
			const char *v = wval(c, &c->w[gw]) + c->w[gw].voff;
			SBX_AUTOFREE char *g = v[0] == '/' || !dir
						   ? xstrdup(v)
						   : path_join(dir, v);

			target = path_join(g, loc == 'w' ? "config.worktree"
							 : "config");
		} else if (dir) {
			SBX_AUTOFREE char *cd =
			    cx->env && cx->env->canon
				? cx->env->canon(cx->env->ctx, dir)
				: xstrdup(dir);
			const struct gm_repo *r =
			    gm_repo_at(pol_git(cx->pol), cd);

			/* A repository made earlier in the line: its own
			 * config, not protected. */
			for (size_t i = 0; r && i < cx->newrepos.n; i++)
				if (path_under(cx->newrepos.v[i], dir) &&
				    !path_under(cx->newrepos.v[i], r->worktree))
					r = NULL;

			if (r && loc == 'w' && r->gitdir)
				target =
				    path_join(r->gitdir, "config.worktree");
			else if (r)
				target = gm_repo_config(r);
		}
	}
	if (target && target[0] == '/')
		scope_judge_path(cx, R_WRITE, target, strlen(target),
				 "git config", 10, false);
}

/* |v| against the line's cwd, or -C's |cdir|: new folded string, or NULL. */
static char *line_path(const struct ctx *cx, const char *v, const char *cdir)
{
	SBX_AUTOFREE char *j = NULL;
	const char *base = cdir ? cdir : cx->cwd;

	if (v[0] == '/')
		return path_fold(v);
	if (!base)
		return NULL;
	j = path_join(base, v);
	return path_fold(j);
}

/* The repository `git init [DIR]` or `git clone URL [DIR]` makes: a
 * `git -C DIR config` later in the line writes its config, not that of
 * the repository around it (which the scan knew). */
static void note_new_repo(struct ctx *cx, const struct scmd *c,
			  const struct walk *w2, bool clone, size_t cw)
{
	SBX_AUTOFREE char *cdir = NULL;
	SBX_AUTOFREE char *base = NULL;
	const char *v = NULL;
	char *p;

	if (cw != NOPOS && !c->w[cw].partial)
		cdir = line_path(cx, wval(c, &c->w[cw]) + c->w[cw].voff, NULL);
	if (w2->nops > (clone ? 1u : 0u)) {
		const struct sword *w = &c->w[w2->ops[clone ? 1 : 0]];

		if (w->partial)
			return;
		v = wval(c, w);
	} else if (clone && w2->nops == 1) {
		/* git clone URL: the URL's last part, without ".git". */
		const char *u = wval(c, &c->w[w2->ops[0]]);
		size_t n = strlen(u);
		const char *s;

		while (n && u[n - 1] == '/')
			n--;
		for (s = u + n; s > u && s[-1] != '/' && s[-1] != ':'; s--)
			;
		base = xstrndup(s, (size_t)(u + n - s));
		if (strlen(base) > 4 &&
		    !strcmp(base + strlen(base) - 4, ".git"))
			base[strlen(base) - 4] = '\0';
		v = base;
	} else {
		v = ".";
	}
	if (!*v)
		return;
	p = line_path(cx, v, cdir);
	if (p)
		strv_take(&cx->newrepos, p);
}

static void git_args(struct scan *sc, struct scmd *c, const size_t *av,
		     size_t n, const struct argspec *sp, struct walk *wk)
{
	const struct argspec *sub = &scope_spec_generic;
	SBX_AUTOFREE size_t *rest = NULL;
	struct walk w2 = {.ops = NULL};
	const char *name;
	size_t nrest, cw, gw;
	bool wt_move = false;

	wk->fletter[0] = 'C';
	wk->fletter[1] = '1';		   /* --git-dir */
	walk_args(c, av, n, sp, true, wk); /* global options: git -C DIR */
	cw = wk->fval[0];
	gw = wk->fval[1];
	if (wk->nops == 0)
		return;
	name = wval(c, &c->w[wk->ops[0]]);
	nrest = wk->nops - 1;
	rest = xmalloc((nrest + 1) * sizeof(*rest));
	memcpy(rest, wk->ops + 1, nrest * sizeof(*rest));
	if (strcmp(name, "clone") == 0)
		sub = &scope_spec_git_clone;
	else if (strcmp(name, "init") == 0)
		sub = &scope_spec_git_init;
	else if (strcmp(name, "archive") == 0)
		sub = &scope_spec_git_archive;
	else if (strcmp(name, "worktree") == 0 && nrest &&
		 (!strcmp(wval(c, &c->w[rest[0]]), "add") ||
		  !strcmp(wval(c, &c->w[rest[0]]), "move"))) {
		/* the verb is not a path: walk what follows it */
		wt_move = !strcmp(wval(c, &c->w[rest[0]]), "move");
		sub = &scope_spec_git_worktree;
		memmove(rest, rest + 1, --nrest * sizeof(*rest));
	}
	w2.ops = wk->ops; /* reuse the scratch: |rest| holds the input */
	walk_args(c, rest, nrest, sub, false, &w2);
	for (size_t k = 0; k < w2.nops; k++) {
		struct sword *w = &c->w[w2.ops[k]];

		if (sub == &scope_spec_git_clone)
			set_operand(c, w, k == 1 ? R_WRITE : R_READ);
		else if (sub == &scope_spec_git_worktree)
			set_operand(c, w, k == 0 || wt_move ? R_WRITE : R_READ);
		else
			set_operand(c, w,
				    sub == &scope_spec_git_init ? R_WRITE
								: R_READ);
	}
	if (sub == &scope_spec_git_init || sub == &scope_spec_git_clone)
		note_new_repo(sc->cx, c, &w2, sub == &scope_spec_git_clone, cw);
	if (strcmp(name, "config") == 0)
		git_config(sc, c, cw, gw, rest, nrest);
}

/* A pending `cd`: the line's later relative words resolve against it. */
static char *cd_target(struct scan *sc, struct scmd *c, const struct walk *wk)
{
	const struct sword *w;
	const char *v, *home;

	if (wk->nops == 0) {
		home = getvar(sc->cx, "HOME");
		return home && home[0] == '/' ? path_fold(home) : NULL;
	}
	w = &c->w[wk->ops[0]];
	v = wval(c, w);
	if (w->partial || w->vlen == 0 || strcmp(v, "-") == 0)
		return NULL;
	if (v[0] == '/')
		return path_fold(v);
	if (!sc->cx->cwd)
		return NULL;
	{
		SBX_AUTOFREE char *j = path_join(sc->cx->cwd, v);

		return path_fold(j);
	}
}

/* Gives the arguments av[0..n) of command |sp| their roles. Returns true
 * and sets *newcwd when the command is a cd. */
static bool apply_spec(struct scan *sc, struct scmd *c, const size_t *av,
		       size_t n, const struct argspec *sp, char **newcwd)
{
	struct walk wk = {.ops = sc->cx->ops, .fval = {NOPOS, NOPOS}};
	size_t first = 0, k;
	bool w;

	if (!sp)
		sp = &scope_spec_generic;
	switch (sp->how) {
	case H_FIND:
		find_args(c, av, n);
		return false;
	case H_NONE:
		return false;
	case H_DD:
		for (k = 0; k < n; k++) {
			struct sword *wd = &c->w[av[k]];
			const char *v = wval(c, wd);

			if (wd->vlen > 3 &&
			    (!strncmp(v, "of=", 3) || !strncmp(v, "if=", 3)))
				set_glued(wd, v[0] == 'o' ? R_WRITE : R_READ, 3,
					  wd->teq != NOPOS ? wd->teq + 1 : 3);
		}
		return false;
	case H_TAR: {
		size_t used;
		bool create, extract;

		wk.fletter[0] = 'f';
		wk.fletter[1] = 'C';
		used = tar_oldstyle(c, av, n, sp, &wk);
		walk_args(c, av + used, n - used, sp, false, &wk);
		create = wk.seen['c'] || wk.seen['r'] || wk.seen['u'] ||
			 wk.seen['A'];
		extract = wk.seen['x'];
		if (wk.fval[0] != NOPOS)
			c->w[wk.fval[0]].role = create ? R_WRITE : R_READ;
		if (wk.fval[1] != NOPOS)
			c->w[wk.fval[1]].role = extract ? R_WRITE : R_READ;
		/* Operands are files to add when creating, member names
		 * otherwise. */
		for (k = 0; create && k < wk.nops; k++)
			set_operand(c, &c->w[wk.ops[k]], R_READ);
		return false;
	}
	case H_GIT:
		git_args(sc, c, av, n, sp, &wk);
		return false;
	default:
		break;
	}
	walk_args(c, av, n, sp, sp->how == H_SHELL, &wk);
	switch (sp->how) {
	case H_ALL:
	case H_ALL1:
		first = sp->how == H_ALL1 && !wk.seen['9'] ? 1 : 0;
		for (k = first; k < wk.nops; k++)
			set_operand(c, &c->w[wk.ops[k]], R_WRITE);
		break;
	case H_FIRST:
	case H_FIRSTW:
		for (k = 0; k < wk.nops; k++)
			if (k == 0 || sp->how == H_FIRSTW)
				set_operand(c, &c->w[wk.ops[k]],
					    k == 0 ? R_WRITE : R_READ);
		break;
	case H_DEST:
		for (k = 0; k < wk.nops; k++) {
			if (wk.seen['t'])
				w = false;
			else if (!strcmp(sp->name, "install") && wk.seen['d'])
				w = true;
			else
				w = wk.nops >= 2 && k == wk.nops - 1;
			set_operand(c, &c->w[wk.ops[k]], w ? R_WRITE : R_READ);
		}
		break;
	case H_SED:
	case H_PERL:
	case H_SCRIPT:
		/* Without -e/-f the first operand is the program: sed's
		 * "/^#/d" is not a path; perl's is a script file (a read). */
		first = wk.seen['e'] || wk.seen['f'] ||
				(sp->how == H_PERL && wk.seen['E'])
			    ? 0
			    : 1;
		if (first && sp->how == H_PERL && wk.nops > 0)
			set_operand(c, &c->w[wk.ops[0]], R_READ);
		w = sp->how != H_SCRIPT && wk.seen['i'];
		for (k = first; k < wk.nops; k++)
			set_operand(c, &c->w[wk.ops[k]], w ? R_WRITE : R_READ);
		break;
	case H_SHELL:
		if (wk.seen['c']) {
			if (wk.nops > 0)
				c->shc = wk.ops[0];
			break;
		}
		for (k = 0; k < wk.nops; k++)
			set_operand(c, &c->w[wk.ops[k]], R_READ);
		break;
	case H_CD:
		for (k = 0; k < wk.nops; k++)
			set_operand(c, &c->w[wk.ops[k]], R_READ);
		*newcwd = cd_target(sc, c, &wk);
		return true;
	default:
		for (k = 0; k < wk.nops; k++)
			set_operand(c, &c->w[wk.ops[k]], R_READ);
	}
	return false;
}

/* ---- driving it --------------------------------------------------- */

static void set_target(struct scmd *c, struct sword *w, unsigned char rd)
{
	const char *v = wval(c, w);
	size_t k;

	w->rd = rd;
	switch (rd) {
	case RD_IN:
		w->role = R_READ;
		break;
	case RD_OUT:
		w->role = R_WRITE;
		break;
	case RD_DUPIN:
	case RD_DUPOUT:
		/* >&2, <&0, >&-: descriptors. Bash takes >&file as &>file. */
		for (k = 0; k < w->vlen && (is_digit(v[k]) || v[k] == '-'); k++)
			;
		if (k < w->vlen && !w->partial)
			w->role = rd == RD_DUPOUT ? R_WRITE : R_READ;
		break;
	default:
		break;
	}
}

static void scratch_grow(struct ctx *cx, size_t n)
{
	if (n <= cx->scratch)
		return;
	cx->scratch = n * 2;
	cx->av = xrealloc(cx->av, cx->scratch * sizeof(*cx->av));
	cx->ops = xrealloc(cx->ops, cx->scratch * sizeof(*cx->ops));
}

/* Roles for one simple command, then its flags, in order. */
static void analyze(struct scan *sc, struct scmd *c)
{
	struct ctx *cx = sc->cx;
	const struct argspec *sp = NULL;
	size_t nav = 0, k = 0;
	char *newcwd = NULL;
	bool cd = false, have = false;

	if (c->n == 0)
		return;
	scratch_grow(cx, c->n);
	for (size_t i = 0; i < c->n; i++)
		if (c->w[i].rd == RD_NONE)
			cx->av[nav++] = i;
	while (k < nav && c->w[cx->av[k]].assign)
		set_assign(c, &c->w[cx->av[k++]]);
	/* The program itself is not flagged: running it is a read. Look
	 * past sudo/env/nice/... to the command that decides. */
	while (k < nav) {
		const struct sword *cw = &c->w[cx->av[k++]];
		const char *name = wval(c, cw);
		const char *sl = cw->vlen ? last_slash(name, cw->vlen) : NULL;

		if (sl)
			name = sl + 1;
		sp = cw->partial ? NULL : scope_spec_find(name);
		have = true;
		if (!sp || (sp->how != H_WRAP && sp->how != H_WRAPENV))
			break;
		have = false;
		k = skip_wrapper(c, cx->av, nav, k, sp);
		sp = NULL;
	}
	if (have)
		cd = apply_spec(sc, c, cx->av + k, nav - k, sp, &newcwd);
	for (size_t i = 0; i < c->n; i++)
		scope_judge_word(cx, c, &c->w[i]);
	if (cd) {
		/* "cd y; cd y; ..." must not grow the cwd without bound: every
		 * relative word is joined to it, which would make a long line
		 * quadratic. Past the cap, relative words are skipped. */
		if (newcwd && strlen(newcwd) > SCOPE_MAX_CWD) {
			free(newcwd);
			newcwd = NULL;
		}
		free(cx->cwd);
		cx->cwd = newcwd;
	}
	if (c->shc != NOPOS && !c->w[c->shc].partial &&
	    sc->depth < SCOPE_MAX_DEPTH) {
		const struct sword *w = &c->w[c->shc];
		SBX_AUTOFREE char *line = xstrndup(wval(c, w), w->vlen);

		check_line(cx, line, w->vlen, sc->depth + 1);
	}
}

/* ---- walking the parse tree --------------------------------------- */

static void walk(struct scan *sc, const struct node *n);

/* The command substitutions the last command's words held, each a
 * command of its own, checked after it. */
static void walk_subs(struct scan *sc)
{
	const struct node **v = sc->nodes;
	size_t n = sc->nnodes;

	if (!n)
		return;
	sc->nodes = NULL;
	sc->nnodes = sc->capnodes = 0;
	for (size_t k = 0; k < n; k++)
		walk(sc, v[k]);
	free(v);
}

static void cmd_reset(struct scmd *c)
{
	c->n = 0;
	c->vals.len = c->typed.len = 0;
	c->shc = NOPOS;
}

/* A redirection's target just added (each word of its brace expansion:
 * bash's `> /etc/x{1..1}` writes /etc/x1, and the shell refuses the
 * ambiguous `> {a,b}` but the checker flags both anyway). */
static void then_in(struct scan *sc, struct scmd *c)
{
	(void)sc;
	set_target(c, &c->w[c->n - 1], RD_IN);
}

static void then_out(struct scan *sc, struct scmd *c)
{
	(void)sc;
	set_target(c, &c->w[c->n - 1], RD_OUT);
}

static void then_dupin(struct scan *sc, struct scmd *c)
{
	(void)sc;
	set_target(c, &c->w[c->n - 1], RD_DUPIN);
}

static void then_dupout(struct scan *sc, struct scmd *c)
{
	(void)sc;
	set_target(c, &c->w[c->n - 1], RD_DUPOUT);
}

/* The targets of redirections |r| as words of |c|. A here-document's
 * body is data, never a path, but an unquoted one's $(...) run. */
static void add_redirs(struct scan *sc, struct scmd *c, const struct redir *r)
{
	for (; r; r = r->next) {
		void (*then)(struct scan * sc, struct scmd * c);

		switch (r->type) {
		case R_IN:
			then = then_in;
			break;
		case R_OUT:
		case R_CLOBBER:
		case R_APPEND:
		case R_RDWR: /* <> opens read-write */
			then = then_out;
			break;
		case R_DUPIN:
			then = then_dupin;
			break;
		case R_DUPOUT:
			then = then_dupout;
			break;
		default: /* R_HEREDOC */
			scope_word_subs(sc, r->target);
			continue;
		}
		scope_word_add_braced(sc, c, r->target, then);
	}
}

/* An element of NAME=(...) just added: read as an operand would be. */
static void elem_operand(struct scan *sc, struct scmd *c)
{
	(void)sc;
	c->w[c->n - 1].rd = RD_ARRAY;
	set_operand(c, &c->w[c->n - 1], R_READ);
}

/* |w|, and the elements of bash's NAME=(...): each a word of its own
 * (each word of its brace expansion, as the shell makes them), read as
 * an operand would be (a=(/x /y)). */
static void add_word(struct scan *sc, struct scmd *c, const struct word *w)
{
	scope_word_add(sc, c, w);
	for (const struct word *e = w->elems; e; e = e->next)
		scope_word_add_braced(sc, c, e, elem_operand);
}

/* A simple command: its words, then its redirections' targets. */
static void walk_simple(struct scan *sc, const struct node *n)
{
	struct scmd *c = &sc->cmd;

	cmd_reset(c);
	for (const struct word *w = n->assigns; w; w = w->next)
		add_word(sc, c, w);
	for (const struct word *w = n->args; w; w = w->next) {
		if (w->elems) /* NAME=(...) in a command's words */
			add_word(sc, c, w);
		else
			scope_word_add_braced(sc, c, w, NULL);
	}
	add_redirs(sc, c, n->redirs);
	analyze(sc, c);
	cmd_reset(c);
	walk_subs(sc);
}

/* The redirections of a compound command, after its body. */
static void walk_redirs(struct scan *sc, const struct node *n)
{
	if (!n->redirs)
		return;
	cmd_reset(&sc->cmd);
	add_redirs(sc, &sc->cmd, n->redirs);
	analyze(sc, &sc->cmd);
	cmd_reset(&sc->cmd);
	walk_subs(sc);
}

/* The word just added, judged as a read, as an operand would be. */
static void judge_last_read(struct scan *sc, struct scmd *c)
{
	set_operand(c, &c->w[c->n - 1], R_READ);
	scope_judge_word(sc->cx, c, &c->w[c->n - 1]);
}

/* |w| judged as a read (each word of its brace expansion). */
static void judge_read(struct scan *sc, const struct word *w)
{
	scope_word_add_braced(sc, &sc->cmd, w, judge_last_read);
}

/* |w| judged as a read as it is: [[ ]] does no brace expansion. */
static void judge_word_read(struct scan *sc, const struct word *w)
{
	scope_word_add(sc, &sc->cmd, w);
	judge_last_read(sc, &sc->cmd);
}

/* for NAME in WORDS: each word is read. */
static void walk_for_list(struct scan *sc, const struct word *w)
{
	cmd_reset(&sc->cmd);
	for (; w; w = w->next)
		judge_read(sc, w);
	cmd_reset(&sc->cmd);
	walk_subs(sc);
}

/* Does the [[ ]] operator |op| test a file (-f /etc/x, a -nt b)? The
 * others compare strings or name a variable, an option, a descriptor. */
static bool cond_file_op(const char *op)
{
	static const char *const notfile[] = {"-z", "-n", "-v",
					      "-o", "-t", "-R"};

	if (!op || op[0] != '-' || !op[1])
		return false;
	if (op[2]) /* binary: -nt -ot -ef */
		return !strcmp(op, "-nt") || !strcmp(op, "-ot") ||
		       !strcmp(op, "-ef");
	for (size_t k = 0; k < sizeof(notfile) / sizeof(*notfile); k++)
		if (!strcmp(op, notfile[k]))
			return false;
	return true;
}

/* [[ ... ]]: the files it tests are reads; the substitutions in any of
 * its words run. The chains are right-deep: walked in a loop. */
static void walk_cond(struct scan *sc, const struct cond *c)
{
	while (c) {
		switch (c->type) {
		case C_AND:
		case C_OR:
			walk_cond(sc, c->a);
			c = c->b;
			continue;
		case C_NOT:
			c = c->a;
			continue;
		case C_UNARY:
		case C_BINARY:
			if (cond_file_op(c->op)) {
				judge_word_read(sc, c->l);
				if (c->r)
					judge_word_read(sc, c->r);
				break;
			}
			/* fall through */
		default:
			scope_word_subs(sc, c->l);
			scope_word_subs(sc, c->r);
		}
		break;
	}
}

/*
 * Every command of |n|, in the order of the text. Lists, and-or chains
 * and pipelines are walked in loops (a 1 MiB line of "a;b;..." is a
 * long chain); the rest recurses, as deep as the parser let the line
 * nest (PARSE_MAXDEPTH).
 */
static void walk(struct scan *sc, const struct node *n)
{
	for (; n; n = n->type == N_SEQ ? n->b : NULL) {
		const struct node *m = n->type == N_SEQ ? n->a : n;

		switch (m->type) {
		case N_CMD:
			walk_simple(sc, m);
			break;
		case N_PIPE:
			for (const struct node *s = m->a; s; s = s->next_stage)
				walk(sc, s);
			break;
		case N_AND:
		case N_OR:
			walk(sc, m->b);
			for (const struct node *l = m->next_stage; l;
			     l = l->next_stage)
				walk(sc, l->a);
			break;
		case N_SEQ: /* a list as a list's first element */
		case N_BG:
		case N_NOT:
		case N_FUNC:
		case N_TIME:
		case N_COPROC:
			walk(sc, m->a);
			break;
		case N_SUBSHELL:
		case N_BRACE:
			walk(sc, m->a);
			walk_redirs(sc, m);
			break;
		case N_IF:
		case N_WHILE:
		case N_UNTIL:
			walk(sc, m->a);
			walk(sc, m->b);
			walk(sc, m->c);
			walk_redirs(sc, m);
			break;
		case N_FOR:
			walk_for_list(sc, m->args);
			walk(sc, m->b);
			walk_redirs(sc, m);
			break;
		case N_COND:
			cmd_reset(&sc->cmd);
			walk_cond(sc, m->cond);
			cmd_reset(&sc->cmd);
			walk_subs(sc);
			walk_redirs(sc, m);
			break;
		case N_ARITH:
		case N_ARITHFOR: /* expressions: only their $(...) */
			for (const struct word *w = m->args; w; w = w->next)
				scope_word_subs(sc, w);
			walk_subs(sc);
			walk(sc, m->b);
			walk_redirs(sc, m);
			break;
		case N_CASE:
			/* The subject and the patterns are no paths. */
			scope_word_subs(sc, m->args);
			for (const struct case_item *it = m->items; it;
			     it = it->next)
				for (const struct word *p = it->pats; p;
				     p = p->next)
					scope_word_subs(sc, p);
			walk_subs(sc);
			for (const struct case_item *it = m->items; it;
			     it = it->next)
				walk(sc, it->body);
			walk_redirs(sc, m);
			break;
		}
	}
}

static void scan_free(struct scan *sc)
{
	free(sc->nodes);
	free(sc->cmd.w);
	buf_free(&sc->cmd.vals);
	buf_free(&sc->cmd.typed);
}

static void walk_top(void *ctx, const struct node *n)
{
	walk(ctx, n);
}

/*
 * One line (or an `sh -c` string): parsed by the shell's own parser
 * (core/lang/), command by command as the shell does, and each command
 * walked as it comes. A syntax error ends the line there, as it ends the
 * shell's run of it: the commands before it keep their flags.
 */
static void check_line(struct ctx *cx, const char *s, size_t len, int depth)
{
	struct scan sc = {
	    .depth = depth,
	    .pol = cx->pol,
	    .env = cx->env,
	    .cx = cx,
	    .budget = &cx->budget,
	    .cmd = {.shc = NOPOS},
	};
	SBX_AUTOFREE char *copy = NULL;
	struct sbx_diag d;

	/* NULs are word breaks (the shell drops them, with a warning). */
	if (memchr(s, '\0', len)) {
		copy = xmalloc(len + 1);
		for (size_t k = 0; k < len; k++)
			copy[k] = s[k] ? s[k] : ' ';
		copy[len] = '\0';
		s = copy;
	}
	(void)scope_parse_each(s, len, cx->env && cx->env->posix,
			       cx->env && cx->env->extglob, walk_top, &sc, &d);
	scan_free(&sc);
}

/* A check: |line| (|len| bytes) parsed here, or the shell's own |tree|
 * of a text of |len| bytes. */
static void check(const struct sbx_policy *pol, const struct scope_env *env,
		  const char *line, const struct node *tree, size_t len,
		  struct scope_report *out)
{
	struct ctx cx = {.pol = pol, .env = env, .out = out};

	cx.cap = out->n;
	/* Expansions may add up to twice the line plus 64 KiB: plenty for
	 * any real line, linear for any pathological one. */
	cx.budget = 2 * len + (64u << 10);
	if (env && env->cwd && env->cwd[0] == '/')
		cx.cwd = path_fold(env->cwd);
	scope_set_grow(&cx);
	if (line) {
		check_line(&cx, line, len, 0);
	} else {
		struct scan sc = {
		    .pol = pol,
		    .env = env,
		    .cx = &cx,
		    .budget = &cx.budget,
		    .cmd = {.shc = NOPOS},
		};

		walk(&sc, tree);
		scan_free(&sc);
	}
	free(cx.set);
	free(cx.cwd);
	free(cx.av);
	free(cx.ops);
	strv_free(&cx.newrepos);
}

void scope_check(const struct sbx_policy *pol, const struct scope_env *env,
		 const char *line, size_t len, struct scope_report *out)
{
	if (pol && line && out)
		check(pol, env, line, NULL, len, out);
}

void scope_check_tree(const struct sbx_policy *pol, const struct scope_env *env,
		      const struct node *tree, size_t len,
		      struct scope_report *out)
{
	if (pol && tree && out)
		check(pol, env, NULL, tree, len, out);
}

void scope_report_free(struct scope_report *r)
{
	if (!r)
		return;
	for (size_t k = 0; k < r->n; k++) {
		free(r->flags[k].path);
		free(r->flags[k].typed);
		free(r->flags[k].msg);
	}
	free(r->flags);
	r->flags = NULL;
	r->n = 0;
}

static const char *const mode_names[] = {
    [SCOPE_MODE_WARN] = "warn",
    [SCOPE_MODE_DENY] = "deny",
    [SCOPE_MODE_OFF] = "off",
    [SCOPE_MODE_WRITES] = "writes",
};
#define NMODES (sizeof(mode_names) / sizeof(mode_names[0]))

int scope_mode_parse(const char *s, enum scope_mode *out)
{
	int k = s ? str_index(mode_names, NMODES, s) : -1;

	if (k < 0)
		return -EINVAL;
	*out = (enum scope_mode)k;
	return 0;
}

const char *scope_mode_name(enum scope_mode m)
{
	return (size_t)m < NMODES ? mode_names[m] : "?";
}
