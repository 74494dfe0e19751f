/* core/scope_table.c — the checker's table of commands (specs[]) and of
 * variables that name a place tools write to: the part of the checker
 * people edit. Pure. What each column means is in scope_table.h.
 */
#include "scope_table.h"

#include "route.h"

#include <string.h>

/* clang-format off */
static const struct argspec specs[] = {
	{ "rm",       H_ALL,   0, "", "", "", "", 0 },
	{ "rmdir",    H_ALL,   0, "", "", "", "", 0 },
	{ "unlink",   H_ALL,   0, "", "", "", "", 0 },
	{ "touch",    H_ALL,   0, "dtr", "", "", "|date=d|reference=r|", 0 },
	{ "mkdir",    H_ALL,   0, "mZ", "", "", "|mode=m|", 0 },
	{ "tee",      H_ALL,   0, "", "", "", "", 0 },
	{ "chmod",    H_ALL1,  0, "", "", "", "|reference=9|", 0 },
	{ "chown",    H_ALL1,  0, "", "", "", "|reference=9|from=1|", 0 },
	{ "chgrp",    H_ALL1,  0, "", "", "", "|reference=9|", 0 },
	{ "truncate", H_ALL,   0, "sr", "", "", "|size=s|reference=r|", 0 },
	{ "shred",    H_ALL,   0, "ns", "", "", "|iterations=n|size=s|random-source=1|", 0 },
	{ "mkfifo",   H_ALL,   0, "mZ", "", "", "|mode=m|", 0 },
	{ "mknod",    H_FIRST, 0, "mZ", "", "", "|mode=m|", 0 },
	{ "cp",       H_DEST,  0, "St", "t", "", "|target-directory=t|suffix=S|", 0 },
	{ "mv",       H_DEST,  0, "St", "t", "", "|target-directory=t|suffix=S|", 0 },
	{ "ln",       H_DEST,  0, "St", "t", "", "|target-directory=t|suffix=S|", 0 },
	{ "install",  H_DEST,  0, "gmoSt", "t", "", "|target-directory=t|group=g|mode=m|owner=o|suffix=S|", 0 },
	{ "rsync",    H_DEST,  0, "eTfB1", "T", "", "|rsh=e|temp-dir=T|filter=f|exclude=1|include=1|exclude-from=1|include-from=1|files-from=1|partial-dir=1|backup-dir=1|compare-dest=1|copy-dest=1|link-dest=1|password-file=1|rsync-path=1|chmod=1|chown=1|", 0 },
	{ "sed",      H_SED,   0, "efl", "", "i", "|expression=e|file=f|in-place=i|line-length=l|", 0 },
	{ "perl",     H_PERL,  0, "eE", "", "iIMmx0lFCdD", "", 0 },
	{ "grep",     H_SCRIPT,0, "efmABCdD", "", "", "|regexp=e|file=f|max-count=m|after-context=A|before-context=B|context=C|directories=d|devices=D|", 0 },
	{ "egrep",    H_SCRIPT,0, "efmABCdD", "", "", "|regexp=e|file=f|max-count=m|", 0 },
	{ "fgrep",    H_SCRIPT,0, "efmABCdD", "", "", "|regexp=e|file=f|max-count=m|", 0 },
	{ "rg",       H_SCRIPT,0, "efgtTmABCMjE", "", "", "|regexp=e|file=f|glob=g|type=t|type-not=T|max-count=m|", 0 },
	{ "awk",      H_SCRIPT,0, "fvF", "", "", "", 0 },
	{ "gawk",     H_SCRIPT,0, "fvFe", "", "", "|file=f|assign=v|field-separator=F|source=e|", 0 },
	{ "mawk",     H_SCRIPT,0, "fvF", "", "", "", 0 },
	{ "dd",       H_DD,    0, "", "", "", "", 0 },
	{ "tar",      H_TAR,   0, "fCTXbgKNLH", "", "", "|file=f|directory=C|files-from=T|exclude-from=X|create=c|extract=x|get=x|append=r|update=u|list=t|diff=d|compare=d|", 0 },
	{ "git",      H_GIT,   0, "Cc1234", "", "", "|git-dir=1|work-tree=2|namespace=3|exec-path=4|", 0 },
	{ "curl",     H_READ,  0, "oKTdFHuXAeEwbcyYzmD1", "ocD1", "", "|output=o|output-dir=1|cookie-jar=c|dump-header=D|config=K|upload-file=T|data=d|form=F|header=H|user=u|request=X|user-agent=A|referer=e|cert=E|write-out=w|cookie=b|", 0 },
	{ "wget",     H_READ,  0, "OoaPeiUt", "OoaP", "", "|output-document=O|output-file=o|append-output=a|directory-prefix=P|execute=e|input-file=i|user-agent=U|tries=t|", 0 },
	{ "sort",     H_READ,  0, "okStT", "oT", "", "|output=o|key=k|field-separator=t|buffer-size=S|temporary-directory=T|", 0 },
	{ "cc",       H_READ,  0, "oILx", "o", "", "", 1 },
	{ "gcc",      H_READ,  0, "oILx", "o", "", "", 1 },
	{ "g++",      H_READ,  0, "oILx", "o", "", "", 1 },
	{ "c++",      H_READ,  0, "oILx", "o", "", "", 1 },
	{ "clang",    H_READ,  0, "oILx", "o", "", "", 1 },
	{ "clang++",  H_READ,  0, "oILx", "o", "", "", 1 },
	{ "go",       H_READ,  0, "oC", "o", "", "", 1 },
	{ "pip",      H_READ,  0, "trc12", "t12", "", "|target=t|requirement=r|constraint=c|prefix=1|root=2|", 0 },
	{ "pip3",     H_READ,  0, "trc12", "t12", "", "|target=t|requirement=r|constraint=c|prefix=1|root=2|", 0 },
	{ "unzip",    H_READ,  0, "d", "d", "", "", 0 },
	{ "zip",      H_FIRSTW,0, "bt", "", "", "", 0 },
	{ "sh",       H_SHELL, 0, "o", "", "", "", 0 },
	{ "bash",     H_SHELL, 0, "oO", "", "", "|rcfile=1|init-file=1|", 0 },
	{ "dash",     H_SHELL, 0, "o", "", "", "", 0 },
	{ "zsh",      H_SHELL, 0, "o", "", "", "", 0 },
	{ "ksh",      H_SHELL, 0, "o", "", "", "", 0 },
	{ "mksh",     H_SHELL, 0, "o", "", "", "", 0 },
	{ "cd",       H_CD,    0, "", "", "", "", 0 },
	{ "pushd",    H_CD,    0, "", "", "", "", 0 },
	{ "find",     H_FIND,  0, "", "", "", "", 0 },
	{ "case",     H_NONE,  0, "", "", "", "", 0 },
	/* Commands whose operands are text, not files they open: flagging
	 * `echo $HOME` would only teach people to ignore the checker.
	 * Their redirections are still checked. */
	{ "echo",     H_NONE,  0, "", "", "", "", 0 },
	{ "printf",   H_NONE,  0, "", "", "", "", 0 },
	{ "policy",   H_NONE,  0, "", "", "", "", 0 },
	{ "type",     H_NONE,  0, "", "", "", "", 0 },
	{ "which",    H_NONE,  0, "", "", "", "", 0 },
	{ "hash",     H_NONE,  0, "", "", "", "", 0 },
	{ "alias",    H_NONE,  0, "", "", "", "", 0 },
	{ "read",     H_NONE,  0, "", "", "", "", 0 },
	{ "sudo",     H_WRAPENV, 0, "ugCDpRrtTU", "", "", "|user=u|group=g|close-from=C|chdir=D|prompt=p|chroot=R|role=r|type=t|command-timeout=T|other-user=U|", 0 },
	{ "doas",     H_WRAP,  0, "uC", "", "", "", 0 },
	{ "env",      H_WRAPENV, 0, "uCS", "", "", "|unset=u|chdir=C|split-string=S|", 0 },
	{ "command",  H_WRAP,  0, "", "", "", "", 0 },
	{ "builtin",  H_WRAP,  0, "", "", "", "", 0 },
	{ "exec",     H_WRAP,  0, "a", "", "", "", 0 },
	{ "nice",     H_WRAP,  0, "n", "", "", "|adjustment=n|", 0 },
	{ "nohup",    H_WRAP,  0, "", "", "", "", 0 },
	{ "setsid",   H_WRAP,  0, "", "", "", "", 0 },
	{ "time",     H_WRAP,  0, "fo", "", "", "|format=f|output=o|", 0 },
	{ "timeout",  H_WRAP,  1, "sk", "", "", "|signal=s|kill-after=k|", 0 },
	{ "stdbuf",   H_WRAP,  0, "ioe", "", "", "|input=i|output=o|error=e|", 0 },
	{ "ionice",   H_WRAP,  0, "cnp", "", "", "|class=c|classdata=n|pid=p|", 0 },
	{ "xargs",    H_WRAP,  0, "aEIdLnPs", "", "", "|arg-file=a|eof=E|replace=I|delimiter=d|max-lines=L|max-args=n|max-procs=P|max-chars=s|process-slot-var=1|", 0 },
	{ "eatmydata",H_WRAP,  0, "", "", "", "", 0 },
	{ "fakeroot", H_WRAP,  0, "", "", "", "", 0 },
	{ "unbuffer", H_WRAP,  0, "", "", "", "", 0 },
};
/* clang-format on */

