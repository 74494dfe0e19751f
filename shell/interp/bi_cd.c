/* shell/interp/bi_cd.c — cd and pwd, with the logical $PWD (-L, the default)
 * and the physical one (-P). */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "interp.h"

static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
	       sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

static void set_pwd(struct shell *sh, const char *pwd)
{
	free(sh->pwd);
	sh->pwd = pwd ? xstrdup(pwd) : NULL;
	if (pwd)
		var_set(sh, "PWD", pwd, V_EXPORT);
}

void sh_pwd_init(struct shell *sh)
{
	const char *env = var_get(sh, "PWD");
	char *cwd;

	if (env && env[0] == '/' && same_file(env, ".")) {
		char *f = path_fold(env);

		/* Folded differently ("a/../b"), it must be checked again. */
		if (f && (!strcmp(f, env) || same_file(f, "."))) {
			set_pwd(sh, f);
			free(f);
			return;
		}
		free(f);
	}
	cwd = getcwd(NULL, 0);
	set_pwd(sh, cwd);
	free(cwd);
}

static bool is_dir(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* cd's work once DIR is chosen: CDPATH, the logical or physical path,
 * chdir, OLDPWD and PWD; |print| (cd -, a CDPATH match) prints the new
 * folder. 0, or the errno of the failed chdir (nothing changed, nothing
 * said: the caller words it as its mode has it). */
static int cd_to(struct shell *sh, const char *dir, bool phys, bool print)
{
	const char *cdpath = var_get(sh, "CDPATH");
	char *target = NULL, *newpwd = NULL;
	int err;

	if (dir[0] != '/' && cdpath && strcmp(dir, ".") && strcmp(dir, "..") &&
	    strncmp(dir, "./", 2) && strncmp(dir, "../", 3)) {
		const char *p = cdpath, *e;

		for (;;) {
			size_t n;
			char *cand;

			e = strchr(p, ':');
			n = e ? (size_t)(e - p) : strlen(p);
			cand = n ? xasprintf("%.*s/%s", (int)n, p, dir)
				 : xstrdup(dir);
			if (is_dir(cand)) {
				target = cand;
				if (n)
					print = true;
				break;
			}
			free(cand);
			if (!e)
				break;
			p = e + 1;
		}
	}
	if (!target)
		target = xstrdup(dir);
	if (!phys) {
		char *abs = target[0] == '/'
				? xstrdup(target)
				: path_join(sh->pwd ? sh->pwd : "/", target);

		newpwd = path_fold(abs);
		/* POSIX leaves a leading "//" to the implementation; dash
		 * keeps it (and folds three or more into one) */
		if (newpwd && abs[0] == '/' && abs[1] == '/' && abs[2] != '/') {
			char *t = xasprintf("/%s", newpwd);

			free(newpwd);
			newpwd = t;
		}
		free(abs);
		/* POSIX cd step 10: the folded logical path or an error (a
		 * removed working folder: "cd ." fails). Only a $PWD we never
		 * knew falls back to the path as given. */
		if (newpwd && chdir(newpwd) < 0) {
			err = errno;
			free(newpwd);
			newpwd = NULL;
			if (sh->pwd) {
				free(target);
				return err;
			}
			phys = true;
		}
	}
	if (phys) {
		if (chdir(target) < 0) {
			err = errno;
			free(target);
			return err;
		}
		newpwd = getcwd(NULL, 0);
	}
	free(target);
	/* exported, as dash does (a child sees both) */
	if (sh->pwd)
		var_set(sh, "OLDPWD", sh->pwd, V_EXPORT);
	set_pwd(sh, newpwd);
	if (print && newpwd) {
		out_write(1, newpwd, strlen(newpwd));
		out_write(1, "\n", 1);
	}
	free(newpwd);
	return 0;
}

int sh_chdir(struct shell *sh, const char *dir)
{
	return cd_to(sh, *dir ? dir : ".", false, false);
}

int bi_cd(struct shell *sh, int argc, char **argv)
{
	bool phys = false, print = false, posix = sh->opt[O_POSIX];
	const char *dir;
	int i, err;

	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		}
		for (char *c = argv[i] + 1; *c; c++) {
			if (*c == 'P')
				phys = true;
			else if (*c == 'L')
				phys = false;
			else if (posix) {
				sh_err(sh, "cd: Illegal option -%c", *c);
				return 2;
			} else {
				sh_err(sh, "cd: -%c: invalid option", *c);
				sh_usage(sh,
					 "cd: usage: cd [-L|[-P [-e]] [-@]] "
					 "[dir]");
				return 2;
			}
		}
	}
	/* bash: one folder at most, and an unset HOME or OLDPWD is an
	 * error. dash takes an unset OLDPWD or HOME as "", and "" as "."
	 * (the logical "$PWD/."): POSIX leaves all three open. */
	if (!posix && argc - i > 1) {
		sh_err(sh, "cd: too many arguments");
		return 1;
	}
	if (i < argc) {
		dir = argv[i];
		if (!strcmp(dir, "-")) {
			dir = var_get(sh, "OLDPWD");
			print = true;
			if (!dir && !posix) {
				sh_err(sh, "cd: OLDPWD not set");
				return 1;
			}
		}
	} else {
		dir = var_get(sh, "HOME");
		if (!dir && !posix) {
			sh_err(sh, "cd: HOME not set");
			return 1;
		}
	}
	if (!dir || !*dir)
		dir = ".";
	err = cd_to(sh, dir, phys, print);
	if (!err)
		return 0;
	if (posix) {
		sh_err(sh, "cd: can't cd to %s", dir);
		return 2;
	}
	sh_err(sh, "cd: %s: %s", dir, strerror(err));
	return 1;
}

int bi_pwd(struct shell *sh, int argc, char **argv)
{
	bool phys = false;
	char *cwd = NULL;
	struct sbx_buf out = {0};

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-P"))
			phys = true;
		else if (!strcmp(argv[i], "-L"))
			phys = false;
		else if (argv[i][0] == '-') {
			sh_err(sh, "pwd: Illegal option %s", argv[i]);
			return 2;
		}
	}
	if (!phys && sh->pwd && same_file(sh->pwd, ".")) {
		buf_printf(&out, "%s\n", sh->pwd);
	} else {
		cwd = getcwd(NULL, 0);
		if (!cwd && !phys && sh->pwd && errno == ENOENT) {
			/* the working folder was removed: the logical name
			 * is all there is, and dash prints it */
			buf_printf(&out, "%s\n", sh->pwd);
		} else if (!cwd) {
			sh_err(sh, "pwd: %s", strerror(errno));
			return 1;
		} else {
			buf_printf(&out, "%s\n", cwd);
			free(cwd);
		}
	}
	return bi_flush(sh, "pwd", &out, 1);
}
