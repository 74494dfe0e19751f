/* shell/interp/jobview.c — what is shown of the job table: the jobs
 * builtin's lines and the notices before a prompt (Done, Exit N, Stopped),
 * %+ and %-, the specs completion offers, and each job's command text,
 * which is only ever shown and so is kept printable (a command sourced
 * from a file a job wrote may hold raw escapes). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "interp.h"
#include "jobs_int.h"
#include "output.h"

/* ---- what bi_jobs.c sees
 * ----------------------------------------------------- */

int job_slots(struct shell *sh)
{
	return job_tab(sh)->n;
}

static pid_t job_pgid(struct shell *sh, int id)
{
	struct job *j = &job_tab(sh)->jobs[id];

	return j->pgid ? j->pgid : (j->n ? j->procs[0].pid : 0);
}

bool job_get(struct shell *sh, int id, struct job_info *ji)
{
	struct jobtab *t = job_tab(sh);
	struct job *j;

	if (id < 0 || id >= t->n || !t->jobs[id].used || !t->jobs[id].listed)
		return false;
	j = &t->jobs[id];
	if (ji) {
		ji->num = id + 1;
		ji->state = job_jstate(j);
		ji->text = j->text ? j->text : "";
		ji->pgid = job_pgid(sh, id);
		ji->jobctl = j->jobctl;
		ji->nprocs = j->n;
	}
	return true;
}

/* %+ is the most recent stopped job, else the most recent background
 * one; %- the one before it (dash keeps the same order in a list). */
int job_current(struct shell *sh, bool prev)
{
	struct jobtab *t = job_tab(sh);
	int cur = -1, pre = -1;

	for (int i = 0; i < t->n; i++) {
		struct job *j = &t->jobs[i];
		bool better;

		if (!j->used || !j->listed)
			continue;
		if (cur < 0) {
			cur = i;
			continue;
		}
#define JOB_KEY_GT(a, b)                                                       \
	((job_jstate(a) == JS_STOPPED) != (job_jstate(b) == JS_STOPPED)        \
	     ? job_jstate(a) == JS_STOPPED                                     \
	     : (a)->seq > (b)->seq)
		better = JOB_KEY_GT(j, &t->jobs[cur]);
		if (better) {
			pre = cur;
			cur = i;
		} else if (pre < 0 || JOB_KEY_GT(j, &t->jobs[pre])) {
			pre = i;
		}
#undef JOB_KEY_GT
	}
	return prev ? pre : cur;
}

char job_mark(struct shell *sh, int id)
{
	if (id == job_current(sh, false))
		return '+';
	if (id == job_current(sh, true))
		return '-';
	return ' ';
}

/* The state column: "Running", "Stopped", "Done", "Exit 3", "Killed". */
static void state_text(const struct job *j, const struct proc *p, bool longf,
		       struct sbx_buf *b)
{
	enum job_state s = p ? (p->st == P_RUN	  ? JS_RUNNING
				: p->st == P_STOP ? JS_STOPPED
						  : JS_DONE)
			     : job_jstate(j);
	int ws;

	if (!p) {
		/* The job as a whole: its last process, or for a stopped
		 * one the process that stopped. */
		p = j->n ? &j->procs[j->n - 1] : NULL;
		if (s == JS_STOPPED)
			for (int k = j->n - 1; k >= 0; k--)
				if (j->procs[k].st == P_STOP) {
					p = &j->procs[k];
					break;
				}
	}
	ws = p ? p->status : 0;
	switch (s) {
	case JS_RUNNING:
		buf_puts(b, "Running");
		break;
	case JS_STOPPED:
		/* bash: plain "Stopped" in `jobs`, the reason with -l */
		if (longf && WIFSTOPPED(ws) && WSTOPSIG(ws) != SIGTSTP)
			buf_puts(b, strsignal(WSTOPSIG(ws)));
		else
			buf_puts(b, "Stopped");
		break;
	case JS_DONE:
		if (WIFSIGNALED(ws)) {
			buf_puts(b, strsignal(WTERMSIG(ws)));
			if (WCOREDUMP(ws))
				buf_puts(b, " (core dumped)");
		} else if (WEXITSTATUS(ws)) {
			buf_printf(b, "Exit %d", WEXITSTATUS(ws));
		} else {
			buf_puts(b, "Done");
		}
		break;
	}
}

static void pad(struct sbx_buf *b, size_t from, size_t width)
{
	while (b->len - from < width)
		buf_putc(b, ' ');
	if (b->len - from >= width && b->s[b->len - 1] != ' ')
		buf_putc(b, ' ');
}

void job_format(struct shell *sh, int id, int mode, struct sbx_buf *b)
{
	struct jobtab *t = job_tab(sh);
	struct job *j = &t->jobs[id];
	const char *txt = j->text ? j->text : "";
	bool running = job_jstate(j) == JS_RUNNING;
	size_t col;

	if (mode == 'p') {
		buf_printf(b, "%d\n", (int)job_pgid(sh, id));
		return;
	}
	if (mode != 'l' || j->n <= 1 || j->stages.n != (size_t)j->n) {
		/* bash: "[1]+  Running                 sleep 100 &" */
		buf_printf(b, "[%d]%c ", id + 1, job_mark(sh, id));
		if (mode == 'l')
			buf_printf(b, "%d ", j->n ? (int)j->procs[0].pid : 0);
		else
			buf_putc(b, ' ');
		col = b->len;
		state_text(j, NULL, mode == 'l', b);
		pad(b, col, 24);
		buf_printf(b, "%s%s\n", txt, running && j->amp ? " &" : "");
		return;
	}
	/* jobs -l of a pipeline: one line per process, as bash */
	for (int k = 0; k < j->n; k++) {
		if (k == 0)
			buf_printf(b, "[%d]%c %d ", id + 1, job_mark(sh, id),
				   (int)j->procs[k].pid);
		else
			buf_printf(b, "     %d ", (int)j->procs[k].pid);
		col = b->len;
		state_text(j, &j->procs[k], true, b);
		pad(b, col, 24);
		buf_printf(b, "%s%s%s\n", k ? "| " : "", j->stages.v[k],
			   k == j->n - 1 && running && j->amp ? " &" : "");
	}
}

