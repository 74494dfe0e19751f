/* shell/interactive/histfile.h — the history file of a workspace.
 *
 * One file per workspace path (two unrelated folders named `demo` keep
 * apart), and one apart for --agent sessions unless the user asks to
 * share (--agent-history shared): an agent's commands must not land in
 * the person's up-arrow, nor its `history -c` wipe it. The file lies
 * outside the sandbox's writable roots on purpose: hf_open() runs before
 * confinement and the shell writes only through that descriptor, which no
 * job inherits (docs/interactive.md, History).
 *
 * Format: one record per line, `\` and newline escaped as `\\` and `\n`;
 * a record starting with `\c` continues the previous entry.
 */
#ifndef SBX_HISTFILE_H
#define SBX_HISTFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "sbx.h"

#define HF_KEEP_DEFAULT 10000

/* The file's name in the state folder: <id>-<16 hex digits of the
 * workspace's canonical path>[.agent].history. New string. */
char *hf_name(const char *workflow_id, const char *workspace, bool agent);

/* Opens (creating it and its folder, mode 0600/0700) the history file of
 * |workspace| (canonical, absolute): $XDG_STATE_HOME/sbxsh/hf_name(),
 * XDG_STATE_HOME defaulting to ~/.local/state. A person's new file
 * starts with the old per-name file's lines (<id>.history), which stays.
 * Compacts the file to the newest |keep| entries (0: HF_KEEP_DEFAULT)
 * when it has grown past twice that. Returns an O_RDWR|O_APPEND|O_CLOEXEC
 * fd, or -errno (+diag). |path| (may be NULL) gets the file's path (new
 * string). Call before the sandbox applies. */
int hf_open(const char *workflow_id, const char *workspace, bool agent,
	    unsigned keep, char **path, struct sbx_diag *diag);

/* One record of |n| bytes of |line| (may hold newlines, escaped). */
void hf_encode(struct sbx_buf *b, const char *line, size_t n, bool cont);
/* The entries of |text| (continuations joined with '\n'), the newest
 * |keep| of them (0: all), appended to |out|. */
void hf_decode(const char *text, size_t len, unsigned keep,
	       struct sbx_strv *out);
/* All of |fd| from offset 0 into |b| (NUL-terminated); 0 or -errno. */
int hf_read_all(int fd, struct sbx_buf *b);
/* flock(|op| | LOCK_NB), retried for about 100 ms: true if taken. */
bool hf_lock(int fd, int op);
/* Appends one record with a single write() (O_APPEND: whole, at the end,
 * even with another session writing; nothing buffered). */
void hf_append(int fd, const char *s, size_t n, bool cont);
/* Removes the newest entry equal to |entry| from the file: 0, -ENOENT
 * (none), or -errno. Under LOCK_EX. */
int hf_delete(int fd, const char *entry);
/* Empties the file: 0 or -errno. Under LOCK_EX. */
int hf_clear(int fd);

#endif
