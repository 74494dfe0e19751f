/* shell/interactive/histfile.c — the history file: where it lies (one per
 * workspace path, and one apart for --agent sessions), its format, its
 * bound, and what `history -d N` and `history -c` remove from it. */
#include "fault.h"
#include "histfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output.h"
#include "session.h"

void hf_encode(struct sbx_buf *b, const char *line, size_t n, bool cont)
{
	if (cont)
		buf_puts(b, "\\c");
	for (size_t i = 0; i < n; i++) {
		if (line[i] == '\\')
			buf_puts(b, "\\\\");
		else if (line[i] == '\n')
			buf_puts(b, "\\n");
		else
			buf_putc(b, line[i]);
	}
	buf_putc(b, '\n');
}

/* A whole entry: multi-line entries go as a first record plus "\c"
 * continuations, the way they were typed and written. */
static void hf_encode_entry(struct sbx_buf *b, const char *s)
{
	bool cont = false;

	for (;;) {
		const char *nl = strchr(s, '\n');

		hf_encode(b, s, nl ? (size_t)(nl - s) : strlen(s), cont);
		cont = true;
		if (!nl)
			return;
		s = nl + 1;
	}
}

void hf_decode(const char *text, size_t len, unsigned keep,
	       struct sbx_strv *out)
{
	struct sbx_strv all = {0};
	size_t i = 0, first;

	while (i < len) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t end = nl ? (size_t)(nl - text) : len;
		bool cont =
		    end - i >= 2 && text[i] == '\\' && text[i + 1] == 'c';
		size_t st = i + (cont ? 2 : 0);
		struct sbx_buf e = {0};

		if (!memchr(text + st, '\\', end - st)) {
			/* The common case: nothing escaped, one copy. */
			e.s = xstrndup(text + st, end - st);
			e.len = end - st;
		} else {
			buf_puts(&e, "");
			for (size_t k = st; k < end; k++) {
				if (text[k] == '\\' && k + 1 < end) {
					k++;
					buf_putc(&e, text[k] == 'n' ? '\n'
								    : text[k]);
				} else {
					buf_putc(&e, text[k]);
				}
			}
		}
		if (cont && all.n) {
			char *joined =
			    xasprintf("%s\n%s", all.v[all.n - 1], e.s);

			free(all.v[all.n - 1]);
			all.v[all.n - 1] = joined;
			buf_free(&e);
		} else if (e.len) {
			strv_take(&all, e.s);
		} else {
			buf_free(&e);
		}
		i = end + 1;
	}
	first = keep && all.n > keep ? all.n - keep : 0;
	for (i = first; i < all.n; i++)
		strv_push(out, all.v[i]);
	strv_free(&all);
}

int hf_read_all(int fd, struct sbx_buf *b)
{
	char tmp[65536];
	off_t off = 0;
	ssize_t k;

	buf_puts(b, "");
	while ((k = pread(fd, tmp, sizeof(tmp), off)) != 0) {
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return -errno;
		buf_putn(b, tmp, (size_t)k);
		off += k;
	}
	return 0;
}

/* Keeps the newest |keep| entries when the file has more than twice that:
 * rewriting on every start would cost more than the file is worth. Runs
 * under LOCK_EX, so a second session appending (under LOCK_SH) waits.
 *
 * The file is rewritten in place, not replaced by a rename: a session
 * already open keeps appending through its descriptor, and inside the
 * sandbox it cannot open the (masked) file again, so its lines would go
 * to an unlinked inode. A write that fails after the truncation (EIO,
 * ENOSPC) must not lose the history either (faults.sh): the compacted
 * text is first written whole to |file|.compact, the original is put
 * back if the rewrite fails, and only if that fails too does the copy
 * replace the file. Returns the descriptor to use from now on: |fd|, or
 * the copy's after that last resort. */
