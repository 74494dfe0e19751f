/* shell/input.h — where command text comes from: a string, a file, stdin,
 * or (later) libedit. The parser pulls one line at a time through this
 * interface, so an interactive reader can print PS2 when |cont| is set.
 *
 * Lifecycle: in_string()/in_fd() → read_line... → in_free().
 */
#ifndef SBX_INPUT_H
#define SBX_INPUT_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

struct sh_reader {
	/* Next line, '\n' included (the last one may lack it), or NULL at end
	 * of input. |cont|: the parser is inside an unfinished command (an
	 * interactive reader shows PS2 instead of PS1). The text stays valid
	 * until the next call. */
	const char *(*read_line)(struct sh_reader *r, bool cont, size_t *len);
	/* Called before a command runs: give back read-ahead that was not
	 * consumed (stdin shared with the commands). May be NULL. */
	void (*sync)(struct sh_reader *r);
	/* sync() may wait until something could read the shared fd: a fork,
	 * a redirection, `read`, exec, exit (sh_input_sync() in run.c). A
	 * script of builtins then reads its file in blocks instead of
	 * seeking back and reading again before every line. */
	bool lazy_sync;
	void (*destroy)(struct sh_reader *r);
	void *priv;
	/* in_fd readers: called before each read(2) of the fd, so that
	 * another reader of it (`read`'s block) gives its read-ahead back
	 * first. May be NULL. */
	void (*pre_read)(void *ctx);
	void *pre_ctx;
	/* Set by an interactive reader when Ctrl-C dropped the command
	 * being typed (at a PS2 prompt): the parser abandons it. */
	bool interrupted;
};
#define SH_READER_INTERRUPTED 1

/* Copies |s|. */
struct sh_reader *in_string(const char *s, size_t len);
/* Reads |fd|; with |share| set (stdin), never consumes past the line that
 * was returned: one byte at a time from a pipe, read-ahead and lseek back
 * from a seekable file. |own|: close fd when freed. */
struct sh_reader *in_fd(int fd, bool share, bool own);
/* A read of a pipe or terminal by |r| (an in_fd reader) that a signal
 * interrupts while *|flag| is set gives up: read_line returns NULL with
 * *|flag| still set, the partial line dropped (Ctrl-C at a prompt). */
void in_fd_intr(struct sh_reader *r, const volatile sig_atomic_t *flag);
void in_free(struct sh_reader *r);

/* Reads all of |fd| into a new NUL-terminated buffer; 0 or -errno. */
int in_slurp(int fd, char **out, size_t *len);

#endif
