/* core/denial.h — what a failed command's messages say was denied, and
 * the lines that explain it (docs/design.md §9). Pure.
 *
 * The shell hands in what the command wrote on stderr (dn_scan()), then,
 * for each candidate path, the facts only the disk knows (dn_facts: the
 * shell asks them), and dn_decide() says whether the policy explains a
 * denial there. Nothing is claimed that the policy does not explain: a
 * "Permission denied" on a path the policy lets the command write was
 * the file's own mode, not the sandbox.
 *
 * Lifecycle: dn_scan() → dn_decide() per candidate → dn_report_add() →
 * dn_report_finish() → dn_cands_free() / dn_report_free().
 */
#ifndef SBX_DENIAL_H
#define SBX_DENIAL_H

#include "why.h"

/* What the message said happened. */
enum dn_err {
	DN_EACCES,	 /* Permission denied (Landlock, or the mode bits) */
	DN_EROFS,	 /* Read-only file system (the mount layer) */
	DN_EPERM,	 /* Operation not permitted (seccomp, Landlock) */
	DN_ENOENT,	 /* No such file or directory (a masked entry) */
	DN_ECONNREFUSED, /* Connection refused (a covered socket) */
};

struct dn_cand {
	char *path; /* as printed: absolute or relative */
	enum dn_err err;
	bool write; /* the message says the tool wanted to write */
};

struct dn_cands {
	struct dn_cand *v;
	size_t n, cap;
	/* A refusal that names no path but a socket or the network (a
	 * TCP/UDP socket under --no-network: seccomp says EPERM). */
	bool net;
	/* dn_scan's own: a refusal with no path and no word of the network
	 * on its line, and a line that names the network (Python's
	 * traceback: `sock.connect(sa)`, then "PermissionError: [Errno 1]
	 * Operation not permitted"). Both: |net|. */
	bool bare_eperm, net_word;
	/* More than DN_MAX_CANDS paths: some were left out. */
	bool dropped;
};

/* Scans |len| bytes of |text| line by line. At most DN_MAX_CANDS
 * candidates, each (path, err) once. Never fails. */
#define DN_MAX_CANDS 1024
void dn_scan(const char *text, size_t len, struct dn_cands *out);
void dn_cands_free(struct dn_cands *c);

/* What the shell found on the disk for one candidate. */
struct dn_facts {
	/* The mode bits (access(2), which Landlock does not judge) would
	 * let this process write the path (or create it in its folder):
	 * so an EACCES there came from the sandbox. */
	bool mode_ok;
	/* The path is the mount layer's /dev/null over a socket bound
	 * outside (backends/doors.c). */
	bool covered_socket;
};

/* True, with |w| filled (why_free() it), when the policy explains a
 * denial of |c| at canonical |canon|. */
bool dn_decide(const struct sbx_policy *pol, const struct dn_cand *c,
	       const char *canon, const struct dn_facts *f,
	       struct why_answer *w);

/* The lines, each (access, path) once, at most DN_MAX_LINES, then one
 * line saying how many more. */
#define DN_MAX_LINES 5
struct dn_report {
	struct sbx_strv seen; /* "access path" keys */
	struct sbx_buf out;   /* the lines, '\n' after each */
	size_t lines, more;
	/* |more| is a lower bound: not every message could be read (set
	 * by the caller), or dn_scan() dropped paths. */
	bool at_least;
};
/* Adds |w| (a denial) unless its key was seen. */
void dn_report_add(struct dn_report *r, const struct why_answer *w);
/* Appends the "... and N more" line if any were left off ("at least N"
 * when |at_least|). */
void dn_report_finish(struct dn_report *r);
void dn_report_free(struct dn_report *r);

#endif