static int compact(int fd, unsigned keep, const char *file)
{
	SBX_AUTOFREE char *tmp = NULL;
	int tfd = -1;
	struct sbx_buf all = {0}, out = {0};
	struct sbx_strv ents = {0};

	size_t nrec = 0;

	if (hf_read_all(fd, &all) < 0)
		goto out;
	/* Count entries without decoding them: the usual start-up. */
	for (const char *p = all.s, *e = all.s + all.len; p < e;) {
		const char *nl = memchr(p, '\n', (size_t)(e - p));

		nrec += !(e - p >= 2 && p[0] == '\\' && p[1] == 'c');
		p = nl ? nl + 1 : e;
	}
	if (nrec <= 2 * (size_t)keep)
		goto out;
	hf_decode(all.s, all.len, 0, &ents);
	buf_puts(&out, "");
	for (size_t i = ents.n - keep; i < ents.n; i++) {
		hf_encode_entry(&out, ents.v[i]);
	}
	tmp = xasprintf("%s.compact", file);
	tfd = open(tmp,
		   O_RDWR | O_APPEND | O_CREAT | O_TRUNC | O_CLOEXEC |
		       O_NOFOLLOW | O_NONBLOCK | O_NOCTTY,
		   0600);
	if (tfd < 0)
		goto out;
	if (out_write(tfd, out.s, out.len) < 0)
		goto drop; /* nothing changed: compacted another time */
	if (ftruncate(fd, 0) == 0 && out_write(fd, out.s, out.len) == 0)
		goto drop;
	/* The rewrite failed half-way: the original back, else the copy. */
	if (ftruncate(fd, 0) == 0 && out_write(fd, all.s, all.len) == 0)
		goto drop;
	if (FLT("rename", rename(tmp, file)) == 0) {
		close(fd);
		fd = tfd;
		tfd = -1;
		goto out;
	}
drop:
	unlink(tmp);
out:
	if (tfd >= 0)
		close(tfd);
	buf_free(&all);
	buf_free(&out);
	strv_free(&ents);
	return fd;
}

/*
 * flock() that gives up: |op| | LOCK_NB, retried for about 100 ms. Any
 * process that can read the history file can flock() it and never let
 * go; a blocking lock would then hang the next session's start (before
 * confinement) or every prompt. The history folder is masked inside the
 * sandbox, so no job can open it; this is for whatever else can.
 */
bool hf_lock(int fd, int op)
{
	for (int i = 0; i < 20; i++) {
		if (FLT("flock", flock(fd, op | LOCK_NB)) == 0)
			return true;
		if (errno != EWOULDBLOCK && errno != EINTR)
			return false;
		usleep(5000);
	}
	return false;
}

/* FNV-1a, 64 bits: a stable short name for a path, not a secret. */
static uint64_t fnv1a(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	}
	return h;
}

char *hf_name(const char *workflow_id, const char *workspace, bool agent)
{
	return xasprintf("%s-%016llx%s.history", workflow_id,
			 (unsigned long long)fnv1a(workspace),
			 agent ? ".agent" : "");
}

/* A new file of a person's session starts with what the workflow's name
 * alone kept before (<id>.history, shared by every folder of that name):
 * nobody loses their history to the change, and the old file stays. */
static void adopt_legacy(int fd, const char *dir, const char *workflow_id)
{
	SBX_AUTOFREE char *old = xasprintf("%s/%s.history", dir, workflow_id);
	struct sbx_buf all = {0};
	struct stat st;
	int ofd = open(old, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK |
				O_NOCTTY);

	if (ofd < 0)
		return;
	if (fstat(ofd, &st) == 0 && S_ISREG(st.st_mode) &&
	    hf_read_all(ofd, &all) == 0 && all.len)
		out_write(fd, all.s, all.len);
	buf_free(&all);
	close(ofd);
}

