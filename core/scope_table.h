/* core/scope_table.h — the checker's table of commands: which operands
 * of a command are likely writes (docs/design.md §4). Private to
 * core/scope*.c; nothing else includes it.
 *
 * To teach the checker a writing command, add a row to specs[] in
 * core/scope_table.c and a case to tests/unit/test_scope.c.
 */
#ifndef SBX_SCOPE_TABLE_H
#define SBX_SCOPE_TABLE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * How a command's operands are used. This table, specs[], is the one
 * place that knows which arguments are likely writes:
 *
 *   redirections      > >> >| <> &> &>> >&FILE: the target (< is a read)
 *   H_ALL             every path operand: rm rmdir unlink touch mkdir
 *                     tee chmod chown chgrp (after the mode/owner)
 *                     truncate shred mkfifo
 *   H_FIRST           the node only: mknod
 *   H_DEST            the destination, i.e. the last operand or the
 *                     -t/--target-directory value: cp mv ln install
 *                     rsync (install -d: every operand)
 *   H_SED / H_PERL    the files, with -i/--in-place (sed -i, perl -pi)
 *   H_DD              of= (if= is a read)
 *   H_TAR             -C/--directory when extracting; -f when creating
 *   H_GIT             git clone URL DIR: DIR; git init DIR; git config
 *                     NAME VALUE (and -C DIR, --git-dir, --file,
 *                     --global): the config file it writes
 *   H_FIND            find's start paths with -delete; -fprint FILE
 *   option values     curl -o/--output/--output-dir/-c/-D, wget -O/-o/
 *                     -a/-P, sort -o/-T, unzip -d, zip's archive,
 *                     cc/gcc/clang/go -o, pip --target/--prefix/--root
 *   assignments       VAR=/p where VAR names a place tools write
 *                     (TMPDIR, GOCACHE, the routed cache variables)
 *   H_WRAP            sudo env command nice timeout xargs nohup exec ...
 *                     are looked past: the real command decides
 *
 * Everything else that names a path is a read. A relative word that is a
 * likely write is resolved against the cwd (a write into a read-only cwd
 * is denied too); a relative read only when it climbs with "..".
 * |val| lists the short
 * options that take a value, |wval| those whose value is written,
 * |glued| those whose optional value can only be glued (sed -i.bak), and
 * |longs| maps long options to letters ("|output=o|"); a digit stands
 * for a long option that has no short form, and like a letter it takes a
 * value only when |val| lists it too (curl --output-dir, pip --prefix:
 * without it the value was judged as an operand, a read, or for rsync the
 * destination). tests/unit/test_scope.c has one case per row.
 */
enum how {
	H_READ,	  /* operands are reads */
	H_ALL,	  /* operands are writes */
	H_ALL1,	  /* writes, after a mode/owner operand (unless --reference) */
	H_FIRST,  /* the first operand is a write, the rest are not paths */
	H_FIRSTW, /* the first operand is a write, the rest reads */
	H_DEST,
	H_SED,
	H_PERL,
	H_SCRIPT, /* grep/awk: the first operand is a program, not a path */
	H_DD,
	H_TAR,
	H_GIT,
	H_SHELL, /* sh -c STRING: STRING is checked as a line */
	H_CD,
	H_FIND,
	H_NONE,	   /* no operand is a path (case) */
	H_WRAP,	   /* runs its operands as a command */
	H_WRAPENV, /* ... after NAME=value operands (env, sudo) */
};

struct argspec {
	const char *name;
	unsigned char how;
	unsigned char skip; /* H_WRAP: operands before the command */
	const char *val, *wval, *glued, *longs;
	bool single; /* options are words, not letter clusters
			(gcc -Wall, go -race): only "-o X" and
			"-o/path" take a value */
};

extern const struct argspec scope_spec_generic, scope_spec_git_clone,
    scope_spec_git_init, scope_spec_git_worktree, scope_spec_git_archive;

/* The row for a command name (its last path component), or NULL: a
 * command with no row has every path operand judged as a read. */
const struct argspec *scope_spec_find(const char *name);
/* NAME (|n| bytes) names a place tools write to (TMPDIR, GOCACHE, the
 * routed cache variables): NAME=/p is a likely write of /p. */
bool scope_var_is_dest(const char *name, size_t n);

#endif
