/* core/sbx.h — shared sbx_ types: diagnostics, allocation, strings. Pure. */
#ifndef SBX_SBX_H
#define SBX_SBX_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/*
 * Error convention (docs/style.md §3): functions that can fail return 0
 * or -errno; the detail a person needs goes into an optional sbx_diag.
 * Library code never prints and never exits.
 */
struct sbx_diag {
	int err;       /* the -errno that was returned */
	char msg[512]; /* one line, no trailing newline, no "sbxsh:" prefix */
};

/* Fills |d| (may be NULL) and returns |err| so callers can
 * "return sbx_diag_set(d, -EINVAL, ...)". */
int sbx_diag_set(struct sbx_diag *d, int err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Allocation never fails: on OOM these abort(), as dash's ckmalloc and
 * bwrap's xmalloc do, so no caller handles ENOMEM. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Hand ownership out of an SBX_AUTOFREE variable. */
static inline void *sbx_steal_ptr(void *pp)
{
	void **p = pp, *v = *p;
	*p = NULL;
	return v;
}
#define sbx_steal(pp) sbx_steal_ptr(pp)
void sbx_freep(void *pp);
#define SBX_AUTOFREE __attribute__((cleanup(sbx_freep)))

/* A growable NULL-terminated string vector. Owns its strings. */
struct sbx_strv {
	char **v;
	size_t n, cap;
};
void strv_push(struct sbx_strv *sv, const char *s); /* copies |s| */
void strv_take(struct sbx_strv *sv, char *s);	    /* takes |s| */
bool strv_has(const struct sbx_strv *sv, const char *s);
void strv_free(struct sbx_strv *sv);

/* A growable byte buffer, always NUL-terminated. */
struct sbx_buf {
	char *s;
	size_t len, cap;
};
void buf_putc(struct sbx_buf *b, char c);
void buf_putn(struct sbx_buf *b, const char *s, size_t n);
void buf_puts(struct sbx_buf *b, const char *s);
void buf_printf(struct sbx_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void buf_vprintf(struct sbx_buf *b, const char *fmt, va_list ap);
void buf_free(struct sbx_buf *b);
/* Text from the outside (a file name, a path, $PWD) on its way to a
 * terminal: it must never reach it raw, or a name like $'a\e]0;x\a' sets
 * the window title, clears the screen or types into the next prompt, and
 * an invalid UTF-8 byte crashes libedit's prompt. buf_put_shown appends
 * |s| with \n and \t as such, every other C0 control, DEL, a C1 control
 * (U+0080-U+009F: 8-bit CSI and OSC) and every byte of an invalid UTF-8
 * sequence as \xNN; valid printable UTF-8 as is. */
void buf_put_shown(struct sbx_buf *b, const char *s);
void buf_putn_shown(struct sbx_buf *b, const char *s, size_t n);
/* The same for a report of many lines: \n and \t stay real. */
void buf_put_shown_text(struct sbx_buf *b, const char *s);
/* |b| made safe for a terminal in place (buf_put_shown_text). */
void buf_make_shown(struct sbx_buf *b);
/* THE escaper: every other function here is a sink for it. Takes the
 * character at |s| (|n| > 0 bytes left), puts what may be shown of it in
 * |out| (NUL-terminated; its length in |*olen|) and returns how many
 * bytes of |s| it took (at least 1). */
size_t u8_shown_char(const char *s, size_t n, char out[5], size_t *olen);
/* The same into a fixed buffer, for code that must not allocate (the PID
 * namespace's init, the git report at the end of a session): appends the
 * shown form of |s| (may be NULL) at |dst|+|at|, whole characters only,
 * always NUL-terminated within |cap|; returns the new length. */
size_t str_shown_copy(char *dst, size_t cap, size_t at, const char *s);
/* The length of the character at |s| (at most |n| bytes) when it may go
 * to a terminal raw: a printable ASCII byte or a valid UTF-8 sequence
 * that is not a C1 control. 0: it must be escaped. */
size_t u8_shown_len(const char *s, size_t n);
/* True when every byte of |s| may go to a terminal raw. */
bool str_shown_raw(const char *s);
/* True if the |n| bytes at |s| are a shell name (XCU 3.235): an ASCII
 * letter or '_', then letters, digits and '_'. The one definition the
 * parser, the completer and the configuration reader share, so a name
 * one of them accepts is a name to all of them. */
bool str_is_name(const char *s, size_t n);
/* The index of |s| among the |n| strings of |names| (a NULL entry is
 * skipped), or -1: one table names an enum both ways. */
int str_index(const char *const *names, size_t n, const char *s);
/* The value of the hex digit |c|, or -1. */
int hex_digit(int c);
/* |n| bytes of a field of /proc/self/mountinfo with the kernel's octal
 * escapes (\040 space, \011 tab, \012 newline, \134 backslash) undone;
 * malloc'd, NUL-terminated. */
char *str_unescape_octal(const char *s, size_t n);
/* Code point |v| (< 0x200000) as UTF-8; nothing for a larger one. */
void buf_put_utf8(struct sbx_buf *b, unsigned long v);
/* |s| in single quotes, as a shell reads it back: each ' as '\''. */
void buf_put_squoted(struct sbx_buf *b, const char *s);

/*
 * Paths. All pure string operations: nothing here looks at the disk.
 */
/* Lexically folds "//", "/./" and "/../" of an absolute path; ".." at "/"
 * stays at "/". No trailing slash except for "/" itself. Returns a new
 * string, or NULL if |p| is not absolute. */
char *path_fold(const char *p);
/* True if |p| is absolute and path_fold() would leave it as it is. */
bool path_is_folded(const char *p);
/* The same in place, for an absolute |p|: no allocation. */
void path_fold_inplace(char *p);
/* True if |p| equals |root| or lies beneath it ("/dev" does not contain
 * "/device"). Both must be folded absolute paths. */
bool path_under(const char *root, const char *p);
/* "a" + "/" + "b", without doubling the slash. */
char *path_join(const char *a, const char *b);
/* Last component of a folded path ("/" for "/"). Points into |p|. */
const char *path_base(const char *p);

/*
 * The shell's own descriptors (the history file, the script it reads, the
 * terminal it keeps, the run folder's lock, saved copies of redirected
 * fds) live from here up, close-on-exec, where scripts rarely reach:
 * redirections that name one are refused (shell/interp/redir.c), so they are
 * kept out of the 10-99 some scripts use (`exec 10>lock`). A process
 * limited to fewer descriptors falls back to 10.
 */
#define SBX_FD_PRIVATE 100

/* Looks NAME up in a NULL-terminated "NAME=value" array. */
const char *env_lookup(char *const *env, const char *name);

/*
 * A fact the effectful layer provides to core/: the canonical form of an
 * absolute, folded path. Resolves symlinks in the longest existing prefix
 * and appends the rest unchanged (so "/tmp/new/x" under a symlinked /tmp
 * canonicalizes to "/private/tmp/new/x" on macOS). Returns a new string;
 * on failure returns a copy of |path|.
 */
typedef char *(*sbx_canon_fn)(void *ctx, const char *path);

#endif