void job_reported(struct shell *sh, int id)
{
	struct job *j = &job_tab(sh)->jobs[id];

	j->changed = false;
	j->last = job_jstate(j);
	if (j->last != JS_DONE)
		return;
	/* A script may still `wait $!` for it (POSIX): hide it from jobs
	 * and %specs, keep its status until trim_done forgets it. */
	if (!sh->opt[O_INTERACTIVE] && !sh->subshell)
		j->listed = false;
	else
		job_free(sh, id);
}

void job_notify(struct shell *sh)
{
	struct sbx_buf b = {0};

	if (job_notices(sh, &b) && b.len)
		out_write(2, b.s, b.len);
	buf_free(&b);
}

bool job_notices(struct shell *sh, struct sbx_buf *out)
{
	struct jobtab *t = job_tab(sh);
	size_t len0 = out->len;

	job_reap(sh);
	if (!sh->opt[O_INTERACTIVE] || sh->subshell)
		return false;
	t->next_active = false;
	job_reclaim_tty(t);
	for (int i = 0; i < t->n; i++) {
		struct job *j = &t->jobs[i];

		if (j->used && j->listed && j->changed &&
		    job_jstate(j) != JS_RUNNING)
			job_format(sh, i, 0, out);
	}
	/* Done jobs leave the table after all notices are formatted: the
	 * notices need their +/- marks. */
	for (int i = 0; i < t->n; i++) {
		struct job *j = &t->jobs[i];

		if (j->used && j->listed && j->changed &&
		    job_jstate(j) != JS_RUNNING)
			job_reported(sh, i);
	}
	return out->len > len0;
}

int job_count(struct shell *sh)
{
	struct jobtab *t = job_tab(sh);
	int n = 0;

	for (int i = 0; i < t->n; i++)
		n += t->jobs[i].used && t->jobs[i].listed;
	return n;
}

void job_specs(struct shell *sh, struct sbx_strv *out)
{
	struct jobtab *t = job_tab(sh);

	for (int i = 0; i < t->n; i++) {
		if (t->jobs[i].used && t->jobs[i].listed) {
			char s[16];

			snprintf(s, sizeof(s), "%%%d", i + 1);
			strv_push(out, s);
		}
	}
}

/* |s| (freed) as it may be shown on a terminal (buf_put_shown). */
static char *shown_copy(char *s)
{
	struct sbx_buf b = {0};

	if (str_shown_raw(s))
		return s;
	buf_put_shown(&b, s);
	free(s);
	return b.s;
}

void job_set_text(struct shell *sh, int id, const char *text, size_t len)
{
	struct job *j = &job_tab(sh)->jobs[id];

	/* One line, without the trailing newline, ';' or '&'. */
	while (len && strchr(" \t\n;&", text[len - 1]))
		len--;
	while (len && strchr(" \t\n", *text))
		text++, len--;
	free(j->text);
	j->text = xstrndup(text, len);
	for (char *p = j->text; *p; p++)
		if (*p == '\n' || *p == '\t')
			*p = ' ';
	/* Only ever shown (jobs, fg, bg, notices): a command sourced from a
	 * file a job wrote may hold raw escapes, kept from the terminal. */
	j->text = shown_copy(j->text);
}

void job_set_node(struct shell *sh, int id, const struct node *n)
{
	struct job *j = &job_tab(sh)->jobs[id];
	struct sbx_buf b = {0};

	if (!n)
		return;
	if (n->type == N_PIPE) {
		strv_free(&j->stages);
		for (const struct node *s = n->a; s; s = s->next_stage) {
			ast_text(&b, s, 1);
			strv_take(&j->stages,
				  shown_copy(xstrdup(b.s ? b.s : "")));
			b.len = 0;
			if (b.s)
				b.s[0] = 0;
		}
	}
	ast_text(&b, n, 0);
	job_set_text(sh, id, b.s ? b.s : "", b.len);
	buf_free(&b);
}

/* A word as it could be typed again: 'quoted' unless it is plain. */
static void quote_word(struct sbx_buf *b, const char *s)
{
	if (*s &&
	    strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		      "0123456789_./=:,+-%@^") == strlen(s)) {
		buf_puts(b, s);
		return;
	}
	var_quote(b, s);
}

void job_set_argv(struct shell *sh, int id, char **argv)
{
	struct sbx_buf b = {0};

	for (int i = 0; argv[i]; i++) {
		if (i)
			buf_putc(&b, ' ');
		quote_word(&b, argv[i]);
	}
	job_set_text(sh, id, b.s ? b.s : "", b.len);
	buf_free(&b);
}
