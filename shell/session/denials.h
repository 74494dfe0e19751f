/* shell/session/denials.h — the denial lines (docs/design.md §9): after a
 * top-level command ends non-zero, one "sbxsh: denied: ..." line per path the
 * sandbox refused it, on stderr, after the command's own output.
 *
 * Where the paths come from, best first (docs/explain.md says why each):
 *   0. the kernel's Landlock audit records, where the session has them
 *      (root, ABI 7, the kernel's audit on: shell/session/kaudit.c,
 *      backends/audit_sup.c), whatever stderr is;
 *   1. what the command wrote on stderr, when the shell can read it back
 *      without standing between the command and the user: a regular file
 *      (2>log, a harness's capture file) is reread from where the command
 *      started; a pipe is watched by a forwarder thread (dl_fork());
 *      a terminal is not read at all;
 *   2. the scope checker's flags for the command's own text (writes it
 *      predicted the sandbox denies, masked secrets, protected paths).
 * Landlock's audit records name even paths a tool never prints, but a
 * session cannot read them as an ordinary user (binding the audit
 * multicast group needs CAP_AUDIT_READ), as root only where audit is on,
 * and the mount layer refuses root's writes before Landlock sees them:
 * those stay with stderr.
 *
 * Cost: nothing when a command succeeds but one lseek() of a regular
 * stderr per top-level command; the rest runs only after a failure.
 */
#ifndef SBX_DENIALS_H
#define SBX_DENIALS_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "sbx.h"

struct shell;

/* How much of a failed command's stderr is read back: the refusal that
 * ended it is near its end. */
#define DL_TAIL (64 * 1024)

/* Before that window only the lines that may be refusals are kept (at
 * most DL_KEPT bytes of them; a file is read for them up to DL_SCAN), so
 * that "... and N more" counts every refusal the command reported, not
 * those of its last 64 KiB (denials.c). */
#define DL_KEPT (1024 * 1024)
#define DL_SCAN ((off_t)64 * 1024 * 1024)
struct dl_kept {
	struct sbx_buf line; /* the line not ended yet (up to 4 KiB) */
	bool long_line;	     /* ... which is longer: not a message */
	struct sbx_buf out;  /* the lines kept, '\n' after each */
	bool over;	     /* some did not fit */
};

/* struct session's |dl|: zeroed until dl_start(). Reached from the
 * shell's thread and from the forwarder's (under |mu|), never from a
 * signal handler. */
struct dl_state {
	bool started;
	bool reg;  /* fd 2 is a regular file */
	off_t off; /* its offset when the command started */

	/* The forwarder, when fd 2 is a pipe: fd 2 (and fd 1, when it is
	 * the same pipe) is the write end of |pipe_r|'s pipe, and a thread
	 * copies what arrives to |real| as it comes, keeping the last
	 * DL_TAIL bytes in |ring|. A pipe for a pipe: isatty() and the
	 * order of what the job writes are what they were. */
	bool want_fwd; /* fd 2 is a pipe: start it at the first fork */
	bool fwd;
	pid_t owner; /* the process whose thread it is */
	int pipe_r, real, real1;
#ifdef SBXSH_FREE_AT_EXIT
	int stop_r, stop_w; /* sanitizer builds: dl_stop() ends the thread */
#endif
	dev_t pdev; /* the forwarder's pipe, to tell whether fd 1 */
	ino_t pino; /* and fd 2 are still it */
	pthread_t thread;
	pthread_mutex_t mu; /* set up by dl_start() */
	pthread_cond_t cv;
	uint64_t got, put; /* bytes read from the pipe / written out */
	bool dead;	   /* |real| went away (EPIPE): the pipe is closed */
	uint64_t mark;	   /* |got| + what was queued, at dl_begin() */
	/* The denials of the last command that had any: "access path"
	 * (`policy why` with no path asks about them). */
	struct sbx_strv last;
	struct dl_kept kept; /* the thread's, under |mu|; since |mark| */
	char ring[DL_TAIL];
};

/* Once, in the shell process, before the first command. */
void dl_start(struct dl_state *dl, struct shell *sh);
/* Before the shell forks (next to gs_touch()): the pipe forwarder
 * starts with the first job, so `sbxsh -c true` pays nothing for it. */
void dl_fork(struct dl_state *dl, struct shell *sh);
/* Before a top-level command runs. */
void dl_begin(struct dl_state *dl, struct shell *sh);
/* After it: |n| is the command that ran. Prints the lines when
 * sh->status is non-zero and set -o denials is on. */
struct node;
void dl_end(struct dl_state *dl, struct shell *sh, const struct node *n);
/* Before exec replaces the shell (exec builtin) or it exits: what the
 * forwarder holds is written out, and fd 2 is the real stderr again. */
void dl_stop(struct dl_state *dl, struct shell *sh);

/* The denials the last explained command got, "access path" each
 * ("write /x", "network "), all of them (the lines stop at five). */
const struct sbx_strv *dl_last(const struct dl_state *dl);

/* Is |path| the mount layer's /dev/null over a socket (doors.c)? */
bool dl_covered_socket(const char *path);

#endif
