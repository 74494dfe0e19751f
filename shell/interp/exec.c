/* shell/interp/exec.c — finding commands (PATH search with a hash of the
 * results) and starting them. Simple external commands start with vfork+execve
 * through job_fork (jobs.c, the one fork path): the parent is suspended
 * until the child has exec'd, so no page tables are copied, which is
 * what makes a loop of short commands as fast as in dash. Everything the
 * child needs (argv, envp, path, redirections) is prepared by the parent
 * first; the child only calls execve and _exit.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "interp.h"

#define HASH_SIZE 128

struct hent {
	struct hent *next;
	char *name;
	char *path;
};

struct exec_hash {
	struct hent *tab[HASH_SIZE];
};

static unsigned hname(const char *s)
{
	unsigned h = 0;

	while (*s)
		h = h * 31 + (unsigned char)*s++;
	return h % HASH_SIZE;
}

void sh_hash_invalidate(struct shell *sh)
{
	struct exec_hash *h = sh->hash;

	if (!h)
		return;
	for (int i = 0; i < HASH_SIZE; i++) {
		struct hent *e, *n;

		for (e = h->tab[i]; e; e = n) {
			n = e->next;
			free(e->name);
			free(e->path);
			free(e);
		}
		h->tab[i] = NULL;
	}
}

static int check_file(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return 127;
	if (!S_ISREG(st.st_mode) || access(path, X_OK) < 0)
		return 126;
	return 0;
}

/* Searches |pathvar|; the result is a new string. Only an executable
 * regular file counts: a file that is not executable is passed over and,
 * with none found, the command is "not found" (127), as in dash (XCU
 * 2.9.1.1 searches for an executable file). */
static char *path_search(const char *name, const char *pathvar, int *err,
			 bool *relative)
{
	const char *p = pathvar, *e;

	*err = 127;
	*relative = false;
	/* PATH unset: the current folder only, as dash searches then */
	if (!p)
		p = "";
	for (;;) {
		size_t dl;
		char *cand;

		e = strchr(p, ':');
		dl = e ? (size_t)(e - p) : strlen(p);
		if (dl)
			cand = xasprintf("%.*s/%s", (int)dl, p, name);
		else
			cand = xstrdup(name);
		if (!check_file(cand)) {
			*err = 0;
			*relative = !dl || p[0] != '/';
			return cand;
		}
		free(cand);
		if (!e)
			break;
		p = e + 1;
	}
	return NULL;
}

const char *exec_find(struct shell *sh, const char *name, int *err,
		      const char *pathvar)
{
	struct exec_hash *h;
	struct hent *e;
	unsigned k;
	char *path;
	bool rel;

	*err = 0;
	if (strchr(name, '/'))
		return name; /* execve says whether it is there: no stat */
	if (!*name) {
		*err = 127;
		return NULL;
	}
	if (pathvar) {
		static char *last;

		free(last);
		last = path_search(name, pathvar, err, &rel);
		return last;
	}
	/* A PATH assigned, or a tool installed by the previous command,
	 * must be seen now (live routing: shell/session/live.c). */
	if (sh->path_changed || sh->live_bins_stale)
		SH_HOOK(sh, path_search, sh);
	if (!sh->hash)
		sh->hash = xcalloc(1, sizeof(*sh->hash));
	h = sh->hash;
	k = hname(name);
	for (e = h->tab[k]; e; e = e->next) {
		if (!strcmp(e->name, name)) {
			/* The file may have gone: check cheaply, as dash
			 * does when exec fails. */
			return e->path;
		}
	}
	path = path_search(name, var_get(sh, "PATH"), err, &rel);
	if (!path)
		return NULL;
	e = xcalloc(1, sizeof(*e));
	e->name = xstrdup(name);
	e->path = path;
	if (rel) {
		/* relative PATH entries depend on the cwd: do not keep */
		static char *last;

		free(last);
		last = path;
		free(e->name);
		free(e);
		return last;
	}
	e->next = h->tab[k];
	h->tab[k] = e;
	return e->path;
}

bool exec_hashed(struct shell *sh, const char *name)
{
	if (!sh->hash)
		return false;
	for (struct hent *e = sh->hash->tab[hname(name)]; e; e = e->next)
		if (!strcmp(e->name, name))
			return true;
	return false;
}

void exec_hash_print(struct shell *sh, struct sbx_buf *out)
{
	if (!sh->hash)
		return;
	for (int i = 0; i < HASH_SIZE; i++)
		for (struct hent *e = sh->hash->tab[i]; e; e = e->next)
			buf_printf(out, "%s\n", e->path);
}

int exec_hash_add(struct shell *sh, const char *name)
{
	int err;

	if (strchr(name, '/'))
		return 0;
	return exec_find(sh, name, &err, NULL) ? 0 : -ENOENT;
}

/* Drops a stale hash entry after "not found" at exec time. */
static void hash_drop(struct shell *sh, const char *name)
{
	struct hent **ep, *e;

	if (!sh->hash || strchr(name, '/'))
		return;
	for (ep = &sh->hash->tab[hname(name)]; (e = *ep); ep = &e->next) {
		if (!strcmp(e->name, name)) {
			*ep = e->next;
			free(e->name);
			free(e->path);
			free(e);
			return;
		}
	}
}

pid_t exec_spawn(struct shell *sh, int id, const char *path, char **argv,
		 char **envp, int *exec_err)
{
	struct job_exec x = {.path = path, .argv = argv, .envp = envp};
	pid_t pid = job_fork(sh, id, false, &x);

	*exec_err = x.err;
	if (x.err == ENOENT)
		hash_drop(sh, argv[0]);
	if (pid > 0 || x.err != ENOEXEC)
		return pid;
	/* No #! line: a shell script, run by a copy of us. */
	*exec_err = 0;
	pid = job_fork(sh, id, false, NULL);
	if (pid == 0)
		sh_run_script_child(sh, path, argv);
	return pid;
}

void exec_not_found(struct shell *sh, const char *name, int err)
{
	if (sh->opt[O_POSIX])
		sh_err(sh, "%s: not found", name);
	else if (strchr(name, '/'))
		sh_err(sh, "%s: %s", name,
		       strerror(err == ENOTDIR ? ENOTDIR : ENOENT));
	else if (sh->in_exec)
		sh_err(sh, "exec: %s: not found", name); /* bash's words */
	else
		sh_err(sh, "%s: command not found", name);
}

int exec_replace(struct shell *sh, const char *name, char **argv, char **envp)
{
	const char *path;
	int err = 0;

	path = exec_find(sh, name, &err, NULL);
	if (!path) {
		if (err == 126)
			sh_err(sh, "%s: Permission denied", name);
		else
			exec_not_found(sh, name, err);
		return err;
	}
	sh_input_sync(sh);
	SH_HOOK(sh, before_exec, sh); /* e.g. the denial lines' thread */
	execve(path, argv, envp);
	err = errno;
	if (err == ENOENT && !strchr(name, '/')) {
		/* the hashed file has gone: search again (dash does) */
		hash_drop(sh, name);
		path = exec_find(sh, name, &err, NULL);
		if (!path) {
			exec_not_found(sh, name, err);
			return 127;
		}
		execve(path, argv, envp);
		err = errno;
	}
	if (err == ENOEXEC)
		sh_run_script_child(sh, path, argv);
	if (err == ENOENT || err == ENOTDIR) {
		exec_not_found(sh, name, err);
		return 127;
	}
	sh_err(sh, "%s: %s", name, strerror(err));
	/* no file can have a name that long: "not found", as in dash */
	return err == ENAMETOOLONG ? 127 : 126;
}