int hf_open(const char *workflow_id, const char *workspace, bool agent,
	    unsigned keep, char **path, struct sbx_diag *diag)
{
	SBX_AUTOFREE char *dir = ses_state_dir();
	SBX_AUTOFREE char *name = NULL;
	SBX_AUTOFREE char *file = NULL;
	struct stat st;
	bool created = false;
	int fd, rc;

	if (!workflow_id || !*workflow_id || strchr(workflow_id, '/'))
		return sbx_diag_set(diag, -EINVAL, "history: bad workflow id");
	if (!workspace || workspace[0] != '/')
		return sbx_diag_set(diag, -EINVAL, "history: bad workspace");
	if (!dir)
		return sbx_diag_set(diag, -ENOENT,
				    "history: neither XDG_STATE_HOME nor HOME");
	if ((rc = ses_mkdir_p(dir, 0700)) < 0)
		return sbx_diag_set(diag, rc, "history: cannot create %s: %s",
				    dir, strerror(-rc));
	name = hf_name(workflow_id, workspace, agent);
	file = path_join(dir, name);
	/* O_NONBLOCK: a FIFO put in its place must not hang the start-up
	 * (it is refused below, by the type of what was opened). */
	fd = open(file,
		  O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC |
		      O_NOFOLLOW | O_NONBLOCK | O_NOCTTY,
		  0600);
	if (fd >= 0)
		created = true;
	else if (errno == EEXIST)
		fd = open(file, O_RDWR | O_APPEND | O_CLOEXEC | O_NOFOLLOW |
				    O_NONBLOCK | O_NOCTTY);
	if (fd < 0)
		return sbx_diag_set(diag, -errno, "history: cannot open %s: %s",
				    file, strerror(errno));
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return sbx_diag_set(diag, -EINVAL,
				    "history: %s is not a regular file", file);
	}
	if (created && !agent)
		adopt_legacy(fd, dir, workflow_id);
	if (hf_lock(fd, LOCK_EX)) {
		int nfd = compact(fd, keep ? keep : HF_KEEP_DEFAULT, file);

		if (nfd == fd)
			flock(fd, LOCK_UN);
		fd = nfd; /* else the old one was closed, its lock with it */
	}
	if (path)
		*path = sbx_steal(&file);
	return fd;
}

/* Appends one record with a single write(): O_APPEND makes it land whole
 * at the end even with another session writing, and nothing is buffered,
 * so a kill -9 right after Enter loses nothing. */
void hf_append(int fd, const char *s, size_t n, bool cont)
{
	struct sbx_buf b = {0};
	bool locked;

	if (fd < 0)
		return;
	hf_encode(&b, s, n, cont);
	/* Without the lock too: one O_APPEND write lands whole, and losing
	 * the line to a stuck lock would be worse than racing a compaction. */
	locked = hf_lock(fd, LOCK_SH);
	out_write(fd, b.s, b.len);
	if (locked)
		flock(fd, LOCK_UN);
	buf_free(&b);
}

/* Puts |text| in place of the file's content, under LOCK_EX held by the
 * caller. O_APPEND: after the truncation every write lands at the start.
 * A write that fails half-way puts the original back (|orig|). */
static int replace_all(int fd, const struct sbx_buf *text,
		       const struct sbx_buf *orig)
{
	int rc;

	if (ftruncate(fd, 0) < 0)
		return -errno;
	rc = text->len ? out_write(fd, text->s, text->len) : 0;
	if (rc < 0 && ftruncate(fd, 0) == 0 && orig->len)
		out_write(fd, orig->s, orig->len);
	return rc;
}

int hf_delete(int fd, const char *entry)
{
	struct sbx_buf all = {0}, out = {0};
	struct sbx_strv ents = {0};
	size_t k;
	int rc = -ENOENT;

	if (fd < 0)
		return -EBADF;
	if (!hf_lock(fd, LOCK_EX))
		return -EWOULDBLOCK;
	if ((rc = hf_read_all(fd, &all)) < 0)
		goto out;
	hf_decode(all.s, all.len, 0, &ents);
	/* The newest copy: what `history` numbered is the newest list. */
	for (k = ents.n; k > 0 && strcmp(ents.v[k - 1], entry); k--)
		;
	rc = -ENOENT;
	if (!k)
		goto out;
	buf_puts(&out, "");
	for (size_t i = 0; i < ents.n; i++) {
		if (i != k - 1)
			hf_encode_entry(&out, ents.v[i]);
	}
	rc = replace_all(fd, &out, &all);
out:
	flock(fd, LOCK_UN);
	buf_free(&all);
	buf_free(&out);
	strv_free(&ents);
	return rc;
}

int hf_clear(int fd)
{
	int rc = 0;

	if (fd < 0)
		return -EBADF;
	if (!hf_lock(fd, LOCK_EX))
		return -EWOULDBLOCK;
	if (ftruncate(fd, 0) < 0)
		rc = -errno;
	flock(fd, LOCK_UN);
	return rc;
}