/* A command with no row: options are letter clusters, operands reads. */
const struct argspec scope_spec_generic = {"", H_READ, 0, "", "", "", "", 0};
/* git's subcommands that write (after git's own -C DIR, --git-dir):
 * `git clone URL DIR` writes DIR (and --separate-git-dir), `git init DIR`
 * writes DIR; `git config` is judged by scope.c's git_config(). */
const struct argspec scope_spec_git_clone = {
    "clone",
    H_READ,
    0,
    "bocuj1234567",
    "3",
    "",
    "|branch=b|origin=o|config=c|upload-pack=u|jobs=j|depth=1|"
    "reference=2|reference-if-able=2|separate-git-dir=3|"
    "template=4|filter=5|shallow-since=6|shallow-exclude=7|",
    0,
};
const struct argspec scope_spec_git_init = {
    "init", H_ALL, 0, "12", "2", "", "|template=1|separate-git-dir=2|", 0,
};
/* `git worktree add [-b B] PATH [COMMIT]` writes PATH (the kernel refuses
 * it outside the roots: flagging it as a read said it would work);
 * `git worktree move OLD NEW` writes both. */
const struct argspec scope_spec_git_worktree = {
    "worktree", H_READ, 0, "bBr", "", "", "|reason=r|", 0,
};
/* `git archive -o FILE` writes FILE. */
const struct argspec scope_spec_git_archive = {
    "archive",
    H_READ,
    0,
    "oprx",
    "o",
    "",
    "|output=o|prefix=p|remote=r|exec=x|format=1|add-file=2|",
    0,
};

