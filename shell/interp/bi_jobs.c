/* shell/interp/bi_jobs.c — the job-control builtins (jobs, fg, bg, disown) and
 * the job specs that they, kill and wait take: %n, %+, %%, %, %-,
 * %string (the command starts with it), %?string (contains it), with
 * bash's wording for the errors. The job table itself is jobs.c's; this
 * file only goes through job_* calls. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "interp.h"

/* |spec| NULL: the current job, reported as "current" when missing. */
int bi_job_from_spec(struct shell *sh, const char *spec, const char *who)
{
	struct job_info ji;
	const char *s = spec ? spec : "%+";
	int found = -1, n = job_slots(sh);

	job_reap(sh);
	if (*s == '%')
		s++;
	if (!*s || !strcmp(s, "+") || !strcmp(s, "%")) {
		found = job_current(sh, false);
	} else if (!strcmp(s, "-")) {
		found = job_current(sh, true);
	} else if (*s >= '0' && *s <= '9') {
		char *end;
		long k = strtol(s, &end, 10);

		if (!*end && k >= 1 && k <= n && job_get(sh, (int)k - 1, NULL))
			found = (int)k - 1;
	} else {
		bool sub = *s == '?';
		const char *want = s + sub;
		size_t wl = strlen(want);

		for (int i = 0; i < n; i++) {
			if (!job_get(sh, i, &ji))
				continue;
			if (sub ? !strstr(ji.text, want)
				: strncmp(ji.text, want, wl))
				continue;
			if (found >= 0) {
				sh_err(sh, "%s: %s: ambiguous job spec", who,
				       s);
				return -1;
			}
			found = i;
		}
	}
	if (found < 0)
		sh_err(sh, "%s: %s: no such job", who, spec ? spec : "current");
	return found;
}

int bi_jobs(struct shell *sh, int argc, char **argv)
{
	struct sbx_buf b = {0};
	int mode = 0, i = 1, st = 0, n;
	bool only_run = false, only_stop = false;
	char *want;

	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		}
		for (const char *c = argv[i] + 1; *c; c++) {
			switch (*c) {
			case 'l':
			case 'p':
				mode = *c;
				break;
			case 'r':
				only_run = true;
				break;
			case 's':
				only_stop = true;
				break;
			default:
				sh_err(sh, "jobs: -%c: invalid option", *c);
				sh_err(
				    sh,
				    "jobs: usage: jobs [-lprs] [jobspec ...]");
				return 2;
			}
		}
	}
	job_reap(sh);
	n = job_slots(sh);
	want = xcalloc((size_t)n + 1, 1);
	if (i >= argc) {
		for (int id = 0; id < n; id++)
			want[id] = 1;
	}
	for (int k = i; k < argc; k++) {
		int id = bi_job_from_spec(sh, argv[k], "jobs");

		if (id < 0)
			st = 1;
		else
			want[id] = 1;
	}
	for (int id = 0; id < n; id++) {
		struct job_info ji;

		if (!want[id] || !job_get(sh, id, &ji))
			continue;
		if ((only_run && ji.state != JS_RUNNING) ||
		    (only_stop && ji.state != JS_STOPPED)) {
			want[id] = 0;
			continue;
		}
		job_format(sh, id, mode, &b);
	}
	/* Listed means reported: a Done job leaves the table now, and the
	 * next prompt does not announce it again. The marks above were
	 * computed before any job left. */
	for (int id = 0; id < n; id++)
		if (want[id] && job_get(sh, id, NULL))
			job_reported(sh, id);
	free(want);
	if (bi_flush(sh, "jobs", &b, 1))
		st = 1;
	return st;
}

int bi_fg(struct shell *sh, int argc, char **argv)
{
	int id;

	if (!job_monitor(sh)) {
		sh_err(sh, "fg: no job control");
		return 1;
	}
	id = bi_job_from_spec(sh, argc > 1 ? argv[1] : NULL, "fg");
	if (id < 0)
		return 1;
	return job_fg(sh, id);
}

int bi_bg(struct shell *sh, int argc, char **argv)
{
	int st = 0;

	if (!job_monitor(sh)) {
		sh_err(sh, "bg: no job control");
		return 1;
	}
	for (int i = 1; i < argc || i == 1; i++) {
		int id = bi_job_from_spec(sh, i < argc ? argv[i] : NULL, "bg");

		if (id < 0 || job_bg(sh, id))
			st = 1;
		if (argc <= 1)
			break;
	}
	return st;
}

static void disown_one(struct shell *sh, int id, bool nohup)
{
	struct job_info ji;

	if (nohup) {
		job_nohup(sh, id); /* bash: kept in the table, never hung up */
		return;
	}
	if (job_get(sh, id, &ji) && ji.state == JS_STOPPED)
		sh_err(sh,
		       "warning: deleting stopped job %d with process group %d",
		       ji.num, (int)ji.pgid);
	job_disown(sh, id);
}

int bi_disown(struct shell *sh, int argc, char **argv)
{
	unsigned on;
	char bad;
	int st = 0, i = bi_flags(argc, argv, "arh", &on, &bad);
	bool all = on & 1, running = on & 2, nohup = on & 4;

	if (i < 0) {
		sh_err(sh, "disown: -%c: invalid option", bad);
		return 2;
	}
	job_reap(sh);
	if (all || (running && i >= argc)) {
		for (int id = 0; id < job_slots(sh); id++) {
			struct job_info ji;

			if (job_get(sh, id, &ji) &&
			    (!running || ji.state == JS_RUNNING))
				disown_one(sh, id, nohup);
		}
		return 0;
	}
	for (int k = i; k < argc || k == i; k++) {
		int id =
		    bi_job_from_spec(sh, k < argc ? argv[k] : NULL, "disown");

		if (id < 0)
			st = 1;
		else
			disown_one(sh, id, nohup);
		if (k >= argc)
			break;
	}
	return st;
}

int bi_kill_job(struct shell *sh, const char *spec, int sig)
{
	int id = bi_job_from_spec(sh, spec, "kill"), rc;

	if (id < 0)
		return 1;
	rc = job_signal(sh, id, sig);
	if (rc < 0) {
		sh_err(sh, "kill: %s: %s", spec, strerror(-rc));
		return 1;
	}
	return 0;
}

int bi_wait_job(struct shell *sh, const char *spec)
{
	int id = bi_job_from_spec(sh, spec, "wait");

	return id < 0 ? 127 : job_wait_id(sh, id);
}
