/* core/layout.c — where a session's state lives (docs/design.md §1). Pure. */
#include "layout.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The Cache Directory Tagging Standard: the first 43 bytes are the
 * signature tar --exclude-caches, borg and restic look for. */
const char lay_cachedir_tag[] =
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by sbxsh.\n"
    "# For information about cache directory tags, see:\n"
    "#\thttps://bford.info/cachedir/\n";

int lay_check_workflow_id(const char *id, struct sbx_diag *diag)
{
	size_t n;

	if (!id || !*id)
		return sbx_diag_set(diag, -EINVAL, "workflow id is empty");
	n = strlen(id);
	if (n > 255)
		return sbx_diag_set(diag, -EINVAL,
				    "workflow id is longer than 255 bytes");
	if (strcmp(id, ".") == 0 || strcmp(id, "..") == 0)
		return sbx_diag_set(
		    diag, -EINVAL, "workflow id '%s' is not a folder name", id);
	for (const unsigned char *p = (const unsigned char *)id; *p; p++) {
		/* A '/' would let --workflow reach outside <root>/Workflow. */
		if (*p == '/')
			return sbx_diag_set(
			    diag, -EINVAL, "workflow id '%s' contains '/'", id);
		if (*p < 0x20 || *p == 0x7f)
			return sbx_diag_set(
			    diag, -EINVAL,
			    "workflow id contains a control character");
	}
	return 0;
}

char *lay_workflow_path(const char *root, const char *id)
{
	SBX_AUTOFREE char *wf = path_join(root, "Workflow");

	return path_join(wf, id);
}

char *lay_run_id(long long epoch_sec, long pid, unsigned nonce)
{
	/* Civil date from days since the epoch (Howard Hinnant's algorithm),
	 * so core needs no gmtime_r and stays a pure function. */
	long long days = epoch_sec / 86400, secs = epoch_sec % 86400;
	long long z = days + 719468, era = (z >= 0 ? z : z - 146096) / 146097;
	long long doe = z - era * 146097;
	long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	long long y = yoe + era * 400,
		  doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	long long mp = (5 * doy + 2) / 153, d = doy - (153 * mp + 2) / 5 + 1;
	long long m = mp < 10 ? mp + 3 : mp - 9;

	if (secs < 0)
		secs += 86400;
	y += (m <= 2);
	return xasprintf("%04lld%02lld%02lldT%02lld%02lld%02lldZ-%ld-%08x", y,
			 m, d, secs / 3600, secs / 60 % 60, secs % 60, pid,
			 nonce);
}

bool lay_is_run_id(const char *name)
{
	const char *p = name;

	/* YYYYMMDDTHHMMSSZ-<digits>-<8 hex> */
	for (int i = 0; i < 16; i++, p++) {
		if (i == 8) {
			if (*p != 'T')
				return false;
		} else if (i == 15) {
			if (*p != 'Z')
				return false;
		} else if (*p < '0' || *p > '9') {
			return false;
		}
	}
	if (*p++ != '-' || *p < '0' || *p > '9')
		return false;
	while (*p >= '0' && *p <= '9')
		p++;
	if (*p++ != '-')
		return false;
	for (int i = 0; i < 8; i++, p++)
		if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f')))
			return false;
	return *p == '\0';
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int lay_compute(const struct lay_facts *f, struct lay_layout *out,
		struct sbx_diag *diag)
{
	const char **runs;
	size_t n = 0, keep;
	char *ws;

	memset(out, 0, sizeof(*out));
	ws = path_fold(f->workspace);
	if (!ws)
		return sbx_diag_set(diag, -EINVAL,
				    "workspace '%s' is not an absolute path",
				    f->workspace ? f->workspace : "");
	if (!f->run_id || !lay_is_run_id(f->run_id)) {
		free(ws);
		return sbx_diag_set(diag, -EINVAL, "bad run id '%s'",
				    f->run_id ? f->run_id : "");
	}
	out->workspace = ws;
	out->workflow_id =
	    xstrdup(f->workflow_id ? f->workflow_id : path_base(ws));
	out->state_dir = f->state_dir ? path_fold(f->state_dir) : NULL;
	if (!out->state_dir)
		out->state_dir = xstrdup(ws);
	out->persist_dir = path_join(out->state_dir, LAY_PERSIST_NAME);
	out->runs_dir = path_join(out->state_dir, LAY_RUNS_NAME);
	out->run_dir = path_join(out->runs_dir, f->run_id);
	out->run_tmp = path_join(out->run_dir, "tmp");

	/*
	 * Pruning: only names that look like our run ids are candidates (the
	 * caller has already checked each is a real folder carrying our
	 * mark, not a symlink). Run ids sort by time, so the oldest come
	 * first; keep the newest |keep| - 1 old ones plus the new run.
	 */
	keep = f->keep ? f->keep : LAY_KEEP_DEFAULT;
	runs = xcalloc(f->nruns + 1, sizeof(*runs));
	for (size_t i = 0; i < f->nruns; i++)
		if (lay_is_run_id(f->runs[i]) &&
		    strcmp(f->runs[i], f->run_id) != 0)
			runs[n++] = f->runs[i];
	qsort(runs, n, sizeof(*runs), cmp_str);
	for (size_t i = 0; i + keep <= n; i++)
		strv_push(&out->prune, runs[i]);
	free(runs);
	return 0;
}

void lay_free(struct lay_layout *l)
{
	free(l->workflow_id);
	free(l->workspace);
	free(l->state_dir);
	free(l->persist_dir);
	free(l->runs_dir);
	free(l->run_dir);
	free(l->run_tmp);
	strv_free(&l->prune);
	memset(l, 0, sizeof(*l));
}