/* Variables whose value is a place tools write to, besides the routed
 * ones of rt_table: setting one to a read-only path is a write that the
 * kernel will deny (docs/design.md §2's GOCACHE=/elsewhere example). */
static const char *const dest_vars[] = {
    "TMPDIR",
    "TMP",
    "TEMP",
    "TEMPDIR",
    "GOTMPDIR",
    "GOMODCACHE",
    "CARGO_TARGET_DIR",
    "RUSTUP_HOME",
    "XDG_DATA_HOME",
    "XDG_STATE_HOME",
    "XDG_RUNTIME_DIR",
    "HISTFILE",
};

const struct argspec *scope_spec_find(const char *name)
{
	for (size_t k = 0; k < sizeof(specs) / sizeof(*specs); k++)
		if (strcmp(specs[k].name, name) == 0)
			return &specs[k];
	return NULL;
}

bool scope_var_is_dest(const char *name, size_t n)
{
	for (size_t k = 0; k < sizeof(dest_vars) / sizeof(*dest_vars); k++)
		if (strlen(dest_vars[k]) == n &&
		    memcmp(dest_vars[k], name, n) == 0)
			return true;
	for (size_t k = 0; k < rt_table_len; k++) {
		const struct rt_row *r = &rt_table[k];

		if (r->sub && (r->sub[0] == '=' || strchr(r->sub, '%')))
			continue; /* a constant or an option string */
		if (strlen(r->name) == n && memcmp(r->name, name, n) == 0)
			return true;
	}
	if (n > 5 && memcmp(name + n - 5, "CACHE", 5) == 0)
		return true;
	return n > 10 && memcmp(name + n - 10, "_CACHE_DIR", 10) == 0;
}
